"""Settling each variant's example record (``examples/*-hand.json``), warm, in one run.

    python benches/settle_examples.py [--number N] [--repeat R] [--engine] [--cpu]

Each record is settled from its JSON form by ``majiang.settle`` ``N`` times in a row, ``R``
times; the best of the ``R`` runs, divided by ``N``, is printed in CPU time (the machine is
shared: the best is the least disturbed). Run it under two builds in turn to compare them.

``--engine`` also times what the engine does at the end of a hand: a seeded hand of each
variant played by EfficiencyBots, its record settled from the typed record built from the
engine's state (``majiang.typed_records.engine_settle``), beside the same record settled
from its dict.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import time
import timeit
from collections.abc import Callable
from functools import partial

import majiang

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
PLAYED = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb", "hebei", "guiyang", "tongren")
WON = 20
"""How many won engine records of each variant the dict mean settles."""
TIMER: Callable[[], float] = time.perf_counter


def _best(call: Callable[[], object], number: int, repeat: int) -> float:
    call()  # warm: parsed and scored once before timing
    return min(timeit.repeat(call, number=number, repeat=repeat, timer=TIMER)) / number


def _won_records(name: str) -> list[dict[str, object]]:
    from majiang.game import EfficiencyBot, Game, play

    out: list[dict[str, object]] = []
    seed = 0
    while len(out) < WON:
        game = play(Game(name, seed=seed, hands=4), [EfficiencyBot() for _ in range(4)])
        out += [r for r in game.records if r["result"]["kind"] == "win"]
        seed += 1
    loaded: list[dict[str, object]] = json.loads(json.dumps(out[:WON]))  # as a file gives them
    return loaded


def _settle_all(records: list[dict[str, object]]) -> None:
    for r in records:
        majiang.settle(r)


def _engine(number: int, repeat: int) -> None:
    from majiang.game import EfficiencyBot, Game, play
    from majiang.typed_records import engine_settle

    for name in PLAYED:
        game = play(Game(name, seed=1), [EfficiencyBot() for _ in range(4)])
        settle = engine_settle(name)
        typed = _best(partial(settle, game.records[-1], game.state), number, repeat)
        plain = _best(partial(settle, game.records[-1]), number, repeat)
        won = _won_records(name)
        mean = _best(partial(_settle_all, won), max(1, number // WON), repeat) / WON
        print(
            f"{name + ' (engine)':24s} {typed * 1e6:7.1f} µs typed, {plain * 1e6:7.1f} µs dict, "
            f"{mean * 1e6:7.1f} µs dict mean of {WON} won"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--engine", action="store_true", help="also the engine's typed path")
    parser.add_argument("--cpu", action="store_true", help="CPU time, not wall time")
    args = parser.parse_args()
    global TIMER
    if args.cpu:
        TIMER = time.process_time
    for path in sorted(EXAMPLES.glob("*-hand.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        best = _best(partial(majiang.settle, data), args.number, args.repeat)
        print(f"{path.name:24s} {best * 1e6:7.1f} µs")
    if args.engine:
        _engine(args.number, args.repeat)


if __name__ == "__main__":
    main()
