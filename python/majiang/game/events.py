"""The event log's vocabulary: one frozen, slotted dataclass per kind of event.

A log line is the JSON object ``to_json()`` gives (``{"event": <kind>, ...fields}``), written
with ``json.dumps(..., ensure_ascii=False)``; :func:`parse_event` reads one back. The keys come
in the order the classes declare them, and a field whose value is "absent" (``None``, or the
default of a field marked ``omitted``) is left out, so a line the engine writes reads back and
writes out byte for byte. ``docs/events.md`` describes each kind; :func:`json_schema` is the
machine-readable form (``docs/events.schema.json``, kept equal to it by a test).

What a field may hold is checked on reading, by its annotation (see ``_TYPES``): a seat is a
whole number 0-3, a tile a tile name (``5m``, ``7z``, ``3f``), tiles MPSZ text, a score a
whole number within a signed 64-bit integer. A line that is not an event of a known kind, or
whose field is missing, unknown or of the wrong form, is a ReplayError naming the line, the
kind and the field.

Example:
    >>> e = parse_event({"event": "draw", "seat": 1, "tile": "5m"})
    >>> e, e.to_json()
    (Draw(seat=1, tile='5m', replacement=False), {'event': 'draw', 'seat': 1, 'tile': '5m'})
    >>> parse_event({"event": "draw", "seat": 4, "tile": "5m"}, line=7)
    Traceback (most recent call last):
    ...
    majiang.errors.ReplayError: line 7: draw event: seat: expected a seat 0-3, got 4
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, TypeVar

from majiang.errors import ReplayError, quoted
from majiang.tiles import TILE_INDEX

__all__ = [
    "EVENT_TYPES",
    "Chow",
    "Deal",
    "Declare",
    "Discard",
    "Draw",
    "DrawGame",
    "Event",
    "Exchange",
    "Flower",
    "Horses",
    "Kong",
    "Payment",
    "Pong",
    "Reveal",
    "Settlement",
    "Win",
    "json_schema",
    "parse_event",
]

SCORE_LIMIT = 2**63 - 1
"""The largest score, delta or count a log holds (a signed 64-bit integer, as SQLite keeps)."""

LIST_LIMIT = 256
"""The most items a list field of one event holds (the live wall is at most 144 tiles)."""

TEXT_LIMIT = 1024
"""The most characters a text field holds."""

_MPSZ = re.compile(r"(?:[1-9]+[mps]|[1-7]+z|[1-8]+f)*")

OMIT = {"omitted": True}
"""Field metadata: the field is left out of the JSON when it holds its default."""


def _seat(value: Any) -> str | None:
    if type(value) is int and 0 <= value <= 3:
        return None
    return "a seat 0-3"


def _whole(value: Any) -> str | None:
    if type(value) is int and -SCORE_LIMIT <= value <= SCORE_LIMIT:
        return None
    return "a whole number within ±(2**63 - 1)"


def _count(value: Any) -> str | None:
    if type(value) is int and 0 <= value <= SCORE_LIMIT:
        return None
    return "a whole number ≥ 0"


KONG_KINDS = ("concealed", "added", "exposed")
"""The kinds of kong: from four held tiles, a fourth added to a pong, a claimed discard."""


def _kong_kind(value: Any) -> str | None:
    return None if type(value) is str and value in KONG_KINDS else "concealed, added or exposed"


def _flag(value: Any) -> str | None:
    return None if type(value) is bool else "true or false"


def _text(value: Any) -> str | None:
    if type(value) is str and len(value) <= TEXT_LIMIT:
        return None
    return f"text of at most {TEXT_LIMIT} characters"


def _tile(value: Any) -> str | None:
    return None if type(value) is str and value in TILE_INDEX else "a tile name such as 5m"


def _tiles(value: Any) -> str | None:
    if type(value) is str and len(value) <= TEXT_LIMIT and _MPSZ.fullmatch(value):
        return None
    return "tiles in MPSZ text such as 123m55z"


def _object(value: Any) -> str | None:
    if isinstance(value, dict) and all(type(k) is str for k in value):
        return None
    return "a JSON object"


def _list_of(item: Callable[[Any], str | None], what: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if type(value) is list and len(value) <= LIST_LIMIT and all(item(v) is None for v in value):
            return None
        return f"a list of {what}"

    return check


def _map_of(item: Callable[[Any], str | None], what: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        fits = type(value) is dict and len(value) <= LIST_LIMIT
        if fits and all(type(k) is str and item(v) is None for k, v in value.items()):
            return None
        return f"an object of {what}"

    return check


def _either(*checks: Callable[[Any], str | None]) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        wants = [c(value) for c in checks]
        return None if None in wants else " or ".join(w for w in wants if w)

    return check


def _absent(value: Any) -> str | None:
    return None if value is None else "null"


class _Type(NamedTuple):
    """How a field's annotation is read from JSON, written back and described."""

    check: Callable[[Any], str | None]
    """None if the JSON value fits, else what was expected."""
    schema: dict[str, Any]
    to_json: Callable[[Any], Any] = lambda v: v
    from_json: Callable[[Any], Any] = lambda v: v


_SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
_WHOLE = {"type": "integer", "minimum": -SCORE_LIMIT, "maximum": SCORE_LIMIT}
_TILES = {"type": "string", "pattern": "^" + _MPSZ.pattern + "$", "maxLength": TEXT_LIMIT}
_TILE = {"enum": list(TILE_INDEX)}


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items, "maxItems": LIST_LIMIT}


_TYPES: dict[str, _Type] = {
    "Seat": _Type(_seat, _SEAT),
    "Whole": _Type(_whole, _WHOLE),
    "Count": _Type(_count, {"type": "integer", "minimum": 0, "maximum": SCORE_LIMIT}),
    "bool": _Type(_flag, {"type": "boolean"}),
    "str": _Type(_text, {"type": "string", "maxLength": TEXT_LIMIT}),
    "Tile": _Type(_tile, _TILE),
    "KongKind": _Type(_kong_kind, {"enum": list(KONG_KINDS)}),
    "Tiles": _Type(_tiles, _TILES),
    "Seat | None": _Type(_either(_seat, _absent), {"oneOf": [_SEAT, {"type": "null"}]}),
    "Tiles | None": _Type(_tiles, _TILES),
    "Tile | None": _Type(_tile, _TILE),
    "bool | None": _Type(_flag, {"type": "boolean"}),
    "tuple[Whole, ...]": _Type(_list_of(_whole, "whole numbers"), _array(_WHOLE), list, tuple),
    "tuple[Seat, ...] | None": _Type(_list_of(_seat, "seats"), _array(_SEAT), list, tuple),
    "tuple[Tile, ...]": _Type(_list_of(_tile, "tile names"), _array(_TILE), list, tuple),
    "tuple[Tiles, ...]": _Type(_list_of(_tiles, "MPSZ texts"), _array(_TILES), list, tuple),
    "tuple[Tiles, ...] | None": _Type(_list_of(_tiles, "MPSZ texts"), _array(_TILES), list, tuple),
    "Seat | tuple[Seat, ...]": _Type(
        _either(_seat, _list_of(_seat, "seats")),
        {"oneOf": [_SEAT, _array(_SEAT)]},
        lambda v: list(v) if isinstance(v, tuple) else v,
        lambda v: tuple(v) if isinstance(v, list) else v,
    ),
    "dict[str, Any]": _Type(_object, {"type": "object"}, dict, dict),
    "dict[str, Any] | None": _Type(_object, {"type": "object"}, dict, dict),
    "dict[str, Tiles] | None": _Type(
        _map_of(_tiles, "MPSZ texts"),
        {"type": "object", "additionalProperties": _TILES, "maxProperties": LIST_LIMIT},
        dict,
        dict,
    ),
}
"""Every annotation an event field may carry (the text of the annotation)."""

# Annotation names: plain ints and strings whose meaning the checks above give.
Seat = int
Whole = int
Count = int
Tile = str
Tiles = str
KongKind = str


class _Slot(NamedTuple):
    attr: str
    key: str
    type: _Type
    required: bool
    absent: Any
    """The value that leaves the field out of the JSON (a sentinel when it never is)."""


_NEVER = object()
_E = TypeVar("_E", bound="_Event")


class _Event:
    """What every event class has (set by :func:`_event`)."""

    __slots__ = ()
    KIND: ClassVar[str]
    _SLOTS: ClassVar[tuple[_Slot, ...]]
    _KEYS: ClassVar[frozenset[str]]

    def to_json(self) -> dict[str, Any]:
        """The log line's object: ``event`` first, then the fields in declared order, each
        left out when absent."""
        out: dict[str, Any] = {"event": self.KIND}
        for slot in self._SLOTS:
            value = getattr(self, slot.attr)
            if value is not slot.absent:
                out[slot.key] = slot.type.to_json(value)
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any], line: int | None = None) -> Any:
        """The event of a log line's object; ReplayError naming the line, the kind and the
        field for anything missing, unknown or of the wrong form."""
        where = f"line {line}: " if line is not None else ""
        if obj.get("event") != cls.KIND:
            raise ReplayError(f"{where}expected a {cls.KIND} event, got {quoted(obj.get('event'))}")
        unknown = [k for k in obj if k not in cls._KEYS]
        if unknown:
            raise ReplayError(f"{where}{cls.KIND} event: unknown field {quoted(unknown[0])}")
        values: dict[str, Any] = {}
        for slot in cls._SLOTS:
            if slot.key not in obj:
                if slot.required:
                    raise ReplayError(f"{where}{cls.KIND} event without {slot.key!r}")
                continue
            value = obj[slot.key]
            wanted = slot.type.check(value)
            if wanted is None and value is slot.absent:  # written by leaving the field out
                wanted = "true" if value is False else "a value (a null is left out)"
            if wanted is not None:
                raise ReplayError(
                    f"{where}{cls.KIND} event: {slot.key}: expected {wanted}, got {quoted(value)}"
                )
            values[slot.attr] = slot.type.from_json(value)
        return cls(**values)


def _event(kind: str) -> Callable[[type[_E]], type[_E]]:
    """Register a frozen, slotted dataclass as the event of kind ``kind``: its fields' JSON
    forms come from their annotations (``_TYPES``), their keys from ``metadata={"key": ...}``
    (else the field's name). A field with a default of None, or marked ``OMIT`` (a default of
    False), is left out of the JSON while it holds that default."""

    def make(made: type[_E]) -> type[_E]:
        slots = []
        for f in dataclasses.fields(made):  # type: ignore[arg-type]
            kind_of = _TYPES.get(str(f.type))
            if kind_of is None:
                raise TypeError(f"{made.__name__}.{f.name}: no JSON form for {f.type}")
            has_default = f.default is not dataclasses.MISSING
            absent: Any = _NEVER
            if has_default and (f.default is None or f.metadata.get("omitted")):
                absent = f.default  # None or False: compared by identity
            key = f.metadata.get("key", f.name)
            slots.append(_Slot(f.name, key, kind_of, not has_default, absent))
        made.KIND = kind
        made._SLOTS = tuple(slots)
        made._KEYS = frozenset(["event", *(s.key for s in slots)])
        return made

    return make


@_event("deal")
@dataclass(frozen=True, slots=True)
class Deal(_Event):
    """A hand begins: the dealt hands, the dealer's 14th tile, the live wall in draw order
    (head first) and everything the table turned up (indicators, flowers laid aside)."""

    hand: Count
    variant: str
    options: dict[str, Any]
    dealer: Seat
    dealer_streak: Count
    dice: tuple[Whole, ...]
    hands: tuple[Tiles, ...]
    drawn: Tile
    wall: tuple[Tile, ...]
    scores: tuple[Whole, ...]
    indicator: Tile | None = None
    lower_indicator: Tile | None = None
    flowers: tuple[Tiles, ...] | None = None
    carry: dict[str, Any] | None = None


@_event("reveal")
@dataclass(frozen=True, slots=True)
class Reveal(_Event):
    """What the seats show after the deal, public ("" for a seat that shows nothing)."""

    tiles: tuple[Tiles, ...]
    lower_indicator: Tile | None = None


@_event("declare")
@dataclass(frozen=True, slots=True)
class Declare(_Event):
    """An opening declaration (定缺, 换三张, 报听...): ``what`` and its ``value``; ``seen_by``
    lists the other seats that learn a private value."""

    seat: Seat
    what: str
    value: str
    seen_by: tuple[Seat, ...] | None = None


@_event("draw")
@dataclass(frozen=True, slots=True)
class Draw(_Event):
    """A seat draws a tile (from the kong/flower end when ``replacement``)."""

    seat: Seat
    tile: Tile
    replacement: bool = field(default=False, metadata=OMIT)

    def to_json(self) -> dict[str, Any]:
        """As :meth:`_Event.to_json` gives it, written out: every draw of every game logs one."""
        if self.replacement:
            return {"event": "draw", "seat": self.seat, "tile": self.tile, "replacement": True}
        return {"event": "draw", "seat": self.seat, "tile": self.tile}


@_event("flower")
@dataclass(frozen=True, slots=True)
class Flower(_Event):
    """A seat lays a flower aside (补花); a replacement draw follows."""

    seat: Seat
    tile: Tile


@_event("discard")
@dataclass(frozen=True, slots=True)
class Discard(_Event):
    """A seat discards a tile."""

    seat: Seat
    tile: Tile

    def to_json(self) -> dict[str, Any]:
        """As :meth:`_Event.to_json` gives it, written out: every discard logs one."""
        return {"event": "discard", "seat": self.seat, "tile": self.tile}


@_event("chow")
@dataclass(frozen=True, slots=True)
class Chow(_Event):
    """A seat chows a discard of ``source``: ``tiles`` is the meld."""

    seat: Seat
    tiles: Tiles
    source: Seat


@_event("pong")
@dataclass(frozen=True, slots=True)
class Pong(_Event):
    """A seat pongs a discard of ``source``: ``tiles`` is the meld."""

    seat: Seat
    tiles: Tiles
    source: Seat


@_event("kong")
@dataclass(frozen=True, slots=True)
class Kong(_Event):
    """A kong: ``kind`` concealed, added (to a pong) or exposed (of ``source``'s discard)."""

    seat: Seat
    kind: KongKind
    tile: Tile
    source: Seat | None = None


@_event("payment")
@dataclass(frozen=True, slots=True)
class Payment(_Event):
    """Money paid at once during the hand (kong money, penalties): ``deltas`` per seat."""

    reason: str
    deltas: tuple[Whole, ...]
    scores: tuple[Whole, ...]


@_event("horses")
@dataclass(frozen=True, slots=True)
class Horses(_Event):
    """Horse tiles (抓马) turned up for ``seat``'s win."""

    seat: Seat
    tiles: Tiles


@_event("win")
@dataclass(frozen=True, slots=True)
class Win(_Event):
    """A win: the winner (several on one discard), the tile, the discarder (``from``, None for
    a self-draw), how it was won; ``shown`` holds the hands laid down at a table whose winners
    leave play (血战)."""

    winner: Seat | tuple[Seat, ...]
    tile: Tile
    source: Seat | None = field(metadata={"key": "from"})
    gang_kai: bool
    qiang_gang: bool
    tian_hu: bool
    di_hu: bool
    after_flower: bool | None = None
    shown: dict[str, Tiles] | None = None


@_event("draw-game")
@dataclass(frozen=True, slots=True)
class DrawGame(_Event):
    """The wall ran out with no (further) winner."""


@_event("settlement")
@dataclass(frozen=True, slots=True)
class Settlement(_Event):
    """The hand's settlement: ``deltas`` per seat and the ``scores`` after it."""

    deltas: tuple[Whole, ...]
    scores: tuple[Whole, ...]


@dataclass(frozen=True, slots=True)
class Exchange:
    """Tiles passed between seats after an opening declaration (换三张), as a variant's
    :meth:`~majiang.variants.protocol.Variant.after_declarations` returns it: each move is
    (from seat, to seat, kinds passed); to :data:`FACE_DOWN`, the kinds go into the tiles
    the table keeps back face down and the seat takes as many of those in their place (the
    two-player game's 开始时换牌: the kept-back tiles from ``face_down_at`` on, in wall
    order, move by move, so an earlier exchange's tiles are not taken back).
    Not a log line: the declare events before it say what each seat passed, and replaying
    them gives the same exchange. The engine checks every move (the giver holds the tiles,
    enough tiles are kept back) before it moves any tile.

    Example:
        >>> Exchange(((0, 1, (4, 4, 5)),)).moves[0][2]
        (4, 4, 5)
    """

    moves: tuple[tuple[int, int, tuple[int, ...]], ...]
    face_down_at: int = field(default=0, repr=False)


FACE_DOWN = -1
"""The receiver of an :class:`Exchange` move that swaps tiles with the kept-back tiles."""

Event = (
    Deal
    | Reveal
    | Declare
    | Draw
    | Flower
    | Discard
    | Chow
    | Pong
    | Kong
    | Payment
    | Horses
    | Win
    | DrawGame
    | Settlement
)
"""Any event of the log."""

EVENT_TYPES: dict[str, type[Any]] = {
    cls.KIND: cls
    for cls in (
        Deal,
        Reveal,
        Declare,
        Draw,
        Flower,
        Discard,
        Chow,
        Pong,
        Kong,
        Payment,
        Horses,
        Win,
        DrawGame,
        Settlement,
    )
}
"""Each kind's class, by the ``event`` key of its lines."""


_new = object.__new__
# The slots' own setters (member descriptors), which a frozen class's __setattr__ does not see.
_SET_DRAW = tuple(vars(Draw)[name].__set__ for name in ("seat", "tile", "replacement"))
_SET_DISCARD = tuple(vars(Discard)[name].__set__ for name in ("seat", "tile"))


def draw_event(seat: int, tile: str, replacement: bool) -> Draw:
    """``Draw(seat, tile, replacement)``, built through its slots: the frozen class's own
    ``__init__`` sets each field with ``object.__setattr__``, three times the cost, and the
    engine builds one every draw.

    Example:
        >>> draw_event(2, "5m", True) == Draw(2, "5m", True)
        True
    """
    event: Draw = _new(Draw)
    set_seat, set_tile, set_replacement = _SET_DRAW
    set_seat(event, seat)
    set_tile(event, tile)
    set_replacement(event, replacement)
    return event


def discard_event(seat: int, tile: str) -> Discard:
    """``Discard(seat, tile)``, built through its slots (every discard: see
    :func:`draw_event`).

    Example:
        >>> discard_event(1, "9s") == Discard(1, "9s")
        True
    """
    event: Discard = _new(Discard)
    _SET_DISCARD[0](event, seat)
    _SET_DISCARD[1](event, tile)
    return event


def parse_event(obj: Any, line: int | None = None) -> Event:
    """The typed event of a log line's object; ReplayError naming the line (when given), the
    kind and the field for an object that is not an event of a known kind.

    Example:
        >>> parse_event({"event": "win", "winner": [1, 2], "tile": "5m", "from": 0,
        ...              "gang_kai": False, "qiang_gang": False, "tian_hu": False,
        ...              "di_hu": False}).winner
        (1, 2)
        >>> parse_event({"event": "chi"}, line=3)
        Traceback (most recent call last):
        ...
        majiang.errors.ReplayError: line 3: unknown event kind 'chi'
    """
    where = f"line {line}: " if line is not None else ""
    if not isinstance(obj, Mapping):
        raise ReplayError(f"{where}expected an event object, got {quoted(obj)}")
    kind = obj.get("event")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ReplayError(f"{where}unknown event kind {quoted(kind)}")
    event: Event = cls.from_json(obj, line)
    return event


def _present_schema(slot: _Slot) -> dict[str, Any]:
    """What a field may hold when it is written: a field left out when false or null never
    holds false or null."""
    if slot.absent is False:
        return {"const": True}
    if slot.absent is None and "oneOf" in slot.type.schema:
        return {"oneOf": [t for t in slot.type.schema["oneOf"] if t != {"type": "null"}]}
    return slot.type.schema


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one log line, made from the classes.

    Example:
        >>> s = json_schema(); sorted(s["$defs"])[:3], s["$defs"]["draw"]["required"]
        (['chow', 'deal', 'declare'], ['event', 'seat', 'tile'])
    """
    defs: dict[str, Any] = {}
    for kind, cls in EVENT_TYPES.items():
        properties: dict[str, Any] = {"event": {"const": kind}}
        required = ["event"]
        for slot in cls._SLOTS:
            properties[slot.key] = _present_schema(slot)
            if slot.required:
                required.append(slot.key)
        defs[kind] = {
            "description": " ".join((cls.__doc__ or "").split()),
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "A line of a majiang event log",
        "oneOf": [{"$ref": f"#/$defs/{kind}"} for kind in defs],
        "$defs": defs,
    }
