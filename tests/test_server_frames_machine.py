"""Random well-formed and malformed frames from several clients of one table server, in
this process (issue 25, item 6; hypothesis' RuleBasedStateMachine). After every step:

- no client fault ever gets the ``server`` error (that code means the server failed);
- every frame a seat got held only what it may see, checked against the true state when it
  was sent (tests/server_leaks.py's event check, the observation computed independently,
  the seat's legal actions, ``to_act`` hiding who else is asked in a window);
- every client is still answered: a ``ping`` gets its ``pong``.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from server_inproc import Local, local_server
from server_leaks import check_event
from test_hidden_information import expected_dict, expected_view

from majiang.server.app import Connection
from majiang.variants import names

VARIANTS = sorted(names())
CLIENTS = 4
JUNK = st.sampled_from(
    [
        "{not json",
        "[]",
        "null",
        '{"type": "dance"}',
        '{"type": "act"}',
        '{"type": "act", "action": {"type": "discard", "tile": "9z"}}',
        '{"type": "join", "room": "nope"}',
        '{"type": "join", "room": "\\ud800"}',
        '{"type": "join", "room": "r", "token": "\\ud800"}',
        '{"type": "ping", "id": "\\ud800"}',
        '{"type": "ready", "extra": 1}',
        '{"type": "resync", "since": -1}',
        '{"type": "auto", "on": "yes"}',
        '{"type": "create", "hands": 999}',
        '{"type": "create", "variant": "x"}',
        '{"type": "create", "options": {"di_fen": "' + "9" * 100 + '"}}',
        '{"type": "ping", "id": 1e400}',
        '{"type": "act", "action": {"type": "discard", "tile": NaN}}',
    ]
)


class Checked(Connection):
    """A connection that checks each frame against the true state as it is queued."""

    machine: FrameMachine
    last_room: dict[str, Any] | None = None

    def send(self, frame: dict[str, Any]) -> None:
        self.machine.check(self, frame)
        super().send(frame)


class FrameMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.server = local_server()
        self.now = 1000.0
        self.clients = [self._client() for _ in range(CLIENTS)]
        self.tokens: list[str] = []
        self.frames = 0

    def _client(self) -> Local:
        c = Local(self.server)
        conn = Checked(c.conn.ws, self.server.limits)
        conn.machine = self
        c.conn = conn
        return c

    # ------------------------------------------------------------------ checks
    def check(self, conn: Checked, frame: dict[str, Any]) -> None:
        self.frames += 1
        kind = frame["type"]
        assert not (kind == "error" and frame["code"] == "server"), frame
        if kind == "joined" and "token" in frame:
            self.tokens.append(frame["token"])
        if kind == "room" or kind == "state":
            self.check_room(conn, frame["room"] if kind == "state" else frame)
        if kind not in ("events", "state"):
            return
        if kind == "state":
            room, seat, first = (
                self.server.rooms[frame["room"]["room"]],
                frame["seat"],
                frame["from"],
            )
        else:
            assert conn.room is not None and conn.seat is not None
            room, seat, first = conn.room, conn.seat, frame["seq"]
        g = room.game
        for i, view in enumerate(frame["events"]):
            check_event(view, g.events[first + i], seat, room)
        if frame["view"] is not None:
            assert frame["view"] == expected_dict(expected_view(g, seat))
        acting = room.status == "playing" and seat in g.to_act()
        assert frame["legal"] == [a.to_dict() for a in (g.legal_actions(seat) if acting else [])]
        if room.status != "playing":
            assert frame["to_act"] == []
        elif g.state.phase == "turn" or g.over:
            assert frame["to_act"] == g.to_act()
        else:
            assert frame["to_act"] == ([seat] if acting else [])

    def check_room(self, conn: Checked, info: dict[str, Any]) -> None:
        """Inside a window no other seat's 托管 flag changes (a timeout says who is asked)."""
        last, conn.last_room = conn.last_room, info
        room = self.server.rooms.get(info["room"])
        if room is None or last is None or last["room"] != info["room"] or conn.seat is None:
            return
        if room._in_window() and last["hands_played"] == info["hands_played"]:
            others = [s for s in range(4) if s != conn.seat]
            assert [info["seats"][s]["auto"] for s in others] == [
                last["seats"][s]["auto"] for s in others
            ], (last, info)

    # ------------------------------------------------------------------ rules
    @rule(
        c=st.integers(0, CLIENTS - 1),
        variant=st.sampled_from(VARIANTS),
        seats=st.lists(st.sampled_from(["person", "bot"]), min_size=4, max_size=4),
        limit=st.sampled_from([0, 5]),
    )
    def create(self, c: int, variant: str, seats: list[str], limit: int) -> None:
        if "person" not in seats:
            seats[0] = "person"  # a room of bots alone plays out at once: nothing to see
        self.clients[c].send(
            {"type": "create", "variant": variant, "hands": 1, "seats": seats, "time_limit": limit}
        )
        for room in self.server.rooms.values():
            room.clock = lambda: self.now

    @precondition(lambda self: bool(self.server.rooms))
    @rule(
        c=st.integers(0, CLIENTS - 1), pick=st.integers(0, 50), seat=st.none() | st.integers(0, 3)
    )
    def join(self, c: int, pick: int, seat: int | None) -> None:
        rooms = sorted(self.server.rooms)
        frame: dict[str, Any] = {"type": "join", "room": rooms[pick % len(rooms)]}
        if seat is not None:
            frame["seat"] = seat
        self.clients[c].send(frame)

    @precondition(lambda self: bool(self.tokens))
    @rule(c=st.integers(0, CLIENTS - 1), pick=st.integers(0, 50))
    def rejoin(self, c: int, pick: int) -> None:
        token = self.tokens[pick % len(self.tokens)]
        for rid in sorted(self.server.rooms):
            self.clients[c].send({"type": "join", "room": rid, "token": token, "since": 0})

    @initialize(
        variant=st.sampled_from(VARIANTS),
        people=st.integers(1, CLIENTS),
        limit=st.sampled_from([0, 5]),
    )
    def first_table(self, variant: str, people: int, limit: int) -> None:
        self.table(variant, people, limit)

    @precondition(lambda self: any(c.conn.room is None for c in self.clients))
    @rule(
        variant=st.sampled_from(VARIANTS),
        people=st.integers(1, CLIENTS),
        limit=st.sampled_from([0, 5]),
    )
    def table(self, variant: str, people: int, limit: int) -> None:
        """A room the free clients join and start: the game plays to a person's prompt."""
        free = [c for c in self.clients if c.conn.room is None][:people]
        seats = ["person"] * len(free) + ["bot"] * (4 - len(free))
        free[0].send(
            {"type": "create", "variant": variant, "hands": 1, "seats": seats, "time_limit": limit}
        )
        created = [f for f in free[0].take() if f["type"] == "created"]
        if not created:
            return
        room = self.server.rooms[created[0]["room"]]
        room.clock = lambda: self.now
        for seat, c in enumerate(free):
            c.send({"type": "join", "room": room.id, "seat": seat})
        for c in free:
            c.send({"type": "ready"})

    @rule(moves=st.integers(1, 30), pick=st.integers(0, 50))
    def play(self, moves: int, pick: int) -> None:
        """Legal moves from whichever clients are asked."""
        for _ in range(moves):
            asked = [
                c
                for c in self.clients
                if c.conn.room is not None
                and c.conn.room.status == "playing"
                and c.conn.seat in c.conn.room.game.to_act()
            ]
            if not asked:
                return
            c = asked[pick % len(asked)]
            assert c.conn.room is not None and c.conn.seat is not None
            g = c.conn.room.game
            legal = g.legal_actions(c.conn.seat)
            action = legal[pick % len(legal)].to_dict()
            c.send({"type": "act", "action": action, "seq": len(g.events)})
            pick = pick * 31 + 7

    @rule(c=st.integers(0, CLIENTS - 1))
    def disconnect(self, c: int) -> None:
        """The connection closes as the endpoint closes it; a new one takes its place."""
        conn = self.clients[c].conn
        if conn.room is not None and conn.seat is not None:
            room = conn.room
            room.leave(conn.seat, conn)
            self.server._evict(room)
        self.clients[c] = self._client()

    @rule(c=st.integers(0, CLIENTS - 1))
    def ready(self, c: int) -> None:
        self.clients[c].send({"type": "ready"})

    @rule(c=st.integers(0, CLIENTS - 1), pick=st.integers(0, 50), stale=st.booleans())
    def act(self, c: int, pick: int, stale: bool) -> None:
        client = self.clients[c]
        room, seat = client.conn.room, client.conn.seat
        if room is None or seat is None or seat not in room.game.to_act():
            client.send({"type": "act", "action": {"type": "pass"}})
            return
        legal = room.game.legal_actions(seat) if room.status == "playing" else []
        if not legal:
            client.send({"type": "act", "action": {"type": "pass"}})
            return
        seq = len(room.game.events) - (1 if stale else 0)
        action = legal[pick % len(legal)].to_dict()
        client.send({"type": "act", "action": action, "seq": seq, "id": pick})

    @rule(c=st.integers(0, CLIENTS - 1), since=st.none() | st.integers(0, 2**31))
    def resync(self, c: int, since: int | None) -> None:
        frame: dict[str, Any] = {"type": "resync"}
        if since is not None:
            frame["since"] = since
        self.clients[c].send(frame)

    @rule(c=st.integers(0, CLIENTS - 1), on=st.booleans())
    def auto(self, c: int, on: bool) -> None:
        self.clients[c].send({"type": "auto", "on": on})

    @rule()
    def time_passes(self) -> None:
        self.now += 6
        for room in list(self.server.rooms.values()):
            room._timeout()

    @rule(c=st.integers(0, CLIENTS - 1), text=JUNK)
    def junk(self, c: int, text: str) -> None:
        self.clients[c].send(text)

    @rule(
        c=st.integers(0, CLIENTS - 1),
        fields=st.dictionaries(
            st.text(max_size=6), st.integers() | st.text(max_size=6) | st.none(), max_size=3
        ),
        kind=st.sampled_from(["create", "join", "act", "resync", "auto", "ping", "ready"]),
    )
    def random_fields(self, c: int, fields: dict[str, Any], kind: str) -> None:
        self.clients[c].send(json.dumps({**fields, "type": kind}))

    # ------------------------------------------------------------------ invariants
    @invariant()
    def every_client_is_answered(self) -> None:
        for i, c in enumerate(self.clients):
            c.take()
            c.send({"type": "ping", "id": f"p{i}"})
            out = c.take()
            assert out[-1] == {"type": "pong", "id": f"p{i}"}, out


FrameMachine.TestCase.settings = settings(
    max_examples=20,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_server_frames = FrameMachine.TestCase
