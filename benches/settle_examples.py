"""Settling each variant's example record (``examples/*-hand.json``), warm, in one run.

    python benches/settle_examples.py [--number N] [--repeat R] [--engine]

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
PLAYED = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb", "guiyang", "tongren")


def _best(call: Callable[[], object], number: int, repeat: int) -> float:
    call()  # warm: parsed and scored once before timing
    # CPU time, not wall time: the machine is shared, and a wait for the CPU is not ours.
    return min(timeit.repeat(call, number=number, repeat=repeat, timer=time.process_time)) / number


def _engine(number: int, repeat: int) -> None:
    from majiang.game import EfficiencyBot, Game, play
    from majiang.typed_records import engine_settle

    for name in PLAYED:
        game = play(Game(name, seed=1), [EfficiencyBot() for _ in range(4)])
        settle = engine_settle(name)
        typed = _best(partial(settle, game.records[-1], game.state), number, repeat)
        plain = _best(partial(settle, game.records[-1]), number, repeat)
        print(f"{name + ' (engine)':24s} {typed * 1e6:7.1f} µs typed, {plain * 1e6:7.1f} µs dict")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--engine", action="store_true", help="also the engine's typed path")
    args = parser.parse_args()
    for path in sorted(EXAMPLES.glob("*-hand.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        best = _best(partial(majiang.settle, data), args.number, args.repeat)
        print(f"{path.name:24s} {best * 1e6:7.1f} µs")
    if args.engine:
        _engine(args.number, args.repeat)


if __name__ == "__main__":
    main()
