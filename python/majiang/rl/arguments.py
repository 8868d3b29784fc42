"""The checks of the learning layer's arguments: each refuses a bad value with a
:class:`~majiang.errors.MajiangError` naming the argument, before anything changes.

Bounds (docs/reliability.md, "Learning layer input"): at most :data:`MAX_TABLES` tables a
:class:`~majiang.rl.VectorGame`; seeds and table numbers ``0 <= x <`` :data:`SEED_LIMIT`;
rewards (``reward_scale``, ``illegal_reward``) finite with ``|x| <=`` :data:`REWARD_LIMIT`.

Example:
    >>> flag("false", "oracle")
    Traceback (most recent call last):
    ...
    majiang.errors.ArgumentTypeError: oracle: expected True or False, got 'false'
    >>> flag(np.True_, "oracle"), whole(np.int64(3), "seat", 0, 4)
    (True, 3)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from majiang.errors import ArgumentTypeError, RulesError, quoted

__all__ = [
    "MAX_TABLES",
    "REWARD_LIMIT",
    "SEED_LIMIT",
    "check_out",
    "choice",
    "finite",
    "flag",
    "options",
    "seat_of",
    "seed",
    "whole",
]

MAX_TABLES = 65_536
"""The most tables one :class:`~majiang.rl.VectorGame` holds (each is a live ``Game``)."""
SEED_LIMIT = 2**64
"""Seeds and table numbers are whole numbers below this."""
REWARD_LIMIT = 1e6
"""The largest ``|reward_scale|`` and ``|illegal_reward|`` (rewards stay finite in float32)."""


def flag(value: object, name: str) -> bool:
    """``value`` as a bool: ``True`` or ``False`` (a numpy bool too), else
    ArgumentTypeError: a flag read from a config file as ``"false"`` or ``0`` is a bug."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise ArgumentTypeError(f"{name}: expected True or False, got {quoted(value)}")


def _is_whole(value: object) -> bool:
    # A numpy timedelta64 is a numpy integer, but no count (int() of it fails).
    return isinstance(value, int | np.integer) and not isinstance(
        value, bool | np.bool_ | np.timedelta64
    )


def whole(value: object, name: str, least: int, below: int) -> int:
    """``value`` as an int ``least <= value < below`` (a Python or numpy integer, not a
    bool): ArgumentTypeError for another type, RulesError out of range."""
    if not _is_whole(value):
        raise ArgumentTypeError(f"{name}: expected an int, got {quoted(value)}")
    n = int(cast("int", value))
    if not least <= n < below:
        raise RulesError(f"{name}: expected {least} <= {name} <= {below - 1}, got {quoted(n)}")
    return n


def seed(value: object, name: str = "seed") -> int:
    """A seed: an int ``0 <= seed <`` :data:`SEED_LIMIT` (gymnasium accepts any int >= 0;
    the bound keeps every seed a documented size)."""
    return whole(value, name, 0, SEED_LIMIT)


def seat_of(value: object) -> int:
    """A numpy integer seat (``VectorGame.seats[i]``) as an int; anything else as it is, for
    the engine to check."""
    if isinstance(value, np.integer) and not isinstance(value, np.timedelta64):
        return int(value)
    return cast("int", value)


def finite(value: object, name: str, limit: float = REWARD_LIMIT) -> float:
    """``value`` as a finite float with ``|value| <= limit`` (an int or float, numpy's too;
    not a bool)."""
    if isinstance(value, bool | np.bool_) or not isinstance(
        value, int | float | np.integer | np.floating
    ):
        raise ArgumentTypeError(f"{name}: expected a number, got {quoted(value)}")
    try:
        x = float(value)
    except OverflowError:
        x = math.inf
    if not math.isfinite(x) or abs(x) > limit:
        raise RulesError(f"{name}: expected a finite number within ±{limit:g}, got {quoted(value)}")
    return x


def choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of the strings ``choices``, else RulesError."""
    if isinstance(value, str) and value in choices:
        return value
    listed = " or ".join(repr(c) for c in choices)
    raise RulesError(f"{name}: expected {listed}, got {quoted(value)}")


def options(value: object) -> dict[str, Any]:
    """The settlement options: None (the defaults) or a mapping of option names, as a new
    dict (the engine checks the names and values)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"options: expected a mapping of option names, got {quoted(value)}")
    if not all(isinstance(k, str) for k in value):
        raise ArgumentTypeError(f"options: option names are strings, got {quoted(value)}")
    return dict(value)


def check_out(out: object, shape: tuple[int, ...], dtype: Any, name: str) -> None:
    """An ``out`` array to fill: a writeable numpy array of ``shape`` and ``dtype``
    (ArgumentTypeError or RulesError naming ``name`` otherwise).

    Example:
        >>> check_out(np.zeros((2, 3), np.uint8), (2, 4), np.uint8, "out")
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: out: expected shape (2, 4), got (2, 3)
    """
    if not isinstance(out, np.ndarray):
        raise ArgumentTypeError(f"{name}: expected a numpy array, got {type(out).__name__}")
    if out.dtype != dtype:
        raise ArgumentTypeError(f"{name}: expected dtype {np.dtype(dtype)}, got {out.dtype}")
    if out.shape != shape:
        raise RulesError(f"{name}: expected shape {shape}, got {out.shape}")
    if not out.flags.writeable:
        raise RulesError(f"{name}: expected a writeable array, got a read-only one")
