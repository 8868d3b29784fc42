"""majiang.gb.fan's argument fast paths against the general readers they bypass.

A meld's tiles given as a tuple or list of plain ints are read without building tiles; the
same tiles as MPSZ text go through the general tile reader. Both must give the same result,
or the same exception with the same message, for any tiles at all (right or wrong melds).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from gb_hands import random_gb_hand
from majiang import gb
from majiang.tiles import TILE_NAMES


def _text(tiles: list[int]) -> list[str]:
    return [TILE_NAMES[k] for k in tiles]


def _outcome(hand: list[int], win: int, **kw: object) -> object:
    try:
        return gb.fan(hand, win, **kw)  # type: ignore[arg-type]
    except majiang.MajiangError as e:
        return (type(e), str(e))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_int_meld_tiles_read_as_tile_names(seed: int) -> None:
    rng = random.Random(seed)
    hand = random_gb_hand(rng)
    melds = [(k, list(t), s) for k, t, s in hand.melds]
    if melds and rng.random() < 0.5:
        # a wrong meld: shuffle one's tiles and shift one of them (maybe out of 0-33)
        i = rng.randrange(len(melds))
        tiles = melds[i][1]
        rng.shuffle(tiles)
        tiles[rng.randrange(len(tiles))] += rng.choice([-9, -1, 1, 2, 40])
    kw = {k: v for k, v in hand.kwargs().items() if k != "melds"}
    as_tuples = [(k, tuple(t), s) for k, t, s in melds]
    as_lists = [(k, list(t), s) for k, t, s in melds]
    if all(0 <= x < 34 for _, t, _ in melds for x in t):
        as_names = [(k, _text(t), s) for k, t, s in melds]
        want = _outcome(hand.concealed, hand.win, melds=as_names, **kw)
    else:
        # indices outside the tile range: the general reader's message (through a generator,
        # which no fast path takes)
        as_iters = [(k, iter(t), s) for k, t, s in melds]
        want = _outcome(hand.concealed, hand.win, melds=as_iters, **kw)
    assert _outcome(hand.concealed, hand.win, melds=as_tuples, **kw) == want
    assert _outcome(hand.concealed, hand.win, melds=as_lists, **kw) == want


def test_bools_in_meld_tiles_are_refused_as_before() -> None:
    try:
        gb.fan("456m789m234p5p", "5p", melds=[("chi", (True, 1, 2), 3)])
    except majiang.ArgumentTypeError as e:
        assert "bool" in str(e)
    else:
        raise AssertionError("a bool among a meld's tiles was accepted")
