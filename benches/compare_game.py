"""Complete hands a second: majiang's engine beside riichienv's, in one run.

    python benches/compare_game.py [--hands N] [--repeat R] [--json]

Both engines are driven from Python by random legal actions, one complete hand (one kyoku
for riichienv) per game, observations built for every seat that acts:
- majiang: ``Game(seed=i)`` with four ``RandomBot``; each step asks ``observation(seat)`` and
  ``legal_actions(seat)``, the bot picks, ``step`` applies it.
- riichienv (optional, from PyPI): ``RiichiEnv(seed=i)``; each step every seat in the
  observation dict picks uniformly from ``obs.legal_actions()``.
Also timed: majiang with four ``EfficiencyBot`` (no peer).

Runs are interleaved (engine A, engine B, A, B, ...) so machine noise hits both alike; each
figure is the best of R runs of N hands. The ratio is majiang's rate over riichienv's.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from majiang.game import EfficiencyBot, Game, RandomBot, play


def majiang_hands(n: int, bots: str) -> int:
    for i in range(n):
        seats: list[Any] = [
            RandomBot(i * 4 + s) if bots == "random" else EfficiencyBot() for s in range(4)
        ]
        play(Game(seed=i), seats)
    return n


def riichienv_hands(n: int) -> int:
    from riichienv import RiichiEnv

    rng = random.Random(0)
    for i in range(n):
        env = RiichiEnv(seed=i)
        obs = env.reset()
        while not env.done():
            actions = {}
            for pid, o in obs.items():
                legal = o.legal_actions()
                actions[pid] = legal[rng.randrange(len(legal))]
            obs = env.step(actions)
    return n


def interleaved(runs: dict[str, Callable[[], int]], repeat: int) -> dict[str, float]:
    """Best hands-per-second of each run, the runs taken in turn."""
    best = dict.fromkeys(runs, 0.0)
    for _ in range(repeat):
        for name, fn in runs.items():
            start = time.perf_counter()
            n = fn()
            best[name] = max(best[name], n / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    runs: dict[str, Callable[[], int]] = {
        "majiang RandomBot": lambda: majiang_hands(args.hands, "random"),
        "majiang EfficiencyBot": lambda: majiang_hands(args.hands, "efficiency"),
    }
    try:
        import riichienv  # noqa: F401

        runs["riichienv random"] = lambda: riichienv_hands(args.hands)
    except ImportError:
        pass
    majiang_hands(2, "random")  # build the shape tables before timing
    rates = interleaved(runs, args.repeat)
    peer = rates.get("riichienv random")
    if args.json:
        print(json.dumps({"machine": platform.processor() or platform.machine(), "rates": rates}))
        return
    print(f"{'engine':<24}{'hands/s':>10}{'vs riichienv':>14}")
    for name, rate in rates.items():
        ratio = f"{rate / peer:.2f}x" if peer else "-"
        print(f"{name:<24}{rate:>10.0f}{ratio:>14}")


if __name__ == "__main__":
    main()
