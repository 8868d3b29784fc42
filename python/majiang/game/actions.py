"""Game actions: small frozen values, with plain-dict forms for JSON.

Example:
    >>> from majiang.game.actions import Discard, from_dict
    >>> from_dict(Discard("5m").to_dict())
    Discard(tile='5m')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from majiang._core import parse_tiles
from majiang.errors import IllegalActionError, MajiangError, quoted
from majiang.tiles import KIND_INDEX as _KIND_INDEX
from majiang.tiles import KINDS

__all__ = [
    "DISCARDS",
    "PASS",
    "PONG",
    "WIN",
    "Action",
    "Chow",
    "Declare",
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


@dataclass(frozen=True)
class Declare:
    """A declaration a variant asks for (its table's ``openings``): ``what`` is declared
    (Nanjing's ``ready`` 报听, a void suit for 定缺) and its ``value`` (empty when the
    declaration is all there is to it).

    Example:
        >>> Declare("ready").to_dict()
        {'type': 'declare', 'what': 'ready', 'value': ''}
    """

    what: str
    value: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Declare("void", "m").to_dict()["value"]
            'm'
        """
        return {"type": "declare", "what": self.what, "value": self.value}


Action = Discard | Chow | Pong | Kong | Win | Pass | Declare

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


_KIND_NAMES = frozenset(KINDS)
_CHOW_KINDS: dict[str, tuple[int, ...]] = {}


def _chow_kinds(tiles: str) -> tuple[int, ...]:
    """The kind of each tile of a chow's ``tiles`` (MPSZ text), in order; remembered for the
    few texts the engine's chows have (at most 1,024 texts are kept).

    Example:
        >>> _chow_kinds("345m")
        (2, 3, 4)
    """
    if type(tiles) is not str:  # a hand-made Chow: read, never kept
        return tuple(_KIND_INDEX[x] for x in parse_tiles(tiles))
    found = _CHOW_KINDS.get(tiles)
    if found is None:
        found = tuple(_KIND_INDEX[x] for x in parse_tiles(tiles))
        if len(_CHOW_KINDS) < 1024:
            _CHOW_KINDS[tiles] = found
    return found


def _check_text(data: Mapping[str, Any], key: str, value: Any) -> str:
    """``value``, the tiles at ``key`` of the dict action ``data``, if it is text naming
    tiles of the 34 kinds (any spelling the parser reads)."""
    if type(value) is not str:
        raise IllegalActionError(f"{key}: expected tiles as text, got {quoted(value)}")
    if value in _KIND_NAMES:  # the usual case: one MPSZ name
        return value
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise IllegalActionError(
                f"{key}: {quoted(value)} is not valid Unicode text (a lone surrogate)"
            ) from None
    try:
        names = parse_tiles(value)
    except MajiangError:
        names = [""]
    if not all(name in _KIND_NAMES for name in names):
        raise IllegalActionError(f"unknown tile in {quoted(dict(data))}")
    return value


def from_dict(data: Mapping[str, Any]) -> Action:
    """An action from its dict form; IllegalActionError if malformed (``tile`` and ``tiles``,
    wherever given, must be text).

    Example:
        >>> from_dict({"type": "kong", "tile": "5m", "kind": "concealed"})
        Kong(tile='5m', kind='concealed')
        >>> from_dict({"type": "fly"})
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: unknown action type 'fly'
        >>> from_dict({"type": "discard", "tile": "\\ud800"})
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: tile: '\\ud800' is not valid Unicode text (a lone ...
    """
    try:
        kind, tile, tiles = data["type"], data.get("tile"), data.get("tiles")
    except (KeyError, TypeError) as e:
        raise IllegalActionError(f"malformed action {quoted(data)}") from e
    if type(kind) is not str:
        raise IllegalActionError(f"unknown action type {quoted(kind)}")
    if tile is not None:
        tile = _check_text(data, "tile", tile)
    if tiles is not None:
        tiles = _check_text(data, "tiles", tiles)
    if kind == "pass" or kind == "win" or kind == "pong":
        return PASS if kind == "pass" else WIN if kind == "win" else PONG
    if kind == "discard" or kind == "kong":
        if tile is None:
            raise IllegalActionError(f"malformed action {quoted(data)}: a {kind} needs its tile")
        if kind == "discard":
            return Discard(tile)
        k = data.get("kind")
        if type(k) is not str or k not in ("exposed", "concealed", "added"):
            raise IllegalActionError(f"unknown kong kind {quoted(k)}")
        return Kong(tile, cast(KongKind, k))
    if kind == "chow":
        if tiles is None:
            raise IllegalActionError(f"malformed action {quoted(data)}: a chow needs its tiles")
        return Chow(tiles)
    if kind == "declare":
        what, value = data.get("what"), data.get("value", "")
        if type(what) is not str or type(value) is not str:
            raise IllegalActionError(f"malformed action {quoted(data)}: a declaration is text")
        try:
            (what + value).encode("utf-8")
        except UnicodeEncodeError:
            raise IllegalActionError(f"declare: {quoted(data)} is not valid Unicode text") from None
        return Declare(what, value)
    raise IllegalActionError(f"unknown action type {quoted(kind)}")
