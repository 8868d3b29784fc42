"""Guizhou settlement (docs/rules/guizhou.md §2-§7): each seed sentence with the seed's own
arithmetic [001:135-137, 169, 201], and a worked 鸡 example per option."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import RecordError
from majiang.settlement import Settlement
from majiang.variants.guizhou.settle import settle

# Named hands, each 13 - 3 x melds tiles, free of 鸡 (no 1s, no 8p) unless named so.
QINGDADUI_5M = "1112223334445m"  # waits 5m: 清大对 80
PINGHU_WAIT_6P = "234567789s45p99s"  # waits 3p/6p: 平胡
NOT_READY_A = "678m23679p23459s"
NOT_READY_B = "2478m23469p3678s"
NOT_READY_C = "3578m23679p4567s"
NOT_READY_10 = "578m1357p236s"  # beside one meld
NOT_READY_10B = "6m124579p248s"


def rec(players: list[dict[str, Any]], win: dict[str, Any] | None, **extra: Any) -> Settlement:
    return settle({"variant": extra.pop("variant", "guiyang"), "players": players,
                   "win": win, **extra})  # fmt: skip


def p(hand: str, melds: list[dict[str, Any]] | None = None, **kw: Any) -> dict[str, Any]:
    return {"hand": hand, "melds": melds or [], **kw}


def test_self_draw_the_three_others_pay() -> None:
    s = rec([p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)],
            {"winners": [0], "from": None, "tile": "5m"})  # fmt: skip
    assert s.deltas == (240, -80, -80, -80)
    assert sum(s.deltas) == 0


def test_discard_win_the_discarder_alone_pays() -> None:
    s = rec([p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)],
            {"winners": [0], "from": 2, "tile": "5m"})  # fmt: skip
    assert s.deltas == (80, 0, -80, 0)


def test_pinghu_takes_a_discard_only_with_a_dou() -> None:
    players = [p(NOT_READY_A), p(PINGHU_WAIT_6P), p(NOT_READY_B), p(NOT_READY_C)]
    with pytest.raises(RecordError, match=r"win\.winners\[0\]: 平胡 takes a discard"):
        rec(players, {"winners": [1], "from": 0, "tile": "6p"})
    # self-drawn it always may: 10 from each
    assert rec(players, {"winners": [1], "from": None, "tile": "6p"}).deltas == (-10, 30, -10, -10)


def test_pinghu_with_a_dou_takes_a_discard_and_the_dou_is_paid() -> None:
    gang = {"kind": "an_gang", "tiles": "9999m"}
    players = [p(NOT_READY_A), p("234m567s45p99s", [gang]), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [1], "from": 0, "tile": "6p"})
    # 平胡 10 from the discarder; 闷豆 20 from each of the three
    assert s.paid(0, 1) == 10 + 20 and s.paid(2, 1) == 20 and s.paid(3, 1) == 20


def test_dou_values_menzhuan_dian() -> None:
    melds = [{"kind": "bu_gang", "tiles": "9999m", "from": 2},
             {"kind": "ming_gang", "tiles": "1111m", "from": 3}]  # fmt: skip
    players = [p(NOT_READY_A), p("45p99s", [*melds, {"kind": "an_gang", "tiles": "1111p"}]),
               p(NOT_READY_B), p(NOT_READY_C)]  # fmt: skip
    s = rec(players, {"winners": [1], "from": None, "tile": "6p"})
    dou = {(x.payer, x.reason): x.amount for x in s.items if x.reason in ("闷豆", "转弯豆", "点豆")}
    assert dou == {(0, "闷豆"): 20, (2, "闷豆"): 20, (3, "闷豆"): 20, (0, "转弯豆"): 10,
                   (2, "转弯豆"): 10, (3, "转弯豆"): 10, (3, "点豆"): 10}  # fmt: skip


@pytest.mark.parametrize(("kind", "extra"), [("an_gang", 60), ("bu_gang", 30), ("ming_gang", 10)])
def test_repao_the_new_dou_void_and_60_30_10_on_top(kind: str, extra: int) -> None:
    gang: dict[str, Any] = {"kind": kind, "tiles": "9999m"}
    if kind != "an_gang":
        gang["from"] = 1
    players = [p(NOT_READY_10, [gang]), p(PINGHU_WAIT_6P), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [1], "from": 0, "tile": "6p", "repao": kind})
    # a 平胡 without a 豆 may still win a 热炮: 10 for the discard + the 豆's compensation
    assert s.paid(0, 1) == 10 + extra
    assert not [x for x in s.items if x.payee == 0]  # the 豆 does not stand
    assert s.deltas[0] == -(10 + extra)


def test_repao_without_a_dou_just_made_is_rejected() -> None:
    players = [p(NOT_READY_A), p(PINGHU_WAIT_6P), p(NOT_READY_B), p(NOT_READY_C)]
    with pytest.raises(RecordError, match=r"win\.repao"):
        rec(players, {"winners": [1], "from": 0, "tile": "6p", "repao": "an_gang"})


def test_huangzhuang_nobody_ready_nothing_paid_dealer_again() -> None:
    s = rec([p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C), p(NOT_READY_A)], None, dealer=2)
    assert s.deltas == (0, 0, 0, 0) and s.pattern["next_dealer"] == 2


def test_huangzhuang_all_ready_nothing_paid_dealer_again() -> None:
    r = [p(QINGDADUI_5M), p(PINGHU_WAIT_6P), p("1112223334445p"), p("2223334445556s")]
    s = rec(r, None, dealer=1)
    assert s.deltas == (0, 0, 0, 0) and s.pattern["next_dealer"] == 1


def test_tongren_huangzhuang_old_dealer_deals() -> None:
    players = [p(NOT_READY_A), p(PINGHU_WAIT_6P), p(NOT_READY_B), p(QINGDADUI_5M)]
    assert rec(players, None, dealer=0, variant="tongren").pattern["next_dealer"] == 0


def test_tongren_baoting_win_adds_ten_and_shabao() -> None:
    players = [p(NOT_READY_A, baoting=False), p(QINGDADUI_5M, baoting=True),
               p(NOT_READY_B, baoting=False), p(NOT_READY_C)]  # fmt: skip
    s = rec(players, {"winners": [1], "from": None, "tile": "5m"}, variant="tongren")
    assert s.paid(0, 1) == 90  # 清大对 80 + 报听 10


def test_tongren_shabao_the_baoting_seat_pays_ten_more() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A, baoting=True), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [0], "from": 1, "tile": "5m"}, variant="tongren")
    assert s.paid(1, 0) == 80 + 10 and [x.reason for x in s.items] == ["点炮", "杀报"]


def test_tongren_shabao_lets_a_pinghu_win_without_a_dou() -> None:
    players = [p(NOT_READY_A, baoting=True), p(PINGHU_WAIT_6P), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [1], "from": 0, "tile": "6p"}, variant="tongren")
    assert s.paid(0, 1) == 20


def test_baoting_is_not_a_guiyang_rule() -> None:
    players = [p(NOT_READY_A, baoting=True), p(PINGHU_WAIT_6P), p(NOT_READY_B), p(NOT_READY_C)]
    with pytest.raises(RecordError, match=r"players\[0\]\.baoting"):
        rec(players, {"winners": [1], "from": None, "tile": "6p"})


def test_chow_is_rejected() -> None:
    players = [p(NOT_READY_10, [{"kind": "chi", "tiles": "345m", "from": 3}]),
               p(PINGHU_WAIT_6P), p(NOT_READY_B), p(NOT_READY_C)]  # fmt: skip
    with pytest.raises(RecordError, match=r"players\[0\]\.melds\[0\]\.kind"):
        rec(players, {"winners": [1], "from": None, "tile": "6p"})


def test_honour_is_rejected() -> None:
    players = [p(NOT_READY_A[:-2] + "1z"), p(PINGHU_WAIT_6P), p(NOT_READY_B), p(NOT_READY_C)]
    with pytest.raises(RecordError, match=r"players\[0\]\.hand"):
        rec(players, {"winners": [1], "from": None, "tile": "6p"})


# --- 鸡 -----------------------------------------------------------------------------


def ji(s: Settlement) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for x in s.items:
        if x.reason in ("鸡", "包鸡", "责任鸡"):
            out[(x.payer, x.payee)] = out.get((x.payer, x.payee), 0) + x.amount
    return out


WINNER_1S = "1s111p456p999m234s"  # 1s held, waits 1s: 平胡


def test_yaoji_a_ready_seat_collects_from_each_other() -> None:
    players = [p(QINGDADUI_5M), p(WINNER_1S), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [0], "from": None, "tile": "5m"})
    assert ji(s) == {(0, 1): 10, (2, 1): 10, (3, 1): 10}
    assert sum(s.deltas) == 0


def test_baoji_not_ready_pays_for_its_discarded_yaoji_and_wugu() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A, discards="1s8p"), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [0], "from": None, "tile": "5m"})
    assert ji(s) == {(1, 0): 10 + 20}  # 幺鸡 1 + 乌骨 2


def test_shaoji_a_not_ready_seats_own_ji_are_void() -> None:
    players = [p(QINGDADUI_5M), p("678m23679p2345s1s"), p(NOT_READY_B), p(NOT_READY_C)]
    assert ji(rec(players, {"winners": [0], "from": None, "tile": "5m"})) == {}


def test_flip_next_rank_and_jinji() -> None:
    players = [p(QINGDADUI_5M), p(WINNER_1S), p(NOT_READY_B), p(NOT_READY_C)]
    win = {"winners": [0], "from": None, "tile": "5m"}
    # flip 8m: 9m is the 鸡; seat 1 holds 999m and 1s: 4 鸡, 40 from each
    assert ji(rec(players, win, flip="8m"))[(0, 1)] == 40
    # flip 9s: 幺鸡 is 金鸡, worth 2
    assert ji(rec(players, win, flip="9s"))[(0, 1)] == 20


def test_flip_updown_and_self() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)]
    win = {"winners": [0], "from": None, "tile": "5m"}
    # flip 6m: the next rank 7m is not held; 上下鸡 adds 5m (the winner holds two)
    assert ji(rec(players, win, flip="6m")) == {}
    assert ji(rec(players, win, flip="6m", options={"flip": "updown"}))[(1, 0)] == 20
    # flip 1m: 2m (three held); 三鸡 adds 9m (none) and 1m itself (three held)
    assert ji(rec(players, win, flip="1m"))[(1, 0)] == 30
    assert ji(rec(players, win, flip="1m", options={"flip": "three"}))[(1, 0)] == 60


def test_chongfeng_ji_double_to_its_discarder() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [0], "from": None, "tile": "5m"}, chongfeng=0)
    assert ji(s) == {(1, 0): 20, (2, 0): 20, (3, 0): 20}


def test_chongfeng_wugu_counts_its_worth_twice_to_its_discarder() -> None:
    """冲锋乌骨: 乌骨 is 2 units, counted twice (chongfeng_value) to the ready winner: 4 from
    each; a seat not ready pays its discarded 8p once (包鸡, 2) and the charge once more (2)."""
    players = [p(QINGDADUI_5M), p(NOT_READY_A, discards="8p"), p(NOT_READY_B), p(NOT_READY_C)]
    win = {"winners": [0], "from": None, "tile": "5m"}
    # seat 1 also pays 包鸡 (20) for a later 8p it discarded
    assert ji(rec(players, win, chongfeng_wugu=0)) == {(1, 0): 60, (2, 0): 40, (3, 0): 40}
    assert ji(rec(players, win)) == {(1, 0): 20}  # 包鸡 for the 8p alone
    assert ji(rec(players, win, chongfeng_wugu=1)) == {(1, 0): 40}
    assert ji(rec(players, win, chongfeng_wugu=1, options={"chongfeng_value": 3})) == {(1, 0): 60}
    both = rec(players, win, chongfeng=0, chongfeng_wugu=0)  # 2 x 1 + 2 x 2 units
    assert ji(both) == {(1, 0): 80, (2, 0): 60, (3, 0): 60}
    assert "冲锋鸡, 冲锋乌骨" in next(x.detail for x in both.items if x.reason == "鸡")


def test_chongfeng_wugu_needs_wugu_on_and_a_seat() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)]
    win = {"winners": [0], "from": None, "tile": "5m"}
    with pytest.raises(RecordError, match=r"chongfeng_wugu.*乌骨鸡"):
        rec(players, win, chongfeng_wugu=0, options={"wugu": False})
    with pytest.raises(RecordError, match="chongfeng_wugu"):
        rec(players, win, chongfeng_wugu=4)


def test_zeren_ji_discarder_pays_the_claimer() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [0], "from": None, "tile": "5m"}, zeren=[2, 0])
    assert ji(s)[(2, 0)] == 10


def test_chuifeng_flip_5p_voids_every_ji() -> None:
    players = [p(QINGDADUI_5M), p(WINNER_1S), p(NOT_READY_B), p(NOT_READY_C)]
    s = rec(players, {"winners": [0], "from": None, "tile": "5m"}, flip="5p",
            options={"chuifeng": True})  # fmt: skip
    assert ji(s) == {}


def test_huangzhuang_voids_ji_unless_kept() -> None:
    players = [p(QINGDADUI_5M), p(WINNER_1S), p(NOT_READY_B), p(NOT_READY_C)]
    assert ji(rec(players, None)) == {}
    kept = rec(players, None, options={"huangzhuang_keeps_ji_dou": True})
    assert ji(kept) == {(2, 1): 10, (3, 1): 10, (0, 1): 10}


def test_qiang_gang_counts_as_self_draw_the_robbed_pays_for_three() -> None:
    robbed = p("1359m1239p48s", [{"kind": "peng", "tiles": "666p", "from": 2}])
    players = [robbed, p(PINGHU_WAIT_6P), p("236789m235p3567s"), p("14589m2379p2678s")]
    s = rec(players, {"winners": [1], "from": 0, "tile": "6p", "qiang_gang": True})
    # a 平胡 without a 豆 may rob; 10 for each of the three, all from the robbed seat
    assert s.deltas == (-30, 30, 0, 0)


def test_huangzhuang_not_ready_pays_each_ready_its_value_dous_void() -> None:
    gang = {"kind": "an_gang", "tiles": "9999p"}
    players = [p("23579m34567p469s"), p(PINGHU_WAIT_6P), p("468m2345p268s", [gang]),
               p(QINGDADUI_5M)]  # fmt: skip
    s = rec(players, None, dealer=0)
    # seats 0 and 2 pay 平胡 10 to seat 1 and 清大对 80 to seat 3; the 闷豆 is void
    assert s.deltas == (-90, 20, -90, 160)
    # the dealer is not ready: the nearest ready seat after the dealer deals
    assert s.pattern["next_dealer"] == 1


def test_tongren_repao_adds_one_fan() -> None:
    gang = {"kind": "an_gang", "tiles": "9999m"}
    players = [p("135m569p3489s", [gang]), p("1112223334446p"), p("14578m57p234579s"),
               p("13678m1679p4678s")]  # fmt: skip
    s = rec(players, {"winners": [1], "from": 0, "tile": "6p", "repao": "an_gang"},
            variant="tongren")  # fmt: skip
    # 清大对 80 + 热炮 10 from the discarder; its 闷豆 still stands (20 from each)
    assert s.by_reason("点炮")[0].amount == 90
    assert s.deltas == (-30, 70, -20, -20)


def test_multi_win_tongren_first_after_discarder_or_old_dealer() -> None:
    players = [p("478m4679p234568s"), p("234m567s45p99s", [{"kind": "an_gang", "tiles": "9999m"}]),
               p("234s567s45p99s", [{"kind": "an_gang", "tiles": "1111m"}]),
               p("345678m23p45678s")]  # fmt: skip
    win = {"winners": [2, 1], "from": 0, "tile": "6p"}
    assert rec(players, win, dealer=3, variant="tongren").pattern["next_dealer"] == 1
    assert rec(players, win, dealer=2, variant="tongren").pattern["next_dealer"] == 2


def test_weekday_ji_the_rank_in_every_suit() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)]
    win = {"winners": [0], "from": None, "tile": "5m"}
    # 星期三: 3m, 3p and 3s are 鸡; the winner holds three 3m
    assert ji(rec(players, win, options={"weekday": 3}))[(1, 0)] == 30


def test_unbuilt_options_are_refused_naming_the_option() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)]
    with pytest.raises(RecordError, match=r"options\.gun_tong"):
        rec(players, None, options={"gun_tong": True})


REPAO_TABLE = [p("135m569p3489s", [{"kind": "an_gang", "tiles": "9999m"}]),
               p("1112223334446p"), p("14578m57p234579s"), p("13678m1679p4678s")]  # fmt: skip
REPAO_WIN = {"winners": [1], "from": 0, "tile": "6p", "repao": "an_gang"}


def test_repao_seed_reading_on_a_big_hand() -> None:
    # 清大对 80 for the discard + 闷豆's 60; the 闷豆 itself does not stand
    assert rec(REPAO_TABLE, REPAO_WIN).deltas == (-140, 140, 0, 0)


def test_repao_burn_all_every_dou_void_and_one_more_hand() -> None:
    s = rec(REPAO_TABLE, REPAO_WIN, options={"repao": "burn_all"})
    assert s.deltas == (-160, 160, 0, 0)


@pytest.mark.parametrize("melds", ["0", None, {"kind": "peng"}])
def test_melds_that_are_not_a_list_are_refused_at_their_field(melds: object) -> None:
    # found by tests/test_record_locations.py's mutation fuzz
    players = [p(QINGDADUI_5M), p(NOT_READY_A), p(NOT_READY_B), p(NOT_READY_C)]
    players[1]["melds"] = melds
    with pytest.raises(RecordError, match=r"players\[1\]\.melds: expected a list") as e:
        rec(players, {"winners": [0], "from": None, "tile": "5m"})
    assert e.value.loc == ("players", 1, "melds")


def test_baoting_must_be_true_or_false() -> None:
    players = [p(QINGDADUI_5M), p(NOT_READY_A, baoting="yes"), p(NOT_READY_B), p(NOT_READY_C)]
    with pytest.raises(RecordError, match=r"players\[1\]\.baoting: expected true or false"):
        rec(players, {"winners": [0], "from": None, "tile": "5m"}, variant="tongren")
