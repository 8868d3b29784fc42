"""``/metrics`` (Prometheus text) and ``/healthz``: scraped while hands are played, every
count checked against what the server and its store hold at that moment."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from server_inproc import Local, http_get, local_server
from server_process import ServerProcess

from majiang.server import TableServer

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def parse(text: str) -> Samples:
    out: Samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def scrape_local(server: TableServer) -> Samples:
    """``GET /metrics`` through the ASGI app, in this process."""
    import asyncio

    sent: list[dict[str, Any]] = []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/metrics",
        "raw_path": b"/metrics",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    asyncio.run(server.app()(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] == 200
    ctype = dict(start["headers"])[b"content-type"].decode()
    assert ctype.startswith("text/plain; version=")  # prometheus_client's own text format
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return parse(body.decode())


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def actions_by_actor(samples: Samples) -> dict[str, float]:
    return {
        dict(labels)["actor"]: v
        for (name, labels), v in samples.items()
        if name == "majiang_actions_total"
    }


def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    for kind in ("win", "pass"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[-1]


def test_counts_move_with_a_played_hand() -> None:
    server = local_server()
    c = Local(server)
    before = scrape_local(server)
    for state in ("waiting", "playing", "finished"):
        assert value(before, "majiang_rooms", state=state) == 0
    assert value(before, "majiang_seats_connected") == 0
    c.send({"type": "create", "hands": 1, "time_limit": 0, "claim_window": 0})
    rid = c.take()[0]["room"]
    s = scrape_local(server)
    assert value(s, "majiang_rooms", state="waiting") == 1
    assert value(s, "majiang_leases_held") == 1, "one process holds every room it has"
    c.send({"type": "join", "room": rid})
    c.take()
    assert value(scrape_local(server), "majiang_seats_connected") == 1
    c.send({"type": "ready"})  # no event loop: the bots play at once up to our turn
    room = server.rooms[rid]
    s = scrape_local(server)
    assert value(s, "majiang_rooms", state="playing") == 1
    assert value(s, "majiang_rooms", state="waiting") == 0
    # every action the room stored is counted, by actor, and timed in the store
    assert sum(actions_by_actor(s).values()) == room.actions == len(server.store.actions(rid))
    assert value(s, "majiang_db_latency_seconds_count") == room.actions
    assert value(s, "majiang_action_latency_seconds_count") == 0
    person = 0
    prompt = next(f for f in reversed(c.take()) if f["type"] in ("state", "events"))
    refused = False
    while room.status == "playing":
        if not refused:  # one illegal action: an error counted, nothing else moves
            c.send({"type": "act", "action": {"type": "chow", "tiles": "123m"}, "id": 1})
            (err,) = c.take()
            assert err["code"] == "illegal_action"
            after = scrape_local(server)
            assert value(after, "majiang_errors_total", code="illegal_action") == 1
            assert actions_by_actor(after) == actions_by_actor(s)
            refused = True
        assert prompt["legal"], prompt
        c.send({"type": "act", "action": choose(prompt["legal"])})
        person += 1
        frames = c.take()
        s = scrape_local(server)
        by_actor = actions_by_actor(s)
        assert by_actor["person"] == person
        assert value(s, "majiang_action_latency_seconds_count") == person
        assert sum(by_actor.values()) == room.actions == len(server.store.actions(rid))
        assert value(s, "majiang_db_latency_seconds_count") == room.actions
        assert value(s, "majiang_db_latency_seconds_sum") > 0
        prompts = [f for f in frames if f["type"] == "events" and f["legal"]]
        if prompts:
            prompt = prompts[-1]
    s = scrape_local(server)
    assert value(s, "majiang_hands_total") == 1 == len(server.store.hands(rid))
    assert value(s, "majiang_rooms", state="finished") == 1, "its client is still connected"
    assert value(s, "majiang_rooms", state="playing") == 0
    assert by_actor.get("bot", 0) > 0 and by_actor.get("room", 0) > 0
    assert value(s, "majiang_errors_total", code="illegal_action") == 1


def test_each_server_has_its_own_registry() -> None:
    a, b = local_server(), local_server()
    Local(a).send({"type": "dance"})
    assert value(scrape_local(a), "majiang_errors_total", code="bad_frame") == 1
    assert value(scrape_local(b), "majiang_errors_total", code="bad_frame") == 0
    bots = {"type": "create", "hands": 1, "seats": ["bot"] * 4, "claim_window": 0}
    Local(b).send(bots)  # plays its hand at once (no event loop)
    assert value(scrape_local(b), "majiang_hands_total") == 1
    assert value(scrape_local(a), "majiang_hands_total") == 0


def test_leases_can_be_counted_by_the_lease_code() -> None:
    server = local_server()
    Local(server).send({"type": "create", "hands": 1})
    assert value(scrape_local(server), "majiang_leases_held") == 1
    server.telemetry.metrics.leases = lambda: 0  # e.g. a worker whose lease was taken
    assert value(scrape_local(server), "majiang_leases_held") == 0


def test_healthz_says_whether_the_store_answers() -> None:
    server = local_server()
    status, _, body = http_get(server, "/healthz")
    assert (status, body) == (200, {"live": True, "ready": True, "store": "ok", "rooms": 0})
    server.store.close()
    status, _, body = http_get(server, "/healthz")
    assert status == 503 and body["live"] is True and body["ready"] is False
    assert "closed database" in body["store"]


def test_a_real_server_is_scraped_while_a_person_plays(tmp_path: Path) -> None:
    proc = ServerProcess(tmp_path / "t.db").start()

    def scrape() -> Samples:
        with urllib.request.urlopen(proc.url + "/metrics", timeout=10) as r:
            return parse(r.read().decode())

    try:
        with urllib.request.urlopen(proc.url + "/healthz", timeout=10) as r:
            assert r.status == 200
        c = proc.client()
        assert value(scrape(), "majiang_connections") == 1
        c.send(type="create", hands=1, time_limit=0, claim_window=0)
        rid = c.until("created")["room"]
        c.send(type="join", room=rid)
        c.until("state")
        c.send(type="ready")
        acted, checked = 0, 0
        while True:
            f = c.recv()
            if f["type"] == "events" and acted > checked:
                # the frame answering an action is queued after it was counted
                s = scrape()
                assert actions_by_actor(s)["person"] == acted
                assert value(s, "majiang_action_latency_seconds_count") == acted
                checked = acted
            if f["type"] in ("events", "state") and f["legal"]:  # the dealer's is a state
                c.send(type="act", action=choose(f["legal"]))
                acted += 1
            elif f["type"] == "hand_end":
                break
        assert checked == acted > 3
        s = scrape()
        assert value(s, "majiang_hands_total") == 1
        assert value(s, "majiang_seats_connected") == 1
        c.close()
        for _ in range(50):
            s = scrape()
            if value(s, "majiang_connections") == 0:
                break
        assert value(s, "majiang_connections") == 0 and value(s, "majiang_seats_connected") == 0
        assert value(s, "majiang_rooms", state="finished") == 0, "a finished room left memory"
    finally:
        proc.stop()
