"""Spectators: a room's watchers, who see only what is public — what a seat holding no
tiles would see — released ``watch_delay`` seconds after it happened.

A spectator's frames (docs/server.md, "Spectators") are built once per room when the events
happen and shared by every spectator: the public event stream (:func:`public_events`: no
hand, no wall, no other seat's draw, a concealed kong's face only where the table lays them
face up, a private declaration without its value), the public table (:func:`public_view`)
and who is to act in a turn (nobody in a claim, rob or opening window: who is asked would
tell what they hold). With a delay the frames wait in the room's feed until they are due;
the point released so far (its seq, table and ``room`` frame) is what a spectator who joins
or resyncs is shown, so a new spectator learns nothing sooner than one who watched all along.

Example:
    >>> from majiang.game import Game
    >>> g = Game("nanjing", seed=2, dealer=0)
    >>> view = public_view(g)
    >>> view["seat"], view["hand"], view["drawn"], view["wall"] == g.observation(0).wall
    (None, None, None, True)
    >>> deal = public_events(g.events, g.table)[0]
    >>> deal["hands"], "wall" in deal, "drawn" in deal
    ([None, None, None, None], False, False)
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from majiang.game import Game
from majiang.game.streams import seat_event
from majiang.server.protocol import MAX_WATCH_DELAY
from majiang.variants.protocol import TableRules

if TYPE_CHECKING:  # the room holds its Watch; only its type is needed here
    from majiang.server.room import Client, Room

__all__ = [
    "MAX_SPECTATORS",
    "MAX_WATCH_DELAY",
    "NOBODY",
    "PER_SEAT",
    "Watch",
    "public_events",
    "public_view",
    "spectator_to_act",
]

MAX_SPECTATORS = 64
"""The spectators one room accepts at once (more: ``too_many_spectators``)."""

NOBODY = -1
"""The seat a spectator's stream is computed for: no seat, so nothing is its own."""

PER_SEAT = ("melds", "ponds", "flowers", "declared", "shown", "revealed")
"""The observation's fields that hold one entry per seat (its own entry may hold private
facts: its concealed kongs' faces, its private declarations)."""


def public_events(events: Iterable[Mapping[str, Any]], table: TableRules) -> list[dict[str, Any]]:
    """What a spectator sees of logged events: each as no seat sees it
    (:func:`majiang.game.streams.seat_event` for :data:`NOBODY`).

    Example:
        >>> from majiang.variants import get_variant
        >>> table = get_variant("nanchang").table
        >>> public_events([{"event": "draw", "seat": 0, "tile": "5m"}], table)
        [{'event': 'draw', 'seat': 0}]
    """
    return [seat_event(e, NOBODY, table) for e in events]


def public_view(game: Game) -> dict[str, Any]:
    """The table as a seat holding no tiles sees it: an observation's dict form with
    ``seat``, ``hand`` and ``drawn`` None, each seat's entry of the :data:`PER_SEAT` fields
    as another seat sees it (seat 1's from seat 0's view, every other from seat 1's), and
    the value of every private declaration blank (as a seat it was not shown to sees it).

    Example:
        >>> from majiang.game import Game
        >>> public_view(Game(seed=2))["ponds"]
        ['', '', '', '']
    """
    mine, theirs = game.observation(0).to_dict(), game.observation(1).to_dict()
    out = dict(theirs)
    out["seat"] = out["hand"] = out["drawn"] = None
    for name in PER_SEAT:
        column = list(theirs[name])
        column[1] = mine[name][1]
        out[name] = column
    private = game.table.private_openings  # the seat given 换三张's tiles sees them: not we
    out["declared"] = [
        {what: "" if what in private else value for what, value in d.items()}
        for d in out["declared"]
    ]
    return out


def spectator_to_act(room: Room) -> list[int]:
    """Who a spectator is told is to act: the turn seat in a turn, nobody in a window or
    when the room is not playing."""
    g = room.game
    if room.status != "playing" or g.over or g.state.phase != "turn":
        return []
    return g.to_act()


class Watch:
    """A room's spectators and the public frames held back for them (``delay`` seconds).

    ``seq``, ``view``, ``to_act`` and ``info`` are the point released so far: a joining
    spectator's ``state`` frame is built from them and the room's log up to ``seq``."""

    __slots__ = ("clients", "delay", "feed", "info", "room", "seq", "timer", "to_act", "view")

    def __init__(self, room: Room) -> None:
        self.room = room
        self.delay = room.watch_delay
        self.clients: list[Client] = []
        self.feed: deque[tuple[float, dict[str, Any]]] = deque()
        self.timer: asyncio.TimerHandle | None = None
        self.seq = len(room.game.events)
        self.view = public_view(room.game)
        self.to_act = spectator_to_act(room)
        self.info = room.info()

    # ------------------------------------------------------------------ what happens
    def events(self, first: int) -> None:
        """The room's events from ``first`` happened (and the hands they ended)."""
        room = self.room
        g = room.game
        new = g.events[first:]
        if not new:
            return  # an answer in a claim window: nothing public happened
        self.push(
            {
                "type": "events",
                "seq": first,
                "events": public_events(new, room.table),
                "view": public_view(g),
                "legal": [],
                "to_act": spectator_to_act(room),
            }
        )
        ended = False
        for i, e in enumerate(new):
            if e.get("event") == "settlement":
                k = room.ends.index(first + i)
                self.push(
                    {
                        "type": "hand_end",
                        "hand": k,
                        "seq": first + i,
                        "settlement": g.settlements[k].to_dict(),
                        "scores": e["scores"],
                        "match_over": g.over and k == len(g.records) - 1,
                    }
                )
                ended = True
        if ended:  # the released room frame keeps up with the scores and hands played
            self.push(room.info())

    def started(self) -> None:
        """The room began to play: who is to act changed without an event."""
        room = self.room
        self.push(
            {
                "type": "events",
                "seq": len(room.game.events),
                "events": [],
                "view": public_view(room.game),
                "legal": [],
                "to_act": spectator_to_act(room),
            }
        )

    def push(self, frame: dict[str, Any]) -> None:
        """A public frame: sent at once without a delay, else held until it is due."""
        if self.delay <= 0:
            self._release(frame)
            return
        self.feed.append((self.room.clock() + self.delay, frame))
        if self.timer is None:
            self._schedule()

    # ------------------------------------------------------------------ releasing
    def pump(self) -> int:
        """Releases every held frame that is due; returns how many."""
        now, n = self.room.clock(), 0
        while self.feed and self.feed[0][0] <= now:
            self._release(self.feed.popleft()[1])
            n += 1
        return n

    def _release(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "events":
            self.seq = frame["seq"] + len(frame["events"])
            self.view, self.to_act = frame["view"], frame["to_act"]
        elif kind == "room":
            self.info = frame
        for c in self.clients:
            c.send(frame)

    def _due(self) -> None:
        self.timer = None
        self.pump()
        self._schedule()

    def _schedule(self) -> None:
        if not self.feed or self.timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # driven without a loop (tests, tools): pump() releases
            return
        self.timer = loop.call_later(max(0.0, self.feed[0][0] - self.room.clock()), self._due)

    def close(self) -> None:
        """Cancels the release timer (the server is stopping)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    # ------------------------------------------------------------------ spectators
    def state(self, since: int | None = None) -> dict[str, Any]:
        """A spectator's ``state`` frame: the public stream from ``since`` (default the
        released hand's deal) to the released point, its table and every hand settled
        before it."""
        room = self.room
        deal = max((d for d in room.deals if d < self.seq), default=0)
        first = deal if since is None else min(since, self.seq)
        g = room.game
        return {
            "type": "state",
            "room": self.info,
            "seat": None,
            "seq": self.seq,
            "from": first,
            "events": public_events(g.events[first : self.seq], room.table),
            "view": self.view,
            "legal": [],
            "to_act": self.to_act,
            "delay": self.delay,
            "results": [
                {"hand": k, "settlement": g.settlements[k].to_dict(), "seq": end}
                for k, end in enumerate(room.ends)
                if end < self.seq
            ],
        }
