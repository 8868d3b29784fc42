"""Hostile inputs for the Python input paths, shared by the property tests
(test_input_properties.py, a CI-sized run driven by hypothesis) and the long run
(benches/fuzz_inputs.py).

Each ``check_*`` function takes a ``random.Random`` that picks one input, feeds it to one
path and returns what happened (``"accepted"`` or ``"refused"``); it raises :class:`Escape`
when the path breaks its promise: an exception that is not the path's MajiangError, an
accepted record whose deltas do not sum to zero, a refused action that changed the game, a CLI
run that exits with another code than 0 or 2 or prints a traceback.

Example:
    >>> import random
    >>> check_tiles(random.Random(1)) in ("accepted", "refused")
    True
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import pickle
import random
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import majiang
from majiang import tiles
from majiang.cli import main
from majiang.game import EfficiencyBot, Game, RandomBot, play

ROOT = Path(__file__).resolve().parent.parent
SURROGATES = ("\ud800", "\udcff", "\udfff")
TILE_TOKENS = (
    *"123456789mpszf ",
    "0",
    "五",
    "万",
    "筒",
    "条",
    "东",
    "中",
    "白",
    "🀇",
    "🀄",
    "春",
    ",",
    "[",
    "x",
)


def nested(depth: int) -> Any:
    """A list nested ``depth`` deep."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


JUNK: tuple[Any, ...] = (
    None,
    0,
    -1,
    1,
    3,
    4,
    5,
    2**70,
    -(2**70),
    10**5000,
    True,
    False,
    3.5,
    math.nan,
    math.inf,
    "",
    "5m",
    "1f",
    "5z",
    "9z",
    "0m",
    "123m",
    "55p",
    "五万",
    "\ud800",
    "5m\udcff",
    "x" * 5000,
    [],
    {},
    [None],
    ["5m"],
    [0, 1, 2, 3],
    {"kind": "win"},
    {"": None},
    nested(200),
)
"""Values a field may be replaced with: wrong types, out of range, surrogates, huge, nested."""


class Escape(AssertionError):
    """A path broke its promise; the message says which input and what escaped."""


def junk_text(rng: random.Random, size: int = 8) -> str:
    """Text made of tile tokens, odd characters and lone surrogates."""
    parts = []
    for _ in range(rng.randrange(size + 1)):
        roll = rng.random()
        if roll < 0.7:
            parts.append(rng.choice(TILE_TOKENS))
        elif roll < 0.85:
            parts.append(chr(rng.randrange(0x20, 0x3000)))
        else:
            parts.append(rng.choice(SURROGATES))
    return "".join(parts)


def _fingerprint(value: Any) -> bytes:
    """Bytes that change if ``value`` changes (NaN and huge numbers included)."""
    return pickle.dumps(value)


# ---------------------------------------------------------------------- JSON-like mutation
def _paths(value: Any, limit: int = 400) -> list[tuple[Any, Any]]:
    """(container, key) of every value inside ``value`` (lists and dicts), breadth first."""
    out: list[tuple[Any, Any]] = []
    queue = [value]
    while queue and len(out) < limit:
        node = queue.pop(0)
        items: Iterator[tuple[Any, Any]]
        if isinstance(node, dict):
            items = iter(list(node.items()))
        elif isinstance(node, list):
            items = iter(list(enumerate(node)))
        else:
            continue
        for key, child in items:
            out.append((node, key))
            if isinstance(child, dict | list) and len(out) < limit and child is not node:
                queue.append(child)
    return out


def _edit_text(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        roll = rng.random()
        at = rng.randrange(len(chars) + 1)
        if roll < 0.4 or not chars:
            chars.insert(at, rng.choice(TILE_TOKENS + SURROGATES))
        elif roll < 0.7:
            del chars[min(at, len(chars) - 1)]
        else:
            chars[min(at, len(chars) - 1)] = rng.choice(TILE_TOKENS)
    return "".join(chars)


def mutate(rng: random.Random, value: Any, ops: int) -> Any:
    """A deep copy of the JSON-like ``value`` with ``ops`` random edits: a field deleted,
    duplicated, retyped to junk, its tiles or seat changed, nested in junk, an unknown field
    added, two items swapped."""
    value = copy.deepcopy(value)
    for _ in range(ops):
        paths = _paths(value)
        if not paths:
            return rng.choice(JUNK)
        node, key = rng.choice(paths)
        current = node[key]
        op = rng.randrange(8)
        if op == 0:  # delete
            del node[key]
        elif op == 1:  # duplicate a value from elsewhere
            other, other_key = rng.choice(paths)
            if other is not node or other_key != key:
                node[key] = copy.deepcopy(other[other_key])
            elif isinstance(node, list):
                node.append(copy.deepcopy(current))
        elif op == 2:  # retype
            node[key] = rng.choice(JUNK)
        elif op == 3:  # tiles
            node[key] = _edit_text(rng, current) if isinstance(current, str) else junk_text(rng)
        elif op == 4:  # seats and numbers
            node[key] = rng.choice((-1, 0, 1, 2, 3, 4, True, 2**63, "1"))
        elif op == 5:  # nest
            node[key] = rng.choice(([current], {"x": current}, [current, current]))
        elif op == 6 and isinstance(node, dict):  # an unknown field
            node[rng.choice(("bogus", "", "x" * 100, "\ud800", "hand"))] = rng.choice(JUNK)
        elif isinstance(node, list) and len(node) > 1:  # swap
            i, j = rng.randrange(len(node)), rng.randrange(len(node))
            node[i], node[j] = node[j], node[i]
    return value


# ---------------------------------------------------------------------- seeds
@cache
def records() -> tuple[dict[str, Any], ...]:
    """Valid hand records of every variant: the examples and played hands (wins and draws)."""
    out = [
        json.loads((ROOT / "examples" / name).read_text("utf-8"))
        for name in (
            "nanchang-hand.json",
            "pingxiang-hand.json",
            "sichuan-hand.json",
            "gb-hand.json",
        )
    ]
    for variant in ("nanchang", "pingxiang", "nanjing", "sichuan", "gb"):
        game = play(Game(variant, seed=11, hands=4), [EfficiencyBot() for _ in range(4)])
        out += game.records
    return tuple(out)


@cache
def logs() -> tuple[tuple[dict[str, Any], ...], ...]:
    """Event logs of every variant (two hands each, so that the second follows the first)."""
    out = []
    for variant in ("nanchang", "pingxiang", "nanjing", "sichuan", "gb"):
        game = play(Game(variant, seed=5, hands=2), [RandomBot(s) for s in range(4)])
        out.append(tuple(game.events))
    return tuple(out)


@cache
def snapshots() -> tuple[dict[str, Any], ...]:
    """Games of every variant at several points of a hand (turns, claim windows)."""
    out = []
    for variant in ("nanchang", "pingxiang", "nanjing", "sichuan", "gb"):
        for seed in range(3):
            game = Game(variant, seed=seed)
            bots = [RandomBot(seed * 4 + s) for s in range(4)]
            for step in range(60):
                if game.over:
                    break
                if step % 7 == 0:
                    out.append(game.snapshot())
                seat = game.to_act()[0]
                game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    return tuple(out)


# ---------------------------------------------------------------------- the paths
def _expect(call: Callable[[], Any], allowed: type[BaseException], what: str) -> Any:
    """``call()``; Escape for any exception that is not ``allowed`` (returns it if it is)."""
    try:
        return call()
    except allowed as e:
        return e
    except Exception as e:
        raise Escape(f"{what}: {type(e).__name__}: {majiang.errors.quoted(str(e), 200)}") from e


def check_tiles(rng: random.Random) -> str:
    """``tiles.to_counts`` on junk text, ``tiles.from_counts`` on junk lists: counts that
    round-trip, or a MajiangError."""
    text = junk_text(rng, 20) if rng.random() < 0.6 else rng.choice(JUNK)
    what = f"to_counts({majiang.errors.quoted(text)})"
    result = _expect(lambda: tiles.to_counts(text), majiang.MajiangError, what)
    if not isinstance(result, BaseException) and (
        len(result) != 34 or any(not 0 <= c <= 4 for c in result)
    ):
        raise Escape(f"{what} gave {result}")
    size = rng.choice((34, 34, 34, 33, 35, 0))
    pool = (0, 0, 0, 1, 2, 3, 4, 5, -1, 2**70, True, 1.0, "1", None)
    counts: list[Any] = [
        rng.choice(pool) if rng.random() < 0.1 else rng.randrange(5) for _ in range(size)
    ]
    what = f"from_counts({majiang.errors.quoted(counts)})"
    text_or_error = _expect(lambda: tiles.from_counts(counts), majiang.MajiangError, what)
    if isinstance(text_or_error, BaseException):
        return "refused"
    if tiles.to_counts(text_or_error) != counts:
        raise Escape(f"{what} gave {text_or_error!r}, which reads back differently")
    return "accepted"


def check_record(rng: random.Random) -> str:
    """``majiang.settle`` on a mutated record of any variant: zero-sum deltas, or a
    MajiangError; the record itself is never changed."""
    record = mutate(rng, rng.choice(records()), rng.choice((0, 1, 1, 2, 3)))
    before = _fingerprint(record)
    what = f"settle({majiang.errors.quoted(record, 300)})"
    result = _expect(lambda: majiang.settle(record), majiang.MajiangError, what)
    if _fingerprint(record) != before:
        raise Escape(f"{what} changed the record")
    if isinstance(result, BaseException):
        return "refused"
    if len(result.deltas) != 4 or sum(result.deltas) != 0:
        raise Escape(f"{what} gave deltas {result.deltas}")
    return "accepted"


def junk_action(rng: random.Random) -> Any:
    """A dict action, mostly malformed."""
    if rng.random() < 0.1:  # not a dict: the engine's own check (a huge int left out there)
        return rng.choice([j for j in JUNK if not isinstance(j, int) or abs(j) < 2**100])
    action: dict[Any, Any] = {
        "type": rng.choice(("discard", "chow", "pong", "kong", "win", "pass", "fly", *JUNK[:12]))
    }
    for key in ("tile", "tiles", "kind"):
        if rng.random() < 0.6:
            roll = rng.random()
            if roll < 0.4:
                action[key] = rng.choice(tiles.KINDS)
            elif roll < 0.6:
                action[key] = rng.choice(("exposed", "concealed", "added"))
            elif roll < 0.8:
                action[key] = junk_text(rng)
            else:
                action[key] = rng.choice(JUNK)
    if rng.random() < 0.1:
        action[rng.choice(("x", "\ud800", 5))] = rng.choice(JUNK)
    return action


def check_action(rng: random.Random) -> str:
    """``Game.step`` with a junk dict action and seat: a legal move, or IllegalActionError (a
    MajiangError) with the game unchanged."""
    game = Game.restore(rng.choice(snapshots()))
    seat: Any = rng.choice((*game.to_act(), *game.to_act(), 0, 1, 2, 3, -1, 4, 2**70, "0", None))
    legal = game.legal_actions(seat) if type(seat) is int and 0 <= seat < 4 else []
    if legal and rng.random() < 0.3:  # a legal action's dict, sometimes with one field changed
        action: Any = rng.choice(legal).to_dict()
        if rng.random() < 0.5:
            action = mutate(rng, action, 1)
    else:
        action = junk_action(rng)
    before = game.snapshot()
    what = f"step({majiang.errors.quoted(seat)}, {majiang.errors.quoted(action)})"
    result = _expect(lambda: game.step(seat, action), majiang.MajiangError, what)
    if isinstance(result, BaseException):
        if game.snapshot() != before:
            raise Escape(f"{what} raised {type(result).__name__} but changed the game")
        return "refused"
    return "accepted"


def _log_lines(rng: random.Random, events: list[Any]) -> list[Any]:
    """The log as lines of text or bytes (or the events themselves), line edits applied."""
    lines: list[Any] = []
    for e in events:
        try:
            lines.append(json.dumps(e, ensure_ascii=False))
        except (TypeError, ValueError):  # a number too long for JSON: keep the dict
            lines.append(e)
    for _ in range(rng.choice((0, 0, 1, 2))):
        op = rng.randrange(6)
        at = rng.randrange(len(lines)) if lines else 0
        if not lines:
            break
        if op == 0:
            del lines[at]
        elif op == 1:
            lines.insert(at, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[at], lines[j] = lines[j], lines[at]
        elif op == 3:
            lines.insert(at, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12))))
        elif op == 4 and isinstance(lines[at], str):
            lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
        else:
            lines.insert(at, rng.choice(("", "[" * 5000, "{}", "null", '{"event": 5}', "\ud800")))
    form = rng.randrange(3)
    if form == 0:
        return lines
    out: list[Any] = []
    for line in lines:
        if isinstance(line, dict):
            out.append(json.dumps({k: majiang.errors.quoted(v) for k, v in line.items()}))
        elif isinstance(line, str):
            out.append(line.encode("utf-8", "surrogatepass") if form == 1 else line)
        else:
            out.append(line if form == 1 else line.decode("latin-1"))
    return out


def check_log(rng: random.Random) -> str:
    """``majiang.replay`` on a mutated log: the replay, with zero-sum hands, or ReplayError."""
    events = list(rng.choice(logs()))
    if rng.random() < 0.8:
        i = rng.randrange(len(events))
        events[i] = mutate(rng, events[i], rng.choice((1, 1, 2)))
    lines = _log_lines(rng, events)
    source: Any = lines
    if lines and all(isinstance(x, bytes) for x in lines) and rng.random() < 0.5:
        source = io.BytesIO(b"\n".join(lines))
    what = f"replay({majiang.errors.quoted(lines, 300)})"
    result = _expect(lambda: majiang.replay(source), majiang.ReplayError, what)
    if isinstance(result, BaseException):
        return "refused"
    if any(sum(h.settlement.deltas) != 0 for h in result.hands):
        raise Escape(f"{what}: a hand's deltas do not sum to zero")
    return "accepted"


# ---------------------------------------------------------------------- the command line
VARIANT_NAMES = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb", "x")
NUMBERS = ("0", "1", "-1", "2", "3", "4", "5", str(2**70), f"-{2**70}", "x", "²", "٣", "", "1e3")


def cli_files(where: Path) -> list[str]:
    """Files for the commands to read, written into ``where``: valid ones and junk."""
    where.mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {
        "record.json": json.dumps(records()[0]).encode(),
        "pingxiang.json": json.dumps(records()[1]).encode(),
        "log.jsonl": "\n".join(json.dumps(e) for e in logs()[0][:40]).encode(),
        "junk.bin": bytes(range(256)),
        "brackets.json": b"[" * 100_000,
        "empty": b"",
        "surrogate.json": b'{"variant": "nanchang", "dealer": "\\ud800"}',
        "long-number.json": b'{"dealer": ' + b"9" * 5000 + b"}",
    }
    for name, data in files.items():
        (where / name).write_bytes(data)
    return [str(where / n) for n in files] + [str(where), str(where / "missing"), "-"]


def _tile_arg(rng: random.Random) -> str:
    return rng.choice((*tiles.KINDS[::5], "1f", "0m", "x", "", junk_text(rng, 4)))


def junk_argv(rng: random.Random, files: list[str]) -> list[str]:
    """A command line: one of the commands with a random mix of its options and junk."""
    command = rng.choice(("analyze", "settle", "simulate", "replay", "play", "frob", "--help"))
    argv = [command]

    def number() -> str:
        return rng.choice(NUMBERS)

    options: list[Callable[[], list[str]]] = []
    if command == "analyze":
        argv.append(
            rng.choice(
                (
                    "123m456p789s12z55m",
                    "1112345678999m",
                    "123m456p789s1234z",
                    "11111m",
                    "123m456m789m234p55p",
                )
            )
            if rng.random() < 0.6
            else junk_text(rng, 16)
        )
        options = [
            lambda: ["--jing", _tile_arg(rng), _tile_arg(rng)],
            lambda: ["--indicator", _tile_arg(rng)],
            lambda: ["--melds", number()],
            lambda: ["--limit", number()],
            lambda: ["--rules", rng.choice(("nanchang", "standard", "riichi", "", "gb"))],
            lambda: ["--variant", rng.choice(VARIANT_NAMES)],
            lambda: ["--win", _tile_arg(rng)],
            lambda: ["--self-drawn"],
            lambda: ["--json"],
            lambda: ["--glyphs"],
            lambda: ["--zh"],
        ]
    elif command == "settle":
        argv.append(rng.choice(files))
        options = [lambda: ["--json"]]
    elif command == "simulate":
        options = [
            lambda: ["--variant", rng.choice(VARIANT_NAMES)],
            lambda: ["--hands", number()],
            lambda: ["--seed", number()],
            lambda: ["--bots", rng.choice(("random", "efficiency,random", "x", ""))],
            lambda: ["--per-game", number()],
            lambda: ["--workers", number()],
            lambda: ["--log", rng.choice((*[f for f in files if f != "-"], "/dev/full"))],
            lambda: ["--json"],
        ]
    elif command == "replay":
        argv.append(rng.choice(files))
        options = [
            lambda: ["--hand", number()],
            lambda: ["--seat", number()],
            lambda: ["--step"],
            lambda: ["--json"],
            lambda: ["--glyphs"],
            lambda: ["--zh"],
        ]
    elif command == "play":
        options = [
            lambda: ["--seat", number()],
            lambda: ["--seed", number()],
            lambda: ["--hands", number()],
            lambda: ["--variant", rng.choice(VARIANT_NAMES)],
            lambda: ["--hints"],
            lambda: ["--glyphs"],
            lambda: ["--zh"],
        ]
    for _ in range(rng.randrange(4)):
        if options:
            argv += rng.choice(options)()
    if rng.random() < 0.1:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(("--bogus", "\udcff", "-", "--")))
    if command == "simulate":  # whatever came before, play few hands on one process
        argv += ["--hands", "2", "--per-game", "1", "--workers", "1"]
    return argv


@contextlib.contextmanager
def _stdin(data: bytes) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved


def check_cli(rng: random.Random, files: list[str]) -> str:
    """``majiang.cli.main`` with a random command line and junk on stdin: exit code 0 or 2,
    and no traceback."""
    argv = junk_argv(rng, files)
    answers = [rng.choice(("1", "2", "p", "pass", "d 5m", "win", "²", "", "help", "chi 1"))]
    answers += [junk_text(rng, 6) for _ in range(rng.randrange(3))]
    stdin = ("\n".join(answers) + "\nq\n").encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        stdin = bytes(rng.randrange(256) for _ in range(20)) + b"\nq\n"
    out, err = io.StringIO(), io.StringIO()
    code: Any
    try:
        with _stdin(stdin), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as e:  # argparse: --help (0) and usage errors (2)
        code = e.code
    except Exception as e:
        raise Escape(f"main({argv!r}): {type(e).__name__}: {e}") from e
    if code not in (0, 2) or "Traceback" in err.getvalue():
        raise Escape(f"main({argv!r}) exited {code!r}: {err.getvalue()[-500:]}")
    if code == 2 and not err.getvalue().strip():
        raise Escape(f"main({argv!r}) exited 2 without saying why")
    return "accepted" if code == 0 else "refused"
