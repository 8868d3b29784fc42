"""Pingxiang hands (``docs/rules/pingxiang.md`` §4-§8, §15): what wins and for how many 番.

Each test reads as one of the rules' examples; the property tests check ``winning_kinds``
against a brute force over the 34 kinds and ``is_winning`` against an independent search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from conftest import near_complete_counts, random_counts, split_into_blocks
from majiang.errors import InvalidHandError
from majiang.meld import Meld
from majiang.tiles import to_counts
from majiang.variants.pingxiang import PingxiangOptions, is_winning, score_hand, winning_kinds
from majiang.variants.pingxiang.hands import HandScore, MeldSpec, engine_waits, is_knitted

DEFAULTS = PingxiangOptions()
KONGS: list[MeldSpec] = [
    ("an_gang", "1111m"),
    ("ming_gang", "2222p"),
    ("bu_gang", "3333s"),
    ("an_gang", "7777z"),
]


def score(
    hand: str,
    melds: Sequence[MeldSpec] = (),
    *,
    self_drawn: bool = True,
    options: PingxiangOptions = DEFAULTS,
    **flags: bool,
) -> HandScore:
    s = score_hand(to_counts(hand), melds, self_drawn=self_drawn, options=options, **flags)
    assert s is not None, hand
    return s


def fan(hand: str, melds: Sequence[MeldSpec] = (), **options: object) -> int:
    return score(hand, melds, options=PingxiangOptions(**options)).fan  # type: ignore[arg-type]


def wins(hand: str, melds: Sequence[MeldSpec] = (), **options: object) -> bool:
    return is_winning(to_counts(hand), melds, options=PingxiangOptions(**options))  # type: ignore[arg-type]


# §6 tables: every big hand with its 番 (defaults of §15).
TABLE: list[tuple[str, str, list[MeldSpec], tuple[str, ...], int]] = [
    ("平胡", "123m456p789s234s55m", [], (), 1),
    ("清一色 (3m pair, 不带)", "111m345m678m999m33m", [], ("清一色",), 4),
    ("清一色带真将", "111m345m678m999m55m", [], ("清一色", "带真将"), 8),
    ("清一色对对胡", "111m333m666m999m77m", [], ("清一色", "对对胡"), 8),
    ("清一色对对胡带真将", "111m333m666m999m55m", [], ("清一色", "对对胡", "带真将"), 16),
    ("对对胡", "111m999p333s444s55s", [], ("对对胡",), 4),
    ("七对子", "1122m3344p5566s77z", [], ("七对子",), 4),
    ("龙七", "1111m3344p5566s77z", [], ("龙七",), 8),
    ("双龙七", "1111m3333p5566s77z", [], ("双龙七",), 16),
    ("三龙七", "1111m3333p5555s77z", [], ("三龙七",), 32),
    ("清一色七对", "11223344667799m", [], ("清一色", "七对子"), 8),
    ("十三烂", "147m258p369s12345z", [], ("十三烂",), 8),
    ("十三烂, seven honors", "147m258p3s1234567z", [], ("十三烂",), 8),
    ("字一色 (no shape)", "11122233445667z", [], ("字一色",), 8),
    ("字一色对对胡", "11122233344455z", [], ("字一色", "对对胡"), 16),
    ("乱将 (no shape)", "22588m2558p22558s", [], ("乱将",), 4),
    ("将一色七对", "2255m2288p2255s88s", [], ("乱将", "七对子"), 8),
    ("将一色对对胡", "222m555p888s222s55m", [], ("乱将", "对对胡"), 8),
    ("乱将 with a peng", "22588m2558p22s", [("peng", "555s")], ("乱将",), 4),
    ("一条龙", "123456789m123p55s", [], ("一条龙",), 4),
    ("清一色一条龙", "12345678999m123m", [], ("清一色一条龙",), 16),
    ("清一色一条龙带真将", "12345678922m123m", [], ("清一色一条龙", "带真将"), 32),
    ("18罗汉", "55m", KONGS, ("18罗汉",), 32),
    ("cap: 清一色三龙七", "11112222333355m", [], ("三龙七", "清一色"), 32),
]


@pytest.mark.parametrize(
    ("hand", "melds", "hands", "expected"),
    [row[1:] for row in TABLE],
    ids=[row[0] for row in TABLE],
)
def test_big_hand_table(
    hand: str, melds: list[MeldSpec], hands: tuple[str, ...], expected: int
) -> None:
    s = score(hand, melds)
    assert (s.hands, s.fan) == (hands, expected)
    assert s.detail.endswith(f"= {expected}") or "capped at 32" in s.detail


def test_detail_says_how_the_fan_stacks() -> None:
    assert score("111m333m666m999m55m").detail == "4 (清一色) x 2 (对对胡) x 2 (带真将) = 16"
    assert score("11112222333355m").detail == "32 (三龙七) x 2 (清一色) = 64, capped at 32"
    assert score("123m456p789s234s55m").detail == "1 (平胡) = 1"


def test_tian_hu_and_di_hu_are_32_on_any_winning_shape() -> None:
    pinghu = "123m456p789s234s55m"
    assert score(pinghu, tian_hu=True).fan == 32
    assert score(pinghu, tian_hu=True).hands == ("天胡",)
    assert score(pinghu, self_drawn=False, di_hu=True).hands == ("地胡",)
    assert score(pinghu, self_drawn=False, di_hu=True).fan == 32
    # a winning shape is still needed
    no_shape = to_counts("123m456p789s234s33m")
    assert score_hand(no_shape, [], self_drawn=True, tian_hu=True) is None


# §4: the 258 pair (老板) and the 不带 hands.


def test_a_pinghu_needs_a_258_pair() -> None:
    assert wins("123m456p789s234s55m")
    assert wins("123m456p789s234s22p")
    assert not wins("123m456p789s234s33m")
    assert not wins("123m456p789s234s11z")


def test_a_qingyise_wins_with_any_pair() -> None:
    assert score("111m345m678m999m33m").fan == 4
    assert wins("123m456m789m234m33m")


def test_duiduihu_needs_a_258_pair_unless_the_option_is_off() -> None:  # P6
    assert not wins("111m999p333s444s66s")
    assert fan("111m999p333s444s66s", duiduihu_needs_258=False) == 4
    assert fan("111m999p333s444s55s") == 4


def test_yitiaolong_needs_a_258_pair_and_the_nine_tiles_concealed() -> None:
    assert not wins("123456789m123p66s")
    assert score("456789m55s", [("chi", "123m"), ("peng", "999p")]).hands == ()


def test_honors_cannot_be_chowed() -> None:
    assert not wins("123z456p789s234s55m")
    assert not wins("567z456p789s234s55m")
    with pytest.raises(InvalidHandError, match="honors cannot be chowed"):
        score_hand(to_counts("456p789s234s55m"), [("chi", "123z")], self_drawn=True)


def test_melds_count_as_blocks() -> None:
    s = score("234m55s", [("peng", "777p"), ("chi", "789s"), ("ming_gang", "1111z")])
    assert (s.hands, s.fan) == ((), 1)
    s = score("55s", [("peng", "777p"), ("peng", "999s"), ("ming_gang", "1111z"), ("peng", "111p")])
    assert s.hands == ("对对胡",)


def test_seven_pairs_and_shisanlan_are_closed_hands_only() -> None:
    assert not wins("1122m3344p577z", [("peng", "555s")])
    assert is_knitted(to_counts("147m258p369s12345z"))
    assert not wins("147m258p369s12z", [("peng", "777z")])


def test_best_reading_is_chosen() -> None:
    # 111222333m 444m 55m: 清一色对对胡带真将 (16) beats 123 123 123 444 55 (8)
    assert score("11122233344455m").fan == 16
    # 2255m... read as 将一色七对 (8), not 乱将 without shape (4)
    assert score("2255m2288p2255s88s").fan == 8


def test_wrong_sizes_raise() -> None:
    with pytest.raises(InvalidHandError, match="expected 14"):
        score_hand(to_counts("123m"), [], self_drawn=True)
    with pytest.raises(InvalidHandError, match="only four"):
        score_hand(to_counts("11111m456p789s234s"), [], self_drawn=True)


# §15: each option's other reading.


def test_p1_pinghu_self_draw_only() -> None:
    strict = PingxiangOptions(pinghu_self_draw_only=True)
    hand = to_counts("123m456p789s234s55m")
    assert score_hand(hand, [], self_drawn=True, options=strict) is not None
    assert score_hand(hand, [], self_drawn=False, options=strict) is None
    chowed = to_counts("456p789s234s55m")
    assert score_hand(chowed, [("chi", "123m")], self_drawn=True, options=strict) is None
    assert score_hand(chowed, [("chi", "123m")], self_drawn=False) is not None
    # big hands are not restricted, and 地胡 on a 平胡 shape stays 32
    assert score_hand(to_counts("1122m3344p5566s77z"), [], self_drawn=False, options=strict)
    assert score_hand(hand, [], self_drawn=False, di_hu=True, options=strict) is not None
    assert not is_winning(hand, [], self_drawn=False, options=strict)


def test_p2_luanjiang_fan() -> None:
    assert fan("22588m2558p22558s", luanjiang_fan=8) == 8
    assert fan("2255m2288p2255s88s", luanjiang_fan=8) == 16


def test_p3_qingyise_yitiaolong_fan() -> None:
    assert fan("12345678999m123m", qys_yitiaolong_fan=8) == 8
    assert score("12345678999m123m", options=PingxiangOptions(qys_yitiaolong_fan=8)).hands == (
        "清一色",
        "一条龙",
    )


def test_p7_ziyise_shapeless() -> None:
    assert not wins("11122233445667z", ziyise_shapeless=False)
    assert fan("11122233344455z", ziyise_shapeless=False) == 16
    assert fan("11223344556677z", ziyise_shapeless=False) == 16  # 字一色七对


def test_p8_shisanlan_honors() -> None:
    assert fan("147m258p369s12345z", shisanlan_honors="exactly_5") == 8
    assert fan("147m258p36s123456z") == 8
    assert not wins("147m258p36s123456z", shisanlan_honors="exactly_5")
    assert not wins("147m147p369s12345z")  # two suits on one pattern


def test_p11_luohan_18() -> None:
    s = score("55m", KONGS, options=PingxiangOptions(luohan_18=False))
    assert (s.hands, s.fan) == (("对对胡",), 4)


def test_option_cap() -> None:
    assert fan("111m333m666m999m55m", cap=8) == 8


# winning_kinds


def test_winning_kinds_examples() -> None:
    assert winning_kinds(to_counts("123m456p789s2345s")) == {19, 22}  # 2s 5s
    assert winning_kinds(to_counts("123m456p789s2346s")) == frozenset()  # 5s / 1s pair is 3s
    assert winning_kinds(to_counts("147m258p369s1234z")) == {31, 32, 33}
    # 字一色 needs no shape: any honor but the two used up
    assert winning_kinds(to_counts("1234567z111222z")) == frozenset(range(29, 34))
    assert winning_kinds(to_counts("1111m3344p5566s7z")) == {33}  # 龙七


def test_winning_kinds_skips_a_fifth_copy() -> None:
    # 2222m and a 258 wait on 2m: no fifth 2m
    assert 1 not in winning_kinds(to_counts("2222m456p789s234s"))


def _brute_winning_kinds(
    counts: list[int], melds: Sequence[MeldSpec], options: PingxiangOptions
) -> frozenset[int]:
    held = list(counts)
    for m in melds:
        assert isinstance(m, tuple) and isinstance(m[1], str)
        for k, c in enumerate(to_counts(m[1])):
            held[k] += c
    out = set()
    for k in range(34):
        if held[k] < 4:
            hand = list(counts)
            hand[k] += 1
            if is_winning(hand, melds, options=options):
                out.add(k)
    return frozenset(out)


def _with_pengs(rng: random.Random, counts: list[int]) -> tuple[list[int], list[MeldSpec]]:
    """Moves up to two triplets of a 13-tile hand into peng melds."""
    melds: list[MeldSpec] = []
    for k in range(34):
        if counts[k] >= 3 and len(melds) < 2 and rng.random() < 0.7:
            counts[k] -= 3
            melds.append(("peng", "".join([f"{k % 9 + 1}{'mpsz'[k // 9]}"] * 3)))
    return counts, melds


@pytest.mark.parametrize(
    "options",
    [
        PingxiangOptions(),
        PingxiangOptions(
            pinghu_self_draw_only=True,
            duiduihu_needs_258=False,
            ziyise_shapeless=False,
            shisanlan_honors="exactly_5",
        ),
    ],
    ids=["defaults", "other_readings"],
)
def test_winning_kinds_matches_brute_force(rng: random.Random, options: PingxiangOptions) -> None:
    for i in range(1500):
        make = near_complete_counts if i % 2 else random_counts
        counts = make(rng, 13)
        melds: list[MeldSpec] = []
        if i % 3 == 0:
            counts, melds = _with_pengs(rng, counts)
        assert winning_kinds(counts, melds, options=options) == _brute_winning_kinds(
            counts, melds, options
        ), (counts, melds)


# An independent check: 4 blocks + a 258 pair, by a plain recursive search.


def _regular_258(counts: list[int]) -> bool:
    for pair in (k for k in range(27) if k % 9 in (1, 4, 7) and counts[k] >= 2):
        rest = list(counts)
        rest[pair] -= 2
        if split_into_blocks(rest):
            return True
    return False


def _complete_counts(rng: random.Random) -> list[int]:
    """Four random blocks and a random pair (any kind), within four copies of each."""
    while True:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                block = [start, start + 1, start + 2]
            else:
                block = [rng.randrange(34)] * 3
            for k in block:
                counts[k] += 1
        if max(counts) <= 4:
            return counts


def _has_budai_hand(counts: list[int]) -> bool:
    present = [k for k in range(34) if counts[k]]
    suits = {k // 9 for k in present}
    return (
        len(suits) == 1  # 清一色 or 字一色
        or all(k < 27 and k % 9 in (1, 4, 7) for k in present)  # 乱将
        or all(c % 2 == 0 for c in counts)  # seven pairs
        or is_knitted(counts)
    )


def test_is_winning_agrees_with_an_independent_search(rng: random.Random) -> None:
    checked = won = 0
    for i in range(4000):
        counts = _complete_counts(rng) if i % 2 else near_complete_counts(rng, 14)
        if _has_budai_hand(counts):
            continue
        checked += 1
        expected = _regular_258(counts)
        won += expected
        assert is_winning(counts) == expected, counts
    assert checked > 3000 and won > 500


def _engine_melds(rng: random.Random, counts: list[int]) -> tuple[list[int], tuple[Meld, ...]]:
    """Moves some triplets and runs of a 13-tile hand into melds as the engine holds them:
    sources, pungs and kongs, chows with their tiles in any order."""
    melds: list[Meld] = []
    start = list(counts)
    for k in range(34):
        if len(melds) < 3 and rng.random() < 0.5:
            if counts[k] >= 3:
                # a kong holds a fourth copy: only when the hand had no other
                kongs = ("ming_gang", "an_gang", "bu_gang") if start[k] == 3 == counts[k] else ()
                counts[k] -= 3
                kind = rng.choice(("peng", *kongs))
                size = 4 if kind != "peng" else 3
                melds.append(Meld(kind, (k,) * size, None if kind == "an_gang" else 1))
            elif k < 27 and k % 9 <= 6 and counts[k] and counts[k + 1] and counts[k + 2]:
                run = [k, k + 1, k + 2]
                for x in run:
                    counts[x] -= 1
                rng.shuffle(run)
                melds.append(Meld("chi", tuple(run), 3))
    return counts, tuple(melds)


@pytest.mark.parametrize(
    "options",
    [
        PingxiangOptions(),
        PingxiangOptions(pinghu_self_draw_only=True, shisanlan_honors="exactly_5"),
        PingxiangOptions(duiduihu_needs_258=False, ziyise_shapeless=False),
    ],
    ids=["defaults", "p1_p8", "p6_p7"],
)
def test_engine_waits_equal_winning_kinds(rng: random.Random, options: PingxiangOptions) -> None:
    ready = 0
    for i in range(1500):
        make = near_complete_counts if i % 2 else random_counts
        counts, melds = _engine_melds(rng, make(rng, 13))
        want = winning_kinds(counts, [(m.kind, m.kinds) for m in melds], options=options)
        assert engine_waits(counts, melds, options) == want, (counts, melds)
        ready += bool(want)
    assert ready > 40, ready
