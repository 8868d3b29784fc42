"""Helpers that build Sichuan hand records for the tests: a 血战 hand from a few winners and
losers, the remaining tiles spread so no kind is held more than four times."""

from __future__ import annotations

from typing import Any


def player(
    hand: str, void: str | None = "m", melds: list[dict[str, Any]] | None = None, discards: str = ""
) -> dict[str, Any]:
    """One player's record entry."""
    return {"hand": hand, "melds": melds or [], "discards": discards, "void": void}


def meld(kind: str, tiles: str, source: int | None) -> dict[str, Any]:
    """A meld's record entry."""
    return {"kind": kind, "tiles": tiles, "from": source}


def win(winner: int | list[int], tile: str, source: int | None, **flags: bool) -> dict[str, Any]:
    """A win's record entry."""
    return {"winner": winner, "tile": tile, "from": source, **flags}


def record(
    players: list[dict[str, Any]],
    wins: list[dict[str, Any]],
    kongs: list[dict[str, Any]] | None = None,
    *,
    drawn: bool | None = None,
    options: dict[str, Any] | None = None,
    dealer: int = 0,
) -> dict[str, Any]:
    """A Sichuan record; ``drawn`` defaults to fewer than three winners."""
    winners = {
        s for w in wins for s in (w["winner"] if isinstance(w["winner"], list) else [w["winner"]])
    }
    if drawn is None:
        drawn = len(winners) < 3
    return {
        "variant": "sichuan",
        "options": options or {},
        "dealer": dealer,
        "players": players,
        "wins": wins,
        "kongs": kongs or [],
        "result": {"kind": "draw" if drawn else "win"},
    }
