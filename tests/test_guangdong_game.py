"""Guangdong 推倒胡 played by the engine (docs/rules/guangdong.md): one fixed deal per rule of
play, then simulated matches under the main option sets with the usual invariants.

Fixed deals: the dealer (seat 0) holds DEALER; seat 1 holds WAITER (waiting on 1s/4s); seats 2
and 3 hold tiles that complete nothing. The wall starts with the tiles a test names and goes on
with every tile not yet placed, so the set is whole.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from named_deals import full_wall

import majiang
from majiang.game import (
    Deal,
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
from majiang.tiles import KIND_INDEX

DEALER = "147m258p3469s1235z"
WAITER = "123m456p789s23s55m"
THIRD = "22m33m44m66s88s777z"
FOURTH = "567m567p78s8p9s135z"


def game(
    hands: tuple[str, str, str, str] = (DEALER, WAITER, THIRD, FOURTH),
    head: str = "",
    options: dict[str, Any] | None = None,
    indicator: str | None = None,
) -> Game:
    deal = Deal(hands, full_wall(hands, head), indicator, "1m" if indicator else None)
    return Game("guangdong", seed=0, dealer=0, deal=deal, options=options or {})


def pass_claims(g: Game) -> None:
    while g.state.phase in ("claim", "rob"):
        for seat in g.to_act():
            g.step(seat, Pass())


def test_no_chow_and_no_win_on_a_discard() -> None:
    """[001:161] 不许吃牌只许自摸: the 4s seat 1 waits on is discarded, and nobody is asked."""
    g = game(head="9p")
    g.step(0, Discard("4s"))
    assert g.state.phase == "turn" and g.state.turn == 1  # no claim window opened
    assert not any(isinstance(a, Chow | Win) for a in g.legal_actions(1))
    assert g.records == []


def test_dian_pao_opens_the_discard_win() -> None:
    g = game(head="9p", options={"dian_pao": True})
    g.step(0, Discard("4s"))
    assert g.state.phase == "claim" and Win() in g.legal_actions(1)
    g.step(1, Win())
    assert g.records[0]["result"]["from"] == 0
    share = 2 + 2 * g.settlements[0].pattern["hits"]  # the discarder alone pays one share
    assert g.settlements[0].deltas == (-share, share, 0, 0)


def test_a_self_draw_turns_up_public_horses_from_the_wall() -> None:
    """[001:213] 抓马: the winner turns up the wall's next tiles; 2m is B's (seat 1's)."""
    g = game(head="4s2m9p")
    g.step(0, Discard("1z"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    horses = [e for e in g.events if e["event"] == "horses"]
    assert horses == [{"event": "horses", "seat": 1, "tiles": "2m9p"}]
    assert g.records[0]["horses"] == "2m9p"
    assert g.scores == [-4, 12, -4, -4]  # 2 for the win and 2 for the 2m hit, from each
    for seat in range(4):
        assert {"event": "horses", "seat": 1, "tiles": "2m9p"} in seat_events(g.events, seat)


def test_a_concealed_kong_is_paid_at_once() -> None:
    """[001:213] 暗杠…其他三人每人给你20元, paid whether or not the konger wins."""
    waiter = "123m456p789s999m2s"
    g = game(hands=(DEALER, waiter, THIRD, FOURTH), head="9m6p", options={"base": 10})
    g.step(0, Discard("1z"))
    g.step(1, Kong("9m", "concealed"))
    paid = [e for e in g.events if e["event"] == "payment"]
    assert paid[0]["reason"] == "暗杠" and paid[0]["deltas"] == [-20, 60, -20, -20]
    assert g.scores == [-20, 60, -20, -20]


def test_kong_money_waits_for_the_hand_under_kongs_void_on_draw() -> None:
    waiter = "123m456p789s999m2s"
    g = game(hands=(DEALER, waiter, THIRD, FOURTH), head="9m6p",
             options={"kongs_void_on_draw": True})  # fmt: skip
    g.step(0, Discard("1z"))
    g.step(1, Kong("9m", "concealed"))
    assert not any(e["event"] == "payment" for e in g.events)


def test_a_robbed_added_kong_pays_one_kou_and_does_not_stand() -> None:
    """[001:213] 只有明杠才会被抢 / 被抢后不抓马的话…60元一扣钱 (base 10)."""
    third = "22m33m44m66s44s777z"
    g = game(hands=(DEALER, WAITER, third, FOURTH), head="9p1p2p4s", options={"base": 10})
    g.step(0, Discard("4s"))
    assert g.legal_actions(2) and Pong() in g.legal_actions(2)
    g.step(2, Pong())
    g.step(2, Discard("2m"))
    pass_claims(g)
    for seat, tile in ((3, "9p"), (0, "1p"), (1, "2p")):
        assert g.state.turn == seat
        g.step(seat, Discard(tile))
        pass_claims(g)
    assert g.state.turn == 2 and Kong("4s", "added") in g.legal_actions(2)
    g.step(2, Kong("4s", "added"))
    assert g.state.phase == "rob" and Win() in g.legal_actions(1)
    g.step(1, Win())
    record = g.records[0]
    assert record["result"]["qiang_gang"] and record["result"]["from"] == 2
    assert record["horses"] == ""  # no horses on a 抢杠 unless agreed
    assert not any(e["event"] in ("payment", "horses") for e in g.events)
    assert g.scores == [0, 60, -60, 0]


def test_bai_ghost_lets_a_hand_win_on_a_self_draw() -> None:
    """白板做鬼: 123m456p789s 11z 2z + 5z (wild) wins on a drawn 2z."""
    waiter = "123m456p789s1125z"
    dealer = "147m258p3469s1234z"
    fourth = "567m567p78s8p9s136z"
    plain = game(hands=(dealer, waiter, THIRD, fourth), head="2z")
    plain.step(0, Discard("4z"))
    assert Win() not in plain.legal_actions(1)
    wild = game(hands=(dealer, waiter, THIRD, fourth), head="2z", options={"ghosts": "bai"})
    wild.step(0, Discard("4z"))
    assert Win() in wild.legal_actions(1)
    wild.step(1, Win())
    assert majiang.settle(wild.records[0]).deltas == wild.settlements[0].deltas


def test_flip_ghost_flips_an_indicator_and_its_next_tile_is_wild() -> None:
    g = game(options={"ghosts": "flip_double"}, indicator="8s", head="9p")
    assert g.state.wilds == (KIND_INDEX["9s"], KIND_INDEX["1s"])
    assert g.observation(2).wilds == ("9s", "1s")
    with pytest.raises(majiang.InvalidHandError, match="indicator"):
        Game("guangdong", seed=0, dealer=0, deal=Deal((DEALER, WAITER, THIRD, FOURTH), "9p"),
             options={"ghosts": "flip"})  # fmt: skip


def test_the_winner_deals_and_is_the_next_hands_seat_a() -> None:
    """[001:185] 谁胡牌 下一轮由他做庄; the seed's horse map counts from the last winner."""
    seen = 0
    for seed in range(20):
        g = majiang.game.play(Game("guangdong", seed=seed, hands=3),
                              [EfficiencyBot() for _ in range(4)])  # fmt: skip
        for before, after in zip(g.records, g.records[1:], strict=False):
            if before["result"]["kind"] == "win":
                assert after["dealer"] == before["result"]["winner"]
                assert after["last_winner"] == before["result"]["winner"]
                seen += 1
            else:
                assert after["dealer"] == before["dealer"]
    assert seen > 10


# -- simulated matches ----------------------------------------------------------------------

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"profile": "dahu", "ghosts": "bai", "no_ghost_double": True, "horses": 4},
    {"ghosts": "flip_double", "horses": 6, "qiang_gang_horses": True, "horse_kongs": True,
     "horse_map": "dealer", "horse_value": "hand", "gang_bao_quan_bao": True},
    {"dian_pao": True, "kongs_void_on_draw": True, "gen_zhuang": True, "jie_jie_gao": True,
     "horse_streak": True, "fan": 10, "base": 10, "zhi_gang": 1},
    {"ghosts": "flip", "si_gui_hu": True, "si_gui_double": True, "ming_gang_qiang": True,
     "qiang_gang_horses": True, "gang_bao_quan_bao": True},
]  # fmt: skip
MATCHES = 15
HANDS_PER_MATCH = 5  # 5 option sets x 15 matches x 5 hands: 375 hands


def mixed_bots(match: int) -> list[Bot]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def play_checked(game: Game, bots: list[Bot], stop_after: int | None = None) -> None:
    dian_pao = game.variant.options.dian_pao  # type: ignore[attr-defined]
    steps = 0
    while not game.over and (stop_after is None or steps < stop_after):
        seat = game.to_act()[0]
        assert game.tile_count() == 136
        legal = game.legal_actions(seat)
        assert not any(isinstance(a, Chow) for a in legal)
        if game.state.phase == "claim" and not dian_pao:
            assert Win() not in legal, "self-draw only: no win on a discard"
        game.step(seat, bots[seat].act(game.observation(seat), legal))
        steps += 1


def check_match(game: Game) -> None:
    assert sum(game.scores) == 0
    total = [0, 0, 0, 0]
    for record, settlement in zip(game.records, game.settlements, strict=True):
        again = majiang.settle(record)  # the record check: every win legal, horses counted
        assert again.deltas == settlement.deltas and sum(again.deltas) == 0
        total = [a + b for a, b in zip(total, again.deltas, strict=True)]
    assert total == list(game.scores)
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores)
    assert [h.record for h in replayed.hands] == game.records
    for seat in range(4):
        stream = seat_events(game.events, seat)
        for event in stream:
            if event["event"] == "draw" and event["seat"] != seat:
                assert "tile" not in event
            if event["event"] == "deal":
                assert "wall" not in event
                assert all(h is None for s, h in enumerate(event["hands"]) if s != seat)
        # the horses appear only after their win: no seat sees the wall's tiles before
        kinds = [e["event"] for e in stream]
        for i, kind in enumerate(kinds):
            if kind == "horses":
                assert kinds[i - 1] == "win"


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(sorted(o)) or "defaults")
def test_guangdong_matches_hold_every_invariant(options: dict[str, Any]) -> None:
    wins = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        bots = mixed_bots(match)
        game = Game("guangdong", seed=match, hands=HANDS_PER_MATCH, options=options)
        play_checked(game, bots, stop_after=rng.randrange(300))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same_bots = copy.deepcopy(bots)
            play_checked(game, bots)
            play_checked(restored, same_bots)
            assert restored.events == game.events
        check_match(game)
        wins += sum(r["result"]["kind"] == "win" for r in game.records)
    assert wins > MATCHES  # bots do win


def test_simulate_guangdong() -> None:
    stats = simulate(hands=40, seed=3, variant="guangdong", options={"horses": 4})
    assert stats["hands"] == 40
    assert abs(sum(stats["mean_score"])) < 1e-9


def test_fixed_ghosts_are_the_hands_wilds_for_every_seat() -> None:
    """白板做鬼 / 红中做鬼 flip nothing, yet the state and each seat's observation hold them."""
    for ghosts, kind in (("bai", "5z"), ("zhong", "7z")):
        g = game(options={"ghosts": ghosts})
        assert g.state.indicator is None and g.state.wilds == (KIND_INDEX[kind],)
        for seat in range(4):
            assert g.observation(seat).wilds == (kind,)
    assert game().state.wilds == () and game().observation(1).wilds == ()


def test_the_efficiency_bot_keeps_a_fixed_ghost_and_wins_with_it() -> None:
    """Seat 1 draws 2p onto 123m456p789s 11z 5z 7m. With 白 wild, 5z pairs with either loose
    tile: the bot throws 2p and wins on the 1z it draws (111z, 7m + ghost as the pair); without
    ghosts 5z is the loosest tile, the bot throws it and that 1z completes nothing."""
    dealer = "147m258p3469s2446z"
    waiter = "123m456p789s11z5z7m"
    fourth = "567m567p78s8p9s246z"
    head = "2p9p9p9p1z"
    thrown, last = [], []
    for options in ({"ghosts": "bai"}, {}):
        g = game(hands=(dealer, waiter, THIRD, fourth), head=head, options=options)
        bot = EfficiencyBot()
        g.step(0, Discard("4z"))
        pass_claims(g)
        choice = bot.act(g.observation(1), g.legal_actions(1))
        assert isinstance(choice, Discard)
        thrown.append(choice.tile)
        g.step(1, choice)
        pass_claims(g)
        for seat in (2, 3, 0):
            g.step(seat, Discard("9p"))
            pass_claims(g)
        last.append(bot.act(g.observation(1), g.legal_actions(1)))
    assert thrown == ["2p", "5z"]
    assert last[0] == Win() and last[1] != Win()


# -- 明杠可抢 (ming_gang_qiang) --------------------------------------------------------------

ZHI_GANG_HOLDER = "22m33m44m66s444s77z"  # seat 2: a concealed 444s to claim the dealer's 4s onto


def zhi_gang_game(options: dict[str, Any]) -> Game:
    """The dealer throws 4s; seat 2 claims it as a 直杠 while seat 1 (WAITER) waits on 4s."""
    g = game(hands=(DEALER, WAITER, ZHI_GANG_HOLDER, FOURTH), head="9p",
             options={"base": 10, **options})  # fmt: skip
    g.step(0, Discard("4s"))
    assert Kong("4s", "exposed") in g.legal_actions(2)
    g.step(2, Kong("4s", "exposed"))
    return g


def test_a_zhi_gang_stands_at_once_without_ming_gang_qiang() -> None:
    """[001:213] only the 明杠 (an added pong) is robbed: the 直杠 is paid and replaced at once."""
    g = zhi_gang_game({})
    assert g.state.phase == "turn" and g.state.turn == 2
    assert [e["event"] for e in g.events[-3:]] == ["kong", "payment", "draw"]
    assert g.scores == [-30, 0, 30, 0]


def test_ming_gang_qiang_robs_a_zhi_gang_which_then_does_not_stand() -> None:
    """[lua] 明杠可抢: seat 1 robs the 直杠; no kong money, the triplet stays in seat 2's hand,
    and seat 2 pays one 扣 (three shares of 20) as for a robbed added kong."""
    g = zhi_gang_game({"ming_gang_qiang": True})
    assert g.state.phase == "rob" and g.to_act() == [1] and g.legal_actions(1) == [Win(), Pass()]
    assert g.tile_count() == 136
    assert g.observation(3).last_discard == "4s"
    g.step(1, Win())
    record = g.records[0]
    assert record["result"]["qiang_gang"] and record["result"]["from"] == 2
    robbed = record["players"][2]
    assert robbed["melds"] == [] and robbed["hand"] == "223344m44466s77z"
    assert not any(e["event"] == "payment" for e in g.events)
    assert g.scores == [0, 60, -60, 0]
    assert majiang.settle(record).deltas == (0, 60, -60, 0)
    check_match(g)


def test_a_zhi_gang_nobody_robs_stands_is_paid_and_replaced() -> None:
    g = zhi_gang_game({"ming_gang_qiang": True})
    snapshot = json.loads(json.dumps(g.snapshot()))
    g.step(1, Pass())
    assert g.state.turn == 2 and g.state.melds[2][-1].kind == "ming_gang"
    assert g.state.melds[2][-1].source == 0 and g.state.ponds[0] == ()
    assert [e["event"] for e in g.events[-3:]] == ["kong", "payment", "draw"]
    assert g.scores == [-30, 0, 30, 0] and g.tile_count() == 136
    restored = Game.restore(snapshot)  # restored inside the rob window, it continues alike
    restored.step(1, Pass())
    assert restored.events == g.events


def test_the_feeder_of_a_zhi_gang_is_not_offered_its_rob() -> None:
    """The dealer fed the 4s: even waiting on it, it is not asked (its own discard)."""
    dealer = "123m456p789s23s55m4s"
    waiter = "147m258p369s1234z"
    g = game(hands=(dealer, waiter, ZHI_GANG_HOLDER, FOURTH), head="9p",
             options={"ming_gang_qiang": True})  # fmt: skip
    g.step(0, Discard("4s"))
    g.step(2, Kong("4s", "exposed"))
    assert g.state.phase == "turn" and g.state.melds[2][-1].kind == "ming_gang"


# -- 四鬼胡牌 (si_gui_hu) --------------------------------------------------------------------

GHOST_DEALER = "23m67m34p78p45s89s12z"
THREE_GHOSTS = "147m258p369s5556z"  # 白板做鬼: three ghosts beside tiles that make no shape
GHOST_FOURTH = "589m12569p1237s4z"


def four_ghost_game(options: dict[str, Any], dealer: str = GHOST_DEALER, head: str = "5z") -> Game:
    hands = (dealer, THREE_GHOSTS, THIRD, GHOST_FOURTH)
    return game(hands=hands, head=head, options={"ghosts": "bai", "horses": 0, **options})


def test_si_gui_hu_the_fourth_ghost_drawn_wins_whatever_the_shape() -> None:
    """[java] 鬼牌_四鬼胡牌: seat 1 draws the fourth 白板 onto a hand with no shape and wins;
    worth a plain 推倒胡 hand (2 from each), twice that under 四鬼加倍."""
    plain = four_ghost_game({})
    plain.step(0, Discard("1z"))
    assert plain.state.turn == 1 and Win() not in plain.legal_actions(1)
    doubled = {"si_gui_hu": True, "si_gui_double": True}
    for options, share in (({"si_gui_hu": True}, 2), (doubled, 4)):
        g = four_ghost_game(options)
        g.step(0, Discard("1z"))
        assert g.legal_actions(1)[0] == Win()
        g.step(1, Win())
        assert g.records[0]["result"]["tile"] == "5z" and g.records[0]["result"]["from"] is None
        assert g.scores == [-share, 3 * share, -share, -share]
        assert g.settlements[0].pattern["shape"] == "four_ghosts"
        assert majiang.settle(g.records[0]).deltas == g.settlements[0].deltas
        check_match(g)


def test_si_gui_hu_is_never_won_on_a_discard() -> None:
    """四鬼胡牌 is the draw's: under 可点炮 the dealer's 白板 is offered as a pong or kong only."""
    dealer = "23m67m34p78p45s89s15z"
    g = four_ghost_game({"si_gui_hu": True, "dian_pao": True}, dealer=dealer, head="9p")
    g.step(0, Discard("5z"))
    assert g.state.phase == "claim"
    assert Win() not in g.legal_actions(1) and Pong() in g.legal_actions(1)


# -- the bot under 杠爆全包 -------------------------------------------------------------------


def test_the_efficiency_bot_feeds_no_zhi_gang_it_can_avoid_under_gang_bao_quan_bao() -> None:
    """Seat 1 draws 1z onto 123m456p789s 66z 3z 9p after the dealer threw a 9p. Throwing 1z, 3z
    or 9p leaves it one tile from waiting alike; the bot's usual choice is a lone honour, three
    of which it has not seen (a seat may hold them and claim a 直杠). Under 杠爆全包 it throws
    the 9p instead: one is in the dealer's pond, so nobody holds three."""
    dealer = "147m2589p346s1235z"
    seat1 = "123m4569p789s366z"
    chosen = []
    for options in ({}, {"gang_bao_quan_bao": True}):
        g = game(hands=(dealer, seat1, THIRD, FOURTH), head="1z", options=options)
        g.step(0, Discard("9p"))
        pass_claims(g)
        assert g.state.turn == 1 and g.state.drawn == KIND_INDEX["1z"]
        obs = g.observation(1)
        choice = EfficiencyBot().act(obs, g.legal_actions(1))
        assert isinstance(choice, Discard)
        chosen.append(choice.tile)
        after = list(obs.hand_counts)
        after[KIND_INDEX[choice.tile]] -= 1
        assert majiang.shanten(after, rules=obs.rules) == 1
    assert chosen[0] in ("1z", "3z") and chosen[1] == "9p"
