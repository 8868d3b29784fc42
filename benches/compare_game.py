"""Complete hands a second: majiang's engine beside riichienv's, in one run.

    python benches/compare_game.py [--hands N] [--repeat R] [--json]
    python benches/compare_game.py --variants [--hands N] [--repeat R] [--cpu-check] [--cpu-time]
        [--json]

Both engines are driven from Python by random legal actions, one complete hand (one kyoku
for riichienv) per game, observations built for every seat that acts:
- majiang: ``Game(seed=i)`` with four ``RandomBot``; each step asks ``observation(seat)`` and
  ``legal_actions(seat)``, the bot picks, ``step`` applies it.
- riichienv (optional, from PyPI): ``RiichiEnv(seed=i)``; each step every seat in the
  observation dict picks uniformly from ``obs.legal_actions()``.
Also timed: majiang with four ``EfficiencyBot`` (no peer).

Runs are interleaved (engine A, engine B, A, B, ...) so machine noise hits both alike; each
figure is the best of R runs of N hands. The ratio is majiang's rate over riichienv's.

``--variants`` times the three variants side by side instead, in one interleaved run: four
``EfficiencyBot`` a table, matches of four hands (``Game(v, seed=m, hands=4)``, ``N / 4``
matches a run, the same seeds for every run), with each variant's turns per hand (its hands
differ in length: Nanchang's eight wild tiles end hands early) and the rate over
Nanchang's. ``--cpu-time`` divides by the process's CPU time instead of the wall clock (on a
machine other jobs load, the time this process was not running is left out). ``--cpu-check``
times a fixed pure-Python loop alone and then in two processes at once, before and after, and
reports how much of two cores the machine gave (2.0: two whole cores; 1.0: the two processes
shared one), with the load average: another user's jobs show there.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import os
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


VARIANTS = ("nanchang", "pingxiang", "nanjing", "sichuan")


def variant_hands(variant: str, n: int) -> int:
    """``n`` hands (rounded up to whole matches of four) of ``variant`` with four
    EfficiencyBots; returns the hands played."""
    played = 0
    for m in range((n + 3) // 4):
        game = play(Game(variant, seed=m, hands=4), [EfficiencyBot() for _ in range(4)])
        played += len(game.records)
    return played


def turns_per_hand(variant: str, n: int) -> float:
    """Discards per hand over the first ``n`` hands of :func:`variant_hands`."""
    discards = hands = 0
    for m in range((n + 3) // 4):
        game = play(Game(variant, seed=m, hands=4), [EfficiencyBot() for _ in range(4)])
        discards += sum(1 for e in game.events if e.get("event") == "discard")
        hands += len(game.records)
    return discards / hands


def _spin(loops: int) -> float:
    start = time.perf_counter()
    x = 0
    for i in range(loops):
        x += i * i
    return time.perf_counter() - start


def cpu_share(loops: int = 3_000_000) -> dict[str, float]:
    """A fixed loop timed alone and as two processes at once: the cores the machine gives
    (``2 x alone / together``, 2.0 at best) and the load average when measured."""
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_spin, [1000, 1000])  # start both workers first
        alone = min(pool.apply(_spin, (loops,)) for _ in range(3))
        together = min(max(pool.map(_spin, [loops, loops])) for _ in range(3))
    return {
        "loop_alone_s": alone,
        "loop_two_at_once_s": together,
        "cores": round(2 * alone / together, 2),
        "load_1min": os.getloadavg()[0],
    }


def print_cpu_shares(before: dict[str, float] | None, after: dict[str, float] | None) -> None:
    """Prints the :func:`cpu_share` checks taken before and after a run (None: not taken)."""
    for label, share in (("before", before), ("after", after)):
        if share:
            print(
                f"cpu {label}: loop {share['loop_alone_s']:.3f} s alone, "
                f"{share['loop_two_at_once_s']:.3f} s two at once: {share['cores']} of 2 cores "
                f"(load {share['load_1min']:.2f})"
            )


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


def interleaved(
    runs: dict[str, Callable[[], int]], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """Best hands-per-second of each run, the runs taken in turn (``clock``: wall time, or
    the process's CPU time with ``--cpu-time``)."""
    best = dict.fromkeys(runs, 0.0)
    for _ in range(repeat):
        for name, fn in runs.items():
            start = clock()
            n = fn()
            best[name] = max(best[name], n / (clock() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--variants", action="store_true", help="the three variants, side by side")
    parser.add_argument("--cpu-check", action="store_true", help="how much of two cores we got")
    parser.add_argument(
        "--cpu-time", action="store_true", help="rates per second of this process's CPU time"
    )
    args = parser.parse_args()
    if args.variants:
        variants_main(args)
        return

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


def variants_main(args: argparse.Namespace) -> None:
    before = cpu_share() if args.cpu_check else None
    for v in VARIANTS:
        variant_hands(v, 4)  # build each rule set's tables before timing
    runs: dict[str, Callable[[], int]] = {
        v: functools.partial(variant_hands, v, args.hands) for v in VARIANTS
    }
    rates = interleaved(
        runs, args.repeat, time.process_time if args.cpu_time else time.perf_counter
    )
    after = cpu_share() if args.cpu_check else None
    turns = {v: turns_per_hand(v, args.hands) for v in VARIANTS}
    if args.json:
        out = {
            "machine": platform.processor() or platform.machine(),
            "date": time.strftime("%Y-%m-%d %H:%M"),
            "hands": args.hands,
            "repeat": args.repeat,
            "rates": rates,
            "turns_per_hand": turns,
            "cpu_before": before,
            "cpu_after": after,
        }
        print(json.dumps(out))
        return
    base = rates["nanchang"]
    print(f"{'variant':<12}{'hands/s':>10}{'vs nanchang':>13}{'turns/hand':>12}{'turns/s':>10}")
    for v, rate in rates.items():
        print(f"{v:<12}{rate:>10.0f}{rate / base:>12.2f}x{turns[v]:>12.1f}{rate * turns[v]:>10.0f}")
    print_cpu_shares(before, after)


if __name__ == "__main__":
    main()
