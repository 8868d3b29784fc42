"""What one seat may see of the event log: the per-seat event stream the server sends.

``Game.events`` is the referee's log (the deal holds every hand and the wall). A seat's stream
is the same events, one for one and in the same order (so a sequence number means the same
event for every seat), each with what that seat may not see taken out:

- ``deal``: only the seat's own hand (the others' are ``None``), the dealer's 14th tile only
  for the dealer, no wall (its size as ``wall_count``), no lower indicator; the indicator only
  for a variant that flips one (it is turned face up);
- ``draw`` by another seat: no ``tile``;
- a concealed ``kong`` by another seat: no ``tile``, unless the table lays them face up
  (``concealed_kongs_shown``);
- a ``declare`` of a private opening by another seat: no ``value``;
- every other event (discards, melds, flowers, wins, horses, draws of the game, settlements) is
  public and passes unchanged.

Example:
    >>> from majiang.game import Game
    >>> g = Game(seed=3, dealer=0)
    >>> deal = seat_event(g.events[0], 2, g.table)
    >>> deal["hands"][0] is None and deal["hands"][2] == g.events[0]["hands"][2]
    True
    >>> "wall" in deal, deal["wall_count"] == len(g.events[0]["wall"])
    (False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from majiang.variants.protocol import TableRules

__all__ = ["seat_event", "seat_events"]

_DEAL_PUBLIC = (
    "event",
    "hand",
    "variant",
    "options",
    "dealer",
    "dealer_streak",
    "dice",
    "scores",
    "flowers",
    "carry",
)


def seat_event(event: Mapping[str, Any], seat: int, table: TableRules) -> dict[str, Any]:
    """One logged event as ``seat`` may see it (a new dict; the log is not touched).

    Example:
        >>> from majiang.game import Game
        >>> t = Game(seed=1).table
        >>> seat_event({"event": "draw", "seat": 1, "tile": "5m"}, 0, t)
        {'event': 'draw', 'seat': 1}
        >>> seat_event({"event": "draw", "seat": 1, "tile": "5m"}, 1, t)
        {'event': 'draw', 'seat': 1, 'tile': '5m'}
    """
    kind = event.get("event")
    own = event.get("seat") == seat
    if kind == "deal":
        view = {k: event[k] for k in _DEAL_PUBLIC if k in event}
        if table.flips_wild and "indicator" in event:
            view["indicator"] = event["indicator"]
        hands = event.get("hands", [])
        view["hands"] = [h if s == seat else None for s, h in enumerate(hands)]
        view["drawn"] = event.get("drawn") if event.get("dealer") == seat else None
        view["wall_count"] = len(event.get("wall", ()))
        return view
    if kind == "draw" and not own:
        return {k: v for k, v in event.items() if k != "tile"}
    if (
        kind == "kong"
        and event.get("kind") == "concealed"
        and not own
        and not table.concealed_kongs_shown
    ):
        return {k: v for k, v in event.items() if k != "tile"}
    if kind == "declare" and not own and event.get("what") in table.private_openings:
        return {k: v for k, v in event.items() if k != "value"}
    return dict(event)


def seat_events(
    events: Iterable[Mapping[str, Any]], seat: int, table: TableRules
) -> list[dict[str, Any]]:
    """The stream of ``events`` as ``seat`` sees it (see the module's rules).

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game(seed=2), [EfficiencyBot()] * 4)
        >>> views = seat_events(g.events, 1, g.table)
        >>> len(views) == len(g.events), [v["event"] for v in views][-1]
        (True, 'settlement')
    """
    return [seat_event(e, seat, table) for e in events]
