"""Nanjing hand values (``docs/rules/nanjing.md`` §3-§6, §8), read as the rules' examples.

Each test names the hand and spells out the total: ``run base + 2 x (hard + soft) + bonuses``
under the v1 (跑20) and the v2 (跑10) tables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from conftest import near_complete_counts, split_into_blocks
from majiang.meld import GANG_KINDS, Meld
from majiang.tiles import KINDS
from majiang.variants.nanjing import NanjingOptions, is_complete, is_winning, menqing, score_hand
from majiang.variants.nanjing.flowers import flower_kongs, hard_flowers
from majiang.variants.nanjing.hands import HandScore, MeldSpec, engine_waits, engine_wins

V1 = NanjingOptions()
V2 = NanjingOptions(values="v2_run10")
BOTH = pytest.mark.parametrize("options", [V1, V2], ids=["v1", "v2"])

# 门清, 234p + 5p pair wait (独占), no souzu (缺一): soft 2.
MENQING = "123m456m789m234p5p"


def score(
    hand: str,
    tile: str,
    melds: Sequence[MeldSpec] = (),
    *,
    flowers: str = "1f",
    options: NanjingOptions = V1,
    **kw: object,
) -> HandScore:
    s = score_hand(hand, tile, melds, flowers=flowers, options=options, **kw)  # type: ignore[arg-type]
    assert s is not None, (hand, tile, melds)
    return s


def v(options: NanjingOptions, v1: int, v2: int) -> int:
    return v2 if options.v2 else v1


# --- §5 hard flowers and 花杠 ---------------------------------------------------------------


def test_every_flower_and_dragon_is_one_hard_flower() -> None:
    assert hard_flowers("1f2f3f4f5f6f7f8f") == 8
    assert hard_flowers("5z5z6z7z") == 4
    assert hard_flowers("春 中") == 2


def test_flower_kongs_are_four_of_a_group() -> None:
    assert flower_kongs("1f2f3f4f") == ("春夏秋冬",)
    assert flower_kongs("5f6f7f8f7z7z7z7z") == ("梅兰竹菊", "中中中中")
    assert flower_kongs("1f2f3f5f") == ()
    assert flower_kongs("6z6z6z") == ()


# --- §3 entry condition and §4 门清 ----------------------------------------------------------


PENG = [("peng", "111s", 1)]


def test_a_small_hand_with_a_pung_and_three_hard_flowers_does_not_win() -> None:
    assert score_hand("123m456m789m2p", "2p", PENG, flowers="1f2f5z") is None
    assert not is_winning("123m456m789m2p", "2p", PENG, flowers="1f2f5z")


def test_four_hard_flowers_open_a_small_hand() -> None:
    s = score("123m456m789m2p", "2p", PENG, flowers="1f2f3f5z")
    assert s.hands == () and s.big is False
    assert s.soft_items == ("独占",)
    assert s.flowers == 20 + 2 * (4 + 1)


def test_menqing_opens_a_small_hand_without_flowers() -> None:
    s = score(MENQING, "5p", flowers="")
    assert s.hands == ("门清", "无花果")


def test_a_big_hand_needs_no_entry_condition() -> None:
    s = score("222m555p888m3z", "3z", PENG, flowers="")
    assert "对对胡" in s.hands


@BOTH
def test_menqing_bonus(options: NanjingOptions) -> None:
    s = score(MENQING, "5p", options=options)
    assert s.hands == ("门清",)
    assert s.soft_items == ("独占", "缺一")
    assert s.flowers == v(options, 20 + 2 * 3 + 20, 10 + 2 * 3 + 10)


def test_menqing_one_kong_keeps_it_two_kong_breaks_it() -> None:
    assert menqing([("ming_gang", "9999s", 2)])  # 一杠: three in hand + a discard
    assert menqing([("an_gang", "9999s")])
    assert not menqing([("bu_gang", "9999s", 2)])  # 二杠: pung, then added
    assert not menqing([("peng", "999s", 2)])
    yi = score("123m456m789m5p", "5p", [("ming_gang", "9999s", 2)])
    er = score_hand("123m456m789m5p", "5p", [("bu_gang", "9999s", 2)], flowers="1f")
    assert "门清" in yi.hands
    assert er is None  # no 门清, one hard flower: a small hand cannot win


# --- §6 the hand bonuses, both tables -------------------------------------------------------


@BOTH
def test_hunyise(options: NanjingOptions) -> None:
    s = score("123m456m789m1z", "1z", [("peng", "222z", 1)], options=options)
    assert s.hands == ("混一色",)
    assert sorted(s.soft_items) == sorted(("风碰", "独占", "缺一"))
    assert s.flowers == v(options, 20 + 2 * 4 + 40, 10 + 2 * 4 + 30)


@BOTH
def test_qingyise(options: NanjingOptions) -> None:
    s = score("123m456m111m5m", "5m", [("peng", "999m", 1)], options=options)
    assert s.hands == ("清一色",)
    assert s.soft == 2  # the wait (独占 or 压档) and 缺一
    assert s.flowers == v(options, 20 + 2 * 3 + 60, 10 + 2 * 3 + 40)


@BOTH
def test_duiduihu(options: NanjingOptions) -> None:
    s = score("222m555p888m3z", "3z", PENG, options=options)
    assert s.hands == ("对对胡",)
    assert s.soft_items == ("独占",)
    assert s.flowers == v(options, 20 + 2 * 2 + 40, 10 + 2 * 2 + 30)


FOUR_PENGS = [("peng", "111s", 1), ("peng", "222m", 2), ("peng", "555p", 3), ("peng", "888m", 1)]


@BOTH
def test_quanqiu_duidiao(options: NanjingOptions) -> None:
    s = score("3z", "3z", FOUR_PENGS, options=options)
    assert s.hands == ("对对胡", "全球独钓")
    assert s.flowers == v(options, 20 + 2 * 2 + 40 + 60, 10 + 2 * 2 + 30 + 50)


@BOTH
def test_seven_pairs_get_no_menqing(options: NanjingOptions) -> None:
    s = score("1122m3344p5566s4z", "4z", options=options)
    assert s.hands == ("七对",) and s.shape == "seven_pairs"
    assert s.flowers == v(options, 20 + 2 + 80, 10 + 2 + 50)


def test_v1_luxury_seven_pairs_any_concealed_four() -> None:
    assert score("1111m3344p5566s4z", "4z").hands == ("豪华七对",)
    assert score("1111m3344p5566s4z", "4z").flowers == 20 + 2 + 160
    assert score("1111m2222p5566s4z", "4z").flowers == 20 + 2 + 240  # 超豪华七对
    s = score("1111m2222p3333s4z", "4z")
    assert s.hands == ("超超豪华七对",) and s.flowers == 20 + 2 + 320


def test_v2_double_seven_pairs_only_when_the_winning_tile_is_the_fourth() -> None:
    assert score("1111m3344p5566s4z", "4z", options=V2).hands == ("七对",)
    s = score("111m3344p5566s44z", "1m", options=V2)
    assert s.hands == ("双七对",) and s.flowers == 10 + 2 + 100
    # v1 values with the v2 reading, and the reverse
    mixed = NanjingOptions(luxury_pairs="winning_tile_fourth")
    assert score("1111m3344p5566s4z", "4z", options=mixed).hands == ("七对",)
    assert score("111m3344p5566s44z", "1m", options=mixed).hands == ("豪华七对",)
    mixed2 = NanjingOptions(values="v2_run10", luxury_pairs="any_four")
    assert score("1111m3344p5566s4z", "4z", options=mixed2).hands == ("双七对",)


def test_fengyise_is_v2_only() -> None:
    s = score("111122223333z4z", "4z", options=V2)
    assert s.hands == ("七对", "风一色")
    assert s.flowers == 10 + 2 * (1 + 1) + 50 + 100  # 缺一 is the soft flower
    s1 = score("111122223333z4z", "4z")
    assert s1.hands == ("超超豪华七对",) and s1.flowers == 20 + 2 * 2 + 320


@BOTH
def test_yajue_on_a_closed_wait_replaces_the_yadang_soft_flower(options: NanjingOptions) -> None:
    plain = score("123m456m789m13p55s", "2p", options=options)
    assert plain.soft_items == ("压档",)
    s = score("123m456m789m13p55s", "2p", options=options, punged=["2p"])
    assert s.hands == ("门清", "压绝") and s.soft == 0
    assert s.flowers == v(options, 20 + 2 + 20 + 40, 10 + 2 + 10 + 30)


def test_yajue_on_an_edge_wait_only_in_v2() -> None:
    assert score("123m456m789m12p55s", "3p", punged=["3p"]).soft_items == ("边枝",)
    s = score("123m456m789m12p55s", "3p", options=V2, punged=["3p"])
    assert "压绝" in s.hands and s.soft == 0


@BOTH
def test_wuhuaguo(options: NanjingOptions) -> None:
    s = score(MENQING, "5p", flowers="", options=options)
    assert s.hands == ("门清", "无花果")
    assert s.flowers == v(options, 20 + 2 * 2 + 20 + 40, 10 + 2 * 2 + 10 + 30)
    # a 平胡 with a pung and no flower does not win at all, so never gets 无花果
    assert score_hand("123m456m789m2p", "2p", PENG, options=options) is None


@BOTH
def test_tian_hu(options: NanjingOptions) -> None:
    s = score(MENQING, "5p", options=options, tian_hu=True)
    # v2: 天胡 gets no 门清 bonus
    assert s.flowers == v(options, 20 + 6 + 20 + 320, 10 + 6 + 50)
    assert "天胡" in s.hands and s.big


@BOTH
def test_di_hu(options: NanjingOptions) -> None:
    s = score(MENQING, "5p", options=options, di_hu=True)
    assert s.flowers == v(options, 20 + 6 + 20 + 280, 10 + 6 + 30)


@BOTH
def test_haidilao_follows_the_table(options: NanjingOptions) -> None:
    s = score(MENQING, "5p", options=options, haidi=True)
    assert s.flowers == v(options, 20 + 6 + 20, 10 + 6 + 10 + 10)
    on = NanjingOptions(values=options.values, haidilao=True)
    assert score(MENQING, "5p", options=on, haidi=True).flowers == v(options, 56, 36)


@BOTH
def test_small_gang_kai(options: NanjingOptions) -> None:
    s = score(MENQING, "5p", options=options, gang_kai="small")
    assert s.hands == ("门清", "小杠开花")
    assert s.flowers == v(options, 46 + 20, 26 + 20)


@BOTH
def test_big_gang_kai_plus_40_in_v1_times_2_in_v2(options: NanjingOptions) -> None:
    s = score("123m456m789m5p", "5p", [("an_gang", "9999s")], options=options, gang_kai="big")
    # soft: 独占, and the concealed suit kong (2, v2 only)
    assert s.flowers == v(options, 20 + 2 * 2 + 20 + 40, (10 + 2 * 4 + 10) * 2)


@BOTH
def test_flower_gang_kai_plus_40_in_v1_times_4_in_v2(options: NanjingOptions) -> None:
    s = score(MENQING, "5p", flowers="1f2f3f4f", options=options, gang_kai="flower")
    assert "花杠开" in s.hands
    assert s.flowers == v(options, 20 + 2 * 6 + 20 + 40, (10 + 2 * 6 + 10) * 4)


# --- §5.2 soft flowers ----------------------------------------------------------------------


def test_soft_wind_pung_concealed_triplet_and_waits() -> None:
    # 风碰 from a melded pung and from a concealed wind triplet
    s = score("123m456m789m2p", "2p", [("peng", "111z", 1)], flowers="1f2f3f5z")
    assert s.soft_items == ("风碰", "独占", "缺一")
    s = score("123m456m333z5p", "5p", PENG, flowers="1f2f3f5z")
    assert s.soft_items == ("风碰", "独占")
    # 压档 (closed), 边枝 (edge, both ends), two-sided nothing
    assert score("123m456m789m13p55s", "2p").soft_items == ("压档",)
    assert score("123m456m789m12p55s", "3p").soft_items == ("边枝",)
    assert score("123m456m789m89p55s", "7p").soft_items == ("边枝",)
    assert score("123m456m789m23p55s", "4p").soft_items == ()


def test_soft_kongs_wind_always_suit_only_in_v2() -> None:
    hand = "123m456m789s5p"  # all three suits: no 缺一; the 5p pair wait is 独占
    exposed = [("ming_gang", "1111z", 2)]
    concealed = [("an_gang", "1111z")]
    assert score(hand, "5p", exposed).soft_items == ("风明杠", "风明杠", "独占")
    assert score(hand, "5p", concealed).soft == 3 + 1
    suit = [("ming_gang", "1111s", 2)]
    assert score(hand, "5p", suit).soft == 1
    assert score(hand, "5p", suit, options=V2).soft == 1 + 1
    assert score(hand, "5p", [("an_gang", "1111s")], options=V2).soft == 2 + 1
    no = NanjingOptions(values="v2_run10", suit_kong_soft=False)
    assert score(hand, "5p", suit, options=no).soft == 1


def test_double_flowers_off_counts_them_once() -> None:
    off = NanjingOptions(double_flowers=False)
    assert score(MENQING, "5p", options=off).flowers == 20 + 3 + 20


def test_worked_example_section_11() -> None:
    # small hand, 门清, missing a suit, one kong, five hard flowers: 10+10+1+2+5 = 28
    o = NanjingOptions(values="v2_run10", double_flowers=False, self_draw_share="half")
    s = score("234m567m66p78m", "9m", [("an_gang", "2222p")], flowers="1f2f3f5z6z", options=o)
    assert s.hands == ("门清",) and s.hard == 5 and s.soft == 3
    assert s.flowers == 28
    assert s.detail == "10 (跑10) + (5 hard + 3 soft: 暗杠 x2, 缺一) + 10 (门清) = 28"


# --- §9 completions without a shape ---------------------------------------------------------

KUAIZHAO: list[MeldSpec] = [("peng", "999p", 1), ("an_gang", "2222s"), ("peng", "444p", 1)]


def test_kuaizhao_fourth_zui_wins_without_a_pair() -> None:
    assert not is_complete("3m3m3m1p8s", 3)
    s = score("3m3m1p8s", "3m", KUAIZHAO, source=2, winner=0)
    assert s.shape == "kuaizhao" and s.hands == ("对对胡", "全球独钓")
    # v2: 对对胡 only, unless the fourth 嘴 is the feeder's too
    assert score("3m3m1p8s", "3m", KUAIZHAO, source=2, winner=0, options=V2).hands == ("对对胡",)
    assert score("3m3m1p8s", "3m", KUAIZHAO, source=1, winner=0, options=V2).hands == (
        "对对胡",
        "全球独钓",
    )
    # self-drawn it is no 嘴: no completion
    assert score_hand("3m3m1p8s", "3m", KUAIZHAO, flowers="1f", winner=0) is None


def test_kuaizhao_completion_adds_the_melds_colour() -> None:
    melds: list[MeldSpec] = [("peng", "999m", 1), ("peng", "111m", 1), ("peng", "555m", 1)]
    s = score("3m3m1p8s", "3m", melds, source=2, winner=0)
    assert s.hands == ("对对胡", "全球独钓", "清一色")


def test_qingyise_liability_completion_v2_any_set_of_the_suit() -> None:
    melds: list[MeldSpec] = [("peng", "111m", 1), ("peng", "555m", 2), ("peng", "777m", 3)]
    for tile in ("2m", "5m"):
        s = score("3m4m1p7s", tile, melds, source=2, winner=0, options=V2)
        assert s.shape == "qingyise" and s.hands == ("清一色",)
    assert score_hand("3m4m1p7s", "6m", melds, source=2, options=V2) is None
    # v1: only the fourth 嘴 (a pung) completes it, as 清一色 + 对对胡 + 全球独钓
    assert score_hand("3m4m1p7s", "2m", melds, source=2, flowers="1f") is None
    s = score("3m3m1p7s", "3m", melds, source=2, winner=0)
    assert s.hands == ("清一色", "对对胡", "全球独钓")


# --- the shape against an independent search -----------------------------------------------


def _brute(counts: list[int]) -> bool:
    if sum(counts) == 14 and all(c % 2 == 0 for c in counts):
        return True
    for k in range(34):
        if counts[k] >= 2:
            c = list(counts)
            c[k] -= 2
            if split_into_blocks(c):
                return True
    return False


def _no_dragons(rng: random.Random, complete: bool) -> list[int]:
    """14 tiles without dragons: four random blocks and a pair, or a near-complete hand."""
    while True:
        if complete:
            counts = [0] * 34
            counts[rng.randrange(31)] += 2
            for _ in range(4):
                if rng.random() < 0.6:
                    start = rng.randrange(3) * 9 + rng.randrange(7)
                    block = [start, start + 1, start + 2]
                else:
                    block = [rng.randrange(31)] * 3
                for k in block:
                    counts[k] += 1
        else:
            counts = near_complete_counts(rng, 14)
        if not any(counts[31:]) and max(counts) <= 4:
            return counts


def test_win_check_matches_a_brute_force_search(rng: random.Random) -> None:
    checked = won = 0
    for i in range(3000):
        n_pengs = i % 3
        counts = _no_dragons(rng, complete=i % 2 == 0)
        # take n_pengs triplets out as pengs from three different seats (no 快照)
        melds: list[MeldSpec] = []
        for k in range(31):
            if len(melds) < n_pengs and counts[k] >= 3:
                counts[k] -= 3
                melds.append(("peng", KINDS[k] * 3, len(melds) + 1))
        if len(melds) < n_pengs:
            continue
        concealed = list(counts)
        tile = rng.choice([k for k in range(34) if concealed[k]])
        concealed[tile] -= 1
        expected = _brute(counts)
        hand = "".join(KINDS[k] * c for k, c in enumerate(concealed))
        flowers = "1f2f3f5z" if melds else ""  # four hard flowers open a small hand
        assert is_complete(counts, len(melds)) == expected, (counts, melds)
        got = is_winning(hand, KINDS[tile], melds, flowers=flowers, source=2, winner=0)
        assert got == expected, (hand, KINDS[tile], melds)
        checked += 1
        won += expected
    assert checked > 2000 and won > 1000


# The engine's unchecked entries (engine_waits, engine_wins) against the checked is_winning.

_FLOWER_NAMES = ("1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "5z", "6z", "7z")


def _engine_hand(rng: random.Random) -> tuple[list[int], tuple[Meld, ...], list[str]]:
    """A 13 - 3k tile concealed hand (no dragons: they are laid aside), k melds with sources
    (often of one suit, for the §9 completions) and some hard flowers."""
    while True:
        n_melds = rng.choice((0, 1, 2, 3, 3, 3, 4))
        suit = rng.randrange(4)
        melds: list[Meld] = []
        held = [0] * 34
        while len(melds) < n_melds:
            one_suit = rng.random() < 0.5 and suit < 3
            k = 9 * suit + rng.randrange(9) if one_suit else rng.randrange(31)
            if held[k]:
                continue
            kind = rng.choice(("peng", "peng", "ming_gang", "an_gang", "bu_gang"))
            size = 4 if kind in GANG_KINDS else 3
            source = None if kind == "an_gang" else rng.randrange(4)
            melds.append(Meld(kind, (k,) * size, source))
            held[k] += size
        counts = near_complete_counts(rng, 14)
        for k in range(31, 34):
            counts[k] = 0
        tiles = [k for k in range(34) for _ in range(counts[k])]
        rng.shuffle(tiles)
        concealed = [0] * 34
        for k in tiles:
            if sum(concealed) == 13 - 3 * n_melds:
                break
            if held[k] + concealed[k] < 4:
                concealed[k] += 1
        if sum(concealed) == 13 - 3 * n_melds:
            flowers = rng.sample(_FLOWER_NAMES, rng.choice((0, 0, 1, 2, 3, 4, 5)))
            return concealed, tuple(melds), flowers


@pytest.mark.parametrize(
    "options",
    [
        V1,
        V2,
        NanjingOptions(luxury_pairs="winning_tile_fourth"),
        NanjingOptions(values="v2_run10", suit_kong_soft=False),
    ],
    ids=["v1", "v2", "v1_luxury_winning_tile", "v2_no_suit_kong_soft"],
)
def test_engine_waits_and_wins_agree_with_is_winning(
    rng: random.Random, options: NanjingOptions
) -> None:
    ready = 0
    for _ in range(700):
        concealed, melds, flowers = _engine_hand(rng)
        seat = rng.randrange(4)
        held = list(concealed)
        for m in melds:
            for k in m.kinds:
                held[k] += 1
        want = frozenset(
            k
            for k in range(31)
            if held[k] < 4
            and is_winning(
                concealed,
                k,
                melds,
                flowers=flowers,
                source=(seat + 1) % 4,
                winner=seat,
                options=options,
            )
        )
        got = engine_waits(concealed, melds, len(flowers), winner=seat, options=options)
        assert got == want, (concealed, melds, flowers, seat)
        ready += bool(got)
        for _ in range(3):
            tile = rng.choice([k for k in range(31) if held[k] < 4])
            source = rng.choice((None, 0, 1, 2, 3))
            assert engine_wins(
                concealed, tile, melds, len(flowers), source=source, winner=seat, options=options
            ) == is_winning(
                concealed,
                tile,
                melds,
                flowers=flowers,
                source=source,
                winner=seat,
                options=options,
            ), (concealed, tile, melds, flowers, source, seat)
    assert ready > 50, ready
