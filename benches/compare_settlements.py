"""Every settlement, before and after a refactor: one canonical line per record.

    python benches/compare_settlements.py OUT [--corpus FILE] [--mutations N] [--seed S]
        [--without-options NAME,...]

Feeds records through :func:`majiang.settle` and writes one line per record to ``OUT``: the
settlement's ``to_dict()`` as JSON, or the exception's class and message. Run it on the tree
before a change and after it, then ``diff`` the two files: they must be identical (outputs and
error messages), line for line.

The records:
- every example record (``examples/*.json``);
- every record the test suite builds: the record tests and the settlement tests run in this
  process (``pytest.main``) with every variant's ``check_record`` wrapped to keep what it is
  given, plus the random records of ``tests/nanchang_records.py``;
- the records of self-play: a few hundred hands per variant, four bots a table;
- ``N`` mutated records (100,000 by default, seeded): a base record (each variant's as often)
  with one to three mutations (fields deleted, duplicated or retyped; tiles, seats, flags,
  melds and options changed; players swapped; junk nested).

The base records are collected once and kept in ``--corpus`` (JSON Lines; written when the file
does not exist, read when it does), so the before and after runs settle the same records even
if the tests change in between. Each line of ``OUT`` starts with a short hash of its input.
The script runs itself with ``PYTHONHASHSEED=0``, as when the kept baselines were made (a
Nanjing settlement followed string-set order until tests/test_settlement_determinism.py).
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import glob
import hashlib
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import majiang

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIANTS = ("nanchang", "pingxiang", "nanjing")
TEST_FILES = (
    "test_nanchang_records.py",
    "test_nanchang_settlement.py",
    "test_nanchang_tables.py",
    "test_nanchang_options.py",
    "test_nanchang_properties.py",
    "test_nanchang_cli.py",
    "test_pingxiang_settlement.py",
    "test_pingxiang_hands.py",
    "test_nanjing_settlement.py",
    "test_nanjing_hands.py",
    "test_errors.py",
    "test_cli_settle_render.py",
    "test_docstrings.py",
    "test_readme.py",
)
"""The test files whose records are kept (run from ``tests/``)."""
CHECKERS = (
    ("nanchang", "majiang.variants.nanchang.facts", "check_record"),
    ("nanchang", "majiang.variants.nanchang.record", "check_record"),
    ("pingxiang", "majiang.variants.pingxiang.record", "check_record"),
    ("nanjing", "majiang.variants.nanjing.record", "check_record"),
)
"""Where each variant's record check is looked up (module global names, wrapped to capture)."""


def _json_same(value: Any) -> bool:
    """Whether ``value`` survives a JSON round trip unchanged (no tuples, sets, objects)."""
    try:
        back = json.loads(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):
        return False
    return _same(value, back)


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _with_variant(variant: str, record: Any) -> Any:
    if isinstance(record, dict) and "variant" not in record:
        return {**record, "variant": variant}
    return record


class _Capture:
    """A pytest plugin that wraps every record check and keeps the records it is given."""

    def __init__(self) -> None:
        self.records: list[Any] = []
        self._undo: list[tuple[Any, str, Any]] = []

    def install(self) -> None:
        for variant, module_name, attr in CHECKERS:
            module = importlib.import_module(module_name)
            original = getattr(module, attr)
            setattr(module, attr, self._wrap(variant, original))
            self._undo.append((module, attr, original))

    def uninstall(self) -> None:
        for module, attr, original in reversed(self._undo):
            setattr(module, attr, original)

    def _wrap(self, variant: str, check: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def wrapped(data: Any) -> Any:
            if _json_same(data):
                self.records.append(_with_variant(variant, copy.deepcopy(data)))
            return check(data)

        wrapped.__doc__ = check.__doc__
        wrapped.__wrapped__ = check  # type: ignore[attr-defined]
        return wrapped


def test_records() -> list[Any]:
    """The records the record and settlement tests build (run in this process)."""
    import pytest

    capture = _Capture()
    capture.install()
    cwd = os.getcwd()
    tests = os.path.join(ROOT, "tests")
    os.chdir(tests)
    sys.path.insert(0, tests)
    try:
        pytest.main(
            [
                "-q",
                "-p",
                "no:cacheprovider",
                f"--rootdir={ROOT}",
                "-c",
                os.path.join(ROOT, "pyproject.toml"),
                *TEST_FILES,
            ]
        )
    finally:
        os.chdir(cwd)
        capture.uninstall()
    return capture.records


def builder_records() -> list[Any]:
    """Records from ``tests/nanchang_records.py``: random ones and the table scenarios."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    nr: Any = importlib.import_module("nanchang_records")

    rng = random.Random(20261130)
    out: list[Any] = [nr.random_record(rng) for _ in range(1500)]
    out += [nr.random_record(rng, draw_share=0.0) for _ in range(500)]
    for winner, discarder in nr.SCENARIOS.values():
        out.append(nr.table_record("123m456m789m23s55p", "4s", winner=winner, discarder=discarder))
    out.append(nr.qiang_gang_record())
    return [_with_variant("nanchang", r) for r in out]


def self_play_records(hands: int) -> list[Any]:
    """The records of ``hands`` self-played hands per variant (8-hand matches, mixed bots)."""
    from majiang.game import EfficiencyBot, Game, RandomBot, play

    out: list[Any] = []
    for variant in VARIANTS:
        for match in range(-(-hands // 8)):
            bots: list[Any] = [
                EfficiencyBot(match) if (match + s) % 3 else RandomBot(match * 4 + s)
                for s in range(4)
            ]
            game = play(Game(variant, seed=match, hands=8), bots)
            out += [copy.deepcopy(r) for r in game.records]
    return out


def example_records() -> list[Any]:
    """The example records in ``examples/``."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
        with open(path, encoding="utf-8") as f:
            out.append(json.load(f))
    return out


def collect(self_play: int) -> list[Any]:
    """Every base record, deduplicated, in a stable order."""
    groups = [example_records(), builder_records(), self_play_records(self_play), test_records()]
    seen: set[str] = set()
    out: list[Any] = []
    for group in groups:
        for record in group:
            key = json.dumps(record, ensure_ascii=False, sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(record)
    return out


# ---- mutations -------------------------------------------------------------------------

JUNK: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    3,
    4,
    7,
    2.5,
    "",
    "x",
    "1m",
    "5z",
    "1f",
    "123m",
    "1111z",
    "東",
    [],
    {},
    [1],
    [0, 1],
    {"a": 1},
    {"kind": "draw"},
    [[]],
)
KEYS = (
    "variant",
    "options",
    "dealer",
    "dealer_streak",
    "jing_indicator",
    "lower_jing_indicator",
    "players",
    "result",
    "chao_zhuang",
    "bixiahu",
    "bixiahu_flags",
    "penalties",
    "hand",
    "melds",
    "discards",
    "dealt",
    "flowers",
    "ready",
    "kind",
    "winner",
    "tile",
    "from",
    "gang_kai",
    "qiang_gang",
    "tian_hu",
    "di_hu",
    "haidi",
    "kong_feeder",
    "seat",
    "tiles",
    "junk",
)
MELD_KINDS = ("chi", "peng", "ming_gang", "an_gang", "bu_gang", "gang", "")
TILE_CHARS = "123456789mpsz"


def _junk(rng: random.Random) -> Any:
    """A fresh copy of one junk value (never a shared object: mutations nest into it)."""
    return copy.deepcopy(rng.choice(JUNK))


def _options_fields() -> dict[str, list[tuple[str, Any]]]:
    out = {}
    for variant, cls in (
        ("nanchang", "NanchangOptions"),
        ("pingxiang", "PingxiangOptions"),
        ("nanjing", "NanjingOptions"),
    ):
        options = getattr(importlib.import_module(f"majiang.variants.{variant}.options"), cls)
        out[variant] = [(f.name, f.default) for f in dataclasses.fields(options)]
    return out


def _slots(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) in ``value``, depth first."""
    if isinstance(value, dict):
        for k in list(value):
            yield value, k
            yield from _slots(value[k], (*path, k))
    elif isinstance(value, list):
        for i in range(len(value)):
            yield value, i
            yield from _slots(value[i], (*path, i))


def _tile_text(rng: random.Random, text: str) -> str:
    op = rng.randrange(6)
    if op == 0 and text:  # change one character
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(TILE_CHARS) + text[i + 1 :]
    if op == 1 and text:  # drop one character
        i = rng.randrange(len(text))
        return text[:i] + text[i + 1 :]
    if op == 2:  # add a tile
        return text + f"{rng.randrange(1, 10)}{rng.choice('mpsz')}"
    if op == 3 and len(text) > 2:  # drop the first tile (digit and maybe suit)
        return text[1:]
    if op == 4:  # a flower or a dragon
        return text + rng.choice(("1f", "5z", "6z", "7z", "8f", "中"))
    return text + text[-2:] if len(text) >= 2 else text + "1m"


def mutate(rng: random.Random, record: Any, options: dict[str, list[tuple[str, Any]]]) -> Any:
    """``record`` with one mutation (in place where it can; the result is returned)."""
    slots = list(_slots(record))
    op = rng.randrange(14)
    if not slots or not isinstance(record, dict):
        return _junk(rng) if op < 3 else record
    container, key = rng.choice(slots)
    value = container[key]
    if op == 0:  # delete a field or an element
        del container[key]
    elif op == 1:  # duplicate: a list element twice, or a value under another key
        if isinstance(container, list):
            container.insert(key, copy.deepcopy(value))
        else:
            container[rng.choice(KEYS)] = copy.deepcopy(value)
    elif op == 2:  # retype
        container[key] = _junk(rng)
    elif op == 3:  # tiles
        strings = [(c, k) for c, k in slots if isinstance(c[k], str)]
        if strings:
            c, k = rng.choice(strings)
            c[k] = _tile_text(rng, c[k])
    elif op == 4:  # seats and numbers
        ints = [(c, k) for c, k in slots if type(c[k]) is int]
        if ints:
            c, k = rng.choice(ints)
            c[k] = rng.choice((c[k] + 1, c[k] - 1, rng.randrange(-1, 6), 0, 4))
    elif op == 5:  # flags
        flags = [(c, k) for c, k in slots if isinstance(c, dict) and type(c[k]) is bool]
        if flags:
            c, k = rng.choice(flags)
            c[k] = not c[k]
        else:
            result = record.get("result")
            if isinstance(result, dict):
                result[rng.choice(("gang_kai", "qiang_gang", "tian_hu", "di_hu", "haidi"))] = (
                    rng.choice((True, False, "small", "big", "flower", 1))
                )
    elif op == 6:  # melds
        players = record.get("players")
        if isinstance(players, list) and players:
            p = rng.choice(players)
            if isinstance(p, dict):
                melds = p.get("melds")
                if not isinstance(melds, list):
                    melds = p["melds"] = []
                if melds and rng.random() < 0.6:
                    m = rng.choice(melds)
                    if isinstance(m, dict):
                        field = rng.choice(("kind", "from", "tiles"))
                        if field == "kind":
                            m["kind"] = rng.choice(MELD_KINDS)
                        elif field == "from":
                            m["from"] = rng.choice((None, 0, 1, 2, 3, 4, True))
                        else:
                            m["tiles"] = _tile_text(rng, str(m.get("tiles", "")))
                else:
                    t = rng.randrange(34)
                    name = f"{t % 9 + 1}{'mpsz'[t // 9]}"
                    kind = rng.choice(MELD_KINDS[:5])
                    n = 4 if "gang" in kind else 3
                    tiles = name[0] * n + name[1]
                    if kind == "chi" and t < 27 and t % 9 < 7:
                        tiles = f"{t % 9 + 1}{t % 9 + 2}{t % 9 + 3}{name[1]}"
                    src = None if kind == "an_gang" else rng.randrange(4)
                    melds.append({"kind": kind, "tiles": tiles, "from": src})
    elif op == 7:  # options
        variant = record.get("variant")
        fields = options.get(variant if isinstance(variant, str) else "", [])
        opts = record.get("options")
        if not isinstance(opts, dict):
            opts = record["options"] = {}
        if fields and rng.random() < 0.85:
            name, default = rng.choice(fields)
            if isinstance(default, bool):
                opts[name] = rng.choice((not default, default, 1, None))
            elif isinstance(default, int):
                opts[name] = rng.choice((default, default * 2, 0, -1, 4, 8, 16, True, "2"))
            elif isinstance(default, str):
                opts[name] = rng.choice((default, "x", "v2_run10", "half", "none", 1))
            else:
                opts[name] = rng.choice((None, True, False, 1))
        else:
            opts[rng.choice(("cap2", "jing", "base_", "x"))] = 1
    elif op == 8:  # swap players
        players = record.get("players")
        if isinstance(players, list) and len(players) >= 2:
            i, j = rng.sample(range(len(players)), 2)
            players[i], players[j] = players[j], players[i]
    elif op == 9:  # nest junk
        container[key] = {"junk": {"deeper": [copy.deepcopy(value), _junk(rng)]}}
    elif op == 10:  # an unknown field
        if isinstance(value, dict):
            value[rng.choice(KEYS)] = _junk(rng)
        else:
            record[rng.choice(KEYS)] = _junk(rng)
    elif op == 11:  # another variant
        record["variant"] = rng.choice((*VARIANTS, "sichuan", None, 1))
    elif op == 12:  # the result: another winner, tile or source
        result = record.get("result")
        if isinstance(result, dict):
            field = rng.choice(("winner", "tile", "from", "kind", "kong_feeder"))
            if field == "tile":
                result["tile"] = f"{rng.randrange(1, 10)}{rng.choice('mpsz')}"
            elif field == "kind":
                result["kind"] = rng.choice(("win", "draw", "lose"))
            else:
                result[field] = rng.choice((None, 0, 1, 2, 3, 4, [0, 1], [1, 2], [2]))
    else:  # a hand or pond exchanges tiles with another seat
        players = record.get("players")
        if isinstance(players, list) and len(players) >= 2:
            a, b = rng.sample(range(len(players)), 2)
            pa, pb = players[a], players[b]
            field = rng.choice(("hand", "discards", "dealt", "flowers"))
            if isinstance(pa, dict) and isinstance(pb, dict):
                pa[field], pb[field] = pb.get(field, ""), pa.get(field, "")
    return record


def mutated(
    base: list[Any], n: int, seed: int, without: frozenset[str] = frozenset()
) -> Iterator[Any]:
    """``n`` mutated copies of the base records (seeded); the options named in ``without``
    are never set by a mutation (a tree that adds options then draws the records a tree
    without them draws, so the two outputs compare line by line)."""
    rng = random.Random(seed)
    options = {
        variant: [(name, default) for name, default in fields if name not in without]
        for variant, fields in _options_fields().items()
    }
    groups: dict[str, list[Any]] = {}
    for record in base:
        variant = record.get("variant") if isinstance(record, dict) else None
        if variant in VARIANTS:  # (a base record of no known variant is settled unmutated)
            groups.setdefault(variant, []).append(record)
    names = sorted(groups)
    for _ in range(n):
        # each variant as often as the others, whatever the number of its base records
        record = copy.deepcopy(rng.choice(groups[rng.choice(names)]))
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            record = mutate(rng, record, options)
        yield record


# ---- settling --------------------------------------------------------------------------


def line(record: Any) -> str:
    """The canonical line of one record: its input hash, then the settlement or the error."""
    digest = hashlib.sha1(
        json.dumps(record, ensure_ascii=False, sort_keys=True, default=repr).encode()
    ).hexdigest()[:12]
    try:
        out = json.dumps(majiang.settle(record).to_dict(), ensure_ascii=False, sort_keys=True)
    except Exception as e:  # every failure is part of the comparison, whatever its class
        out = f"{type(e).__module__}.{type(e).__name__}: {e}"
    return f"{digest}\t{out}"


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Nanjing's scorer picks among equal readings in set order: fix the string hashes so
        # two runs settle alike (see the note in docs/rules/nanjing.md "Implementation").
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="where the canonical lines go")
    parser.add_argument("--corpus", default="settle-corpus.jsonl", help="base records (JSONL)")
    parser.add_argument("--mutations", type=int, default=100_000)
    parser.add_argument("--self-play", type=int, default=320, help="hands per variant")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument(
        "--without-options",
        default="",
        help="comma-separated option names the mutations leave alone (options added since "
        "the run compared with)",
    )
    args = parser.parse_args()

    start = time.perf_counter()
    if os.path.exists(args.corpus):
        with open(args.corpus, encoding="utf-8") as f:
            base = [json.loads(x) for x in f]
        print(f"read {len(base)} base records from {args.corpus}")
    else:
        base = collect(args.self_play)
        with open(args.corpus, "w", encoding="utf-8") as f:
            for record in base:
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
        print(f"collected {len(base)} base records into {args.corpus}")
    counts = {"base": 0, "mutated": 0, "settled": 0, "errors": 0}
    with open(args.out, "w", encoding="utf-8") as out:
        records = [("base", copy.deepcopy(r)) for r in base]
        for kind, record in [
            *records,
            *(
                ("mutated", r)
                for r in mutated(
                    base,
                    args.mutations,
                    args.seed,
                    frozenset(x for x in args.without_options.split(",") if x),
                )
            ),
        ]:
            text = line(record)
            counts[kind] += 1
            counts["errors" if "\t{" not in text else "settled"] += 1
            out.write(text + "\n")
    took = time.perf_counter() - start
    print(f"{counts} in {took:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
