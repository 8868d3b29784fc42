"""Time majiang beside its peers on the same random hands, in one run.

    python benches/compare_peers.py [--hands N] [--repeat R] [--json]

Peers (PyPI, optional): `xiangting` (replacement numbers on 34 counts), `riichienv`
(`calculate_shanten` on 136-tile ids) and `mahjong` (`Shanten.calculate_shanten` on 34
counts). Their riichi shanten is compared with majiang's "standard" preset, which has the
same shapes (regular, distinct seven pairs, thirteen orphans), so the work is the same.
Before timing, every peer's answers are checked against majiang's on every hand.

Each figure is the best of R runs of one pass over the hands, divided by N: nanoseconds per
hand including the Python call. The ratio column is time / fastest peer's time.
Majiang's Nanchang shanten with 0, 2 and 8 wild tiles has no peer; it is timed alone.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import majiang
from random_hands import Counts, random_hands


def with_wild(n: int, wild: int, kinds: tuple[int, int], seed: int) -> list[Counts]:
    """Random 14-tile hands holding exactly `wild` tiles of the two wild kinds."""
    rng = random.Random(seed)
    plain_wall = [k for k in range(34) if k not in kinds for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(plain_wall, 14 - wild):
            counts[k] += 1
        for i in range(wild):
            counts[kinds[i % 2]] += 1
        hands.append(counts)
    return hands


def best_time(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def best_times_interleaved(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Best time of each run, the runs taken in turn so machine noise hits all alike."""
    best = {name: float("inf") for name in runs}
    for _ in range(repeat):
        for name, fn in runs.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def tile_ids(counts: Counts) -> list[int]:
    return [4 * k + i for k in range(34) for i in range(counts[k])]


def peers(hands: list[Counts]) -> dict[str, tuple[Callable[[], object], Callable[[Counts], int]]]:
    """name -> (timed pass over all hands, single-hand shanten for the agreement check)."""
    out: dict[str, tuple[Callable[[], object], Callable[[Counts], int]]] = {}
    shanten = majiang.shanten
    out["majiang"] = (
        lambda: [shanten(h, rules="standard") for h in hands],
        lambda h: shanten(h, rules="standard"),
    )
    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        rn = xiangting.calculate_replacement_number
        out["xiangting"] = (lambda: [rn(h, four) for h in hands], lambda h: rn(h, four) - 1)
    except ImportError:
        pass
    try:
        import riichienv

        ids = [tile_ids(h) for h in hands]
        cs = riichienv.calculate_shanten
        out["riichienv"] = (lambda: [cs(t) for t in ids], lambda h: cs(tile_ids(h)))
    except ImportError:
        pass
    try:
        from mahjong.shanten import Shanten

        calc = Shanten().calculate_shanten
        out["mahjong"] = (lambda: [calc(h) for h in hands], calc)
    except ImportError:
        pass
    return out


def check_agreement(hands: list[Counts], table: dict[str, Any]) -> dict[str, int]:
    """How many hands each peer disagrees with majiang on (0 expected)."""
    ours = [majiang.shanten(h, rules="standard") for h in hands]
    return {
        name: sum(1 for h, o in zip(hands, ours, strict=True) if single(h) != o)
        for name, (_, single) in table.items()
        if name != "majiang"
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    results: dict[str, Any] = {
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "hands": args.hands,
        "rows": [],
    }
    for size in (14, 13):
        hands = random_hands(args.hands, size, seed=size)
        table = peers(hands)
        mismatches = check_agreement(hands[:2000], table)
        raw = best_times_interleaved({n: run for n, (run, _) in table.items()}, args.repeat)
        times = {name: t / args.hands * 1e9 for name, t in raw.items()}
        fastest_peer = min((t for n, t in times.items() if n != "majiang"), default=None)
        for name, ns in times.items():
            results["rows"].append(
                {
                    "function": f"shanten, {size} tiles (standard shapes)",
                    "package": name,
                    "ns_per_hand": round(ns, 1),
                    "ratio_to_fastest_peer": round(ns / fastest_peer, 2) if fastest_peer else None,
                    "disagreements": mismatches.get(name, 0),
                }
            )

    hands13 = random_hands(args.hands, 13, seed=99)
    wt = majiang.winning_tiles
    ns = best_time(lambda: [wt(h) for h in hands13], args.repeat) / args.hands * 1e9
    results["rows"].append(
        {
            "function": "winning_tiles, 13 tiles (nanchang)",
            "package": "majiang",
            "ns_per_hand": round(ns, 1),
            "ratio_to_fastest_peer": None,
            "disagreements": 0,
        }
    )
    jing = ("3p", "4p")
    for wild in (0, 2, 8):
        hands = with_wild(args.hands, wild, (11, 12), seed=7)

        def run(hs: list[Counts] = hands) -> object:
            return [majiang.shanten(h, jing=jing) for h in hs]

        ns = best_time(run, args.repeat)
        results["rows"].append(
            {
                "function": f"shanten, 14 tiles, nanchang, {wild} wild",
                "package": "majiang",
                "ns_per_hand": round(ns / args.hands * 1e9, 1),
                "ratio_to_fastest_peer": None,
                "disagreements": 0,
            }
        )
    arr = np.array(random_hands(args.hands, 14, seed=7), dtype=np.uint8)
    if hasattr(majiang, "batch"):
        ns = best_time(lambda: majiang.batch.shanten(arr, rules="standard"), args.repeat)
        results["rows"].append(
            {
                "function": "batch.shanten, 14 tiles (standard), numpy",
                "package": "majiang",
                "ns_per_hand": round(ns / args.hands * 1e9, 1),
                "ratio_to_fastest_peer": None,
                "disagreements": 0,
            }
        )

    if args.json:
        print(json.dumps(results, indent=2))
        return
    head = f"{results['machine']}, Python {results['python']}"
    print(f"{head}, {args.hands} hands, best of {args.repeat}")
    print(f"{'function':44} {'package':10} {'ns/hand':>9} {'ratio':>6} {'disagree':>8}")
    for r in results["rows"]:
        ratio = "" if r["ratio_to_fastest_peer"] is None else f"{r['ratio_to_fastest_peer']:.2f}"
        name = f"{r['function']:44} {r['package']:10}"
        print(f"{name} {r['ns_per_hand']:9.1f} {ratio:>6} {r['disagreements']:8d}")


if __name__ == "__main__":
    main()
