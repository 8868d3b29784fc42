"""Property tests: random junk for every argument of the core functions only ever raises
MajiangError subclasses (never a TypeError, OverflowError, UnicodeError, PanicException or
a crash), and well-formed input is answered.

A CI-sized run; ``benches/fuzz_core.py`` runs the same strategies for as long as asked.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import majiang
from majiang import batch, tiles

CI = settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

TILE_TEXT = "0123456789mpszf 万筒条东南西北中发白红板财一二九🀄🀇🀙,|"


def scalars() -> st.SearchStrategy[Any]:
    """Single values of every kind Python and numpy hand to a function."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-6, 45),
        st.integers(),
        st.sampled_from([2**63, -(2**63) - 1, 2**64, 10**30, -(10**30), 10**400]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=12),
        st.text(alphabet=TILE_TEXT, max_size=20),
        st.sampled_from(["\ud800", "1m\udfff", "中\ud83c", "5m"]),  # lone surrogates
        st.binary(max_size=40),
        st.sampled_from(
            [
                np.int64(3),
                np.uint8(4),
                np.int8(-1),
                np.uint64(2**64 - 1),
                np.True_,
                np.float64("nan"),
                np.str_("5m"),
            ]
        ),
        st.sampled_from(
            [
                object(),
                majiang.Rules(),
                majiang.Rules.preset("nanjing"),
                int,
                range(3),
                frozenset({"1m"}),
                {"5m": 1},
                1j,
                ...,
            ]
        ),
    )


def arrays() -> st.SearchStrategy[Any]:
    """numpy arrays of odd dtypes, shapes and layouts."""
    dtypes = st.sampled_from(
        [np.uint8, np.int8, np.int64, np.uint16, np.bool_, np.float64, "U2", object]
    )
    shapes = st.sampled_from([(), (0,), (34,), (33,), (1, 34), (2, 34), (3, 34), (2, 33), (34, 2)])

    def build(dtype: Any, shape: tuple[int, ...], fill: int, layout: str) -> Any:
        a = np.full(shape, fill % 6).astype(dtype)
        if layout == "F":
            return np.asfortranarray(a)
        if layout == "reversed" and a.ndim:
            return a[::-1]
        return a

    return st.builds(
        build, dtypes, shapes, st.integers(0, 300), st.sampled_from(["C", "F", "reversed"])
    )


def hands() -> st.SearchStrategy[Any]:
    """Well-formed hands in every accepted form, so that deeper paths are reached too."""

    def as_form(counts: list[int], form: str) -> Any:
        if form == "list":
            return counts
        if form == "tuple":
            return tuple(counts)
        if form == "array":
            return np.array(counts, np.uint8)
        if form == "bytes":
            return bytes(counts)
        return tiles.from_counts(counts)

    def counts_of(kinds: list[int]) -> list[int]:
        c = [0] * 34
        for k in kinds:
            if c[k] < 4:
                c[k] += 1
        return c

    sizes = st.sampled_from([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
    return st.builds(
        as_form,
        sizes.flatmap(lambda n: st.lists(st.integers(0, 33), min_size=n, max_size=n)).map(
            counts_of
        ),
        st.sampled_from(["list", "tuple", "array", "bytes", "str"]),
    )


def junk() -> st.SearchStrategy[Any]:
    return st.recursive(
        st.one_of(scalars(), arrays(), hands()),
        lambda inner: st.one_of(
            st.lists(inner, max_size=36),
            st.tuples(inner, inner),
            st.lists(st.integers(-2, 300), min_size=34, max_size=34),
            st.lists(st.text(alphabet=TILE_TEXT, max_size=4), max_size=16),
            st.dictionaries(st.text(max_size=3), inner, max_size=3),
        ),
        max_leaves=40,
    )


def _only_majiang_errors(call: Callable[[], object]) -> None:
    # Anything but a MajiangError (TypeError, OverflowError, UnicodeError, a PanicException,
    # which is a BaseException) propagates and fails the test with its traceback.
    with contextlib.suppress(majiang.MajiangError):
        call()


SHAPE_QUERIES = [
    majiang.shanten,
    majiang.shanten_detail,
    majiang.is_winning,
    majiang.winning_tiles,
    majiang.discard_options,
    majiang.best_discard,
    majiang.decompositions,
]


@CI
@given(
    tiles_=st.one_of(hands(), junk()),
    rules=st.one_of(
        st.none(), st.sampled_from(["standard", "nanchang", "pingxiang", "nanjing", "gb"]), junk()
    ),
    jing=st.one_of(st.none(), st.sampled_from(["5m", ("3p", "4p"), [27], ()]), junk()),
    melds=st.one_of(st.integers(0, 4), junk()),
    extra=junk(),
)
def test_shape_queries_raise_only_majiang_errors(
    tiles_: Any, rules: Any, jing: Any, melds: Any, extra: Any
) -> None:
    for f in SHAPE_QUERIES:
        _only_majiang_errors(lambda f=f: f(tiles_, rules=rules, jing=jing, melds=melds))  # type: ignore[misc]
    _only_majiang_errors(lambda: majiang.discard_options(tiles_, visible=extra))
    _only_majiang_errors(lambda: majiang.best_discard(tiles_, visible=extra, keep=jing))
    _only_majiang_errors(lambda: majiang.decompositions(tiles_, jing=jing, limit=extra))


@CI
@given(arg=junk())
def test_tile_functions_raise_only_majiang_errors(arg: Any) -> None:
    for f in (
        majiang.parse_tiles,
        majiang.to_mpsz,
        majiang.to_chinese,
        majiang.to_glyphs,
        majiang.tile_index,
        majiang.jing_pair,
        majiang.Rules.preset,
    ):
        _only_majiang_errors(lambda f=f: f(arg))  # type: ignore[misc]


@CI
@given(
    knob=st.sampled_from(
        [
            "honor_sequences",
            "pair",
            "seven_pairs",
            "thirteen_orphans",
            "thirteen_rotten",
            "all_258",
            "knitted_honors",
        ]
    ),
    value=st.one_of(
        st.sampled_from(
            [
                "any",
                "258",
                "off",
                "distinct",
                "four_as_two",
                "nanchang",
                "knitted",
                "at_least_5",
                "exactly_5",
            ]
        ),
        junk(),
    ),
)
def test_rules_knobs_raise_only_majiang_errors(knob: str, value: Any) -> None:
    _only_majiang_errors(lambda: majiang.Rules(**{knob: value}))
    _only_majiang_errors(lambda: majiang.Rules.preset("pingxiang").replace(**{knob: value}))


@CI
@given(
    counts=st.one_of(arrays(), junk()),
    visible=st.one_of(arrays(), junk()),
    jing=st.one_of(st.none(), arrays(), junk()),
    melds=st.one_of(st.none(), st.integers(0, 4), arrays(), junk()),
    threads=st.one_of(st.none(), st.integers(-3, 3), junk()),
    rules=st.one_of(st.none(), st.just("standard"), junk()),
)
def test_batch_functions_raise_only_majiang_errors(
    counts: Any, visible: Any, jing: Any, melds: Any, threads: Any, rules: Any
) -> None:
    kw = {"rules": rules, "jing": jing, "melds": melds, "threads": threads}
    for f in (batch.shanten, batch.winning_mask, batch.discard_shanten):
        _only_majiang_errors(lambda f=f: f(counts, **kw))  # type: ignore[misc]
    _only_majiang_errors(lambda: batch.effective_counts(counts, visible, **kw))


@CI
@given(kinds=st.lists(st.integers(0, 41), max_size=20))
def test_tile_text_round_trips(kinds: list[int]) -> None:
    names = majiang.parse_tiles(kinds)
    assert [majiang.tile_index(n) for n in names] == kinds
    assert majiang.parse_tiles(majiang.to_mpsz(names)) == names
    assert majiang.parse_tiles(majiang.to_glyphs(names)) == names
    assert majiang.parse_tiles(" ".join(majiang.to_chinese(names))) == names
    assert [majiang.tile_index(k) for k in kinds] == kinds


@CI
@given(hand=hands(), melds=st.integers(0, 4))
def test_well_formed_hands_agree_across_forms(hand: Any, melds: int) -> None:
    try:
        want = majiang.shanten(hand, melds=melds)
    except majiang.InvalidHandError:
        return  # the size does not fit the melds
    counts = (
        majiang.tiles.to_counts(majiang.parse_tiles(hand)) if isinstance(hand, str) else list(hand)
    )
    assert majiang.shanten(counts, melds=melds) == want
    row = np.array([counts], np.uint8)
    assert batch.shanten(row, melds=melds).tolist() == [want]
