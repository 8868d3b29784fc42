"""The table server as an ASGI application (Starlette): the WebSocket ``/ws`` speaking
:mod:`majiang.server.protocol`, a small JSON API for stored hands, and the browser table's
static files.

Example:
    >>> server = TableServer(":memory:")
    >>> app = server.app()
    >>> sorted(r.path for r in app.routes)[:4]
    ['', '/api/catalog', '/api/hands', '/api/hands/{room}/{hand}']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from majiang.game.replays import iter_replay
from majiang.server.join_tokens import JoinTokenError, checked_secret, join_as
from majiang.server.limits import (
    CONNECTIONS_PER_ADDRESS,
    TOO_MANY_CONNECTIONS,
    AddressConnections,
)
from majiang.server.metrics import CONTENT_TYPE, store_answers
from majiang.server.origin import normalize_origin, origin_allowed
from majiang.server.protocol import (
    CLAIM_WINDOW,
    MAX_FRAME,
    MAX_HANDS,
    PROTOCOL,
    ProtocolError,
    ServerConfigError,
    error_frame,
    parse_frame,
)
from majiang.server.protocol import claim_window as checked_claim_window
from majiang.server.replay_view import replay_steps
from majiang.server.room import RESYNC_BURST, RESYNC_RATE, Room, RoomError
from majiang.server.sql_store import MAX_PAGE
from majiang.server.storage import open_store
from majiang.server.telemetry import Telemetry
from majiang.server.workers import LEASE, Worker
from majiang.variants import get_variant, names
from majiang.variants.option_fields import (
    number_range,
    option_rows,
    options_module,
    room_fields,
    variant_options,
)
from majiang.variants.registry import DEFAULT

__all__ = ["Connection", "Limits", "TableServer"]

log = logging.getLogger("majiang.server")
STATIC = Path(__file__).with_name("static")
PAGE = 100
"""The hands ``GET /api/hands`` lists when no ``limit`` is given."""


class Limits:
    """What one connection, one client address and the server accept: frame size, a token
    bucket of frames (``rate`` a second, ``burst`` at once; a client that keeps sending into
    an empty bucket is disconnected after ``strikes`` refusals), the bytes of frames queued
    for a client that does not read fast enough (``queue_bytes``: past it the client is
    dropped), the number of rooms; what may be created: ``creates`` rooms per connection,
    per address a bucket of ``address_burst`` creates refilled at ``address_rate`` a second
    and at most ``address_rooms`` of its rooms open at once (``addresses`` addresses
    remembered), at most ``bot_rooms`` rooms of bots alone playing at once, each of at most
    ``bot_hands`` hands; at most ``address_connections`` connections open at once from one
    address.

    Example:
        >>> Limits().rate, Limits(rate=5).rate, Limits().queue_bytes
        (50.0, 5.0, 4194304)
    """

    def __init__(
        self,
        frame: int = MAX_FRAME,
        rate: float = 50.0,
        burst: float = 100.0,
        strikes: int = 20,
        queue_bytes: int = 4 * 2**20,
        rooms: int = 10_000,
        creates: int = 8,
        address_burst: float = 10.0,
        address_rate: float = 1 / 6,
        address_rooms: int = 20,
        addresses: int = 10_000,
        bot_rooms: int = 4,
        bot_hands: int = 8,
        address_connections: int = CONNECTIONS_PER_ADDRESS,
    ) -> None:
        self.frame, self.rate, self.burst = frame, float(rate), float(burst)
        self.strikes, self.queue_bytes, self.rooms = strikes, queue_bytes, rooms
        self.creates, self.address_rooms, self.addresses = creates, address_rooms, addresses
        self.address_burst, self.address_rate = float(address_burst), float(address_rate)
        self.bot_rooms, self.bot_hands = bot_rooms, bot_hands
        self.address_connections = address_connections


def encode_frame(frame: dict[str, Any]) -> str:
    """A server frame as JSON text; a string that is not valid Unicode (a lone surrogate a
    client sent) is escaped, so the text always encodes as UTF-8.

    Example:
        >>> encode_frame({"type": "pong", "id": "\\ud800"})
        '{"type":"pong","id":"\\\\ud800"}'
    """
    text = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(frame, ensure_ascii=True, separators=(",", ":"))
    return text


class Connection:
    """One WebSocket client: its outgoing queue (drained by a writer task, bounded in bytes)
    and the seat it is bound to."""

    def __init__(self, ws: WebSocket, limits: Limits) -> None:
        self.ws = ws
        self.limits = limits
        self.queue: asyncio.Queue[tuple[str, int] | None] = asyncio.Queue()
        self.queued = 0  # bytes (UTF-8) of the frames in ``queue``
        self.room: Room | None = None
        self.seat: int | None = None
        self.tokens = limits.burst
        self.stamp = time.monotonic()
        self.strikes = 0
        self.created = 0  # rooms this connection created
        client = getattr(ws, "client", None)
        self.address = client.host if client is not None else "?"
        self.closed = False
        self.dropped = asyncio.Event()
        self.lean = False
        self.watching: Room | None = None  # the room this connection spectates
        self.resyncs = 4.0  # a spectator's resync bucket (a seat's is the seat's)
        self.resync_stamp = self.stamp
        self.close_code = 1008

    def shut(self, code: int) -> None:
        """Closes the connection with ``code`` once the frames queued are sent
        (:data:`majiang.server.workers.MOVED`: the room is played elsewhere)."""
        if not self.closed:
            self.close_code = code
            self.queue.put_nowait(None)
            self.closed = True

    def send(self, frame: dict[str, Any]) -> None:
        """Queues a frame; a client whose queue would pass ``queue_bytes`` is dropped (it
        can reconnect and resync)."""
        if self.closed:
            return
        text = encode_frame(frame)
        size = len(text.encode("utf-8"))
        if self.queued + size > self.limits.queue_bytes:
            self.drop()
            return
        self.queued += size
        self.queue.put_nowait((text, size))

    def drop(self) -> None:
        """Disconnects a client that does not read: its queued frames are freed at once."""
        self.closed = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queued = 0
        self.queue.put_nowait(None)
        self.dropped.set()

    def allow(self) -> bool:
        """Takes one token from the bucket (False: flooding)."""
        now = time.monotonic()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.stamp) * self.limits.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.strikes = 0
            return True
        self.strikes += 1
        return False

    async def writer(self) -> None:
        """Sends the queued frames until the connection closes."""
        while True:
            item = await self.queue.get()
            if item is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(self.close_code)
                return
            text, size = item
            self.queued -= size
            try:
                await self.ws.send_text(text)
            except Exception:  # the client went away: its reader ends the connection
                self.closed = True
                return

    async def receive(self) -> Mapping[str, Any] | None:
        """The next ASGI message from the client, or None once the connection is dropped."""
        if self.dropped.is_set():
            return None
        message = asyncio.ensure_future(self.ws.receive())
        dropped = asyncio.ensure_future(self.dropped.wait())
        done, _ = await asyncio.wait({message, dropped}, return_when=asyncio.FIRST_COMPLETED)
        if message in done:
            dropped.cancel()
            return message.result()
        message.cancel()
        return None


class TableServer:
    """The rooms, the store and the handlers (``app()`` is the ASGI application).

    Example:
        >>> s = TableServer(":memory:")
        >>> room = s.create_room({"variant": "pingxiang", "options": {}, "hands": 1,
        ...     "seats": ["person", "bot", "bot", "bot"], "time_limit": 0.0})
        >>> room.status, s.rooms[room.id] is room
        ('waiting', True)
    """

    def __init__(
        self,
        db: str,
        limits: Limits | None = None,
        allow_origins: Sequence[str] = (),
        claim_window: float = CLAIM_WINDOW,
        worker: str | None = None,
        lease: float = LEASE,
        join_secret: str | bytes | None = None,
    ) -> None:
        try:
            self.claim_window = checked_claim_window(claim_window)
        except ProtocolError as e:
            raise ServerConfigError(str(e)) from None
        self.allow_origins = checked_origins(allow_origins)
        try:  # with a secret, new seats are taken with signed join tokens only
            self.join_secret = None if join_secret is None else checked_secret(join_secret)
        except ValueError as e:
            raise ServerConfigError(f"--join-secret: {e}") from None
        self.store = open_store(db)
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.broken: list[str] = []
        self.creators: dict[str, str] = {}  # room id -> the address that created it
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        # one of several workers on one database: rooms played under leases (workers.py)
        self.worker = Worker(self, worker, lease) if worker is not None else None
        self.telemetry = Telemetry()  # metrics and logs (/metrics; docs/server.md)
        self.open_connections = AddressConnections(self.limits.address_connections)

    # ------------------------------------------------------------------ rooms
    def load(self) -> int:
        """Loads every unfinished room from the store; returns how many. A room that cannot
        be rebuilt (its stored actions no longer give its stored events, e.g. after an
        engine change) is left out and named in ``broken``, never served half-right."""
        for row in self.store.rooms():
            if row["error"] is not None:
                log.error("room %s cannot be read from the store: %s", row["id"], row["error"])
                self.broken.append(row["id"])
                continue
            if row["status"] == "finished":
                continue
            if self.worker is not None and self.store.acquire(row["id"]) is None:
                continue  # another worker plays it
            try:
                room = Room.load(row, self.store)
            except Exception:
                log.exception("room %s cannot be rebuilt from the store", row["id"])
                self.broken.append(row["id"])
                continue
            room.on_finished = self._evict
            self.rooms[room.id] = room
            self.telemetry.room_loaded(room)
        return len(self.rooms)

    def _evict(self, room: Room) -> None:
        """Drops a finished room nobody is connected to (its hands stay in the store)."""
        if room.status == "finished":
            self.creators.pop(room.id, None)
            watchers = room.watch is not None and room.watch.clients
            if not any(s.clients for s in room.seats) and not watchers:
                self.rooms.pop(room.id, None)

    def _may_create(self, conn: Connection, config: dict[str, Any]) -> None:
        """The connection's and its address's creation limits (:class:`Limits`)."""
        lim = self.limits
        if conn.created >= lim.creates:
            raise RoomError("too_many_rooms", f"one connection creates at most {lim.creates} rooms")
        address = conn.address
        open_rooms = sum(1 for a in self.creators.values() if a == address)
        if open_rooms >= lim.address_rooms:
            raise RoomError(
                "too_many_rooms", f"an address has at most {lim.address_rooms} open rooms"
            )
        now = time.monotonic()
        tokens, stamp = self._buckets.pop(address, (lim.address_burst, now))
        tokens = min(lim.address_burst, tokens + (now - stamp) * lim.address_rate)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            raise RoomError(
                "too_many_rooms",
                f"an address creates at most {lim.address_burst:g} rooms at once, then one"
                f" every {1 / lim.address_rate:g} s",
            )
        self._buckets[address] = (tokens - 1, now)
        while len(self._buckets) > lim.addresses:  # forget the longest unseen address
            self._buckets.popitem(last=False)

    def create_room(self, config: dict[str, Any], conn: Connection | None = None) -> Room:
        """A new room (``config``: the checked fields of a ``create`` frame; ``conn``: the
        connection asking, whose limits apply)."""
        if len(self.rooms) >= self.limits.rooms or (self.worker and self.worker.draining):
            raise RoomError("server_full", "no more rooms on this server")
        if "person" not in config["seats"]:
            if config["hands"] > self.limits.bot_hands:
                raise RoomError(
                    "bad_room", f"a room of bots alone plays at most {self.limits.bot_hands} hands"
                )
            bots = [r for r in self.rooms.values() if r.status != "finished"]
            playing = sum(1 for r in bots if all(x.kind == "bot" for x in r.seats))
            if playing >= self.limits.bot_rooms:
                raise RoomError(
                    "server_busy",
                    f"at most {self.limits.bot_rooms} rooms of bots alone play at once",
                )
        if conn is not None:
            self._may_create(conn, config)
        keys = (
            "variant",
            "options",
            "hands",
            "seats",
            "time_limit",
            "claim_window",
            "stake",
            "hand_cap",
            "match_cap",
            "watch_delay",
        )
        cfg = {k: config[k] for k in keys if k in config}
        cfg.setdefault("claim_window", self.claim_window)
        if cfg["variant"] not in names():
            raise RoomError("bad_room", f"unknown variant {cfg['variant']!r}")
        room = Room.create(cfg, self.store)
        room.on_finished = self._evict
        self.rooms[room.id] = room
        if conn is not None:
            conn.created += 1
            self.creators[room.id] = conn.address
        self.telemetry.room_created(room, None if conn is None else conn.address)
        room.kick()
        return room

    def _room(self, rid: str) -> Room:
        room = self.rooms.get(rid)
        if room is None:
            raise RoomError("no_room", f"no room {rid[:64]!r} on this server")
        return room

    # ------------------------------------------------------------------ frames
    def handle(self, conn: Connection, frame: dict[str, Any]) -> None:
        """One checked client frame (RoomError for a refused request)."""
        kind, ref = frame["type"], frame.get("id")
        if kind == "ping":
            conn.send({"type": "pong", **({"id": ref} if ref is not None else {})})
            return
        if kind == "create":
            room = self.create_room(frame, conn)
            created = {"type": "created", "room": room.id, **room_summary(room)}
            conn.send(created | ({"id": ref} if ref is not None else {}))
            return
        if kind in ("join", "watch") and conn.watching is not None:
            raise RoomError("already_joined", "this connection already watches a room")
        if kind == "watch":
            if conn.room is not None:
                raise RoomError("already_joined", "this connection holds a seat")
            room = self._room(frame["room"])
            room.spectate(conn, frame.get("since"))
            conn.watching = room
            return
        if conn.watching is not None:
            if kind != "resync":
                raise RoomError("spectator", f"a spectator cannot {kind}")
            if not spectator_resync_allowed(conn):
                raise RoomError("flood", "too many resyncs: one every 2 s")
            conn.send(conn.watching.spectator_resync(frame.get("since")))
            return
        if kind == "join":
            if conn.room is not None:
                raise RoomError("already_joined", "this connection already holds a seat")
            room = self._room(frame["room"])
            seat, user = self._join_as(room, frame)
            conn.lean = frame.get("lean", False)
            seat, fresh = room.join(conn, seat, frame.get("token"), frame.get("since"), user)
            conn.room, conn.seat = room, seat
            user = room.seats[seat].user
            self.telemetry.seat_joined(room, seat, conn.address, fresh is None, user)
            return
        bound, at = conn.room, conn.seat
        if bound is None or at is None:
            raise RoomError("not_joined", f"join a room before {kind}")
        if kind == "ready":
            bound.ready(at)
        elif kind == "act":
            with self.telemetry.timed_action():
                bound.act(at, frame["action"], frame.get("seq"))
        elif kind == "resync":
            conn.send(bound.resync(at, frame.get("since")))
        elif kind == "auto":
            bound.set_auto(at, frame["on"])

    def _join_as(self, room: Room, frame: dict[str, Any]) -> tuple[int | None, str | None]:
        """The seat a ``join`` asks for and its signed token's user id (:func:`join_as`)."""
        try:
            return join_as(self.join_secret, room.id, frame)
        except JoinTokenError as e:
            raise RoomError(e.code, e.message) from None

    def receive_text(self, conn: Connection, data: str | None) -> None:
        """One client message (None: a binary frame): the flood bucket, the parser and
        :meth:`handle`; every refusal is an ``error`` frame to the client."""
        if data is None:
            self.refuse(conn, "bad_frame", "frames are JSON text, not binary")
            return
        if not conn.allow():
            if conn.strikes > self.limits.strikes:
                self.refuse(conn, "flood", "too many frames: disconnected")
                conn.closed = True
                conn.queue.put_nowait(None)
                return
            self.refuse(conn, "flood", "too many frames: this one was dropped")
            return
        kind: str | None = None
        try:
            frame = parse_frame(data, self.limits.frame)
            kind = frame["type"]
            self.handle(conn, frame)
        except (ProtocolError, RoomError) as e:
            ref = None if e.code == "too_large" else _ref(data)
            self.refuse(conn, e.code, e.message, ref, kind)
        except Exception:  # never let one frame take the room or server down
            log.exception("frame failed")
            self.refuse(conn, "server", "the server could not handle that frame", None, kind)

    def refuse(
        self,
        conn: Connection,
        code: str,
        message: str,
        ref: object = None,
        kind: str | None = None,
    ) -> None:
        """Sends an ``error`` frame, counted in the metrics and logged (its code only)."""
        conn.send(error_frame(code, message, ref))
        rid = None if conn.room is None else conn.room.id
        self.telemetry.error(code, kind, rid, conn.seat, conn.address)

    async def websocket(self, ws: WebSocket) -> None:
        """The ``/ws`` endpoint (a foreign ``Origin`` is refused before the handshake ends:
        HTTP 403; :mod:`majiang.server.origin`)."""
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), self.allow_origins):
            await ws.close(1008)
            return
        await ws.accept()
        conn = Connection(ws, self.limits)
        if not self.open_connections.open(conn.address):
            await self._too_many_connections(ws, conn.address)
            return
        self.telemetry.connections(self.open_connections.total)
        writer = asyncio.create_task(conn.writer())
        conn.send({"type": "welcome", "protocol": PROTOCOL, "max_frame": self.limits.frame})
        try:
            while not conn.closed:
                msg = await conn.receive()
                if msg is None or msg["type"] == "websocket.disconnect":
                    break
                text = msg.get("text")
                if self.worker is not None and conn.room is None and text is not None:
                    query = ws.scope.get("query_string", b"").decode("latin-1")
                    await self.worker.before_join(text, query)
                self.receive_text(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            if conn.room is not None and conn.seat is not None:
                room = conn.room
                room.leave(conn.seat, conn)
                self.telemetry.seat_left(room, conn.seat, conn.address)
                self._evict(room)
            if conn.watching is not None:
                conn.watching.unwatch(conn)
                self._evict(conn.watching)
            conn.closed = True
            self.open_connections.close(conn.address)
            self.telemetry.connections(self.open_connections.total)
            if conn.dropped.is_set():  # its writer may wait for ever on a full socket
                writer.cancel()
            elif not writer.done():
                conn.queue.put_nowait(None)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 2)
                writer.cancel()

    async def _too_many_connections(self, ws: WebSocket, address: str) -> None:
        """One ``error`` frame, then close code 1013 (try again later): the address already
        holds ``Limits.address_connections`` open connections."""
        limit = self.limits.address_connections
        frame = error_frame(
            "too_many_connections", f"an address holds at most {limit} open connections"
        )
        self.telemetry.error("too_many_connections", None, address=address)
        with contextlib.suppress(Exception):
            await ws.send_text(encode_frame(frame))
            await ws.close(TOO_MANY_CONNECTIONS)

    # ------------------------------------------------------------------ HTTP
    async def api_rooms(self, request: Request) -> Response:
        """Open rooms: id, status, variant, seats (GET /api/rooms)."""
        return JSONResponse([room_summary(r) | {"room": r.id} for r in self.rooms.values()])

    async def api_hands(self, request: Request) -> Response:
        """A page of the stored finished hands, oldest first (GET /api/hands?limit=&offset=;
        limit 1 to MAX_PAGE, default PAGE; the header X-Total-Count has how many)."""
        try:
            limit = _query_int(request, "limit", PAGE, 1, MAX_PAGE)
            offset = _query_int(request, "offset", 0, 0, 2**62)
        except ValueError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        total = str(self.store.count_hands())
        page = self.store.hands(limit=limit, offset=offset)
        return JSONResponse(page, headers={"X-Total-Count": total})

    async def api_hand(self, request: Request) -> Response:
        """One finished hand with its replay steps (GET /api/hands/{room}/{hand}; 404 for
        any room id or hand number that names no stored hand, numeric or not)."""
        rid, text = str(request.path_params["room"]), str(request.path_params["hand"])
        missing = JSONResponse({"error": "no such finished hand"}, status_code=404)
        if len(rid) > 64 or not (text.isascii() and text.isdigit()) or len(text) > 3:
            return missing
        hand = int(text)
        if hand >= MAX_HANDS:
            return missing
        stored = self.store.hand(rid, hand)
        if stored is None:
            return missing
        stored["steps"] = replay_steps(iter_replay(stored["events"]))
        return JSONResponse(stored)

    async def metrics(self, request: Request) -> Response:
        """The Prometheus metrics (GET /metrics; docs/server.md, "Metrics")."""
        body = self.telemetry.metrics.render(self.rooms.values())
        return Response(body, media_type=CONTENT_TYPE)

    async def healthz(self, request: Request) -> Response:
        """Liveness and readiness (GET /healthz): 200 when the store answers a query, 503
        with what failed when it does not."""
        failure = store_answers(self.store)
        body = {"live": True, "ready": failure is None, "store": failure or "ok"}
        body["rooms"] = len(self.rooms)
        return JSONResponse(body, status_code=200 if failure is None else 503)

    async def api_variants(self, request: Request) -> Response:
        """The variants a room can play (GET /api/variants)."""
        return JSONResponse(sorted(names()))

    async def replay_page(self, request: Request) -> Response:
        """The page itself at ``/replay/{room}/{hand}`` (a link to one stored hand's replay:
        the page reads the path)."""
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def api_catalog(self, request: Request) -> Response:
        """What the lobby offers (GET /api/catalog): the default variant and, per variant,
        its names in Chinese and English, its table's seats and its options with their
        defaults."""
        return JSONResponse(catalog())

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Loads the stored rooms and lets their bots and timers run."""
        self.load()
        for room in self.rooms.values():
            room.kick()
        keeper = asyncio.create_task(self.worker.run()) if self.worker else None
        yield
        if keeper is not None and self.worker is not None:
            keeper.cancel()
            self.worker.drain()
        for room in self.rooms.values():
            room.close()

    def app(self, allow_origins: Sequence[str] | None = None) -> Starlette:
        """The ASGI application; ``allow_origins`` (if given) replaces the origins besides
        the server's own that may open ``/ws`` (``*``: any)."""
        if allow_origins is not None:
            self.allow_origins = checked_origins(allow_origins)
        return Starlette(
            routes=[
                WebSocketRoute("/ws", self.websocket),
                Route("/api/rooms", self.api_rooms),
                Route("/api/hands", self.api_hands),
                Route("/api/hands/{room}/{hand}", self.api_hand),
                Route("/api/variants", self.api_variants),
                Route("/api/catalog", self.api_catalog),
                Route("/metrics", self.metrics),
                Route("/healthz", self.healthz),
                Route("/replay/{room}/{hand}", self.replay_page),
                Mount("/", StaticFiles(directory=STATIC, html=True)),
            ],
            lifespan=self.lifespan,
        )


def spectator_resync_allowed(conn: Connection) -> bool:
    """Takes one resync from a spectator connection's bucket (the seats' rates:
    ``RESYNC_BURST`` at once, ``RESYNC_RATE`` a second)."""
    now = time.monotonic()
    conn.resyncs = min(RESYNC_BURST, conn.resyncs + (now - conn.resync_stamp) * RESYNC_RATE)
    conn.resync_stamp = now
    if conn.resyncs >= 1:
        conn.resyncs -= 1
        return True
    return False


def checked_origins(origins: Sequence[str]) -> tuple[str, ...]:
    """The allowed origins, each ``*`` or ``scheme://host[:port]`` (:class:`ServerConfigError`
    naming one that is not).

    Example:
        >>> checked_origins(["https://Table.example/", "*"])
        ('https://table.example', '*')
    """
    if isinstance(origins, str):
        origins = [origins]
    out = []
    for o in origins:
        norm = "*" if o == "*" else normalize_origin(o) if isinstance(o, str) else None
        if norm is None:
            raise ServerConfigError(
                f"allowed origin {str(o)[:80]!r} is not '*' or scheme://host[:port]"
            )
        out.append(norm)
    return tuple(out)


TITLES: dict[str, tuple[str, str]] = {
    "nanchang": ("南昌麻将", "Nanchang"),
    "pingxiang": ("萍乡麻将", "Pingxiang"),
    "nanjing": ("南京麻将", "Nanjing"),
    "sichuan": ("四川麻将 血战到底", "Sichuan (blood battle)"),
    "gb": ("国标麻将", "Chinese Official (GB)"),
    "guangdong": ("广东推倒胡", "Guangdong (push-down)"),
    "guiyang": ("贵阳捉鸡麻将", "Guiyang (catch the chicken)"),
    "tongren": ("铜仁麻将", "Tongren"),
    "hebei": ("河北麻将", "Hebei"),
    "two_player": ("二人麻将", "Two-player"),
}
"""Each variant's name as the lobby shows it (Chinese, English); an unlisted one shows its id."""


def option_schema(variant: str) -> list[dict[str, Any]]:
    """The variant's options for a form: name, kind (``bool``, ``int`` with ``min``/``max``,
    ``choice`` with ``choices``), the default and what it changes.

    Example:
        >>> [o for o in option_schema("sichuan") if o["name"] == "cap"][0]["default"]
        3
    """
    if variant not in variant_options():
        return []
    module = options_module(variant)
    out: list[dict[str, Any]] = []
    for row in option_rows(variant):
        item: dict[str, Any] = {
            "name": row.name,
            "default": json.loads(row.default),
            "changes": row.changes,
        }
        if row.values.startswith("whole number"):
            low, high = number_range(module, row.name)
            item |= {"kind": "int", "min": low, "max": high}
        elif row.values == "true, false":
            item["kind"] = "bool"
        else:
            item |= {"kind": "choice", "choices": json.loads(f"[{row.values}]")}
        out.append(item)
    return out


def catalog() -> dict[str, Any]:
    """The lobby's catalog (``/api/catalog``).

    Example:
        >>> c = catalog()
        >>> c["default"], c["variants"]["sichuan"]["en"]
        ('nanchang', 'Sichuan (blood battle)')
    """
    variants = {}
    for name in sorted(names()):
        zh, en = TITLES.get(name, (name, name))
        variants[name] = {
            "zh": zh,
            "en": en,
            # the table's seats (4 on an engine without smaller tables)
            "seats": int(getattr(get_variant(name).table, "seats", 4)),
            "options": option_schema(name),
            "room_fields": dict(room_fields(name)),
        }
    return {"default": DEFAULT, "variants": variants}


def room_summary(room: Room) -> dict[str, Any]:
    """The public fields of a room for listings and the ``created`` frame."""
    info = room.info()
    return {k: info[k] for k in ("status", "variant", "hands", "hands_played", "seats")}


def _query_int(request: Request, name: str, default: int, low: int, high: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    if not (text.isascii() and text.isdigit()) or len(text) > 20 or not low <= int(text) <= high:
        raise ValueError(f"{name} must be an integer from {low} to {high}")
    return int(text)


def _ref(data: str) -> object:
    """The ``id`` of a frame that failed, when it can be read (else None)."""
    if len(data) > MAX_FRAME * 4:
        return None
    try:
        frame = json.loads(data)
    except (ValueError, RecursionError):
        return None
    ref = frame.get("id") if isinstance(frame, dict) else None
    if isinstance(ref, (str, int)) and not isinstance(ref, bool) and len(str(ref)) <= 64:
        return ref
    return None
