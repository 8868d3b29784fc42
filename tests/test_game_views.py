"""Seat views are put together by field name (majiang.game.views): every Observation field
comes from the public part or the seat's part, named as in Observation, whatever the order."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from majiang.game import Game
from majiang.game.observation import Observation
from majiang.game.views import PublicFields, SeatPart, observation_of, picker, public_view
from majiang.meld import Meld


def test_each_observation_field_comes_from_the_part_field_of_its_name() -> None:
    # Sentinels: each part field holds its own name, so a field taken from the wrong place
    # shows up as another name.
    pick = picker((PublicFields._fields, SeatPart._fields), Observation._fields)
    assert pick(PublicFields._fields + SeatPart._fields) == Observation._fields


def test_the_parts_give_every_observation_field_exactly_once() -> None:
    assert sorted((*PublicFields._fields, *SeatPart._fields)) == sorted(Observation._fields)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ((("seat",),), "fields missing"),
        (((*Observation._fields,), ("seat",)), "extra or twice \\['seat'\\]"),
        (((*Observation._fields, "hands"),), "extra or twice \\['hands'\\]"),
    ],
)
def test_a_part_that_misses_or_repeats_a_field_is_refused(
    parts: tuple[tuple[str, ...], ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        picker(parts, Observation._fields)


@pytest.mark.parametrize("variant", ["nanchang", "pingxiang", "nanjing", "sichuan", "gb"])
def test_an_observation_holds_the_seat_own_hand_and_the_public_table(variant: str) -> None:
    g = Game(variant, seed=11, dealer=1)
    st = g.state
    view = public_view(
        st,
        g.table,
        g.scores,
        over=False,
        kept=g.table.kept_back,
        out=(False,) * 4,
        variant=variant,
        options=(),
    )
    for seat in range(4):
        o = observation_of(view, st, seat, g.variant)
        assert o.seat == seat
        assert o.hand_counts == tuple(st.hands[seat])
        assert o.pond_kinds == tuple(st.ponds)
        assert o.dealer == st.dealer == 1
        assert o.wall == st.wall.remaining - g.table.kept_back
        # the dealer's drawn tile shows on its own turn only
        assert o.drawn_kind == (st.drawn if seat == st.turn and st.phase == "turn" else None)


@pytest.mark.parametrize(
    ("seat", "tile", "error"),
    [
        (4, 0, majiang.IllegalActionError),
        (True, 0, majiang.ArgumentTypeError),
        (1, 34, majiang.IllegalActionError),
        (1, -1, majiang.IllegalActionError),
        (1, "5m", majiang.ArgumentTypeError),
        (1, False, majiang.ArgumentTypeError),
        ("1", 0, majiang.ArgumentTypeError),
    ],
)
def test_claim_options_refuses_what_is_no_seat_or_kind(seat: Any, tile: Any, error: type) -> None:
    g = Game(seed=3, dealer=0)
    before = g.state.to_json()
    with pytest.raises(error):
        g.claim_options(seat, tile)
    assert g.state.to_json() == before


@given(st.integers(0, 3), st.integers(0, 33))
@settings(max_examples=60, deadline=None)
def test_claim_options_are_what_a_claim_window_offers(seat: int, tile: int) -> None:
    # Every option is an action the seat could take on that discard: no pass, a win first.
    g = Game("pingxiang", seed=seat * 34 + tile, dealer=(seat + 1) % 4)
    opts = g.claim_options(seat, tile)
    assert all(type(a).__name__ in ("Win", "Kong", "Pong", "Chow") for a in opts)
    assert all(type(a).__name__ != "Win" for a in opts[1:])


def test_the_public_view_takes_each_field_from_the_state_by_name() -> None:
    # Every public field of the state made distinct, so a field built from the wrong place
    # (two arguments swapped) shows up as the other's value.
    g = Game("nanchang", seed=5, dealer=0)
    st = g.state
    st.dealer, st.streak, st.turn, st.discarder, st.last_discard = 3, 7, 2, 1, 5
    st.indicator, st.lower, st.lower_shown, st.wilds = 9, 11, True, (12, 13)
    st.ponds = [(0,), (1, 1), (2, 2, 2), (3, 3, 3, 3)]
    st.flowers = [(), (34,), (35, 36), ()]
    st.revealed = [(), tuple([1] + [0] * 33), (), ()]
    st.after_kong = True
    scores = [101, 102, 103, 104]
    view = public_view(st, g.table, scores, over=False, kept=4, out=(False,) * 4,
                       variant="nanchang", options=(("x", 1),))  # fmt: skip
    expected = {
        "pond_kinds": tuple(st.ponds),
        "wall": st.wall.remaining - 4,
        "indicator_kind": 9,
        "wild_kinds": (12, 13),
        "scores": (101, 102, 103, 104),
        "dealer": 3,
        "dealer_streak": 7,
        "turn": 2,
        "phase": st.phase,
        "last_discard_kind": 5,
        "discarder": 1,
        "flowers": tuple(st.flowers),
        "rules": g.table.shapes,
        "shown": ((), (), (), ()),
        "wins": (),
        "variant": "nanchang",
        "options": (("x", 1),),
        "lower_indicator_kind": 11,
        "revealed": tuple(st.revealed),
        "after_kong": True,
    }
    assert set(expected) == set(PublicFields._fields)
    for name, value in expected.items():
        assert getattr(view.fields, name) == value, name


def test_a_seat_part_takes_each_field_by_name() -> None:
    # The seat's five fields made distinct: a meld, a declaration, a drawn tile, its hand.
    g = Game("nanchang", seed=6, dealer=1)
    st = g.state
    st.melds = [(), (Meld("peng", (4, 4, 4), 0),), (), ()]
    st.declared = [{"ready": "yes"}, {}, {}, {}]
    st.phase, st.turn, st.drawn = "turn", 1, 7
    view = public_view(st, g.table, g.scores, False, 0, (False,) * 4, "nanchang", ())
    o = observation_of(view, st, 1, g.variant)
    assert o.seat == 1
    assert o.hand_counts == tuple(st.hands[1])
    assert o.melds == ((), (Meld("peng", (4, 4, 4), 0),), (), ())
    assert o.drawn_kind == 7
    assert o.declared == ((("ready", "yes"),), (), (), ())
