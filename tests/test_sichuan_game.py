"""Sichuan played by the engine: one test per seed rule (docs/rules/sichuan.md §1-§9, seed
[001] 四川麻将番数算法) on chosen deals, and 300 simulated hands with every invariant (108
tiles at every step, zero-sum, every win a Sichuan win with at most two suits and none of the
void, no seat winning twice, every record re-settled, the log replayed, a snapshot continuing
identically). The 10,000-hand sweep is benches/sichuan_sweep.py."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import majiang
from majiang.errors import IllegalActionError
from majiang.game import Deal, EfficiencyBot, Game, RandomBot, replay, simulate
from majiang.game.actions import Chow, Declare, Discard, Kong, Pass, Pong, Win
from majiang.game.bots import Bot
from majiang.tiles import to_counts
from majiang.variants.sichuan import hands
from majiang.variants.sichuan.play import _read_events

DEALER = "5m222p333p444p666p7p"  # void m: the 5m must go first
NINE_GATES = "1112345678999m"  # waits on every m tile


def start(
    hands_: tuple[str, str, str, str],
    wall: list[str],
    voids: str,
    options: dict[str, Any] | None = None,
    dice: tuple[int, int] = (0, 0),
) -> Game:
    game = Game(
        "sichuan",
        deal=Deal(hands_, wall, dice=dice),
        dealer=0,
        options={"tiandi_hu": False, **(options or {})},
    )
    if game.state.phase == "declare" and game.state.declaring == "void":
        for seat, letter in enumerate(voids):
            game.step(seat, Declare("void", letter))
    return game


def pass_all(game: Game) -> None:
    while game.state.phase in ("claim", "rob"):
        seat = game.to_act()[0]
        game.step(seat, Pass())


def test_108_tiles_no_honors_no_flowers() -> None:
    game = Game("sichuan", seed=1)
    assert game.tile_count() == 108 and sorted(set(game.table.tiles)) == list(range(27))
    assert not game.table.laid_aside and not game.table.flips_wild


def test_dealer_14_others_13() -> None:
    game = Game("sichuan", seed=2, dealer=1)
    assert [sum(h) for h in game.state.hands] == [13, 14, 13, 13]


def test_no_chow() -> None:
    for seed in range(20):
        game = Game("sichuan", seed=seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            assert not any(isinstance(a, Chow) for a in legal)
            game.step(seat, bots[seat].act(game.observation(seat), legal))


def test_dingque_each_seat_declares_a_void_in_public() -> None:
    game = Game("sichuan", seed=3, dealer=0)
    assert game.state.phase == "declare" and sorted(game.to_act()) == [0, 1, 2, 3]
    for seat in range(4):
        assert game.legal_actions(seat) == [Declare("void", s) for s in "mps"]
    for seat, letter in enumerate("mpsm"):
        game.step(seat, Declare("void", letter))
    assert [dict(d) for d in game.observation(2).declared] == [{"void": v} for v in "mpsm"]
    assert [e["value"] for e in game.events if e["event"] == "declare"] == list("mpsm")


def test_dingque_the_void_is_discarded_first_and_never_melded() -> None:
    game = start((DEALER, NINE_GATES, "13579p13579s246s", "2468p2468s13579s"), ["9m", "8m"], "mpmm")
    assert game.legal_actions(0) == [Discard("5m")]
    before = game.state.to_json()
    with pytest.raises(IllegalActionError):
        game.step(0, Discard("2p"))
    assert game.state.to_json() == before  # nothing changed
    # seat 2 (void m) holds 5p? no: it is offered nothing of the void suit
    assert all(not isinstance(a, Pong | Kong) for s in (2, 3) for a in game.legal_actions(s))


def test_que_yi_men_no_win_while_holding_the_void() -> None:
    # seat 1 waits on every m tile but declared m void: no win is offered
    game = start((DEALER, NINE_GATES, "13579p13579s246s", "2468p2468s13579s"), ["9m", "8m"], "mmmm")
    game.step(0, Discard("5m"))
    assert game.state.phase != "claim" or Win() not in game.legal_actions(1)


def test_yi_pao_duo_xiang_three_winners_end_the_hand() -> None:
    game = start(
        (DEALER, NINE_GATES, "123m46m789s111s99s", "55m123s456s789s66s"), ["8p", "9p"], "mppp"
    )
    game.step(0, Discard("5m"))
    assert sorted(game.to_act()) == [1, 2, 3]
    for seat in (1, 2, 3):
        game.step(seat, Win())
    assert game.over
    record = game.records[0]
    assert record["wins"] == [
        {
            "winner": [1, 2, 3],
            "tile": "5m",
            "from": 0,
            "gang_kai": False,
            "qiang_gang": False,
            "tian_hu": False,
            "di_hu": True,
            "gang_pao": False,
            "haidi": False,
        },
    ]
    assert record["result"] == {"kind": "win"}
    assert game.settlements[0].deltas == (-6, 4, 1, 1)


def _xuezhan() -> Game:
    wall = ["9m", "8m", "3m", "7m", "6m", "2m"]
    game = start((DEALER, NINE_GATES, "13579p13579s246s", "2468p2468s13579s"), wall, "mpmm")
    game.step(0, Discard("5m"))
    game.step(1, Win())
    return game


def test_xuezhan_the_winner_leaves_play_and_the_others_go_on() -> None:
    game = _xuezhan()
    assert not game.over and game.state.turn == 2  # the seat after the winner draws
    shown = game.observation(3).shown
    assert sum(shown[1]) == 13 and shown[0] == shown[2] == shown[3] == ()
    assert game.observation(0).wins == (((1,), 4),)
    order = []
    while not game.over:
        seat = game.state.turn
        order.append(seat)
        drawn = game.state.drawn
        assert drawn is not None
        game.step(seat, Discard(majiang.tiles.KINDS[drawn]))
        assert 1 not in game.to_act()  # a seat that has won never claims (3m, 7m, 2m wait)
    assert order == [2, 3, 0, 2, 3, 0]  # seat 1 is skipped
    record = game.records[0]
    assert [w["winner"] for w in record["wins"]] == [1]
    assert record["result"] == {"kind": "draw"}


def test_xuezhan_the_winners_hand_is_shown_in_the_log() -> None:
    """The win event lays the winner's hand face up (``shown``: its concealed tiles without
    the winning tile, what every observation shows); a log written before wins carried it
    still replays."""
    game = _xuezhan()
    win = next(e for e in game.events if e["event"] == "win")
    assert win["shown"] == {"1": majiang.tiles.mpsz(game.state.hands[1])}
    assert to_counts(win["shown"]["1"]) == list(game.observation(0).shown[1])
    while not game.over:
        seat = game.state.turn
        drawn = game.state.drawn
        assert drawn is not None
        game.step(seat, Discard(majiang.tiles.KINDS[drawn]))
    older = [{k: v for k, v in e.items() if k != "shown"} for e in game.events]
    assert replay(older).scores == replay(game.events).scores == tuple(game.scores)
    tampered = copy.deepcopy(game.events)
    next(e for e in tampered if e["event"] == "win")["shown"] = {"1": "1112223334445m"}
    with pytest.raises(majiang.MajiangError, match="shown"):
        replay(tampered)


def test_exhaustive_draw_cha_hua_zhu_and_cha_da_jiao() -> None:
    game = _xuezhan()
    while not game.over:
        seat = game.state.turn
        drawn = game.state.drawn
        assert drawn is not None
        game.step(seat, Discard(majiang.tiles.KINDS[drawn]))
    s = game.settlements[0]
    # seat 0 is ready (7p), seats 2 and 3 are not: each pays seat 0 its largest hand
    assert [(p.payer, p.payee) for p in s.by_reason("查大叫")] == [(2, 0), (3, 0)]
    assert s.pattern["ready"] == [0] and s.pattern["huazhu"] == []


SEAT1 = "1113456789m999s"  # void p; waits on 2m 3m 6m 9m
SEAT2 = "13579p12333468s"  # void m; holds 333s
SEAT3 = "2468p9p1457s2468s"  # void m


def test_zui_hou_si_zhang_zi_dong_hu_no_pass() -> None:
    # three tiles in the wall: the last four are being drawn; seat 3 draws 3m (its void, so
    # discarded at once) and seat 1, waiting on it, must win: no pass is offered
    game = start(
        (DEALER, SEAT1, "13579p1357s2468s", "2468p9p1357s2468s"), ["9p", "8p", "3m"], "mpmm"
    )
    game.step(0, Discard("5m"))
    game.step(1, Discard("9p"))
    pass_all(game)
    game.step(2, Discard("1p"))  # not 8p: seat 0 waits on it (234p x3 66p 678p) and would win
    pass_all(game)
    assert game.legal_actions(3) == [Discard("3m")]
    game.step(3, Discard("3m"))
    assert game.to_act() == [1] and game.legal_actions(1) == [Win()]
    before = game.state.to_json()
    with pytest.raises(IllegalActionError):
        game.step(1, Pass())
    assert game.state.to_json() == before
    game.step(1, Win())
    assert game.records[0]["wins"][0]["haidi"]  # 海底炮: won on the discard after the last draw


def test_gua_feng_xia_yu_kong_money_is_paid_at_once() -> None:
    # seat 1 draws its fourth 9s: 暗杠, 2 from each; its replacement 3s is seat 2's 直杠
    game = start((DEALER, SEAT1, SEAT2, SEAT3), ["9s", "8p", "7p", "3s"], "mpmm")
    game.step(0, Discard("5m"))
    assert Kong("9s", "concealed") in game.legal_actions(1)
    game.step(1, Kong("9s", "concealed"))
    paid = [e for e in game.events if e["event"] == "payment"]
    assert paid[-1]["deltas"] == [-2, 6, -2, -2] and game.scores == [-2, 6, -2, -2]
    game.step(1, Discard("3s"))
    game.step(2, Kong("3s", "exposed"))
    paid = [e for e in game.events if e["event"] == "payment"]
    assert paid[-1]["deltas"] == [0, -1, 1, 0] and game.scores == [-2, 5, -1, -2]


def test_a_robbed_added_kong_pays_nothing() -> None:
    events: list[dict[str, Any]] = [
        {"event": "deal", "wall": ["1m"] * 10},
        {"event": "kong", "seat": 2, "kind": "added", "tile": "5p"},
        {
            "event": "win",
            "winner": 3,
            "tile": "5p",
            "from": 2,
            "gang_kai": False,
            "qiang_gang": True,
            "tian_hu": False,
            "di_hu": False,
        },
        {"event": "draw", "seat": 0, "tile": "1m"},
        {"event": "kong", "seat": 0, "kind": "concealed", "tile": "1m"},
    ]
    wins, kongs = _read_events(events, [events[2]])
    assert [k["kind"] for k in kongs] == ["an_gang"] and wins[0]["qiang_gang"]


def test_dealer_the_dice_choose_each_hand_or_the_first_winner() -> None:
    dealers: set[int] = set()
    for seed in range(12):
        game = Game("sichuan", seed=seed, hands=3)
        bots = [EfficiencyBot() for _ in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        dealers.update(r["dealer"] for r in game.records[1:])
        assert replay(game.events).scores == tuple(game.scores)
    assert len(dealers) > 1
    game = Game("sichuan", seed=5, hands=2, options={"dealer": "first_winner"})
    bots = [EfficiencyBot() for _ in range(4)]
    while not game.over:
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    first = game.records[0]["wins"]
    expected = (
        (first[0]["winner"] if isinstance(first[0]["winner"], int) else first[0]["winner"][0])
        if first
        else game.records[0]["dealer"]
    )
    assert game.records[1]["dealer"] == expected


def test_huan_san_zhang_passes_three_tiles_of_one_suit() -> None:
    game = Game("sichuan", seed=9, dealer=0, options={"exchange": True})
    assert game.state.declaring == "exchange"
    before = [list(h) for h in game.state.hands]
    chosen: dict[int, Declare] = {}
    for seat in range(4):
        options = [a for a in game.legal_actions(seat) if isinstance(a, Declare)]
        assert options and all(len(majiang.parse_tiles(a.value)) == 3 for a in options)
        assert all(len({t[-1] for t in majiang.parse_tiles(a.value)}) == 1 for a in options)
        chosen[seat] = options[0]
        game.step(seat, options[0])
    offset = {1: 1, 0: 2, 2: 3}[sum(game.state.wall.dice) % 3]
    for seat in range(4):
        giver = (seat - offset) % 4
        expect = list(before[seat])
        for k, n in enumerate(to_counts(chosen[seat].value)):
            expect[k] -= n
        for k, n in enumerate(to_counts(chosen[giver].value)):
            expect[k] += n
        assert game.state.hands[seat] == expect
        # the receiver sees what it got; the two others do not
        seen = dict(game.observation(seat).declared[giver])
        assert seen["exchange"] == chosen[giver].value
        other = (giver + 2) % 4 if (giver + 2) % 4 != seat else (giver + 3) % 4
        if other not in (seat, giver):
            assert dict(game.observation(other).declared[giver]).get("exchange") in (
                "",
                chosen[giver].value if (giver + offset) % 4 == other else "",
            )
    assert game.state.declaring == "void" and game.tile_count() == 108


# ------------------------------------------------------------------ simulated hands
MATCHES = 60
HANDS_PER_MATCH = 5  # 300 hands


def mixed_bots(match: int) -> list[Bot]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def play_checked(game: Game, bots: list[Bot], stop_after: int | None = None) -> None:
    steps = 0
    while not game.over and (stop_after is None or steps < stop_after):
        assert game.tile_count() == 108
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        st = game.state
        if st.phase == "turn" and st.declared[seat].get("void"):
            void = "mps".index(st.declared[seat]["void"])
            if any(st.hands[seat][void * 9 : void * 9 + 9]):  # the void goes first
                assert all(
                    majiang.tile_index(a.tile) // 9 == void for a in legal if isinstance(a, Discard)
                )
        game.step(seat, bots[seat].act(game.observation(seat), legal))
        steps += 1


def check_match(game: Game) -> int:
    assert sum(game.scores) == 0
    wins = 0
    for record, settlement in zip(game.records, game.settlements, strict=True):
        assert majiang.settle(record).deltas == settlement.deltas
        winners = [
            s
            for w in record["wins"]
            for s in (w["winner"] if isinstance(w["winner"], list) else [w["winner"]])
        ]
        assert len(winners) == len(set(winners)) <= 3, "no seat wins twice"
        for w in record["wins"]:
            for s in w["winner"] if isinstance(w["winner"], list) else [w["winner"]]:
                p = record["players"][s]
                full = to_counts(p["hand"] + w["tile"])
                melds = [majiang.meld.Meld(m["kind"], m["tiles"], m["from"]) for m in p["melds"]]
                assert len(hands.suits_held(full, melds)) <= 2, "no winner holds three suits"
                void = "mps".index(p["void"])
                assert hands.is_winning(full, melds, void)
                wins += 1
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores)
    assert [h.record for h in replayed.hands] == game.records
    return wins


def test_sichuan_matches_hold_every_invariant() -> None:
    wins = paid = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        bots = mixed_bots(match)
        options = {"exchange": True} if match % 3 == 0 else None
        game = Game("sichuan", seed=match, hands=HANDS_PER_MATCH, options=options)
        play_checked(game, bots, stop_after=rng.randrange(400))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same_bots = copy.deepcopy(bots)
            play_checked(game, bots)
            play_checked(restored, same_bots)
            assert restored.events == game.events
        wins += check_match(game)
        paid += sum(1 for e in game.events if e["event"] == "payment")
    assert wins > MATCHES * HANDS_PER_MATCH and paid > 0


def test_simulate_sichuan() -> None:
    stats = simulate(hands=30, seed=3, variant="sichuan")
    assert stats["hands"] == 30 and abs(sum(stats["mean_score"])) < 1e-9


def test_efficiency_bot_voids_the_suit_it_holds_fewest_of() -> None:
    game = Game("sichuan", seed=11, dealer=0)
    bot = EfficiencyBot()
    for seat in range(4):
        hand = game.state.hands[seat]
        counts = [sum(hand[s * 9 : s * 9 + 9]) for s in range(3)]
        choice = bot.act(game.observation(seat), game.legal_actions(seat))
        assert isinstance(choice, Declare)
        assert counts["mps".index(choice.value)] == min(counts)
        game.step(seat, choice)


def test_pong_is_offered_only_outside_the_void() -> None:
    for seed in range(30):
        game = Game("sichuan", seed=seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            void = game.state.declared[seat].get("void")
            tile = game.state.last_discard
            if (
                void
                and game.state.phase == "claim"
                and tile is not None
                and (tile // 9 == "mps".index(void))
            ):
                assert not any(isinstance(a, Pong | Kong) for a in legal)
            game.step(seat, bots[seat].act(game.observation(seat), legal))


def test_xueliu_cheng_he_winners_stay_win_again_with_their_hands_locked() -> None:
    again = locked = 0
    for seed in range(8):
        game = Game("sichuan", seed=seed, hands=2, options={"xueliu": True})
        bots = mixed_bots(seed)
        while not game.over:
            assert game.tile_count() == 108
            st = game.state
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            won = any(seat in (w["winner"] if isinstance(w["winner"], list) else [w["winner"]])
                      for w in st.wins)  # fmt: skip
            if won and st.phase == "turn" and st.drawn is not None and Win() not in legal:
                discards = [a for a in legal if isinstance(a, Discard)]
                assert discards == [Discard(majiang.tiles.KINDS[st.drawn])]  # locked
                locked += 1
            if won:
                assert not any(isinstance(a, Pong) for a in legal)
                if Win() in legal:
                    assert legal == [Win()]  # a winner wins whenever it can
            game.step(seat, bots[seat].act(game.observation(seat), legal))
        for record, settlement in zip(game.records, game.settlements, strict=True):
            assert majiang.settle(record).deltas == settlement.deltas
            assert record["result"] == {"kind": "draw"}  # only the wall ends the hand
            seats = [s for w in record["wins"] for s in
                     (w["winner"] if isinstance(w["winner"], list) else [w["winner"]])]  # fmt: skip
            again += len(seats) - len(set(seats))
        assert replay(game.events).scores == tuple(game.scores)
    assert again > 0 and locked > 0
