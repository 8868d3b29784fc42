"""Long-run fuzzer of the core and batch input paths (issue #11): random junk and mutations
of well-formed input for every argument of every core function; anything but a return or a
MajiangError subclass is an escape.

    .venv/bin/python benches/fuzz_core.py 1000000            # one million inputs
    .venv/bin/python benches/fuzz_core.py 200000 --seed 7    # another stream
    .venv/bin/python benches/fuzz_core.py 20000 --writer     # plus a thread writing batches

Prints how many inputs each target was given, how many were answered, refused (a
MajiangError) and escaped, and the first escapes; exits 1 if anything escaped. The
CI-sized property tests are tests/test_core_input_properties.py and
tests/test_batch_layouts.py; docs/reliability.md records the last long run.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

import majiang
from majiang import batch, tiles

TILE_TEXT = "0123456789mpszf 万筒条东南西北中发白红板财一二九🀄🀇🀙,|\ud800"
ODD_SCALARS: list[Any] = [
    None,
    True,
    False,
    0,
    4,
    5,
    -1,
    34,
    42,
    2**63,
    -(2**63) - 1,
    10**30,
    10**400,
    1.0,
    float("nan"),
    float("inf"),
    "",
    "5m",
    "\ud800",
    b"",
    bytes(34),
    bytearray(34),
    np.int64(3),
    np.uint8(4),
    np.int8(-1),
    np.uint64(2**64 - 1),
    np.True_,
    np.float64("nan"),
    object(),
    int,
    range(3),
    {"5m": 1},
    {"5m"},
    1j,
    ...,
    majiang.Rules(),
]
DTYPES: list[Any] = [np.uint8, np.int8, np.int64, np.uint16, np.bool_, np.float64, "U2", object]


class Junk:
    """Random arguments: junk of every kind, and mutations of well-formed ones."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def counts(self, size: int | None = None) -> list[int]:
        size = self.rng.choice([13, 14, 11, 10, 8, 5, 2]) if size is None else size
        c = [0] * 34
        while sum(c) < size:
            k = self.rng.randrange(34)
            if c[k] < 4:
                c[k] += 1
        return c

    def text(self) -> str:
        r = self.rng
        if r.random() < 0.5:
            s = list(tiles.from_counts(self.counts()))
            for _ in range(r.randrange(4)):  # mutate a valid hand
                i = r.randrange(len(s) + 1)
                if r.random() < 0.5 and s:
                    s[min(i, len(s) - 1)] = r.choice(TILE_TEXT)
                else:
                    s.insert(i, r.choice(TILE_TEXT))
            return "".join(s)
        return "".join(r.choice(TILE_TEXT) for _ in range(r.randrange(30)))

    def array(self) -> Any:
        r = self.rng
        shape = r.choice([(), (0,), (34,), (33,), (1, 34), (2, 34), (5, 34), (2, 33), (34, 2)])
        if len(shape) == 2 and shape[1] == 34 and r.random() < 0.6:
            a: Any = np.array([self.counts() for _ in range(shape[0])], np.uint8).reshape(shape)
            if r.random() < 0.3:
                a[r.randrange(shape[0]), r.randrange(34)] = r.randrange(256)
        elif shape == (34,) and r.random() < 0.6:
            a = np.array(self.counts(), np.uint8)
        else:
            a = np.full(shape, r.randrange(300) % 6)
        a = a.astype(r.choice(DTYPES)) if r.random() < 0.3 else a
        layout = r.choice(["C", "F", "reversed", "strided"])
        if layout == "F":
            a = np.asfortranarray(a)
        elif layout == "reversed" and a.ndim:
            a = np.ascontiguousarray(a[::-1])[::-1]
        elif layout == "strided" and a.ndim:
            wide = np.zeros((a.shape[0] * 2, *a.shape[1:]), a.dtype)
            wide[::2] = a
            a = wide[::2]
        return a

    def value(self, depth: int = 0) -> Any:
        r = self.rng
        pick = r.randrange(10 if depth < 2 else 6)
        if pick == 0:
            return r.choice(ODD_SCALARS)
        if pick == 1:
            return r.randint(-(2**70), 2**70) if r.random() < 0.2 else r.randint(-3, 45)
        if pick == 2:
            return self.text()
        if pick == 3:
            return self.array()
        if pick == 4:
            c: list[Any] = self.counts()
            if r.random() < 0.5:
                c[r.randrange(34)] = r.choice([*ODD_SCALARS, r.randint(-300, 300)])
            return c if r.random() < 0.7 else tuple(c)
        if pick == 5:
            return [tiles.TILE_NAMES[r.randrange(42)] for _ in range(r.randrange(15))]
        if pick == 6:
            return [self.value(depth + 1) for _ in range(r.randrange(5))]
        if pick == 7:
            return tuple(self.value(depth + 1) for _ in range(r.randrange(3)))
        if pick == 8:
            return {self.text()[:3]: self.value(depth + 1)}
        return self.counts()


def targets(j: Junk) -> list[tuple[str, Callable[[], object]]]:
    """One call per core entry point. Each argument is well formed three times in four and
    junk otherwise, so that calls get past the first check as often as they are refused."""
    r = j.rng

    def either(good: Any) -> Any:
        return good if r.random() < 0.75 else j.value()

    melds = r.choice([0, 0, 0, 1, 2, 3, 4])
    size = 14 - 3 * melds - r.randrange(2)
    good_hand = j.counts(size)
    hand = either(r.choice([good_hand, tiles.from_counts(good_hand), tuple(good_hand)]))
    kw = {
        "rules": either(r.choice([None, "standard", "nanchang", "pingxiang", "nanjing"])),
        "jing": either(r.choice([None, "5m", ("3p", "4p"), [27], ()])),
        "melds": either(melds),
    }
    rows = r.choice([0, 1, 3, 20])
    good_matrix = np.array([j.counts(size) for _ in range(rows)], np.uint8).reshape(rows, 34)
    layout = r.choice(["C", "F", "reversed"])
    if layout == "F":
        good_matrix = np.asfortranarray(good_matrix)
    elif layout == "reversed":
        good_matrix = np.ascontiguousarray(good_matrix[::-1])[::-1]
    matrix = good_matrix if r.random() < 0.75 else j.array()
    mask = np.zeros((rows, 34), bool)
    mask[:, r.randrange(34)] = True
    bkw = {
        "rules": kw["rules"],
        "jing": either(r.choice([None, "5m", mask])),
        "melds": either(r.choice([None, melds, np.full(rows, melds, np.uint8)])),
        "threads": either(r.choice([None, 1, 2, 0])),
    }
    visible = either(np.zeros_like(good_matrix))
    knob, good_value = r.choice(
        [
            ("honor_sequences", True),
            ("pair", "258"),
            ("seven_pairs", "four_as_two"),
            ("thirteen_orphans", False),
            ("thirteen_rotten", "knitted"),
            ("all_258", True),
        ]
    )
    value = either(good_value)
    arg = either(r.choice([j.text(), r.randrange(42), tiles.TILE_NAMES[r.randrange(42)]]))
    limit = either(r.choice([1000, 0, 5, 10**9]))
    return [
        ("shanten", lambda: majiang.shanten(hand, **kw)),
        ("shanten_detail", lambda: majiang.shanten_detail(hand, **kw)),
        ("is_winning", lambda: majiang.is_winning(hand, **kw)),
        ("winning_tiles", lambda: majiang.winning_tiles(hand, **kw)),
        ("discard_options", lambda: majiang.discard_options(hand, **kw, visible=either(None))),
        ("decompositions", lambda: majiang.decompositions(hand, **kw, limit=limit)),
        ("parse_tiles", lambda: majiang.parse_tiles(arg)),
        ("to_mpsz", lambda: majiang.to_mpsz(arg)),
        ("to_chinese", lambda: majiang.to_chinese(arg)),
        ("to_glyphs", lambda: majiang.to_glyphs(arg)),
        ("tile_index", lambda: majiang.tile_index(arg)),
        ("jing_pair", lambda: majiang.jing_pair(arg)),
        ("Rules", lambda: majiang.Rules(**{knob: value})),
        ("Rules.preset", lambda: majiang.Rules.preset(either("nanjing"))),
        ("batch.shanten", lambda: batch.shanten(matrix, **bkw)),
        ("batch.winning_mask", lambda: batch.winning_mask(matrix, **bkw)),
        ("batch.discard_shanten", lambda: batch.discard_shanten(matrix, **bkw)),
        ("batch.effective_counts", lambda: batch.effective_counts(matrix, visible, **bkw)),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", type=int, help="how many inputs to try in all")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--writer", action="store_true", help="also run batches while a thread rewrites them"
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    junk = Junk(rng)
    tried: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    escapes: list[str] = []
    start = time.monotonic()
    while sum(tried.values()) < args.examples:
        for name, call in targets(junk):
            tried[name] += 1
            try:
                call()
                answered[name] += 1
            except majiang.MajiangError:
                refused[name] += 1
            except BaseException as e:  # a PanicException is a BaseException
                if isinstance(e, KeyboardInterrupt):
                    raise
                escapes.append(f"{name}: {type(e).__name__}: {str(e)[:120]}")
    if args.writer:
        name = "concurrent writer"
        tried[name], answered[name], refused[name], escaped = concurrent_writer(
            rng, max(1, args.examples // 1000)
        )
        escapes += escaped
    elapsed = time.monotonic() - start
    total = sum(tried.values())
    print(f"seed {args.seed}: {total} inputs in {elapsed:.0f} s, {len(escapes)} escapes")
    print(f"{'target':<24}{'tried':>10}{'answered':>10}{'refused':>10}")
    for name in tried:
        print(f"{name:<24}{tried[name]:>10}{answered[name]:>10}{refused[name]:>10}")
    for escape in escapes[:20]:
        print("ESCAPE", escape)
    return 1 if escapes else 0


def concurrent_writer(rng: random.Random, rounds: int) -> tuple[int, int, int, list[str]]:
    """Batches over an array another thread keeps rewriting with good and bad rows."""
    good = np.array([Junk(rng).counts(14) for _ in range(3000)], np.uint8)
    bad = np.full_like(good, 200)
    h = good.copy()
    stop = threading.Event()

    def write() -> None:
        while not stop.is_set():
            h[:] = bad
            h[:] = good

    writer = threading.Thread(target=write)
    writer.start()
    escapes = []
    answered = refused = 0
    try:
        for _ in range(rounds):
            for f in (batch.shanten, batch.discard_shanten):
                try:
                    f(h, threads=2)
                    answered += 1
                except majiang.MajiangError:
                    refused += 1
                except BaseException as err:
                    escapes.append(f"concurrent {f.__name__}: {type(err).__name__}: {err!s:.120}")
    finally:
        stop.set()
        writer.join()
    return 2 * rounds, answered, refused, escapes


if __name__ == "__main__":
    sys.exit(main())
