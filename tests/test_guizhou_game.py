"""Guizhou 捉鸡 played by the engine (docs/rules/guizhou.md), both profiles: one fixed deal per
rule of play, then simulated matches with the usual invariants.

Fixed deals: the dealer (seat 0) holds DEALER (a 7p four it may kong, a 4s to feed); seat 1
holds WAITER, a 平胡 waiting on 1s/4s without a 豆; seats 2 and 3 hold THIRD and FOURTH,
which complete nothing and pair nothing. The wall starts with the tiles a test names and goes
on with every tile not yet placed (its last tile, a replacement draw's, is 9s).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from named_deals import full_wall

import majiang
from majiang.errors import IllegalActionError
from majiang.game import (
    Deal,
    Declare,
    Discard,
    EfficiencyBot,
    Game,
    Kong,
    Pass,
    Pong,
    RandomBot,
    Win,
    replay,
    simulate,
)
from majiang.game.actions import Chow
from majiang.game.bots import Bot
from majiang.game.streams import seat_events
from majiang.rl.planes import SCORING_PLANES, encode, plane_names
from majiang.tiles import KINDS
from majiang.typed_records import engine_settle
from majiang.variants.guizhou import HandRecord, TongrenOptions, best_ready_value
from majiang.variants.guizhou.play import GuizhouVariant, first_wugu, first_yaoji, repao_kong
from majiang.variants.guizhou.record import from_engine

DEALER = "7777p147m258p369s4s"
WAITER = "123m456p789s23s55m"
THIRD = "2569m1369p2569s8s"
FOURTH = "34689m248p3478s1p"
SEVEN = "113355m2244p66s8s"  # 七对 waiting on 8s


def game(
    hands: tuple[str, str, str, str] = (DEALER, WAITER, THIRD, FOURTH),
    head: str = "",
    variant: str = "guiyang",
    options: dict[str, Any] | None = None,
    wall: list[str] | None = None,
    n: int = 1,
) -> Game:
    deal = Deal(hands, full_wall(hands, head, kinds=27) if wall is None else wall)
    return Game(variant, seed=0, dealer=0, deal=deal, options=options or {}, hands=n)


def pass_all(g: Game) -> None:
    """Every seat asked (claims, robs, 报听) passes."""
    while g.state.phase in ("claim", "rob", "declare"):
        for seat in g.to_act():
            g.step(seat, Pass())


def unchanged(g: Game, seat: int, action: Any) -> None:
    """The action is refused with IllegalActionError and nothing changes."""
    before = json.dumps(g.snapshot(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        g.step(seat, action)
    assert json.dumps(g.snapshot(), sort_keys=True) == before


def ready_as(hand: str) -> str | None:
    value = best_ready_value(majiang.tiles.to_counts(hand), (), TongrenOptions())
    return None if value is None else value.name


def test_the_named_hands_are_what_the_tests_say() -> None:
    assert ready_as(THIRD) is None and ready_as(FOURTH) is None
    assert ready_as(WAITER) == "平胡" and ready_as(SEVEN) == "七对"


def test_no_chow_and_pinghu_takes_no_discard_without_a_dou() -> None:
    """[001:135] 不可吃牌; 平胡…在有“豆”情况下允许点胡: seat 1's 平胡 is offered neither 4s
    nor a chow."""
    g = game()
    g.step(0, Discard("4s"))
    assert g.state.phase == "turn" and g.state.turn == 1  # nobody was asked
    assert not any(isinstance(a, Chow | Win) for a in g.legal_actions(1))
    unchanged(g, 1, Chow("234s"))


def test_the_pinghu_rule_is_an_option() -> None:
    g = game(head="2p", options={"pinghu_needs_dou": False})  # the flip: 3p, nobody's 鸡
    g.step(0, Discard("4s"))
    assert g.legal_actions(1) == [Win(), Pass()]
    g.step(1, Win())
    assert g.records[0]["win"]["from"] == 0
    assert g.settlements[0].deltas == (-10, 10, 0, 0)  # 平胡 10 from the discarder


def test_a_win_without_a_dou_is_refused_and_changes_nothing() -> None:
    g = game()
    g.step(0, Discard("4s"))
    unchanged(g, 1, Win())
    unchanged(g, 2, Pass())  # not asked


def test_pinghu_may_always_self_draw() -> None:
    """[001:135] 平胡可以自摸胡牌."""
    g = game(head="4s")
    g.step(0, Discard("9s"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    won = {"winners": [1], "from": None, "tile": "4s", "gang_shang": False,
           "qiang_gang": False, "repao": None}  # fmt: skip
    assert g.records[0]["win"] == won


def test_a_bigger_hand_takes_any_discard() -> None:
    """The seed's 豆 condition is 平胡's alone: a 七对 wins on a discard without a 豆."""
    dealer = "7777p147m25p369s8s4s"
    g = game(hands=(dealer, SEVEN, THIRD.replace("8s", "8p"), FOURTH))
    g.step(0, Discard("8s"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    assert g.settlements[0].pattern["hands"] == ["七对"]


def test_pinghu_with_a_dou_takes_a_discard() -> None:
    """A 点豆 (seat 1 kongs the dealer's 9m onto its 999m) lets its 平胡 take 4s."""
    waiter = "999m123m456p23s55m"
    dealer = "7777p147m258p36s9m4s"
    third, fourth = "2568m1369p2569s8s", "3468m248p3478s1p7s"
    g = game(hands=(dealer, waiter, third, fourth), head="3m7m")
    g.step(0, Discard("9m"))
    assert Kong("9m", "exposed") in g.legal_actions(1)
    g.step(1, Kong("9m", "exposed"))
    drawn = g.state.drawn
    assert drawn is not None
    g.step(1, Discard(KINDS[drawn]))
    pass_all(g)
    g.step(2, Discard("3m"))  # seat 2 drew 3m
    pass_all(g)
    g.step(3, Discard("7m"))
    pass_all(g)
    g.step(0, Discard("4s"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    record = g.records[0]
    assert record["players"][1]["melds"][0]["kind"] == "ming_gang"
    lines = {(p.reason, p.payer, p.payee, p.amount) for p in g.settlements[0].items}
    assert ("点炮", 0, 1, 10) in lines and ("点豆", 0, 1, 10) in lines


def test_repao_the_void_dou_and_its_compensation() -> None:
    """[001:137] 热炮: the dealer's 闷豆 then 4s; seat 1's 平胡 without a 豆 may win it, the
    闷豆 does not stand and its maker pays 60 plus the discard's 10."""
    g = game(head="2p")  # the 鸡 flip: 2p (3p is the 翻牌鸡; nobody counts one)
    g.step(0, Kong("7p", "concealed"))
    assert g.state.drawn == majiang.tiles.KIND_INDEX["9s"]  # the replacement, the wall's last
    g.step(0, Discard("4s"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    record, s = g.records[0], g.settlements[0]
    assert record["win"]["repao"] == "an_gang" and record["flip"] == "2p"
    assert s.deltas == (-70, 70, 0, 0)
    assert {p.reason for p in s.items} == {"点炮", "热炮"}


def test_tongren_repao_adds_one_base_and_the_dou_stands() -> None:
    """[001:169] 热炮 (赖炮) 在放炮的基础上加一番: 平胡 10 + 10; the 闷豆 20 from each stands."""
    g = game(head="2p", variant="tongren")
    assert g.state.phase == "declare"  # seat 1 could 报听: it passes
    pass_all(g)
    g.step(0, Kong("7p", "concealed"))
    g.step(0, Discard("4s"))
    g.step(1, Win())
    assert g.settlements[0].deltas == (40, 0, -20, -20)


def test_a_kong_then_a_pong_discard_is_no_repao() -> None:
    ev = [{"event": "kong", "seat": 1, "kind": "concealed", "tile": "5m"},
          {"event": "draw", "seat": 1, "tile": "6p", "replacement": True},
          {"event": "discard", "seat": 1, "tile": "6p"},
          {"event": "pong", "seat": 2, "tiles": "666p", "source": 1},
          {"event": "discard", "seat": 2, "tile": "1m"}]  # fmt: skip
    assert repao_kong(ev[:3]) == (1, "an_gang", "5m") and repao_kong(ev) is None


def test_qiang_gang_only_on_a_zhuanwan_dou_and_the_robbed_pays_for_all_three() -> None:
    """[001:137] 抢杠: seat 2 pongs the dealer's 4s and later adds the fourth; seat 1's 平胡
    without a 豆 robs it, counted as a self-draw, seat 2 pays for all three (包三家)."""
    third, fourth = "2569m1369p44s58s7m", "34689m248p378s1p9p"
    g = game(hands=(DEALER, WAITER, third, fourth), head="1m2m3p4s")
    g.step(0, Discard("4s"))
    assert g.legal_actions(2) == [Pong(), Pass()]
    g.step(2, Pong())
    g.step(2, Discard("8s"))
    for seat, tile in ((3, "1m"), (0, "2m"), (1, "3p")):
        pass_all(g)
        g.step(seat, Discard(tile))
    pass_all(g)
    assert g.state.turn == 2 and Kong("4s", "added") in g.legal_actions(2)
    g.step(2, Kong("4s", "added"))
    assert g.state.phase == "rob" and g.legal_actions(1) == [Win(), Pass()]
    g.step(1, Win())
    record, s = g.records[0], g.settlements[0]
    assert record["win"]["qiang_gang"] and record["win"]["from"] == 2
    assert [m["kind"] for m in record["players"][2]["melds"]] == ["peng"]  # no 豆 stood
    paid = [(p.payer, p.amount) for p in s.items if p.reason.startswith("抢杠")]
    assert paid == [(2, 10), (2, 10), (2, 10)]


def test_a_concealed_kong_cannot_be_robbed() -> None:
    """闷豆 is not robbed: seat 1 waits on 7p, the dealer's concealed 7p kong opens no window."""
    waiter = "123m456s789s56p55m"
    assert sorted(majiang.variants.get_variant("guiyang").waits(
        majiang.tiles.to_counts(waiter), (), seat=1)) == [12, 15]  # fmt: skip
    g = game(hands=(DEALER, waiter, THIRD, FOURTH))
    g.step(0, Kong("7p", "concealed"))
    assert g.state.phase == "turn" and g.state.turn == 0 and g.state.drawn is not None


def test_guoshui_a_passed_win_blocks_until_the_next_draw() -> None:
    """过水: seat 1 passes a 七对 win on 8s; seat 2's 8s before seat 1 draws is no win."""
    hands = ("7777p147m25p369s8s4s", SEVEN, "2569m1369p2569s8p", "34689m248p347s1p9p")
    for options, offered in (({}, False), ({"guoshui": False}, True)):
        g = game(hands=hands, head="3m8s8s", options=options)
        g.step(0, Discard("9s"))
        g.step(1, Discard("3m"))  # drew 3m
        g.step(2, Discard("8s"))  # drew 8s: seat 1 may win, and passes
        assert g.legal_actions(1) == [Win(), Pass()]
        g.step(1, Pass())
        g.step(3, Discard("8s"))  # drew the other 8s, before seat 1's next draw
        assert (g.legal_actions(1) == [Win(), Pass()]) is offered
        assert g.state.phase == ("claim" if offered else "turn")


def test_the_winner_deals_next() -> None:
    """[001:135] 胡牌者接庄."""
    g = game(head="4s", n=2)
    g.step(0, Discard("9s"))
    g.step(1, Win())
    assert g.state.dealer == 1 and g.settlements[0].pattern["next_dealer"] == 1


def test_several_winners_the_first_after_the_discarder_deals() -> None:
    """一炮多响 [001:167]: seats 1 and 3 win on the dealer's 8s; seat 1 (the discarder's 下家)
    deals; under multi_win_dealer=discarder the discarder does."""
    dealer = "7777p147m25p369s8s4s"
    fourth = "113355p2244s66m8s"
    hands = (dealer, SEVEN, "2569m1369p2569s8p", fourth)
    for variant, options, following in (
        ("tongren", {}, 1),
        ("guiyang", {}, 1),
        ("guiyang", {"multi_win_dealer": "discarder"}, 0),
    ):
        g = game(hands=hands, variant=variant, options=options, n=2)
        pass_all(g)  # Tongren: 报听 offered to the ready seats, passed
        g.step(0, Discard("8s"))
        g.step(1, Win())
        g.step(3, Win())
        assert g.records[0]["win"]["winners"] == [1, 3]
        assert g.state.dealer == following, (variant, options)


def _drawn_hand(variant: str) -> Game:
    """A short wall: the dealer discards 9s, seat 1 draws the wall's only tile and lets it go,
    the wall is empty at seat 2's draw: 黄庄 with seat 1 ready (平胡 10) and nobody else."""
    wall = ["5p"]
    g = game(wall=wall, variant=variant)
    pass_all(g)
    g.step(0, Discard("9s"))
    g.step(1, Discard("5p"))
    pass_all(g)
    assert g.over
    return g


def test_huangzhuang_chajiao_the_unready_pay_the_ready() -> None:
    """[001:201] 黄庄查叫: each seat not ready pays seat 1 its 平胡 10; the 闷豆 is void; the
    next dealer is the nearest ready seat after the dealer (Guiyang), the dealer (Tongren)."""
    g = _drawn_hand("guiyang")
    assert g.records[0]["win"] is None
    assert g.settlements[0].deltas == (-10, 30, -10, -10)
    assert g.settlements[0].pattern["next_dealer"] == 1
    assert _drawn_hand("tongren").settlements[0].pattern["next_dealer"] == 0


def test_baoting_is_a_tian_ting_declaration_that_locks_the_hand() -> None:
    """[001:169] 报听 (天听): seat 1, ready as dealt, declares; then it discards what it draws,
    pongs nothing (the dealer's 9m on its 99m), and self-draws with 报听 +10."""
    waiter = "123m456p789s23s99m"  # waits on 1s/4s; holds 99m
    dealer = "7777p147m258p36s9m4s"
    third = "2568m1369p2569s8s"
    g = game(hands=(dealer, waiter, third, FOURTH), head="3p7m2p6m4s", variant="tongren")
    assert g.legal_actions(1) == [Declare("baoting", ""), Pass()]
    assert g.legal_actions(2) == []  # not ready: not asked
    g.step(1, Declare("baoting", ""))
    assert g.state.declared[1] == {"baoting": ""}
    g.step(0, Discard("9m"))
    assert g.state.phase == "turn" and g.state.turn == 1  # no pong offered to a locked hand
    assert g.legal_actions(1) == [Discard("3p")]
    unchanged(g, 1, Discard("2s"))
    g.step(1, Discard("3p"))
    for seat, tile in ((2, "7m"), (3, "2p"), (0, "6m")):
        pass_all(g)
        g.step(seat, Discard(tile))
    pass_all(g)
    assert g.state.turn == 1 and Win() in g.legal_actions(1)  # drew 4s
    g.step(1, Win())
    record, s = g.records[0], g.settlements[0]
    assert record["players"][1]["baoting"] is True
    lines = {(p.reason, p.payer, p.payee, p.amount) for p in s.items}
    assert {("自摸", payer, 1, 20) for payer in (0, 2, 3)} <= lines  # 平胡 10 + 报听 10


def test_shabao_a_pinghu_wins_on_the_baoting_seats_discard() -> None:
    """[001:169] 杀报: seat 2's 平胡 without a 豆 wins seat 1's (报听) discard, and seat 1
    pays an extra 10."""
    waiter = "123m456p789s23s99m"
    third = "123m456s789p23p55p"  # waits on 1p/4p, no 豆
    dealer = "147m258s36s1p8p9m4s67p"
    g = game(hands=(dealer, waiter, third, "3468m248p3478s1s7m"), head="4p", variant="tongren")
    g.step(1, Declare("baoting", ""))
    g.step(2, Pass())
    g.step(0, Discard("9m"))
    g.step(1, Discard("4p"))  # the drawn tile, the only discard
    assert Win() in g.legal_actions(2)
    g.step(2, Win())
    lines = {(p.reason, p.payer, p.payee, p.amount) for p in g.settlements[0].items}
    assert ("点炮", 1, 2, 10) in lines and ("杀报", 1, 2, 10) in lines


def test_the_ji_flip_is_a_public_event_after_the_win() -> None:
    """翻牌鸡: after seat 1 self-draws 5m the next wall tile, 9s, is turned for every seat:
    幺鸡 is the 翻牌鸡 too (金鸡, 2 each); seat 1 holds two: 4 鸡 x 10 from each, with 平胡
    10 from each."""
    waiter = "123m456p789s11s55m"  # waits on 1s/5m
    g = game(hands=(DEALER, waiter, THIRD, FOURTH), head="5m9s")
    g.step(0, Discard("9s"))
    g.step(1, Win())
    flips = [e for e in g.events if e["event"] == "horses"]
    assert flips == [{"event": "horses", "seat": 1, "tiles": "9s"}]
    for seat in range(4):
        assert flips[0] in seat_events(g.events, seat)
    s = g.settlements[0]
    assert g.records[0]["flip"] == "9s" and s.pattern["jin_ji"] is True
    assert s.deltas == (-50, 150, -50, -50)


def test_no_flip_on_an_empty_wall() -> None:
    waiter = "123m456p789s11s55m"
    g = game(hands=(DEALER, waiter, THIRD, FOURTH), wall=["5m"])
    g.step(0, Discard("9s"))
    g.step(1, Win())
    assert g.records[0]["flip"] is None
    assert not any(e["event"] == "horses" for e in g.events)


def test_chongfeng_ji_is_read_from_the_log() -> None:
    """冲锋鸡: the dealer's 1s, the hand's first and unclaimed, counts double to it; not ready,
    it pays the winner 2 units for it (包鸡)."""
    dealer = "7777p147m258p369s1s"
    waiter = "123m456p789s23s55m"
    g = game(hands=(dealer, waiter, THIRD, FOURTH), head="4s2p")
    g.step(0, Discard("1s"))
    assert g.state.phase == "turn" and g.state.turn == 1  # a 平胡 without a 豆 takes no discard
    g.step(1, Win())  # drew 4s
    record, s = g.records[0], g.settlements[0]
    assert record["chongfeng"] == 0 and record["zeren"] is None
    lines = {(p.reason, p.payer, p.payee, p.amount) for p in s.items}
    assert ("包鸡", 0, 1, 20) in lines


def test_chongfeng_wugu_is_read_from_the_log() -> None:
    """冲锋乌骨: the dealer's 8p, the hand's first and unclaimed, counts twice its 2 units to
    it; not ready, it pays the winner 2 + 2 units (包鸡). Off with 乌骨鸡 off (the control)."""
    g = game(head="4s2p")
    g.step(0, Discard("8p"))
    g.step(1, Win())  # drew 4s
    record, s = g.records[0], g.settlements[0]
    assert record["chongfeng_wugu"] == 0 and record["chongfeng"] is None
    assert ("包鸡", 0, 1, 40) in {(p.reason, p.payer, p.payee, p.amount) for p in s.items}
    assert majiang.settle(record) == s
    off = game(head="4s2p", options={"wugu": False})
    off.step(0, Discard("8p"))
    off.step(1, Win())
    assert off.records[0]["chongfeng_wugu"] is None
    assert not any(p.reason == "包鸡" for p in off.settlements[0].items)


def test_chongfeng_wugu_not_when_claimed_or_won_on() -> None:
    pong = [{"event": "discard", "seat": 1, "tile": "8p"},
            {"event": "pong", "seat": 2, "tiles": "888p", "source": 1},
            {"event": "discard", "seat": 2, "tile": "8p"}]  # fmt: skip
    assert first_wugu(pong) is None and first_wugu(pong[2:]) == 2
    won = [{"event": "discard", "seat": 0, "tile": "8p"}, {"event": "win", "winner": 3}]
    assert first_wugu(won) is None


def test_zeren_ji_the_first_yaoji_ponged() -> None:
    """责任鸡: seat 2 pongs the dealer's first 1s: the dealer owes it 1 unit."""
    dealer = "7777p147m258p369s1s"
    third = "2569m1369p11s578s"
    g = game(hands=(dealer, WAITER, third, FOURTH), head="9p6p4s")
    g.step(0, Discard("1s"))
    assert g.legal_actions(2) == [Pong(), Pass()]
    g.step(2, Pong())
    g.step(2, Discard("8s"))
    for seat, tile in ((3, "9p"), (0, "6p")):
        pass_all(g)
        g.step(seat, Discard(tile))
    g.step(1, Win())  # drew 4s
    record, s = g.records[0], g.settlements[0]
    assert record["zeren"] == [0, 2] and record["chongfeng"] is None
    assert ("责任鸡", 0, 2, 10) in {(p.reason, p.payer, p.payee, p.amount) for p in s.items}


def test_first_round_chongfeng_only_in_the_first_four_discards() -> None:
    ev = [{"event": "discard", "seat": s % 4, "tile": "9m"} for s in range(4)]
    ev.append({"event": "discard", "seat": 0, "tile": "1s"})
    assert first_yaoji(ev) == (0, None) and first_yaoji(ev, first_round=True) == (None, None)


def test_efficiency_bot_avoids_feeding_a_repao_right_after_its_dou() -> None:
    """热炮: the discard right after a 豆 is the risky one. Seats 1-3 throw 7m, 3s and 1m;
    the dealer then makes a 闷豆 of 7p and draws 9s. Its best discard is 5p, of which no copy
    is in sight; right after the 豆 it throws 1m instead (seat 3 threw one: in sight), as
    near to winning. The control is the same observation without ``after_kong``."""
    g = game(head="7m3s1m2m")
    g.step(0, Discard("4s"))
    for seat in (1, 2, 3):
        pass_all(g)
        drawn = g.state.drawn
        assert g.state.turn == seat and drawn is not None
        g.step(seat, Discard(KINDS[drawn]))
    pass_all(g)
    g.step(0, Kong("7p", "concealed"))
    pass_all(g)
    obs, legal = g.observation(0), g.legal_actions(0)
    assert obs.after_kong and g.observation(2).after_kong  # public: the kong is logged
    control = obs._replace(after_kong=False)
    seen = obs.visible()
    assert EfficiencyBot().act(control, legal) == Discard("5p") and not seen[KINDS.index("5p")]
    assert EfficiencyBot().act(obs, legal) == Discard("1m") and seen[KINDS.index("1m")]
    variant = g.variant
    assert KINDS.index("5p") in variant.bot_risky_discards(obs)
    assert variant.bot_risky_discards(control) == variant.bot_risky_discards(None)

    def shanten_without(tile: str) -> int:
        rest = majiang.tiles.to_counts(obs.hand)
        rest[KINDS.index(tile)] -= 1
        return int(majiang.shanten(rest, melds=1))

    assert shanten_without("5p") == shanten_without("1m")  # as near to winning either way
    g.step(0, Discard("1m"))
    assert not g.observation(0).after_kong  # the moment has passed


def scoring_rows(g: Game, seat: int) -> dict[str, list[int]]:
    names = plane_names(scoring=True)
    a = encode(g, seat, scoring=True)
    return {n: [int(x) for x in a[names.index(n)]] for n in SCORING_PLANES}


def test_scoring_planes_show_the_declared_baoting() -> None:
    g = Game("tongren", dealer=0, deal=Deal(("123456789m1122p5s", "123456789p1234s",
             "147m258p369s1239m", "13579m1357p1357s"), "9s9s"))  # fmt: skip
    assert scoring_rows(g, 2)["baoting"] == [0] * 34
    g.step(0, Declare("baoting", ""))
    g.step(1, Pass())
    for seat in range(4):  # public: seat 0 at each observer's relative column
        assert scoring_rows(g, seat)["baoting"] == [int(r == (0 - seat) % 4) for r in range(34)]
    assert encode(g, 2).shape == (len(plane_names()), 34)  # off by default: rows unchanged


def test_scoring_planes_count_each_seats_dou() -> None:
    g = game()
    g.step(0, Kong("7p", "concealed"))
    pass_all(g)
    for seat in range(4):
        rows = scoring_rows(g, seat)
        assert rows["kongs"] == [int(r == (0 - seat) % 4) for r in range(34)]
    melds_self = plane_names().index("melds_self")
    assert int(encode(g, 1, scoring=True)[melds_self + 3].sum()) == 0  # its kind stays hidden


def test_scoring_planes_show_the_flipped_ji_after_the_win() -> None:
    g = game(head="4s")
    g.step(0, Discard("9s"))
    assert scoring_rows(g, 2)["horses"] == [0] * 34
    g.step(1, Win())  # drew 4s; the next wall tile is turned up
    flip = g.records[0]["flip"]
    assert flip is not None
    for seat in range(4):
        assert scoring_rows(g, seat)["horses"] == [int(k == KINDS.index(flip)) for k in range(34)]


def test_the_engine_record_is_a_checked_hand_record() -> None:
    g = game(head="4s")
    g.step(0, Discard("9s"))
    g.step(1, Win())
    r = HandRecord.from_dict(g.records[0])
    assert r.winners == (1,) and r.discarder is None and r.options.profile == "guiyang"
    assert majiang.settle(g.records[0]) == g.settlements[0]


# ------------------------------------------------------------------ simulated matches
OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("guiyang", {}),
    ("tongren", {}),
    ("guiyang", {"guoshui": False, "hand_scale": "common", "repao": "burn_all", "flip": "three",
                 "mantang": True, "zhanji": True, "weekday": 3, "shouquan_chongfeng": True}),
    ("tongren", {"pinghu_needs_dou": False, "huangzhuang_keeps_ji_dou": True, "yin_ji": True,
                 "chuifeng": True, "multi_win_dealer": "discarder", "baoting_as_qingyise": True}),
]  # fmt: skip
MATCHES = 16
HANDS_PER_MATCH = 5  # 4 option sets x 16 matches x 5 hands: 320 hands


def mixed_bots(match: int) -> list[Bot]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def play_checked(game: Game, bots: list[Bot], stop_after: int | None = None) -> None:
    steps = 0
    while not game.over and (stop_after is None or steps < stop_after):
        seat = game.to_act()[0]
        assert game.tile_count() == 108
        legal = game.legal_actions(seat)
        assert not any(isinstance(a, Chow) for a in legal)
        game.step(seat, bots[seat].act(game.observation(seat), legal))
        steps += 1


def check_match(game: Game) -> None:
    assert sum(game.scores) == 0
    total = [0, 0, 0, 0]
    for record, settlement in zip(game.records, game.settlements, strict=True):
        again = majiang.settle(record)  # the record check: every win legal, each 豆 and 鸡
        assert again == settlement and sum(again.deltas) == 0
        total = [a + b for a, b in zip(total, again.deltas, strict=True)]
    assert total == list(game.scores)
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores)
    assert [h.record for h in replayed.hands] == game.records
    for seat in range(4):
        stream = seat_events(game.events, seat)
        kinds = [e["event"] for e in stream]
        for i, event in enumerate(stream):
            if event["event"] == "draw" and event["seat"] != seat:
                assert "tile" not in event
            if event["event"] == "deal":
                assert "wall" not in event
                assert all(h is None for s, h in enumerate(event["hands"]) if s != seat)
            if event["event"] == "horses":  # the 鸡 flip only after its win
                assert kinds[i - 1] == "win"


def _id(o: Any) -> str:
    return o if isinstance(o, str) else ",".join(sorted(o)) or "defaults"


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS, ids=_id)
def test_guizhou_matches_hold_every_invariant(variant: str, options: dict[str, Any]) -> None:
    wins = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        bots = mixed_bots(match)
        game = Game(variant, seed=match, hands=HANDS_PER_MATCH, options=options)
        play_checked(game, bots, stop_after=rng.randrange(300))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same_bots = copy.deepcopy(bots)
            play_checked(game, bots)
            play_checked(restored, same_bots)
            assert restored.events == game.events
        check_match(game)
        wins += sum(r["win"] is not None for r in game.records)
    assert wins > MATCHES  # bots do win


@pytest.mark.parametrize("variant", ["guiyang", "tongren"])
def test_simulate_guizhou(variant: str) -> None:
    stats = simulate(hands=40, seed=3, variant=variant)
    assert stats["hands"] == 40
    assert abs(sum(stats["mean_score"])) < 1e-9


def test_the_engines_typed_record_is_the_record_dicts() -> None:
    """The engine settles its typed record (no tile text read back): equal to the checked
    record of its JSON form, 热炮 hands (the 豆 listed last) among them."""
    repao = 0
    for seed in range(400):
        variant = ("guiyang", "tongren")[seed % 2]
        g = Game(variant, seed=seed, hands=1)
        majiang.game.play(g, mixed_bots(seed))
        record = g.records[-1]
        assert from_engine(record, g.state) == HandRecord.from_dict(record)
        assert engine_settle(variant)(record, g.state) == majiang.settle(record)
        repao += record["win"] is not None and record["win"]["repao"] is not None
        if repao >= 3 and seed >= 100:
            break
    assert repao >= 3


def test_the_efficiency_bot_keeps_yaoji_when_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ready either way (a 1s or a 9s single wait, three unseen each), the bot lets 9s go and
    keeps its 幺鸡 (``bot_risky_discards``); without the hook it would have let the 1s go."""
    hands = ("234m567p789p555m1s9s", "17m258p369p2468m9m", THIRD, FOURTH)
    g = game(hands=hands)
    assert EfficiencyBot().act(g.observation(0), g.legal_actions(0)) == Discard("9s")
    monkeypatch.setattr(GuizhouVariant, "bot_risky_discards", lambda self, obs: frozenset())
    assert EfficiencyBot().act(g.observation(0), g.legal_actions(0)) == Discard("1s")
