"""What one seat may see of the event log: the per-seat event stream the server sends.

This module has the design (names, signature, output) of ``majiang.game.streams`` written
concurrently on the ``rl`` branch (issue #15), so that at the merge the server can import
``seat_events`` from there instead and this module can go. ``Game.events`` is the referee's
log (the deal holds every hand and the wall); a seat's stream is the same events one for one
(a sequence number means the same event for every seat), each with what the seat may not
see taken out:

- ``deal``: ``hands`` keeps the seat's own hand, the others are ``None``, their sizes in
  ``hand_sizes``; ``drawn`` (the dealer's 14th tile) only for the dealer; the live ``wall``
  becomes its size, ``wall_size``; the lower indicator (``lower_indicator``) is dropped;
- ``draw`` by another seat: no ``tile``;
- a concealed ``kong`` by another seat: no ``tile``, unless the table lays them face up
  (``concealed_kongs_shown``);
- a ``declare`` of one of the table's ``private_openings`` by another seat: ``value`` is
  ``""`` (unless the event names the seat in ``seen_by``);
- discards, melds, flowers, wins, horses, draws of the game and settlements pass unchanged;
  an event type not listed here: its own seat sees it whole, the others only its type and
  seat (unknown facts are withheld, never leaked).

Example:
    >>> from majiang.game import Game
    >>> g = Game(seed=3, dealer=0)
    >>> deal = seat_event(g.events[0], 2, g.table)
    >>> deal["hands"][0] is None and deal["hands"][2] == g.events[0]["hands"][2]
    True
    >>> "wall" in deal, deal["wall_size"] == len(g.events[0]["wall"]), deal["hand_sizes"][0]
    (False, True, 14)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from majiang.variants.protocol import TableRules

__all__ = ["PUBLIC_EVENTS", "seat_event", "seat_events"]

PUBLIC_EVENTS = frozenset(
    {"flower", "discard", "chow", "pong", "win", "horses", "draw-game", "settlement"}
)
"""Event types every seat sees whole."""


def _size(hand: object) -> int:
    """Tiles in an MPSZ text (``123m55z`` is 5)."""
    return sum(ch.isdigit() for ch in hand) if isinstance(hand, str) else 0


def seat_event(event: Mapping[str, Any], seat: int, table: TableRules) -> dict[str, Any]:
    """One logged event as ``seat`` may see it (a new dict; the log is not touched).

    Example:
        >>> from majiang.game import Game
        >>> t = Game(seed=1).table
        >>> seat_event({"event": "draw", "seat": 1, "tile": "5m"}, 0, t)
        {'event': 'draw', 'seat': 1}
        >>> seat_event({"event": "draw", "seat": 1, "tile": "5m"}, 1, t)
        {'event': 'draw', 'seat': 1, 'tile': '5m'}
        >>> seat_event({"event": "payment", "seat": 2, "reason": "x"}, 1, t)
        {'event': 'payment', 'seat': 2}
    """
    kind = event.get("event")
    if kind in PUBLIC_EVENTS:
        return dict(event)
    own = event.get("seat") == seat
    if kind == "deal":
        hands = list(event.get("hands", ()))
        view = {k: v for k, v in event.items() if k not in ("wall", "lower_indicator", "drawn")}
        view["hands"] = [h if s == seat else None for s, h in enumerate(hands)]
        view["hand_sizes"] = [_size(h) for h in hands]
        if event.get("dealer") == seat and "drawn" in event:
            view["drawn"] = event["drawn"]
        view["wall_size"] = len(event.get("wall", ()))
        return view
    if kind == "draw":
        return dict(event) if own else {k: v for k, v in event.items() if k != "tile"}
    if kind == "kong":
        hidden = event.get("kind") == "concealed" and not own and not table.concealed_kongs_shown
        return {k: v for k, v in event.items() if k != "tile"} if hidden else dict(event)
    if kind == "declare":
        view = dict(event)
        if not own and event.get("what") in table.private_openings:
            viewers = event.get("seen_by")
            if not isinstance(viewers, list) or seat not in viewers:
                view["value"] = ""
        return view
    if own:
        return dict(event)
    return {"event": kind, **({"seat": event["seat"]} if "seat" in event else {})}


def seat_events(
    events: Iterable[Mapping[str, Any]], seat: int, table: TableRules
) -> list[dict[str, Any]]:
    """The stream of ``events`` as ``seat`` sees it (see the module's rules); ``table`` is
    the game's (``game.table``), so a slice of the log (each new event) streams alike.

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game(seed=2), [EfficiencyBot()] * 4)
        >>> views = seat_events(g.events, 1, g.table)
        >>> len(views) == len(g.events), [v["event"] for v in views][-1]
        (True, 'settlement')
    """
    return [seat_event(e, seat, table) for e in events]
