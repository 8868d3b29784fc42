"""Nanchang settlement: the seeds' worked examples and special cases, each as a full record.

Amounts come from the seeds (cited per test); sums that combine several seed rules are worked
out in the comments. Dealer is seat 0 unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest
from nanchang_records import qiang_gang_record, table_record, xia_fan_record

import majiang
from majiang.settlement import Settlement
from majiang.variants.nanchang import chong_guan
from majiang.variants.nanchang.hands import WinContext, best_score
from majiang.variants.nanchang.options import NanchangOptions
from majiang.variants.nanchang.readings import Reading

HAND_REASONS = {"胡牌分", "德国", "德中德", "天胡", "地胡"}
JING_REASONS = {"正精", "副精", "冲关", "霸王精", "杠精"}


def paid_for_hand(s: Settlement, payer: int) -> int:
    return sum(p.amount for p in s.items if p.payer == payer and p.reason in HAND_REASONS)


def paid_for_jing(s: Settlement, payer: int, payee: int) -> int:
    return sum(
        p.amount
        for p in s.items
        if p.payer == payer and p.payee == payee and p.reason in JING_REASONS
    )


def reasons(s: Settlement) -> set[str]:
    return {p.reason for p in s.items}


# --- [002] worked examples -------------------------------------------------------------------


def test_002_example_1_qi_xing_de_zhong_de_on_a_discard_pays_32_37_16() -> None:
    # 閒家 (seat 1) wins 七星十三爛 on its 下家 (seat 2)'s discard; nobody has jing (5s/6s).
    # 莊家 4 x 4 (德中德) x 2 (莊家) = 32; 出冲 4 x 4 x 2 (出冲) + 5 = 37; other 4 x 4 = 16.
    record = table_record("147m25p39s123456z", "7z", winner=1, discarder=2, indicator="5s")
    s = majiang.settle(record)
    assert s.pattern["shape"] == "七星十三烂"
    assert s.pattern["qi_xing"] is True
    assert s.pattern["de_guo"] == "德中德"
    assert (s.paid(0, 1), s.paid(2, 1), s.paid(3, 1)) == (32, 37, 16)
    assert s.deltas == (-32, 85, -37, -16)


def test_002_example_2_dealer_da_qi_dui_gang_kai_pays_20_from_each() -> None:
    # 莊家 (seat 0), 發 and 白 are jing (flipped 發), holds one of each; it kongs 9s on 對家's
    # (seat 2) discard and wins 大七對 on the replacement tile (槓開).
    # Each pays 2 (大七對) x 2 (莊家) x 4 (槓開, with 自摸) + 1 (明槓) + 3 (正精 + 副精) = 20.
    # Seat 1 has a 白 in its pond (1 point), so the winner's jing are not 霸王精; seat 1
    # receives 1 from each.
    record = table_record(
        "11m6z22p5z333s4s",
        "4s",
        winner=0,
        discarder=None,
        indicator="6z",
        melds=[{"kind": "ming_gang", "tiles": "9999s", "from": 2}],
        discards={1: "5z"},
        gang_kai=True,
    )
    s = majiang.settle(record)
    assert s.pattern["shape"] == "大七对"
    assert s.pattern["gang_kai"] is True
    assert [s.paid(loser, 0) for loser in (1, 2, 3)] == [20, 20, 20]
    assert paid_for_hand(s, 1) == 16
    assert s.deltas == (60 - 1, -20 + 3, -20 - 1, -20 - 1)


def test_002_example_3_qiang_gang_de_guo_pays_23_and_19() -> None:
    # 莊家 1 (平糊) x 2 (搶槓) x 2 (莊家) x 2 (德國) + 5 (德國) + 5 x 2 (沖關) = 23;
    # each 閒家 1 x 2 x 2 + 5 + 10 = 19.
    s = majiang.settle(qiang_gang_record())
    assert s.pattern["de_guo"] == "德国"
    assert s.pattern["qiang_gang"] is True
    assert (s.paid(0, 1), s.paid(2, 1), s.paid(3, 1)) == (23, 19, 19)
    assert s.deltas == (-23 - 1, 23 + 19 + 19 - 1, -19 + 3, -19 - 1)


def test_002_example_3_robbed_player_is_not_the_discarder() -> None:
    # [000]: "被抢的玩家不按放炮结算": the dealer pays like on a self-draw, not x 2 放炮 on top.
    s = majiang.settle(qiang_gang_record())
    hand = next(p for p in s.items if p.reason == "胡牌分" and p.payer == 0)
    assert "放炮" not in hand.detail
    assert hand.amount == 8


def gang_jing_record(options: dict[str, Any] | None = None) -> dict[str, Any]:
    # Seat 1 has a concealed kong of the 副精 (4444p) and a 正精 (3p) in hand: 6 points.
    # Seat 2 has a 3p in its pond (2 points: no 霸王精). Nobody wins (荒庄).
    return table_record(
        "",
        "",
        winner=None,
        discarder=None,
        hands={1: "3p"},
        other_melds={1: [{"kind": "an_gang", "tiles": "4444p", "from": None}]},
        discards={2: "3p"},
        options=options,
    )


def test_002_example_4_gang_jing_pays_28_without_double_count() -> None:
    # Default: 10 (槓精) + 6 x 3 (沖關) = 28 from each: the kong's four 副精 count once.
    s = majiang.settle(gang_jing_record())
    assert [paid_for_jing(s, payer, 1) for payer in (0, 2, 3)] == [28, 28, 28]
    assert not reasons(s) & {"暗杠", "明杠", "补杠"}  # no kong points for a 杠精
    # 荒庄: the dealer pays 5 to each; seat 2 receives its 2 from each.
    assert s.deltas == (-28 - 2 - 15, 84 - 2 + 5, -28 + 6 + 5, -28 - 2 + 5)


def test_002_example_4_gang_jing_pays_32_with_double_count() -> None:
    # [002]: "每家需支付14(槓精獎勵)+6*3(沖關獎勵)=32子".
    s = majiang.settle(gang_jing_record({"gang_jing_double_count": True}))
    assert [paid_for_jing(s, payer, 1) for payer in (0, 2, 3)] == [32, 32, 32]
    assert [p.amount for p in s.items if p.reason == "杠精" and p.payer == 0] == [14]


# --- [003] special rows ---------------------------------------------------------------------


def zheng_gang_jing_record(options: dict[str, Any], *, someone_else: bool) -> dict[str, Any]:
    return table_record(
        "",
        "",
        winner=None,
        discarder=None,
        other_melds={1: [{"kind": "an_gang", "tiles": "3333p", "from": None}]},
        discards={2: "4p"} if someone_else else {},
        options=options,
    )


def test_003_gang_zheng_jing_20_plus_8_points_chong_guan_is_60() -> None:
    # [003]: "杠正精獎勵20子 本身8點5倍=60子".
    s = majiang.settle(zheng_gang_jing_record({"gang_jing_bonus_zheng": 20}, someone_else=True))
    assert [paid_for_jing(s, payer, 1) for payer in (0, 2, 3)] == [60, 60, 60]


def test_003_gang_zheng_jing_ba_wang_is_100() -> None:
    # [003]: "霸王精的話獎勵20子本身8點5倍2倍=100子".
    s = majiang.settle(zheng_gang_jing_record({"gang_jing_bonus_zheng": 20}, someone_else=False))
    assert [paid_for_jing(s, payer, 1) for payer in (0, 2, 3)] == [100, 100, 100]
    assert s.pattern["ba_wang"] == 1


def test_gang_zheng_jing_default_bonus_is_10() -> None:
    # The default: 10 for either kind: 10 + 40 = 50.
    s = majiang.settle(zheng_gang_jing_record({}, someone_else=True))
    assert [paid_for_jing(s, payer, 1) for payer in (0, 2, 3)] == [50, 50, 50]


@pytest.mark.parametrize(
    ("points", "worth"),
    [(1, 1), (4, 4), (5, 10), (6, 18), (7, 28), (8, 40), (9, 54), (10, 70), (11, 88), (12, 108)],
)
def test_chong_guan_table(points: int, worth: int) -> None:
    # [000] [002] to 10 points, [003] to 12.
    assert chong_guan(points) == worth


def test_twelve_jing_points_are_worth_108_and_double_as_ba_wang() -> None:
    # Four 正精 and four 副精 in one hand (the flipped 3p went back to the wall): 12 points,
    # 冲关 12 x 9 = 108 ([003]); nobody else can hold a jing, so 霸王精 doubles it.
    record = table_record("", "", winner=None, discarder=None, hands={1: "33334444p"})
    s = majiang.settle(record)
    assert s.pattern["jing_points"] == [0, 12, 0, 0]
    assert s.pattern["jing_values"] == [0, 216, 0, 0]
    assert [paid_for_jing(s, payer, 1) for payer in (0, 2, 3)] == [216, 216, 216]
    assert [p.amount for p in s.items if p.reason == "冲关" and p.payer == 0] == [108 - 12]


# --- 杠开, 精钓, 天胡 and 地胡 ---------------------------------------------------------------


def jing_diao_gang_kai_record(winner: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    # The winner kongs 9m, and the replacement tile is a 3p that pairs its lone 3p (正精):
    # 精钓 + 杠开 + 德国 (the pair is natural).
    return table_record(
        "123m456p789s3p",
        "3p",
        winner=winner,
        discarder=None,
        melds=[{"kind": "ming_gang", "tiles": "9999m", "from": (winner + 2) % 4}],
        gang_kai=True,
        options=options,
    )


def test_gang_kai_de_guo_table_of_003() -> None:
    # [003]: 閒家杠開德國 47 (莊家 21, 閒家 13 each); 莊家杠開德國 63 (21 each).
    # 1 x 2 (莊家) x 2 (自摸) x 2 (杠開) x 2 (德國) + 5 = 21; without 莊家 13.
    record = table_record(
        "123m456p789s5z",
        "5z",
        winner=1,
        discarder=None,
        melds=[{"kind": "an_gang", "tiles": "9999m", "from": None}],
        hands={3: "4p"},
        gang_kai=True,
    )
    s = majiang.settle(record)
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [21, 13, 13]
    record["result"]["winner"] = 0
    record["players"][0], record["players"][1] = record["players"][1], record["players"][0]
    s = majiang.settle(record)
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [21, 21, 21]


def test_jing_diao_gang_kai_de_guo_by_the_formula() -> None:
    # 1 x 2 (莊家) x 2 (自摸) x 2 (杠開) x 2 (精釣) x 2 (德國) + 5 = 37; 閒家 16 + 5 = 21.
    s = majiang.settle(jing_diao_gang_kai_record(1))
    assert s.pattern["jing_diao"] is True
    assert s.pattern["de_guo"] == "德国"
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [37, 21, 21]


def test_003_jing_diao_gang_kai_de_guo_row_doubles_the_extra() -> None:
    # [003]: 閒家精吊杠開德國 94 = 42 + 26 + 26; 莊家精吊杠開德國 126 = 42 each.
    options = {"jingdiao_doubles_de_bonus": True}
    s = majiang.settle(jing_diao_gang_kai_record(1, options))
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [42, 26, 26]
    s = majiang.settle(jing_diao_gang_kai_record(0, options))
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [42, 42, 42]


def test_003_jing_diao_gang_kai_de_guo_da_qi_dui_row() -> None:
    # [003]: 閒家精吊杠開德國七星(大7對) 286 = 138 + 74 + 74; 莊家 414 = 138 each.
    # 2 x 2 x 2 x 2 x 2 (精釣) x 2 (德國) x 2 (德國大七對) = 128 (+ 10) for the dealer.
    def record(winner: int) -> dict[str, Any]:
        return table_record(
            "111m222s3p",
            "3p",
            winner=winner,
            discarder=None,
            melds=[
                {"kind": "ming_gang", "tiles": "9999m", "from": (winner + 2) % 4},
                {"kind": "peng", "tiles": "555z", "from": (winner + 1) % 4},
            ],
            gang_kai=True,
            options={"jingdiao_doubles_de_bonus": True},
        )

    s = majiang.settle(record(1))
    assert s.pattern["shape"] == "大七对"
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [138, 74, 74]
    s = majiang.settle(record(0))
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [138, 138, 138]


@pytest.mark.parametrize(
    ("reading", "dealer_pays", "non_dealer_pays"),
    [
        # [003] 精吊杠開 rows with 德中德, which a real record cannot hold (精钓 needs a jing
        # in hand, 德中德 nobody holding one): checked on the multiplier chain directly.
        (Reading("平胡", True, True), 74, 42),
        (Reading("小七对", True, True), 266, 138),
    ],
)
def test_003_jing_diao_gang_kai_de_zhong_de_rows(
    reading: Reading, dealer_pays: int, non_dealer_pays: int
) -> None:
    win = WinContext(winner=1, dealer=0, gang_kai=True, nobody_holds_jing=True)
    options = NanchangOptions(jingdiao_doubles_de_bonus=True)
    score = best_score([reading], win, options)
    assert [p.total for p in score.pays] == [dealer_pays, non_dealer_pays, non_dealer_pays]


def tian_hu_record(hand: str, tile: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    record = table_record(hand, tile, winner=0, discarder=None, tian_hu=True, options=options)
    return record


def di_hu_record(hand: str, tile: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return table_record(hand, tile, winner=1, discarder=0, di_hu=True, options=options)


def test_tian_hu_is_20_from_each_with_no_other_multiplier() -> None:
    # [000] "定死20个子", [002], [003]: a 德国 平胡 self-drawn by the dealer would be 13 or more;
    # 天胡 is 20 flat.
    s = majiang.settle(tian_hu_record("123m456p789s234z5s", "5s"))
    assert s.pattern["tian_hu"] is True
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [20, 20, 20]


def test_jing_diao_tian_hu_is_40_from_each() -> None:
    # [002] [003] "精釣天糊...每家需支付40子": a lone 3p (正精) beside four blocks and a 5s.
    s = majiang.settle(tian_hu_record("123m456p789s234z3p", "5s"))
    assert s.pattern["jing_diao"] is True
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [40, 40, 40]


def test_di_hu_is_20_from_each_and_40_with_jing_diao() -> None:
    # [000] "地胡: 20, 三家给(起手形成精钓的牌型地胡为40)", [002], [003].
    s = majiang.settle(di_hu_record("123m456p789s234z5s", "5s"))
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [20, 20, 20]
    s = majiang.settle(di_hu_record("123m456p789s234z3p", "7s"))
    assert s.pattern["jing_diao"] is True
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [40, 40, 40]


def test_003_variant_di_hu_dealer_20_non_dealers_10() -> None:
    options = {"tian_di_hu_scoring": "seed003_variant"}
    # 地胡 with a jing standing in (not 德国): dealer 20, 閒家 10 each.
    s = majiang.settle(di_hu_record("123m456p78s4p234z5s", "5s", options))
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [20, 10, 10]


def test_003_variant_de_guo_di_hu_40_20_and_jing_diao_de_guo_80_40() -> None:
    options = {"tian_di_hu_scoring": "seed003_variant"}
    s = majiang.settle(
        table_record(
            "123m456p789s234z5s",
            "5s",
            winner=1,
            discarder=0,
            di_hu=True,
            hands={3: "4p"},
            options=options,
        )
    )
    assert s.pattern["de_guo"] == "德国"
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [40, 20, 20]
    # The dealt 13 were four blocks and a lone 3p; the dealer's first discard is a 3p.
    s = majiang.settle(di_hu_record("123m456p789s234z3p", "3p", options))
    assert (s.pattern["jing_diao"], s.pattern["de_guo"]) == (True, "德国")
    assert [paid_for_hand(s, seat) for seat in (0, 2, 3)] == [80, 40, 40]


def test_003_variant_tian_hu_20_de_guo_40_jing_diao_de_guo_80() -> None:
    options = {"tian_di_hu_scoring": "seed003_variant"}
    s = majiang.settle(tian_hu_record("123m456p78s4p234z5s", "5s", options))
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [20, 20, 20]
    record = table_record(
        "123m456p789s234z5s",
        "5s",
        winner=0,
        discarder=None,
        tian_hu=True,
        hands={3: "4p"},
        options=options,
    )
    s = majiang.settle(record)
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [40, 40, 40]
    s = majiang.settle(tian_hu_record("123m456p789s234z3p", "3p", options))
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [80, 80, 80]


def test_jing_diao_counts_only_on_a_self_draw() -> None:
    # [000] "吃别人的炮不算精钓, 只能算点炮": the same hand won on a discard pays no 精钓.
    drawn = majiang.settle(table_record("123m456p789s234z3p", "5s", winner=1, discarder=None))
    discard = majiang.settle(table_record("123m456p789s234z3p", "5s", winner=1, discarder=2))
    assert drawn.pattern["jing_diao"] is True
    assert discard.pattern["jing_diao"] is False
    # 1 x 2 (莊家) x 2 (自摸) x 2 (精釣) = 8; on seat 2's discard: 1 x 2 (放炮) = 2.
    assert paid_for_hand(drawn, 0) == 8
    assert paid_for_hand(discard, 2) == 2


def test_de_guo_reading_is_chosen_when_it_pays_more() -> None:
    # 3p3p pair plus 4p5p6p: natural (精还原, 德国) or with the 3p standing in; the 德国
    # reading pays more, and its jing still score.
    s = majiang.settle(
        table_record("33p456p123m789m56s", "7s", winner=1, discarder=2, discards={3: "4p"})
    )
    assert s.pattern["de_guo"] == "德国"
    assert s.pattern["jing_points"][1] == 5


@pytest.mark.parametrize("discarder", [None, 2])
def test_a_fu_jing_won_as_the_winning_tile_scores_like_one_held(discarder: int | None) -> None:
    # [000]: jing in melds and the winning tile earn the same points as jing held in hand.
    # Indicator 3p: 正精 3p, 副精 4p; the same hand wins on the 副精 or holds it.
    won_on = majiang.settle(table_record("123m456m789s11s56p", "4p", winner=1, discarder=discarder))
    held = majiang.settle(table_record("123m456m789s11s45p", "6p", winner=1, discarder=discarder))
    assert won_on.pattern["jing"] == ["3p", "4p"]
    assert won_on.pattern["jing_points"] == held.pattern["jing_points"] == [0, 1, 0, 0]
    assert won_on.by_reason("副精") == held.by_reason("副精") != ()


def test_de_zhong_de_ignores_jing_in_ponds_but_they_still_score() -> None:
    # The issue: 德中德 when no player holds jing in hand or melds; a pond jing scores.
    record = table_record("123m456m789s11s67p", "5p", winner=1, discarder=2, discards={3: "4p"})
    s = majiang.settle(record)
    assert s.pattern["de_guo"] == "德中德"
    assert s.pattern["jing_points"] == [0, 0, 0, 1]


# --- 下翻, 荒庄, 抄庄, 爬楼 -------------------------------------------------------------------


def test_xia_fan_settles_the_lower_jing_on_the_dealt_hands() -> None:
    s = majiang.settle(xia_fan_record())
    lines = s.by_reason("下翻")
    assert {(p.payer, p.payee, p.amount) for p in lines} == {
        (1, 0, 10),
        (2, 0, 10),
        (3, 0, 10),
        (0, 2, 1),
        (1, 2, 1),
        (3, 2, 1),
    }
    assert s.pattern["xia_fan"]["jing_points"] == [5, 0, 1, 0]


def test_huang_zhuang_dealer_pays_5_to_each_and_jing_and_kongs_settle() -> None:
    record = table_record(
        "",
        "",
        winner=None,
        discarder=None,
        hands={2: "4p"},
        other_melds={3: [{"kind": "ming_gang", "tiles": "7777z", "from": 1}]},
    )
    s = majiang.settle(record)
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("荒庄")] == [
        (0, 1, 5),
        (0, 2, 5),
        (0, 3, 5),
    ]
    assert len(s.by_reason("明杠")) == 3
    assert s.pattern["ba_wang"] == 2
    # 荒庄 -5 x 3 for the dealer; 霸王精 2 to seat 2 from each; 明杠 1 to seat 3 from each.
    assert s.deltas == (-15 - 2 - 1, 5 - 2 - 1, 5 + 6 - 1, 5 - 2 + 3)


def test_chao_zhuang_dealer_pays_5_to_each() -> None:
    record = table_record("123m456m789s11s67p", "5p", winner=1, discarder=2, hands={3: "4p"})
    record["chao_zhuang"] = True
    s = majiang.settle(record)
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("抄庄")] == [
        (0, 1, 5),
        (0, 2, 5),
        (0, 3, 5),
    ]


def test_pa_lou_multiplies_everything_but_the_penalties() -> None:
    record = table_record("", "", winner=None, discarder=None, hands={2: "4p"})
    record["dealer_streak"] = 3
    s = majiang.settle(record)
    assert [p.amount for p in s.by_reason("荒庄")] == [5, 5, 5]
    assert [p.amount for p in s.by_reason("正精") + s.by_reason("副精")] == [3, 3, 3]
    assert [p.amount for p in s.by_reason("霸王精")] == [3, 3, 3]


def test_winning_self_drawn_dealer_on_the_third_floor() -> None:
    # 德国 平胡 by the dealer, floor 3: 13 x 3 = 39 from each.
    record = table_record("123m456m789s11s67p", "5p", winner=0, discarder=None, hands={3: "4p"})
    record["dealer_streak"] = 3
    s = majiang.settle(record)
    assert [paid_for_hand(s, seat) for seat in (1, 2, 3)] == [39, 39, 39]
