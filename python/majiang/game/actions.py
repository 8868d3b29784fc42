"""Game actions: small frozen values, with plain-dict forms for JSON.

Example:
    >>> from majiang.game.actions import Discard, from_dict
    >>> from_dict(Discard("5m").to_dict())
    Discard(tile='5m')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from majiang.errors import IllegalActionError
from majiang.tiles import KINDS

__all__ = [
    "DISCARDS",
    "PASS",
    "PONG",
    "WIN",
    "Action",
    "Chow",
    "Discard",
    "Kong",
    "KongKind",
    "Pass",
    "Pong",
    "Win",
    "from_dict",
    "kong",
]

KongKind = Literal["exposed", "concealed", "added"]


@dataclass(frozen=True)
class Discard:
    """Discard ``tile`` (MPSZ name)."""

    tile: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Discard("1z").to_dict()
            {'type': 'discard', 'tile': '1z'}
        """
        return {"type": "discard", "tile": self.tile}


@dataclass(frozen=True)
class Chow:
    """Chow the discard into the sequence ``tiles`` (three MPSZ tiles, the claimed one included)."""

    tiles: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Chow("345m").to_dict()
            {'type': 'chow', 'tiles': '345m'}
        """
        return {"type": "chow", "tiles": self.tiles}


@dataclass(frozen=True)
class Pong:
    """Pong the discard."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Pong().to_dict()
            {'type': 'pong'}
        """
        return {"type": "pong"}


@dataclass(frozen=True)
class Kong:
    """A kong of ``tile``: ``exposed`` (on a discard), ``concealed`` or ``added`` (to a pong)."""

    tile: str
    kind: KongKind

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Kong("7z", "added").to_dict()
            {'type': 'kong', 'tile': '7z', 'kind': 'added'}
        """
        return {"type": "kong", "tile": self.tile, "kind": self.kind}


@dataclass(frozen=True)
class Win:
    """Declare a win (self-drawn, on the discard, or robbing a kong)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Win().to_dict()
            {'type': 'win'}
        """
        return {"type": "win"}


@dataclass(frozen=True)
class Pass:
    """Decline every claim on a discard or an added kong."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Pass().to_dict()
            {'type': 'pass'}
        """
        return {"type": "pass"}


Action = Discard | Chow | Pong | Kong | Win | Pass

# Shared instances: the engine hands these out instead of building new values every turn.
WIN = Win()
PASS = Pass()
PONG = Pong()
DISCARDS: tuple[Discard, ...] = tuple(Discard(name) for name in KINDS)
"""``DISCARDS[k]`` discards kind ``k``."""
_KONGS: dict[tuple[int, KongKind], Kong] = {
    (k, kind): Kong(name, kind)
    for k, name in enumerate(KINDS)
    for kind in ("exposed", "concealed", "added")
}


def kong(kind_index: int, kind: KongKind) -> Kong:
    """The shared :class:`Kong` of kind index ``kind_index``.

    Example:
        >>> kong(33, "concealed")
        Kong(tile='7z', kind='concealed')
    """
    return _KONGS[kind_index, kind]


def from_dict(data: Mapping[str, Any]) -> Action:
    """An action from its dict form; IllegalActionError if malformed.

    Example:
        >>> from_dict({"type": "kong", "tile": "5m", "kind": "concealed"})
        Kong(tile='5m', kind='concealed')
        >>> from_dict({"type": "fly"})
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: unknown action type 'fly'
    """
    try:
        kind = data["type"]
        if kind == "discard":
            return Discard(_text(data["tile"]))
        if kind == "chow":
            return Chow(_text(data["tiles"]))
        if kind == "pong":
            return Pong()
        if kind == "kong":
            k = data["kind"]
            if k not in ("exposed", "concealed", "added"):
                raise IllegalActionError(f"unknown kong kind {quoted(k)}")
            return Kong(_text(data["tile"]), k)
        if kind == "win":
            return Win()
        if kind == "pass":
            return Pass()
    except (KeyError, TypeError) as e:
        raise IllegalActionError(f"malformed action {quoted(data)}") from e
    raise IllegalActionError(f"unknown action type {quoted(kind)}")


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("tiles are text")
    return value


def quoted(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message: cut to ``limit`` characters, and never an error
    itself (an int too long to print, say).

    Example:
        >>> quoted("x" * 100, 10), quoted([10**5000])
        ("'xxxxxx...", 'a list that cannot be shown')
    """
    if isinstance(value, int) and abs(value) >= 10**50:
        return "a huge int"
    try:
        text = repr(value)
    except Exception:
        return f"a {type(value).__name__} that cannot be shown"
    return text if len(text) <= limit else text[: limit - 3] + "..."
