"""Settling each variant's example record (``examples/*-hand.json``), warm, in one run.

    python benches/settle_examples.py [--number N] [--repeat R]

Each record is settled from its JSON form by ``majiang.settle`` ``N`` times in a row, ``R``
times; the best of the ``R`` runs, divided by ``N``, is printed (the machine is shared: the
best is the least disturbed). Run it under two builds in turn to compare them.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import timeit

import majiang

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    for path in sorted(EXAMPLES.glob("*-hand.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        majiang.settle(data)  # warm: parsed and scored once before timing

        def once(data: object = data) -> None:
            majiang.settle(data)

        best = min(timeit.repeat(once, number=args.number, repeat=args.repeat)) / args.number
        print(f"{path.name:24s} {best * 1e6:7.1f} µs")


if __name__ == "__main__":
    main()
