"""Pingxiang settlement (``docs/rules/pingxiang.md`` §5, §9-§13) and record checks.

Every test builds a full record; the other seats' concealed tiles are filled from what is left
of the wall (they play no part in the payments). Dealer is seat 0 unless a test says otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import majiang
from majiang.errors import RecordError
from majiang.settlement import Settlement
from majiang.tiles import KINDS, from_counts, to_counts
from majiang.variants.pingxiang import HandRecord, PingxiangOptions, settle


def meld(kind: str, tiles: str, source: int | None = None) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "from": source}


def record(
    winner_hand: str | None,
    tile: str | None = None,
    source: int | None = None,
    *,
    winner: int = 0,
    melds: Sequence[Sequence[dict[str, Any]]] = ((), (), (), ()),
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    **flags: Any,
) -> dict[str, Any]:
    """A record in JSON form; ``winner_hand`` None: a drawn hand (seat ``winner``'s tiles
    are then filled too)."""
    used = [0] * 34
    for seat_melds in melds:
        for m in seat_melds:
            for k, c in enumerate(to_counts(m["tiles"])):
                used[k] += c
    for text in (winner_hand or "", tile or ""):
        for k, c in enumerate(to_counts(text)):
            used[k] += c
    chao_zhuang = flags.pop("chao_zhuang", False)
    players = []
    # fill from the honors and the far end of the wall first: far from the test hands
    order = list(range(33, -1, -1))
    for seat in range(4):
        size = 13 - 3 * len(melds[seat])
        if seat == winner and winner_hand is not None:
            hand = winner_hand
        else:
            counts = [0] * 34
            for k in order:
                while counts[k] + used[k] < 4 and sum(counts) < size:
                    counts[k] += 1
            for k in range(34):
                used[k] += counts[k]
            hand = from_counts(counts)
        players.append({"hand": hand, "melds": list(melds[seat]), "discards": ""})
    result: dict[str, Any] = {"kind": "draw"}
    if winner_hand is not None:
        result = {"kind": "win", "winner": winner, "tile": tile, "from": source, **flags}
    data: dict[str, Any] = {
        "variant": "pingxiang",
        "dealer": dealer,
        "players": players,
        "result": result,
        "chao_zhuang": chao_zhuang,
    }
    if options is not None:
        data["options"] = options
    return data


def hand_payments(s: Settlement) -> list[tuple[int, int, int, str]]:
    return [
        (p.payer, p.payee, p.amount, p.reason) for p in s.items if p.reason in ("胡牌分", "包牌")
    ]


PINGHU = "123m456p789s34s55m"  # + 2s or 5s: 平胡, 1 番
QYS_DDH_ZJ = "1112223335m"  # + peng 888m, on 5m: 清一色对对胡带真将, 16 番


def test_self_draw_each_of_the_three_others_pays() -> None:
    s = settle(record(PINGHU, "2s", None, winner=1))
    assert s.pattern["fan"] == 1 and s.pattern["hands"] == []
    assert s.pattern["detail"] == "1 (平胡) = 1"
    assert s.deltas == (-1, 3, -1, -1)


def test_discard_only_the_discarder_pays() -> None:
    s = settle(record(PINGHU, "5s", 2, winner=1))
    assert hand_payments(s) == [(2, 1, 1, "胡牌分")]
    assert s.deltas == (0, 1, -1, 0)


def test_amounts_are_fan_times_the_stake() -> None:
    r = record(QYS_DDH_ZJ, "5m", 3, melds=[[meld("peng", "888m", 2)], [], [], []])
    assert settle(r).deltas == (16, 0, 0, -16)
    r["options"] = {"base": 5}
    assert settle(r).deltas == (80, 0, 0, -80)


def test_qiang_gang_the_robbed_player_pays_alone() -> None:
    # seat 2 adds 8m to its peng; seat 0 robs it (the peng stays a peng in the record)
    r = record(
        "123m456p789s55s67m",
        "8m",
        2,
        melds=[[], [], [meld("peng", "888m", 1)], []],
        qiang_gang=True,
    )
    s = settle(r)
    assert hand_payments(s) == [(2, 0, 1, "胡牌分")]
    assert "抢杠" in s.items[0].detail


THREE_PENGS_FROM_3 = [[meld("peng", "111p", 3), meld("peng", "999p", 3), meld("peng", "111s", 3)]]


def test_baopai_the_feeder_pays_for_a_self_draw() -> None:
    r = record("23m55p", "4m", None, melds=[*THREE_PENGS_FROM_3, [], [], []])
    s = settle(r)
    assert s.pattern["baopai"] == 3
    assert hand_payments(s) == [(3, 0, 1, "包牌"), (3, 0, 1, "包牌"), (3, 0, 1, "胡牌分")]
    assert s.deltas == (3, 0, 0, -3)


def test_baopai_the_feeder_pays_whoever_discarded() -> None:
    r = record("23m55p", "4m", 1, melds=[*THREE_PENGS_FROM_3, [], [], []])
    s = settle(r)
    assert hand_payments(s) == [(3, 0, 1, "包牌")]
    assert s.deltas == (1, 0, 0, -1)


def test_baopai_counts_chows_from_the_previous_player() -> None:
    chows = [meld("chi", "123s", 3), meld("chi", "456s", 3), meld("chi", "789s", 3)]
    s = settle(record("23m55p", "4m", 2, melds=[chows, [], [], []]))
    assert hand_payments(s) == [(3, 0, 1, "包牌")]


def test_no_baopai_for_two_fed_melds() -> None:
    two = [meld("peng", "111p", 3), meld("peng", "999p", 3), meld("peng", "111s", 2)]
    s = settle(record("23m55p", "4m", None, melds=[two, [], [], []]))
    assert s.pattern["baopai"] is None
    assert s.deltas == (3, -1, -1, -1)


def test_no_baopai_for_a_duiduihu_unless_the_option_is_off() -> None:  # P9
    r = record("22m55p", "2m", None, melds=[*THREE_PENGS_FROM_3, [], [], []])
    s = settle(r)
    assert "对对胡" in s.pattern["hands"] and s.pattern["baopai"] is None
    assert s.deltas == (12, -4, -4, -4)
    r["options"] = {"baopai_excludes_pengpenghu": False}
    s = settle(r)
    assert s.pattern["baopai"] == 3
    assert s.deltas == (12, 0, 0, -12)


def test_kongs_ming_gang_the_discarder_pays() -> None:
    s = settle(
        record(PINGHU, "2s", 1, winner=2, melds=[[], [], [], [meld("ming_gang", "7777z", 1)]])
    )
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("明杠")] == [(1, 3, 1)]


def test_kongs_bu_gang_the_feeder_of_the_pung_pays() -> None:
    s = settle(record(PINGHU, "2s", 1, winner=2, melds=[[meld("bu_gang", "6666z", 2)], [], [], []]))
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("补杠")] == [(2, 0, 1)]


def test_kongs_an_gang_each_other_player_pays() -> None:
    r = record(PINGHU, "2s", 1, winner=2, melds=[[], [meld("an_gang", "5555z")], [], []])
    r["options"] = {"base": 2}
    s = settle(r)
    assert sorted((p.payer, p.payee, p.amount) for p in s.by_reason("暗杠")) == [
        (0, 1, 2),
        (2, 1, 2),
        (3, 1, 2),
    ]


def test_gang_kai_pays_as_a_self_draw() -> None:
    r = record(
        "456p789s55m34s",
        "2s",
        None,
        melds=[[meld("an_gang", "7777z")], [], [], []],
        gang_kai=True,
    )
    s = settle(r)
    assert s.deltas == (6, -2, -2, -2)  # 1 from each for the hand, 1 from each for the kong


def test_eighteen_luohan() -> None:
    kongs = [
        meld("an_gang", "1111m"),
        meld("ming_gang", "2222p", 1),
        meld("bu_gang", "3333s", 2),
        meld("an_gang", "7777z"),
    ]
    s = settle(record("5m", "5m", None, melds=[kongs, [], [], []]))
    assert s.pattern["hands"] == ["18罗汉"]
    assert s.pattern["fan"] == 32
    # hand 32 from each, two an_gang 1 from each, ming_gang 1 from seat 1, bu_gang 1 from seat 2
    assert s.deltas == (96 + 6 + 2, -32 - 2 - 1, -32 - 2 - 1, -32 - 2)


def test_genzhuang_the_dealer_pays_each_non_dealer() -> None:  # §9, P4
    r = record(PINGHU, "5s", 2, winner=1, dealer=3, chao_zhuang=True)
    s = settle(r)
    assert [(p.payer, p.payee, p.amount) for p in s.by_reason("跟庄")] == [
        (3, 0, 1),
        (3, 1, 1),
        (3, 2, 1),
    ]
    assert s.deltas == (1, 2, 0, -3)
    r["options"] = {"genzhuang": False}
    assert settle(r).by_reason("跟庄") == ()


def test_drawn_hand_scores_nothing_kongs_and_genzhuang_included() -> None:  # §11, §13
    r = record(None, melds=[[meld("an_gang", "5555z")], [meld("ming_gang", "7777z", 0)], [], []])
    r["chao_zhuang"] = True
    s = settle(r)
    assert s.deltas == (0, 0, 0, 0) and s.items == ()
    assert s.pattern == {"result": "draw"}


def test_tian_hu_and_di_hu() -> None:
    r = record(PINGHU, "2s", None, tian_hu=True)
    s = settle(r)
    assert s.pattern["hands"] == ["天胡"] and s.deltas == (96, -32, -32, -32)
    r = record(PINGHU, "2s", 0, winner=2, di_hu=True)
    s = settle(r)
    assert s.pattern["hands"] == ["地胡"] and s.deltas == (-32, 0, 32, 0)


def test_deltas_always_sum_to_zero() -> None:
    records = [
        record(PINGHU, "2s", None, winner=1, chao_zhuang=True),
        record(
            "23m55p", "4m", None, melds=[*THREE_PENGS_FROM_3, [meld("an_gang", "5555z")], [], []]
        ),
        record(None),
    ]
    for r in records:
        assert sum(settle(r).deltas) == 0


def test_registered_with_majiang_settle() -> None:
    assert "pingxiang" in majiang.settlement.variants()
    assert majiang.settle(record(PINGHU, "5s", 2, winner=1)).deltas == (0, 1, -1, 0)


def test_typed_record_round_trip_and_defaults() -> None:
    data = record(QYS_DDH_ZJ, "5m", 3, melds=[[meld("peng", "888m", 2)], [], [], []])
    r = HandRecord.from_dict(data)
    assert HandRecord.from_dict(r.to_dict()) == r
    assert settle(r).deltas == settle(data).deltas
    # a hand-written record: no discards, dealt, chao_zhuang, options, variant
    minimal = {
        "dealer": 0,
        "players": [{"hand": p["hand"], "melds": p["melds"]} for p in data["players"]],
        "result": {"kind": "win", "winner": 0, "tile": "5m", "from": 3},
    }
    m = HandRecord.from_dict(minimal)
    assert m.options == PingxiangOptions() and not m.chao_zhuang and m.players[1].discards == ""
    assert m.jing_indicator is None


# Bad records: RecordError naming the field.


def _bad(change: Any) -> dict[str, Any]:
    data = record(PINGHU, "5s", 2, winner=1)
    change(data)
    return data


BAD: list[tuple[str, Any, str]] = [
    ("dealer", lambda d: d.update(dealer=4), "dealer: expected a seat 0-3"),
    ("variant", lambda d: d.update(variant="nanchang"), "variant: expected 'pingxiang'"),
    ("unknown field", lambda d: d.update(jing=1), "jing: unknown field"),
    ("option name", lambda d: d.update(options={"genzhaung": True}), "options.genzhaung:"),
    ("option value", lambda d: d.update(options={"luanjiang_fan": 5}), "options.luanjiang_fan:"),
    ("players", lambda d: d["players"].pop(), "players: expected exactly four"),
    (
        "hand size",
        lambda d: d["players"][2].update(hand=d["players"][2]["hand"][1:]),
        "players[2].hand:",
    ),
    (
        "honor chow",
        lambda d: d["players"][2].update(melds=[meld("chi", "123z", 1)]),
        "players[2].melds[0].tiles: 123z is no sequence",
    ),
    (
        "chow not from the previous player",
        lambda d: d["players"][2].update(melds=[meld("chi", "123p", 3)]),
        "players[2].melds[0].from: a chi takes the previous player's",
    ),
    (
        "an_gang with from",
        lambda d: d["players"][2].update(melds=[meld("an_gang", "1111p", 3)]),
        "players[2].melds[0].from:",
    ),
    ("fifth tile", lambda d: d["players"][0].update(discards="5s5s5s5s"), "a fifth 5s"),
    ("winner", lambda d: d["result"].update(winner=7), "result.winner:"),
    ("self discard", lambda d: d["result"].update(**{"from": 1}), "result.from:"),
    ("not a win", lambda d: d["result"].update(tile="1m"), "result.tile: players[1]'s hand"),
    ("tian_hu", lambda d: d["result"].update(tian_hu=True), "result.tian_hu:"),
    ("qiang_gang", lambda d: d["result"].update(qiang_gang=True), "result.qiang_gang:"),
    ("flag type", lambda d: d["result"].update(gang_kai=1), "result.gang_kai:"),
    ("result kind", lambda d: d["result"].update(kind="lose"), "result.kind:"),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_records_name_the_field(change: Any, message: str) -> None:
    with pytest.raises(RecordError) as info:
        settle(_bad(change))
    assert message in str(info.value)


def test_fifth_tile_names_where_it_appears() -> None:
    data = _bad(lambda d: d["players"][0].update(discards="5s5s5s5s5s"))
    with pytest.raises(RecordError, match=r"^players\[0\]\.discards: a fifth 5s"):
        HandRecord.from_dict(data)
    assert KINDS[22] == "5s"


FOUR_KONGS_FROM_3 = [
    meld("ming_gang", "1111m", 3),
    meld("ming_gang", "2222p", 3),
    meld("bu_gang", "3333s", 3),
    meld("an_gang", "7777z"),
]


def test_eighteen_luohan_is_exempt_from_baopai() -> None:  # §10, P9: "这个大碰胡除外"
    # seat 3 fed three of the four kongs, which alone would make it liable (包牌)
    r = record("5m", "5m", None, melds=[FOUR_KONGS_FROM_3, [], [], []])
    s = settle(r)
    assert s.pattern["hands"] == ["18罗汉"] and s.pattern["baopai"] is None
    assert [p.payer for p in s.by_reason("胡牌分")] == [1, 2, 3]
    r["options"] = {"baopai_excludes_pengpenghu": False}
    s = settle(r)
    assert s.pattern["baopai"] == 3
    assert {p.payer for p in s.by_reason("包牌") + s.by_reason("胡牌分")} == {3}


def test_eighteen_luohan_needs_a_258_pair() -> None:  # §6.4: "18罗汉" pair must be 258
    # four kongs of one suit: 清一色 wins on any pair, 18罗汉 only on a 2/5/8 one
    kongs = [
        meld("an_gang", "1111m"),
        meld("ming_gang", "3333m", 1),
        meld("bu_gang", "4444m", 2),
        meld("an_gang", "6666m"),
    ]
    with_258 = settle(record("8m", "8m", None, melds=[kongs, [], [], []]))
    assert "18罗汉" in with_258.pattern["hands"]
    without = settle(record("9m", "9m", None, melds=[kongs, [], [], []]))
    assert "清一色" in "".join(without.pattern["hands"])
    assert "18罗汉" not in without.pattern["hands"]
    assert without.pattern["fan"] < with_258.pattern["fan"]
