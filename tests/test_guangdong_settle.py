"""Guangdong 推倒胡 settlement, one test per rule (docs/rules/guangdong.md), at the seed's
stakes where the seed gives money (底分 10: a self-draw is 20 from each).

Records are built from named hands: WINNER waits on 1s/4s and self-draws 4s; the three
others hold tiles that complete nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

import majiang
from majiang.tiles import KIND_INDEX, to_counts
from majiang.variants.guangdong import horse_owner, settle
from majiang.variants.guangdong.horses import owned

WINNER = "123m456p789s23s55m"
OTHERS = ("147m258p369s1234z", "22m33m44m66s88s777z", "567m567p78s8p9s135z")
SEED = {"base": 10}
HAND_10 = "123m456p789s1s"  # beside one kong

# The seed's horse map [001:213], as the seed writes it: A-1 B-2 C-3 D-4 A-5 B-6 C-7 D-8 A-9
# B-中 C-发 D-白板 A-东 B-南 C-西 D-北 (suited ranks in every suit).
SEED_MAP = {0: "159m159p159s1z", 1: "26m26p26s7z2z", 2: "37m37p37s6z3z", 3: "48m48p48s5z4z"}
# One honour of each seat's share, for horses that the hands leave room for.
HONOR_OF = {0: "1z", 1: "7z", 2: "6z", 3: "5z"}


def players(winner: int, hand: str = WINNER, melds: Any = ()) -> list[dict[str, Any]]:
    others = iter(OTHERS)
    out: list[dict[str, Any]] = []
    for seat in range(4):
        if seat == winner:
            out.append({"hand": hand, "melds": list(melds)})
        else:
            out.append({"hand": next(others)})
    return out


def win(
    winner: int = 0,
    *,
    horses: str = "",
    options: dict[str, Any] | None = None,
    tile: str = "4s",
    source: int | None = None,
    dealer: int = 0,
    **fields: Any,
) -> dict[str, Any]:
    opts = {**SEED, **(options or {})}
    opts.setdefault("horses", len(majiang.parse_tiles(horses)) if horses else 0)
    flags = {k: fields.pop(k) for k in ("gang_kai", "qiang_gang", "tian_hu") if k in fields}
    return {
        "dealer": dealer,
        "options": opts,
        "horses": horses,
        "players": fields.pop("players", None) or players(winner),
        "result": {"kind": "win", "winner": winner, "tile": tile, "from": source, **flags},
        **fields,
    }


# -- the win and the horses -----------------------------------------------------------------


def test_self_draw_is_one_base_unit_from_each() -> None:
    """[001:213] 我们拿10元20元的麻将来举例: a self-draw is 20 from each of the three."""
    s = settle(win(0, horses="2z3z", options={"horses": 2}))  # both horses miss seat A
    assert s.deltas == (60, -20, -20, -20)
    assert s.pattern["hits"] == 0 and s.pattern["points"] == 2


def test_one_horse_on_the_winner_makes_40_from_each_two_make_60() -> None:
    """[001:213] 中一只加上胡牌 / 每人给你40元 / 中2只加上胡牌每人给你60元."""
    one = settle(win(0, horses="1z2z"))
    two = settle(win(0, horses="1z9p"))
    assert one.deltas == (120, -40, -40, -40)
    assert two.deltas == (180, -60, -60, -60)
    assert [p.reason for p in two.items if p.payer == 1] == ["胡牌分", "中马"]
    detail = two.by_reason("中马")[0].detail
    assert "2 horse(s) on the winner's seat x 2 (a base unit) = 4" in detail


def test_the_seed_horse_map_gives_a_40_tiles_and_the_others_32() -> None:
    """[001:213] A共40皮马 / BCD分别32皮马."""
    for first in range(4):
        counts = [0, 0, 0, 0]
        for kind in range(34):
            counts[horse_owner(kind, first, "seed")] += 4
        assert counts[first] == 40
        assert sorted(counts) == [32, 32, 32, 40]


@pytest.mark.parametrize("first", range(4))
def test_the_seed_horse_map_counted_from_the_previous_winner(first: int) -> None:
    """Every kind falls on the seat the seed's list names, counted from the last winner."""
    for offset, text in SEED_MAP.items():
        seat = (first + offset) % 4
        want = sorted(KIND_INDEX[t] for t in majiang.parse_tiles(text))
        assert owned(seat, first, "seed") == want


@pytest.mark.parametrize("winner", range(4))
@pytest.mark.parametrize("last_winner", range(4))
def test_a_horse_hits_for_every_winner_seat(winner: int, last_winner: int) -> None:
    """The winner's own horse adds 20 from each; the next seat's horse adds nothing."""
    mine = HONOR_OF[(winner - last_winner) % 4]
    theirs = HONOR_OF[(winner - last_winner + 1) % 4]
    s = settle(win(winner, horses=mine + theirs, last_winner=last_winner, dealer=winner))
    assert s.pattern["hits"] == 1 and s.pattern["horse_seat"] == last_winner
    assert s.deltas[winner] == 120
    assert all(s.deltas[o] == -40 for o in range(4) if o != winner)


def test_the_first_hand_counts_horses_from_the_dealer() -> None:
    """No previous winner: A is the dealer (the library's choice)."""
    s = settle(win(1, horses="7z", dealer=1))  # 中 is B's: seat 2, not the winner 1
    assert s.pattern["hits"] == 0 and s.pattern["horse_seat"] == 1
    assert settle(win(1, horses="1z", dealer=1)).pattern["hits"] == 1


def test_dealer_horse_map_puts_zhong_on_the_dealer() -> None:
    """[gofish] winHorse(): the dealer owns 1, 5, 9, 东 and 中."""
    assert [KIND_INDEX[t] for t in ("1m", "5p", "9s", "1z", "7z")] == [
        k for k in owned(0, 0, "dealer") if k in {0, 13, 26, 27, 33}
    ]
    seed = settle(win(0, horses="7z"))
    dealer = settle(win(0, horses="7z", options={"horse_map": "dealer"}))
    assert seed.pattern["hits"] == 0 and dealer.pattern["hits"] == 1
    assert len(owned(0, 0, "dealer")) * 4 == 44 and len(owned(3, 0, "dealer")) * 4 == 28


def test_ma_gen_di_fen_a_horse_worth_the_hand() -> None:
    """马跟底分: under 大胡 a 清一色 (8 points) horse adds 8, not 2."""
    hand = "1112345678999m"  # 九莲: 13 tiles of 万, waits on every 万
    rec = win(0, horses="1z", tile="5m", options={"profile": "dahu", "horse_value": "hand"},
              players=players(0, hand))  # fmt: skip
    s = settle(rec)
    assert s.pattern["hands"] == ["清一色"] and s.pattern["points"] == 8
    assert s.deltas == (3 * 160, -160, -160, -160)  # (8 + 8) x 10 from each


def test_horse_streak_draws_more_horses_for_a_dealer_streak() -> None:
    """买马节节高: the dealer's third hand in a row asks 2 + 2 horses."""
    opts = {"horses": 2, "horse_streak": True}
    assert settle(win(0, horses="2z3z4z2z", options=opts, dealer_streak=3)).pattern["hits"] == 0
    with pytest.raises(majiang.RecordError, match="horses: expected 4 horse"):
        settle(win(0, horses="2z3z", options=opts, dealer_streak=3))


# -- kongs ----------------------------------------------------------------------------------


def draw_with(melds_of: dict[int, list[dict[str, Any]]], hands: dict[int, str]) -> dict[str, Any]:
    ps: list[dict[str, Any]] = [
        {"hand": OTHERS[0]},
        {"hand": OTHERS[1]},
        {"hand": OTHERS[2]},
        {"hand": WINNER},
    ]
    for seat, hand in hands.items():
        ps[seat] = {"hand": hand, "melds": melds_of.get(seat, [])}
    return {"dealer": 0, "options": dict(SEED), "players": ps, "result": {"kind": "draw"}}


def test_an_gang_is_20_from_each_whether_or_not_the_konger_wins() -> None:
    """[001:213] 暗杠…其他三人每人给你20元 / 不管你有没有胡牌都收杠子钱."""
    rec = draw_with({3: [{"kind": "an_gang", "tiles": "9999m"}]}, {3: "123m456p789s1s"})
    s = settle(rec)
    assert s.deltas == (-20, -20, -20, 60)
    assert [p.reason for p in s.items] == ["暗杠"] * 3


def test_kongs_void_on_a_drawn_hand_under_the_option() -> None:
    rec = draw_with({3: [{"kind": "an_gang", "tiles": "9999m"}]}, {3: "123m456p789s1s"})
    rec["options"]["kongs_void_on_draw"] = True
    assert settle(rec).deltas == (0, 0, 0, 0)


def test_ming_gang_is_10_from_each_30_in_all() -> None:
    """[001:213] 一个明杠每人出10元钱 / 杠杠者得30元 (a pong upgraded by a drawn tile)."""
    rec = draw_with({3: [{"kind": "bu_gang", "tiles": "9999m", "from": 1}]}, {3: "123m456p789s1s"})
    s = settle(rec)
    assert s.deltas == (-10, -10, -10, 30)
    assert s.by_reason("明杠")[0].detail.startswith("9999m: 1 point from each")


def test_zhi_gang_is_3_from_the_feeder() -> None:
    """直杠 [lua]: 3 x 底分 from the feeder; [gofish] 1 (option)."""
    rec = draw_with(
        {3: [{"kind": "ming_gang", "tiles": "9999m", "from": 2}]}, {3: "123m456p789s1s"}
    )
    assert settle(rec).deltas == (0, 0, -30, 30)
    rec["options"]["zhi_gang"] = 1
    assert settle(rec).deltas == (0, 0, -10, 10)


def test_a_xianggong_seat_cannot_win_but_pays_and_earns_kong_money() -> None:
    """[001:213] 多牌少牌均不能胡牌 / 但可以杠牌 / 也要放杠."""
    rec = draw_with({3: [{"kind": "an_gang", "tiles": "9999m"}]}, {3: "123m456p789s1s"})
    rec["players"][1] = {"hand": "22m33m44m66s88s77z", "xianggong": True}  # a tile short
    rec["players"][3]["xianggong"] = False
    s = settle(rec)
    assert s.deltas == (-20, -20, -20, 60)  # the 相公 seat pays the 暗杠 too
    rec["players"][3] = {"hand": "123m456p789s", "xianggong": True,
                         "melds": [{"kind": "an_gang", "tiles": "9999m"}]}  # fmt: skip
    assert settle(rec).deltas == (-20, -20, -20, 60)  # and a 相公 seat's kong is paid
    bad = win(0)
    bad["players"][0]["xianggong"] = True
    with pytest.raises(majiang.RecordError, match=r"players\[0\].xianggong"):
        settle(bad)  # 13 tiles is no wrong number
    bad["players"][0]["hand"] = "123m456p789s23s5m"
    bad["result"]["tile"] = "4s"
    with pytest.raises(majiang.RecordError, match=r"result.winner: players\[0\] is 相公"):
        settle(bad)


# -- 抢杠 -----------------------------------------------------------------------------------


def robbed(options: dict[str, Any] | None = None, horses: str = "") -> dict[str, Any]:
    """Seat 0 robs seat 2's added kong of 4s (seat 2 holds a pong of 4s)."""
    ps = players(0)
    ps[2] = {"hand": "22m33m66s8s777z", "melds": [{"kind": "peng", "tiles": "444s", "from": 1}]}
    rec = win(0, horses=horses, source=2, options=options, players=ps, qiang_gang=True)
    rec["options"].setdefault("horses", 2)
    return rec


def test_qiang_gang_without_horses_the_robbed_pays_one_kou() -> None:
    """[001:213] 被抢后不抓马的话 / 杠杠者要给抢杠者60元一扣钱."""
    s = settle(robbed())
    assert s.deltas == (60, 0, -60, 0)
    assert s.pattern["qiang_gang"] and s.pattern["hits"] == 0
    with pytest.raises(majiang.RecordError, match="horses: expected 0 horse"):
        settle(robbed(horses="1z2z"))  # no horses on a 抢杠 unless agreed


def test_qiang_gang_with_horses_the_robbed_still_pays_all() -> None:
    """[001:213] 抢杠后所有费用都有被抢人出 / 不管抓不抓马都是一个人出."""
    s = settle(robbed({"qiang_gang_horses": True}, horses="1z2z"))
    assert s.deltas == (120, 0, -120, 0)  # three shares of 20 + 20


def test_qiang_gang_each_pays_its_own_share_without_quan_bao() -> None:
    s = settle(robbed({"qiang_gang_quan_bao": False}))
    assert s.deltas == (60, -20, -20, -20)


def test_qiang_gang_refused_when_the_room_forbids_it() -> None:
    with pytest.raises(majiang.RecordError, match=r"result.qiang_gang"):
        settle(robbed({"qiang_gang": False}))


# -- options --------------------------------------------------------------------------------


def test_table_fan_multiplies_every_payment() -> None:
    """[001:161] 在胡牌后得到的钱*桌面番数=最终获得的钱."""
    s = settle(win(0, horses="1z", options={"fan": 10}))
    assert s.deltas == (1200, -400, -400, -400)
    assert s.items[0].detail.endswith("; 2 x 100 (stake)")  # 底分 10 x 桌面番数 10


def test_a_discard_win_needs_dian_pao_and_the_discarder_pays_alone() -> None:
    """Self-draw only [001:161]; 可点炮 [cpp]: the discarder alone pays one share."""
    with pytest.raises(majiang.RecordError, match=r"result.from: a discard win"):
        settle(win(0, source=3))
    s = settle(win(0, source=3, horses="1z", options={"dian_pao": True}))
    assert s.deltas == (40, 0, 0, -40)


def test_dahu_takes_the_largest_hand_only() -> None:
    """[cpp] 大胡: 清一色 x4 and 七小对 x2 do not stack."""
    hand = "112233557799m8m"  # 七对 of 万, waits on 8m
    flat = settle(win(0, tile="8m", players=players(0, hand)))
    dahu = settle(win(0, tile="8m", players=players(0, hand), options={"profile": "dahu"}))
    assert flat.deltas == (60, -20, -20, -20)
    assert dahu.pattern["hands"] == ["清一色"] and dahu.deltas == (240, -80, -80, -80)


def test_dahu_thirteen_orphans_is_x8() -> None:
    hand = "19m19p19s1234567z"
    s = settle(win(0, tile="1m", players=players(0, hand), options={"profile": "dahu"}))
    assert s.pattern["hands"] == ["十三幺"] and s.deltas == (480, -160, -160, -160)


def test_qidui_double_and_qidui_off() -> None:
    hand = "11335577m99p112z"  # seven pairs waiting on 2z
    assert settle(win(0, tile="2z", players=players(0, hand), options={"qidui_double": True},
                      )).deltas == (120, -40, -40, -40)  # fmt: skip
    with pytest.raises(majiang.RecordError, match="does not win"):
        settle(win(0, tile="2z", players=players(0, hand), options={"qidui": False}))


def test_bai_ghost_completes_a_hand_and_no_ghost_doubles() -> None:
    """白板做鬼: 5z stands for any tile; 无鬼加倍 doubles a win holding none."""
    hand = "123m456p789s1125z"  # with 2z: 11z and 5z standing for the third 2z
    with pytest.raises(majiang.RecordError, match="does not win"):
        settle(win(0, tile="2z", players=players(0, hand)))
    s = settle(win(0, tile="2z", players=players(0, hand), options={"ghosts": "bai"}))
    assert s.deltas == (60, -20, -20, -20)
    opts = {"ghosts": "bai", "no_ghost_double": True}
    assert settle(win(0, tile="2z", players=players(0, hand), options=opts)).deltas[0] == 60
    assert settle(win(0, options=opts)).deltas == (120, -40, -40, -40)  # no 白 held: x2


def test_flip_ghost_is_the_indicators_next_tile() -> None:
    hand = "123m456p789s9s112z"  # 9s the ghost (indicator 8s) stands for the third 2z
    opts = {"ghosts": "flip"}
    s = settle(win(0, tile="2z", players=players(0, hand), options=opts, ghost_indicator="8s"))
    assert s.deltas == (60, -20, -20, -20)
    with pytest.raises(majiang.RecordError, match="does not win"):
        settle(win(0, tile="2z", players=players(0, hand), options=opts, ghost_indicator="7s"))
    with pytest.raises(majiang.RecordError, match="ghost_indicator: a flip room flips"):
        settle(win(0, tile="2z", players=players(0, hand), options=opts))


def test_a_ghost_indicator_in_a_no_ghost_room_is_refused() -> None:
    with pytest.raises(majiang.RecordError, match="ghost_indicator: ghosts is 'none'"):
        settle(win(0, ghost_indicator="8s"))


def kong_win(first: str, options: dict[str, Any], chain: int = 1) -> dict[str, Any]:
    """Seat 0 wins on a kong's replacement: a 直杠 of 9m fed by seat 2 (and a 暗杠 of 1z)."""
    melds: list[dict[str, Any]] = [{"kind": "ming_gang", "tiles": "9999m", "from": 2}]
    hand = "123m456p789s5m"  # after the kong: 10 tiles, waits on 5m
    if chain == 2:
        melds.append({"kind": "an_gang", "tiles": "6666z"})
        hand = "123m456p5m"
    ps = players(0, hand, melds)
    return win(0, tile="5m", players=ps, options=options, gang_kai=True, kong_chain=chain,
               gang_bao_from=2 if first == "zhi" else None)  # fmt: skip


def test_gang_bao_is_a_self_draw_and_quan_bao_makes_the_feeder_pay() -> None:
    plain = settle(kong_win("zhi", {}))
    assert plain.by_reason("胡牌分") and {p.payer for p in plain.by_reason("胡牌分")} == {1, 2, 3}
    full = settle(kong_win("zhi", {"gang_bao_quan_bao": True}))
    assert {p.payer for p in full.by_reason("包牌") + full.by_reason("胡牌分")} == {2}
    assert full.deltas == (60 + 30, 0, -60 - 30, 0)  # three shares and the 直杠 money


def test_gang_bao_and_gang_shang_gang_doublings() -> None:
    assert settle(kong_win("zhi", {"gang_bao_double": True})).pattern["points"] == 4
    two = settle(kong_win("zhi", {"gang_shang_gang_double": True}, chain=2))
    assert two.pattern["points"] == 4
    assert settle(kong_win("zhi", {"gang_shang_gang_double": True})).pattern["points"] == 2


def test_ma_gen_gang_wins_the_kong_money_again_per_hit() -> None:
    """马跟杠 [gofish]: one hit, the winner's 直杠 (3 from seat 2) is paid once more."""
    s = settle(kong_win("zhi", {"horse_kongs": True, "horses": 1}) | {"horses": "1z"})
    assert [p.amount for p in s.by_reason("马跟杠")] == [30]
    assert s.by_reason("马跟杠")[0].payer == 2


def test_gen_zhuang_and_jie_jie_gao() -> None:
    """跟庄: the dealer pays each 1 point; 节节高: a dealer's third straight hand + 4."""
    s = settle(win(0, options={"gen_zhuang": True}, gen_zhuang=True))
    assert s.deltas == (60 - 30, -20 + 10, -20 + 10, -20 + 10)
    assert settle(win(0, gen_zhuang=True)).deltas == (60, -20, -20, -20)  # option off
    s = settle(win(0, options={"jie_jie_gao": True}, dealer_streak=3))
    assert s.deltas == (180, -60, -60, -60)  # (2 + 2 x 2) x 10


# -- bad records ----------------------------------------------------------------------------


def test_a_chow_is_refused() -> None:
    ps = players(0, "456p789s23s55m", [{"kind": "chi", "tiles": "123m", "from": 3}])
    with pytest.raises(majiang.RecordError, match=r"melds\[0\].kind.*no chow"):
        settle(win(0, players=ps))


def test_more_horses_than_the_wall_holds_are_refused() -> None:
    with pytest.raises(majiang.RecordError, match="horses: expected 1 horse"):
        settle(win(0, horses="1z2z", options={"horses": 1}))
    with pytest.raises(majiang.RecordError, match="horses: a fifth"):
        settle(win(0, horses="7z7z", options={"horses": 2}))  # seat 2 holds 777z


def test_a_kong_paid_by_its_own_maker_is_refused() -> None:
    rec = draw_with(
        {3: [{"kind": "ming_gang", "tiles": "9999m", "from": 3}]}, {3: "123m456p789s1s"}
    )
    with pytest.raises(majiang.RecordError, match=r"players\[3\].melds\[0\].from"):
        settle(rec)


def test_settlements_sum_to_zero() -> None:
    for rec in (win(0, horses="1z9p"), robbed(), kong_win("zhi", {"gang_bao_quan_bao": True})):
        assert sum(settle(rec).deltas) == 0


def test_registered_for_majiang_settle() -> None:
    rec = {**win(0, horses="1z"), "variant": "guangdong"}
    assert majiang.settle(rec).deltas == settle(rec).deltas == (120, -40, -40, -40)
    assert to_counts(WINNER)[KIND_INDEX["5m"]] == 2


def robbed_zhi_gang(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Seat 0 robs seat 2's 直杠 of 4s: seat 2 keeps its 444s concealed (the kong never stood)."""
    rec = win(0, options=options, source=2, qiang_gang=True)
    rec["players"][2] = {"hand": "22m33m44m66s444s77z"}
    return rec


def test_a_robbed_zhi_gang_is_accepted_only_under_ming_gang_qiang() -> None:
    """[lua] 明杠可抢: the robbed seat holds the triplet and pays one 扣, as for an added kong."""
    s = settle(robbed_zhi_gang({"ming_gang_qiang": True}))
    assert s.deltas == (60, 0, -60, 0)
    assert "直杠" in s.items[0].detail
    with pytest.raises(majiang.RecordError, match=r"result.qiang_gang: .*ming_gang_qiang"):
        settle(robbed_zhi_gang())


def four_ghosts(options: dict[str, Any] | None = None, source: int | None = None) -> dict[str, Any]:
    """Seat 0 holds three 白板 beside a hand with no shape and draws (or is fed) the fourth."""
    opts = {"ghosts": "bai", "si_gui_hu": True, **(options or {})}
    rec = win(0, options=opts, tile="5z", source=source)
    rec["players"][0] = {"hand": "147m258p369s5556z"}
    rec["players"][1] = {"hand": "23m67m34p78p45s89s1z"}
    rec["players"][3] = {"hand": "589m12569p1237s4z"}
    return rec


def test_si_gui_hu_four_ghosts_win_and_si_gui_double() -> None:
    """[java] 鬼牌_四鬼胡牌 and 鬼牌_双倍 (四鬼胡牌, doubled): 20 from each, 40 doubled."""
    assert settle(four_ghosts()).deltas == (60, -20, -20, -20)
    assert settle(four_ghosts({"si_gui_double": True})).deltas == (120, -40, -40, -40)
    with pytest.raises(majiang.RecordError, match=r"result.tile: .*does not win"):
        settle(four_ghosts({"si_gui_hu": False}))
    with pytest.raises(majiang.RecordError, match=r"result.from: 四鬼胡牌 is won on the draw"):
        settle(four_ghosts({"dian_pao": True}, source=1))
