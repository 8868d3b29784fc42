"""One 国标 番 calculation from Python: majiang.gb.fan beside PyMahjongGB's
MahjongFanCalculator, in one run; and the numpy batch form.

    python benches/compare_gb.py [--hands N] [--repeat R] [--threads T] [--cpu-check] [--json]

The same N random complete hands (tests/gb_hands.py, seed 7) for both, each in its library's own
argument form built beforehand (majiang: 34 counts and ``(kind, tiles, source)`` melds;
PyMahjongGB: tile-name tuples, as it needs), called three ways:

- ``**kw``: a dict of keywords per hand (majiang: the ones a hand sets; PyMahjongGB: all of its
  arguments, which it requires), the form of code that builds its arguments as data;
- literal keywords: every argument spelled out at the call site, each call (a server's form);
- positional (PyMahjongGB only: it takes its eleven arguments in order; majiang's flags are
  keyword-only).

Runs are interleaved and each figure is the best of R; a ratio is PyMahjongGB's time per hand
over majiang's, in the same form (and, for the literal form, against PyMahjongGB's fastest form
as well). The batch figure is ``majiang.gb.fan_batch`` on the same hands as numpy arrays (the
arrays built beforehand), per hand, on T threads. ``--cpu-check`` reports how much of two cores
the run had (benches/compare_game.py).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from compare_game import cpu_share, print_cpu_shares

from gb_hands import GbHand, random_gb_hand
from majiang import gb


def arrays(hands: list[GbHand]) -> dict[str, Any]:
    """The hands as fan_batch arguments."""
    n = len(hands)
    concealed = np.array([h.concealed for h in hands], dtype=np.uint8)
    win = np.array([h.win for h in hands], dtype=np.uint8)
    melds = np.zeros((n, 4, 3), dtype=np.uint8)
    flags = np.zeros(n, dtype=np.uint8)
    for i, h in enumerate(hands):
        for j, (kind, tiles, source) in enumerate(h.melds):
            offset = 0 if source is None else (source - h.seat) % 4
            melds[i, j] = (
                gb.MELD_CODES[kind if kind != "bu_gang" else "ming_gang"],
                min(tiles),
                offset,
            )
        flags[i] = sum(bit for name, bit in gb.FLAG_BITS.items() if getattr(h, name))
    return {
        "concealed": concealed,
        "win_tiles": win,
        "melds": melds,
        "flags": flags,
        "seat_winds": np.array([h.seat_wind for h in hands], dtype=np.uint8),
        "prevalent_winds": np.array([h.prevalent_wind for h in hands], dtype=np.uint8),
        "flowers": np.array([h.flowers for h in hands], dtype=np.uint8),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--cpu-check", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    import MahjongGB

    rng = random.Random(7)
    hands = [random_gb_hand(rng) for _ in range(args.hands)]
    # majiang's keywords default to the common case: pass only the ones a hand sets
    # (PyMahjongGB takes every argument on every call).
    ours = [(h.concealed, h.win, {k: v for k, v in h.kwargs().items() if v}) for h in hands]
    theirs = [h.pymahjonggb_args() for h in hands]
    ours_literal = [
        (
            h.concealed, h.win, h.melds, h.self_drawn, h.last_copy, h.replacement, h.robbing,
            h.last_draw, h.last_claim, h.seat_wind, h.prevalent_wind, h.flowers, h.seat,
        )
        for h in hands
    ]  # fmt: skip
    theirs_positional = [tuple(kw.values()) for kw in theirs]
    batch = arrays(hands)
    fan, peer = gb.fan, MahjongGB.MahjongFanCalculator

    def run_ours() -> None:
        for hand, win, kw in ours:
            fan(hand, win, **kw)

    def run_theirs() -> None:
        for kw in theirs:
            peer(**kw)

    def run_ours_literal() -> None:
        for c, w, m, sd, lc, rp, rb, ld, lcl, sw, pw, fl, st in ours_literal:
            fan(
                c, w, melds=m, self_drawn=sd, last_copy=lc, replacement=rp, robbing=rb,
                last_draw=ld, last_claim=lcl, seat_wind=sw, prevalent_wind=pw, flowers=fl, seat=st,
            )  # fmt: skip

    def run_theirs_literal() -> None:
        for pack, hand, wt, fc, sd, l4, ak, wl, sw, pw, vb in theirs_positional:
            peer(
                pack=pack, hand=hand, winTile=wt, flowerCount=fc, isSelfDrawn=sd, is4thTile=l4,
                isAboutKong=ak, isWallLast=wl, seatWind=sw, prevalentWind=pw, verbose=vb,
            )  # fmt: skip

    def run_theirs_positional() -> None:
        for args in theirs_positional:
            peer(*args)

    def run_batch() -> None:
        gb.fan_batch(**batch, threads=args.threads)

    before = cpu_share() if args.cpu_check else None
    runs: dict[str, Callable[[], None]] = {
        "majiang.gb.fan(**kw)": run_ours,
        "PyMahjongGB(**kw)": run_theirs,
        "majiang.gb.fan(literal keywords)": run_ours_literal,
        "PyMahjongGB(literal keywords)": run_theirs_literal,
        "PyMahjongGB(positional)": run_theirs_positional,
        f"majiang.gb.fan_batch ({args.threads} threads)": run_batch,
    }
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(args.repeat):
        for name, fn in runs.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], (time.perf_counter() - start) / args.hands)
    after = cpu_share() if args.cpu_check else None
    # each majiang form against PyMahjongGB in the same form (the batch against **kw)
    peer_of = {
        "majiang.gb.fan(**kw)": "PyMahjongGB(**kw)",
        "majiang.gb.fan(literal keywords)": "PyMahjongGB(literal keywords)",
    }
    fastest_peer = min(v for k, v in best.items() if k.startswith("PyMahjongGB"))
    if args.json:
        print(
            json.dumps(
                {
                    "machine": platform.processor() or platform.machine(),
                    "date": time.strftime("%Y-%m-%d %H:%M"),
                    "hands": args.hands,
                    "us_per_hand": {k: v * 1e6 for k, v in best.items()},
                    "cpu_before": before,
                    "cpu_after": after,
                }
            )
        )
        return
    print(f"{'':<36}{'us/hand':>10}{'vs same form':>14}{'vs fastest peer':>17}")
    for name, t in best.items():
        same = best[peer_of.get(name, "PyMahjongGB(**kw)")] / t
        print(f"{name:<36}{t * 1e6:>10.2f}{same:>13.1f}x{fastest_peer / t:>16.1f}x")
    print_cpu_shares(before, after)


if __name__ == "__main__":
    main()
