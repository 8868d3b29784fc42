"""The table server under load, on loopback only: many tables of bot clients playing at once
over WebSocket, bounded in count and time.

    python benches/server_load.py [--tables 200] [--hands 2] [--kill] [--lean] [--cpu-check]

Starts ``majiang serve`` on a free loopback port with a fresh SQLite file, creates
``--tables`` rooms of four person seats (``hands`` hands each, no time limit) and plays every
seat from a client in this process (one WebSocket each: 4 x tables connections): each client
acts on every prompt (win when it can, pass on claims, else a seeded random discard). It
reports hands a second (all hands over the wall time from the first ready to the last
settlement), action latency (an act sent to the next events frame on that connection) p50
and p99, the server's memory (VmRSS sampled every 0.2 s, and VmHWM), and checks that every
client's event stream is, seq for seq, the seat's view of the stored log (none lost, none
duplicated). ``--kill`` SIGKILLs the server when half the hands are done and starts it again
on the same database; every client reconnects with its token and ``since`` and plays on.
Stops by itself after ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from majiang.game import Game
from majiang.game.streams import seat_events


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    def __init__(self, db: Path, tables: int) -> None:
        self.db, self.port, self.tables = db, free_port(), max(1, tables)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "majiang",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                # every table is created from this one loopback address and connection:
                # lift the per-connection and per-address creation limits (docs/server.md)
                *("--limit", f"creates={self.tables}"),
                *("--limit", f"address_rooms={self.tables}"),
                *("--limit", f"address_burst={self.tables}"),
            ],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(300):
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{self.port}/api/variants", timeout=1
                ):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def memory(self) -> tuple[int, int]:
        """(VmRSS, VmHWM) in KiB."""
        assert self.proc is not None
        fields = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            fields[key] = value
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(20)


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    for kind in ("win", "pass"):
        for a in legal:
            if a["type"] == kind:
                return a
    discards = [a for a in legal if a["type"] == "discard"]
    return rng.choice(discards or legal)


class Seat:
    """One bot client: its seat's stream (seq → event) and its latencies."""

    def __init__(self, room: str, seat: int) -> None:
        self.room, self.seat = room, seat
        self.token = ""
        self.stream: dict[int, dict[str, Any]] = {}
        self.duplicates = 0
        self.latencies: list[float] = []
        self.sent: float | None = None
        self.done = False
        self.hands = 0
        self.rng = random.Random(hash((room, seat)) & 0xFFFF)


class Load:
    def __init__(self, server: Server, args: argparse.Namespace) -> None:
        self.server, self.args = server, args
        self.seats: list[Seat] = []
        self.hands_done = 0
        self.killed = asyncio.Event()
        self.restarted = asyncio.Event()
        self.restarted.set()
        self.reconnects = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}/ws"

    async def call(self, ws: ClientConnection, frame: dict[str, Any], want: str) -> dict[str, Any]:
        await ws.send(json.dumps(frame))
        while True:
            got: dict[str, Any] = json.loads(await ws.recv())
            if got["type"] == want:
                return got
            if got["type"] == "error":
                raise RuntimeError(got)

    async def connect(self) -> ClientConnection:
        while True:
            await self.restarted.wait()
            try:
                ws = await connect(self.url, max_size=2**24, open_timeout=10)
                json.loads(await ws.recv())  # welcome
                return ws
            except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, TimeoutError):
                await asyncio.sleep(0.2)

    def take(self, s: Seat, first: int, events: list[dict[str, Any]], resent: bool) -> None:
        for i, e in enumerate(events):
            seq = first + i
            if seq in s.stream:
                if not resent:
                    s.duplicates += 1
                if s.stream[seq] != e:
                    raise AssertionError(f"{s.room}/{s.seat}: event {seq} differs")
            else:
                if seq != len(s.stream):
                    raise AssertionError(f"{s.room}/{s.seat}: event {seq} after {len(s.stream)}")
                s.stream[seq] = e

    async def play(self, s: Seat, ws: ClientConnection, go: asyncio.Event) -> None:
        await go.wait()
        await ws.send(json.dumps({"type": "ready"}))
        while not s.done:
            try:
                f = json.loads(await ws.recv())
            except ConnectionClosed:
                ws = await self.connect()
                self.reconnects += 1
                frame = {
                    "type": "join",
                    "room": s.room,
                    "token": s.token,
                    "since": len(s.stream),
                    "lean": self.args.lean,
                }
                await ws.send(json.dumps(frame))
                s.sent = None
                continue
            kind = f["type"]
            if kind in ("events", "state"):
                first = f["from"] if kind == "state" else f["seq"]
                self.take(s, first, f["events"], kind == "state")
                if kind == "events" and s.sent is not None:
                    s.latencies.append(time.perf_counter() - s.sent)
                    s.sent = None
                if f["legal"]:
                    action = choose(f["legal"], s.rng)
                    s.sent = time.perf_counter()
                    seq = first + len(f["events"])
                    await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
            elif kind == "hand_end":
                if s.seat == 0 and f["hand"] >= s.hands:
                    s.hands = f["hand"] + 1
                    self.hands_done += 1
                if f["match_over"]:
                    s.done = True
            elif kind == "error" and f["code"] not in ("stale", "illegal_action"):
                raise RuntimeError(f)
        await ws.close()

    async def run(self) -> dict[str, Any]:
        a = self.args
        control = await self.connect()
        sockets: list[tuple[Seat, ClientConnection]] = []
        for _ in range(a.tables):
            frame = {
                "type": "create",
                "variant": a.variant,
                "hands": a.hands,
                "seats": ["person"] * 4,
                "time_limit": 0,
            }
            room = (await self.call(control, frame, "created"))["room"]
            for seat in range(4):
                s = Seat(room, seat)
                ws = await self.connect()
                join = {"type": "join", "room": room, "seat": seat, "lean": a.lean}
                s.token = (await self.call(ws, join, "joined"))["token"]
                self.seats.append(s)
                sockets.append((s, ws))
        await control.close()
        go = asyncio.Event()
        tasks = [asyncio.create_task(self.play(s, ws, go)) for s, ws in sockets]
        memory: list[int] = []
        total = a.tables * a.hands
        start = time.perf_counter()
        go.set()
        deadline = start + a.timeout
        killed_at = None
        restart_s = None
        while not all(t.done() for t in tasks):
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.hands_done} of {total} hands after {a.timeout} s")
            if a.kill and killed_at is None and self.hands_done >= total // 2:
                self.restarted.clear()
                self.server.kill()
                killed_at = time.perf_counter() - start
                self.server.start()  # loads every room from the database before it answers
                restart_s = time.perf_counter() - start - killed_at
                self.restarted.set()
            with contextlib.suppress(OSError, KeyError):
                memory.append(self.server.memory()[0])
            await asyncio.sleep(0.2)
        for t in tasks:
            t.result()
        elapsed = time.perf_counter() - start
        rss, hwm = self.server.memory()
        lat = sorted(x for s in self.seats for x in s.latencies)
        return {
            "tables": a.tables,
            "connections": 4 * a.tables,
            "hands": total,
            "seconds": round(elapsed, 2),
            "hands_per_s": round(total / elapsed, 1),
            "actions": len(lat),
            "latency_ms_p50": round(1000 * lat[len(lat) // 2], 2),
            "latency_ms_p99": round(1000 * lat[int(len(lat) * 0.99)], 2),
            "latency_ms_mean": round(1000 * statistics.fmean(lat), 2),
            "server_rss_mib_peak_sampled": round(max(memory, default=rss) / 1024, 1),
            "server_rss_mib_end": round(rss / 1024, 1),
            "server_hwm_mib": round(hwm / 1024, 1),
            "killed_at_s": None if killed_at is None else round(killed_at, 2),
            "restart_s": None if restart_s is None else round(restart_s, 2),
            "reconnects": self.reconnects,
            "duplicates": sum(s.duplicates for s in self.seats),
        }


def verify(db: Path, seats: list[Seat]) -> dict[str, int]:
    """Every client's stream equals its seat's view of the stored log, seq for seq."""
    con = sqlite3.connect(db)
    tables: dict[str, Any] = {}
    checked = mismatched = events = 0
    for s in seats:
        rows = con.execute(
            "SELECT seq, event FROM events WHERE room = ? ORDER BY seq", (s.room,)
        ).fetchall()
        assert [q for q, _ in rows] == list(range(len(rows))), "stored seqs are 0..n-1"
        stored = [json.loads(e) for _, e in rows]
        if s.room not in tables:
            variant = stored[0]["variant"]
            tables[s.room] = Game(variant).table
        view = seat_events(stored, s.seat, tables[s.room])
        mine = [s.stream[k] for k in sorted(s.stream)]
        checked += 1
        events += len(mine)
        mismatched += mine != view
    hands = con.execute(
        "SELECT COUNT(*), COUNT(DISTINCT room || '/' || hand) FROM hands"
    ).fetchone()
    con.close()
    return {
        "streams_checked": checked,
        "streams_mismatched": mismatched,
        "events_checked": events,
        "stored_hands": hands[0],
        "stored_hands_distinct": hands[1],
    }


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--hands", type=int, default=2)
    p.add_argument("--variant", default="nanchang")
    p.add_argument("--kill", action="store_true", help="SIGKILL and restart the server halfway")
    p.add_argument("--timeout", type=float, default=900.0)
    p.add_argument("--lean", action="store_true", help="lean clients (view only with a prompt)")
    p.add_argument("--cpu-check", action="store_true")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    if not (1 <= args.tables <= 1000 and 1 <= args.hands <= 16):
        p.error("--tables 1-1000, --hands 1-16")
    out: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} vCPUs",
        "python": platform.python_version(),
        "variant": args.variant,
        "lean": args.lean,
    }
    if args.cpu_check:
        from compare_game import cpu_share

        out["cpu_before"] = cpu_share()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.db"
        server = Server(db, args.tables)
        server.start()
        try:
            load = Load(server, args)
            out |= asyncio.run(load.run())
        finally:
            server.stop()
        out |= verify(db, load.seats)
    if args.cpu_check:
        out["cpu_after"] = cpu_share()
    ok = out["streams_mismatched"] == 0 and out["duplicates"] == 0
    ok = ok and out["stored_hands"] == out["stored_hands_distinct"] == out["hands"]
    out["lost_or_duplicated"] = 0 if ok else "SOME"
    print(json.dumps(out, indent=None if args.json else 2))
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
