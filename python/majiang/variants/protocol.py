"""The interface every rule variant implements (:class:`Variant`) and the helpers variants share.

Example:
    >>> suit_chows(0, majiang.tiles.to_counts("23m"))
    [(0, 1, 2)]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import majiang
from majiang.settlement import Settlement
from majiang.tiles import KINDS

if TYPE_CHECKING:
    from majiang.game.state import HandState, Meld

__all__ = ["DRAGONS", "KIND_INDEX", "WINDS", "Variant", "jing_names", "meld_pairs", "suit_chows"]

KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}
_JING_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}
WINDS = (27, 28, 29, 30)


def jing_names(jing: tuple[int, ...]) -> tuple[str, ...]:
    """The MPSZ names of wild kinds, made once per set (the engine asks on every check).

    Example:
        >>> jing_names((2, 3))
        ('3m', '4m')
    """
    found = _JING_NAMES.get(jing)
    if found is None:
        found = _JING_NAMES[jing] = tuple(KINDS[k] for k in jing)
    return found


DRAGONS = (31, 32, 33)


def suit_chows(tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
    """The sequences of a suit tile with two held tiles of its suit (none for an honor).

    Example:
        >>> suit_chows(4, majiang.tiles.to_counts("3467m"))   # 5m: 345, 456, 567
        [(2, 3, 4), (3, 4, 5), (4, 5, 6)]
    """
    out: list[tuple[int, int, int]] = []
    if tile >= 27:
        return out
    n = tile % 9
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if 0 <= n + a <= 8 and 0 <= n + b <= 8 and counts[tile + a] and counts[tile + b]:
            seq = sorted((tile, tile + a, tile + b))
            out.append((seq[0], seq[1], seq[2]))
    return out


def meld_pairs(melds: Sequence[Meld]) -> list[tuple[str, tuple[int, ...]]]:
    """Declared melds as (kind, kinds) pairs, the form the variants' hand checks take.

    Example:
        >>> from majiang.game.state import Meld
        >>> meld_pairs([Meld("peng", (4, 4, 4), 1)])
        [('peng', (4, 4, 4))]
    """
    return [(m.kind, m.kinds) for m in melds]


class Variant(ABC):
    """What a rule variant tells the engine: its tiles, wild tiles, winning shapes, chows and
    the record/settlement of a finished hand."""

    name: str = ""
    rules: str = ""
    flips_jing: bool = False
    """Whether a wild-tile indicator is flipped after the deal (Nanchang's 翻精): only then does
    the hand have an ``indicator`` (and a ``lower`` one) in its state, observations, planes,
    log and record, and are :meth:`jing_kinds` asked. Default: no flip, no indicator."""
    shows_concealed_kongs: bool = False
    """Whether a concealed kong (暗杠) is laid face up, so every seat sees its kind (Nanjing's
    "暗杠也亮"). Default: the other seats see only that the seat has a concealed kong."""
    waits_fit_self_draw: bool = True
    """Whether :meth:`waits` (the wins on a discard) also decide self-drawn wins; when False
    the engine asks :meth:`is_winning` on every draw (Nanjing: its §9 completions win only on
    a discard)."""

    def wall_tiles(self) -> list[int]:
        """Every tile of the set as tile ids: kinds 0-33, flowers 34-41 (春夏秋冬梅兰竹菊).
        Default: the 136 tiles, four of each kind, no flowers.

        Example:
            >>> from majiang.variants import get_variant
            >>> len(get_variant("nanchang").wall_tiles())
            136
        """
        return [k for k in range(34) for _ in range(4)]

    def is_flower(self, tile: int) -> bool:
        """Whether a drawn ``tile`` is laid aside and replaced from the tail (补花) instead of
        being held. Default: the flower tiles 34-41 (a variant may add others: Nanjing's
        dragons are 硬花).

        Example:
            >>> from majiang.variants import get_variant
            >>> v = get_variant("nanchang"); v.is_flower(33), v.is_flower(34)
            (False, True)
        """
        return tile >= 34

    def carry(self, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Fields the next hand's record carries from the hands before it (for instance
        Nanjing's 比下胡 doubling); merged into that record. Default: nothing.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").carry([])
            {}
        """
        return {}

    def multiple_winners(self) -> bool:
        """Whether every seat that declares a win on one discard wins (一炮多响; the record's
        ``winner`` is then a list). Default: no, the nearest after the discarder (拦胡).

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").multiple_winners()
            False
        """
        return False

    def pass_blocks_pong(self) -> bool:
        """Whether a seat that passes a pong may not pong the same kind again before its next
        draw (no 弃先碰后). Default: no (passing a win always blocks winning on that kind until
        the seat's next draw, in every variant).

        Example:
            >>> from majiang.variants import get_variant
            >>> [get_variant(v).pass_blocks_pong() for v in ("nanchang", "nanjing")]
            [False, True]
        """
        return False

    def kept_back(self) -> int:
        """Tiles at the end of the wall that are never drawn: the hand is drawn (荒庄) when only
        they are left, and no kong is declared then. Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").kept_back()
            0
        """
        return 0

    def finish_record(
        self, record: dict[str, Any], state: HandState, events: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The hand record the settlement gets, from the engine's generic ``record``, the
        finished hand's ``state`` and its ``events`` (from its deal on). Default: unchanged.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").finish_record({"dealer": 0}, None, [])
            {'dealer': 0}
        """
        return record

    @abstractmethod
    def jing_kinds(self, indicator: int) -> tuple[int, ...]:
        """The wild kinds for a flipped indicator (empty without wild tiles)."""

    @abstractmethod
    def chow_options(self, tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
        """Sequences (sorted kinds) the 下家 holding ``counts`` may chow with ``tile``."""

    @abstractmethod
    def settle(self, record: dict[str, Any]) -> Settlement:
        """Settle a finished hand's record."""

    def with_options(self, options: Mapping[str, Any]) -> Variant:
        """This variant bound to a game's settlement ``options``, for variants whose options
        change what may win. Default: the options only matter to the settlement; ``self``.

        Example:
            >>> from majiang.variants import get_variant
            >>> v = get_variant("nanchang"); v.with_options({"de_bonus": 10}) is v
            True
        """
        return self

    def is_winning(
        self,
        counts: Sequence[int],
        jing: tuple[int, ...],
        melds: Sequence[Meld],
        *,
        flowers: Sequence[int] = (),
        source: int | None = None,
        seat: int | None = None,
        tile: int | None = None,
    ) -> bool:
        """Whether ``counts`` (14 - 3 x len(melds) concealed tiles) wins beside ``melds``.
        The engine also passes the seat's laid-aside ``flowers``, the ``source`` of the tile
        (None: self-drawn), the winner's ``seat`` and the winning ``tile``, for variants whose
        wins depend on them. Default: the shape rules alone decide.

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123z55m")
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").is_winning(hand, (), ())
            True
        """
        names = jing_names(jing)
        return bool(majiang.is_winning(counts, rules=self.rules, jing=names, melds=len(melds)))

    def waits(
        self,
        counts: Sequence[int],
        jing: tuple[int, ...],
        melds: Sequence[Meld],
        *,
        flowers: Sequence[int] = (),
        seat: int | None = None,
    ) -> frozenset[int]:
        """The kinds that complete ``counts`` (13 - 3 x len(melds) tiles): its winning tiles
        (on a discard; the engine clears its cache when ``flowers`` change).

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123z5m")
            >>> from majiang.variants import get_variant
            >>> sorted(get_variant("nanchang").waits(hand, (), ()))
            [4]
        """
        names = jing_names(jing)
        found = majiang.winning_tiles(counts, rules=self.rules, jing=names, melds=len(melds))
        return frozenset(map(KIND_INDEX.__getitem__, found))

    def may_win_on_discard(
        self,
        counts: Sequence[int],
        melds: Sequence[Meld],
        *,
        flowers: Sequence[int] = (),
        source: int | None = None,
        seat: int | None = None,
        tile: int | None = None,
    ) -> bool:
        """Whether a winning hand (``counts`` with the discard ``tile`` from ``source``) may
        be won on a discard at all, not only self-drawn. Default: yes.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").may_win_on_discard([0] * 34, ())
            True
        """
        return True

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        winner: int | None,
        last_drawer: int | None = None,
        *,
        record: Mapping[str, Any] | None = None,
    ) -> tuple[int, int]:
        """The next hand's dealer and dealer streak (爬楼 floor) after a hand that ``winner``
        won (None: an exhaustive draw, whose last wall tile ``last_drawer`` drew); ``record``
        is the finished hand's record. Default: a
        dealer win or a draw keeps the dealer (a win one floor up); any other win passes the
        deal on at floor 1.

        Example:
            >>> from majiang.variants import get_variant
            >>> v = get_variant("nanchang")
            >>> v.next_dealer(2, 1, 2), v.next_dealer(2, 3, None), v.next_dealer(2, 3, 0)
            ((2, 2), (2, 3), (3, 1))
        """
        if winner is None:
            return dealer, streak
        if winner == dealer:
            return dealer, streak + 1
        return (dealer + 1) % 4, 1
