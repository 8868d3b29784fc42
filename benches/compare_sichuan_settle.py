"""Every Sichuan settlement, before and after a change: one canonical line per record.

    python benches/compare_sichuan_settle.py OUT [--corpus FILE] [--hands N] [--mutations N]

The Sichuan (血战到底) counterpart of ``benches/compare_settlements.py`` (whose helpers it
uses: the same mutations, the same canonical line: the settlement's ``to_dict()`` as JSON, or
the exception's class and message). The base records:

- the example records (``EXAMPLE``, ``examples/sichuan-hand.json``) and the settlement
  bench's two records;
- every record the Sichuan tests hand to the record check (``tests/test_sichuan_*.py`` run in
  this process with ``HandRecord.from_dict`` wrapped to keep what it is given);
- the records of ``N`` self-played hands (2,000 by default), four-hand matches with mixed
  bots, under a rotation of option sets (the defaults, 自摸加底, 点杠花 as a discard, no
  呼叫转移, no 定缺, 换三张, 血流成河, cap 5, 门清中张, base 2, ...).

The base records are kept in ``--corpus`` (written when the file does not exist, read when it
does), so the before and after runs settle the same records even if the tests change in
between; then ``--mutations`` seeded mutations of them (20,000 by default). Run it on the tree
before the change and after it and ``diff`` the two outputs: they must be identical.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import compare_settlements as cs  # noqa: E402

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"self_draw": "add_base"},
    {"dian_gang_hua": "discard", "hujiao_zhuanyi": False},
    {"dingque": False},
    {"exchange": True},
    {"xueliu": True},
    {"cap": 5, "menqing_zhongzhang": True},
    {"base": 2, "tiandi_hu": False, "yaojiu_jiangdui": False},
    {"huazhu_pays_winners": False, "self_draw": "none"},
    {"guoshou_hu": False, "dealer": "first_winner"},
)
"""The option sets the self-played matches rotate through."""


def self_play_records(hands: int) -> list[Any]:
    """The records of ``hands`` self-played Sichuan hands (four-hand matches, mixed bots)."""
    from majiang.game import EfficiencyBot, Game, RandomBot, play

    out: list[Any] = []
    match = 0
    while len(out) < hands:
        bots: list[Any] = [
            EfficiencyBot(match) if (match + s) % 4 else RandomBot(match * 4 + s) for s in range(4)
        ]
        options = OPTION_SETS[match % len(OPTION_SETS)]
        game = play(Game("sichuan", seed=match, hands=4, options=options), bots)
        out += [copy.deepcopy(r) for r in game.records]
        match += 1
    return out[:hands]


def test_records() -> list[Any]:
    """The records the Sichuan tests build (run in this process)."""
    import pytest

    from majiang.variants.sichuan import record

    kept: list[Any] = []
    original = record.HandRecord.from_dict.__func__  # type: ignore[attr-defined]

    def wrapped(cls: Any, data: Any) -> Any:
        if cs._json_same(data):
            kept.append(copy.deepcopy(data))
        return original(cls, data)

    record.HandRecord.from_dict = classmethod(wrapped)  # type: ignore[method-assign, assignment]
    cwd = os.getcwd()
    tests = ROOT / "tests"
    os.chdir(tests)
    sys.path.insert(0, str(tests))
    try:
        files = sorted(p.name for p in tests.glob("test_sichuan_*.py"))
        pytest.main(["-q", "-p", "no:cacheprovider", f"--rootdir={ROOT}",
                     "-c", str(ROOT / "pyproject.toml"), *files])  # fmt: skip
    finally:
        os.chdir(cwd)
        record.HandRecord.from_dict = classmethod(original)  # type: ignore[method-assign, assignment]
    return kept


def example_records() -> list[Any]:
    """The example record, ``examples/sichuan-hand.json`` and the settlement bench's two."""
    sys.path.insert(0, str(HERE))
    from test_settle_speed import _sichuan_records

    from majiang.variants.sichuan import EXAMPLE

    return [copy.deepcopy(EXAMPLE), *_sichuan_records()]


def collect(hands: int) -> list[Any]:
    """Every base record, deduplicated, in a stable order."""
    seen: set[str] = set()
    out: list[Any] = []
    for record in [*example_records(), *self_play_records(hands), *test_records()]:
        if not isinstance(record, dict):
            continue
        record = {**record, "variant": "sichuan"}
        key = json.dumps(record, ensure_ascii=False, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(record)
    return out


def mutated(base: list[Any], n: int, seed: int) -> Iterator[Any]:
    """``n`` seeded mutations of the base records (one to three each)."""
    from majiang.variants.sichuan.options import SichuanOptions

    rng = random.Random(seed)
    options = {"sichuan": [(f.name, f.default) for f in dataclasses.fields(SichuanOptions)]}
    for _ in range(n):
        record = copy.deepcopy(rng.choice(base))
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            record = cs.mutate(rng, record, options)
        yield record


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out", help="where the canonical lines go")
    parser.add_argument("--corpus", default="sichuan-corpus.jsonl", help="base records (JSONL)")
    parser.add_argument("--hands", type=int, default=2000, help="self-played hands")
    parser.add_argument("--mutations", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    start = time.perf_counter()
    if os.path.exists(args.corpus):
        with open(args.corpus, encoding="utf-8") as f:
            base = [json.loads(x) for x in f]
        print(f"read {len(base)} base records from {args.corpus}")
    else:
        base = collect(args.hands)
        with open(args.corpus, "w", encoding="utf-8") as f:
            for record in base:
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
        print(f"collected {len(base)} base records into {args.corpus}")
    counts = {"settled": 0, "errors": 0}
    with open(args.out, "w", encoding="utf-8") as out:
        records = [*(copy.deepcopy(r) for r in base), *mutated(base, args.mutations, args.seed)]
        for record in records:
            text = cs.line(record)
            counts["errors" if "\t{" not in text else "settled"] += 1
            out.write(text + "\n")
    print(f"{counts} in {time.perf_counter() - start:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
