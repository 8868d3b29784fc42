"""Per-seat event streams: the part of the full log (``Game.events``) one seat may see, as
JSON-ready dicts in the log's own form (mjai-like), for servers and learning code.

What a seat's stream changes in the log (every other event is passed as it is):

- ``deal``: ``hands`` keeps the seat's own hand, the others are ``None``, with their sizes in
  ``hand_sizes``; ``drawn`` (the dealer's 14th tile) only for the dealer; the live ``wall``
  becomes its size, ``wall_size``; the lower indicator (``lower_indicator``) is dropped: a
  variant that shows it (Nanchang's 下精 indicator under 下翻) does so in the public
  ``reveal`` event that follows the deal, with the tiles each seat showed.
- ``draw``: another seat's draw without its ``tile``.
- ``kong`` of kind ``concealed`` by another seat: without its ``tile``, unless the table lays
  concealed kongs face up (``concealed_kongs_shown``, Nanjing).
- ``declare`` of one of the table's ``private_openings`` by another seat: ``value`` is ``""``
  (the others know that it declared, not what), unless the event names the seat in
  ``seen_by`` (the seats that learn the value, logged by the engine from
  ``Variant.opening_viewers``: the receiver of tiles passed in 换三张).
- ``win`` is public, whole: at a table whose winners leave play while the hand goes on
  (血战) it holds the hands they lay face up (``shown``), which every seat sees.
- An event type this module does not know (a variant's own): the seat it names (``seat``)
  sees it whole, the others only its type and seat. Unknown facts are withheld, never leaked.

Example:
    >>> from majiang.game import Game, EfficiencyBot, play
    >>> g = play(Game(seed=3), [EfficiencyBot() for _ in range(4)])
    >>> stream = seat_events(g.events, 1)
    >>> deal = stream[0]
    >>> [h is None for h in deal["hands"]], "wall" in deal, deal["hand_sizes"][deal["dealer"]]
    ([True, False, True, True], False, 14)
    >>> all("tile" not in e for e in stream if e["event"] == "draw" and e["seat"] != 1)
    True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from majiang.errors import ArgumentTypeError, RecordError, quoted
from majiang.tiles import TILE_INDEX
from majiang.variants import get_variant
from majiang.variants.protocol import TableRules

__all__ = ["PUBLIC_EVENTS", "seat_event", "seat_events"]

PUBLIC_EVENTS = frozenset(
    {
        "flower",
        "discard",
        "chow",
        "pong",
        "win",
        "horses",
        "draw-game",
        "settlement",
        "payment",
        "reveal",
    }
)
"""Event types every seat sees whole (``payment``: a payment made during the hand, its reason,
deltas and scores, for variants that pay kongs at once; ``reveal``: the tiles every seat
showed after the deal and the lower indicator turned up, ``Variant.reveal_after_deal``)."""
_TABLES: dict[tuple[str, str], TableRules] = {}


def _table_of(deal: Mapping[str, Any]) -> TableRules:
    """The table of a deal event's variant, bound to its options."""
    name, options = deal.get("variant"), deal.get("options", {})
    if not isinstance(name, str) or not isinstance(options, Mapping):
        raise RecordError(f"deal: variant and options expected, got {quoted(dict(deal))}")
    key = (name, json.dumps(options, sort_keys=True, default=str))
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = get_variant(name).bind(options).table
    return found


def _tile_count(text: object) -> int:
    """How many tiles an MPSZ text names (run-length, as the log writes hands)."""
    if not isinstance(text, str):
        raise RecordError(f"deal: a hand is text, got {quoted(text)}")
    n, digits = 0, 0
    for ch in text:
        if ch.isdigit():
            digits += 1
        elif ch in "mpszf":
            n, digits = n + digits, 0
    return n


def seat_event(event: Mapping[str, Any], seat: int, table: TableRules) -> dict[str, Any]:
    """What ``seat`` sees of one logged ``event`` at a ``table`` (see the module's list); a
    new dict, the event untouched.

    Example:
        >>> from majiang.variants import get_variant
        >>> table = get_variant("nanchang").table
        >>> seat_event({"event": "draw", "seat": 0, "tile": "5m"}, 1, table)
        {'event': 'draw', 'seat': 0}
        >>> seat_event({"event": "kong", "seat": 2, "kind": "concealed", "tile": "1z"}, 3, table)
        {'event': 'kong', 'seat': 2, 'kind': 'concealed'}
        >>> seat_event({"event": "exchange", "seat": 2, "tiles": "123m"}, 1, table)
        {'event': 'exchange', 'seat': 2}
    """
    kind = event.get("event")
    if not isinstance(kind, str):
        raise RecordError(f"event: expected an event name, got {quoted(kind)}")
    if kind in PUBLIC_EVENTS:
        return dict(event)
    own = event.get("seat") == seat
    if kind == "deal":
        return _deal(event, seat, table.seats)
    if kind == "draw":
        return dict(event) if own else {k: v for k, v in event.items() if k != "tile"}
    if kind == "kong":
        hidden = event.get("kind") == "concealed" and not own and not table.concealed_kongs_shown
        return {k: v for k, v in event.items() if k != "tile"} if hidden else dict(event)
    if kind == "declare":
        seen = dict(event)
        if not own and event.get("what") in table.private_openings:
            viewers = event.get("seen_by")
            if not isinstance(viewers, list) or seat not in viewers:
                seen["value"] = ""
        return seen
    if own:
        return dict(event)
    return {"event": kind, **({"seat": event["seat"]} if "seat" in event else {})}


def _deal(event: Mapping[str, Any], seat: int, seats: int = 4) -> dict[str, Any]:
    hands = event.get("hands")
    if not isinstance(hands, list) or len(hands) != seats:
        raise RecordError(f"deal: hands: expected {seats} hands, got {quoted(hands)}")
    seen = {k: v for k, v in event.items() if k not in ("wall", "lower_indicator", "drawn")}
    seen["hands"] = [h if s == seat else None for s, h in enumerate(hands)]
    seen["hand_sizes"] = [_tile_count(h) for h in hands]
    if event.get("dealer") == seat and "drawn" in event:
        seen["drawn"] = event["drawn"]
    wall = event.get("wall")
    if not isinstance(wall, list) or not all(isinstance(t, str) and t in TILE_INDEX for t in wall):
        raise RecordError("deal: wall: expected a list of tile names")
    seen["wall_size"] = len(wall)
    return seen


def seat_events(
    events: Iterable[Mapping[str, Any]], seat: int, table: TableRules | None = None
) -> list[dict[str, Any]]:
    """The stream ``seat`` may see of a log (``Game.events`` or what
    :func:`majiang.game.read_events` reads). The table is read from each deal event
    (variant and options); pass ``table`` (``game.table``) to stream a slice of a log that
    does not start with its deal, as a server sends each new event. RecordError for a log
    whose table is unknown (no deal before the first event, without ``table``).

    Example:
        >>> from majiang.game import Game
        >>> g = Game("nanjing", seed=2, dealer=0)
        >>> seat_events(g.events, 0)[0]["drawn"] is not None
        True
        >>> "drawn" in seat_events(g.events, 2)[0]
        False
        >>> seat_events([{"event": "discard", "seat": 0, "tile": "1m"}], 0)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: events: the first event is not a deal (pass the table)
    """
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ArgumentTypeError(f"seat: expected an int 0-3, got {quoted(seat)}")
    if not 0 <= seat <= 3:
        raise RecordError(f"seat: expected 0-3, got {seat}")
    out: list[dict[str, Any]] = []
    for event in events:
        if not isinstance(event, Mapping):
            raise RecordError(f"events: expected event objects, got {quoted(event)}")
        if event.get("event") == "deal":
            table = _table_of(event)
        elif table is None:
            raise RecordError("events: the first event is not a deal (pass the table)")
        if seat >= table.seats:
            raise RecordError(f"seat: expected 0-{table.seats - 1} at this table, got {seat}")
        out.append(seat_event(event, seat, table))
    return out
