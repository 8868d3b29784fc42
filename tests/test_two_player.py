"""The two-player 71-tile game (docs/rules/two_player.md): each seed sentence of [001:149]
as a named test on a fixed deal, the 番 table's entries on worked hands, the record's
checks, and simulated matches with the usual invariants.

Fixed deals: the dealer (seat 0) holds DEALER, seat 1 OTHER; the wall starts with the tiles a
test names and goes on with every tile not yet placed (in kind order), so the set is whole:
its last 65 are the face-down tiles never drawn.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from named_deals import full_wall

import majiang
from majiang.errors import IllegalActionError, RecordError, RulesError
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
    play,
    replay,
    seat_events,
)
from majiang.game.actions import Chow
from majiang.game.bots import Bot
from majiang.game.wall import Wall
from majiang.meld import Meld
from majiang.rl import VectorGame
from majiang.tiles import KIND_INDEX, KINDS, to_counts
from majiang.variants.two_player.fans import (
    FanTable,
    fan_table,
    register_fan_table,
    score_hand,
)
from majiang.variants.two_player.play import tian_ting_seats
from majiang.variants.two_player.record import check_record
from majiang.variants.two_player.rules import EXCHANGES, TABLE
from majiang.variants.two_player.settle import settle

DEALER = "123456789m1234p9s"
OTHER = "147m258p369s1234z"
PLAIN = "147m258p369s12345z"  # never ready: no discard leaves it one tile from a win


def game(
    dealer: str = DEALER,
    other: str = OTHER,
    head: str = "",
    flowers: tuple[str, str] = ("7z", "6z"),
    options: dict[str, Any] | None = None,
    exchange: bool = False,
) -> Game:
    """A fixed deal, dealer seat 0; past the opening exchange unless ``exchange``."""
    wall = full_wall((dealer, other), head)
    g = Game("two_player", dealer=0, deal=Deal((dealer, other), wall, *flowers), options=options)
    if not exchange:
        for seat in g.to_act():
            g.step(seat, Pass())
    return g


def bots(seed: int) -> list[Bot]:
    return [EfficiencyBot() if (seed >> s) & 1 else RandomBot(seed * 2 + s) for s in range(2)]


def fans_of(hand: str, tile: str, **flags: Any) -> dict[str, int]:
    s = score_hand(to_counts(hand), (), KIND_INDEX[tile], **{"self_drawn": False, **flags})
    return {name: value * count for name, value, count in s.fans}


# ------------------------------------------------------------------ the table
def test_136_tiles_of_which_71_are_played() -> None:
    """[001:149] 一共136张. 但每次游戏开始后, 随机选出71张牌进行游戏."""
    assert len(TABLE.tiles) == 136 and TABLE.kept_back == 65
    for seed in range(10):
        g = Game("two_player", seed=seed)
        assert g.tile_count() == 136
        assert g.observation(0).wall == 71 - 27 == 44  # the 65 face down are not counted


def test_the_71_used_up_end_the_hand() -> None:
    """[001:149] 一旦71张牌全部使用完毕后, 即游戏结束; 若均没听牌则流局."""
    for seed in range(30):
        g = Game("two_player", seed=seed)
        b = [RandomBot(seed), RandomBot(seed + 99)]
        while not g.over:
            seat = g.to_act()[0]
            legal = [a for a in g.legal_actions(seat) if not isinstance(a, Declare | Win)]
            g.step(seat, b[seat].act(g.observation(seat), legal or g.legal_actions(seat)))
        draws = [e for e in g.events if e["event"] == "draw"]
        if g.records[0]["result"]["kind"] == "draw":
            assert len(draws) <= 44 and g.state.wall.remaining == 65
            assert g.events[-2] == {"event": "draw-game"}


def test_the_dealer_gets_14_and_the_other_13() -> None:
    """[001:149] 只有庄家可得到十四张牌, 闲家十三张."""
    for seed in range(10):
        st = Game("two_player", seed=seed).state
        assert sum(st.hands[st.dealer]) == 14 and sum(st.hands[1 - st.dealer]) == 13


def test_the_opponent_may_chow_pong_or_kong_the_discard() -> None:
    """[001:149] 闲家有权力吃碰杠那张丢出的牌, 或选择摸牌继续打出."""
    g = game(other="78s999s147m258p34z")
    g.step(0, Discard("9s"))
    legal = g.legal_actions(1)
    assert {Chow("789s"), Kong("9s", "exposed"), Pong(), Pass()} <= set(legal)
    g.step(1, Chow("789s"))
    assert g.state.melds[1][0].source == 0


def test_melds_are_shown_except_a_concealed_kong() -> None:
    """[001:149] 吃碰杠牌后必须亮明, 暗杠除外."""
    g = game(dealer="1111m234567899p1s", other="258m147p369s1234z", head="5z5z")
    g.step(0, Discard("1s"))
    g.step(1, Discard("5z"))
    g.step(0, Kong("1m", "concealed"))
    seen = g.observation(1).melds[0][0]
    assert seen.kind == "an_gang" and seen.kinds == ()
    assert g.observation(0).melds[0][0].kinds == (0, 0, 0, 0)


def test_the_first_dealer_is_random_and_the_winner_deals_next() -> None:
    """[001:149] 第一局系统随机选择庄家; 谁胡牌下盘当庄家, 若流局则上盘的庄家下盘继续当庄家."""
    assert {Game("two_player", seed=s).state.dealer for s in range(30)} == {0, 1}
    seen: Counter[str] = Counter()
    for seed in range(25):
        g = play(Game("two_player", seed=seed, hands=3), bots(seed))
        deals = [e for e in g.events if e["event"] == "deal"]
        for r, nxt in zip(g.records, deals[1:], strict=False):
            winner = r["result"].get("winner")
            expected = r["dealer"] if winner is None else winner
            assert nxt["dealer"] == expected
            seen["draw" if winner is None else "win"] += 1
    assert seen["win"] and seen["draw"]


# ------------------------------------------------------------------ 开始时换牌
def test_each_seat_may_exchange_any_number_of_tiles_once() -> None:
    """[001:149] 庄家发完14张牌、闲家发完13张牌后, 系统允许玩家选择需要换掉的麻将牌, 不限张数."""
    g = game(exchange=True)
    wall = list(g.state.wall.tiles)
    first = g.state.wall.tail - 65  # the first face-down tile
    assert sorted(g.to_act()) == [0, 1] and g.state.declaring == EXCHANGES[0]
    expected = to_counts(DEALER)
    expected[KIND_INDEX["9s"]] -= 1
    expected[wall[first]] += 1
    g.step(0, Declare(EXCHANGES[0], "9s"))
    g.step(1, Pass())
    assert g.state.hands[0] == expected and g.state.wall.tiles[first] == KIND_INDEX["9s"]
    head = g.state.wall.head
    assert g.state.wall.tiles[head:first] == wall[head:first]  # the 44 to draw: untouched
    # seat 1 stopped: only the dealer is asked again; the dealer stops
    assert g.to_act() == [0] and g.state.declaring == EXCHANGES[1]
    g.step(0, Declare(EXCHANGES[1], "1m"))
    assert g.to_act() == [0]
    g.step(0, Pass())
    assert g.state.phase == "turn" and sum(g.state.hands[0]) == 14
    # the other seat sees that the dealer exchanged, not what
    declared = [e for e in seat_events(g.events, 1) if e["event"] == "declare"]
    assert [e["value"] for e in declared] == ["", ""]
    assert dict(g.observation(1).declared[0]) == {EXCHANGES[0]: "", EXCHANGES[1]: ""}
    assert g.tile_count() == 136


def test_an_exchange_replays_and_restores() -> None:
    g = game(exchange=True)
    g.step(0, Declare(EXCHANGES[0], "9s"))
    g.step(1, Declare(EXCHANGES[0], "1z"))
    h = Game.restore(json.loads(json.dumps(g.snapshot())))
    assert h.state == g.state and h.state.wall.tiles == g.state.wall.tiles


# ------------------------------------------------------------------ 报听
READY_DEALER = "1112345678999m5p"  # discarding 5p leaves 九莲宝灯's nine waits


def test_ready_may_be_declared_on_any_turn_when_a_discard_leaves_the_hand_ready() -> None:
    """[001:149] 任何情况下可以报听."""
    g = game(dealer=READY_DEALER)
    said = [a for a in g.legal_actions(0) if isinstance(a, Declare)]
    hand = to_counts(READY_DEALER)
    leaves_ready = []
    for k in range(34):  # brute force: the discards after which some tile completes the hand
        if hand[k]:
            hand[k] -= 1
            if majiang.winning_tiles(hand, rules="standard"):
                leaves_ready.append(KINDS[k])
            hand[k] += 1
    assert said == [Declare("ready", k) for k in leaves_ready] and "5p" in leaves_ready
    plain = game(dealer=PLAIN, other="123456789m1234p")
    assert not any(isinstance(a, Declare) for a in plain.legal_actions(0))


def test_after_ready_the_hand_is_locked_and_played_for_the_seat() -> None:
    """[001:149] 此后不允许换张并由系统自动帮玩家摸牌打牌."""
    g = game(dealer=READY_DEALER, head="5z6z")
    g.step(0, Declare("ready", "5p"))  # declared with its discard
    assert g.state.ponds[0] == (KIND_INDEX["5p"],)
    g.step(1, Discard("5z"))
    # the dealer drew 6z (no win): the engine discarded it for the seat, nobody was asked
    assert [KINDS[k] for k in g.state.ponds[0]] == ["5p", "6z"]
    assert g.events[-3:-1] == [
        {"event": "draw", "seat": 0, "tile": "6z"},
        {"event": "discard", "seat": 0, "tile": "6z"},
    ]
    assert g.events[-1]["event"] == "draw" and g.events[-1]["seat"] == 1
    assert g.to_act() == [1] and g.legal_actions(0) == []
    assert g.observation(1).declared[0] == (("ready", "5p"),)  # public
    # no chow, pong or kong for a locked hand: seat 1's discards are offered to nobody
    g.step(1, next(a for a in g.legal_actions(1) if isinstance(a, Discard)))
    assert all(not isinstance(a, Chow | Pong | Kong) for a in g.legal_actions(0))


# after 报听 seat 1 draws 1z, 1z, 2z, 2z; the dealer 5z, 6z, 7z (discarded for it), then 1m
AUTO_HEAD = "1z5z1z6z2z7z2z1m"


def test_a_locked_seat_has_its_draws_discarded_until_a_winning_one() -> None:
    g = game(dealer=READY_DEALER, other="124578p369s3456s", head=AUTO_HEAD)
    g.step(0, Declare("ready", "5p"))
    asked = []
    while 0 not in g.to_act():
        seat = g.to_act()[0]
        asked.append(seat)
        g.step(seat, next(a for a in g.legal_actions(seat) if isinstance(a, Discard)))
    assert asked == [1, 1, 1, 1]  # seat 1 alone was asked: the dealer's turns played for it
    assert [KINDS[k] for k in g.state.ponds[0]] == ["5p", "5z", "6z", "7z"]
    assert g.state.drawn == KIND_INDEX["1m"]
    assert g.legal_actions(0) == [Win(), Discard("1m")]  # win, or pass (the drawn tile goes)
    g.step(0, Win())
    assert g.records[0]["result"]["winner"] == 0 and g.records[0]["result"]["from"] is None


def test_passing_a_winning_draw_discards_it_and_auto_play_goes_on() -> None:
    g = game(dealer=READY_DEALER, other="124578p369s3456s", head=AUTO_HEAD + "3z4z")
    g.step(0, Declare("ready", "5p"))
    while 0 not in g.to_act():
        seat = g.to_act()[0]
        g.step(seat, next(a for a in g.legal_actions(seat) if isinstance(a, Discard)))
    g.step(0, Discard("1m"))  # the pass: the drawn tile is discarded
    assert g.state.ponds[0][-1] == KIND_INDEX["1m"] and "ready" in g.state.declared[0]
    g.step(1, next(a for a in g.legal_actions(1) if isinstance(a, Discard)))
    # seat 1 drew 3z; the dealer draws 4z: played for it again
    assert g.state.ponds[0][-1] == KIND_INDEX["4z"] and g.to_act() == [1]


def test_a_ready_seat_is_asked_on_a_winning_tile_and_may_go_on() -> None:
    """[001:149] 直到胡牌或有人放炮时询问玩家是否胡牌, 若不胡则继续保持报听状态."""
    g = game(dealer=READY_DEALER, head="5z6z")
    g.step(0, Declare("ready", "5p"))
    g.step(1, Discard("1m"))
    assert g.legal_actions(0) == [Win(), Pass()]
    g.step(0, Pass())  # still ready: the dealer draws 6z (no win) and the system plays it
    at = max(i for i, e in enumerate(g.events) if e["event"] == "draw" and e["seat"] == 0)
    assert g.events[at : at + 2] == [
        {"event": "draw", "seat": 0, "tile": "6z"},
        {"event": "discard", "seat": 0, "tile": "6z"},
    ]
    assert "ready" in g.state.declared[0] and g.to_act() == [1]
    g2 = game(dealer=READY_DEALER, head="5z")
    g2.step(0, Declare("ready", "5p"))
    g2.step(1, Discard("1m"))
    g2.step(0, Win())
    r = g2.records[0]
    assert r["ready"] == [0] and "报听" in g2.settlements[0].pattern["hands"]
    assert g2.scores == [13, -13]  # 九莲宝灯 88 + 报听: the cap


def _tian_ting_win(options: dict[str, Any]) -> Game:
    """The dealer declares 报听 with its first discard (天听), then wins on seat 1's 4s."""
    g = game(dealer="123m456p789s23s55m1z", head="4s", options=options)
    g.step(0, Declare("ready", "1z"))
    g.step(1, Discard("4s"))
    g.step(0, Win())
    return g


def test_tian_ting_is_a_ready_declared_with_the_seat_s_first_discard() -> None:
    """ermj 天听 32 (庄家打出第一张牌时报听): counted beside the seed's 报听 by default, in its
    place under ``tian_ting="ermj"`` (ermj's exclusion), not under ``"off"``."""
    uncapped = {"cap": 88}
    beside, alone, off = (
        _tian_ting_win({**uncapped, "tian_ting": t}) for t in ("beside", "ermj", "off")
    )
    for g in (beside, alone, off):
        assert g.records[0]["ready"] == [0] and g.records[0]["tian_ting"] == [0]
    hands = [set(g.settlements[0].pattern["hands"]) for g in (beside, alone, off)]
    assert {"天听", "报听"} <= hands[0]
    assert "天听" in hands[1] and "报听" not in hands[1]
    assert "报听" in hands[2] and "天听" not in hands[2]
    paid = [g.scores[0] for g in (beside, alone, off)]
    assert paid[0] - paid[1] == 4 and paid[0] - paid[2] == 32  # 报听 4, 天听 32
    default = _tian_ting_win({}).settlements[0].pattern["hands"]
    assert default == beside.settlements[0].pattern["hands"]


def test_a_ready_declared_after_the_first_discard_is_no_tian_ting() -> None:
    g = game(dealer=READY_DEALER, head="5z6z7z")
    g.step(0, Discard("5p"))  # its first discard, without 报听
    g.step(1, Discard("5z"))
    g.step(0, Declare("ready", "6z"))  # the dealer drew 6z
    g.step(1, Discard("1m"))  # seat 1 drew 7z
    g.step(0, Win())
    assert g.records[0]["ready"] == [0] and g.records[0]["tian_ting"] == []
    hands = g.settlements[0].pattern["hands"]
    assert "报听" in hands and "天听" not in hands


def test_the_non_dealer_s_tian_ting_is_its_first_discard_unless_it_melded() -> None:
    """The non-dealer's 报听 with its first discard (ermj's "发完牌后闲家便报听") is 天听;
    after a pong of the dealer's discard it is not (its first act was the meld)."""
    ready_other = "123p456p789p23s55z"  # ready as dealt: 1s / 4s
    g = game(other=ready_other, head="7z1s")
    g.step(0, Discard("9s"))
    assert Declare("ready", "7z") in g.legal_actions(1)
    g.step(1, Declare("ready", "7z"))
    g.step(0, Discard("1s"))  # the dealer drew 1s
    g.step(1, Win())
    assert g.records[0]["tian_ting"] == [1]
    assert "天听" in g.settlements[0].pattern["hands"]
    pongs = game(other="123p456p789p99s5z6z", head="7z")
    pongs.step(0, Discard("9s"))
    pongs.step(1, Pong())
    assert Declare("ready", "5z") in pongs.legal_actions(1)
    pongs.step(1, Declare("ready", "5z"))  # 单钓 6z after the pong: no 天听
    assert tian_ting_seats(pongs.events) == []


def test_a_tian_ting_seat_must_have_declared_ready() -> None:
    record = {**_win_record(), "ready": [1], "tian_ting": [0]}
    with pytest.raises(RecordError, match=r"^tian_ting") as e:
        settle(record)
    assert e.value.loc == ("tian_ting",)
    with pytest.raises(RecordError, match=r"^options\.tian_ting"):
        settle(_win_record({"tian_ting": "both"}))
    assert settle({**_win_record(), "ready": [0], "tian_ting": [0]}).deltas[0] == 13


def test_auto_play_replays_and_snapshots_identically() -> None:
    """Played turns are logged as the seat's own: replay reproduces them, a snapshot taken
    with a seat locked continues identically, and no seat is asked with one choice."""
    played = 0
    for seed in range(40):
        g = Game("two_player", seed=seed, hands=2)
        players = bots(seed)
        copy: Game | None = None
        after: list[tuple[int, Any]] = []
        while not g.over:
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            assert len(legal) > 1 or not g.variant.plays_for(seat, g.state)
            if copy is None and any(map(g.variant.plays_for, (0, 1), [g.state] * 2)):
                copy = Game.restore(json.loads(json.dumps(g.snapshot())))
            act = players[seat].act(g.observation(seat), legal)
            if copy is not None:
                after.append((seat, act))
            g.step(seat, act)
        played += sum(
            e["event"] == "discard" and b["event"] == "draw" and b["seat"] == e["seat"]
            and any(d["event"] == "declare" and d["seat"] == e["seat"] for d in g.events[:i])
            for i, (b, e) in enumerate(zip(g.events, g.events[1:], strict=False), 1)
        )  # fmt: skip
        assert replay(g.events).scores == tuple(g.scores)
        if copy is not None:
            for seat, act in after:
                copy.step(seat, act)
            assert copy.events[-len(g.events) :] == g.events[-len(copy.events) :]
            assert copy.scores == g.scores and copy.over
    assert played > 0


# ------------------------------------------------------------------ 花牌
def test_a_tile_is_face_up_from_the_start_for_both_seats() -> None:
    """[001:149] 每开始游戏后, 显示在游戏UI上的城墙上亮明了的麻将牌."""
    g = game(flowers=("3m", "5z"))
    for seat in (0, 1):
        o = g.observation(seat)
        assert (o.indicator, o.lower_indicator, o.wild_kinds) == ("3m", None, ())
        assert o.to_numpy()[11, KIND_INDEX["3m"]] == 1  # the indicator plane
        assert seat_events(g.events, seat)[0]["indicator"] == "3m"
    assert g.records == [] and g.state.indicator == KIND_INDEX["3m"]


def test_holding_the_face_up_kinds_adds_a_fan_a_tile() -> None:
    """[001:149] 胡牌时花牌可以多算番."""
    base = fans_of("123m456p789s11z23s", "4s")
    held = fans_of("123m456p789s11z23s", "4s", shown=(27,))
    assert held["花牌"] == 2 and {k: v for k, v in held.items() if k != "花牌"} == base


# ------------------------------------------------------------------ 海底捞月
def _to_the_end(g: Game, pick: Any) -> None:
    while not g.over:
        seat = g.to_act()[0]
        g.step(seat, pick(g, seat))


def _no_win(g: Game, seat: int) -> Any:
    legal = g.legal_actions(seat)
    plain = [a for a in legal if not isinstance(a, Win | Declare | Chow | Pong | Kong)]
    return plain[0] if plain else legal[0]


def test_at_the_end_the_ready_seat_fishes_the_moon() -> None:
    """[001:149] 若有1人听牌另1人没听牌, 由听牌的玩家进行海底捞月."""
    g = game(dealer=READY_DEALER)
    g.step(0, Declare("ready", "5p"))
    _to_the_end(g, _no_win)
    draws = [e for e in g.events if e["event"] == "draw"]
    last = draws[-1]
    assert last["seat"] == 0 and last.get("replacement") is True
    assert g.state.last_chance and g.records[0]["last_chance"] is True


def test_when_both_are_ready_the_first_to_declare_fishes() -> None:
    """[001:149] 若两人全部听牌, 由先听牌的玩家进行海底捞月."""
    g = game(dealer=READY_DEALER, other="1112345678999s", head="5z6z")
    g.step(0, Discard("5p"))  # the dealer does not declare yet
    assert Declare("ready", "5z") in g.legal_actions(1)
    g.step(1, Declare("ready", "5z"))
    assert Declare("ready_second", "6z") in g.legal_actions(0)
    g.step(0, Declare("ready_second", "6z"))
    _to_the_end(g, _no_win)
    assert [e for e in g.events if e["event"] == "draw"][-1]["seat"] == 1
    assert g.records[0]["ready"] == [1, 0]


def test_nobody_ready_at_the_end_is_a_drawn_hand() -> None:
    """[001:149] 若两位玩家都没有处于听牌状态则直接结束游戏."""
    g = game()
    _to_the_end(g, _no_win)
    assert not g.state.last_chance and g.records[0]["result"] == {"kind": "draw"}


def test_a_fished_tile_that_wins_is_a_self_drawn_win() -> None:
    # the dealer waits on 1m-9m; the last face-down tile from the tail is 9m
    wall = full_wall((READY_DEALER, OTHER), "")
    tail = wall.index("9m")
    wall.append(wall.pop(tail))  # 9m last: the tail tile 海底捞月 draws
    g = Game("two_player", dealer=0, deal=Deal((READY_DEALER, OTHER), wall, "7z", "6z"))
    for seat in g.to_act():
        g.step(seat, Pass())
    g.step(0, Declare("ready", "5p"))
    _to_the_end(g, lambda g, s: Win() if Win() in g.legal_actions(s) and g.state.last_chance
                else _no_win(g, s))  # fmt: skip
    r = g.records[0]
    assert r["last_chance"] and r["result"]["winner"] == 0 and r["result"]["from"] is None
    assert "海底捞月" in g.settlements[0].pattern["hands"]
    assert replay(g.events).scores == tuple(g.scores)


# ------------------------------------------------------------------ 门清, 抢杠, 封顶
def test_a_concealed_hand_is_men_qing_and_a_concealed_kong_keeps_it() -> None:
    """[001:149] 没有任何吃碰杠行为, 叫做门清. 暗杠依然属于门清."""
    assert "门前清" in fans_of("123m456p789s11z23s", "4s")
    kong = Meld("an_gang", (8,) * 4, None)
    s = score_hand(to_counts("456p789s11z23s"), (kong,), KIND_INDEX["4s"], self_drawn=False)
    assert "门前清" in {n for n, _v, _c in s.fans}
    pong = Meld("peng", (8,) * 3, 1)
    s = score_hand(to_counts("456p789s11z23s"), (pong,), KIND_INDEX["4s"], self_drawn=False)
    assert "门前清" not in {n for n, _v, _c in s.fans}


def test_robbing_is_only_of_an_upgraded_kong_and_scores_as_a_self_draw() -> None:
    """[001:149] 如果抢杠, 记分按自摸计, 抢杠只应用在蓄杠上."""
    robbed = fans_of("123m456p789s11z23s", "4s", robbing=True)
    assert robbed["抢杠胡"] == 8 and robbed["自摸"] == 1
    g = game(dealer="55m123456789p119s", other="5m34m678s999p111z2z", head="2z7z5m6z")
    g.step(0, Discard("9s"))
    g.step(1, Pass())
    g.step(1, Discard("5m"))
    g.step(0, Pong())
    g.step(0, Discard("1s"))
    g.step(1, Discard("7z"))
    g.step(0, Kong("5m", "added"))
    assert g.legal_actions(1) == [Win(), Pass()]
    g.step(1, Win())
    assert g.records[0]["result"]["qiang_gang"] is True
    assert {"抢杠胡", "自摸"} <= set(g.settlements[0].pattern["hands"])


def test_a_win_is_paid_at_most_13_fan() -> None:
    """[001:149] 上限封顶即役满牌型, 为13番; 大过该封顶值以该封顶值计算."""
    s = score_hand(to_counts("1112345678999m"), (), 0, self_drawn=True)
    assert s.total > 13 and s.paid == 13
    assert score_hand(to_counts("1112345678999m"), (), 0, self_drawn=True,
                      table=dataclasses.replace(fan_table(), cap=8)).paid == 8  # fmt: skip


# ------------------------------------------------------------------ the 番 table
WORKED = [  # (hand before the tile, tile, flags, a 番 the win holds once)
    ("1112345678999m", "5m", {}, "九莲宝灯"),
    ("123m456m789m234p5p", "5p", {"self_drawn": True}, "清龙"),
    ("1122334455667m", "7m", {}, "连七对"),
    ("1133557799m11p5p", "5p", {}, "七对"),
    ("111z222z333z4z123m", "4z", {}, "小四喜"),
    ("555z666z777z11m23m", "4m", {}, "大三元"),
    ("123m456p789s11z23s", "4s", {"self_drawn": True}, "不求人"),
    ("123m456p789s11z23s", "4s", {}, "门前清"),
    ("234m456p678s22m34s", "5s", {}, "断幺九"),
    ("123m456p789s23s55m", "4s", {}, "平胡"),
    ("123m456p789s11z12s", "3s", {}, "边张"),
    ("123m456p789s11z24s", "3s", {}, "坎张"),
    ("123m456p789s123s1z", "1z", {}, "单钓将"),
    ("123m456p789s11z23s", "4s", {"last_chance": True, "self_drawn": True}, "海底捞月"),
    ("123m456p789s11z23s", "4s", {"last_tile": True, "self_drawn": True}, "妙手回春"),
    ("123m456p789s11z23s", "4s", {"last_tile": True}, "海底捞月"),
    ("123m456p789s11z23s", "4s", {"ready": True}, "报听"),
    ("123m456p789s11z23s", "4s", {"tian_ting": True}, "天听"),
    ("123m456p789s11z23s", "4s", {"tian_hu": True, "self_drawn": True}, "天胡"),
    ("123m456p789s11z23s", "4s", {"di_hu": True}, "地胡"),
    ("19m19p19s1234567z", "1m", {}, "十三幺"),
    ("111m999m111p999p1z", "1z", {}, "混幺九"),
    ("123p456p789p11z22z", "2z", {}, "混一色"),
    ("123m456p789s11z23s", "4s", {"robbing": True}, "抢杠胡"),
]


@pytest.mark.parametrize(("hand", "tile", "flags", "fan"), WORKED, ids=[w[3] for w in WORKED])
def test_each_table_entry_on_a_worked_hand(
    hand: str, tile: str, flags: dict[str, Any], fan: str
) -> None:
    got = fans_of(hand, tile, **flags)
    assert got.get(fan) == fan_table().values[fan], got


# the ermj hands GB has none of: (hand, tile, flags, the hand, what it must suppress)
EXTRA = [
    ("1122334455667z", "7z", {"self_drawn": True}, "大七星", {"字一色", "七对", "自摸", "门前清"}),
    ("113355m1122334z", "4z", {"self_drawn": True}, "四喜七对", {"七对", "自摸"}),
    ("1122m3344p55667z", "7z", {}, "三元七对", {"七对", "门前清"}),
    ("111222555z666z1m", "1m", {}, "四字刻", {"幺九刻", "碰碰胡", "混一色"}),
    ("111222z33z123m45p", "6p", {}, "小三风", set()),
]


@pytest.mark.parametrize(("hand", "tile", "flags", "fan", "gone"), EXTRA, ids=[e[3] for e in EXTRA])
def test_each_hand_without_a_gb_counterpart_on_a_worked_hand(
    hand: str, tile: str, flags: dict[str, Any], fan: str, gone: set[str]
) -> None:
    """ermj 二人麻将 (next-variants.md §5(b)): the value from the table, its exclusions."""
    got = fans_of(hand, tile, **flags)
    assert got.get(fan) == fan_table().values[fan] and not gone & set(got), got
    t = fan_table()
    without = FanTable("without", {n: v for n, v in t.values.items() if n != fan}, t.by_gb, 88, 1)
    plain = score_hand(
        to_counts(hand), (), KIND_INDEX[tile], table=without, **{"self_drawn": False, **flags}
    )
    assert fan not in {n for n, _v, _c in plain.fans}  # the table must list a hand to score it


def test_bigger_hands_suppress_the_small_honour_hands() -> None:
    """ermj: 大四喜 and 字一色 exclude 四字刻; 大四喜, 小四喜, 大三风 exclude 小三风; 大七星
    excludes 四喜七对 and 三元七对."""
    big = fans_of("111222333444z1m", "1m")
    assert "大四喜" in big and "四字刻" not in big and "小三风" not in big
    assert "小三风" not in fans_of("111z222z333z4z123m", "4z")  # 小四喜
    assert "四字刻" not in fans_of("111222333z555z6z", "6z")  # 字一色
    seven = fans_of("1122334455667z", "7z")
    assert set(seven) == {"大七星"}


def test_the_honour_hands_follow_their_counts() -> None:
    """Brute force over random seven-pairs and triplet hands: each hand is scored exactly when
    its count condition holds."""
    rng = random.Random(5)
    for _ in range(300):
        kinds = rng.sample(range(34), 7)
        counts = [0] * 34
        for k in kinds:
            counts[k] = 2
        tile = kinds[0]
        counts[tile] -= 1
        got = fans_of(majiang.tiles.mpsz(counts), KINDS[tile])
        winds = sum(k in range(27, 31) for k in kinds)
        dragons = sum(k in range(31, 34) for k in kinds)
        want = ("大七星" if winds + dragons == 7 else "四喜七对" if winds == 4
                else "三元七对" if dragons == 3 else None)  # fmt: skip
        named = {"大七星", "四喜七对", "三元七对"} & set(got)
        assert named == ({want} if want else set()), (kinds, got)
    for _ in range(300):
        sets = rng.sample(range(27, 34), rng.randint(0, 4))
        counts = [0] * 34
        for k in sets:
            counts[k] = 3
        pair = rng.choice([k for k in range(34) if k not in sets])
        counts[pair] = 2
        for start in (0, 3, 9, 12)[: 4 - len(sets)]:  # chows make up the hand
            for k in range(start, start + 3):
                counts[k] += 1
        tile = pair
        counts[tile] -= 1
        got = fans_of(majiang.tiles.mpsz(counts), KINDS[tile])
        counts[tile] += 1
        wind_sets = sum(k < 31 for k in sets)
        four = len(sets) == 4 and not ("大四喜" in got or "字一色" in got)
        small = wind_sets == 2 and 27 <= pair < 31
        assert ("四字刻" in got) == four and ("小三风" in got) == small, (sets, pair, got)


def test_ren_hu_is_the_non_dealers_win_on_its_first_draw() -> None:
    """人胡 (the library's reading of ermj's entry): the non-dealer self-draws its first tile
    after the dealer's one discard, nobody having melded; it excludes 门前清."""
    g = game(dealer=PLAIN, other="123m456p789s11z23s", head="4s")
    g.step(0, Discard("5z"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    hands = g.settlements[0].pattern["hands"]
    assert "人胡" in hands and "门前清" not in hands and g.scores == [-13, 13]
    record = g.records[0]
    assert "人胡" in settle(record).pattern["hands"]
    later = {**record, "players": [{**p, "discards": "5z9m"} if i == 0 else p
                                   for i, p in enumerate(record["players"])]}  # fmt: skip
    assert "人胡" not in settle(later).pattern["hands"]  # the dealer's second discard: no
    unlisted = {**record, "players": [{"hand": p["hand"]} for p in record["players"]]}
    assert "人胡" not in settle(unlisted).pattern["hands"]  # ponds not given: not shown


def test_the_table_is_a_data_file_a_room_can_swap() -> None:
    t = fan_table()
    assert t.values["平胡"] == 2 and t.values["报听"] == 4 and t.cap == 13
    register_fan_table({"name": "test-flat", "cap": 5, "fans": [{"name": "平胡", "value": 1,
                                                                  "gb": "平和"}]})  # fmt: skip
    record = _win_record({"fan_table": "test-flat"})
    assert settle(record).deltas == (1, -1)  # 平胡 1 alone
    assert settle(_win_record()).deltas != (1, -1)
    with pytest.raises(RecordError, match=r"options\.fan_table"):
        settle(_win_record({"fan_table": "nope"}))
    with pytest.raises(RulesError, match=r"fans\[0\]: value"):
        register_fan_table({"name": "bad", "cap": 5, "fans": [{"name": "x", "value": -1}]})


# ------------------------------------------------------------------ records
def _win_record(options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"dealer": 0, "flower_tiles": "7z", "options": options or {},
            "players": [{"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"}],
            "result": {"kind": "win", "winner": 0, "tile": "4s", "from": 1}}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dealer": 2}, "dealer"),
        ({"players": [{"hand": "123m"}] * 4}, "players"),
        ({"flower_tiles": "7z6z"}, "flower_tiles"),
        ({"ready": [0, 2]}, "ready"),
        ({"last_chance": True}, "last_chance"),
        ({"result": {"kind": "win", "winner": 0, "tile": "5z", "from": 1}}, "result.tile"),
        ({"result": {"kind": "win", "winner": 0, "tile": "4s", "from": 2}}, "result.from"),
    ],
)
def test_a_record_that_cannot_be_is_refused_naming_the_field(
    change: dict[str, Any], field: str
) -> None:
    with pytest.raises(RecordError, match=f"^{field.replace('.', '[.]')}"):
        settle({**_win_record(), **change})


def test_a_chi_in_a_record_is_from_the_opponent() -> None:
    record = _win_record()
    record["players"][0] = {"hand": "456p789s23s55m", "melds": [
        {"kind": "chi", "tiles": "123m", "from": 1}]}  # fmt: skip
    assert settle(record).deltas[0] > 0
    record["players"][0]["melds"][0]["from"] = 0
    with pytest.raises(RecordError, match="from"):
        settle(record)


# ------------------------------------------------------------------ whole matches
def test_illegal_actions_are_refused_and_change_nothing() -> None:
    g = game(dealer=PLAIN, other="123456789m1234p")
    before = g.snapshot()
    for seat, action in ((1, Discard("1z")), (0, Discard("6z")), (0, Declare("ready", "first")),
                         (2, Discard("1z")), (0, Pass())):  # fmt: skip
        with pytest.raises(IllegalActionError):
            g.step(seat, action)
    assert g.snapshot() == before


def test_simulated_matches_keep_every_invariant() -> None:
    rng = random.Random(5)
    seen: Counter[str] = Counter()
    for seed in range(60):
        g = Game("two_player", seed=seed, hands=2)
        b = bots(seed)
        stop = rng.randrange(10, 120)
        steps = 0
        while not g.over:
            assert g.tile_count() == 136
            for seat in (0, 1):  # the other's concealed tiles and the face-down ones: unseen
                _same_view_whatever_is_hidden(g, seat, rng)
            seat = g.to_act()[0]
            g.step(seat, b[seat].act(g.observation(seat), g.legal_actions(seat)))
            steps += 1
            if steps == stop:
                h = Game.restore(json.loads(json.dumps(g.snapshot())))
                assert h.state == g.state and h.scores == g.scores
        assert sum(g.scores) == 0
        assert replay(g.events).scores == tuple(g.scores)
        for r, s in zip(g.records, g.settlements, strict=True):
            check_record(r)
            assert settle(r).deltas == s.deltas
            seen[r["result"]["kind"]] += 1
            seen["ready"] += bool(r["ready"])
            seen["last_chance"] += r["last_chance"]
        seen |= Counter(e["event"] for e in g.events if e["event"] in ("chow", "pong", "kong"))
    assert {"win", "draw", "ready", "last_chance", "chow", "pong", "kong"} <= set(seen)


def _same_view_whatever_is_hidden(g: Game, seat: int, rng: random.Random) -> None:
    """Deal the other seat's concealed tiles and every undrawn tile (the face-down 65
    included) anew: ``seat``'s observation and legal actions stay the same."""
    st = g.state
    if any(m.kind == "an_gang" for m in st.melds[1 - seat]):
        return  # a hidden kong's kind: the shared hidden-information test covers it
    hands = [list(h) for h in st.hands]
    other = 1 - seat
    tiles = list(st.wall.tiles)
    undrawn = list(range(st.wall.head, st.wall.tail))
    # the face-up tile is seen (the lower one under it stays face down and hidden)
    undrawn = [i for i in undrawn if tiles[i] != st.indicator]
    pool = [k for k in range(34) for _ in range(hands[other][k])] + [tiles[i] for i in undrawn]
    rng.shuffle(pool)
    size = sum(hands[other])
    hands[other] = [0] * 34
    for k in pool[:size]:
        hands[other][k] += 1
    for i, k in zip(undrawn, pool[size:], strict=True):
        tiles[i] = k
    twin = Game.__new__(Game)
    twin.__dict__.update(g.__dict__)
    wall = Wall(tiles, st.wall.dice, st.wall.flip_dice, st.wall.head, st.wall.tail)
    twin.state = dataclasses.replace(st, hands=hands, wall=wall)
    twin.state.waits = [None if s == other else st.waits[s] for s in range(2)]
    twin._legal, twin._shared = {}, None
    a, b = g.observation(seat), twin.observation(seat)
    assert a == b and (a.to_numpy() == b.to_numpy()).all()
    assert g.legal_actions(seat) == twin.legal_actions(seat)


def test_the_vector_game_is_never_asked_for_a_played_turn() -> None:
    """majiang.rl: a table's seat to act always has a choice (a locked seat's draws are
    played by the engine), so no step is spent on a forced move."""
    v = VectorGame(4, "two_player", seed=11)
    locked_asked = locked_seen = 0
    for _ in range(600):
        _obs, masks = v.observe()
        for i, game in enumerate(v.games):
            seat = int(v.seats[i])
            locked_seen += any(game.variant.plays_for(s, game.state) for s in (0, 1))
            if game.variant.plays_for(seat, game.state):
                locked_asked += 1
                assert masks[i].sum() > 1  # asked only with a choice (a winning draw)
        # prefer declaring 报听 when offered so that seats lock often
        ids = [int(np.flatnonzero(m)[-1]) for m in masks]
        v.step(ids)
    assert locked_seen > 50  # the run did lock seats (its turns were played, not asked)
