"""Sichuan 番: a worked example per named hand and per extra (docs/rules/sichuan.md §6), the
cap, the options that change them, and the wins the suit rules refuse; the shape answers
against an independent brute force."""

from __future__ import annotations

import random

import pytest

from majiang.meld import Meld
from majiang.tiles import to_counts
from majiang.variants.sichuan import (
    FAN,
    SichuanOptions,
    best_ready_hand,
    is_winning,
    score_hand,
    winning_kinds,
)

WIDE = SichuanOptions(cap=10)  # the cap out of the way: the raw 番


def fan_of(
    text: str, melds: tuple[Meld, ...] = (), options: SichuanOptions = WIDE, **flags: bool
) -> tuple[tuple[str, ...], int, dict[str, int]]:
    counts = to_counts(text)
    tile = next(k for k in range(27) if counts[k])
    s = score_hand(
        counts,
        melds,
        tile=tile,
        self_drawn=flags.pop("self_drawn", False),
        options=options,
        **flags,
    )
    assert s is not None, text
    return s.hands, s.fan, dict(s.extras)


PONGS_TWO_SUITS = (
    Meld("peng", "222m", 1),
    Meld("peng", "333m", 1),
    Meld("peng", "444p", 2),
    Meld("peng", "666p", 3),
)

NAMED = [
    ("平胡", "123m456m789m123p55p", (), 0),
    ("对对胡", "111m222m333p444p55p", (), 1),
    ("清一色", "123m456m789m12355m", (), 2),
    ("七对", "1122m3344p5566p77p", (), 2),
    ("带幺九", "123m789m123p789p11p", (), 2),
    ("金钩钓", "88p", PONGS_TWO_SUITS, 2),
    ("清对", "11122233344455m", (), 3),
    ("将对", "222m555m888m222p55p", (), 3),
    ("龙七对", "1111m2233p4455p66p", (), 3),
    ("清七对", "11223344556677m", (), 4),
    ("清幺九", "11m123m789m789m789m", (), 4),
    (
        "清金钩钓",
        "55m",
        (
            Meld("peng", "111m", 1),
            Meld("peng", "222m", 1),
            Meld("peng", "333m", 2),
            Meld("peng", "444m", 3),
        ),
        4,
    ),
    (
        "将金钩钓",
        "55p",
        (
            Meld("peng", "222m", 1),
            Meld("peng", "555m", 1),
            Meld("peng", "888p", 2),
            Meld("peng", "222p", 3),
        ),
        4,
    ),
    ("清龙七对", "11223344556666p", (), 5),
    (
        "十八罗汉",
        "99p",
        (
            Meld("an_gang", "1111m"),
            Meld("ming_gang", "2222m", 1),
            Meld("bu_gang", "3333p", 2),
            Meld("an_gang", "4444p"),
        ),
        6,
    ),
    (
        "清十八罗汉",
        "99m",
        (
            Meld("an_gang", "1111m"),
            Meld("ming_gang", "2222m", 1),
            Meld("bu_gang", "3333m", 2),
            Meld("an_gang", "4444m"),
        ),
        8,
    ),
]


@pytest.mark.parametrize(("name", "text", "melds", "fan"), NAMED, ids=[n[0] for n in NAMED])
def test_each_named_hand_has_its_fan(
    name: str, text: str, melds: tuple[Meld, ...], fan: int
) -> None:
    hands, total, extras = fan_of(text, melds)
    assert hands == (name,)
    assert total == fan == FAN[name]
    assert "根" not in extras  # every example's fours are in its named hand


def test_tian_hu_and_di_hu_are_5_fan_without_roots_or_extras() -> None:
    assert fan_of("111m234m567m789p99p", tian_hu=True, self_drawn=True) == (("天胡",), 5, {})
    assert fan_of("123m456m789m123p55p", di_hu=True) == (("地胡",), 5, {})
    off = SichuanOptions(cap=10, tiandi_hu=False)
    assert fan_of("123m456m789m123p55p", options=off, di_hu=True) == (("平胡",), 0, {})


def test_gen_each_four_of_a_kind_adds_one() -> None:
    # 1111m in the hand, and a pong whose fourth tile is held
    assert fan_of("1111m23m456p789p55p") == (("平胡",), 1, {"根": 1})
    hand = fan_of("234m456p789p55p", (Meld("peng", "444m", 2),))
    assert hand == (("平胡",), 1, {"根": 1})
    # a kong melded counts; 龙七对 with two fours counts one 根 (the other is its dragon)
    assert fan_of("1111m2222p4455p66p")[1:] == (4, {"根": 1})
    assert fan_of("123m456m789m55p", (Meld("an_gang", "9999p"),))[2] == {"根": 1}


@pytest.mark.parametrize(
    ("flag", "name", "self_drawn"),
    [
        ("gang_kai", "杠上花", True),
        ("gang_pao", "杠上炮", False),
        ("qiang_gang", "抢杠胡", False),
        ("haidi", "海底捞月", True),
        ("haidi", "海底炮", False),
    ],
)
def test_each_extra_adds_one_fan(flag: str, name: str, self_drawn: bool) -> None:
    plain = fan_of("123m456m789m123p55p", self_drawn=self_drawn)
    flags: dict[str, bool] = {flag: True}
    counts = to_counts("123m456m789m123p55p")
    s = score_hand(counts, (), tile=0, self_drawn=self_drawn, options=WIDE, **flags)
    assert s is not None
    extra = (s.hands, s.fan, dict(s.extras))
    assert extra[1] == plain[1] + 1 and extra[2][name] == 1


def test_zimo_jia_fan_or_jia_di() -> None:
    assert fan_of("123m456m789m123p55p", self_drawn=True)[2] == {"自摸加番": 1}
    base = SichuanOptions(cap=10, self_draw="add_base")  # paid as a base, not a 番
    assert fan_of("123m456m789m123p55p", options=base, self_drawn=True) == (("平胡",), 0, {})


def test_menqing_zhongzhang_option() -> None:
    on = SichuanOptions(cap=10, menqing_zhongzhang=True)
    assert fan_of("234m456m678m234p55p", options=on)[2] == {"门清": 1, "中张": 1}
    assert fan_of("123m456m789m123p55p", options=on)[2] == {"门清": 1}
    assert fan_of("234m456m678m55p", (Meld("peng", "666p", 1),), options=on)[2] == {"中张": 1}


def test_yaojiu_jiangdui_option_off_scores_the_other_hands() -> None:
    off = SichuanOptions(cap=10, yaojiu_jiangdui=False)
    assert fan_of("123m789m123p789p11p", options=off)[:2] == (("平胡",), 0)
    assert fan_of("222m555m888m222p55p", options=off)[:2] == (("对对胡",), 1)


def test_cap_feng_ding() -> None:
    s = score_hand(to_counts("11223344556666p"), (), tile=9, self_drawn=True)
    assert s is not None and (s.fan, s.capped) == (6, 3) and s.detail.endswith("封顶 3")
    five = SichuanOptions(cap=5)
    s = score_hand(to_counts("11223344556666p"), (), tile=9, self_drawn=True, options=five)
    assert s is not None and s.capped == 5


def test_que_yi_men_no_win_with_three_suits_or_the_void() -> None:
    assert not is_winning(to_counts("123m456p789s123s55s"), ())
    assert is_winning(to_counts("123m456m789s123s55s"), ())
    assert not is_winning(to_counts("123m456m789s123s55s"), (), void=0)
    assert is_winning(to_counts("123m456m789s123s55s"), (), void=1)
    assert not is_winning(
        to_counts("123m456m789m55m") + [0] * 0, (Meld("peng", "111p", 1),), void=1
    )
    assert winning_kinds(to_counts("123m456p789s123s5s"), ()) == frozenset()


def test_best_ready_hand_is_the_largest_wait() -> None:
    best = best_ready_hand(to_counts("1112223334445p"), (), None, WIDE)
    assert best is not None and best.fan == 3
    assert best_ready_hand(to_counts("1357m2468p1357s9s"), ()) is None
    assert best_ready_hand(to_counts("1112223334445p"), (), 1, WIDE) is None  # holds the void


def _brute_wins(counts: list[int], melds: int) -> bool:
    """Independent: a pair and sets by plain recursion, or seven pairs (a four as two)."""
    if melds == 0 and sum(counts) == 14 and all(c in (0, 2, 4) for c in counts):
        return True

    def sets(c: list[int]) -> bool:
        i = next((k for k in range(27) if c[k]), None)
        if i is None:
            return True
        if c[i] >= 3:
            c[i] -= 3
            ok = sets(c)
            c[i] += 3
            if ok:
                return True
        if i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for d in (0, 1, 2):
                c[i + d] -= 1
            ok = sets(c)
            for d in (0, 1, 2):
                c[i + d] += 1
            return ok
        return False

    for p in range(27):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = sets(counts)
            counts[p] += 2
            if ok:
                return True
    return False


def test_shapes_agree_with_a_brute_force() -> None:
    """14 random tiles of one or two suits: the core's answer (through is_winning) is the
    brute force's; a third suit never wins."""
    rng = random.Random(13)
    wins = 0
    for i in range(3000):
        suits = rng.sample(range(3), 1 + i % 2)
        pool = [k for s in suits for k in range(s * 9, s * 9 + 9) for _ in range(4)]
        if i % 3 == 0:  # a nearly complete hand: more wins
            base = rng.choice(pool) - rng.choice(pool) % 9
            pool = [k for k in pool if abs(k - base) < 5 and k // 9 == base // 9] * 2 or pool
        counts = [0] * 34
        for k in rng.sample(pool, 14):
            counts[k] += 1
        if max(counts) > 4:
            continue
        mine = is_winning(counts, ())
        assert mine == _brute_wins(list(counts), 0), counts
        wins += mine
    assert wins > 0


def test_winning_kinds_agree_with_is_winning() -> None:
    rng = random.Random(7)
    for _ in range(400):
        pool = [k for k in range(18) for _ in range(4)]
        counts = [0] * 34
        for k in rng.sample(pool, 13):
            counts[k] += 1
        found = winning_kinds(counts, ())
        for k in range(27):
            if counts[k] == 4:
                continue
            full = list(counts)
            full[k] += 1
            assert (k in found) == is_winning(full, ()), (counts, k)


def test_every_named_hand_is_reachable_and_listed() -> None:
    assert {n for n, *_ in NAMED} | {"天胡", "地胡"} == set(FAN)
