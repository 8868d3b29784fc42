"""The checks of what callers hand the engine: :class:`~majiang.game.engine.Game`'s
arguments, seats and action tiles, each refused with an error from the
:class:`~majiang.MajiangError` family naming the argument before anything is built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from majiang._core import parse_tiles
from majiang.bounds import MAX_HANDS, MAX_SCORE, MAX_STREAK
from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError, RulesError, quoted
from majiang.game.dealing import Deal
from majiang.tiles import KIND_INDEX
from majiang.variants.protocol import Variant

__all__ = ["check_game_arguments", "is_int", "kind_argument", "seat_argument", "valid_tiles"]

_COUNT = {2: "two", 3: "three", 4: "four"}


def check_game_arguments(
    variant: object,
    seed: object,
    options: object,
    hands: object,
    deal: object,
    dealer: object,
    streak: object,
    scores: object,
    carried: object,
    seats: int = 4,
) -> None:
    """The engine's arguments checked before anything is built: ArgumentTypeError for a
    wrong type, RulesError for a value out of range (the options themselves are checked by
    the variant's parser, a deal by :func:`~majiang.game.dealing.fixed_deal`); ``seats`` the
    table's (a dealer is one of them, the scores one each).

    Example:
        >>> check_game_arguments("nanchang", 0, None, 1, None, None, 0, None, None)
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: streak: expected a dealer streak (爬楼 floor) of at least 1, ...
    """
    if not isinstance(variant, str | Variant):
        raise ArgumentTypeError(
            f"variant: expected a variant name or a Variant, got {quoted(variant)}"
        )
    if not is_int(seed):
        raise ArgumentTypeError(f"seed: expected an int, got {quoted(seed)}")
    if options is not None:
        if not isinstance(options, Mapping):
            raise ArgumentTypeError(
                f"options: expected a mapping of option names, got {quoted(options)}"
            )
        if not all(isinstance(k, str) for k in options):
            raise ArgumentTypeError(
                f"options: option names are strings, got {quoted(dict(options))}"
            )
    if not isinstance(hands, int) or isinstance(hands, bool):
        raise ArgumentTypeError(f"hands: expected an int, got {quoted(hands)}")
    if hands < 1:
        raise RulesError(f"hands: expected a positive number, got {quoted(hands)}")
    if hands > MAX_HANDS:
        raise RulesError(f"hands: at most {MAX_HANDS} hands a match, got {quoted(hands)}")
    if deal is not None and not isinstance(deal, Deal):
        raise ArgumentTypeError(f"deal: expected a Deal, got {quoted(deal)}")
    last = seats - 1
    if dealer is not None:
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise ArgumentTypeError(
                f"dealer: expected a seat 0-{last} (an int), got {quoted(dealer)}"
            )
        if not 0 <= dealer <= last:
            raise RulesError(f"dealer: expected a seat 0-{last}, got {quoted(dealer)}")
    if not isinstance(streak, int) or isinstance(streak, bool):
        raise ArgumentTypeError(f"streak: expected an int, got {quoted(streak)}")
    if streak < 1:
        raise RulesError(
            f"streak: expected a dealer streak (爬楼 floor) of at least 1, got {quoted(streak)}"
        )
    if streak + hands - 1 > MAX_STREAK:  # the streak grows by at most one a hand
        raise RulesError(
            f"streak: {quoted(streak)} with {hands} hands could pass the dealer streak bound "
            f"{MAX_STREAK} (streak + hands - 1 ≤ {MAX_STREAK})"
        )
    if scores is not None:
        many = _COUNT[seats]
        if not isinstance(scores, Sequence) or isinstance(scores, str):
            raise ArgumentTypeError(f"scores: expected {many} ints, got {quoted(scores)}")
        if len(scores) != seats:
            raise RulesError(f"scores: expected {many}, got {len(scores)}")
        if not all(is_int(x) for x in scores):
            raise ArgumentTypeError(f"scores: expected {many} ints, got {quoted(list(scores))}")
        if not all(-MAX_SCORE <= x <= MAX_SCORE for x in scores):
            raise RulesError(
                f"scores: expected {many} whole numbers within ±{MAX_SCORE}, "
                f"got {quoted(list(scores))}"
            )
    if carried is not None and (
        not isinstance(carried, Mapping) or not all(isinstance(k, str) for k in carried)
    ):
        raise ArgumentTypeError(
            f"carried: expected a mapping of record fields, got {quoted(carried)}"
        )


def is_int(value: object) -> bool:
    """An int that is not a bool.

    Example:
        >>> is_int(3), is_int(True), is_int(3.0)
        (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def seat_argument(seat: object, where: str, seats: int = 4) -> int:
    """``seat`` checked as a seat argument: an int 0 to ``seats - 1`` (an int subclass too,
    but never a bool); ArgumentTypeError for another type, IllegalActionError for another
    number. The engine's hot paths test ``seat.__class__ is int and 0 <= seat < seats`` and
    call this only when that fails.

    Example:
        >>> seat_argument(2, "step")
        2
        >>> seat_argument(True, "observation")
        Traceback (most recent call last):
        ...
        majiang.errors.ArgumentTypeError: observation: expected a seat 0-3 (an int), got True
        >>> seat_argument(-1, "observation")
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: observation: expected a seat 0-3, got -1
        >>> seat_argument(2, "step", seats=2)
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: step: expected a seat 0-1, got 2
    """
    last = seats - 1
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ArgumentTypeError(f"{where}: expected a seat 0-{last} (an int), got {quoted(seat)}")
    if not 0 <= seat <= last:
        raise IllegalActionError(f"{where}: expected a seat 0-{last}, got {quoted(seat)}")
    return int(seat)


def kind_argument(kind: object, where: str) -> int:
    """``kind`` checked as a tile kind argument: an int 0-33 (never a bool);
    ArgumentTypeError for another type, IllegalActionError for another number.

    Example:
        >>> kind_argument(33, "claim_options")
        33
        >>> kind_argument("5m", "claim_options")
        Traceback (most recent call last):
        ...
        majiang.errors.ArgumentTypeError: claim_options: expected a kind 0-33 (an int), got '5m'
    """
    if isinstance(kind, bool) or not isinstance(kind, int):
        raise ArgumentTypeError(f"{where}: expected a kind 0-33 (an int), got {quoted(kind)}")
    if not 0 <= kind < 34:
        raise IllegalActionError(f"{where}: expected a kind 0-33, got {quoted(kind)}")
    return int(kind)


def valid_tiles(text: str) -> bool:
    try:
        return all(t in KIND_INDEX for t in parse_tiles(text))
    except MajiangError:
        return False
