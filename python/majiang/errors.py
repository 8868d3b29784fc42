"""The exceptions majiang raises. Every one derives from :class:`MajiangError`.

Example:
    >>> import majiang
    >>> try:
    ...     majiang.shanten("123x")
    ... except majiang.TileParseError as e:
    ...     print(type(e).__name__, isinstance(e, ValueError))
    TileParseError True
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from itertools import islice
from typing import Any

__all__ = [
    "ArgumentTypeError",
    "IllegalActionError",
    "InvalidHandError",
    "Loc",
    "MajiangError",
    "NotWinningError",
    "RecordError",
    "ReplayError",
    "RulesError",
    "TileParseError",
    "WinFlagsError",
    "loc_text",
    "quoted",
    "surrogate_path",
]


class MajiangError(Exception):
    """Base class of every error majiang raises on bad input."""


class ArgumentTypeError(MajiangError, TypeError):
    """An argument of the wrong type: a float or a string where a count or thread number is
    wanted, a number where tile names are, and a bool anywhere a count, tile index, meld
    number, limit or thread count is read (``True`` is an ``int`` in Python, but a count of
    ``True`` is a bug). Also a :class:`TypeError`, so ``except TypeError`` keeps working and
    ``except MajiangError`` catches every bad input.

    Example:
        >>> import majiang
        >>> try:
        ...     majiang.shanten("123m456p789s1234z", melds="1")
        ... except majiang.ArgumentTypeError as e:
        ...     print(e, isinstance(e, TypeError), isinstance(e, majiang.MajiangError))
        melds must be an int, not str True True
    """


class TileParseError(MajiangError, ValueError):
    """Text that is not a list of tiles; the message names the token and its position."""


class InvalidHandError(MajiangError, ValueError):
    """Tiles that cannot form the hand a call asks about (a fifth copy, a wrong count)."""


class NotWinningError(InvalidHandError):
    """Tiles that make no winning hand where a complete one is asked for (the GB 番
    calculator, ``majiang.gb.fan``)."""


class WinFlagsError(MajiangError, ValueError):
    """Win conditions that cannot hold together (``majiang.gb.fan``: 妙手回春 on a discard,
    抢杠和 self-drawn, 杠上开花 with no kong, 和绝张 with a copy in hand) or a wind or flower
    count out of range."""


class RulesError(MajiangError, ValueError):
    """An unknown rules preset, knob or option."""


Loc = tuple[str | int, ...]
"""Where in a record a field is: its keys and list indices from the top, as pydantic writes
them (``("players", 2, "melds", 0, "from")``); ``()`` is the record itself."""


def loc_text(loc: Loc) -> str:
    """The text form of a location: keys joined by dots, indices in brackets; ``record`` for
    the record itself.

    Example:
        >>> loc_text(("players", 2, "melds", 0, "from")), loc_text(())
        ('players[2].melds[0].from', 'record')
    """
    out = ""
    for part in loc:
        if type(part) is int:
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "record"


class RecordError(MajiangError, ValueError):
    """A hand record that cannot have happened. ``loc`` is where (:data:`Loc`; empty when the
    error has no one field), ``msg`` what is wrong; the text starts with the field's path
    (``players[2].melds[0].from: ...``).

    Example:
        >>> e = RecordError.at(("players", 2, "hand"), "missing")
        >>> e.loc, e.msg, str(e)
        (('players', 2, 'hand'), 'missing', 'players[2].hand: missing')
        >>> RecordError("no field named").loc
        ()
    """

    loc: Loc
    msg: str

    def __init__(self, message: str, loc: Loc = (), msg: str | None = None) -> None:
        super().__init__(message)
        self.loc = loc
        self.msg = message if msg is None else msg

    @classmethod
    def at(cls, loc: Loc, msg: str, where: str | None = None) -> RecordError:
        """The error for the field at ``loc`` (``where``: its text, when not ``loc``'s own).

        Example:
            >>> RecordError.at(("result", "tile"), "expected one tile, got 2")
            RecordError('result.tile: expected one tile, got 2')
        """
        return cls(f"{loc_text(loc) if where is None else where}: {msg}", loc, msg)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.loc, self.msg))


class IllegalActionError(MajiangError, ValueError):
    """An action the game does not allow now (wrong seat, not legal, malformed); the game's
    state is left unchanged."""


class ReplayError(MajiangError, ValueError):
    """An event log that does not replay: unreadable, or an event the rules or the recorded
    deal contradict; the message names the line (1-based) and what differs."""


QUOTE_LIMIT = 60
"""The most characters :func:`quoted` gives back."""


class _Repr(reprlib.Repr):
    """A bounded repr: few items of a container, few levels deep, no huge int to text."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = QUOTE_LIMIT
        self.maxother = QUOTE_LIMIT
        self.maxlong = QUOTE_LIMIT
        for name in ("maxlist", "maxtuple", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
            setattr(self, name, 6)

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * QUOTE_LIMIT:  # too long to show; text of it may be refused
            return f"<a {x.bit_length()}-bit integer>"
        return super().repr_int(x, level)

    def repr_str(self, x: str, level: int) -> str:
        return repr(x[: QUOTE_LIMIT + 1])

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        # In insertion order, as repr shows it (reprlib sorts the keys).
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [
            f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}"
            for k, v in islice(x.items(), self.maxdict)
        ]
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"


_REPR = _Repr()


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters (ending in "…"):
    whatever a caller passes, the message stays short and building it cannot fail.

    Example:
        >>> quoted("5m"), quoted(["1m", 2]), quoted({"type": "pong", "tile": 5})
        ("'5m'", "['1m', 2]", "{'type': 'pong', 'tile': 5}")
        >>> quoted("x" * 100)
        "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
        >>> quoted(10**10000)
        '<a 33220-bit integer>'
    """
    try:
        text = _REPR.repr(value)
    except Exception:  # a __repr__ that fails: name the type only
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def _encodes(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def surrogate_path(data: Any, limit: int = 100_000) -> str | None:
    """The path (``players[0].hand``) of the first text in ``data`` (objects and lists, as from
    JSON) that is not valid Unicode, i.e. holds a lone surrogate such as ``"\\ud800"`` that
    JSON allows but no UTF-8 text can carry; ``"record"`` for ``data`` itself, None if every
    text is valid (or nothing is found in the first ``limit`` values). Meant for the error path:
    a check that failed with UnicodeEncodeError names the field with it.

    Example:
        >>> surrogate_path({"players": [{"hand": "1m"}, {"hand": "\\ud800"}]})
        'players[1].hand'
        >>> surrogate_path({"tile": "5m"}) is None
        True
    """
    stack: list[tuple[str, Any]] = [("", data)]
    seen = 0
    while stack and seen < limit:
        path, value = stack.pop()
        seen += 1
        if isinstance(value, str):
            if not _encodes(value):
                return path or "record"
        elif isinstance(value, Mapping):
            children = []
            for key, item in value.items():
                if isinstance(key, str) and not _encodes(key):
                    return f"{path}.{quoted(key)}" if path else quoted(key)
                name = key if isinstance(key, str) else quoted(key)
                children.append((f"{path}.{name}" if path else name, item))
            stack.extend(reversed(children))
        elif isinstance(value, list | tuple):
            stack.extend(reversed([(f"{path}[{i}]", item) for i, item in enumerate(value)]))
    return None
