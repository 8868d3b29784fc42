"""A table of two or three seats (``TableRules.seats``), through the engine's whole seam.

Two small variants are built here from the protocol alone (as docs/engine.md's worked
example builds one): a two-seat and a three-seat table of the 136 standard tiles, chows from
the previous seat (at two seats the opponent), pongs and kongs, a win paid one point by the
discarder or by every other seat on a self-draw. Each seed sentence of the seat change is a
test: the deal, the draw, a discard and its claims, each meld, a win, a drawn hand, replay,
snapshot and restore, what each seat sees (never another's concealed tiles), and illegal
actions refused without a change. The four-seat games stay as they were
(tests/test_game_fixed_games.py pins them).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from majiang.errors import IllegalActionError, MajiangError, RecordError, RulesError
from majiang.game import Deal, EfficiencyBot, Game, RandomBot, play, replay, seat_events
from majiang.game.actions import Chow, Discard, Kong, Pass, Pong, Win
from majiang.game.bots import Bot
from majiang.game.simulation import Tally, make_bots
from majiang.game.state import HandState
from majiang.game.wall import Wall
from majiang.settlement import Payment, Settlement
from majiang.tiles import to_counts
from majiang.variants import Variant, register
from majiang.variants.protocol import TableRules, first_winner
from majiang.variants.registry import unregister

TWO, THREE = "test-two-seats", "test-three-seats"


def _settler(seats: int) -> Any:
    def settle(record: Mapping[str, Any]) -> Settlement:
        winner = first_winner(record)
        if winner is None:
            return Settlement.from_items([], seats=seats)
        source = record["result"]["from"]
        payers = [s for s in range(seats) if s != winner] if source is None else [source]
        return Settlement.from_items(
            (Payment(p, winner, 1, "胡") for p in payers), {"hands": ["胡"]}, seats=seats
        )

    return settle


class TwoSeats(Variant):
    table = TableRules(name=TWO, shapes="standard", seats=2)


class ThreeSeats(Variant):
    table = TableRules(name=THREE, shapes="standard", seats=3)


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    register(TWO, _settler(2), TwoSeats)
    register(THREE, _settler(3), ThreeSeats)
    yield
    unregister(TWO)
    unregister(THREE)


def bots(seats: int, seed: int) -> list[Bot]:
    return [EfficiencyBot() if (seed >> s) & 1 else RandomBot(seed * 4 + s) for s in range(seats)]


# ------------------------------------------------------------------ the table's size
def test_table_rules_seat_four_by_default_and_refuse_other_sizes() -> None:
    assert TableRules(name="x", shapes="standard").seats == 4
    for bad in (1, 5, 0, True, "2"):
        with pytest.raises(RulesError, match="seats: expected 2, 3 or 4"):
            TableRules(name="x", shapes="standard", seats=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "seats"), [(TWO, 2), (THREE, 3)])
def test_the_deal_gives_the_dealer_14_and_each_other_seat_13(name: str, seats: int) -> None:
    for seed in range(20):
        g = Game(name, seed=seed)
        st = g.state
        sizes = [sum(h) for h in st.hands]
        assert len(sizes) == seats and sizes[st.dealer] == 14
        assert all(n == 13 for s, n in enumerate(sizes) if s != st.dealer)
        assert st.wall.remaining == 136 - 13 * seats - 1 == g.observation(0).wall
        assert g.scores == [0] * seats and len(st.melds) == len(st.ponds) == seats
        deal = g.events[0]
        assert len(deal["hands"]) == len(deal["scores"]) == seats
        assert g.tile_count() == 136
        assert g.to_act() == [st.dealer] and 0 <= st.dealer < seats


def test_the_first_dealer_is_any_seat_of_the_table() -> None:
    dealers = {Game(TWO, seed=s).state.dealer for s in range(40)}
    assert dealers == {0, 1}
    assert {Game(THREE, seed=s).state.dealer for s in range(60)} == {0, 1, 2}


def test_seat_arguments_outside_the_table_are_refused() -> None:
    g = Game(TWO, seed=1, dealer=0)
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="expected a seat 0-1, got 2"):
        g.step(2, Pass())
    with pytest.raises(IllegalActionError, match="expected a seat 0-1, got 2"):
        g.legal_actions(2)
    with pytest.raises(IllegalActionError, match="expected a seat 0-1, got 3"):
        g.observation(3)
    assert g.snapshot() == before
    with pytest.raises(RulesError, match="dealer: expected a seat 0-1, got 2"):
        Game(TWO, dealer=2)
    with pytest.raises(RulesError, match="scores: expected two, got 4"):
        Game(TWO, scores=[0, 0, 0, 0])
    with pytest.raises(RulesError, match="scores: expected three, got 2"):
        Game(THREE, scores=[1, -1])
    assert Game(TWO, scores=[5, -5]).scores == [5, -5]


# ------------------------------------------------------------------ draw, discard, claims
# Seat 0 deals (and discards 9s first); the opponent's hand decides each claim.
DEALER = "123456789m1234p9s"


def two_seat_game(other: str, wall: str, dealer: str = DEALER) -> Game:
    return Game(TWO, deal=Deal((dealer, other), wall), dealer=0)


def test_a_discard_nobody_claims_passes_the_draw_to_the_opponent() -> None:
    g = two_seat_game("147m258p369s1234z", "5z6z7z")
    g.step(0, Discard("9s"))
    assert g.state.turn == 1 and g.state.drawn == to_counts("5z").index(1)
    assert g.events[-1] == {"event": "draw", "seat": 1, "tile": "5z"}
    g.step(1, Discard("5z"))
    assert g.state.turn == 0 and g.events[-1]["tile"] == "6z"


def test_the_opponent_chows_as_the_next_seat_of_the_discarder() -> None:
    g = two_seat_game("78s147m258p369s12z", "5z6z7z")
    g.step(0, Discard("9s"))
    offered = g.legal_actions(1)
    assert Chow("789s") in offered and Pass() in offered
    g.step(1, Chow("789s"))
    assert g.state.melds[1][-1].kind == "chi" and g.state.melds[1][-1].source == 0
    assert g.state.turn == 1 and g.state.phase == "turn"
    assert all(isinstance(a, Discard) for a in g.legal_actions(1))


def test_the_dealer_chows_the_opponents_discard_too() -> None:
    # the dealer is the opponent's 下家 as well: it may chow what seat 1 discards
    g = two_seat_game("147m258p369s1234z", "5z6z7z", dealer="123455m11p456789s")
    g.step(0, Discard("1p"))
    g.step(1, Discard("4m"))
    assert Chow("345m") in g.legal_actions(0)
    g.step(0, Chow("345m"))
    assert g.state.melds[0][-1].kinds == (2, 3, 4) and g.state.melds[0][-1].source == 1


def test_pong_and_exposed_kong_between_the_two_seats() -> None:
    g = two_seat_game("999s147m258p36s12z", "5z6z7z")
    g.step(0, Discard("9s"))
    offered = g.legal_actions(1)
    assert Kong("9s", "exposed") in offered and Pong() in offered
    g.step(1, Kong("9s", "exposed"))
    assert g.state.melds[1][-1].kind == "ming_gang"
    assert g.events[-1]["event"] == "draw" and g.events[-1]["replacement"] is True
    g2 = two_seat_game("99s147m258p36s123z", "5z6z7z")
    g2.step(0, Discard("9s"))
    g2.step(1, Pong())
    assert g2.state.melds[1][-1].kind == "peng" and g2.state.turn == 1


def test_a_concealed_kong_is_hidden_from_the_opponent() -> None:
    g = two_seat_game("258m147p369s1234z", "5z6z7z", dealer="1111m234567899p1s")
    assert Kong("1m", "concealed") not in g.legal_actions(0)  # not on the dealer's first turn
    g.step(0, Discard("1s"))
    g.step(1, Discard("5z"))
    assert Kong("1m", "concealed") in g.legal_actions(0)
    g.step(0, Kong("1m", "concealed"))
    assert g.state.melds[0][-1].kind == "an_gang"
    assert g.events[-1] == {"event": "draw", "seat": 0, "tile": "7z", "replacement": True}
    seen = g.observation(1).melds[0][-1]
    assert seen.kind == "an_gang" and seen.kinds == ()
    assert "tile" not in seat_events(g.events, 1)[-2] and seat_events(g.events, 0)[-2]["tile"]


def test_the_opponent_robs_an_added_kong() -> None:
    g = two_seat_game("5m34m678s999p111z2z", "2z7z5m6z", dealer="55m123456789p119s")
    g.step(0, Discard("9s"))
    assert Chow("789s") in g.legal_actions(1)
    g.step(1, Pass())
    g.step(1, Discard("5m"))
    g.step(0, Pong())
    g.step(0, Discard("1s"))
    g.step(1, Discard("7z"))
    assert Kong("5m", "added") in g.legal_actions(0)
    g.step(0, Kong("5m", "added"))
    assert g.state.phase == "rob" and g.legal_actions(1) == [Win(), Pass()]
    g.step(1, Win())
    result = g.records[0]["result"]
    assert result["qiang_gang"] is True and result["winner"] == 1 and result["from"] == 0
    assert g.scores == [-1, 1]


def test_a_win_on_the_opponents_discard_is_paid_by_it() -> None:
    g = two_seat_game("23456789m789p11s", "5z6z7z", dealer="1m23456789p1234s5z")
    g.step(0, Discard("1m"))
    assert Win() in g.legal_actions(1)
    g.step(1, Win())
    assert g.over and g.records[0]["result"]["winner"] == 1
    assert g.records[0]["result"]["from"] == 0 and g.scores == [-1, 1]
    assert g.events[-1] == {"event": "settlement", "deltas": [-1, 1], "scores": [-1, 1]}


def test_a_self_drawn_win_is_paid_by_every_other_seat() -> None:
    hands = ("11122233344455m", "123456789p1234s", "147m258p369s1234z")
    g = Game(THREE, deal=Deal(hands, "5z"), dealer=0)
    assert Win() in g.legal_actions(0)  # 天胡 on the dealt 14
    g.step(0, Win())
    assert g.scores == [2, -1, -1] and g.records[0]["result"]["tian_hu"] is True


def test_a_hand_with_no_tile_left_is_drawn() -> None:
    g = two_seat_game("147m258p369s1234z", "5z")
    g.step(0, Discard("9s"))
    g.step(1, Discard("5z"))
    assert g.over and g.records[0]["result"] == {"kind": "draw"}
    assert g.events[-2] == {"event": "draw-game"} and g.scores == [0, 0]


# ------------------------------------------------------------------ whole matches
@pytest.mark.parametrize(("name", "seats"), [(TWO, 2), (THREE, 3)])
def test_matches_conserve_tiles_sum_to_zero_and_replay_identically(name: str, seats: int) -> None:
    melds: set[str] = set()
    ended: set[str] = set()
    for seed in range(40):
        g = Game(name, seed=seed, hands=3)
        b = bots(seats, seed)
        while not g.over:
            assert g.tile_count() == 136
            seat = g.to_act()[0]
            g.step(seat, b[seat].act(g.observation(seat), g.legal_actions(seat)))
        assert sum(g.scores) == 0 and len(g.scores) == seats
        for r in g.records:
            assert len(r["players"]) == seats
            ended.add(r["result"]["kind"])
        melds |= {e["event"] for e in g.events if e["event"] in ("chow", "pong", "kong")}
        again = replay(g.events)
        assert again.scores == tuple(g.scores) and len(again.hands) == 3
        assert [h.record for h in again.hands] == g.records
    assert melds == {"chow", "pong", "kong"} and ended == {"win", "draw"}


@pytest.mark.parametrize("name", [TWO, THREE])
def test_a_snapshot_restores_and_goes_on_identically(name: str) -> None:
    rng = random.Random(name)
    for seed in range(12):
        g = Game(name, seed=seed, hands=2)
        b = bots(g.seats, seed)
        stop = rng.randrange(5, 60)
        steps = 0
        while not g.over and steps < stop:
            seat = g.to_act()[0]
            g.step(seat, b[seat].act(g.observation(seat), g.legal_actions(seat)))
            steps += 1
        h = Game.restore(json.loads(json.dumps(g.snapshot())))
        assert h.state == g.state and h.scores == g.scores and h.seats == g.seats
        while not g.over:  # both go on with the same actions
            seat = g.to_act()[0]
            assert h.to_act()[0] == seat and h.legal_actions(seat) == g.legal_actions(seat)
            action = b[seat].act(g.observation(seat), g.legal_actions(seat))
            g.step(seat, action)
            h.step(seat, action)
        assert h.events == g.events and h.scores == g.scores and h.records == g.records


def test_a_snapshot_of_another_table_size_is_refused() -> None:
    g = Game(TWO, seed=3)
    data = g.snapshot()
    data["scores"] = [0, 0, 0, 0]
    with pytest.raises(RecordError, match="scores: expected two whole numbers"):
        Game.restore(data)
    data = json.loads(json.dumps(g.snapshot()))
    data["state"]["ponds"] = [[], [], [], []]
    with pytest.raises(RecordError, match=r"state\.ponds: expected a list of two"):
        Game.restore(data)
    with pytest.raises(RecordError, match="expected a list of two"):
        HandState.from_json(json.loads(json.dumps(Game(seed=1).state.to_json())), seats=2)


# ------------------------------------------------------------------ hidden information
def _twin(game: Game, seat: int, rng: random.Random) -> Game:
    """``game`` with the other seats' concealed tiles and the live wall dealt anew."""
    st = game.state
    hands = [list(h) for h in st.hands]
    others = [s for s in range(game.seats) if s != seat]
    pool = [k for s in others for k in range(34) for _ in range(hands[s][k])]
    tiles = list(st.wall.tiles)
    live = list(range(st.wall.head, st.wall.tail))
    pool += [tiles[i] for i in live]
    rng.shuffle(pool)
    at = 0
    for s in others:
        size = sum(hands[s])
        hands[s] = [0] * 34
        for k in pool[at : at + size]:
            hands[s][k] += 1
        at += size
    for i, k in zip(live, pool[at:], strict=True):
        tiles[i] = k
    twin = Game.__new__(Game)
    twin.__dict__.update(game.__dict__)
    wall = Wall(tiles, st.wall.dice, st.wall.flip_dice, st.wall.head, st.wall.tail)
    twin.state = dataclasses.replace(st, hands=hands, wall=wall)
    twin.state.waits = [None if s in others else st.waits[s] for s in range(game.seats)]
    twin._legal, twin._shared = {}, None
    return twin


@pytest.mark.parametrize("name", [TWO, THREE])
def test_no_seat_sees_another_seats_concealed_tiles(name: str) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(15):
        g = Game(name, seed=seed, hands=2)
        b = bots(g.seats, seed)
        while not g.over:
            seat = rng.randrange(g.seats)
            # a concealed kong's kind is hidden as well; keep the twin simple: skip those
            if not any(m.kind == "an_gang" for ms in g.state.melds for m in ms):
                twin = _twin(g, seat, rng)
                a, c = g.observation(seat), twin.observation(seat)
                assert a == c and a.to_dict() == c.to_dict()
                assert (a.to_numpy() == c.to_numpy()).all()
                assert g.legal_actions(seat) == twin.legal_actions(seat)
                checked += 1
            o = g.observation(seat)
            assert len(o.melds) == len(o.pond_kinds) == len(o.scores) == g.seats
            assert o.hand_counts == tuple(g.state.hands[seat])
            actor = g.to_act()[0]
            g.step(actor, b[actor].act(g.observation(actor), g.legal_actions(actor)))
        for seat in range(g.seats):
            stream = seat_events(g.events, seat)
            for e in stream:
                if e["event"] == "deal":
                    assert [h is None for h in e["hands"]] == [s != seat for s in range(g.seats)]
                    assert "wall" not in e and len(e["hand_sizes"]) == g.seats
                if e["event"] == "draw" and e["seat"] != seat:
                    assert "tile" not in e
    assert checked > 200


def test_the_planes_fill_the_relative_seats_of_the_table_and_leave_the_rest_zero() -> None:
    from majiang.game import PLANES

    row = {n: i for i, n in enumerate(PLANES)}
    g = two_seat_game("78s147m258p369s12z", "5z6z7z")
    g.step(0, Discard("9s"))  # seat 1 may chow it: the claim window is open
    a = g.observation(1).to_numpy()
    assert a[row["pond_next"]].sum() == 1 and a[row["pond_next"], 26] == 1  # 9s: the opponent
    assert a[row["pond_across"]].sum() == 0 and a[row["pond_previous"]].sum() == 0
    assert a[row["discarder"], 0] == 1 and a[row["dealer"], 0] == 1


def test_simulations_count_each_seat_of_the_table() -> None:
    assert len(make_bots("random", seats=2)) == 2
    with pytest.raises(RulesError, match="bots: expected one or two of"):
        make_bots(["random"] * 4, seats=2)
    t = Tally()
    t.add(play(Game(TWO, seed=1, hands=2), make_bots("efficiency", seats=2)))
    assert len(t.wins) == len(t.total) == 2 and sum(t.total) == 0
    with pytest.raises(RulesError, match="tally: 2 seats counted, then 4"):
        t.add(play(Game(seed=1), make_bots("random")))


def test_a_settlement_of_another_table_size_is_refused() -> None:
    class Wrong(Variant):
        table = TableRules(name="test-wrong-size", shapes="standard", seats=2)

    register("test-wrong-size", _settler(4), Wrong)
    try:
        g = Game("test-wrong-size", deal=Deal((DEALER, "147m258p369s1234z"), "5z"), dealer=0)
        g.step(0, Discard("9s"))
        with pytest.raises(MajiangError, match="a settlement of 4 deltas"):
            g.step(1, Discard("5z"))
    finally:
        unregister("test-wrong-size")


# ------------------------------------------------------------------ learning, rooms, server
def test_the_learning_encoding_keeps_its_size_and_fills_the_tables_seats() -> None:
    from majiang.rl import ORACLE_PLANES, VectorGame, encode, plane_names

    g = two_seat_game("78s147m258p369s12z", "5z6z7z")
    g.step(0, Discard("9s"))
    names = plane_names(oracle=True)
    a = encode(g, 1, oracle=True)
    assert a.shape == (len(names), 34)
    b = g.observation(1).to_numpy()
    assert (a[: len(b)] == b).all()  # the engine's planes come first, as at four seats
    oracle = a[len(names) - len(ORACLE_PLANES) :]
    assert list(oracle[0]) == g.state.hands[0]  # the opponent's concealed tiles (training only)
    assert oracle[1].sum() == oracle[2].sum() == 0  # no across or previous seat
    v = VectorGame(3, TWO, seed=2)
    rewards_seen = 0
    _, masks = v.observe()
    for _ in range(1500):
        _, masks, rewards, _ = v.step(masks.argmax(axis=1))
        assert rewards.shape == (3, 4) and not rewards[:, 2:].any()
        assert (rewards.sum(axis=1) == 0).all()
        rewards_seen += int(rewards.any())
    assert rewards_seen > 0


def test_the_environments_seat_one_agent_a_seat() -> None:
    from majiang.rl.gym_env import MajiangEnv
    from majiang.rl.parallel_env import MajiangParallelEnv
    from majiang.rl.pettingzoo_env import MajiangAECEnv

    assert MajiangAECEnv(TWO).possible_agents == ["player_0", "player_1"]
    assert sorted(MajiangParallelEnv(THREE).observation_spaces) == [
        "player_0",
        "player_1",
        "player_2",
    ]
    with pytest.raises(RulesError, match="bots: expected two"):
        MajiangEnv(TWO, bots=[None, EfficiencyBot(), EfficiencyBot(), EfficiencyBot()])
    with pytest.raises(RulesError, match="seat: expected 0 <= seat <= 1"):
        MajiangEnv(TWO, seat=2)
    env = MajiangEnv(TWO, seat=None)
    seats = set()
    for seed in range(8):
        env.reset(seed=seed)
        seats.add(env.seat)
    assert seats == {0, 1}


def test_a_room_seats_the_variants_table() -> None:
    from majiang.room import RoomConfig
    from majiang.server.protocol import parse_frame

    assert RoomConfig(TWO).bots == ("efficiency", "efficiency")
    assert RoomConfig(THREE, bots=("random",) * 3).bot_names() == ("random",) * 3
    with pytest.raises(RulesError, match="bots: expected two seat names"):
        RoomConfig(TWO, bots=("efficiency",) * 4)
    frame = parse_frame(json.dumps({"type": "create", "variant": TWO}))
    assert frame["seats"] == ["person", "bot"]
    four = parse_frame(json.dumps({"type": "create", "variant": "nanchang"}))
    assert four["seats"] == ["person", "bot", "bot", "bot"]


def test_a_server_room_of_another_size_than_the_table_is_refused() -> None:
    from majiang.server.room import Room, RoomError
    from majiang.server.store import Store

    config = {"variant": TWO, "options": {}, "hands": 1, "time_limit": 0.0}
    with pytest.raises(RoomError, match="seats 2 players, got 4"):
        Room.create({**config, "seats": ["bot"] * 4}, Store(":memory:"))
    room = Room.create({**config, "seats": ["bot", "bot"]}, Store(":memory:"), seed=3)
    room.kick()  # no event loop: the bots play at once
    assert room.game.over and len(room.game.scores) == 2 and sum(room.game.scores) == 0


def test_simulate_and_the_command_lines_screens_show_the_tables_seats() -> None:
    import io

    from majiang.cli.console import console
    from majiang.cli.seat_view import seat_table
    from majiang.cli.simulate import tables
    from majiang.cli.table_view import table_view
    from majiang.game import simulate

    stats = simulate(6, seed=1, variant=TWO, bots="random")
    assert len(stats["win_rate"]) == len(stats["mean_score"]) == 2
    assert simulate(6, seed=1, variant=TWO, bots=["random", "efficiency"])["hands"] == 6
    with pytest.raises(RulesError, match="bots: expected one or two"):
        simulate(2, variant=TWO, bots=["random"] * 4)
    per_seat = tables(stats, TWO, ("random", "random"))[0]
    assert per_seat.row_count == 2
    g = Game(THREE, seed=4)
    for view in (table_view(g, 1), seat_table(g.observation(1), g.table)):
        buf = io.StringIO()
        wide = console(buf)
        wide.width = 200
        wide.print(view)
        rows = [r.split()[0] for r in buf.getvalue().splitlines()[2:] if r.split()]
        assert [r for r in rows if r.isdigit()] == ["0", "1", "2"]
