"""Dealing a hand: from a shuffled wall (:func:`deal_from_wall`) or a chosen :class:`Deal`
(:func:`fixed_deal`, for tests, puzzles and replays), flowers laid aside in turn (补花).

Example:
    >>> from majiang.variants import get_variant
    >>> d = deal_from_wall(7, 0, get_variant("nanchang").table)
    >>> [sum(h) for h in d.hands], d.indicator is not None
    ([14, 13, 13, 13], True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from majiang._core import parse_tiles
from majiang.errors import ArgumentTypeError, InvalidHandError, quoted
from majiang.game.seating import every_from
from majiang.game.wall import Wall
from majiang.tiles import KIND_INDEX as INDEX
from majiang.tiles import TILE_INDEX, TILE_NAMES, to_counts
from majiang.variants.protocol import TableRules

__all__ = ["Deal", "Dealt", "check_deal_types", "deal_from_wall", "fixed_deal"]


@dataclass(frozen=True)
class Deal:
    """A chosen deal for tests, puzzles and replays: the ``hands``, one per seat of the
    table (the dealer's 14 tiles, 13 for the others), the ``wall`` in draw order (head
    first; replacement draws take its last tile), the wild-tile ``indicator`` / ``lower``
    indicator (needed by a variant that flips one, ``TableRules.flips_wild``; ignored by the
    others), the ``dice`` (for the log) and the dealer's 14th tile ``drawn``, the tile a 天胡
    wins on (default: its highest kind), and for variants with flowers the tiles each seat
    has laid aside (``flowers``); ``reveal`` below.

    Example:
        >>> d = Deal(("11122233344455m", "1p", "1p", "1p"), "9s", "1z", "2z")
        >>> d.wall
        '9s'
    """

    hands: tuple[str, ...]
    wall: str | Sequence[str]
    indicator: str | None = None
    lower: str | None = None
    dice: tuple[int, int] = (0, 0)
    drawn: str | None = None
    flowers: tuple[str, ...] | None = None
    reveal: bool = True
    """False: nothing is shown after the deal, whatever the variant's ``reveal_after_deal``
    says (a log written before reveals were logged replays so)."""


class Dealt(NamedTuple):
    """A dealt hand: the wall after the deal, each seat's hand counts (the dealer's 14), the
    flowers each seat laid aside, the dealer's 14th tile and the flipped indicators."""

    wall: Wall
    hands: list[list[int]]
    flowers: list[tuple[int, ...]]
    last: int
    indicator: int | None
    lower: int | None


def deal_from_wall(seed: int, dealer: int, table: TableRules) -> Dealt:
    """Shuffle the table's tiles with ``seed`` and deal 13 rounds from the dealer to each of
    the table's seats, the dealer a 14th; the indicators flipped when the table flips a
    wild; each flower dealt laid aside and replaced from the tail, in turn from the dealer,
    as long as flowers come."""
    n = table.seats
    wall = Wall.build(seed, list(table.tiles))
    rounds = 13 * n
    dealt = wall.tiles[wall.head : wall.head + rounds + 1]
    wall.head += rounds + 1
    received = [dealt[(s - dealer) % n : rounds : n] for s in range(n)]  # 13 rounds
    received[dealer].append(dealt[rounds])
    up, low = wall.flip() if table.flips_wild else (None, None)
    hands = [[0] * 34 for _ in range(n)]
    flowers: list[tuple[int, ...]] = [()] * n
    aside = table.laid_aside
    last = dealt[rounds]
    for s in every_from(n)[dealer]:
        for t in received[s]:  # grows while flowers come
            if t in aside:
                flowers[s] += (t,)
                received[s].append(wall.draw_tail())
            else:
                hands[s][t] += 1
                if s == dealer:
                    last = t
    return Dealt(wall, hands, flowers, last, up, low)


def check_deal_types(deal: Deal, seats: int = 4) -> None:
    """ArgumentTypeError naming the first field of ``deal`` of the wrong type.

    Example:
        >>> check_deal_types(Deal(("1m", "2m", "3m", "4m"), "5m", "1z", "2z", dice=(1, "2")))
        Traceback (most recent call last):
        ...
        majiang.errors.ArgumentTypeError: deal: dice: expected two ints, got (1, '2')
    """

    def texts(value: object, n: int | None) -> bool:
        return (
            isinstance(value, tuple | list)
            and (n is None or len(value) == n)
            and all(isinstance(x, str) for x in value)
        )

    many = {2: "two", 3: "three"}.get(seats, "four")
    problems = (
        ("hands", not texts(deal.hands, seats), f"{many} MPSZ strings"),
        ("wall", not (isinstance(deal.wall, str) or texts(deal.wall, None)), "tiles"),
        ("indicator", not isinstance(deal.indicator, str | None), "a tile name"),
        ("lower", not isinstance(deal.lower, str | None), "a tile name"),
        ("dice", not (isinstance(deal.dice, tuple | list) and len(deal.dice) == 2
                      and all(type(d) is not bool and isinstance(d, int) for d in deal.dice)),
         "two ints"),
        ("drawn", not isinstance(deal.drawn, str | None), "a tile name or None"),
        ("flowers", deal.flowers is not None and not texts(deal.flowers, seats),
         f"{many} strings"),
        ("reveal", not isinstance(deal.reveal, bool), "true or false"),
    )  # fmt: skip
    for name, wrong, expected in problems:
        if wrong:
            value = quoted(getattr(deal, name))
            raise ArgumentTypeError(f"deal: {name}: expected {expected}, got {value}")


def fixed_deal(deal: Deal, dealer: int, table: TableRules, variant: str) -> Dealt:
    """The wall, hands, laid-aside flowers, dealer's drawn tile and indicators of a Deal."""
    n = table.seats
    check_deal_types(deal, n)
    hands = [to_counts(h) for h in deal.hands]
    sizes = [sum(h) for h in hands]
    if sizes[dealer] != 14 or any(sizes[s] != 13 for s in range(n) if s != dealer):
        raise InvalidHandError(
            f"deal: the dealer (seat {dealer}) needs 14 tiles and the others 13, got {sizes}"
        )
    names = parse_tiles(deal.wall) if isinstance(deal.wall, str) else list(deal.wall)
    aside = deal.flowers or ("",) * n
    aside_kinds = table.laid_aside
    try:
        tiles = [TILE_INDEX[t] for t in names]
        flowers = [tuple(TILE_INDEX[t] for t in parse_tiles(f)) for f in aside]
        up = low = None
        if table.flips_wild:
            if deal.indicator is None or deal.lower is None:
                raise InvalidHandError(
                    f"deal: {variant} flips a wild-tile indicator: give indicator and lower"
                )
            up, low = TILE_INDEX[deal.indicator], TILE_INDEX[deal.lower]
    except KeyError as e:
        raise InvalidHandError(f"deal: not a tile of this set: {e}") from None
    if len(flowers) != n or any(t not in aside_kinds for f in flowers for t in f):
        raise InvalidHandError("deal: flowers must be a list of flower tiles per seat")
    held = [t for h in hands for t in range(34) if t in aside_kinds and h[t]]
    if held:
        raise InvalidHandError(f"deal: {TILE_NAMES[held[0]]} is laid aside, not held")
    # The dealt tiles go first, as if drawn from the head, so the wall holds every tile in
    # play; no tile may appear more often than the variant's set has it.
    dealt = [k for h in hands for k in range(34) for _ in range(h[k])]
    dealt += [t for f in flowers for t in f]
    every = dealt + tiles
    limit = Counter(table.tiles)
    over = [t for t, n in Counter(every).items() if n > limit[t]]
    if over:
        raise InvalidHandError(f"deal: more {TILE_NAMES[over[0]]} than the set has")
    dice = (int(deal.dice[0]), int(deal.dice[1]))
    wall = Wall(every, dice, 0, len(dealt), len(every))
    if deal.drawn is None:
        last = next(k for k in range(33, -1, -1) if hands[dealer][k])
    elif deal.drawn in INDEX and hands[dealer][INDEX[deal.drawn]]:
        last = INDEX[deal.drawn]
    else:
        raise InvalidHandError(f"deal: the dealer holds no {deal.drawn!r} to have drawn")
    return Dealt(wall, hands, flowers, last, up, low)
