"""The per-discard claim scan two ways, on the states of real Nanchang games right after a
discard: the engine's Python loop (a cheap test per seat: a pair of the tile, a chow for
the next seat, the tile among its cached waits) and one ``claim_scan`` core call (the
seats' wait masks built from the same cached waits), both giving the seats to ask.

    python benches/claim_scan_speed.py [--games N] [--repeat R]

Prints microseconds a discard of each and checks that both name the same seats.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from majiang.game import Discard, EfficiencyBot, Game
from majiang.game.claim_scan import claim_scan, claimants, wait_mask
from majiang.game.engine import AFTER
from majiang.tiles import KIND_INDEX
from majiang.variants.protocol import chow_options


def states(games: int) -> list[tuple[Any, ...]]:
    """(game, discarder, tile) at every discard of ``games`` bot games: the game just before
    the discard (the others' hands as the scan sees them; the discarder's is not read)."""
    found = []
    for seed in range(games):
        g = Game("nanchang", seed=seed)
        bots = [EfficiencyBot(s) for s in range(4)]
        while not g.over:
            seat = g.to_act()[0]
            act = bots[seat].act(g.observation(seat), g.legal_actions(seat))
            if isinstance(act, Discard):
                before = g.clone()
                for s in AFTER[seat]:
                    before._waits(s)  # cached, as the engine mostly has them when it scans
                found.append((before, seat, KIND_INDEX[act.tile]))
            g.step(seat, act)
    return found


def python_loop(game: Game, seat: int, t: int) -> list[int]:
    st = game.state
    hands, chows, out, after = st.hands, game.table.chows, game._out, AFTER[seat]
    asked = []
    for s in after:
        if out[s]:
            continue
        if hands[s][t] < 2 and (s != after[0] or not chow_options(chows, t, hands[s])):
            waits = st.waits[s]
            if waits is None:
                waits = game._waits(s)
            if t not in waits:
                continue
        asked.append(s)
    return asked


def core_call(game: Game, seat: int, t: int) -> list[int]:
    st = game.state
    out = game._out
    masks = [0 if out[s] or s == seat else wait_mask(game._waits(s)) for s in range(4)]
    gone = sum(1 << s for s in range(4) if out[s])
    return claimants(claim_scan(st.hands, t, seat, game.table.chows, masks, gone), seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    found = states(args.games)
    for g, s, t in found:
        assert python_loop(g, s, t) == core_call(g, s, t)
    best = {"python loop": float("inf"), "claim_scan core call": float("inf")}
    for _ in range(args.repeat):
        for name, fn in (("python loop", python_loop), ("claim_scan core call", core_call)):
            start = time.perf_counter()
            for g, s, t in found:
                fn(g, s, t)
            best[name] = min(best[name], (time.perf_counter() - start) / len(found))
    for name, sec in best.items():
        print(f"{name:22s} {sec * 1e6:6.2f} µs a discard ({len(found)} discards)")


if __name__ == "__main__":
    main()
