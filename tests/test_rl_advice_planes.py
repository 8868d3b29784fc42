"""The opt-in advice planes (majiang.rl.advice_planes): each cell against ``majiang.advice``
of the seat's hand, one hand at a time, with the hypergeometric chance written out with
binomials; the chance helper against that formula; the rows depend only on what the seat
sees (tests/test_hidden_information.py deals the hidden tiles anew and requires them
unchanged)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import majiang
from majiang.errors import ArgumentTypeError
from majiang.game import PLANES, Game
from majiang.rl import encode, encode_batch, plane_names
from majiang.rl.advice_planes import ADVICE_PLANES, any_chance
from majiang.tiles import KINDS
from rl_states import walk

VARIANTS = ("nanchang", "pingxiang", "sichuan")


def chance_by_binomials(pool: int, good: int, draws: int) -> float:
    n = min(draws, pool)
    return 1.0 - math.comb(pool - good, n) / math.comb(pool, n)


@given(st.integers(0, 130), st.integers(0, 20), st.integers(0, 40))
def test_any_chance_is_the_hypergeometric_formula(pool: int, good: int, draws: int) -> None:
    good = min(good, pool)
    got = float(any_chance(np.array([pool]), np.array([good]), np.array([draws]))[0])
    assert abs(got - chance_by_binomials(pool, good, draws)) < 1e-9


def expected_rows(game: Game, seat: int) -> list[list[int]]:
    """The three rows from majiang.advice on the seat's own hand and unseen counts."""
    obs = game.observation(seat)
    hand = list(game.state.hands[seat])
    melds = len(obs.melds[seat])
    rows = [[0] * 34 for _ in ADVICE_PLANES]
    if sum(hand) + 3 * melds != 14:
        return rows
    unseen = obs.to_numpy()[PLANES.index("unseen")].tolist()
    draws = -(-obs.wall // game.seats)
    pool = sum(unseen)
    jing = tuple(KINDS[k] for k in obs.wild_kinds) or None
    for a in majiang.advice(
        hand, rules=game.table.shapes, jing=jing, melds=melds, unseen=unseen, chances=False
    ):
        assert a.discard is not None
        k = KINDS.index(a.discard)
        rows[0][k] = min(a.improving_total, 255)
        rows[1][k] = 0 if a.next_average is None else min(round(a.next_average), 255)
        if a.shanten == 0:
            rows[2][k] = round(255 * chance_by_binomials(pool, a.effective_total, draws))
    return rows


def test_rows_agree_with_the_single_hand_advice() -> None:
    rng = random.Random(31)
    checked = 0
    names = plane_names(advice=True)
    assert names[-3:] == ADVICE_PLANES and len(names) == len(plane_names()) + 3
    for variant in VARIANTS:
        for seed in range(3):
            for n, game in enumerate(walk(variant, seed, 90)):
                if game.over or n % 5:
                    continue
                seat = game.to_act()[0] if rng.random() < 0.7 else rng.randrange(4)
                a = encode(game, seat, advice=True)
                assert (a[: len(names) - 3] == encode(game, seat)).all()
                want = expected_rows(game, seat)
                for i, name in enumerate(ADVICE_PLANES):
                    assert a[len(names) - 3 + i].tolist() == want[i], (variant, name)
                checked += sum(1 for row in want if any(row))
    assert checked > 30


def test_a_batch_with_every_flag_is_its_rows() -> None:
    games = [Game("nanchang", seed=s) for s in range(4)]
    seats = [g.to_act()[0] for g in games]
    both = encode_batch(games, seats, advice=True, scoring=True, oracle=True)
    for i, (g, s) in enumerate(zip(games, seats, strict=True)):
        assert (both[i] == encode(g, s, advice=True, scoring=True, oracle=True)).all()
    names = plane_names(oracle=True, scoring=True, advice=True)
    assert both.shape == (4, len(names), 34)
    assert names.index("horses") == len(names) - 4


def test_the_flag_must_be_a_bool() -> None:
    with pytest.raises(ArgumentTypeError, match="advice"):
        plane_names(advice=1)  # type: ignore[arg-type]
