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

__all__ = [
    "ArgumentTypeError",
    "IllegalActionError",
    "InvalidHandError",
    "MajiangError",
    "RecordError",
    "ReplayError",
    "RulesError",
    "TileParseError",
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


class RulesError(MajiangError, ValueError):
    """An unknown rules preset, knob or option."""


class RecordError(MajiangError, ValueError):
    """A hand record that cannot have happened; the message starts with the field's path
    (``players[2].melds[0]: ...``)."""


class IllegalActionError(MajiangError, ValueError):
    """An action the game does not allow now (wrong seat, not legal, malformed); the game's
    state is left unchanged."""


class ReplayError(MajiangError, ValueError):
    """An event log that does not replay: unreadable, or an event the rules or the recorded
    deal contradict; the message names the line (1-based) and what differs."""
