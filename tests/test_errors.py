"""Bad input: a clear MajiangError subclass naming what is wrong, never a crash."""

from __future__ import annotations

import contextlib
import random

import numpy as np
import pytest

import majiang


def test_exception_hierarchy() -> None:
    assert issubclass(majiang.TileParseError, majiang.MajiangError)
    assert issubclass(majiang.TileParseError, ValueError)
    assert issubclass(majiang.InvalidHandError, majiang.MajiangError)
    assert issubclass(majiang.InvalidHandError, ValueError)
    assert issubclass(majiang.RulesError, majiang.MajiangError)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("123m4x", '"4x" at position 4'),
        ("8z", '"8" at position 0'),
        ("12m 0p", "position 4"),
        ("11", "without a suit letter"),
        ("五x", "followed by 万, 筒 or 条"),
        ("hello", '"h" at position 0'),
    ],
)
def test_parse_errors_name_token_and_position(text: str, fragment: str) -> None:
    with pytest.raises(majiang.TileParseError, match=fragment):
        majiang.shanten(text)


@pytest.mark.parametrize(
    ("hand", "kwargs", "fragment"),
    [
        ("11111m23p456p789s1z", {}, "5 copies of 1m"),
        ("123m", {}, "do not fit 0 meld"),
        ("123m456p789s1z1f2z3z", {}, "flower 1f"),
        ("123m456p789s1234z", {"melds": 5}, "melds must be 0 to 4"),
        ("123m456p789s1234z", {"melds": -1}, "melds must be 0 to 4"),
        ([0] * 33, {}, "34 entries"),
        ([5] + [0] * 33, {}, "a kind has 0 to 4 copies"),
        (["1m", 3], {}, "not a tile name"),
        (["12m"], {}, "not exactly one tile"),
        (3.5, {}, "cannot read a hand"),
        (np.zeros((2, 34), dtype=np.uint8), {}, "one-dimensional"),
        ("123m456p789s1234z", {"jing": "1f"}, "cannot be a wild tile"),
    ],
)
def test_invalid_hands(hand: object, kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(majiang.MajiangError, match=fragment):
        majiang.shanten(hand, **kwargs)  # type: ignore[arg-type]


def test_size_specific_calls() -> None:
    with pytest.raises(majiang.InvalidHandError, match="needs 14 concealed tiles"):
        majiang.is_winning("123m456p789s1234z")
    with pytest.raises(majiang.InvalidHandError, match="needs 13 concealed tiles"):
        majiang.winning_tiles("123m456p789s12344z")
    with pytest.raises(majiang.InvalidHandError, match="needs 14 concealed tiles"):
        majiang.discard_options("123m456p789s1234z")
    with pytest.raises(majiang.InvalidHandError, match="more than four in all"):
        majiang.discard_options("1111m456p789s1234z", visible="1m")


def test_rules_errors() -> None:
    with pytest.raises(majiang.RulesError, match="unknown rules preset"):
        majiang.shanten("123m456p789s1234z", rules="riichi")
    with pytest.raises(majiang.RulesError, match="pair"):
        majiang.Rules(pair="369")  # type: ignore[arg-type]
    with pytest.raises(majiang.RulesError, match="preset name"):
        majiang.shanten("123m456p789s1234z", rules=3)  # type: ignore[arg-type]


def test_random_garbage_never_crashes() -> None:
    rng = random.Random(5)
    alphabet = "0123456789mpszf 万筒条东南西北中发白红板财一二九🀄🀇x,"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))
        with contextlib.suppress(majiang.MajiangError):
            majiang.shanten(text, jing=rng.choice([(), "5m", "1z7z"]), melds=rng.randrange(5))
