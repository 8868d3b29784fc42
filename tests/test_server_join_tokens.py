"""Signed join tokens (the operator's login hook): a valid token takes a seat and records
its user id (in memory and in the store, across a restart); an expired, altered, foreign or
wrong-room token gets its own error frame and changes nothing; the per-seat tokens stay."""

from __future__ import annotations

import copy
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from server_inproc import Local

from majiang.cli import main
from majiang.server import Limits, ServerConfigError, TableServer
from majiang.server.join_tokens import (
    JoinTokenError,
    _b64,
    _sign,
    checked_secret,
    mint_join_token,
    verify_join_token,
)

SECRET = "operator-secret-0123456789"
NOW = 1_900_000_000.0


def test_a_token_verifies_only_with_its_secret_room_and_time() -> None:
    t = mint_join_token(SECRET, "room1", "alice", seat=1, expires_at=int(NOW) + 60)
    grant = verify_join_token(SECRET, t, "room1", now=NOW)
    assert (grant.room, grant.seat, grant.user, grant.expires_at) == ("room1", 1, "alice", NOW + 60)
    cases = {
        "bad_auth": [
            (SECRET + "x", t, "room1"),  # another server's secret
            (SECRET, t[:-2] + ("AA" if not t.endswith("AA") else "BB"), "room1"),  # signature
            (SECRET, t.replace(t.split(".")[1], t.split(".")[1][:-1] + "x"), "room1"),  # payload
            (SECRET, "mj1." + t.split(".", 1)[1] + ".x", "room1"),
            (SECRET, "mj2" + t[3:], "room1"),
            (SECRET, "", "room1"),
            (SECRET, "a.b", "room1"),
        ],
        "wrong_room": [(SECRET, t, "room2")],
    }
    for code, items in cases.items():
        for secret, token, room in items:
            with pytest.raises(JoinTokenError) as e:
                verify_join_token(secret, token, room, now=NOW)
            assert e.value.code == code, (token, e.value)
    with pytest.raises(JoinTokenError, match="auth_expired"):
        verify_join_token(SECRET, t, "room1", now=NOW + 60)
    # a properly signed payload that is not a token's is refused as well
    key = checked_secret(SECRET)
    for body in (b"[1]", b"{not json", json.dumps({"room": "room1", "user": "x"}).encode()):
        payload = _b64(body)
        forged = f"mj1.{payload}.{_sign(key, 'mj1.' + payload)}"
        with pytest.raises(JoinTokenError, match="bad_auth"):
            verify_join_token(SECRET, forged, "room1", now=NOW)


def test_bad_mint_arguments_and_short_secrets_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 16 bytes"):
        mint_join_token("short", "r", "u")
    with pytest.raises(ValueError, match="user must be"):
        mint_join_token(SECRET, "r", "")
    with pytest.raises(ValueError, match="seat must be"):
        mint_join_token(SECRET, "r", "u", seat=True)
    with pytest.raises(ServerConfigError, match="--join-secret"):
        TableServer(":memory:", join_secret="short")


@given(st.text(max_size=300))
def test_any_string_is_refused_with_a_join_token_error(text: str) -> None:
    with pytest.raises(JoinTokenError):
        verify_join_token(SECRET, text, "room1", now=NOW)


PEOPLE = {"type": "create", "hands": 1, "seats": ["person", "person", "bot", "bot"]}


def signed_server(db: str = ":memory:") -> TableServer:
    return TableServer(db, Limits(rate=1e9, burst=1e9), join_secret=SECRET)


def snapshot(server: TableServer, rid: str) -> Any:
    room = server.rooms[rid]
    seats = [(s.token_hash, s.user, len(s.clients), s.ready) for s in room.seats]
    return seats, copy.deepcopy(server.store.rooms())


def test_a_valid_token_takes_a_seat_and_records_the_user(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    server = signed_server(db)
    host = Local(server)
    host.send(PEOPLE)
    rid = host.take()[0]["room"]
    alice = Local(server)
    alice.send({"type": "join", "room": rid, "auth": mint_join_token(SECRET, rid, "alice")})
    joined = alice.take()[0]
    assert joined["type"] == "joined" and joined["seat"] == 0 and joined["user"] == "alice"
    assert isinstance(joined["token"], str), "the seat's own token is handed out as before"
    bob = Local(server)
    bob.send({"type": "join", "room": rid, "auth": mint_join_token(SECRET, rid, "bob", seat=1)})
    assert bob.take()[0]["seat"] == 1
    room = server.rooms[rid]
    assert [s.user for s in room.seats] == ["alice", "bob", None, None]
    assert [s["user"] for s in server.store.rooms()[0]["seats"]] == ["alice", "bob", None, None]
    # alice again, on a new connection with a new token: her seat, no new seat token
    again = Local(server)
    again.send({"type": "join", "room": rid, "auth": mint_join_token(SECRET, rid, "alice")})
    rejoined = again.take()[0]
    assert (rejoined["seat"], rejoined["user"]) == (0, "alice") and "token" not in rejoined
    # ... and with her seat's own token
    third = Local(server)
    third.send({"type": "join", "room": rid, "token": joined["token"]})
    assert third.take()[0]["seat"] == 0
    # a restart keeps the user ids
    later = TableServer(db, join_secret=SECRET)
    later.load()
    assert [s.user for s in later.rooms[rid].seats] == ["alice", "bob", None, None]


def test_refused_tokens_get_their_code_and_change_nothing() -> None:
    server = signed_server()
    host = Local(server)
    host.send(PEOPLE)
    rid = host.take()[0]["room"]
    host.send({**PEOPLE})
    other = host.take()[0]["room"]
    watcher = Local(server)
    watcher.send({"type": "join", "room": rid, "auth": mint_join_token(SECRET, rid, "w")})
    watcher.take()
    good = mint_join_token(SECRET, rid, "mallory")
    payload = good.split(".")[1]
    tampered_body = json.dumps(
        {"exp": 2**40, "room": rid, "seat": None, "user": "admin"}, separators=(",", ":")
    )
    cases = {
        "auth_expired": mint_join_token(SECRET, rid, "mallory", expires_in=-1),
        "bad_auth": good.replace(payload, _b64(tampered_body.encode())),
        "wrong_room": mint_join_token(SECRET, other, "mallory"),
    }
    before = snapshot(server, rid)
    for code, token in cases.items():
        c = Local(server)
        c.send({"type": "join", "room": rid, "auth": token, "id": code})
        (err,) = c.take()
        assert (err["type"], err["code"], err["id"]) == ("error", code, code)
        assert c.conn.room is None and c.conn.seat is None
        assert snapshot(server, rid) == before, code
        assert watcher.take() == [], "the others are told nothing"
    # a token for seat 1 with the frame asking seat 0; a seat taken; anonymous joins
    c = Local(server)
    c.send({"type": "join", "room": rid, "seat": 0, "auth": mint_join_token(SECRET, rid, "m", 1)})
    c.send({"type": "join", "room": rid, "auth": mint_join_token(SECRET, rid, "m", seat=0)})
    c.send({"type": "join", "room": rid})
    c.send({"type": "join", "room": rid, "token": "x", "auth": good})
    codes = [f["code"] for f in c.take()]
    assert codes == ["bad_auth", "seat_taken", "auth_required", "bad_frame"]
    assert snapshot(server, rid) == before and watcher.take() == []


def test_anonymous_servers_keep_their_seat_tokens_and_refuse_auth() -> None:
    server = TableServer(":memory:")
    host = Local(server)
    host.send(PEOPLE)
    rid = host.take()[0]["room"]
    c = Local(server)
    c.send({"type": "join", "room": rid, "auth": mint_join_token(SECRET, rid, "u")})
    assert c.take()[0]["code"] == "auth_unavailable"
    c.send({"type": "join", "room": rid})
    joined = c.take()[0]
    assert joined["type"] == "joined" and "user" not in joined
    assert server.rooms[rid].seats[0].user is None


def test_a_database_from_before_user_ids_is_migrated(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.executescript(
        """
        CREATE TABLE seats (room TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
            token_hash TEXT, ready INTEGER NOT NULL DEFAULT 0,
            auto INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (room, seat));
        """
    )
    con.commit()
    con.close()
    server = TableServer(str(db))
    room = server.create_room({**PEOPLE, "options": {}, "variant": "nanchang", "time_limit": 0})
    assert [s["user"] for s in server.store.rooms()[0]["seats"]] == [None] * 4
    room.join(Local(server).conn, 0, user="carol")
    assert server.store.rooms()[0]["seats"][0]["user"] == "carol"


def test_the_cli_takes_the_secret_from_a_flag_or_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["serve", "--db", ":memory:", "--join-secret", "short"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--join-secret" in err and "16 bytes" in err
    monkeypatch.setenv("MAJIANG_JOIN_SECRET", "tiny")
    assert main(["serve", "--db", ":memory:"]) == 2
    assert "16 bytes" in capsys.readouterr().err


def test_the_log_names_the_user_and_never_the_token() -> None:
    import io
    import logging

    from majiang.server.logs import configure

    out = io.StringIO()
    handler = configure("info", out)
    try:
        server = signed_server()
        host = Local(server)
        host.send(PEOPLE)
        rid = host.take()[0]["room"]
        token = mint_join_token(SECRET, rid, "alice@example.com")
        c = Local(server)
        c.send({"type": "join", "room": rid, "auth": token})
        seat_token = c.take()[0]["token"]
        Local(server).send({"type": "join", "room": rid, "auth": token[:-1]})
    finally:
        logging.getLogger("majiang.server").removeHandler(handler)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    joined = [x for x in lines if x["event"] == "seat_joined"]
    assert [(x["seat"], x["user"], x["reconnect"]) for x in joined] == [
        (0, "alice@example.com", False)
    ]
    assert [x["code"] for x in lines if x["event"] == "error"] == ["bad_auth"]
    text = out.getvalue()
    assert token.split(".")[2] not in text and seat_token not in text and SECRET not in text


def test_the_minting_snippet_in_the_docs_makes_tokens_the_server_takes() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "server.md").read_text()
    start = doc.index("```python\nimport base64, hashlib")
    code = doc[start + len("```python\n") : doc.index("```", start + 10)]
    scope: dict[str, Any] = {}
    exec(code, scope)
    token = scope["mint"](SECRET, "room1", "dora", 3)
    grant = verify_join_token(SECRET, token, "room1")
    assert (grant.seat, grant.user) == (3, "dora")
