"""The GB platform profile's big sweep (issue 29 asks 10,000 hands): matches of five hands of
`Game("gb", options={"profile": "platform"})`, mixed EfficiencyBots and RandomBots, with the
checks of tests/test_gb_platform.py's ``test_platform_matches_hold_every_invariant`` on each
(144 tiles at every step, zero-sum, every record re-settled to its deltas, the winner dealing
next, the log replayed, a snapshot taken at a random step continuing identically, no seat's
stream holding another seat's drawn tiles or dealt hand); too slow for CI.

    python benches/gb_platform_sweep.py [--hands 10000] [--workers 2]
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_game_gb import mixed_bots, play_checked

import majiang
from majiang.game import Game, replay
from majiang.game.streams import seat_events

HANDS_PER_MATCH = 5
PLATFORM = {"profile": "platform"}


def check_match(match: int) -> tuple[int, int]:
    """One checked match; returns its hands and wins (AssertionError on a broken invariant)."""
    rng = random.Random(match)
    bots = mixed_bots(match)
    game = Game("gb", seed=match, hands=HANDS_PER_MATCH, options=PLATFORM)
    play_checked(game, bots, stop_after=rng.randrange(400))
    if not game.over:
        restored = Game.restore(json.loads(json.dumps(game.snapshot())))
        same_bots = copy.deepcopy(bots)
        play_checked(game, bots)
        play_checked(restored, same_bots)
        assert restored.events == game.events, match
    assert sum(game.scores) == 0, match
    for r, s in zip(game.records, game.settlements, strict=True):
        assert majiang.settle(r).deltas == s.deltas, match
    for before, after in itertools.pairwise(game.records):
        won = before["result"]["kind"] == "win"
        assert after["dealer"] == (before["result"]["winner"] if won else before["dealer"]), match
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert [h.record for h in replayed.hands] == game.records, match
    for seat in range(4):
        for e in seat_events(game.events, seat):
            if e["event"] == "draw" and e["seat"] != seat:
                assert "tile" not in e, match
            if e["event"] == "deal":
                assert all(h is None for s, h in enumerate(e["hands"]) if s != seat), match
    wins = sum(r["result"]["kind"] == "win" for r in game.records)
    return len(game.records), wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    matches = range(-(-args.hands // HANDS_PER_MATCH))
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(check_match, matches, chunksize=16))
    hands = sum(h for h, _ in results)
    wins = sum(w for _, w in results)
    seconds = time.perf_counter() - start
    print(json.dumps({"hands": hands, "wins": wins, "seconds": round(seconds, 1)}))


if __name__ == "__main__":
    main()
