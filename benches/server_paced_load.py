"""The table server under human-paced load, on loopback only: many tables of four person
seats whose clients think 0.5-3 s (seeded random) before every action, as people do.

    python benches/server_paced_load.py [--tables 500] [--seconds 90] [--lean] [--cpu-check]

Starts ``majiang serve`` on a free loopback port with a fresh SQLite file (the server's
defaults: a 1 s claim window, 30 s time limit), measures its memory, creates ``--tables``
rooms of four person seats (64 hands each: they play for the whole run) and opens one
WebSocket per seat from this process (4 x tables connections, offering permessage-deflate
as browsers do; ``--no-compression`` not). Every client acts on every prompt after its think
time (win when it can, pass on claims, else a seeded random discard). Over the measured
window (after ``--warmup`` seconds of play) it reports action latency (an ``act`` sent to
the next ``events`` frame on that connection: the server's answer) p50, p99 and max, actions
a second, the CPU time the server and the clients took (process CPU seconds over the window,
as cores), and the server's memory: VmRSS with no table, with every table joined, and while
they play — its growth over the tables is the memory a table with its four connections
costs. Stops by itself after ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from server_load import Server, choose
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

TICK = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def run_queue_wait(pid: int) -> float:
    """Seconds the process's threads have waited, runnable, for a CPU (schedstat): the
    share of the machine other processes took from it."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[1]) / 1e9
    return total


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Seat:
    """One human-paced client: its socket, its think-time generator and its latencies."""

    def __init__(self, room: str, seat: int, seed: int, think: tuple[float, float]) -> None:
        self.room, self.seat = room, seat
        self.rng = random.Random(seed)
        self.think = think
        self.ws: ClientConnection | None = None
        self.sent: float | None = None
        self.latencies: list[tuple[float, float]] = []  # (when sent, seconds)
        self.pending: asyncio.TimerHandle | None = None
        self.errors: dict[str, int] = {}


class Paced:
    def __init__(self, server: Server, args: argparse.Namespace) -> None:
        self.server, self.args = server, args
        self.seats: list[Seat] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}/ws"

    async def open(self) -> ClientConnection:
        compression = None if self.args.no_compression else "deflate"
        ws = await connect(self.url, max_size=2**24, open_timeout=60, compression=compression)
        json.loads(await ws.recv())  # welcome
        return ws

    async def call(self, ws: ClientConnection, frame: dict[str, Any], want: str) -> dict[str, Any]:
        await ws.send(json.dumps(frame))
        while True:
            got: dict[str, Any] = json.loads(await ws.recv())
            if got["type"] == want:
                return got
            if got["type"] == "error":
                raise RuntimeError(got)

    async def seat_up(self, s: Seat, sem: asyncio.Semaphore) -> None:
        async with sem:  # a bounded number of handshakes at once
            s.ws = await self.open()
            join = {"type": "join", "room": s.room, "seat": s.seat, "lean": self.args.lean}
            await self.call(s.ws, join, "joined")

    def act_later(self, s: Seat, action: dict[str, Any], seq: int) -> None:
        """The seat thinks, then acts (one pending action per seat: a newer prompt wins)."""
        if s.pending is not None:
            s.pending.cancel()
        wait = s.rng.uniform(*s.think)
        loop = asyncio.get_running_loop()
        frame = json.dumps({"type": "act", "action": action, "seq": seq})
        s.pending = loop.call_later(wait, lambda: asyncio.ensure_future(self.send(s, frame)))

    async def send(self, s: Seat, frame: str) -> None:
        s.pending = None
        if self.stopping or s.ws is None:
            return
        s.sent = time.perf_counter()
        with contextlib.suppress(ConnectionClosed):
            await s.ws.send(frame)

    async def play(self, s: Seat) -> None:
        assert s.ws is not None
        await s.ws.send(json.dumps({"type": "ready"}))
        while not self.stopping:
            try:
                f = json.loads(await s.ws.recv())
            except ConnectionClosed:
                return
            kind = f["type"]
            if kind in ("events", "state"):
                if kind == "events" and s.sent is not None:
                    now = time.perf_counter()
                    s.latencies.append((s.sent, now - s.sent))
                    s.sent = None
                if f["legal"]:
                    first = f["from"] if kind == "state" else f["seq"]
                    self.act_later(s, choose(f["legal"], s.rng), first + len(f["events"]))
            elif kind == "error":
                s.errors[f["code"]] = s.errors.get(f["code"], 0) + 1
                s.sent = None

    async def run(self) -> dict[str, Any]:
        a = self.args
        out: dict[str, Any] = {}
        control = await self.open()
        # one hand of bots first: the engine, the bots and the store warmed up, so that the
        # growth measured below is the tables' own
        warm = {"type": "create", "hands": 1, "seats": ["bot"] * 4, "claim_window": 0}
        await self.call(control, warm, "created")
        await asyncio.sleep(3.0)
        out["server_rss_mib_empty"] = round(self.server.memory()[0] / 1024, 1)
        for t in range(a.tables):
            if t and t % 90 == 0:  # a connection's frame bucket holds 100 at once
                await control.close()
                control = await self.open()
            frame = {"type": "create", "hands": 64, "seats": ["person"] * 4}
            room = (await self.call(control, frame, "created"))["room"]
            for seat in range(4):
                seed = a.seed * 1_000_003 + t * 4 + seat
                self.seats.append(Seat(room, seat, seed, (a.think_min, a.think_max)))
        await control.close()
        start = time.perf_counter()
        sem = asyncio.Semaphore(64)
        await asyncio.gather(*(self.seat_up(s, sem) for s in self.seats))
        out["connect_s"] = round(time.perf_counter() - start, 1)
        await asyncio.sleep(1.0)
        out["server_rss_mib_joined"] = round(self.server.memory()[0] / 1024, 1)
        self.tasks = [asyncio.create_task(self.play(s)) for s in self.seats]
        await asyncio.sleep(a.warmup)
        pid = self.server.proc.pid if self.server.proc is not None else 0
        t0, server0, client0 = time.perf_counter(), process_cpu(pid), own_cpu()
        wait0, cwait0 = run_queue_wait(pid), run_queue_wait(os.getpid())
        load0 = os.getloadavg()
        rss: list[int] = []
        while time.perf_counter() - t0 < a.seconds:
            await asyncio.sleep(1.0)
            rss.append(self.server.memory()[0])
        t1, server1, client1 = time.perf_counter(), process_cpu(pid), own_cpu()
        wait1, cwait1 = run_queue_wait(pid), run_queue_wait(os.getpid())
        load1 = os.getloadavg()
        self.stopping = True
        for s in self.seats:
            if s.pending is not None:
                s.pending.cancel()
            if s.ws is not None:
                await s.ws.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        window = t1 - t0
        lat = sorted(x for s in self.seats for when, x in s.latencies if t0 <= when < t1)
        errors: dict[str, int] = {}
        for s in self.seats:
            for code, n in s.errors.items():
                errors[code] = errors.get(code, 0) + n
        _, hwm = self.server.memory()
        empty = out["server_rss_mib_empty"]
        playing = max(rss) / 1024
        out |= {
            "tables": a.tables,
            "connections": 4 * a.tables,
            "window_s": round(window, 1),
            "actions": len(lat),
            "actions_per_s": round(len(lat) / window, 1),
            "latency_ms_p50": round(1000 * lat[len(lat) // 2], 2) if lat else None,
            "latency_ms_p99": round(1000 * lat[int(len(lat) * 0.99)], 2) if lat else None,
            "latency_ms_max": round(1000 * lat[-1], 2) if lat else None,
            "server_cores": round((server1 - server0) / window, 3),
            "client_cores": round((client1 - client0) / window, 3),
            # seconds a second the process waited, runnable, for a CPU others held
            "server_cpu_wait": round((wait1 - wait0) / window, 3),
            "client_cpu_wait": round((cwait1 - cwait0) / window, 3),
            "server_cpu_ms_per_action": round(1000 * (server1 - server0) / max(1, len(lat)), 2),
            "server_rss_mib_playing_peak": round(playing, 1),
            "server_hwm_mib": round(hwm / 1024, 1),
            "kib_per_table_joined": round(
                1024 * (out["server_rss_mib_joined"] - empty) / a.tables, 1
            ),
            "kib_per_table_playing": round(1024 * (playing - empty) / a.tables, 1),
            "load_before": [round(x, 2) for x in load0],
            "load_after": [round(x, 2) for x in load1],
            "errors": errors,
        }
        return out


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--seconds", type=float, default=90.0, help="the measured window")
    p.add_argument("--warmup", type=float, default=15.0, help="play before measuring")
    p.add_argument("--think-min", type=float, default=0.5)
    p.add_argument("--think-max", type=float, default=3.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lean", action="store_true", help="lean clients (view only with a prompt)")
    p.add_argument("--no-compression", action="store_true", help="offer no permessage-deflate")
    p.add_argument("--cpu-check", action="store_true")
    p.add_argument("--timeout", type=float, default=600.0)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    if not (1 <= args.tables <= 3000 and 5 <= args.seconds <= 300):
        p.error("--tables 1-3000, --seconds 5-300")
    if not 0 < args.think_min <= args.think_max <= 30:
        p.error("--think-min and --think-max: 0 < min <= max <= 30")
    out: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} vCPUs",
        "python": platform.python_version(),
        "lean": args.lean,
        "compression_offered": not args.no_compression,
        "think_s": [args.think_min, args.think_max],
    }
    if args.cpu_check:
        from compare_game import cpu_share

        out["cpu_before"] = cpu_share()
    # 4 x tables sockets in this process, and as many in the server
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 8 * args.tables + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "paced.db", args.tables + 1)  # and the warm-up room
        server.start()
        try:
            out |= asyncio.run(asyncio.wait_for(Paced(server, args).run(), args.timeout))
        finally:
            server.stop()
    if args.cpu_check:
        out["cpu_after"] = cpu_share()
    print(json.dumps(out, indent=None if args.json else 2))
    if out.get("errors", {}).keys() - {"stale"}:
        sys.exit(1)


if __name__ == "__main__":
    main()
