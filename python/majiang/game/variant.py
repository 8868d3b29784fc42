"""Rule variants behind one interface; the engine only talks to :class:`Variant`.

Example:
    >>> from majiang.game.variant import get_variant
    >>> v = get_variant("nanchang")
    >>> v.jing_kinds(2)      # flip 3m: jing 3m and 4m
    (2, 3)
    >>> v.chow_options(27, majiang.tiles.to_counts("34z"))   # W+N take E
    [(27, 29, 30)]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import majiang
from majiang.settlement import Settlement
from majiang.tiles import KINDS

__all__ = ["VARIANTS", "NanchangVariant", "Variant", "get_variant"]

_INDEX = {name: i for i, name in enumerate(KINDS)}
_JING_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}
WINDS = (27, 28, 29, 30)


def _names(jing: tuple[int, ...]) -> tuple[str, ...]:
    found = _JING_NAMES.get(jing)
    if found is None:
        found = _JING_NAMES[jing] = tuple(KINDS[k] for k in jing)
    return found


DRAGONS = (31, 32, 33)


class Variant(ABC):
    """What a rule variant tells the engine: its tiles, wild tiles, winning shapes, chows and
    the record/settlement of a finished hand."""

    name: str = ""
    rules: str = ""

    def wall_tiles(self) -> list[int]:
        """Every tile of the set as tile ids: kinds 0-33, flowers 34-41 (春夏秋冬梅兰竹菊).
        Default: the 136 tiles, four of each kind, no flowers.

        Example:
            >>> len(get_variant("nanchang").wall_tiles())
            136
        """
        return [k for k in range(34) for _ in range(4)]

    def is_flower(self, tile: int) -> bool:
        """Whether a drawn ``tile`` is laid aside and replaced from the tail (补花) instead of
        being held. Default: the flower tiles 34-41 (a variant may add others: Nanjing's
        dragons are 硬花).

        Example:
            >>> v = get_variant("nanchang"); v.is_flower(33), v.is_flower(34)
            (False, True)
        """
        return tile >= 34

    def carry(self, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Fields the next hand's record carries from the hands before it (for instance
        Nanjing's 比下胡 doubling); merged into that record. Default: nothing.

        Example:
            >>> get_variant("nanchang").carry([])
            {}
        """
        return {}

    @abstractmethod
    def jing_kinds(self, indicator: int) -> tuple[int, ...]:
        """The wild kinds for a flipped indicator (empty without wild tiles)."""

    @abstractmethod
    def chow_options(self, tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
        """Sequences (sorted kinds) the 下家 holding ``counts`` may chow with ``tile``."""

    @abstractmethod
    def settle(self, record: dict[str, Any]) -> Settlement:
        """Settle a finished hand's record."""

    def is_winning(self, counts: Sequence[int], jing: tuple[int, ...], melds: int) -> bool:
        """Whether ``counts`` (14 - 3 melds tiles) is a winning hand.

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123z55m")
            >>> get_variant("nanchang").is_winning(hand, (), 0)
            True
        """
        names = _names(jing)
        return bool(majiang.is_winning(counts, rules=self.rules, jing=names, melds=melds))

    def waits(self, counts: Sequence[int], jing: tuple[int, ...], melds: int) -> frozenset[int]:
        """The kinds that complete ``counts`` (13 - 3 melds tiles): its winning tiles.

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123z5m")
            >>> sorted(get_variant("nanchang").waits(hand, (), 0))
            [4]
        """
        names = _names(jing)
        found = majiang.winning_tiles(counts, rules=self.rules, jing=names, melds=melds)
        return frozenset(map(_INDEX.__getitem__, found))

    def next_dealer(self, dealer: int, streak: int, winner: int | None) -> tuple[int, int]:
        """The next hand's dealer and dealer streak (爬楼 floor) after a hand that ``winner``
        won (None: an exhaustive draw). Default: a dealer win or a draw keeps the dealer (a
        win one floor up); any other win passes the deal on at floor 1.

        Example:
            >>> v = get_variant("nanchang")
            >>> v.next_dealer(2, 1, 2), v.next_dealer(2, 3, None), v.next_dealer(2, 3, 0)
            ((2, 2), (2, 3), (3, 1))
        """
        if winner is None:
            return dealer, streak
        if winner == dealer:
            return dealer, streak + 1
        return (dealer + 1) % 4, 1


class NanchangVariant(Variant):
    """Nanchang: 136 tiles, 正精/副精 from the flip, honor chows (three different winds, 中发白).

    Example:
        >>> NanchangVariant().chow_options(33, majiang.tiles.to_counts("56z"))
        [(31, 32, 33)]
    """

    name = "nanchang"
    rules = "nanchang"

    def jing_kinds(self, indicator: int) -> tuple[int, ...]:
        """The 正精 and 副精 kinds.

        Example:
            >>> NanchangVariant().jing_kinds(31)   # flip 白 → 白, 中
            (31, 33)
        """
        zheng, fu = majiang.jing_pair(KINDS[indicator])
        return (majiang.tile_index(zheng), majiang.tile_index(fu))

    def chow_options(self, tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
        """Chows of ``tile`` with two held tiles.

        Example:
            >>> NanchangVariant().chow_options(27, majiang.tiles.to_counts("234z"))
            [(27, 28, 29), (27, 28, 30), (27, 29, 30)]
        """
        out: list[tuple[int, int, int]] = []
        if tile < 27:
            n = tile % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if 0 <= n + a <= 8 and 0 <= n + b <= 8 and counts[tile + a] and counts[tile + b]:
                    seq = sorted((tile, tile + a, tile + b))
                    out.append((seq[0], seq[1], seq[2]))
            return out
        group = WINDS if tile in WINDS else DRAGONS
        others = [k for k in group if k != tile and counts[k]]
        for i, a in enumerate(others):
            for b in others[i + 1 :]:
                seq = sorted((tile, a, b))
                out.append((seq[0], seq[1], seq[2]))
        return out

    def settle(self, record: dict[str, Any]) -> Settlement:
        """The Nanchang settlement (:func:`majiang.settle`).

        Example:
            >>> NanchangVariant().settle({"variant": "nanchang", "dealer": 0,
            ...     "jing_indicator": "9p", "players": [{"hand": "123m456m789m23s5p5p"},
            ...     {"hand": "147m258p369s1234z"}, {"hand": "22m33m44m66s88s777z"},
            ...     {"hand": "567m567p78s8p9s135z"}], "result": {"kind": "draw"}}).deltas
            (-15, 5, 5, 5)
        """
        return majiang.settle(record)


VARIANTS: dict[str, type[Variant]] = {"nanchang": NanchangVariant}


def get_variant(name: str) -> Variant:
    """A variant by name; RulesError for unknown names.

    Example:
        >>> get_variant("nanchang").name
        'nanchang'
    """
    if name not in VARIANTS:
        raise majiang.RulesError(f"unknown variant {name!r}; known: {sorted(VARIANTS)}")
    return VARIANTS[name]()
