"""A room: one match of the engine, four seats (people or bots), the clients bound to each
seat, 托管 timers, and the storage of everything that happens.

Every action goes through the engine (``legal_actions`` then ``step``); an illegal one is an
error for that client and changes nothing. Each accepted action is stored with the events it
caused before any frame about it is sent; each seat's frames hold only its view
(:func:`majiang.game.seat_events` for the events, ``Game.observation(seat)`` for the state).

Example:
    >>> from majiang.server.store import Store
    >>> room = Room.create({"variant": "nanchang", "options": {}, "hands": 1,
    ...     "seats": ["bot"] * 4, "time_limit": 0.0}, Store(":memory:"))
    >>> room.status, [e["event"] for e in room.game.events]   # 下翻: the 下精 shown
    ('playing', ['deal', 'reveal'])
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from majiang.errors import MajiangError, RulesError
from majiang.game import EfficiencyBot, Game
from majiang.game.actions import Action, from_dict
from majiang.game.streams import seat_events
from majiang.room import RoomConfig
from majiang.server.protocol import error_frame
from majiang.server.storage import RoomStore
from majiang.server.store import token_hash
from majiang.server.watch import MAX_SPECTATORS, Watch, public_view

__all__ = ["Client", "Room", "RoomError", "Seat"]

log = logging.getLogger("majiang.server")

RESYNC_BURST = 4.0
"""The resyncs (``resync`` frames and joins, each a ``state`` frame) one seat may ask for at
once, over all its connections; the bucket refills at :data:`RESYNC_RATE` a second."""

RESYNC_RATE = 0.5
"""Resyncs a second a seat's bucket refills by (one every two seconds)."""

CLOSE_WINDOW = {"type": "close_window"}
"""The room's own stored action (seat -1, actor ``room``): the answered claim window closes."""

WINDOW_PHASES = ("claim", "rob")
"""The phases of a claim window (a discard, an added kong) a room keeps open."""


class Client(Protocol):
    """What a room needs of a connection: a way to queue a frame (never blocks). A client
    with a true ``lean`` attribute gets ``view`` only when it is asked to act (and in
    ``state`` frames)."""

    def send(self, frame: dict[str, Any]) -> None:
        """Queues one frame for the client."""


class RoomError(MajiangError, ValueError):
    """A request a room refuses: ``code`` and message (sent as an ``error`` frame).

    Example:
        >>> str(RoomError("room_full", "no free seat"))
        'room_full: no free seat'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(slots=True)
class Seat:
    """One seat of a room: ``kind`` (person or bot), the hash of its token once a person
    joined, ready, 托管 (``auto``), the connected clients and the 托管 deadline.

    ``shown_auto`` is the 托管 flag the other seats see: a change made inside a claim,
    rob or opening window (a timeout says the seat was asked) stays ``secret`` until the
    hand ends."""

    kind: str
    token_hash: str | None = None
    ready: bool = False
    auto: bool = False
    clients: list[Client] = field(default_factory=list)
    deadline: float | None = None
    shown_auto: bool = False
    secret: bool = False
    resyncs: float = RESYNC_BURST
    resync_stamp: float | None = None
    user: str | None = None  # the user id of the signed join token that took the seat

    def take_resync(self, now: float) -> bool:
        """Takes one resync from the seat's bucket (False: it is empty)."""
        if self.resync_stamp is not None:
            refill = (now - self.resync_stamp) * RESYNC_RATE
            self.resyncs = min(RESYNC_BURST, self.resyncs + max(0.0, refill))
        self.resync_stamp = now
        if self.resyncs >= 1:
            self.resyncs -= 1
            return True
        return False


class Room:
    """A match with its seats; :meth:`create` a new one, :meth:`load` one from the store."""

    def __init__(
        self,
        rid: str,
        config: dict[str, Any],
        seed: int,
        store: RoomStore,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.id = rid
        self.config = config
        self.seed = seed
        self.store = store
        self.clock = clock
        room = RoomConfig(  # the stake and caps become the variant's own options
            config["variant"],
            config["options"],
            config["hands"],
            **{k: config[k] for k in ("stake", "hand_cap", "match_cap") if k in config},
        )
        variant, options, hands = room.game_arguments(None, 1)
        # None: a room stored before claim windows were kept open (its log has no closings)
        self.claim_window: float | None = config.get("claim_window")
        self.game = Game(
            variant,
            seed=seed,
            options=options,
            hands=hands,
            open_windows=self.claim_window is not None,
        )
        self.table = self.game.table
        if len(config["seats"]) != self.game.seats:
            raise RulesError(
                f"seats: {variant} seats {self.game.seats} players, got {len(config['seats'])}"
            )
        self.seats = [Seat(kind) for kind in config["seats"]]
        self.status = "waiting"
        self.actions = 0
        self.deals: list[int] = [0]  # seq of each hand's deal event
        self.ends: list[int] = []  # seq of each hand's settlement event
        self.bot = EfficiencyBot()
        self.last_actor: int | None = None
        self.on_finished: Callable[[Room], None] | None = None
        # the server's metrics and logs (app.py): (room, seat, action type, actor, first
        # event, hands finished before it, seconds in the store), after the frames are sent
        self.on_action: Callable[[Room, int, str, str, int, int, float], None] | None = None
        self.time_limit = float(config.get("time_limit", 0.0))
        self._driving = False
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._window_since: float | None = None  # when the open claim window opened
        self._window_timer: asyncio.TimerHandle | None = None
        self.watch_delay = float(config.get("watch_delay", 0.0))
        # the spectators' feed: kept from the start when frames are held back (a spectator
        # who joins later sees the point released), else only while someone watches
        self.watch: Watch | None = Watch(self) if self.watch_delay > 0 else None

    # ------------------------------------------------------------------ building
    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        store: RoomStore,
        rid: str | None = None,
        seed: int | None = None,
    ) -> Room:
        """A new room from a checked ``create`` frame's fields (the engine checks the
        variant and its options: :class:`RoomError` ``bad_room`` naming what is wrong). The
        match seed is secret and random unless given (tests)."""
        seed = secrets.randbits(63) if seed is None else seed
        rid = rid or secrets.token_urlsafe(8)
        try:
            room = cls(rid, config, seed, store)
        except MajiangError as e:
            raise RoomError("bad_room", str(e)) from e
        except (TypeError, ValueError, KeyError) as e:  # an options value the parser chokes on
            raise RoomError("bad_room", f"the room cannot be built: {e}") from e
        store.add_room(rid, config, seed, config["seats"], time.time())
        store.add_events(rid, 0, room.game.events)
        if "person" not in config["seats"]:
            room._start()
        return room

    @classmethod
    def load(cls, row: dict[str, Any], store: RoomStore) -> Room:
        """The room as stored: a fresh game stepped through the stored actions, which must
        give exactly the stored events (``RuntimeError`` otherwise)."""
        room = cls(row["id"], row["config"], row["seed"], store)
        for seat, (stored, info) in enumerate(zip(row["seats"], room.seats, strict=True)):
            info.token_hash, info.ready, info.auto = (
                stored["token_hash"],
                stored["ready"],
                stored["auto"],
            )
            info.shown_auto = info.auto
            info.user = stored.get("user")
            del seat
        w = room.watch
        for seat, action, _ in store.actions(room.id):
            before = len(room.game.events)
            if action.get("type") == CLOSE_WINDOW["type"]:
                room.game.close_window()
            else:
                room.game.step(seat, action)
            room.actions += 1
            if w is not None and any(e.get("event") == "deal" for e in room.game.events[before:]):
                w.seq, w.view = len(room.game.events), public_view(room.game)
                w.to_act = room.game.to_act() if room.game.state.phase == "turn" else []
        events = store.events(room.id)
        if events != room.game.events:
            raise RuntimeError(
                f"room {room.id}: {len(events)} stored events, {len(room.game.events)} replayed"
                " or different"
            )
        room._index(room.game.events, 0)
        room.status = row["status"]
        room._note_window()  # a window open at the restart lasts its full length again
        if room._in_window():  # whether a 托管 began in this window is not known: hide all
            for info in room.seats:
                info.shown_auto, info.secret = False, info.auto
        if room.game.over and room.status != "finished":
            room.status = "finished"
            store.set_status(room.id, "finished")
        if w is not None:  # when the held frames were due is lost: the hand in play is
            w.info = room.info()  # held back from the restart on
            w.events(w.seq)
        return room

    def _index(self, events: list[dict[str, Any]], first: int) -> None:
        for i, e in enumerate(events):
            if e.get("event") == "deal" and first + i != 0:
                self.deals.append(first + i)
            elif e.get("event") == "settlement":
                self.ends.append(first + i)

    # ------------------------------------------------------------------ frames
    def info(self, viewer: int | None = None) -> dict[str, Any]:
        """The ``room`` frame: configuration, status and each seat's public state (its own
        托管 flag as it is for ``viewer``, the others' as shown: see :class:`Seat`)."""
        return {
            "type": "room",
            "room": self.id,
            "status": self.status,
            "variant": self.config["variant"],
            "options": self.config["options"],
            "hands": self.config["hands"],
            "hands_played": len(self.game.records),
            "time_limit": self.time_limit,
            "claim_window": self.claim_window,
            "scores": list(self.game.scores),
            "seats": [
                {
                    "kind": s.kind,
                    "joined": s.kind == "bot" or s.token_hash is not None,
                    "ready": s.kind == "bot" or s.ready,
                    "auto": s.auto if i == viewer else s.shown_auto,
                    "connected": bool(s.clients),
                }
                for i, s in enumerate(self.seats)
            ],
        }

    def _deadline_in(self, seat: int) -> float | None:
        d = self.seats[seat].deadline
        return None if d is None else max(0.0, round(d - self.clock(), 3))

    def _prompt(self, seat: int, view: bool = True) -> dict[str, Any]:
        """The seat's view (None when not ``view`` and it is not asked to act: a lean
        client), legal actions, who acts, 托管 and its deadline."""
        g = self.game
        acting = g.to_act() if self.status == "playing" else []
        legal = g.legal_actions(seat) if seat in acting else []
        if g.state.phase != "turn" and not g.over:
            # who still has a claim (or an opening) to answer tells what they hold: a seat
            # learns only whether it is asked itself
            acting = [seat] if seat in acting else []
        return {
            "view": g.observation(seat).to_dict() if view or legal else None,
            "legal": [a.to_dict() for a in legal],
            "to_act": acting,
            "auto": self.seats[seat].auto,
            "deadline_in": self._deadline_in(seat),
        }

    def state(self, seat: int, since: int | None = None) -> dict[str, Any]:
        """The ``state`` frame (resync): the seat's view of the events from ``since`` (the
        first event the client has not seen; default: the hand in play's deal), the current
        observation and legal actions, and every finished hand's result."""
        g = self.game
        first = self.deals[-1] if since is None else min(since, len(g.events))
        return {
            "type": "state",
            "room": self.info(seat),
            "seat": seat,
            "seq": len(g.events),
            "from": first,
            "events": seat_events(g.events[first:], seat, self.table),
            **self._prompt(seat),
            "results": [
                {"hand": k, "settlement": s.to_dict(), "seq": self.ends[k]}
                for k, s in enumerate(g.settlements)
            ],
        }

    def resync(self, seat: int, since: int | None = None) -> dict[str, Any]:
        """The ``state`` frame a client asked for, if the seat's resync bucket allows it
        (:data:`RESYNC_BURST`, :data:`RESYNC_RATE`; else :class:`RoomError` ``flood``)."""
        if not self.seats[seat].take_resync(self.clock()):
            raise RoomError(
                "flood", f"too many resyncs of seat {seat}: one every {1 / RESYNC_RATE:g} s"
            )
        return self.state(seat, since)

    def _broadcast(self, frame: dict[str, Any]) -> None:
        for s in self.seats:
            for c in s.clients:
                c.send(frame)

    def _broadcast_info(self) -> None:
        """The ``room`` frame to every seat, each with its own 托管 flag (to spectators
        with every flag as shown)."""
        for i, s in enumerate(self.seats):
            for c in s.clients:
                c.send(self.info(i))
        if self.watch is not None:
            self.watch.push(self.info())

    def _in_window(self) -> bool:
        """A claim, rob or opening window is open: who is asked is hidden."""
        g = self.game
        return self.status == "playing" and not g.over and g.state.phase != "turn"

    def _auto_changed(self, seat: int) -> None:
        """Tells a change of a seat's 托管: to every seat, unless it happened in a window
        (a timeout there says the seat was asked), then to the seat alone until the hand
        ends (:meth:`_reveal_auto`)."""
        s = self.seats[seat]
        if self._in_window():
            s.secret = True
        if s.secret:
            frame = self.info(seat)
            for c in s.clients:
                c.send(frame)
            return
        s.shown_auto = s.auto
        self._broadcast_info()

    def _reveal_auto(self) -> bool:
        """At a hand's end every 托管 flag is shown as it is; True if one changed."""
        changed = False
        for s in self.seats:
            s.secret = False
            changed |= s.shown_auto != s.auto
            s.shown_auto = s.auto
        return changed

    def _send_events(self, first: int, actor: int) -> None:
        g = self.game
        new = g.events[first:]
        if self.watch is not None:
            self.watch.events(first)
        ends = [first + i for i, e in enumerate(new) if e.get("event") == "settlement"]
        # an answer that ends an opening window with no event (all passed) starts the
        # turn, which every seat must hear of (who plays a turn is public): a ``state``
        # frame from here, as an empty ``events`` frame is the answer's own acknowledgement
        turn = not new and not g.over and g.state.phase == "turn" and self.status == "playing"
        for seat, s in enumerate(self.seats):
            if s.clients and not new and seat != actor and turn:
                told = self.state(seat, first)
                for c in s.clients:
                    c.send(told)
            if not s.clients or (not new and seat != actor):
                continue  # an answer in a claim window is told to nobody but its seat
            lean = all(getattr(c, "lean", False) for c in s.clients)
            frame = {
                "type": "events",
                "seq": first,
                "events": seat_events(new, seat, self.table),
                **self._prompt(seat, view=not lean),
            }
            for c in s.clients:
                c.send(frame)
            for seq in ends:
                k = self.ends.index(seq)
                end = {
                    "type": "hand_end",
                    "hand": k,
                    "seq": seq,
                    "settlement": g.settlements[k].to_dict(),
                    "scores": g.events[seq]["scores"],
                    "match_over": g.over and k == len(g.records) - 1,
                }
                for c in s.clients:
                    c.send(end)

    # ------------------------------------------------------------------ requests
    def join(
        self,
        client: Client,
        seat: int | None = None,
        token: str | None = None,
        since: int | None = None,
        user: str | None = None,
    ) -> tuple[int, str | None]:
        """Binds ``client`` to a seat: the seat whose ``token`` it holds, or the seat
        ``user`` (a signed join token's) already took (a reconnection), else ``seat`` or the
        first free person seat with a new token (and ``user`` recorded on it). Returns the
        seat and the new token (None on a reconnection); sends ``joined`` and ``state`` (its
        events from ``since``, see :meth:`state`)."""
        fresh: str | None = None
        if seat is not None and not 0 <= seat < len(self.seats):
            raise RoomError(
                "bad_frame", f"seat {seat}: this room has seats 0-{len(self.seats) - 1}"
            )
        held = [i for i, s in enumerate(self.seats) if user is not None and s.user == user]
        if held and seat is not None and seat != held[0]:
            raise RoomError("seat_taken", f"this user already holds seat {held[0]}")
        if token is not None or held:
            if token is not None:
                h = token_hash(token)
                found = [i for i, s in enumerate(self.seats) if s.token_hash == h]
                if not found:
                    raise RoomError("bad_token", "no seat of this room has that token")
                chosen = found[0]
            else:
                chosen = held[0]
            if not self.seats[chosen].take_resync(self.clock()):
                raise RoomError(
                    "flood", f"too many reconnections to seat {chosen}: wait a few seconds"
                )
        else:
            free = [
                i for i, s in enumerate(self.seats) if s.kind == "person" and s.token_hash is None
            ]
            if seat is not None:
                if self.seats[seat].kind != "person":
                    raise RoomError("seat_taken", f"seat {seat} is played by a bot")
                if seat not in free:
                    raise RoomError("seat_taken", f"seat {seat} is taken")
                chosen = seat
            elif free:
                chosen = free[0]
            else:
                raise RoomError("room_full", "no free seat in this room")
            fresh = secrets.token_urlsafe(24)
            taken = self.seats[chosen]
            taken.token_hash, taken.user = token_hash(fresh), user
            named = {} if user is None else {"user": user}
            self.store.set_seat(self.id, chosen, token_hash=taken.token_hash, **named)
        self.seats[chosen].clients.append(client)
        joined: dict[str, Any] = {"type": "joined", "room": self.id, "seat": chosen}
        if fresh is not None:
            joined["token"] = fresh
        if self.seats[chosen].user is not None:
            joined["user"] = self.seats[chosen].user
        client.send(joined)
        client.send(self.state(chosen, since))
        self._broadcast_info()
        return chosen, fresh

    def spectate(self, client: Client, since: int | None = None) -> None:
        """Adds a spectator (at most :data:`MAX_SPECTATORS`: :class:`RoomError`
        ``too_many_spectators``); sends ``watching`` and the released ``state``."""
        if self.watch is None:
            self.watch = Watch(self)
        w = self.watch
        if len(w.clients) >= MAX_SPECTATORS:
            raise RoomError(
                "too_many_spectators", f"room {self.id} has {MAX_SPECTATORS} spectators"
            )
        w.clients.append(client)
        client.send({"type": "watching", "room": self.id, "delay": w.delay})
        client.send(w.state(since))

    def spectator_resync(self, since: int | None = None) -> dict[str, Any]:
        """A spectator's ``state`` frame again (the connection's resync bucket applies)."""
        assert self.watch is not None  # a spectator is watching
        return self.watch.state(since)

    def unwatch(self, client: Client) -> None:
        """A spectator's connection closed (the feed goes with the last one, unless it
        holds frames back)."""
        w = self.watch
        if w is not None and client in w.clients:
            w.clients.remove(client)
            if not w.clients and w.delay <= 0:
                w.close()
                self.watch = None

    def leave(self, seat: int, client: Client) -> None:
        """The client's connection closed."""
        clients = self.seats[seat].clients
        if client in clients:
            clients.remove(client)
            self._broadcast_info()

    def ready(self, seat: int) -> None:
        """The seat is ready; the match starts when every person seat has joined and is."""
        s = self.seats[seat]
        if not s.ready:
            s.ready = True
            self.store.set_seat(self.id, seat, ready=1)
        if self.status == "waiting" and all(
            x.kind == "bot" or (x.token_hash is not None and x.ready) for x in self.seats
        ):
            self._start()
            for i, x in enumerate(self.seats):
                for c in x.clients:
                    c.send(self.state(i))
            if self.watch is not None:
                self.watch.started()
        self._broadcast_info()
        self.kick()

    def _start(self) -> None:
        self.status = "playing"
        self.store.set_status(self.id, "playing")
        self._set_deadlines()

    def set_auto(self, seat: int, on: bool) -> None:
        """Turns 托管 on or off for a person seat."""
        s = self.seats[seat]
        if s.kind != "person":
            raise RoomError("not_person", f"seat {seat} is a bot")
        if s.auto != on:
            s.auto = on
            s.deadline = None
            self.store.set_seat(self.id, seat, auto=int(on))
            self._auto_changed(seat)
        self.kick()

    def act(self, seat: int, data: dict[str, Any], seq: int | None = None) -> None:
        """A person's action, checked by the engine (:class:`RoomError` ``illegal_action``,
        ``stale`` or ``not_started``: nothing changes). Acting ends the seat's 托管."""
        g = self.game
        if self.status != "playing":
            raise RoomError("not_started", f"the room is {self.status}")
        if seq is not None and seq != len(g.events):
            raise RoomError(
                "stale", f"the action answers event {seq}, the room is at {len(g.events)}"
            )
        if seat not in g.to_act():
            raise RoomError("illegal_action", f"seat {seat} is not to act now")
        try:
            action = from_dict(data)
        except MajiangError as e:
            raise RoomError("illegal_action", str(e)) from e
        extra = sorted(str(k) for k in data if k not in action.to_dict())
        if extra:
            raise RoomError("illegal_action", f"a {action.to_dict()['type']} has no {extra[0]!r}")
        if action not in g.legal_actions(seat):
            raise RoomError(
                "illegal_action", f"{action.to_dict()} is not legal for seat {seat} now"
            )
        if self.seats[seat].auto:
            self.seats[seat].auto = False
            self.store.set_seat(self.id, seat, auto=0)
            self._auto_changed(seat)
        self._commit(seat, action, "person")
        self.kick()

    def _commit(self, seat: int, action: Action, actor: str) -> None:
        g = self.game
        first, done = len(g.events), len(g.records)
        g.step(seat, action)  # legal: checked by the caller or chosen from legal_actions
        self._stored(seat, action.to_dict(), actor, first, done)

    def _close_window(self) -> None:
        """Resolves the answered claim window (stored as the room's own action)."""
        g = self.game
        first, done = len(g.events), len(g.records)
        g.close_window()
        self._window_since = None
        self._stored(-1, dict(CLOSE_WINDOW), "room", first, done)

    def _stored(self, seat: int, action: dict[str, Any], actor: str, first: int, done: int) -> None:
        """Stores what an action (or a window's closing) did, in one transaction, and tells
        every seat its part."""
        g = self.game
        new = g.events[first:]
        self._index(new, first)
        hands = [
            (k, self.deals[k], self.ends[k], g.records[k], g.settlements[k].to_dict())
            for k in range(done, len(g.records))
        ]
        status = "finished" if g.over else None
        started = time.perf_counter()
        self.store.append(self.id, self.actions, seat, action, actor, first, new, hands, status)
        in_store = time.perf_counter() - started
        self.actions += 1
        if status:
            self.status = status
        if seat >= 0:
            self.seats[seat].deadline = None
            self.last_actor = seat
        self._note_window()
        self._set_deadlines()
        self._send_events(first, seat)
        shown = self._reveal_auto() if len(g.records) > done else False
        if status or shown:
            self._broadcast_info()
        if self.on_action is not None:
            self.on_action(self, seat, str(action.get("type")), actor, first, done, in_store)
        if status and self.on_finished is not None:
            self.on_finished(self)

    # ------------------------------------------------------------------ bots and 托管
    def kick(self) -> None:
        """Lets the bots and 托管 seats play (in a task when a loop runs, else at once)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._play_bots_now()
            return
        if not self._driving:
            self._driving = True
            self._task = loop.create_task(self._drive())

    def _automatic(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "bot" or s.auto

    def _bot_step(self) -> bool:
        """Plays one bot or 托管 seat's action, or closes an answered claim window that
        has lasted its length (at once when no event loop runs); False if neither is due."""
        g = self.game
        if self.status != "playing" or g.over:
            return False
        seat = next((s for s in g.to_act() if self._automatic(s)), None)
        if seat is None:
            if self._window_wait() == 0.0:
                self._close_window()
                return True
            return False
        action = self.bot.act(g.observation(seat), g.legal_actions(seat))
        self._commit(seat, action, "bot" if self.seats[seat].kind == "bot" else "auto")
        return True

    # ------------------------------------------------------------------ claim windows
    def _note_window(self) -> None:
        """Starts the clock of a claim window that just opened."""
        g = self.game
        if g.open_windows and not g.over and g.state.phase in WINDOW_PHASES:
            if self._window_since is None:
                self._window_since = self.clock()
        else:
            self._window_since = None

    def _window_wait(self) -> float | None:
        """Seconds until the open claim window may close: None if none is open or a seat
        asked has not answered, 0.0 if it may close now. At a table with a person seat a
        window lasts at least ``claim_window`` seconds whoever is asked, nobody included, so
        its length tells a seat not asked nothing while the seats asked answer within it."""
        g = self.game
        if self._window_since is None or g.over or g.to_act():
            return None
        if all(s.kind == "bot" for s in self.seats):
            return 0.0  # nobody at the table to tell anything
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # driven without a loop (tests, tools): no time passes
            return 0.0
        assert self.claim_window is not None  # a window is kept open only then
        return max(0.0, self._window_since + self.claim_window - self.clock())

    def _schedule_window(self) -> None:
        if self._window_timer is not None:
            self._window_timer.cancel()
            self._window_timer = None
        wait = self._window_wait()
        if wait is not None and self.status == "playing":
            loop = asyncio.get_running_loop()
            self._window_timer = loop.call_later(wait, self.kick)

    def _play_bots_now(self) -> None:
        while self._bot_step():
            pass

    async def _drive(self) -> None:
        try:
            while True:
                try:
                    if not self._bot_step():
                        break
                except Exception:  # a bug must not take the server down: the room stops
                    log.exception("room %s: bot step failed", self.id)
                    self._broadcast(error_frame("server", "the room's bots stopped"))
                    break
                await asyncio.sleep(0)
        finally:
            self._driving = False
        self._schedule()
        self._schedule_window()

    def _set_deadlines(self) -> None:
        """Starts the 托管 deadline of every person seat that must act and has none, and
        clears the others' (before the frames that ask them go out, which say it)."""
        if self.time_limit <= 0 or self.status != "playing":
            return
        acting = set(self.game.to_act())
        now = self.clock()
        for i, s in enumerate(self.seats):
            if s.kind == "person" and not s.auto and i in acting:
                if s.deadline is None:
                    s.deadline = now + self.time_limit
            else:
                s.deadline = None

    def _schedule(self) -> None:
        """Sets the deadlines (:meth:`_set_deadlines`) and the one timer for the earliest."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.time_limit <= 0 or self.status != "playing":
            return
        self._set_deadlines()
        now = self.clock()
        pending = [s.deadline for s in self.seats if s.deadline is not None]
        if pending:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(max(0.0, min(pending) - now), self._timeout)

    def _timeout(self) -> None:
        self._timer = None
        now = self.clock()
        late = [i for i, s in enumerate(self.seats) if s.deadline is not None and s.deadline <= now]
        for i in late:
            s = self.seats[i]
            s.auto, s.deadline = True, None
            self.store.set_seat(self.id, i, auto=1)
            for c in s.clients:
                c.send({"type": "auto", "on": True, "reason": "time"})
            self._auto_changed(i)
        self.kick()
        if not late:
            self._schedule()

    def close(self) -> None:
        """Cancels the room's timers (the server is stopping)."""
        for timer in (self._timer, self._window_timer):
            if timer is not None:
                timer.cancel()
        self._timer = self._window_timer = None
        if self.watch is not None:
            self.watch.close()
