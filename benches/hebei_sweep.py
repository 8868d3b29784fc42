"""Hebei's big sweep (issue 29 asks 10,000 hands): matches of tests/test_hebei_game.py's
length under each of its option sets, mixed bots (some declaring 听), with that file's checks
on each (136 tiles at every step, no chow, a locked hand after 听, zero-sum, every record
re-settled to its deltas, the dealer rule, the log replayed, a snapshot taken at a random step
continuing identically, no hidden tile in any seat's stream); too slow for CI.

    python benches/hebei_sweep.py [--hands 10000] [--workers 2]
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_hebei_game import HANDS_PER_MATCH, OPTION_SETS, check_match, mixed_bots, play_checked

from majiang.game import Game


def sweep_match(job: tuple[int, dict[str, Any]]) -> tuple[int, int, int]:
    """One checked match; its hands, wins and 听 declared (AssertionError when broken)."""
    match, options = job
    rng = random.Random(match)
    bots = mixed_bots(match)
    g = Game("hebei", seed=match, hands=HANDS_PER_MATCH, options=options)
    play_checked(g, bots, stop_after=rng.randrange(300))
    if not g.over:
        restored = Game.restore(json.loads(json.dumps(g.snapshot())))
        same_bots = copy.deepcopy(bots)
        play_checked(g, bots)
        play_checked(restored, same_bots)
        assert restored.events == g.events, match
    check_match(g)
    wins = sum(r["result"]["kind"] == "win" for r in g.records)
    return len(g.records), wins, sum(len(r["ready"]) for r in g.records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per option set")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    matches = range(-(-args.hands // HANDS_PER_MATCH))
    with ProcessPoolExecutor(args.workers) as pool:
        for options in OPTION_SETS:
            start = time.perf_counter()
            jobs = [(m, options) for m in matches]
            results = list(pool.map(sweep_match, jobs, chunksize=16))
            hands, wins, ready = (sum(r[i] for r in results) for i in range(3))
            seconds = round(time.perf_counter() - start, 1)
            print(
                json.dumps(
                    {
                        "options": options,
                        "hands": hands,
                        "wins": wins,
                        "ready": ready,
                        "seconds": seconds,
                    },
                    ensure_ascii=False,
                )
            )


if __name__ == "__main__":
    main()
