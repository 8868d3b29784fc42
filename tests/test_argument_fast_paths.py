"""The argument fast paths agree with the general ones.

- A list of the ints 0-4 is read in place and its items recognised by address (see
  src/bindings/count_lists.rs); tuples, arrays and strings take the general path. Anything
  unusual in a list (other ints, other types, another length) must fall back to the general
  path and behave exactly as the same items in a tuple.
- The last `jing=` argument that cannot change (a str, a tuple of str and int) is remembered
  with its parsed wild set; anything else is parsed every call.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import majiang
from conftest import near_complete_counts, random_counts
from majiang import _core

PRESETS = ("standard", "nanchang", "pingxiang", "nanjing")


def outcome(hand: object, **kwargs: object) -> object:
    """The shanten of a hand, or the type and message of the error it raises."""
    try:
        return majiang.shanten(hand, **kwargs)  # type: ignore[arg-type]
    except Exception as e:
        return (type(e).__name__, str(e))


def test_this_interpreter_takes_the_fast_reads() -> None:
    """On the CPython versions whose list and tuple layouts are known, both are read in place.

    Guards the speed, not the answers: a verification that silently failed would leave every
    answer right and every call a third slower.
    """
    reads, recognition = _core._list_reads()
    if sys.implementation.name == "cpython" and (3, 10) <= sys.version_info[:2] <= (3, 14):
        assert reads == "in place"
    if sys.implementation.name == "cpython" and sys.version_info[:2] >= (3, 11):
        assert recognition == "address steps"


def test_gb_fan_finds_its_keywords_by_address() -> None:
    """``gb.fan``'s keyword names are found by one look-up of their address.

    Guards the speed, not the answers: the table used to fail silently in some processes (the
    names' addresses collided under a fixed shift), and every keyword was then compared with
    each parameter name in turn.
    """
    assert _core._keyword_lookup() == "address table"


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


PORTABLE_SCRIPT = """
import json, random, sys
sys.path.insert(0, {tests!r})
from conftest import random_counts, near_complete_counts
import majiang
from majiang import _core
rng = random.Random(7)
hands = [(random_counts if i % 2 else near_complete_counts)(rng, 14) for i in range(2000)]
hands += [[1] * 13 + [5] + [0] * 20, [1] * 13 + [-1] + [0] * 20, [True] * 14 + [0] * 20]
out = []
for h in hands:
    try:
        out.append(majiang.shanten(h, rules="standard"))
    except majiang.MajiangError as e:
        out.append(str(e))
# majiang.gb.fan reads small ints (tiles, seats, winds, flowers) by address too
from gb_hands import random_gb_hand
from majiang import gb
gb_out = []
for _ in range(300):
    g = random_gb_hand(rng)
    try:
        r = gb.fan(g.concealed, g.win, **g.kwargs())
        gb_out.append([r.total, r.numbers])
    except majiang.MajiangError as e:
        gb_out.append(str(e))
print(json.dumps({{"reads": _core._list_reads(), "out": out, "gb": gb_out}}))
"""


def test_portable_reads_give_the_same_answers() -> None:
    """`MAJIANG_PORTABLE_LISTS=1` forces item calls and address comparisons (and no small int
    read by address): same answers."""
    script = PORTABLE_SCRIPT.format(tests=os.path.dirname(__file__))
    results = {}
    for flag in ("0", "1"):
        env = {**os.environ, "MAJIANG_PORTABLE_LISTS": flag}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        results[flag] = json.loads(done.stdout)
    assert results["1"]["reads"] == ["by call", "address comparisons"]
    assert results["0"]["out"] == results["1"]["out"]
    assert results["0"]["gb"] == results["1"]["gb"]
    assert results["0"]["out"][-3:] == [
        "counts[13] = 5: a kind has 0 to 4 copies",
        "counts[13] = -1: a kind has 0 to 4 copies",
        "counts[0] is a bool, not a count",  # bools were counts once (issue #11)
    ]


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
    """``gb.fan`` reads a meld tuple's items, and the call's keyword names, in place (where
    tuples' layout is verified): a tuple subclass, tiles as a list, keywords in another order
    or spelled by strings built at run time (not the interned names) give the same result."""
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
