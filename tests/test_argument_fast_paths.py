"""The argument fast paths agree with the general ones.

- A list of the ints 0-4 has its items recognised by identity with the cached ints (see
  src/bindings/count_lists.rs); tuples, arrays and strings take the general path. Anything
  unusual in a list (other ints, other types, another length) must fall back to the general
  path and behave exactly as the same items in a tuple.
- The last `jing=` argument that cannot change (a str, a tuple of str and int) is remembered
  with its parsed wild set; anything else is parsed every call.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import majiang
from conftest import near_complete_counts, random_counts

PRESETS = ("standard", "nanchang", "pingxiang", "nanjing")


def outcome(hand: object, **kwargs: object) -> object:
    """The shanten of a hand, or the type and message of the error it raises."""
    try:
        return majiang.shanten(hand, **kwargs)  # type: ignore[arg-type]
    except Exception as e:
        return (type(e).__name__, str(e))


def test_random_hands_agree_across_every_form(rng: random.Random) -> None:
    for i in range(3000):
        size = rng.choice((13, 14, 10, 11, 7, 8))
        make = near_complete_counts if i % 2 else random_counts
        counts = make(rng, size)
        melds = (14 - size) // 3
        rules = PRESETS[i % 4]
        jing = rng.choice(((), "5m", ("1z", "2z")))
        expected = majiang.shanten(counts, rules=rules, jing=jing, melds=melds)
        for other in (
            tuple(counts),
            np.array(counts, dtype=np.uint8),
            bytes(counts),
            majiang.to_mpsz([k for k in range(34) for _ in range(counts[k])]),
        ):
            assert majiang.shanten(other, rules=rules, jing=jing, melds=melds) == expected


@pytest.mark.parametrize(
    "item",
    [
        -1,
        -5,
        5,
        6,
        256,
        257,
        2**40,
        -(2**70),
        True,
        False,
        1.0,
        "1",
        None,
        np.uint8(1),
    ],
    ids=repr,
)
def test_unusual_items_behave_as_in_a_tuple(item: object, rng: random.Random) -> None:
    for _ in range(5):
        counts: list[object] = [*random_counts(rng, 13)]
        counts[rng.randrange(34)] = item
        assert outcome(counts) == outcome(tuple(counts))


def test_ints_equal_to_small_ones_but_not_the_cached_objects() -> None:
    class Count(int):
        pass

    counts: list[object] = [*([1] * 13), *([0] * 21)]
    counts[3] = Count(1)
    assert outcome(counts) == outcome(tuple(counts)) == majiang.shanten([1] * 13 + [0] * 21)


@pytest.mark.parametrize("length", [0, 1, 33, 35, 68])
def test_other_lengths(length: int) -> None:
    counts = ([1] * 13 + [0] * 55)[:length]
    got = outcome(counts)
    assert got == outcome(tuple(counts))
    assert isinstance(got, tuple)
    assert got[0] == "InvalidHandError"


def test_list_subclass_and_unchanged_input(rng: random.Random) -> None:
    class Hand(list[int]):
        pass

    counts = random_counts(rng, 14)
    before = list(counts)
    assert majiang.shanten(Hand(counts)) == majiang.shanten(counts)
    assert counts == before


def test_list_errors_name_the_item() -> None:
    """A list that leaves the fast path (a count out of range, a bool) gets the general
    reader's message, naming the item."""
    for hand, message in [
        ([1] * 13 + [5] + [0] * 20, "counts[13] = 5: a kind has 0 to 4 copies"),
        ([1] * 13 + [-1] + [0] * 20, "counts[13] = -1: a kind has 0 to 4 copies"),
        (
            [True] * 14 + [0] * 20,
            "counts[0] is a bool, not a count",
        ),  # bools were counts once (issue #11)
    ]:
        with pytest.raises(majiang.MajiangError) as e:
            majiang.shanten(hand, rules="standard")
        assert str(e.value) == message


def test_jing_remembered_only_while_it_cannot_change(rng: random.Random) -> None:
    hands = [random_counts(rng, 14) for _ in range(300)]
    fixed = ("3p", "4p")
    mutable = ["3p", "4p"]
    for i, h in enumerate(hands):
        expected = majiang.shanten(h, jing="3p4p")
        assert majiang.shanten(h, jing=fixed) == expected
        assert majiang.shanten(h, jing=("3p", "4p")) == expected
        assert majiang.shanten(h, jing=(11, 12)) == expected
        # a list may change between calls: each call must read it afresh
        mutable[1] = "4p" if i % 2 else "7z"
        assert majiang.shanten(h, jing=mutable) == majiang.shanten(h, jing=tuple(mutable))
        assert majiang.shanten(h, jing=fixed) == expected
        assert majiang.shanten(h) == majiang.shanten(h, jing=())


def test_bad_jing_after_a_remembered_one() -> None:
    hand = "123m456p789s1237z5m"
    assert majiang.shanten(hand, jing=("5m",)) == -1
    with pytest.raises(majiang.MajiangError, match="cannot be a wild tile"):
        majiang.shanten(hand, jing=("1f",))
    with pytest.raises(majiang.TileParseError):
        majiang.shanten(hand, jing=("5x",))
    assert majiang.shanten(hand, jing=("5m",)) == -1


def test_gb_meld_tuples_and_keyword_names_in_every_form(rng: random.Random) -> None:
    """``gb.fan``'s meld tuples and keyword names in any form: a tuple subclass, tiles as a
    list, keywords in another order or spelled by strings built at run time (not the interned
    names) give the same result."""
    from collections import namedtuple

    from gb_hands import random_gb_hand
    from majiang import gb

    Named = namedtuple("Named", "kind tiles source")

    def fresh(name: str) -> str:
        return "".join(list(name))  # equal text, another object

    for _ in range(400):
        g = random_gb_hand(rng)
        kw = g.kwargs()
        try:
            want: object = gb.fan(g.concealed, g.win, **kw)
        except majiang.MajiangError as e:
            want = (type(e).__name__, str(e))
        forms = [
            {**kw, "melds": [Named(*m) for m in g.melds]},
            {**kw, "melds": [(k, list(t), s) for k, t, s in g.melds]},
            {**kw, "melds": tuple((fresh(k), tuple(t), s) for k, t, s in g.melds)},
            dict(reversed(list(kw.items()))),
            {fresh(k): v for k, v in kw.items()},
        ]
        for form in forms:
            try:
                got: object = gb.fan(g.concealed, g.win, **form)
            except majiang.MajiangError as e:
                got = (type(e).__name__, str(e))
            assert got == want, form
    with pytest.raises(majiang.InvalidHandError, match="got 4 items"):
        gb.fan("2233m", "3m", melds=[("peng", (31, 31, 31), 1, 0)] * 3)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="multiple values for argument 'win_tile'"):
        again: dict[str, Any] = {fresh("win_tile"): "5p"}
        gb.fan("123m456m789m234p5p", "5p", **again)
