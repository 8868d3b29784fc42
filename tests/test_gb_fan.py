"""国标 番 calculator (majiang.gb): one named test per 番 of the official list (and 明暗杠), the
seed's 番 and their exclusions, bad input, and agreement with PyMahjongGB on random hands."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from gb_examples import EXAMPLES
from gb_hands import GbHand, batch_arrays, ours, random_gb_hand, theirs
from majiang import gb
from majiang.errors import NotWinningError, WinFlagsError
from majiang.meld import Meld
from majiang.tiles import to_counts


def _score(number: int) -> gb.FanResult:
    hand, win, melds, flags = EXAMPLES[number]
    return gb.fan(hand, win, melds=melds, **flags)


def _as_gb_hand(number: int) -> GbHand:
    hand, win, melds, flags = EXAMPLES[number]
    win_kind = list(to_counts(win)).index(1)
    ms = [(k, Meld(k, t, s).kinds, s) for k, t, s in melds]
    return GbHand(concealed=list(to_counts(hand)), win=win_kind, melds=ms, **flags)


def _fan_id(row: tuple[int, str, str, int]) -> str:
    number, zh, en, _points = row
    return f"{number:02d}-{zh}-{re.sub(r'[^a-z0-9]+', '_', en.lower()).strip('_')}"


@pytest.mark.parametrize("row", gb.FAN_TABLE[:82], ids=_fan_id)
def test_fan(row: tuple[int, str, str, int]) -> None:
    number, zh, en, points = row
    result = _score(number)
    assert (zh, en, points) in [(z, e, p) for z, e, p, _n in result.fans]
    assert result.total == sum(p * n for _z, _e, p, n in result.fans)
    assert dict(result.numbers)[number] >= 1
    peer = pytest.importorskip("MahjongGB")
    assert sorted(result.numbers) == theirs(peer, _as_gb_hand(number))


def test_the_table_has_the_official_81() -> None:
    points = [p for _n, _zh, _en, p in gb.FAN_TABLE[:81]]
    assert len(points) == 81 and points == sorted(points, reverse=True)
    assert [points.count(p) for p in (88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1)] == [
        7,
        6,
        2,
        3,
        9,
        6,
        5,
        9,
        7,
        4,
        10,
        13,
    ]
    assert gb.FAN_TABLE[81][1:] == ("明暗杠", "Concealed Kong and Melded Kong", 5)


def _names(result: gb.FanResult) -> set[str]:
    return {zh for zh, _en, _p, _n in result.fans}


# Each 番 seed 001 lists, with the 不计 it states ("不计 X").
SEED_001: list[tuple[int, set[str]]] = [
    (39, set()),  # 花龙 (一条龙 in the Pingxiang list is no GB 番; the GB list's is 花龙)
    (40, {"缺一门"}),  # 推不倒 不计缺一门
    (45, set()),  # 海底捞月
    (44, {"自摸"}),  # 妙手回春 不计自摸
    (46, {"自摸"}),  # 杠上开花 不计自摸
    (42, set()),  # 三色三节高 (三色节节高)
    (41, set()),  # 三色三同顺
    (43, set()),  # 无番和
    (47, {"和绝张"}),  # 抢杠和 不计和绝张
    (35, set()),  # 组合龙
    (34, {"五门齐", "不求人", "单钓将"}),  # 全不靠 (十三不靠) 不计五门齐、不求人、单钓
    (36, {"无字"}),  # 大于五 不计无字
    (37, {"无字"}),  # 小于五 不计无字
    (38, set()),  # 三风刻
    (20, {"五门齐", "不求人", "单钓将"}),  # 七星不靠
    (25, {"无字"}),  # 全大
    (27, {"无字"}),  # 全小
    (28, set()),  # 青龙 (清龙)
    (31, {"断幺"}),  # 全带五 不计断幺
    (7, {"门前清", "单钓将", "五门齐", "混幺九"}),  # 十三幺
    (1, {"碰碰和", "圈风刻", "门风刻", "三风刻"}),  # 大四喜
    (2, {"双箭刻"}),  # 大三元
    (4, {"清一色"}),  # 九莲宝灯
    (6, {"门前清", "单钓将", "清一色"}),  # 连七对
    (3, {"混一色"}),  # 绿一色
]


@pytest.mark.parametrize(("number", "excluded"), SEED_001, ids=lambda v: str(v))
def test_seed_001_fan_and_its_exclusions(number: int, excluded: set[str]) -> None:
    result = _score(number)
    assert gb.FAN_TABLE[number - 1][1] in _names(result)
    assert not excluded & _names(result)


def test_exclusions_hold_where_the_excluded_fan_would_count() -> None:
    # 妙手回春 on a self-draw that would be 自摸; 抢杠和 on what would be 和绝张
    assert "自摸" in _names(
        gb.fan("456p789s45m55z", "6m", melds=[("chi", "123m", 3)], self_drawn=True)
    )
    r = gb.fan("123m456p789s45m55z", "6m", robbing=True, last_copy=True)
    assert "抢杠和" in _names(r) and "和绝张" not in _names(r)
    # 大四喜 with the prevalent and seat winds' pungs still has no 圈风刻 / 门风刻
    r = gb.fan("111222333444z5m", "5m", seat_wind=1, prevalent_wind=2)
    assert {"圈风刻", "门风刻", "三风刻", "碰碰和"}.isdisjoint(_names(r))


def test_best_reading_is_chosen() -> None:
    # 111222333m: three pungs (一色三节高 + 三暗刻) beat three chows (一色三同顺)
    r = gb.fan("111222333m456p7z", "7z")
    assert "一色三节高" in _names(r) and "三暗刻" in _names(r)
    assert [b for b in r.blocks if b[0] == "pung"] == [
        ("pung", "111m", False),
        ("pung", "222m", False),
        ("pung", "333m", False),
    ]


def test_flowers_count_but_not_toward_the_minimum() -> None:
    r = gb.fan("34p678s11z", "5p", melds=[("chi", "234m", 3), ("peng", "777p", 1)], flowers=3)
    assert (r.total, r.total_without_flowers) == (11, 8)
    assert "无番和" in _names(r)


def test_melds_as_meld_objects_and_seats() -> None:
    hand, win, melds, _flags = EXAMPLES[52]
    as_objects = [Meld(k, t, s) for k, t, s in melds]
    assert gb.fan(hand, win, melds=as_objects) == gb.fan(hand, win, melds=melds)
    # the same hand in seat 2: sources move with the seat
    moved = [(k, t, None if s is None else (s + 2) % 4) for k, t, s in melds]
    assert gb.fan(hand, win, melds=moved, seat=2) == gb.fan(hand, win, melds=melds)


BAD: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"hand": "123m456m789m234p6p", "win_tile": "5s"}, NotWinningError, "not a winning"),
    ({"hand": "123m456m789m234p", "win_tile": "5p"}, majiang.InvalidHandError, "13 concealed"),
    (
        {"hand": "1m456m789m234p", "win_tile": "1m", "melds": [("peng", "111m", 1)]},
        majiang.InvalidHandError,
        "5 copies of 1m",
    ),
    (
        {"hand": "456m789m234p5p", "win_tile": "5p", "melds": [("chi", "135m", 3)]},
        majiang.InvalidHandError,
        "is no chi",
    ),
    (
        {"hand": "456m789m234p5p", "win_tile": "5p", "melds": [("chi", "123m", 1)]},
        majiang.InvalidHandError,
        "seat before",
    ),
    (
        {"hand": "456m789m234p5p", "win_tile": "5p", "melds": [("peng", "111m", 0)]},
        majiang.InvalidHandError,
        "another seat",
    ),
    (
        {"hand": "456m789m234p5p", "win_tile": "5p", "melds": [("peng", "111m")]},
        majiang.InvalidHandError,
        "needs the seat",
    ),
    (
        {"hand": "123m456p789s45m55z", "win_tile": "6m", "last_draw": True},
        WinFlagsError,
        "妙手回春",
    ),
    (
        {"hand": "123m456p789s45m55z", "win_tile": "6m", "robbing": True, "self_drawn": True},
        WinFlagsError,
        "抢杠和",
    ),
    (
        {"hand": "123m456p789s45m55z", "win_tile": "6m", "replacement": True, "self_drawn": True},
        WinFlagsError,
        "kong",
    ),
    ({"hand": "123m456p789s55z66m", "win_tile": "6m", "last_copy": True}, WinFlagsError, "和绝张"),
    ({"hand": "123m456p789s45m55z", "win_tile": "6m", "seat_wind": 4}, WinFlagsError, "seat_wind"),
    ({"hand": "123m456p789s45m55z", "win_tile": "6m", "flowers": 9}, WinFlagsError, "flowers"),
    (
        {"hand": "123m456p789s45m55z", "win_tile": "6m", "self_drawn": 1},
        majiang.ArgumentTypeError,
        "bool",
    ),
    ({"hand": "123m456p789s45m55z", "win_tile": "1f"}, majiang.InvalidHandError, "flower"),
]


@pytest.mark.parametrize(("kwargs", "error", "words"), BAD, ids=lambda v: str(v)[:40])
def test_bad_input_names_the_problem(
    kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=re.escape(words)) as info:
        gb.fan(**kwargs)
    assert isinstance(info.value, majiang.MajiangError)


CROSS_CHECK_HANDS = 100_000
"""Random hands in CI (about 6-10 s, most of it the hand generator and PyMahjongGB; one
``gb.fan_batch`` instead of the calls costs as much once its arrays are built,
benches/gb_shapes_speed.py); benches/gb_crosscheck.py runs 1,000,000 (docs/rules/gb.md)."""


def test_agrees_with_pymahjonggb_on_random_hands() -> None:
    peer = pytest.importorskip("MahjongGB")
    rng = random.Random(14)
    seen: set[int] = set()
    for _ in range(CROSS_CHECK_HANDS):
        hand = random_gb_hand(rng)
        mine = ours(hand)
        assert mine == theirs(peer, hand), hand
        seen.update(n for n, _c in mine)
    assert seen >= set(range(1, 83)) - {8}  # every 番 came up (清幺九 is rare)


def test_mingan_gang_option() -> None:
    hand, win, melds, flags = EXAMPLES[82]
    on = gb.fan(hand, win, melds=melds, **flags)
    off = gb.fan(hand, win, melds=melds, mingan_gang=False, **flags)
    assert "明暗杠" in _names(on) and not {"暗杠", "明杠"} & _names(on)
    assert {"暗杠", "明杠"} <= _names(off) and "明暗杠" not in _names(off)
    assert on.total - off.total == 5 - 3


def test_batch_agrees_with_single_calls() -> None:
    np = pytest.importorskip("numpy")
    rng = random.Random(3)
    hands = [random_gb_hand(rng) for _ in range(600)]
    arrays = batch_arrays(hands)
    melds, flags = arrays["melds"], arrays["flags"]
    totals, counts = gb.fan_batch(**arrays, threads=2)
    for i, h in enumerate(hands):
        r = gb.fan(h.concealed, h.win, **h.kwargs())
        assert totals[i] == r.total
        assert sorted((int(k), int(c)) for k, c in enumerate(counts[i]) if c) == sorted(r.numbers)
    flags[5] = 1 | 8  # 抢杠和 self-drawn
    with pytest.raises(WinFlagsError, match="row 5"):
        gb.fan_batch(
            np.array([h.concealed for h in hands], dtype=np.uint8),
            np.array([h.win for h in hands], dtype=np.uint8),
            melds=melds,
            flags=flags,
        )


@settings(max_examples=300, deadline=None)
@given(
    counts=st.lists(st.integers(0, 5), min_size=34, max_size=34),
    win=st.integers(0, 33),
    melds=st.lists(
        st.tuples(
            st.sampled_from(["chi", "peng", "ming_gang", "an_gang", "bu_gang"]),
            st.lists(st.integers(0, 33), min_size=3, max_size=4),
            st.one_of(st.none(), st.integers(0, 3)),
        ),
        max_size=5,
    ),
    flags=st.fixed_dictionaries(
        {k: st.booleans() for k in ("self_drawn", "last_copy", "replacement", "robbing")}
    ),
    flowers=st.integers(0, 9),
    winds=st.tuples(st.integers(0, 4), st.integers(0, 4)),
)
def test_any_input_scores_or_raises_a_majiang_error(
    counts: list[int],
    win: int,
    melds: list[tuple[str, list[int], int | None]],
    flags: dict[str, bool],
    flowers: int,
    winds: tuple[int, int],
) -> None:
    try:
        r = gb.fan(
            counts,
            win,
            melds=[(k, tuple(t), s) for k, t, s in melds],
            flowers=flowers,
            seat_wind=winds[0],
            prevalent_wind=winds[1],
            **flags,
        )
    except majiang.MajiangError:
        return
    assert r.total == sum(p * n for _z, _e, p, n in r.fans) and r.total > 0
