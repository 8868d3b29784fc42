"""An opening window (two-player's declarations after the deal) that every seat answers
with a pass ends with no event: the turn seat must still be told it is to act, and every
seat who plays the turn (found by tests/test_server_logs.py, where the table waited)."""

from __future__ import annotations

from server_inproc import Local, local_server


def test_the_turn_after_an_opening_window_of_passes_is_sent() -> None:
    server = local_server()
    host = Local(server)
    host.send(
        {
            "type": "create",
            "variant": "two_player",
            "seats": ["person", "person"],
            "time_limit": 0,
            "claim_window": 0,
        }
    )
    rid = host.take()[0]["room"]
    clients = [Local(server), Local(server)]
    for i, c in enumerate(clients):
        c.send({"type": "join", "room": rid, "seat": i})
    for c in clients:
        c.send({"type": "ready"})
    room = server.rooms[rid]
    assert room.game.state.phase == "declare" and sorted(room.game.to_act()) == [0, 1]
    for c in clients:
        c.take()
    first, second = room.game.to_act()
    clients[first].send({"type": "act", "action": {"type": "pass"}})
    assert [f["events"] for f in clients[first].take() if f["type"] == "events"] == [[]]
    assert clients[second].take() == [], "an answer in the window is told to its seat alone"
    events = len(room.game.events)
    clients[second].send({"type": "act", "action": {"type": "pass"}})
    assert len(room.game.events) == events and room.game.state.phase == "turn"
    turn = room.game.to_act()
    assert len(turn) == 1
    for i, c in enumerate(clients):
        # the answer's own acknowledgement (events, none new), the other seat a state
        (frame,) = [f for f in c.take() if f["type"] in ("events", "state")]
        assert frame["type"] == ("events" if i == second else "state")
        assert frame["to_act"] == turn and frame["events"] == []
        if frame["type"] == "state":
            assert frame["from"] == frame["seq"] == events
        legal = {a["type"] for a in frame["legal"]}
        assert ("discard" in legal) == (i == turn[0]), (i, legal)
