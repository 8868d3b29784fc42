"""Tiles: MPSZ, Chinese names, glyphs and the accepted hand forms."""

from __future__ import annotations

import numpy as np
import pytest

import majiang
from majiang import tiles


def test_mpsz_round_trip() -> None:
    assert majiang.to_mpsz("123m 456p 789s 1234567z") == "123m456p789s1234567z"
    assert majiang.parse_tiles("12f") == ["1f", "2f"]


def test_chinese_names_and_aliases() -> None:
    assert majiang.parse_tiles("一万 九筒 三饼 五条 七索") == ["1m", "9p", "3p", "5s", "7s"]
    assert majiang.parse_tiles("东南西北中发白") == ["1z", "2z", "3z", "4z", "7z", "6z", "5z"]
    assert majiang.parse_tiles("红中 发财 白板") == ["7z", "6z", "5z"]
    assert majiang.to_chinese("5m6z1f") == ["五万", "发", "春"]


def test_glyph_order_differs_from_mpsz() -> None:
    # The Unicode block runs winds, 中发白, characters, bamboo, dots.
    assert majiang.parse_tiles("🀀🀄🀅🀆🀇🀐🀙") == ["1z", "7z", "6z", "5z", "1m", "1s", "1p"]
    assert majiang.to_glyphs("1m1p1s7z") == "🀇🀙🀐🀄"
    assert majiang.parse_tiles(majiang.to_glyphs(list(tiles.KINDS))) == list(tiles.KINDS)


def test_tile_index_and_jing_pair() -> None:
    assert [majiang.tile_index(t) for t in ("1m", "1p", "1s", "东", "白", "中", "春")] == [
        0,
        9,
        18,
        27,
        31,
        33,
        34,
    ]
    assert majiang.jing_pair("9s") == ("9s", "1s")
    assert majiang.jing_pair("北") == ("4z", "1z")
    assert majiang.jing_pair("7z") == ("7z", "6z")  # 中 → 发
    assert majiang.jing_pair("6z") == ("6z", "5z")  # 发 → 白
    assert majiang.jing_pair("5z") == ("5z", "7z")  # 白 → 中


@pytest.mark.parametrize(
    "form",
    [
        "123m456p789s1237z5m",
        ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "东", "南", "西", "中", "5m"],
        tiles.to_counts("123m456p789s1237z5m"),
        tuple(tiles.to_counts("123m456p789s1237z5m")),
        bytes(tiles.to_counts("123m456p789s1237z5m")),
        bytearray(tiles.to_counts("123m456p789s1237z5m")),
        np.array(tiles.to_counts("123m456p789s1237z5m"), dtype=np.uint8),
        np.array(tiles.to_counts("123m456p789s1237z5m"), dtype=np.int64),
    ],
)
def test_every_hand_form_gives_the_same_answer(form: object) -> None:
    assert majiang.shanten(form, rules="nanchang") == 0  # type: ignore[arg-type]


def test_counts_helpers() -> None:
    counts = tiles.to_counts("112m 7z")
    assert counts[0] == 2 and counts[1] == 1 and counts[33] == 1 and sum(counts) == 4
    assert tiles.from_counts(counts) == "112m7z"
    with pytest.raises(majiang.InvalidHandError):
        tiles.to_counts("1f")
