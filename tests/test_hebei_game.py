"""Hebei 河北推倒胡 played by the engine: one test per seed sentence (seed 151-157,
docs/rules/hebei.md), then simulated matches with the usual invariants.

Fixed deals: the dealer (seat 0) holds DEALER; seat 1 holds WAITER (ready, waiting on 1s/4s);
seats 2 and 3 hold THIRD and FOURTH. The wall starts with the tiles a test names and goes on
with every tile not yet placed, so the set is whole; replacement tiles come from its end.
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
    Discard,
    EfficiencyBot,
    Game,
    Kong,
    Pass,
    Pong,
    RandomBot,
    Win,
    play,
    replay,
    simulate,
)
from majiang.game.actions import Chow, Declare
from majiang.game.bots import Bot
from majiang.game.streams import seat_events
from majiang.tiles import KIND_INDEX, KINDS
from majiang.variants.hebei import next_dealer

DEALER = "2m47m258p3469s1235z"
WAITER = "123m456p789s23s55m"
THIRD = "22m33m44m66s89s777z"
FOURTH = "567m567p78s8p9s135z"


def game(
    hands: tuple[str, str, str, str] = (DEALER, WAITER, THIRD, FOURTH),
    head: str = "",
    options: dict[str, Any] | None = None,
) -> Game:
    deal = Deal(hands, full_wall(hands, head))
    return Game("hebei", seed=0, dealer=0, deal=deal, options=options or {})


def drawn(g: Game) -> str:
    assert g.state.drawn is not None
    return KINDS[g.state.drawn]


def declares(g: Game, seat: int) -> list[str]:
    return [a.value for a in g.legal_actions(seat) if isinstance(a, Declare)]


# --- table and deal (seed 153, 155) ------------------------------------------------------


def test_136_tiles_dealer_14_others_13() -> None:
    g = Game("hebei", seed=7)
    assert g.tile_count() == 136 and len(g.variant.table.tiles) == 136
    sizes = [sum(h) for h in g.state.hands]
    assert sizes[g.state.dealer] == 14
    assert sorted(sizes) == [13, 13, 13, 14]


def test_the_first_dealer_is_random() -> None:
    assert len({Game("hebei", seed=s).state.dealer for s in range(20)}) > 1


# --- dealer (seed 155) ---------------------------------------------------------------------


def test_a_dealer_who_wins_deals_again() -> None:
    assert next_dealer(2, 2) == 2
    v = Game("hebei").variant
    assert v.next_dealer(2, 1, {"result": {"kind": "win", "winner": 2}}, []) == (2, 2)


def test_a_non_dealer_win_passes_the_deal_to_the_dealer_s_next_seat_not_the_winner() -> None:
    assert next_dealer(0, 2) == 1 and next_dealer(3, 1) == 0
    v = Game("hebei").variant
    assert v.next_dealer(0, 3, {"result": {"kind": "win", "winner": 2}}, []) == (1, 1)


def test_on_huang_zhuang_the_dealer_stays() -> None:
    assert next_dealer(1, None) == 1
    v = Game("hebei").variant
    assert v.next_dealer(1, 2, {"result": {"kind": "draw"}}, []) == (1, 2)


# --- claims and kongs (seed 155, 157) ---------------------------------------------------


def test_no_chow() -> None:
    g = game()
    nine = KIND_INDEX["9s"]
    assert not any(isinstance(a, Chow) for a in g.claim_options(1, nine))  # 78s + 9s
    hands = (DEALER, WAITER, THIRD, FOURTH)
    chowing = Game("pingxiang", seed=0, dealer=0, deal=Deal(hands, full_wall(hands, "")))
    chowing.step(0, Discard("9s"))
    assert any(isinstance(a, Chow) for a in chowing.legal_actions(1))  # a table that can
    g.step(0, Discard("9s"))
    assert g.state.phase == "turn" and g.to_act() == [1]  # nobody was asked


def test_pong_on_a_discard_with_a_pair() -> None:
    g = game()
    g.step(0, Discard("2m"))
    assert g.to_act() == [2] and g.legal_actions(2) == [Pong(), Pass()]
    g.step(2, Pong())
    assert g.state.melds[2][-1].kind == "peng" and g.state.turn == 2


def test_ming_gang_on_a_discard_onto_a_concealed_triplet_replaced_from_the_tail() -> None:
    g = game(head="7z")
    wall = list(g.state.wall.live())
    g.step(0, Discard("9s"))
    g.step(1, Discard("7z"))
    assert Kong("7z", "exposed") in g.legal_actions(2)
    g.step(2, Kong("7z", "exposed"))
    kong, draw = g.events[-2:]
    assert kong["kind"] == "exposed" and kong["source"] == 1
    assert draw["event"] == "draw" and draw["replacement"] and draw["tile"] == KINDS[wall[-1]]


def test_ming_gang_by_adding_a_drawn_tile_to_one_s_own_pong() -> None:
    # seat 2 pongs 4m, discards 9s; seat 3, the dealer and seat 1 discard what they draw.
    g = game(head="1p1p9m4m")
    g.step(0, Discard("4m"))
    g.step(2, Pong())
    g.step(2, Discard("9s"))
    for seat in (3, 0, 1):
        assert g.state.turn == seat
        g.step(seat, Discard(drawn(g)))
        if g.state.phase == "claim":
            for s in g.to_act():
                g.step(s, Pass())
    assert Kong("4m", "added") in g.legal_actions(2)
    g.step(2, Kong("4m", "added"))
    assert g.state.melds[2][-1].kind == "bu_gang"
    assert g.events[-1]["event"] == "draw" and g.events[-1]["replacement"]


def test_an_gang_of_four_concealed_tiles_including_the_one_just_drawn() -> None:
    g = game(head="1m")
    g.step(0, Discard("9s"))
    assert not any(isinstance(a, Kong) for a in g.legal_actions(1))  # 123m + 1m: no four
    g2 = game(hands=(DEALER, "111m456p789s23s55m", THIRD, FOURTH), head="1m")
    g2.step(0, Discard("9s"))
    assert Kong("1m", "concealed") in g2.legal_actions(1)
    g2.step(1, Kong("1m", "concealed"))
    assert g2.state.melds[1][-1].kind == "an_gang" and g2.events[-1]["replacement"]


def test_hu_goes_before_peng() -> None:
    fourth = "567m567p44s8p9s135z"  # a pair of 4s: a pong on the dealer's 4s
    g = game(hands=(DEALER, WAITER, THIRD, fourth))
    g.step(0, Discard("4s"))
    assert set(g.to_act()) == {1, 3}
    assert Win() in g.legal_actions(1) and Pong() in g.legal_actions(3)
    g.step(3, Pong())
    g.step(1, Win())
    assert g.over and g.records[-1]["result"]["winner"] == 1
    assert not g.state.melds[3]


# --- 听 (seed 157) -----------------------------------------------------------------------


def test_a_hand_may_win_without_declaring_ting() -> None:
    g = game()
    g.step(0, Discard("4s"))
    g.step(1, Win())
    assert g.records[-1]["ready"] == [] and g.settlements[-1].deltas == (-3, 3, 0, 0)


def test_ting_is_declared_with_a_discard_that_leaves_the_hand_ready() -> None:
    g = game(head="9p")
    g.step(0, Discard("9s"))
    assert declares(g, 1) == ["9p"]  # only 9p keeps 1s/4s; nothing else leaves it ready
    g.step(1, Declare("ready", "9p"))
    at = next(i for i, e in enumerate(g.events) if e["event"] == "declare")
    declared, discard = g.events[at : at + 2]
    assert declared == {"event": "declare", "seat": 1, "what": "ready", "value": "9p"}
    assert discard["event"] == "discard" and discard["tile"] == "9p"
    assert g.state.declared[1] == {"ready": "9p"}
    for seat in range(4):  # public: every seat sees it
        assert ("ready", "9p") in [
            (w, v) for w, v in g.observation(seat).to_dict()["declared"][1].items()
        ]


def test_ting_may_be_declared_with_the_discard_after_a_pong() -> None:
    g = game(hands=(DEALER, WAITER, "44m123p456p789p15z", FOURTH))
    g.step(0, Discard("4m"))
    g.step(2, Pong())
    assert g.state.drawn is None and declares(g, 2) == ["1z", "5z"]  # 单钓 on the other
    g.step(2, Declare("ready", "1z"))
    assert g.state.declared[2] == {"ready": "1z"}


def ready_game(waiter: str = WAITER, head: str = "9p", then: str = "", claim: bool = False) -> Game:
    """Seat 1 declares 听 with its first draw (9p); seats 2, 3 and 0 then discard what they
    draw (``then`` are the next draws from seat 2 on) and every claim is passed, but for a
    claim on the dealer's discard when ``claim``."""
    g = game(hands=(DEALER, waiter, THIRD, FOURTH), head=head + then)
    g.step(0, Discard("9s"))
    g.step(1, Declare("ready", head))
    for seat in (2, 3, 0):
        if g.state.phase == "claim":
            for s in g.to_act():
                g.step(s, Pass())
        g.step(seat, Discard(drawn(g)))
    while g.state.phase == "claim" and not claim:
        for s in g.to_act():
            g.step(s, Pass())
    return g


def test_ting_adds_no_fan() -> None:
    declared = ready_game(then="6z6z6z4s")
    assert declared.state.turn == 1 and Win() in declared.legal_actions(1)
    declared.step(1, Win())
    plain = game(head="9p6z6z6z4s")
    plain.step(0, Discard("9s"))
    plain.step(1, Discard("9p"))
    for seat in (2, 3, 0):
        plain.step(seat, Discard(drawn(plain)))
    plain.step(1, Win())
    assert declared.records[-1]["ready"] == [1] and plain.records[-1]["ready"] == []
    assert declared.settlements[-1].deltas == plain.settlements[-1].deltas == (-2, 6, -2, -2)


def test_after_ting_the_hand_is_fixed_the_drawn_tile_is_discarded() -> None:
    g = ready_game(then="6z6z6z4z")
    assert g.state.turn == 1 and g.legal_actions(1) == [Discard("4z")]
    before = json.dumps(g.snapshot())
    with pytest.raises(IllegalActionError):
        g.step(1, Discard("2s"))
    with pytest.raises(IllegalActionError):
        g.step(1, Declare("ready", "4z"))
    assert json.dumps(g.snapshot()) == before  # an illegal action changes nothing


def test_after_ting_no_discard_is_claimed() -> None:
    g = ready_game(waiter="123m456p789s23s55m", then="6z6z5m")  # the dealer discards 5m
    # seat 3 and seat 0 discard drawn 6z; seat 1 holds 55m but is ready: no pong offered
    assert not any(isinstance(a, Pong | Kong) for a in g.claim_options(1, KIND_INDEX["5m"]))
    assert any(isinstance(a, Pong) for a in game().claim_options(1, KIND_INDEX["5m"]))


def test_after_ting_a_kong_that_keeps_the_waits_is_allowed() -> None:
    g = ready_game(waiter="111m456p789s23s55m", then="6z6z6z1m")
    assert g.state.turn == 1
    assert Kong("1m", "concealed") in g.legal_actions(1)  # 1s/4s before and after
    g.step(1, Kong("1m", "concealed"))
    assert g.state.declared[1] == {"ready": "9p"}


def test_after_ting_a_kong_that_changes_the_waits_is_not_offered() -> None:
    waiter = "1112m456p789s789p"  # waits 2m (111m + 22m) and 3m (123m + 11m)
    g = game(hands=(DEALER, waiter, THIRD, FOURTH), head="9p")
    assert sorted(g.variant.waits(majiang.tiles.to_counts(waiter), (), seat=1)) == [1, 2]
    g = ready_game(waiter=waiter, then="6z6z6z1m")
    assert g.state.turn == 1 and drawn(g) == "1m"
    assert Kong("1m", "concealed") not in g.legal_actions(1)  # 2m alone would be left
    assert g.legal_actions(1) == [Discard("1m")]
    unready = game(hands=(DEALER, waiter, THIRD, FOURTH), head="1m")
    unready.step(0, Discard("9s"))
    assert Kong("1m", "concealed") in unready.legal_actions(1)  # without 听 it may


def test_after_ting_a_ming_gang_on_a_discard_is_offered_only_when_the_waits_stay() -> None:
    """Seed 157 "听牌后仍可杠牌, 前提是杠完后还可听": seat 2 discards the fourth 1m onto the
    ready seat's concealed triplet; the 明杠 is offered (never the pong) when the waits stay."""

    def fourth_1m(waiter: str, declare: bool) -> Game:
        g = game(hands=(DEALER, waiter, THIRD, FOURTH), head="9p1m")
        g.step(0, Discard("9s"))
        g.step(1, Declare("ready", "9p") if declare else Discard("9p"))
        g.step(2, Discard("1m"))
        return g

    keeps = fourth_1m("111m456p789s23s55m", True)  # waits 1s/4s before and after
    assert keeps.to_act() == [1]
    assert keeps.legal_actions(1) == [Kong("1m", "exposed"), Pass()]
    keeps.step(1, Kong("1m", "exposed"))
    assert keeps.state.melds[1][-1].kind == "ming_gang" and keeps.state.turn == 1
    assert keeps.state.declared[1] == {"ready": "9p"}
    assert keeps.legal_actions(1) == [Discard(drawn(keeps))]  # still fixed after the kong
    waiter = "1112m456p789s789p"  # waits 2m and 3m; after the kong 2m alone
    changes = fourth_1m(waiter, True)
    assert changes.events[-2]["event"] == "discard" and changes.events[-1]["event"] == "draw"
    assert changes.state.turn == 3  # no claim window: seat 3 drew
    assert changes.claim_options(1, KIND_INDEX["1m"]) == []
    unready = fourth_1m(waiter, False)
    assert unready.legal_actions(1) == [Kong("1m", "exposed"), Pong(), Pass()]  # without 听


def test_after_ting_a_win_is_optional() -> None:
    g = ready_game(then="6z6z6z4s")
    assert g.legal_actions(1) == [Win(), Discard("4s")]
    g.step(1, Discard("4s"))  # passes up the self-draw
    assert not g.over
    h = ready_game(then="6z6z4s", claim=True)  # the dealer draws 4s and discards it
    assert set(h.to_act()) == {1} and h.legal_actions(1) == [Win(), Pass()]


def test_under_tuo_guan_the_system_wins_for_the_player() -> None:
    """A 托管 seat (the server's ``auto``; a drop or a time-out) is played by EfficiencyBot."""
    g = ready_game(then="6z6z6z4s")
    bot = EfficiencyBot()
    assert bot.act(g.observation(1), g.legal_actions(1)) == Win()
    h = ready_game(then="6z6z4s", claim=True)
    assert bot.act(h.observation(1), h.legal_actions(1)) == Win()


def test_the_engine_record_settles_with_the_hebei_settlement() -> None:
    g = ready_game(then="6z6z6z4s")
    g.step(1, Win())
    record = g.records[-1]
    assert record["variant"] == "hebei" and record["ready"] == [1]
    assert majiang.settle(record) == g.settlements[-1]
    assert g.settlements[-1].pattern["hands"] == ["平胡"]


# --- simulated matches ------------------------------------------------------------------

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"payment": "three", "dealer_bonus": True},
    {"payment": "big", "men_qing": True, "bian_ka_diao": True, "zhuo_wu_kui": True},
]
MATCHES = 12
HANDS_PER_MATCH = 5


class DeclaringBot(EfficiencyBot):
    """EfficiencyBot that declares 听 whenever it may (with the discard it would make, if that
    one is offered with it), once ready takes every kong offered (the engine offers only those
    keeping the waits, a 明杠 on a discard included) and, at an odd seat, passes up every win
    it may pass (a win is optional)."""

    def act(self, observation: Any, legal: Any) -> Any:
        kongs = [a for a in legal if isinstance(a, Kong)]
        if kongs and Win() not in legal and dict(observation.declared[observation.seat]):
            return kongs[0]
        ready = [a for a in legal if isinstance(a, Declare)]
        if ready:
            choice = super().act(observation, [a for a in legal if not isinstance(a, Declare)])
            same = [a for a in ready if isinstance(choice, Discard) and a.value == choice.tile]
            return same[0] if same else ready[0]
        if Win() in legal and len(legal) > 1 and observation.seat % 2:
            return next(a for a in legal if a != Win())
        return super().act(observation, legal)


def mixed_bots(match: int) -> list[Bot]:
    kinds = (EfficiencyBot, DeclaringBot)
    return [
        kinds[(match >> s) & 1]() if (match + s) % 3 else RandomBot(match * 4 + s) for s in range(4)
    ]


def play_checked(g: Game, bots: list[Bot], stop_after: int | None = None) -> None:
    steps = 0
    while not g.over and (stop_after is None or steps < stop_after):
        seat = g.to_act()[0]
        assert g.tile_count() == 136
        legal = g.legal_actions(seat)
        assert not any(isinstance(a, Chow) for a in legal)
        if "ready" in g.state.declared[seat] and g.state.phase == "turn":
            assert not any(isinstance(a, Declare) for a in legal)
            tile = drawn(g) if g.state.drawn is not None else None
            assert [a.tile for a in legal if isinstance(a, Discard)] == [tile]
        if "ready" in g.state.declared[seat] and g.state.phase == "claim":
            assert not any(isinstance(a, Pong) for a in legal)  # a 明杠 that keeps waits only
        g.step(seat, bots[seat].act(g.observation(seat), legal))
        steps += 1


def check_match(g: Game) -> None:
    assert sum(g.scores) == 0
    total = [0, 0, 0, 0]
    for i, (record, settlement) in enumerate(zip(g.records, g.settlements, strict=True)):
        again = majiang.settle(record)  # the record check: every win legal
        assert again.deltas == settlement.deltas and sum(again.deltas) == 0
        if record["result"]["kind"] == "draw":
            assert again.deltas == (0, 0, 0, 0)  # 荒庄: kongs void, nothing paid
        total = [a + b for a, b in zip(total, again.deltas, strict=True)]
        if i + 1 < len(g.records):
            winner = record["result"].get("winner")
            assert g.records[i + 1]["dealer"] == next_dealer(record["dealer"], winner)
    assert total == list(g.scores)
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in g.events)
    assert replayed.scores == tuple(g.scores)
    assert [h.record for h in replayed.hands] == g.records
    for seat in range(4):
        for event in seat_events(g.events, seat):
            if event["event"] == "draw" and event["seat"] != seat:
                assert "tile" not in event
            if event["event"] == "deal":
                assert "wall" not in event
                assert all(h is None for s, h in enumerate(event["hands"]) if s != seat)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(sorted(o)) or "defaults")
def test_hebei_matches_hold_every_invariant(options: dict[str, Any]) -> None:
    wins = readies = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        bots = mixed_bots(match)
        g = Game("hebei", seed=match, hands=HANDS_PER_MATCH, options=options)
        play_checked(g, bots, stop_after=rng.randrange(300))
        if not g.over:
            restored = Game.restore(json.loads(json.dumps(g.snapshot())))
            same_bots = copy.deepcopy(bots)
            play_checked(g, bots)
            play_checked(restored, same_bots)
            assert restored.events == g.events
        check_match(g)
        wins += sum(r["result"]["kind"] == "win" for r in g.records)
        readies += sum(len(r["ready"]) for r in g.records)
    assert wins > MATCHES  # bots do win
    assert readies > 0  # and the random bots declare 听


def test_simulate_hebei() -> None:
    stats = simulate(hands=40, seed=3, variant="hebei")
    assert stats["hands"] == 40
    assert abs(sum(stats["mean_score"])) < 1e-9


def test_efficiency_bot_declares_ting_with_its_discard_when_it_leaves_the_hand_ready() -> None:
    """Hebei's bots declare 听 (``HebeiVariant.bot_declares``) with the discard they choose,
    once that discard leaves the hand ready; before that, and in other variants, they discard."""
    g = game(head="9p")
    g.step(0, Discard("9s"))  # seat 1 draws 9p: discarding it leaves 1s/4s
    legal = g.legal_actions(1)
    assert Declare("ready", "9p") in legal
    assert EfficiencyBot().act(g.observation(1), legal) == Declare("ready", "9p")
    far = game()  # the dealer's opening hand is far from ready: a plain discard
    choice = EfficiencyBot().act(far.observation(0), far.legal_actions(0))
    assert isinstance(choice, Discard)
    hands = ("1112345678999m5p", "147m258p369s1234z")
    two = Game("two_player", dealer=0, deal=Deal(hands, full_wall(hands, "5z"), "7z", "6z"))
    for seat in two.to_act():
        two.step(seat, Pass())  # no opening exchange
    offered = two.legal_actions(0)
    assert any(isinstance(a, Declare) for a in offered)
    assert isinstance(EfficiencyBot().act(two.observation(0), offered), Discard)  # unchanged


def test_efficiency_bots_declare_ting_in_play_and_every_record_settles() -> None:
    declared = 0
    for seed in range(6):
        g = play(Game("hebei", seed=seed, hands=2), [EfficiencyBot() for _ in range(4)])
        declared += sum(len(r["ready"]) for r in g.records)
        for record, settlement in zip(g.records, g.settlements, strict=True):
            assert majiang.settle(record).deltas == settlement.deltas
    assert declared > 0
