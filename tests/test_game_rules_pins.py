"""Settlement rules no other test states (issue 25 items 20-22, 24), one test per rule, each
on a record built from named hands; each fails when its rule is mutated."""

from __future__ import annotations

from typing import Any

import pytest
from sichuan_records import meld, player, record, win
from test_nanjing_settlement import record as nanjing_record
from test_pingxiang_settlement import meld as px_meld
from test_pingxiang_settlement import record as px_record

import majiang
from majiang.tiles import to_counts
from majiang.variants.nanchang import settle as nanchang_settle
from majiang.variants.nanjing import bixiahu_triggered, liability
from majiang.variants.nanjing import settle as nanjing_settle
from majiang.variants.pingxiang import PingxiangOptions, score_hand
from majiang.variants.pingxiang import settle as pingxiang_settle
from majiang.variants.pingxiang.hands import MeldSpec
from majiang.variants.sichuan import settle as sichuan_settle

SICHUAN_WINNER = player("1112345678999m", "s")  # 清一色, self-draws its 5m
SICHUAN_READY = player("1122334455667p", "m")  # 清七对 on 7p
SICHUAN_NOT_READY = player("24p567p13s79s9s", "m", [meld("an_gang", "5555s", None)])


def lines(settlement: majiang.Settlement, reason: str) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in settlement.by_reason(reason)]


def test_sichuan_hua_zhu_hands_back_its_kong_money() -> None:
    # "必须退回全部刮风下雨所得" [001]: a 花猪 (three suits at the draw) refunds its 暗杠 too
    pig = player("1367m24p1378s", "p", [meld("an_gang", "8888p", None)])
    kongs = [
        {"seat": 0, "kind": "an_gang", "tile": "8p", "from": None, "after_wins": 0},
        {"seat": 3, "kind": "an_gang", "tile": "5s", "from": None, "after_wins": 0},
    ]
    s = sichuan_settle(
        record([pig, SICHUAN_WINNER, SICHUAN_READY, SICHUAN_NOT_READY], [win(1, "5m", None)], kongs)
    )
    assert s.pattern["huazhu"] == [0] and s.pattern["not_ready"] == [3]
    refunds = lines(s, "退税")
    assert [r for r in refunds if r[0] == 0] == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
    assert [r for r in refunds if r[0] == 3] == [(3, 0, 2), (3, 1, 2), (3, 2, 2)]
    assert sum(s.deltas) == 0


LUOHAN_KONGS: list[MeldSpec] = [
    ("an_gang", "1111m"),
    ("ming_gang", "2222p"),
    ("bu_gang", "3333s"),
    ("an_gang", "7777z"),
]


@pytest.mark.parametrize(("pair", "hands"), [("55m", ("18罗汉",)), ("66m", ("对对胡",))])
def test_pingxiang_18_luohan_needs_a_258_pair(pair: str, hands: tuple[str, ...]) -> None:
    # 18罗汉: four kongs and a 2/5/8 pair ([001] summary list); with another pair (where a
    # 对对胡 may do without one) the four kongs are only a 对对胡
    options = PingxiangOptions(duiduihu_needs_258=False)
    s = score_hand(to_counts(pair), LUOHAN_KONGS, self_drawn=True, options=options)
    assert s is not None and s.hands == hands


def test_pingxiang_18_luohan_is_exempt_from_baopai() -> None:
    # three kongs fed by seat 3 would make it liable (包牌), but "这个大碰胡除外" covers 18罗汉:
    # every seat pays its own share of the self-draw
    kongs = [
        px_meld("ming_gang", "2222p", 3),
        px_meld("ming_gang", "3333s", 3),
        px_meld("bu_gang", "4444s", 3),
        px_meld("an_gang", "7777z"),
    ]
    s = pingxiang_settle(px_record("5m", "5m", None, melds=[kongs, [], [], []]))
    assert s.pattern["hands"] == ["18罗汉"]
    assert s.by_reason("包牌") == ()
    assert sorted(p.payer for p in s.by_reason("胡牌分")) == [1, 2, 3]


def nanchang_self_draw(hand: str, tile: str) -> dict[str, Any]:
    """Seat 0 self-draws ``tile`` onto ``hand``; jing 9s (正精) and 1s (副精), held by nobody
    else."""
    others = ("147m258p367s1234z", "22m33m44m66s88s777z", "567m567p78s8p6p")
    return {
        "dealer": 0,
        "jing_indicator": "9s",
        "players": [
            {"hand": hand, "discards": "1z"},
            {"hand": others[0], "discards": "6z"},
            {"hand": others[1], "discards": "2z"},
            {"hand": others[2], "melds": [{"kind": "peng", "tiles": "555z", "from": 0}]},
        ],
        "result": {"kind": "win", "winner": 0, "tile": tile, "from": None},
    }


def jing_items(s: majiang.Settlement) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.amount, p.reason) for p in s.items if "精" in p.reason]


def test_nanchang_fu_jing_won_as_the_winning_tile_counts_like_one_held() -> None:
    # [000]: the jing are counted over the winner's whole hand, its winning tile included
    won_on = nanchang_settle(nanchang_self_draw("123m456m789m23s55p", "1s"))
    held = nanchang_settle(nanchang_self_draw("123m456m789m123s5p", "5p"))
    assert won_on.pattern["jing_points"] == held.pattern["jing_points"] == [1, 0, 0, 0]
    assert jing_items(won_on) == jing_items(held)
    assert [x for x in jing_items(won_on) if x[3] == "副精"] == [
        (1, 0, 1, "副精"),
        (2, 0, 1, "副精"),
        (3, 0, 1, "副精"),
    ]


@pytest.mark.parametrize(("winners", "triggered"), [([1, 2], True), ([1], False)])
def test_nanjing_one_discard_two_non_dealer_winners_triggers_bixiahu(
    winners: list[int], triggered: bool
) -> None:
    # 一炮多响 is a 比下胡 event in v1 [004 v1], with no dealer among the winners (whose win
    # would trigger it alone); one plain non-dealer win with a flower does not
    data = nanjing_record(
        "123m456m789m234p5p",
        "5p",
        3,
        winner=winners if len(winners) > 1 else winners[0],
        hands={2: "123s456s789s234p5p"} if len(winners) > 1 else None,
        flowers=("", "1f", "2f", ""),
    )
    assert data["dealer"] == 0
    assert bixiahu_triggered(data) is triggered


def test_nanjing_quanqiu_duidiao_on_the_fourth_zui_is_paid_by_its_giver() -> None:
    # [004 v1]: three melds of one suit shown (111m 555m 777m), whoever gives the fourth 嘴
    # pays for 清一色 + 对对胡 + 全球独钓; here seat 2's 3m is that 嘴 and the win at once, so
    # the record holds only three melds and must settle with seat 2 liable
    melds = [meld("peng", "111m", 1), meld("peng", "555m", 2), meld("peng", "777m", 3)]
    data = nanjing_record(
        "3m3m1p7s", "3m", 2, melds=[melds, [], [], []], flowers=("1f", "", "", "")
    )
    assert len(data["players"][0]["melds"]) == 3
    assert liability(data, 0) == (2, "清一色")
    s = nanjing_settle(data)
    assert s.pattern["hands"] == ["清一色", "对对胡", "全球独钓"]
    assert s.pattern["liable"] == 2 and s.pattern["liable_reason"] == "清一色"
    assert [p.payer for p in s.items if p.reason in ("胡牌分", "包牌")] == [2]
    assert sum(s.deltas) == 0
