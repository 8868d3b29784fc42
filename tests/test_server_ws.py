"""The table server as a person's client meets it: a real ``majiang serve`` process on
loopback, spoken to over WebSocket (protocol majiang.server/1, docs/server.md): a hand
against three bots, reconnection with the token, 托管 after the time limit, and bad input
(malformed JSON, binary, oversized frames, floods) that never takes a room down."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_process import Client, ServerProcess
from websockets.exceptions import ConnectionClosed

from majiang.game import replay


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("server") / "tables.db").start()
    yield proc
    proc.stop()


def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A simple player: wins when it can, passes on claims, else discards the last option."""
    for kind in ("win", "pass"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[-1]


def new_room(c: Client, **fields: Any) -> str:
    fields.setdefault("claim_window", 0)  # these tests are not about its length
    c.send(type="create", **fields)
    created = c.until("created")
    room: str = created["room"]
    return room


def play_to_end(c: Client, stream: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Acts on every prompt until the match ends; ``stream`` gets every event by seq."""
    while True:
        f = c.recv()
        if f["type"] in ("events", "state"):
            first = f["from"] if f["type"] == "state" else f["seq"]
            for i, e in enumerate(f["events"]):
                assert stream.setdefault(first + i, e) == e, "a resent event is the same"
            if f["legal"]:
                c.send(type="act", action=choose(f["legal"]), seq=first + len(f["events"]))
        elif f["type"] == "hand_end" and f["match_over"]:
            return f
        elif f["type"] == "error":
            raise AssertionError(f)


def test_a_hand_against_three_bots(server: ServerProcess) -> None:
    c = server.client()
    room = new_room(c, variant="nanchang", hands=1, time_limit=0)
    c.send(type="join", room=room)
    joined = c.until("joined")
    assert joined["seat"] == 0 and len(joined["token"]) >= 32
    state = c.until("state")
    assert state["room"]["status"] == "waiting" and state["legal"] == []
    c.send(type="ready")
    stream: dict[int, dict[str, Any]] = {}
    end = play_to_end(c, stream)
    assert sum(end["settlement"]["deltas"]) == 0
    # the client saw every event once, in order, and the store holds the whole hand
    assert sorted(stream) == list(range(len(stream)))
    stored = server.get(f"/api/hands/{room}/0")
    assert len(stored["events"]) == len(stream) == len(stored["steps"])
    assert stored["settlement"] == end["settlement"]
    assert replay(stored["events"]).scores == tuple(end["scores"])
    assert any(h["room"] == room for h in server.get("/api/hands"))
    c.close()


def test_reconnection_with_the_token_resyncs(server: ServerProcess) -> None:
    c = server.client()
    room = new_room(c, variant="pingxiang", hands=1, seats=["person", "person", "bot", "bot"])
    c.send(type="join", room=room, seat=1)
    token = c.until("joined")["token"]
    other = server.client()
    other.send(type="join", room=room, seat=1)
    assert other.until("error")["code"] == "seat_taken"
    other.send(type="join", room=room, token="not-a-token")
    assert other.until("error")["code"] == "bad_token"
    other.send(type="ready")
    assert other.until("error")["code"] == "not_joined"
    other.send(type="join", room=room)
    assert other.until("joined")["seat"] == 0
    other.send(type="ready")
    c.send(type="ready")
    before = c.until("state")  # sent when the match starts
    c.close()
    again = server.client()
    again.send(type="join", room=room, token=token)
    joined = again.until("joined")
    assert joined["seat"] == 1 and "token" not in joined
    state = again.until("state")
    assert state["seat"] == 1 and state["seq"] >= before["seq"]
    assert state["events"][: len(before["events"])] == before["events"]
    assert state["view"]["seat"] == 1 and state["view"]["hand"]
    again.send(type="resync")
    assert again.until("state")["seq"] >= state["seq"]
    again.close()
    other.close()


def test_a_seat_that_does_not_act_is_played_by_a_bot(server: ServerProcess) -> None:
    c = server.client()
    room = new_room(c, variant="nanjing", hands=1, time_limit=0.3)
    c.send(type="join", room=room)
    c.until("joined")
    c.send(type="ready")
    asked = c.recv()
    while not asked.get("legal"):
        asked = c.recv()
    assert 0 < asked["deadline_in"] <= 0.3  # the frame that asks says the time left
    auto = c.until("auto", timeout=30)
    assert auto == {"type": "auto", "on": True, "reason": "time"}
    # the bot plays the seat: its events go on without this client acting
    f = c.recv()
    while f["type"] not in ("events", "hand_end"):
        f = c.recv()
    c.send(type="auto", on=False)
    info = c.until("room")
    while info["seats"][0]["auto"]:
        info = c.until("room")
    c.close()
    # the store says who played: the seat's moves after the time limit are EfficiencyBot's
    import sqlite3

    con = sqlite3.connect(server.db)
    actors = {a for (a,) in con.execute("SELECT actor FROM actions WHERE room = ?", (room,))}
    con.close()
    assert "auto" in actors


def test_bad_input_gets_errors_and_never_takes_a_room_down(server: ServerProcess) -> None:
    c = server.client()
    c.ws.send("{not json")
    assert c.until("error")["code"] == "bad_json"
    c.ws.send(b"\x00\x01")
    assert c.until("error")["code"] == "bad_frame"
    c.send(type="act", action={"type": "discard", "tile": "5m"}, id=4)
    err = c.until("error")
    assert err["code"] == "not_joined" and err["id"] == 4
    c.send(type="create", variant="nanchang", hands=99)
    assert "hands must be" in c.until("error")["message"]
    c.send(type="create", variant="nanchang", options={"no_such_option": 1})
    assert c.until("error")["code"] == "bad_room"
    c.send(type="ping", id="p")
    assert c.until("pong") == {"type": "pong", "id": "p"}
    # a frame past the limit closes the connection (1009)
    big = server.client()
    big.ws.send('{"type": "ping", "id": "' + "x" * 40_000 + '"}')
    with pytest.raises(ConnectionClosed):
        while True:
            big.recv(5)
    # a flood is refused, then disconnected
    flood = server.client()
    for _ in range(400):
        try:
            flood.ws.send('{"type": "ping"}')
        except ConnectionClosed:
            break
    codes = []
    with pytest.raises(ConnectionClosed):
        while True:
            codes.append(flood.recv(5).get("code"))
    assert "flood" in codes
    # the server still plays
    room = new_room(c, variant="nanchang", hands=1)
    c.send(type="join", room=room)
    c.until("joined")
    c.send(type="ready")
    play_to_end(c, {})
    c.close()


def test_the_browser_files_are_served(server: ServerProcess, tmp_path: Path) -> None:
    import urllib.request

    with urllib.request.urlopen(server.url + "/", timeout=5) as r:
        page = r.read().decode()
    assert "<script" in page and "majiang" in page.lower()
    assert server.get("/api/variants") == sorted(server.get("/api/variants"))


def test_a_lean_client_gets_its_view_only_when_asked(server: ServerProcess) -> None:
    c = server.client()
    room = new_room(c, variant="nanchang", hands=1, time_limit=0)
    c.send(type="join", room=room, lean=True)
    c.until("joined")
    assert c.until("state")["view"]["seat"] == 0  # a resync always has the view
    c.send(type="ready")
    frames = []
    while True:
        f = c.recv()
        if f["type"] == "events":
            frames.append(f)
            assert (f["view"] is not None) == bool(f["legal"])
            if f["legal"]:
                c.send(type="act", action=choose(f["legal"]), seq=f["seq"] + len(f["events"]))
        elif f["type"] == "state" and f["legal"]:
            c.send(type="act", action=choose(f["legal"]), seq=f["seq"])
        elif f["type"] == "hand_end":
            break
    assert any(f["view"] is None for f in frames) and any(f["view"] for f in frames)
    c.close()


def test_random_frames_never_take_the_server_down(server: ServerProcess) -> None:
    import json
    import random

    rng = random.Random(16)
    player = server.client()
    room = new_room(player, variant="nanjing", hands=1)
    player.send(type="join", room=room)
    player.until("joined")
    fuzz = server.client()
    fuzz.send(type="join", room=new_room(fuzz, variant="nanchang", hands=1))
    fuzz.until("joined")
    pieces: list[object] = ["act", "join", "ready", "create", 7, None, True, [], {}, "5m", -1]
    sent = 0
    for _ in range(90):  # under the flood limit's burst of 100
        frame = {rng.choice(["type", "action", "seat", "room", "x"]): rng.choice(pieces)}
        frame.update(type=rng.choice(["act", "join", "create", "resync", "auto", 3]))
        if rng.random() < 0.5:
            frame["action"] = {"type": rng.choice(["discard", "kong", "chow"]), "tile": "9z"}
        text = json.dumps(frame)
        if rng.random() < 0.2:
            text = text[: rng.randrange(len(text))]
        fuzz.ws.send(text)
        sent += 1
    codes: set[str] = set()
    while len(codes) < 2:
        f = fuzz.recv()
        if f["type"] == "error":
            codes.add(f["code"])
    assert sent == 90
    # the other room plays on to its end
    player.send(type="ready")
    assert sum(play_to_end(player, {})["settlement"]["deltas"]) == 0


def test_four_people_play_a_match_and_each_sees_only_its_hand(server: ServerProcess) -> None:
    from websockets.exceptions import ConnectionClosed as Closed

    host = server.client()
    room = new_room(host, variant="sichuan", hands=1, seats=["person"] * 4, time_limit=0)
    host.close()
    people = [server.client() for _ in range(4)]
    for s, c in enumerate(people):
        c.send(type="join", room=room, seat=s)
        c.until("joined")
    for c in people:
        c.send(type="ready")
    streams: list[dict[int, dict[str, Any]]] = [{} for _ in range(4)]
    done = [False] * 4
    prompts = [0] * 4
    while not all(done):
        for s, c in enumerate(people):
            if done[s]:
                continue
            try:
                f = c.recv(0.02)
            except TimeoutError:
                continue
            except Closed as closed:
                raise AssertionError(f"seat {s} was disconnected") from closed
            if f["type"] in ("events", "state"):
                first = f["from"] if f["type"] == "state" else f["seq"]
                for i, e in enumerate(f["events"]):
                    assert streams[s].setdefault(first + i, e) == e
                assert f["view"]["seat"] == s
                if f["legal"]:
                    prompts[s] += 1
                    c.send(type="act", action=choose(f["legal"]), seq=first + len(f["events"]))
            elif f["type"] == "hand_end":
                done[s] = True
            elif f["type"] == "error":
                raise AssertionError((s, f))
    # one log, four views of it: the same events, each deal showing only its own hand
    assert len({len(x) for x in streams}) == 1 and all(prompts)
    deals = [x[0] for x in streams]
    for s, deal in enumerate(deals):
        assert [h is not None for h in deal["hands"]] == [t == s for t in range(4)]
    for c in people:
        c.close()
