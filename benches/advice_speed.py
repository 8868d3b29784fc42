"""Discard advice speed beside peers in the same run (docs/performance.md, "Discard advice").

    PYTHONPATH=python .venv/bin/python benches/advice_speed.py --hands 300

Times, per 14-tile hand drawn from a full wall (fixed seed): ``majiang.advice`` (all
figures but chances), ``majiang.batch.advice`` on 1 and 2 threads, and as the peer
figures the effective tiles of every discard from xiangting's ``calculate_necessary_tiles``
and from the ``mahjong`` package's shanten (34 draws per discard), where installed.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

import numpy as np

import majiang
from majiang import batch


def hands(n: int, seed: int = 7) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        c = [0] * 34
        for k in rng.sample(wall, 14):
            c[k] += 1
        out.append(c)
    return out


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    hs = hands(args.hands)
    n = len(hs)
    arr = np.array(hs, dtype=np.uint8)
    rows: list[tuple[str, float]] = []
    rows.append(
        (
            "majiang.advice (effective, 改良, next average)",
            best_of(args.repeat, lambda: [majiang.advice(h, rules="standard") for h in hs]),
        )
    )

    def run_batch(threads: int) -> Callable[[], object]:
        return lambda: batch.advice(arr, rules="standard", threads=threads)

    def options() -> None:
        for h in hs:
            majiang.discard_options(h, rules="standard")

    for t in (1, 2):
        rows.append(
            (
                f"majiang.batch.advice, {t} thread(s)",
                best_of(args.repeat, run_batch(t)),
            )
        )
    rows.append(
        (
            "majiang.discard_options (effective only)",
            best_of(args.repeat, options),
        )
    )
    try:
        import xiangting

        def xt() -> None:
            for h in hs:
                for d in range(34):
                    if h[d]:
                        h[d] -= 1
                        xiangting.calculate_necessary_tiles(h, xiangting.PlayerCount.FOUR)
                        h[d] += 1

        rows.append(("xiangting necessary tiles, every discard", best_of(args.repeat, xt)))
    except ImportError:
        pass
    try:
        from mahjong.shanten import Shanten

        calc = Shanten()
        few = hs[: max(1, n // 10)]

        def mj() -> None:
            for h in few:
                for d in range(34):
                    if h[d]:
                        h[d] -= 1
                        for k in range(34):
                            if h[k] < 4:
                                h[k] += 1
                                calc.calculate_shanten(h)
                                h[k] -= 1
                        h[d] += 1

        t_mj = best_of(1, mj) * n / len(few)
        rows.append(("mahjong package shanten x34 draws, every discard", t_mj))
    except ImportError:
        pass
    print(f"{n} hands, load {os.getloadavg()[0]:.2f}, cpus {os.cpu_count()}")
    for name, total in rows:
        print(f"{name:55} {1e6 * total / n:10.1f} µs a hand")


if __name__ == "__main__":
    main()
