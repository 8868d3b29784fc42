"""Nanjing settlement (``docs/rules/nanjing.md`` §2, §7, §9-§11) and record checks.

Every test builds a full record; the other seats' concealed tiles are filled from the winds and
the far end of the wall (they play no part in the payments). Dealer is seat 0 unless a test
says otherwise. Amounts are in flowers (花).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import majiang
from majiang.errors import RecordError
from majiang.settlement import Settlement
from majiang.tiles import from_counts, to_counts
from majiang.variants.nanjing import HandRecord, bixiahu_triggered, liability, settle

V2 = {"values": "v2_run10"}


def meld(kind: str, tiles: str, source: int | None = None) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "from": source}


def record(
    winner_hand: str | None,
    tile: str | None = None,
    source: int | None = None,
    *,
    winner: int | list[int] = 0,
    hands: dict[int, str] | None = None,
    melds: Sequence[Sequence[dict[str, Any]]] = ((), (), (), ()),
    flowers: Sequence[str] = ("", "", "", ""),
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    penalties: Sequence[dict[str, Any]] = (),
    bixiahu: bool = False,
    ready: Sequence[bool] = (False, False, False, False),
    **flags: Any,
) -> dict[str, Any]:
    """A record in JSON form; ``winner_hand`` None: a drawn hand."""
    fixed = dict(hands or {})
    first = winner if isinstance(winner, int) else winner[0]
    if winner_hand is not None:
        fixed[first] = winner_hand
    used = [0] * 34
    for seat_melds in melds:
        for m in seat_melds:
            for k, c in enumerate(to_counts(m["tiles"])):
                used[k] += c
    for text in (*fixed.values(), tile or ""):
        for k, c in enumerate(to_counts(text)):
            used[k] += c
    players = []
    order = list(range(30, -1, -1))  # winds first, then from 9s down; never a dragon
    for seat in range(4):
        size = 13 - 3 * len(melds[seat])
        if seat in fixed:
            hand = fixed[seat]
        else:
            counts = [0] * 34
            for k in order:
                while counts[k] + used[k] < 4 and sum(counts) < size:
                    counts[k] += 1
            for k in range(34):
                used[k] += counts[k]
            hand = from_counts(counts)
        players.append(
            {
                "hand": hand,
                "melds": list(melds[seat]),
                "flowers": flowers[seat],
                "discards": "",
                "ready": ready[seat],
            }
        )
    result: dict[str, Any] = {"kind": "draw"}
    if winner_hand is not None:
        result = {"kind": "win", "winner": winner, "tile": tile, "from": source, **flags}
    data: dict[str, Any] = {
        "variant": "nanjing",
        "dealer": dealer,
        "players": players,
        "penalties": list(penalties),
        "bixiahu": bixiahu,
        "result": result,
    }
    if options is not None:
        data["options"] = options
    return data


def hand_payments(s: Settlement) -> list[tuple[int, int, int, str]]:
    return [
        (p.payer, p.payee, p.amount, p.reason) for p in s.items if p.reason in ("胡牌分", "包牌")
    ]


def checked(data: dict[str, Any]) -> Settlement:
    s = settle(data)
    assert sum(s.deltas) == 0
    assert majiang.settle(data) == s  # through the registry
    r = HandRecord.from_dict(data)
    assert HandRecord.from_dict(r.to_dict()) == r
    return s


MENQING = "123m456m789m234p5p"  # + 5p: 门清, soft 独占 + 缺一; with 1f: 46 (v1) / 26 (v2)


# --- §2 who pays ----------------------------------------------------------------------------


def test_discarder_alone_pays() -> None:
    s = checked(record(MENQING, "5p", 2, flowers=("1f", "", "", "")))
    assert s.pattern["flowers"] == 46 and s.pattern["hands"] == ["门清"]
    assert hand_payments(s) == [(2, 0, 46, "胡牌分")]
    assert s.deltas == (46, 0, -46, 0)


def test_self_draw_each_of_three_pays_the_whole_amount() -> None:
    s = checked(record(MENQING, "5p", None, winner=1, flowers=("", "1f", "", "")))
    assert s.deltas == (-46, 138, -46, -46)


def test_self_draw_half_share_rounds_up() -> None:
    data = record(MENQING, "5p", None, flowers=("1f", "", "", ""), options=V2)
    data["options"] = {**V2, "self_draw_share": "half"}
    s = checked(data)  # 26 -> 13 each
    assert s.deltas == (39, -13, -13, -13)
    data["options"]["double_flowers"] = False  # 10 + 3 + 10 = 23 -> 12 each
    assert checked(data).deltas == (36, -12, -12, -12)


# --- §11 the worked example -----------------------------------------------------------------

WORKED = {"values": "v2_run10", "double_flowers": False, "self_draw_share": "half"}


def worked(source: int | None, bixiahu: bool = False) -> dict[str, Any]:
    return record(
        "234m567m66p78m",
        "9m",
        source,
        melds=[[meld("an_gang", "2222p")], [], [], []],
        flowers=("1f2f3f5z6z", "", "", ""),
        options=dict(WORKED),
        bixiahu=bixiahu,
    )


def test_worked_example_28_flowers_from_the_discarder() -> None:
    s = checked(worked(2))
    assert s.pattern["flowers"] == 28  # 10 + 10 (门清) + 1 (缺一) + 2 (kong) + 5 (flowers)
    assert s.pattern["hard"] == 5 and s.pattern["soft"] == 3
    assert hand_payments(s) == [(2, 0, 28, "胡牌分")]  # 14 yuan at 0.5 yuan a flower
    assert [(p.payer, p.amount) for p in s.by_reason("暗杠")] == [(1, 3), (2, 3), (3, 3)]


def test_worked_example_self_draw_half_each() -> None:
    s = checked(worked(None))
    assert hand_payments(s) == [(1, 0, 14, "胡牌分"), (2, 0, 14, "胡牌分"), (3, 0, 14, "胡牌分")]


def test_worked_example_doubled_after_bixiahu() -> None:
    s = checked(worked(2, bixiahu=True))
    assert s.pattern["flowers"] == 56 and s.pattern["bixiahu"] == 2
    assert hand_payments(s) == [(2, 0, 56, "胡牌分")]  # 28 yuan
    s = checked(worked(None, bixiahu=True))
    assert {p.amount for p in s.by_reason("胡牌分")} == {28}  # 14 yuan each


def test_per_flag_mode_doubles_once_per_flag() -> None:
    data = worked(2, bixiahu=True)
    data["options"]["bixiahu_mode"] = "per_flag"
    data["bixiahu_flags"] = 2
    assert hand_payments(checked(data)) == [(2, 0, 112, "胡牌分")]


# --- §9 快照 and liability -------------------------------------------------------------------

KUAIZHAO = [[meld("peng", "999p", 1), meld("an_gang", "2222s"), meld("peng", "444p", 1)]]


def kuaizhao(source: int | None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return record(
        "3m3m1p8s",
        "3m",
        source,
        melds=[*KUAIZHAO, [], [], []],
        flowers=("1f", "", "", ""),
        options=options,
    )


def test_v2_kuaizhao_example_b_pays() -> None:
    # A pungs from B, concealed kong, pungs from B again; holds 3m3m 1p 8s; pungs C's 3m: wins
    s = checked(kuaizhao(2, V2))
    assert s.pattern["shape"] == "kuaizhao" and s.pattern["hands"] == ["对对胡"]
    assert s.pattern["liable"] == 1 and s.pattern["liable_reason"] == "快照"
    amount = 10 + 2 * (1 + 2) + 30  # 1 hard; soft: the concealed suit kong (2)
    assert hand_payments(s) == [(1, 0, amount, "包牌")]
    assert s.deltas[2] == -3  # C pays only the 暗杠


def test_v2_fourth_zui_from_the_feeder_is_quanqiu_duidiao() -> None:
    s = checked(kuaizhao(1, V2))
    assert s.pattern["hands"] == ["对对胡", "全球独钓"]
    assert hand_payments(s) == [(1, 0, 10 + 6 + 30 + 50, "胡牌分")]


def test_v1_kuaizhao_completion_is_duiduihu_and_quanqiu_duidiao() -> None:
    s = checked(kuaizhao(3))
    assert s.pattern["hands"] == ["对对胡", "全球独钓"]
    assert hand_payments(s) == [(1, 0, 20 + 2 * 1 + 40 + 60, "包牌")]


def test_v1_kuaizhao_feeder_pays_three_shares_on_a_self_draw() -> None:
    # after the 快照 the hand wins normally by self-draw: the feeder pays for all three
    data = record(
        "3m3m1p1p",
        "1p",
        None,
        melds=[*KUAIZHAO, [], [], []],
        flowers=("1f2f3f5z", "", "", ""),
    )
    s = checked(data)
    assert liability(data, 0) == (1, "快照")
    payments = hand_payments(s)
    assert [p[0] for p in payments] == [1, 1, 1]
    assert [p[3] for p in payments] == ["胡牌分", "包牌", "包牌"]


def test_kuaizhao_needs_three_in_a_row_from_one_seat() -> None:
    # (three melds of one suit would make a 清一色 liability instead: keep two suits)
    melds = [[meld("peng", "999p", 1), meld("peng", "444s", 2), meld("peng", "666p", 1)]]
    data = record("3m3m1p1p", "1p", 3, melds=[*melds, [], [], []], flowers=("1f2f3f5z", "", "", ""))
    assert liability(data, 0) is None
    with pytest.raises(RecordError, match=r"^result\.tile: "):  # and no shapeless completion
        settle(record("3m3m1p8s", "3m", 3, melds=[*melds, [], [], []]))


QYS = [[meld("peng", "111m", 1), meld("peng", "555m", 2), meld("peng", "777m", 3)]]


@pytest.mark.parametrize("tile", ["2m", "5m"])
def test_v2_qingyise_liability_example(tile: str) -> None:
    # A shows 111m 555m 777m, holds 3m4m 1p 7s; 2m or 5m from anybody wins as 清一色
    s = checked(record("3m4m1p7s", tile, 2, melds=[*QYS, [], [], []], options=V2))
    assert s.pattern["shape"] == "qingyise" and s.pattern["hands"] == ["清一色", "无花果"]
    assert s.pattern["liable"] == 2
    assert hand_payments(s) == [(2, 0, 10 + 40 + 30, "胡牌分")]


def test_v1_qingyise_liability_needs_the_fourth_zui() -> None:
    with pytest.raises(RecordError, match=r"^result\.tile: "):
        settle(record("3m4m1p7s", "2m", 2, melds=[*QYS, [], [], []]))
    s = checked(record("3m3m1p7s", "3m", 2, melds=[*QYS, [], [], []], flowers=("1f", "", "", "")))
    assert s.pattern["hands"] == ["清一色", "对对胡", "全球独钓"]
    assert hand_payments(s) == [(2, 0, 20 + 2 + 60 + 40 + 60, "胡牌分")]


def test_v1_the_discarder_of_the_fourth_zui_is_liable_for_quanqiu_duidiao() -> None:
    # three melds of one suit from three seats: whoever gives the fourth 嘴 pays (包牌, §9)
    for feeder in (1, 2, 3):
        flowers = ("1f", "", "", "")
        s = checked(record("3m3m1p7s", "3m", feeder, melds=[*QYS, [], [], []], flowers=flowers))
        assert "全球独钓" in s.pattern["hands"]
        assert (s.pattern["liable"], s.pattern["liable_reason"]) == (feeder, "清一色")
        assert {p[0] for p in hand_payments(s)} == {feeder}


def test_v2_the_fourth_zui_from_the_kuaizhao_feeder_is_its_liability() -> None:
    s = checked(kuaizhao(1, V2))
    assert (s.pattern["liable"], s.pattern["liable_reason"]) == (1, "快照")


def test_v1_the_seat_feeding_the_fourth_meld_of_one_suit_pays_a_self_draw() -> None:
    melds = [[*QYS[0], meld("peng", "999m", 2)]]
    s = checked(record("3m", "3m", None, melds=[*melds, [], [], []], flowers=("1f", "", "", "")))
    assert s.pattern["liable"] == 2 and s.pattern["liable_reason"] == "清一色"
    assert [p[0] for p in hand_payments(s)] == [2, 2, 2]


def test_gang_kai_feeder_pays_everything() -> None:
    data = record(
        "123m456m789m5p",
        "5p",
        None,
        melds=[[meld("ming_gang", "1111s", 3)], [], [], []],
        flowers=("1f", "", "", ""),
        gang_kai="big",
        kong_feeder=3,
    )
    s = checked(data)
    assert s.pattern["soft_items"] == ["独占"]  # all three suits: no 缺一; v1: no suit-kong soft
    amount = 20 + 2 * (1 + 1) + 20 + 40  # 门清 (一杠 keeps it), 大杠开花
    assert s.pattern["flowers"] == amount
    assert [(p[0], p[2]) for p in hand_payments(s)] == [(3, amount)] * 3
    assert s.paid(3, 0) == 3 * amount + 6  # and the 明杠


def test_qiang_gang_the_robbed_pays_three_shares_and_no_kong_money() -> None:
    # seat 2 adds 8m to its peng; seat 0 robs it (the robbed kong stays a peng)
    data = record(
        "123m456p789s55s67m",
        "8m",
        2,
        melds=[[], [], [meld("peng", "888m", 1)], []],
        flowers=("1f", "", "", ""),
        qiang_gang=True,
    )
    s = checked(data)
    amount = 20 + 2 * 1 + 20  # 门清; 67m + 8m is two-sided
    assert s.pattern["liable"] == 2 and s.pattern["liable_reason"] == "抢杠"
    assert sorted(hand_payments(s)) == [
        (2, 0, amount, "包牌"),
        (2, 0, amount, "包牌"),
        (2, 0, amount, "胡牌分"),
    ]
    assert s.deltas == (3 * amount, 0, -3 * amount, 0)
    assert not s.by_reason("明杠")


# --- §7 kongs, 花杠 and penalties, paid at once --------------------------------------------


def test_kongs_flower_kongs_and_penalties() -> None:
    data = record(
        "123m456m789m5p",
        "5p",
        3,
        melds=[[meld("ming_gang", "1111s", 3)], [meld("bu_gang", "2222s", 2)], [], []],
        hands={2: "9p9p9p8p8p8p7p7p7p6p"},
        flowers=("1f", "5f6f7f8f", "", ""),
        penalties=[{"kind": "four_by_one", "seat": 2, "tile": "9p"}],
    )
    data["players"][2]["melds"] = [meld("an_gang", "3333s")]
    s = checked(data)
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("明杠")] == [(3, 0, 6), (2, 1, 6)]
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("暗杠")] == [
        (0, 2, 3),
        (1, 2, 3),
        (3, 2, 3),
    ]
    assert [(p.payer, p.payee) for p in s.by_reason("花杠")] == [(0, 1), (2, 1), (3, 1)]
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("罚")] == [
        (2, 0, 6),
        (2, 1, 6),
        (2, 3, 6),
    ]


def test_on_a_drawn_hand_kongs_and_penalties_stand() -> None:
    data = record(
        None,
        melds=[[meld("an_gang", "1111s")], [], [], []],
        hands={0: "123m456m789m1p"},
        flowers=("", "", "7z7z7z7z", ""),
        penalties=[{"kind": "same_four_in_a_row", "seat": 3}],
        options={"kong_an": 5, "flower_kong": 2, "penalty": 1},
    )
    s = checked(data)
    assert s.pattern["result"] == "draw" and s.pattern["bixiahu_next"] is True
    assert s.deltas == (15 - 2 + 1, -5 - 2 + 1, 6 - 5 + 1, -5 - 2 - 3)


# --- several winners and 比下胡 -------------------------------------------------------------


def test_one_discard_several_winners() -> None:
    data = record(
        MENQING,
        "5p",
        3,
        winner=[0, 1],
        hands={1: "123s456s789s234p5p"},
        flowers=("1f", "2f", "", ""),
    )
    s = checked(data)
    assert hand_payments(s) == [(3, 0, 46, "胡牌分"), (3, 1, 46, "胡牌分")]
    assert [w["winner"] for w in s.pattern["winners"]] == [0, 1]
    assert bixiahu_triggered(data)  # 一炮多响 (v1)
    data["options"] = {"multiple_winners": False}
    with pytest.raises(RecordError, match=r"^result\.winner: "):
        settle(data)


def test_v1_one_discard_two_non_dealer_winners_is_bixiahu() -> None:  # §10 一炮多响
    # the dealer (seat 0) neither wins nor discards, and neither hand is big: only the
    # several winners make this hand a 比下胡 event, and only in v1
    data = record(
        MENQING,
        "5p",
        3,
        winner=[1, 2],
        hands={2: "123s456s789s234p5p"},
        flowers=("", "1f", "2f", ""),
    )
    s = checked(data)
    assert [w["winner"] for w in s.pattern["winners"]] == [1, 2]
    assert bixiahu_triggered(data)
    single = record(MENQING, "5p", 3, winner=1, flowers=("", "1f", "2f", ""))
    assert not bixiahu_triggered(single)
    assert not bixiahu_triggered({**data, "options": V2})


def test_bixiahu_triggers_per_version() -> None:
    plain = record(MENQING, "5p", 2, winner=1, flowers=("", "1f", "", ""))
    assert not bixiahu_triggered(plain)
    assert bixiahu_triggered({**plain, "dealer": 1})  # the dealer wins
    assert bixiahu_triggered(record(MENQING, "5p", 2, winner=1))  # 无花果 is a big hand
    with_kong = record(MENQING, "5p", 2, winner=1, flowers=("", "1f", "5f6f7f8f", ""))
    assert bixiahu_triggered(with_kong)  # 花杠: v1 only
    assert not bixiahu_triggered({**with_kong, "options": V2})
    haidi = record(MENQING, "5p", 2, winner=1, flowers=("", "1f", "", ""), haidi=True)
    assert not bixiahu_triggered(haidi)
    assert bixiahu_triggered({**haidi, "options": V2})  # 海底捞: v2 only
    penalty = {**plain, "penalties": [{"kind": "four_by_one", "seat": 3}]}
    assert bixiahu_triggered(penalty)


# --- 天胡 / 地胡 records -----------------------------------------------------------------------


def test_tian_hu_and_di_hu_records() -> None:
    s = checked(record(MENQING, "5p", None, flowers=("1f", "", "", ""), tian_hu=True))
    assert "天胡" in s.pattern["hands"]
    di = record(MENQING, "5p", 2, winner=1, flowers=("", "1f", "", ""), di_hu=True)
    with pytest.raises(RecordError, match=r"^result.di_hu: .*players\[1\].ready"):
        settle(di)
    di["players"][1]["ready"] = True
    assert checked(di).pattern["flowers"] == 46 + 280
    dealer = record(
        MENQING, "5p", 2, flowers=("1f", "", "", ""), di_hu=True, ready=(True, False, False, False)
    )
    assert checked(dealer).pattern["flowers"] == 46 + 280  # v1: the dealer too
    with pytest.raises(RecordError, match=r"^result\.di_hu: "):
        settle({**dealer, "options": V2})


# --- bad records ----------------------------------------------------------------------------


def bad(data: dict[str, Any], path: str) -> None:
    with pytest.raises(RecordError) as e:
        settle(data)
    assert str(e.value).startswith(f"{path}: "), str(e.value)


def test_bad_records_name_the_field() -> None:
    good = record(MENQING, "5p", 2, flowers=("1f", "", "", ""))
    settle(good)
    d = record(MENQING, "5p", 2, flowers=("1f", "", "", ""))
    d["players"][1]["hand"] = d["players"][1]["hand"][:-2] + "5z"
    bad(d, "players[1].hand")
    d = record(MENQING, "5p", 2, melds=[[], [], [meld("peng", "555z", 1)], []])
    bad(d, "players[2].melds[0].tiles")
    d = record(MENQING, "5p", 2, melds=[[], [], [meld("peng", "556p", 1)], []])
    bad(d, "players[2].melds[0].tiles")
    d = record(MENQING, "5p", 2, melds=[[], [], [meld("chi", "456p", 1)], []])
    bad(d, "players[2].melds[0].kind")
    bad(record(MENQING, "5p", 2, flowers=("1z", "", "", "")), "players[0].flowers")
    bad(record(MENQING, "5p", 2, flowers=("1f", "1f", "", "")), "players[1].flowers")
    d = record(MENQING, "5p", 2, flowers=("1f", "", "", ""))
    d["players"][3]["discards"] = "6z"
    bad(d, "players[3].discards")
    bad(
        record("123m456m789m2p", "2p", 2, melds=[[meld("peng", "111s", 1)], [], [], []]),
        "result.tile",
    )
    bad({**good, "options": {"values": "v3"}}, "options.values")
    bad({**good, "bixiahu": "yes"}, "bixiahu")
    bad({**good, "penalties": [{"kind": "late", "seat": 1}]}, "penalties[0].kind")
    d = record(MENQING, "5p", None, flowers=("1f", "", "", ""), gang_kai="big")
    bad(d, "result.gang_kai")
    d = record(MENQING, "5p", None, flowers=("1f", "", "", ""), gang_kai="small", kong_feeder=2)
    bad(d, "result.kong_feeder")
    d = record(MENQING, "5p", 1, flowers=("1f", "", "", ""), qiang_gang=True)
    bad(d, "result.qiang_gang")
    bad({**good, "extra": 1}, "extra")
