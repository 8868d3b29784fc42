"""Spectators see only what is public, checked from the true state for every variant: each
frame to a spectator when it is sent (its events against the logged ones as no seat sees
them, its table against every seat's view computed independently from ``game.state``, and
the same table from twin games whose hidden tiles are dealt anew), who is to act (nobody in
a window), the delay (frames held back that long, a late spectator shown only the point
released), reconnection with ``since``, and what a spectator may not do."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from server_inproc import Local, local_server
from server_leaks import bots_for, check_event
from server_process import ServerProcess
from test_hidden_information import expected_dict, expected_view, reshuffled

from majiang.game import Game
from majiang.server.room import Room
from majiang.server.store import Store
from majiang.server.watch import MAX_SPECTATORS, NOBODY, PER_SEAT, public_events, public_view
from majiang.variants import get_variant, names

OWN = ("seat", "hand", "drawn")


def expected_public(g: Game) -> dict[str, Any]:
    """The table every seat sees alike, from each seat's view computed from the state: a
    field not per seat is the same in every view; a seat's entry of a per-seat field is the
    same for every other seat (the value of a private declaration blank: the seat given
    换三张's tiles sees them, a spectator does not)."""
    n = g.seats
    views = [expected_dict(expected_view(g, s)) for s in range(n)]
    out: dict[str, Any] = {k: None for k in OWN}
    for name, value in views[0].items():
        if name in OWN or name in PER_SEAT:
            continue
        assert all(v[name] == value for v in views), (name, [v[name] for v in views])
        out[name] = value
    private = g.table.private_openings
    for name in PER_SEAT:
        column = []
        for i in range(n):
            seen = [views[j][name][i] for j in range(n) if j != i]
            if name == "declared":
                seen = [{w: "" if w in private else x for w, x in d.items()} for d in seen]
            assert all(x == seen[0] for x in seen), (name, i, seen)
            column.append(seen[0])
        out[name] = column
    return out


class Spectator:
    """A spectator that checks each frame when the room sends it (with no delay, the
    frame's table is the table now)."""

    def __init__(self, room: Room, rng: random.Random, live: bool = True) -> None:
        self.room, self.rng, self.live = room, rng, live
        self.frames: list[dict[str, Any]] = []
        self.stream: dict[int, dict[str, Any]] = {}
        self.ends: list[int] = []
        self.next = 0  # the seq of the next event expected

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(json.loads(json.dumps(frame)))
        room, g = self.room, self.room.game
        kind = frame["type"]
        assert "token" not in json.dumps(frame)
        if kind in ("events", "state"):
            first = frame["from"] if kind == "state" else frame["seq"]
            if kind == "events":
                assert first == self.next, "events arrive in order, none lost or doubled"
            for i, view in enumerate(frame["events"]):
                check_event(view, g.events[first + i], NOBODY, room)
                self.stream[first + i] = view
            self.next = first + len(frame["events"])
            assert frame["legal"] == []
            assert "auto" not in frame and "deadline_in" not in frame
            if not self.live:
                return
            assert first + len(frame["events"]) == len(g.events)
            assert frame["view"] == expected_public(g)
            if room.status != "playing" or g.over or g.state.phase != "turn":
                assert frame["to_act"] == [], "nobody is named in a window"
            else:
                assert frame["to_act"] == g.to_act()
            if not g.over and self.rng.random() < 0.3:  # every seat's hidden tiles anew
                for keep in (0, 1):
                    twin = copy.copy(room)
                    twin.game = reshuffled(g, keep, self.rng)
                    assert public_view(twin.game) == frame["view"]
        elif kind == "hand_end":
            assert frame["hand"] < len(g.records), "a settlement only after its hand"
            assert g.events[frame["seq"]]["event"] == "settlement"
            self.ends.append(frame["hand"])
        elif kind == "room":
            assert frame == room.info() or not self.live
        else:
            assert kind == "watching", kind


def play_watched(
    variant: str,
    match: int,
    hands: int,
    store: Store,
    delay: float = 0.0,
    watchers: int = 1,
    tick: float = 1.0,
) -> tuple[Room, list[Spectator], list[float]]:
    """One match, person seats played here by bots and the others by the server's, with
    ``watchers`` spectators from the start. The room's clock is moved ``tick`` seconds per
    action and the spectators' feed pumped; returns the room, the spectators and the time
    of each action."""
    rng = random.Random(match)
    seats = get_variant(variant).table.seats
    kinds = ["person" if (match * 7 >> s) % 3 else "bot" for s in range(seats)]
    if "person" not in kinds:
        kinds[match % seats] = "person"
    config = {
        "variant": variant,
        "options": {},
        "hands": hands,
        "seats": kinds,
        "time_limit": 0.0,
        "claim_window": 1.0,
        "watch_delay": delay,
    }
    now = [0.0]
    room = Room.create(config, store, rid=f"{variant}-{match}", seed=match)
    room.clock = lambda: now[0]
    spectators = [Spectator(room, rng, live=delay == 0) for _ in range(watchers)]
    for spectator in spectators:
        room.spectate(spectator)
    people = [s for s, k in enumerate(kinds) if k == "person"]
    for s in people:
        room.join(_Sink(), s)
    for s in people:
        room.ready(s)
    bots = {s: bots_for(match, s) for s in people}
    times = []
    while room.status == "playing":
        g = room.game
        seat = next(s for s in g.to_act() if s in bots)
        action = bots[seat].act(g.observation(seat), g.legal_actions(seat))
        times.append(now[0])
        room.act(seat, action.to_dict(), len(g.events))
        now[0] += tick
        if room.watch is not None:
            room.watch.pump()
    return room, spectators, times


class _Sink:
    """A seat's client whose frames nobody reads (the seats are checked elsewhere)."""

    def send(self, frame: dict[str, Any]) -> None:
        pass


@pytest.mark.parametrize("variant", sorted(names()))
def test_every_spectator_frame_holds_only_public_information(variant: str) -> None:
    store = Store(":memory:")
    for match in range(12):
        room, (spec,), _ = play_watched(variant, match, 2, store)
        g = room.game
        assert spec.ends == [0, 1], "every settlement, once, in order"
        # the whole stream seen is the public stream of the stored log
        assert [spec.stream[k] for k in sorted(spec.stream)] == public_events(
            store.events(room.id), room.table
        )
        assert sorted(spec.stream) == list(range(len(g.events)))
        # a spectator's deal shows no hand and no wall; a draw no tile (another seat's)
        for e in spec.stream.values():
            if e["event"] == "deal":
                assert e["hands"] == [None] * g.seats and "wall" not in e and "drawn" not in e
            if e["event"] == "draw":
                assert "tile" not in e


def test_the_private_exchange_stays_hidden_from_spectators() -> None:
    """Sichuan's 换三张: the seat given the tiles sees them, a spectator never does."""
    store = Store(":memory:")
    config = {
        "variant": "sichuan",
        "options": {"exchange": True},
        "hands": 2,
        "seats": ["bot"] * 4,
        "time_limit": 0.0,
        "claim_window": 1.0,
    }
    seen = 0
    for seed in range(6):
        room = Room.create(config | {"seats": ["person"] + ["bot"] * 3}, store, seed=seed)
        spec = Spectator(room, random.Random(seed))
        room.spectate(spec)
        room.join(_Sink(), 0)
        room.ready(0)
        bot = bots_for(seed, 0)
        while room.status == "playing":
            g = room.game
            action = bot.act(g.observation(0), g.legal_actions(0))
            room.act(0, action.to_dict(), len(g.events))
        for e in spec.stream.values():
            if e["event"] == "declare" and e["what"] in room.table.private_openings:
                assert e["value"] == ""
                seen += 1
    assert seen > 0, "the exchange was played"


def test_frames_are_held_back_for_the_delay() -> None:
    """With a delay each frame reaches a spectator ``delay`` seconds after it happened,
    the same frame a spectator without delay got at once; one who joins late is shown the
    point released, not the table now."""
    for variant in ("nanchang", "sichuan", "gb"):
        live_room, (live,), times = play_watched(variant, 5, 2, Store(":memory:"))
        store = Store(":memory:")
        delay = 30.0
        room, (late,), times2 = play_watched(variant, 5, 2, store, delay=delay)
        assert times2 == times and room.game.events == live_room.game.events
        # what has been released by the end of play: the frames of the actions done by
        # then - delay, and the held ones wait
        w = room.watch
        assert w is not None and w.feed, "frames are held back"
        assert all(due > times[-1] for due, _ in w.feed)
        assert late.frames[0]["delay"] == delay and live.frames[0]["delay"] == 0
        assert {**late.frames[1], "delay": 0.0} == live.frames[1]
        n = len(late.frames)
        assert late.frames[2:] == live.frames[2:n]
        assert n < len(live.frames)
        # a spectator joining now sees the released point only
        joiner = Spectator(room, random.Random(0), live=False)
        room.spectate(joiner)
        state = joiner.frames[1]
        assert state["seq"] == w.seq < len(room.game.events)
        assert state["view"] == w.view
        assert state["events"] == public_events(room.game.events[state["from"] : w.seq], room.table)
        assert all(r["seq"] < w.seq for r in state["results"])
        assert state["room"]["hands_played"] == len(state["results"]), "as released"
        # time passes: every held frame comes out, in order, the same as without delay
        later = times[-1] + 2 * delay
        room.clock = lambda: later  # noqa: B023 (used at once, in this pass)
        w.pump()
        assert not w.feed
        assert late.frames[2:] == live.frames[2:]
        assert joiner.frames[2:] == live.frames[len(live.frames) - len(joiner.frames) + 2 :]


def test_a_released_frame_is_never_early() -> None:
    """Each events frame reaches the delayed spectator only once the room's clock is
    ``delay`` past the action that caused it."""
    delay, tick = 7.0, 1.0
    store = Store(":memory:")
    received: list[tuple[float, int]] = []

    class Timed(Spectator):
        def send(self, frame: dict[str, Any]) -> None:
            super().send(frame)
            if frame["type"] == "events" and frame["events"]:
                received.append((self.room.clock(), frame["seq"]))

    room = Room.create(
        {
            "variant": "nanjing",
            "options": {},
            "hands": 1,
            "seats": ["person", "bot", "bot", "bot"],
            "time_limit": 0.0,
            "claim_window": 1.0,
            "watch_delay": delay,
        },
        store,
        seed=3,
    )
    now = [0.0]
    room.clock = lambda: now[0]
    spec = Timed(room, random.Random(1), live=False)
    room.spectate(spec)
    room.join(_Sink(), 0)
    room.ready(0)
    happened: dict[int, float] = {}
    bot = bots_for(1, 0)
    while room.status == "playing":
        g = room.game
        seq = len(g.events)
        room.act(0, bot.act(g.observation(0), g.legal_actions(0)).to_dict(), seq)
        happened.setdefault(seq, now[0])
        now[0] += tick
        assert room.watch is not None
        room.watch.pump()
    now[0] += delay + 1
    assert room.watch is not None
    room.watch.pump()
    assert received, "frames were released"
    for at, seq in received:
        assert at >= happened.get(seq, 0.0) + delay, (seq, at)
    assert sorted(spec.stream) == list(range(len(room.game.events)))


def test_reconnecting_with_since_continues_the_stream() -> None:
    """A spectator who leaves halfway and watches again with ``since`` (the first event it
    lacks) gets exactly what it missed, then the play: the whole public stream, once."""
    store = Store(":memory:")
    room = Room.create(
        {
            "variant": "pingxiang",
            "options": {},
            "hands": 2,
            "seats": ["person"] * 4,
            "time_limit": 0.0,
            "claim_window": 1.0,
        },
        store,
        seed=4,
    )
    first = Spectator(room, random.Random(2))
    room.spectate(first)
    for s in range(4):
        room.join(_Sink(), s)
    for s in range(4):
        room.ready(s)
    bots = [bots_for(2, s) for s in range(4)]
    back: Spectator | None = None
    steps = 0
    while room.status == "playing":
        g = room.game
        seat = g.to_act()[0]
        action = bots[seat].act(g.observation(seat), g.legal_actions(seat))
        room.act(seat, action.to_dict(), len(g.events))
        steps += 1
        if steps == 20:
            room.unwatch(first)
            assert room.watch is None, "no delay, nobody watching: no feed kept"
        if steps == 60:
            since = first.next
            assert since < len(g.events)
            back = Spectator(room, random.Random(3))
            back.stream, back.next = dict(first.stream), since
            room.spectate(back, since)
            state = back.frames[1]
            assert state["from"] == since and state["seq"] == len(room.game.events)
    assert back is not None
    whole = public_events(room.game.events, room.table)
    assert [back.stream[k] for k in sorted(back.stream)] == whole
    assert first.ends + back.ends == [0, 1]


def test_spectators_cannot_act_and_are_bounded() -> None:
    server = local_server()
    owner = Local(server)
    owner.send({"type": "create", "seats": ["person", "bot", "bot", "bot"], "time_limit": 0})
    rid = owner.take()[-1]["room"]
    owner.send({"type": "join", "room": rid})
    owner.send({"type": "ready"})
    owner.take()
    watcher = Local(server)
    watcher.send({"type": "watch", "room": rid})
    got = watcher.take()
    assert [f["type"] for f in got] == ["watching", "state"]
    assert got[1]["seat"] is None and got[1]["legal"] == []
    for frame in (
        {"type": "act", "action": {"type": "pass"}},
        {"type": "ready"},
        {"type": "auto", "on": True},
        {"type": "join", "room": rid},
        {"type": "watch", "room": rid},
    ):
        watcher.send(frame)
        (err,) = watcher.take()
        assert err["type"] == "error" and err["code"] in ("spectator", "already_joined"), err
    room = server.rooms[rid]
    before = len(room.game.events)
    assert room.status == "playing" and len(room.game.events) == before
    watcher.send({"type": "resync", "since": 0})
    (state,) = watcher.take()
    assert state["type"] == "state" and state["from"] == 0
    for _ in range(5):
        watcher.send({"type": "resync"})
    assert any(f["code"] == "flood" for f in watcher.take() if f["type"] == "error")
    # the count of spectators is bounded
    others = [Local(server) for _ in range(MAX_SPECTATORS)]
    for o in others:
        o.send({"type": "watch", "room": rid})
    codes = [o.take()[-1].get("code") for o in others]
    assert codes[:-1] == [None] * (MAX_SPECTATORS - 1)
    assert codes[-1] == "too_many_spectators"
    # a seat playing on is seen by the spectators
    owner.send({"type": "resync"})
    (mine,) = owner.take()
    if mine["legal"]:
        owner.send({"type": "act", "action": mine["legal"][0], "seq": mine["seq"]})
        assert any(f["type"] == "events" for f in watcher.take())


@pytest.mark.parametrize("delay", [-1, 601, True, "5", float("nan")])
def test_a_watch_delay_out_of_range_is_refused(delay: object) -> None:
    server = local_server()
    c = Local(server)
    c.send(json.dumps({"type": "create", "watch_delay": delay}).replace("NaN", "1e999"))
    (err,) = c.take()
    assert err["type"] == "error" and err["code"] in ("bad_frame", "bad_json")
    assert not server.rooms


def test_a_delayed_room_restarts_holding_its_hand_back() -> None:
    """After a restart the hand in play is held back from the restart on: a spectator is
    shown the hand's deal, and the rest only after the delay."""
    store = Store(":memory:")
    config = {
        "variant": "nanchang",
        "options": {},
        "hands": 2,
        "seats": ["person", "bot", "bot", "bot"],
        "time_limit": 0.0,
        "claim_window": 0.0,
        "watch_delay": 60.0,
    }
    room = Room.create(config | {"seats": ["person"] * 4}, store, seed=9)
    for s in range(4):
        room.join(_Sink(), s)
    for s in range(4):
        room.ready(s)
    bots = [bots_for(9, s) for s in range(4)]
    for _ in range(80):  # into the second hand
        g = room.game
        seat = g.to_act()[0]
        action = bots[seat].act(g.observation(seat), g.legal_actions(seat))
        room.act(seat, action.to_dict(), len(g.events))
        if len(g.records) == 1:
            break
    for _ in range(10):
        g = room.game
        seat = g.to_act()[0]
        action = bots[seat].act(g.observation(seat), g.legal_actions(seat))
        room.act(seat, action.to_dict(), len(g.events))
    assert len(room.game.records) == 1 and room.status == "playing"
    row = next(r for r in store.rooms() if r["id"] == room.id)
    again = Room.load(row, store)
    assert again.game.events == room.game.events
    w = again.watch
    assert w is not None and w.feed
    deal = max(d for d in again.deals if d < len(again.game.events))
    assert deal < w.seq <= deal + 2  # the deal (and Nanchang's reveal)
    spec = Spectator(again, random.Random(0), live=False)
    again.spectate(spec)
    assert spec.frames[1]["seq"] == w.seq
    again.clock = lambda: 1e12
    w.pump()
    assert sorted(spec.stream)[-1] == len(again.game.events) - 1


def test_a_spectator_over_the_wire(tmp_path: Path) -> None:
    """A real ``majiang serve``: a spectator watches a person play against bots, sees the
    public stream (every hand's deal without hands, draws without tiles) and the settlement,
    cannot act, and the server negotiates no permessage-deflate (its clients offer it)."""
    server = ServerProcess(tmp_path / "tables.db").start()
    try:
        player, watcher = server.client(), server.client()
        assert watcher.ws.response is not None
        assert "Sec-WebSocket-Extensions" not in watcher.ws.response.headers
        player.send(type="create", hands=1, time_limit=0, claim_window=0, watch_delay=0)
        rid = player.until("created")["room"]
        player.send(type="join", room=rid)
        player.until("state")
        watcher.send(type="watch", room=rid)
        assert watcher.until("watching") == {"type": "watching", "room": rid, "delay": 0.0}
        assert watcher.until("state")["seat"] is None
        watcher.send(type="act", action={"type": "pass"}, id=1)
        err = watcher.until("error")
        assert err["code"] == "spectator" and err["id"] == 1
        player.send(type="ready")
        while True:
            f = player.recv()
            if f["type"] in ("events", "state") and f["legal"]:
                first = f["from"] if f["type"] == "state" else f["seq"]
                legal = f["legal"]
                pick = next((a for a in legal if a["type"] in ("win", "pass")), legal[-1])
                player.send(type="act", action=pick, seq=first + len(f["events"]))
            elif f["type"] == "hand_end" and f["match_over"]:
                break
        assert watcher.until("hand_end")["match_over"]
        stream: dict[int, dict[str, Any]] = {}
        for f in watcher.seen:  # every frame the spectator got, in order
            if f["type"] in ("events", "state"):
                first = f["from"] if f["type"] == "state" else f["seq"]
                stream.update((first + i, e) for i, e in enumerate(f["events"]))
        stored = server.get(f"/api/hands/{rid}/0")["events"]
        assert [stream[k] for k in sorted(stream)] == public_events(
            stored, get_variant("nanchang").table
        )
        player.close()
        watcher.close()
    finally:
        server.stop()


def test_the_rooms_timer_releases_the_held_frames() -> None:
    """With an event loop the room's own timer releases each held frame when it is due:
    nothing before the delay has passed since play began, everything soon after the end."""
    delay = 0.3

    async def main() -> tuple[list[float], float, Spectator, Room]:
        room = Room.create(
            {
                "variant": "nanjing",
                "options": {},
                "hands": 1,
                "seats": ["bot"] * 4,
                "time_limit": 0.0,
                "claim_window": 0.0,
                "watch_delay": delay,
            },
            Store(":memory:"),
            seed=5,
        )
        spec = Spectator(room, random.Random(0), live=False)
        arrivals: list[float] = []
        send = spec.send

        def timed(frame: dict[str, Any]) -> None:
            if frame["type"] == "events" and frame["events"]:
                arrivals.append(time.monotonic())
            send(frame)

        spec.send = timed  # type: ignore[method-assign]
        room.spectate(spec)
        began = time.monotonic()
        room.kick()
        while room.status != "finished":
            await asyncio.sleep(0.005)
        await asyncio.sleep(delay + 0.5)
        return arrivals, began, spec, room

    arrivals, began, spec, room = asyncio.run(main())
    assert arrivals and arrivals[0] >= began + delay, "nothing before the delay"
    assert arrivals[-1] >= arrivals[0], "in order"
    assert sorted(spec.stream) == list(range(len(room.game.events))), "all of it, in order"
    assert room.watch is not None and not room.watch.feed
