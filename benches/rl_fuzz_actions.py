"""The action-id invariants over many random states: the CI-sized property test
(tests/test_rl_actions.py) at the issue's size.

    python benches/rl_fuzz_actions.py [--states 100000] [--variants nanchang,pingxiang,nanjing]

Random legal walks of matches (a random acting seat, a random legal action) visit the
states; at each: for every seat the mask is exactly the ids of its legal actions (distinct
ids), never all false for a seat that must act, all false for the others; at every 50th
state every true id of an acting seat steps a copy without error and gives back its id.
Prints the states checked per variant; exits non-zero at the first violation.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from majiang.game import Game
from majiang.rl import action_space, legal_mask, step_id


def check(game: Game, deep: bool, rng: random.Random) -> None:
    space = action_space(game)
    acting = game.to_act()
    for seat in range(4):
        legal = game.legal_actions(seat)
        ids = sorted(space.id_of(a) for a in legal)
        mask = legal_mask(game, seat)
        if len(set(ids)) != len(ids) or np.flatnonzero(mask).tolist() != ids:
            raise AssertionError(f"seat {seat}: mask {np.flatnonzero(mask)} vs legal {legal}")
        if (seat in acting) != bool(ids):
            raise AssertionError(f"seat {seat}: acting {acting}, ids {ids}")
    if deep and acting:
        seat = rng.choice(acting)
        for i in np.flatnonzero(legal_mask(game, seat)).tolist():
            done = step_id(game.clone(), seat, i)
            if space.id_of(done) != i:
                raise AssertionError(f"id {i} stepped {done}")


def run(variant: str, states: int) -> int:
    checked, match = 0, 0
    while checked < states:
        rng = random.Random(match)
        game = Game(variant, seed=match, hands=4)
        while checked < states:
            check(game, checked % 50 == 0, rng)
            checked += 1
            if game.over:
                break
            seats = game.to_act()
            seat = seats[rng.randrange(len(seats))]
            legal = game.legal_actions(seat)
            game.step(seat, legal[rng.randrange(len(legal))])
        match += 1
    return checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=100_000)
    parser.add_argument("--variants", default="nanchang,pingxiang,nanjing,sichuan")
    args = parser.parse_args()
    for variant in args.variants.split(","):
        start = time.perf_counter()
        n = run(variant, args.states)
        print(f"{variant}: {n} states checked in {time.perf_counter() - start:.0f} s")
    sys.exit(0)


if __name__ == "__main__":
    main()
