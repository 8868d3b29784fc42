"""SIGKILL the table server mid-hand and start it again on the same database: every room
goes on exactly where it was (the same events, the same view, the same legal actions),
nothing lost and nothing doubled, and the match plays to its end; on SQLite and on
PostgreSQL (tests/pg_cluster.py)."""

from __future__ import annotations

from typing import Any

from pg_cluster import db
from server_process import Client, ServerProcess
from test_server_ws import choose

from majiang.game import replay


def act_n(c: Client, n: int, stream: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Acts on ``n`` prompts; returns the last frame seen (its view and legal actions)."""
    last: dict[str, Any] = {}
    while n > 0:
        f = c.recv()
        if f["type"] in ("events", "state"):
            first = f["from"] if f["type"] == "state" else f["seq"]
            for i, e in enumerate(f["events"]):
                assert stream.setdefault(first + i, e) == e
            last = f
            if f["legal"]:
                c.send(type="act", action=choose(f["legal"]), seq=first + len(f["events"]))
                n -= 1
    return last


__all__ = ["db"]  # the fixture: a SQLite file, a PostgreSQL database


def test_sigkill_mid_hand_and_every_room_resumes(db: str) -> None:
    server = ServerProcess(db).start()
    rooms: list[tuple[str, str, dict[str, Any]]] = []
    try:
        for i, variant in enumerate(("nanchang", "pingxiang", "nanjing")):
            c = server.client()
            c.send(type="create", variant=variant, hands=2, time_limit=0, claim_window=0)
            room = c.until("created")["room"]
            c.send(type="join", room=room)
            token = c.until("joined")["token"]
            c.send(type="ready")
            stream: dict[int, dict[str, Any]] = {}
            act_n(c, 3 + 2 * i, stream)
            while True:  # the next prompt: the room waits for this seat
                before = c.recv()
                if before["type"] in ("events", "state"):
                    for k, e in enumerate(before["events"]):
                        stream[before["seq"] + k] = e
                    if before["legal"]:
                        break
            before["end"] = before["seq"] + len(before["events"])
            before["stream"] = stream
            rooms.append((room, token, before))
            c.close()
        # a room of bots alone plays on its own; it is mid-match or done when killed
        bots = server.client()
        bots.send(type="create", variant="nanchang", hands=3, seats=["bot"] * 4)
        bot_room = bots.until("created")["room"]
        bots.close()
        server.kill()
        assert server.proc is not None and server.proc.returncode == -9
        server.start()
        for room, token, before in rooms:
            c = server.client()
            c.send(type="join", room=room, token=token)
            c.until("joined")
            after = c.until("state")
            # exactly where it was: nothing lost, nothing doubled
            assert after["seq"] == before["end"]
            for key in ("view", "legal", "to_act", "deadline_in"):
                assert after[key] == before[key], key
            seen = before["stream"]
            assert after["events"] == [seen[k] for k in range(after["from"], after["seq"])]
            end_stream: dict[int, dict[str, Any]] = {}
            c.send(type="resync")
            while True:
                f = c.recv()
                if f["type"] in ("events", "state"):
                    first = f["from"] if f["type"] == "state" else f["seq"]
                    for i, e in enumerate(f["events"]):
                        assert end_stream.setdefault(first + i, e) == e
                    if f["legal"]:
                        c.send(type="act", action=choose(f["legal"]), seq=first + len(f["events"]))
                elif f["type"] == "hand_end" and f["match_over"]:
                    break
            c.close()
            hands = [h for h in server.get("/api/hands") if h["room"] == room]
            assert [h["hand"] for h in hands] == [0, 1]
            events = [
                e for h in hands for e in server.get(f"/api/hands/{room}/{h['hand']}")["events"]
            ]
            assert replay(events).scores  # the stored log replays whole
            seqs = [h["first_event"] for h in hands]
            assert seqs[0] == 0 and hands[0]["last_event"] + 1 == seqs[1]
        # the bot room finished too, each of its hands stored once
        import time

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            done = [h["hand"] for h in server.get("/api/hands") if h["room"] == bot_room]
            if len(done) == 3:
                break
            time.sleep(0.2)
        assert done == [0, 1, 2]
    finally:
        server.stop()
