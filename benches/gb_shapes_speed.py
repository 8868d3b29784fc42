"""GB shapes: what 组合龙 costs the shape engine, and what the CI cross-checks cost.

    python benches/gb_shapes_speed.py [--hands N] [--repeat R] [--cpu-check]

1. Shanten: ``majiang.shanten(h, rules="gb")`` (every GB shape, 组合龙 included) beside the
   same rule set without 组合龙 (``knitted_straight=False``, what ``GB_SHAPES`` was) and
   PyMahjongGB's ``KnittedStraightShanten`` and ``RegularShanten``, on N random 13-tile
   hands (tests/test_gb_shanten.py's five kinds), interleaved, best of R, per hand.
2. The fan cross-check of tests/test_gb_fan.py per hand: the hand generator of main
   (``git show main:tests/gb_hands.py``) beside this branch's, majiang's side by
   ``gb.fan`` one call a hand (the test's) beside one ``gb.fan_batch`` with its arrays
   built, and PyMahjongGB's calls.

``--cpu-check`` reports how much of two cores the run had (benches/compare_game.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from compare_game import cpu_share, print_cpu_shares

import gb_hands
import majiang
from majiang import gb

ROOT = Path(__file__).resolve().parent.parent


def _main_generator() -> Any:
    """main's tests/gb_hands.py as a module (the generator before this branch)."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", "main:tests/gb_hands.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "gb_hands_main.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("gb_hands_main", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["gb_hands_main"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _best(runs: dict[str, Callable[[], object]], repeat: int, n: int) -> dict[str, float]:
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, fn in runs.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], (time.perf_counter() - start) / n)
    return best


def _print(title: str, best: dict[str, float], base: str) -> None:
    print(f"\n{title}")
    print(f"{'':<52}{'us/hand':>10}{'vs ' + base[:18]:>24}")
    for name, t in best.items():
        print(f"{name:<52}{t * 1e6:>10.2f}{best[base] / t:>23.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cpu-check", action="store_true")
    args = parser.parse_args()
    import MahjongGB
    import test_gb_shanten as shapes

    from conftest import near_complete_counts, random_counts

    before = cpu_share() if args.cpu_check else None
    rng = random.Random(7)
    makers = [
        lambda: random_counts(rng, 13),
        lambda: near_complete_counts(rng, 13),
        lambda: shapes._knitted_heavy(rng),
        lambda: shapes._orphan_heavy(rng),
        lambda: shapes._straight_heavy(rng),
    ]
    hands = [makers[i % 5]() for i in range(args.hands)]
    names = [shapes._names(c) for c in hands]
    without = gb.GB_SHAPES.replace(knitted_straight=False)
    shanten = majiang.shanten
    shanten(hands[0], rules="gb")
    shanten(hands[0], rules=without)
    runs: dict[str, Callable[[], object]] = {
        'majiang.shanten(rules="gb")': lambda: [shanten(h, rules="gb") for h in hands],
        "majiang.shanten(rules=gb without 组合龙)": lambda: [
            shanten(h, rules=without) for h in hands
        ],
        "majiang.gb.shanten (every shape apart)": lambda: [gb.shanten(h) for h in hands],
        "PyMahjongGB KnittedStraightShanten": lambda: [
            MahjongGB.KnittedStraightShanten(h) for h in names
        ],
        "PyMahjongGB RegularShanten": lambda: [MahjongGB.RegularShanten(h) for h in names],
    }
    _print(
        "shanten of 13-tile hands",
        _best(runs, args.repeat, args.hands),
        "PyMahjongGB KnittedStraightShanten",
    )

    main_hands = _main_generator()
    seed = random.Random(14)
    fan_hands = [gb_hands.random_gb_hand(seed) for _ in range(args.hands)]
    runs = {
        "hand generator of main": lambda: [
            main_hands.random_gb_hand(random.Random(i)) for i in range(args.hands)
        ],
        "hand generator now": lambda: [
            gb_hands.random_gb_hand(random.Random(i)) for i in range(args.hands)
        ],
        "majiang: gb.fan per hand (the test's)": lambda: [gb_hands.ours(h) for h in fan_hands],
        "majiang: fan_batch + its arrays": lambda: gb.fan_batch(**gb_hands.batch_arrays(fan_hands)),
        "PyMahjongGB: theirs per hand": lambda: [gb_hands.theirs(MahjongGB, h) for h in fan_hands],
    }
    _print(
        "fan cross-check, per hand", _best(runs, args.repeat, args.hands), "hand generator of main"
    )
    after = cpu_share() if args.cpu_check else None
    print_cpu_shares(before, after)
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))


if __name__ == "__main__":
    main()
