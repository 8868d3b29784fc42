"""The server's storage on both backends, SQLite and a real PostgreSQL (a throwaway cluster,
tests/pg_cluster.py): what a room leaves in the store, an action stored once however often
it is sent, the schema version and its migration from version 1 (a SQLite file written by
the first server opens, migrates and its rooms play on), a newer schema or an unreachable
database refused before anything is served."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import cluster, db, pg_url

from majiang.game import replay
from majiang.server import ServerConfigError, TableServer
from majiang.server.migrations import SCHEMA_VERSION
from majiang.server.storage import open_store

__all__ = ["db", "pg_url"]  # fixtures

BOTS = {"variant": "pingxiang", "options": {}, "hands": 2, "seats": ["bot"] * 4, "time_limit": 0.0}
PERSON = {**BOTS, "hands": 1, "seats": ["person", "bot", "bot", "bot"], "claim_window": 0.0}
V1_DUMP = Path(__file__).parent / "data" / "server-schema-v1.sql"
# the two rooms of the version-1 database (written by the server before schema versions):
# id, the person seat's token, the events stored
V1_ROOMS = [
    ("icPHYF502og", "u_ZWY4j1urbTnQ2Xykl-TzQOREEXt-Xt", 30),
    ("1S_NaeyfIzM", "jPdy9QRSg2xkLD8HXwfzfCf_VN08urci", 33),
]


class Sink:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)


def test_a_room_of_bots_is_stored_whole(db: str) -> None:
    server = TableServer(db)
    room = server.create_room(BOTS)  # no event loop: the bots play at once
    assert room.status == "finished"
    store = open_store(db)  # a second connection reads what the first committed
    assert store.events(room.id) == room.game.events
    assert replay(store.events(room.id)).scores == tuple(room.game.scores)
    hands = store.hands(room.id)
    assert [h["hand"] for h in hands] == [0, 1] and store.count_hands() == 2
    assert [h["deltas"] for h in hands] == [s.to_dict()["deltas"] for s in room.game.settlements]
    first = store.hand(room.id, 0)
    assert first is not None and first["record"] == room.game.records[0]
    assert first["events"] == room.game.events[: hands[0]["last_event"] + 1]
    assert store.hand(room.id, 2) is None
    assert len(store.actions(room.id)) == room.actions
    assert [r["id"] for r in store.rooms("finished")] == [room.id]
    assert store.rooms("playing") == []
    # the 63-bit seed and the configuration come back as they went in
    (row,) = store.rooms()
    assert row["seed"] == room.seed and row["config"] == room.config
    assert store.schema_version() == SCHEMA_VERSION
    # pages of hands in the order they were stored
    other = server.create_room(BOTS)
    listed = [(h["room"], h["hand"]) for h in store.hands()]
    assert listed == [(room.id, 0), (room.id, 1), (other.id, 0), (other.id, 1)]
    assert [(h["room"], h["hand"]) for h in store.hands(limit=2, offset=1)] == listed[1:3]


def test_an_action_sent_twice_is_stored_once(db: str) -> None:
    server = TableServer(db)
    room = server.create_room(PERSON)
    seat, _ = room.join(Sink())
    room.ready(seat)
    g = room.game
    seq = len(g.events)
    move = g.legal_actions(seat)[0].to_dict()
    room.act(seat, move, seq=seq)
    from majiang.server.room import RoomError

    with pytest.raises(RoomError, match="stale"):  # the same frame again: refused
        room.act(seat, move, seq=seq)
    store = open_store(db)
    actions = store.actions(room.id)
    assert [a for a in actions if a[2] == "person"] == [(seat, move, "person")]
    assert len(actions) == room.actions
    assert store.events(room.id) == g.events
    # the store itself refuses a doubled action: the primary key, nothing written
    before = (store.actions(room.id), store.events(room.id))
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        store.append(room.id, room.actions - 1, seat, move, "person", len(g.events), [{}], [])
    assert (store.actions(room.id), store.events(room.id)) == before


def test_a_restart_in_process_resumes_every_room_on_both_backends(db: str) -> None:
    server = TableServer(db)
    room = server.create_room(PERSON)
    sink = Sink()
    seat, token = room.join(sink)
    room.ready(seat)
    for _ in range(3):
        room.act(seat, room.game.legal_actions(seat)[0].to_dict())
    again = TableServer(db)
    assert again.load() == 1 and again.broken == []
    back = again.rooms[room.id]
    assert back.game.events == room.game.events
    assert token is not None
    other = Sink()
    assert back.join(other, token=token) == (seat, None)
    state = other.frames[1]
    assert state["seq"] == len(room.game.events)
    assert state["legal"] == [a.to_dict() for a in room.game.legal_actions(seat)]


def _v1_sqlite(path: Path) -> None:
    con = sqlite3.connect(path)
    con.executescript(V1_DUMP.read_text(encoding="utf-8"))
    con.close()


def _play_on(server: TableServer) -> None:
    """Every version-1 room is back where it was, with its token, and plays to its end."""
    assert server.load() == 2 and server.broken == []
    for rid, token, stored in V1_ROOMS:
        room = server.rooms[rid]
        sink = Sink()
        seat, _ = room.join(sink, token=token)
        state = sink.frames[1]
        assert state["type"] == "state" and state["seq"] == stored
        while room.status == "playing":
            legal = room.game.legal_actions(seat) if seat in room.game.to_act() else []
            assert legal, "the room waits for the person seat"
            room.act(seat, legal[0].to_dict(), seq=len(room.game.events))
        assert server.store.events(rid) == room.game.events
        assert [h["hand"] for h in server.store.hands(rid)] == [0, 1]


def test_a_sqlite_file_of_schema_version_1_migrates_and_its_rooms_play_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v1.db"
    _v1_sqlite(path)
    con = sqlite3.connect(path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    con.close()
    assert names == {"rooms", "seats", "actions", "events", "hands"}  # no version table
    server = TableServer(str(path))
    assert server.store.migrated_from == 1
    assert server.store.schema_version() == SCHEMA_VERSION
    _play_on(server)
    assert TableServer(str(path)).store.migrated_from == SCHEMA_VERSION


def test_a_postgresql_database_of_schema_version_1_migrates(pg_url: str) -> None:
    import psycopg

    from majiang.server.pg_store import SCHEMA

    inserts = [
        line
        for line in V1_DUMP.read_text(encoding="utf-8").splitlines()
        if line.startswith("INSERT")
    ]
    with psycopg.connect(pg_url, autocommit=True) as con:
        con.execute(SCHEMA)
        for table in ("rooms", "seats", "actions", "events", "hands"):  # parents first
            for line in inserts:
                if line.startswith(f'INSERT INTO "{table}"'):
                    con.execute(line)
    server = TableServer(pg_url)
    assert server.store.migrated_from == 1
    assert server.store.schema_version() == SCHEMA_VERSION
    _play_on(server)


def test_a_newer_schema_is_refused(db: str) -> None:
    store = open_store(db)
    store.close()
    if db.startswith("postgresql"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as con:
            con.execute("UPDATE schema_version SET version = 99")
    else:
        lite = sqlite3.connect(db)
        lite.execute("UPDATE schema_version SET version = 99")
        lite.commit()
        lite.close()
    with pytest.raises(ServerConfigError, match="schema version 99, newer than"):
        TableServer(db)


def test_an_unreachable_postgresql_is_refused_before_serving() -> None:
    missing = cluster().url("no_such_database")
    with pytest.raises(ServerConfigError, match="cannot use the PostgreSQL database"):
        TableServer(missing)
    with pytest.raises(ServerConfigError) as e:
        TableServer("postgresql://majiang:secret-pw@127.0.0.1:1/x?connect_timeout=2")
    assert "secret-pw" not in str(e.value)  # the password is never printed


def test_serve_with_an_unreachable_postgresql_is_one_line_and_exit_2() -> None:
    import subprocess
    import sys

    url = cluster().url("no_such_database").replace("majiang@", "majiang:hidden@")
    done = subprocess.run(
        [sys.executable, "-m", "majiang", "serve", "--port", "0", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("majiang serve: cannot use the PostgreSQL")
    assert "no_such_database" in lines[0] and "hidden" not in lines[0]
