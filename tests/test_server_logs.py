"""The server's JSON log lines (one per event): each line checked, when it is written,
against the true state of every room: no seat's concealed tiles, no wall, no seed, no token
in it; over whole played hands of every variant, with reconnections and refused frames."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_inproc import Local, local_server
from server_process import ServerProcess

from majiang.game.state import mpsz
from majiang.server import TableServer
from majiang.server.logs import EVENTS, FIELDS, JsonFormatter, configure, log_event
from majiang.tiles import TILE_NAMES
from majiang.variants import get_variant, names

TILES = re.compile(r"^([1-9]+[mpsz])+$|^[1-8]f$")


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


class Checked(logging.Handler):
    """Formats each record as the server's handler does and checks the line at once,
    against the rooms as they are at that moment."""

    def __init__(self, server: TableServer, secrets: list[str]) -> None:
        super().__init__()
        self.server = server
        self.secrets = secrets  # every token handed out so far
        self.setFormatter(JsonFormatter())
        self.lines: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = self.format(record)
        assert "\n" not in text, "one line per event"
        line = json.loads(text)
        assert set(line) <= set(FIELDS) | {"ts", "level", "event"}, line
        for room in self.server.rooms.values():
            st = room.game.state
            assert str(room.seed) not in text, "the match seed is secret"
            live = st.wall.live()
            if len(live) > 1:
                wall = "".join(TILE_NAMES[t] for t in live)
                assert wall not in text
            for s in range(room.game.seats):
                hand = mpsz(st.hands[s])
                concealed = {TILE_NAMES[k] for k, n in enumerate(st.hands[s]) if n}
                assert len(hand) < 4 or hand not in text, (line, hand)
                for v in strings(line):
                    assert v not in concealed, (line, v)
        for v in strings(line):  # nothing tile-like at all
            assert not TILES.match(v), (line, v)
        for secret in self.secrets:
            assert secret not in text, "a token in a log line"
        self.lines.append(line)


@pytest.fixture
def checked() -> Iterator[Any]:
    handlers: list[Checked] = []

    def attach(server: TableServer, secrets: list[str]) -> Checked:
        h = Checked(server, secrets)
        EVENTS.addHandler(h)
        handlers.append(h)
        return h

    old = EVENTS.level
    EVENTS.setLevel(logging.INFO)
    yield attach
    EVENTS.setLevel(old)
    for h in handlers:
        EVENTS.removeHandler(h)


def play(server: TableServer, variant: str, secrets: list[str], match: int) -> str:
    """A room of person seats, each played by a Local client that acts on its prompts;
    one seat reconnects with its token mid-hand, and every client tries refused frames."""
    seats = int(getattr(get_variant(variant).table, "seats", 4))
    host = Local(server)
    host.send(
        {
            "type": "create",
            "variant": variant,
            "hands": 2,
            "seats": ["person"] * seats,
            "time_limit": 0,
            "claim_window": 0 if match % 2 else 1,
        }
    )
    rid: str = host.take()[0]["room"]
    clients = [Local(server) for _ in range(seats)]
    prompts: dict[int, dict[str, Any]] = {}
    for i, c in enumerate(clients):
        c.send({"type": "join", "room": rid, "seat": i})
        joined = c.take()[0]
        secrets.append(joined["token"])
    for c in clients:
        c.send({"type": "ready"})
    room = server.rooms[rid]
    steps = 0
    while room.status == "playing":
        for i, c in enumerate(clients):
            for f in c.take():
                if f["type"] in ("events", "state"):
                    prompts[i] = f
        actors = [i for i, f in prompts.items() if f["legal"]]
        assert actors, (
            room.game.to_act(),
            room.game.state.phase,
            steps,
            {i: f["type"] for i, f in prompts.items()},
        )
        i = actors[steps % len(actors)]
        legal = prompts.pop(i)["legal"]
        # refused first: a discard of a tile the seat holds, by a seat not to act (its
        # message names the tile: only its code may be logged), and a stranger's token
        other = (i + 1) % seats
        held = [TILE_NAMES[k] for k, n in enumerate(room.game.state.hands[other]) if n]
        before = room.actions
        for tile in held[:1]:
            clients[other].send({"type": "act", "action": {"type": "discard", "tile": tile}})
        assert room.actions == before, "refused: nothing changed"
        Local(server).send({"type": "join", "room": rid, "token": secrets[-1] + "x"})
        if steps == 7:  # a reconnection with the token, on a new connection
            again = Local(server)
            again.send({"type": "join", "room": rid, "token": secrets[-seats + i]})
            clients[i] = again
            # the old connection stays bound too, like a second tab
        a = next((x for x in legal if x["type"] in ("win", "pass")), legal[-1])
        clients[i].send({"type": "act", "action": a})
        steps += 1
    return rid


@pytest.mark.parametrize("variant", sorted(names()))
def test_no_log_line_holds_a_token_or_a_hidden_tile(variant: str, checked: Any) -> None:
    server = local_server()
    secrets: list[str] = []
    h = checked(server, secrets)
    rooms = [play(server, variant, secrets, match) for match in range(3)]
    events = [line["event"] for line in h.lines]
    for kind in ("room_created", "seat_joined", "action_applied", "error", "hand_ended"):
        assert kind in events, kind
    assert events.count("hand_ended") == 2 * len(rooms)
    assert events.count("room_finished") == len(rooms)
    applied = [line for line in h.lines if line["event"] == "action_applied"]
    stored = sum(len(server.store.actions(r)) for r in rooms)
    assert len(applied) == stored, "one line per action"
    assert {line["code"] for line in h.lines if line["event"] == "error"} >= {
        "illegal_action",
        "bad_token",
    }
    reconnects = [line for line in h.lines if line["event"] == "seat_joined" and line["reconnect"]]
    assert len(reconnects) == len(rooms)
    ended = [line for line in h.lines if line["event"] == "hand_ended"]
    for line, (room, hand) in zip(ended, [(r, k) for r in rooms for k in (0, 1)], strict=True):
        assert (line["room"], line["hand"]) == (room, hand)
        assert line["deltas"] == server.store.hands(room)[hand]["deltas"]


def test_fields_outside_the_list_never_reach_a_line() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter(clock=lambda: 1.5))
    EVENTS.addHandler(handler)
    old = EVENTS.level
    EVENTS.setLevel(logging.INFO)
    try:
        log_event("seat_joined", room="r", seat=1, token="tok", hand="1234m", user="u" * 500)
        log_event("action_applied", room="r", action={"type": "discard", "tile": "5m"})
        log_event("hand_ended", room="r", deltas=[1, -1], scores=["5m"])
    finally:
        EVENTS.removeHandler(handler)
        EVENTS.setLevel(old)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert lines == [
        {"ts": 1.5, "level": "info", "event": "seat_joined", "room": "r", "seat": 1},
        {"ts": 1.5, "level": "info", "event": "action_applied", "room": "r"},
        {"ts": 1.5, "level": "info", "event": "hand_ended", "room": "r", "deltas": [1, -1]},
    ]


def test_an_exception_is_logged_without_its_text() -> None:
    out = io.StringIO()
    handler = configure("info", out)
    try:
        try:
            raise ValueError("seat 2 holds 5m5m5m")
        except ValueError:
            logging.getLogger("majiang.server").exception("frame failed")
    finally:
        logging.getLogger("majiang.server").removeHandler(handler)
    (line,) = [json.loads(x) for x in out.getvalue().splitlines()]
    assert line["message"] == "frame failed" and line["exception"] == "ValueError"
    assert "5m" not in out.getvalue()
    assert line["stack"][0].endswith("in test_an_exception_is_logged_without_its_text")


def test_majiang_serve_writes_json_lines_at_info(tmp_path: Path) -> None:
    proc = ServerProcess(tmp_path / "t.db", args=("--claim-window", "0", "--log-level", "info"))
    proc.start()
    try:
        c = proc.client()
        c.send(type="create", hands=1, time_limit=0)
        rid = c.until("created")["room"]
        c.send(type="join", room=rid)
        token = c.until("joined")["token"]
        c.close()
    finally:
        proc.stop()
    assert proc.proc is not None and proc.proc.stderr is not None
    text = proc.proc.stderr.read().decode()
    lines = [json.loads(x) for x in text.splitlines()]
    events = [line["event"] for line in lines]
    assert events[:3] == ["room_created", "seat_joined", "seat_left"], events
    assert lines[0]["room"] == rid and lines[1]["seat"] == 0 and token not in text
