"""majiang.gb.fan's argument fast paths against the general readers they bypass.

A meld's tiles given as a tuple or list of plain ints are read without building tiles; the
same tiles as MPSZ text go through the general tile reader. Both must give the same result,
or the same exception with the same message, for any tiles at all (right or wrong melds).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

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


# The entry point matches keywords by address (the interned names) and reads small ints and
# meld kinds by address; anything else goes the general way and must mean the same.


def _fresh(text: str) -> str:
    """``text`` as a new string object, not the interned one (built at run time)."""
    return "".join(list(text))


def _not_cached(v: int) -> object:
    """An int equal to ``v`` that is not CPython's cached object for it (numpy's int64)."""
    import numpy as np

    return np.int64(v)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_keywords_ints_and_kinds_read_the_same_however_given(seed: int) -> None:
    rng = random.Random(seed)
    hand = random_gb_hand(rng)
    kw = hand.kwargs()
    want = _outcome(hand.concealed, hand.win, **kw)
    # keyword names that are not the interned objects: the same parameters
    fresh = {_fresh(k): v for k, v in kw.items()}
    assert all(a is not b for a, b in zip(fresh, kw, strict=True))
    assert _outcome(hand.concealed, hand.win, **fresh) == want
    # ints that are not the cached objects (winds, flowers, seat, tiles, sources), and meld
    # kinds that are not the interned strings
    odd = {k: (_not_cached(v) if type(v) is int else v) for k, v in kw.items()}
    odd["melds"] = [
        (_fresh(k), tuple(_not_cached(t) for t in tiles), None if s is None else _not_cached(s))
        for k, tiles, s in hand.melds
    ]
    assert _outcome(hand.concealed, _not_cached(hand.win), **odd) == want  # type: ignore[arg-type]


def test_a_call_that_does_not_match_the_signature_names_the_argument() -> None:
    fan: Any = gb.fan  # the calls below break the signature on purpose
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: fan("19m19p19s1234567z"), "missing required argument 'win_tile'"),
        (lambda: fan(), "missing required argument 'hand'"),
        (lambda: fan("1m", "1m", "1m"), "takes 2 positional arguments but 3 were given"),
        (lambda: fan("1m", "1m", sefl_drawn=True), "unexpected keyword argument 'sefl_drawn'"),
        (lambda: fan("1m", "1m", hand="1m"), "multiple values for argument 'hand'"),
    ]
    for call, words in cases:
        try:
            call()
        except majiang.ArgumentTypeError as e:
            assert isinstance(e, TypeError) and words in str(e), (words, str(e))
        else:
            raise AssertionError(words)
    # hand and win_tile may be given by name; a keyword given None takes its default
    r = fan(hand="19m19p19s1234567z", win_tile="1m", melds=None, self_drawn=None)
    assert (r.total, r.shape) == (88, "thirteen_orphans")


def test_bools_and_out_of_range_small_ints_are_refused_as_before() -> None:
    hand = "123m456p789s45m55z"
    for kw, word in [
        ({"seat_wind": True}, "bool"),
        ({"flowers": 9}, "flowers must be 0 to 8"),
        ({"seat": 4}, "seat must be 0 to 3"),
        ({"prevalent_wind": -1}, "prevalent_wind must be 0 to 3"),
    ]:
        try:
            gb.fan(hand, "6m", **kw)  # type: ignore[arg-type]
        except majiang.MajiangError as e:
            assert word in str(e), (kw, str(e))
        else:
            raise AssertionError(kw)
    for win in (34, 40, 63, 64, -1):
        try:
            gb.fan(hand, win)
        except majiang.MajiangError as e:
            assert "win_tile" in str(e) or "flower" in str(e), (win, str(e))
        else:
            raise AssertionError(win)


_NAMES = [
    "seat_wind", "seat", "prevalent_wind", "flowers", "melds", "self_drawn", "last_copy",
    "last_draw", "last_claim", "robbing", "replacement", "mingan_gang", "hand", "win_tile",
    "sefl_drawn", "",
]  # fmt: skip
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 70),
    st.integers(2**62, 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.lists(st.tuples(st.sampled_from(["chi", "peng", "an_gang", "x"]), st.text(max_size=4)),
             max_size=5),
    # meld tuples of any length (read in place), tiles as tuples or lists of any ints
    st.lists(
        st.lists(
            st.one_of(
                st.sampled_from(["chi", "peng", "ming_gang", "an_gang", "pung", 3]),
                st.tuples(*[st.integers(-1, 40)] * 3),
                st.lists(st.integers(-1, 40), max_size=5),
                st.integers(-1, 5),
                st.none(),
            ),
            max_size=5,
        ).map(tuple),
        max_size=5,
    ),
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.lists(_VALUES, max_size=3),
    st.dictionaries(st.sampled_from(_NAMES), _VALUES, max_size=6),
)
def test_any_call_returns_a_result_or_a_majiang_error(
    seed: int, positional: list[object], keywords: dict[str, object]
) -> None:
    """Whatever is passed, by position or by name, the entry point answers or raises a
    MajiangError (an ArgumentTypeError for a call that does not match the signature)."""
    hand = random_gb_hand(random.Random(seed))
    fan: Any = gb.fan
    args = [hand.concealed, hand.win, *positional][: 2 + len(positional)]
    try:
        r = fan(*args, **{**hand.kwargs(), **keywords})
    except majiang.MajiangError:
        return
    assert isinstance(r, gb.FanResult)
    assert r.total == sum(points * count for _, _, points, count in r.fans)


def test_a_keyword_that_is_not_valid_unicode_is_named() -> None:
    """A lone surrogate as a keyword name (issue 25 item 8) is an ArgumentTypeError naming it,
    escaped, not a UnicodeEncodeError; so is one as a meld's kind (an InvalidHandError)."""
    fan: Any = gb.fan
    for name in ["\ud800", "self_drawn\udfff", "\udc80\ud800x"]:
        try:
            fan("123m456m789m234p5p", "5p", **{name: 1})
        except majiang.ArgumentTypeError as e:
            escaped = name.encode("utf-8", "backslashreplace").decode("utf-8")
            assert f"unexpected keyword argument '{escaped}'" in str(e), str(e)
        else:
            raise AssertionError(name)
    try:
        gb.fan("2233m", "3m", melds=[("\ud800", "555z", 1)] * 3)
    except majiang.InvalidHandError as e:
        assert "melds[0]" in str(e) and "not valid Unicode" in str(e), str(e)
    else:
        raise AssertionError("a surrogate meld kind was accepted")


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.one_of(
            st.sampled_from(_NAMES),
            st.text(st.characters(codec=None, categories=None), min_size=0, max_size=8),
            st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1,
                    max_size=3),
        ),
        st.one_of(st.none(), st.booleans(), st.integers(-1, 9)),
        max_size=5,
    )
)  # fmt: skip
def test_any_keyword_names_give_a_result_or_a_majiang_error(keywords: dict[str, object]) -> None:
    """Any keyword names at all (lone surrogates among them): a result, or a MajiangError; an
    unknown name is named in the message (its bad code points escaped)."""
    fan: Any = gb.fan
    try:
        r = fan("123m456m789m234p5p", "5p", **keywords)
    except majiang.MajiangError as e:
        unknown = [k for k in keywords if k not in _NAMES or k in ("sefl_drawn", "")]
        if unknown and isinstance(e, majiang.ArgumentTypeError) and "unexpected" in str(e):
            escaped = unknown[0].encode("utf-8", "backslashreplace").decode("utf-8")
            assert f"argument '{escaped}'" in str(e), str(e)
        return
    assert isinstance(r, gb.FanResult)
    assert all(k in _NAMES for k in keywords)
