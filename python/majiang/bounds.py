"""The bounds of every number a room configuration, an options object or a hand record holds.

Each is far above what a real table uses and low enough that every amount a hand settles to
stays an exact float (under 2**53) and every score a signed 64-bit integer: a settlement
multiplies at most one stake (≤ ``MAX_STAKE``) by point amounts or 番 values
(≤ ``MAX_POINTS``), the 爬楼 streak (≤ ``MAX_STREAK``) and the hand's fixed factors (the
largest hand found, a Nanchang 杠开 with four concealed kongs at every maximum, moves 6·10**13
to one seat), and a match adds at most ``MAX_HANDS`` hands to scores that start within
``MAX_SCORE``. The checks that use
them raise the caller's error (``RulesError`` for a room and Nanchang's options,
``RecordError`` for the other options and records) before anything is built or changed.
docs/reliability.md ("Bounds") lists them.

Example:
    >>> from majiang.bounds import MAX_STAKE, in_range, range_text
    >>> in_range(MAX_STAKE, 1, MAX_STAKE), in_range(MAX_STAKE + 1, 1, MAX_STAKE)
    (True, False)
    >>> in_range(True, 0, 1), in_range(2.0, 0, 5)
    (False, False)
    >>> range_text(1, 1000)
    'a whole number ≥ 1 and ≤ 1000'
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "MAX_COUNT",
    "MAX_FLAGS",
    "MAX_GARDEN",
    "MAX_HANDS",
    "MAX_POINTS",
    "MAX_SCORE",
    "MAX_STAKE",
    "MAX_STREAK",
    "in_range",
    "range_text",
]

MAX_STAKE = 10**6
"""The largest stake (底分: ``RoomConfig.stake``, Nanchang's ``di_fen``, the others' ``base``)
and the largest cap (单把上限 ``hand_cap``, 进园子 ``match_cap`` / ``yuanzi``). The server's
``create`` frame has the same bound."""
MAX_POINTS = 1000
"""The largest point amount or 番 option (a kong's points, a bonus, a penalty, a 番 cap,
GB's ``min_fan``) and Nanjing's ``rounds``."""
MAX_HANDS = 1000
"""The longest match: ``RoomConfig.hands`` and ``Game(hands=...)`` (with its ``streak``, see
``MAX_STREAK``)."""
MAX_STREAK = 1000
"""The largest ``dealer_streak`` (爬楼 floor; GB: the hand's number in the match). The streak
grows by at most one a hand, so a game checks ``streak + hands - 1 ≤ MAX_STREAK`` when it is
built and no hand of it can write a record beyond it."""
MAX_FLAGS = 10
"""The most 比下胡 flags a Nanjing record holds (``bixiahu_flags``, under ``per_flag`` each
doubles the win): the engine plants no more than this many, however many 比下胡 hands follow
in a row."""
MAX_COUNT = 1000
"""The largest count a record holds besides those above (Sichuan's ``kongs[].after_wins``:
the wins before the kong)."""
MAX_GARDEN = 4 * MAX_STAKE
"""The most a Nanjing record's ``yuanzi_left`` gives a seat: the four 园子 together."""
MAX_SCORE = 10**18
"""The largest score (either sign) a game starts from (``Game(scores=...)``): a match of
``MAX_HANDS`` hands moves a score by less than 10**17 more, inside a signed 64-bit integer."""


def in_range(value: Any, least: int, most: int) -> bool:
    """Whether ``value`` is an ``int`` (not a bool) from ``least`` to ``most``; it compares
    without converting, so a number of any size costs nothing.

    Example:
        >>> in_range(10**5000, 0, MAX_POINTS)
        False
    """
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def range_text(least: int, most: int) -> str:
    """How an error message and docs/options.md name a whole-number range.

    Example:
        >>> range_text(0, MAX_STAKE)
        'a whole number ≥ 0 and ≤ 1000000'
    """
    return f"a whole number ≥ {least} and ≤ {most}"
