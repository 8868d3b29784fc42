"""majiang.gb.fan against PyMahjongGB's MahjongFanCalculator on many random winning hands.

    python benches/gb_crosscheck.py [--hands N] [--seed S]

The hands are tests/gb_hands.py's (melds, kongs, concealed kongs, flowers, every wind and
every flag that can hold together); every 番 with its count must agree. CI runs 100,000 of them
(tests/test_gb_fan.py); this script runs 100,000 by default and 1,000,000 with
``--hands 1000000`` (docs/rules/gb.md, docs/performance.md). Exit status 1 on any
disagreement, with the first few printed.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import random

from gb_hands import ours, random_gb_hand, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    import MahjongGB

    rng = random.Random(args.seed)
    seen: collections.Counter[int] = collections.Counter()
    bad = 0
    start = time.perf_counter()
    for i in range(args.hands):
        hand = random_gb_hand(rng)
        mine, peer = ours(hand), theirs(MahjongGB, hand)
        if mine != peer:
            bad += 1
            if bad <= 5:
                print(f"hand {i}: {hand}\n  majiang    {mine}\n  PyMahjongGB {peer}")
        seen.update(n for n, _c in mine)
    elapsed = time.perf_counter() - start
    print(
        f"{args.hands} hands (seed {args.seed}): {bad} disagreements, "
        f"{len(seen)} of 82 番 seen, {elapsed:.1f} s"
    )
    rare = sorted(seen.items(), key=lambda kv: kv[1])[:5]
    print("rarest 番 (number, hands):", rare)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
