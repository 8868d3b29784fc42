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
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import majiang
from majiang.settlement import Settlement
from majiang.tiles import KINDS

if TYPE_CHECKING:
    from majiang.game.state import Meld

__all__ = ["VARIANTS", "NanchangVariant", "PingxiangVariant", "Variant", "get_variant"]

_INDEX = {name: i for i, name in enumerate(KINDS)}
_JING_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}
WINDS = (27, 28, 29, 30)


def _names(jing: tuple[int, ...]) -> tuple[str, ...]:
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

    def with_options(self, options: Mapping[str, Any]) -> Variant:
        """This variant bound to a game's settlement ``options``, for variants whose options
        change what may win. Default: the options only matter to the settlement; ``self``.

        Example:
            >>> v = get_variant("nanchang"); v.with_options({"de_bonus": 10}) is v
            True
        """
        return self

    def is_winning(
        self, counts: Sequence[int], jing: tuple[int, ...], melds: Sequence[Meld]
    ) -> bool:
        """Whether ``counts`` (14 - 3 x len(melds) concealed tiles) wins beside ``melds``.
        Default: the shape rules alone decide.

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123z55m")
            >>> get_variant("nanchang").is_winning(hand, (), ())
            True
        """
        names = _names(jing)
        return bool(majiang.is_winning(counts, rules=self.rules, jing=names, melds=len(melds)))

    def waits(
        self, counts: Sequence[int], jing: tuple[int, ...], melds: Sequence[Meld]
    ) -> frozenset[int]:
        """The kinds that complete ``counts`` (13 - 3 x len(melds) tiles): its winning tiles.

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123z5m")
            >>> sorted(get_variant("nanchang").waits(hand, (), ()))
            [4]
        """
        names = _names(jing)
        found = majiang.winning_tiles(counts, rules=self.rules, jing=names, melds=len(melds))
        return frozenset(map(_INDEX.__getitem__, found))

    def may_win_on_discard(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """Whether a winning hand (``counts`` with the discard) may be won on a discard at
        all, not only self-drawn. Default: yes.

        Example:
            >>> get_variant("nanchang").may_win_on_discard([0] * 34, ())
            True
        """
        return True

    def next_dealer(
        self, dealer: int, streak: int, winner: int | None, last_drawer: int | None = None
    ) -> tuple[int, int]:
        """The next hand's dealer and dealer streak (爬楼 floor) after a hand that ``winner``
        won (None: an exhaustive draw, whose last wall tile ``last_drawer`` drew). Default: a
        dealer win or a draw keeps the dealer (a win one floor up); any other win passes the
        deal on at floor 1.

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
        if tile < 27:
            return suit_chows(tile, counts)
        out: list[tuple[int, int, int]] = []
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


class PingxiangVariant(Variant):
    """Pingxiang: 136 tiles, no wild tiles, suit chows only, a 2/5/8 pair unless a big hand
    waives it, the winner deals (docs/rules/pingxiang.md). Bound to a game's options, since
    several of them change what may win.

    Example:
        >>> v = PingxiangVariant()
        >>> v.chow_options(27, majiang.tiles.to_counts("23z")), v.jing_kinds(27)
        ([], ())
        >>> v.is_winning(majiang.tiles.to_counts("123m456p789s123s33m"), (), ())  # 3m pair
        False
        >>> v.is_winning(majiang.tiles.to_counts("123m456p789s123s55m"), (), ())
        True
    """

    name = "pingxiang"
    rules = "pingxiang"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        from majiang.pingxiang import PingxiangOptions

        self.options = PingxiangOptions.from_dict(dict(options or {}))

    def with_options(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones).

        Example:
            >>> PingxiangVariant().with_options({"ziyise_shapeless": False}).options.cap
            32
        """
        return PingxiangVariant(options)

    def jing_kinds(self, indicator: int) -> tuple[int, ...]:
        """No wild tiles in Pingxiang.

        Example:
            >>> PingxiangVariant().jing_kinds(5)
            ()
        """
        return ()

    def chow_options(self, tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
        """Suit chows only: honors cannot be chowed.

        Example:
            >>> PingxiangVariant().chow_options(0, majiang.tiles.to_counts("23m"))
            [(0, 1, 2)]
        """
        return suit_chows(tile, counts)

    def is_winning(
        self, counts: Sequence[int], jing: tuple[int, ...], melds: Sequence[Meld]
    ) -> bool:
        """Whether the hand wins under Pingxiang's rules (:mod:`majiang.pingxiang.hands`).

        Example:
            >>> hand = majiang.tiles.to_counts("111222333444m33p")  # 清一色? no: 3p pair
            >>> PingxiangVariant().is_winning(hand, (), ())
            False
        """
        from majiang.pingxiang import hands

        return hands.is_winning(counts, _meld_pairs(melds), options=self.options)

    def waits(
        self, counts: Sequence[int], jing: tuple[int, ...], melds: Sequence[Meld]
    ) -> frozenset[int]:
        """The kinds that complete the hand under Pingxiang's rules.

        Example:
            >>> sorted(PingxiangVariant().waits(majiang.tiles.to_counts("1112345678999m"), (), ()))
            [0, 1, 2, 3, 4, 5, 6, 7, 8]
        """
        from majiang.pingxiang import hands

        return hands.winning_kinds(counts, _meld_pairs(melds), options=self.options)

    def may_win_on_discard(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """Under ``pinghu_self_draw_only`` (conflict P1) a plain 平胡 is won self-drawn only.

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123s55m")
            >>> PingxiangVariant().may_win_on_discard(hand, ())
            True
            >>> PingxiangVariant({"pinghu_self_draw_only": True}).may_win_on_discard(hand, ())
            False
        """
        if not self.options.pinghu_self_draw_only:
            return True
        from majiang.pingxiang import hands

        score = hands.score_hand(counts, _meld_pairs(melds), self_drawn=False, options=self.options)
        return score is not None

    def settle(self, record: dict[str, Any]) -> Settlement:
        """The Pingxiang settlement (:func:`majiang.pingxiang.settle`).

        Example:
            >>> PingxiangVariant().settle({"variant": "pingxiang", "dealer": 0,
            ...     "players": [{"hand": "123m456p789s123s5m"}, {"hand": "147m258p369s1234z"},
            ...     {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
            ...     "result": {"kind": "win", "winner": 0, "tile": "5m", "from": None}}).deltas
            (3, -1, -1, -1)
        """
        return majiang.settle(record)

    def next_dealer(
        self, dealer: int, streak: int, winner: int | None, last_drawer: int | None = None
    ) -> tuple[int, int]:
        """The winner deals; after a drawn hand, whoever drew the wall's last tile deals. The
        streak counts the same dealer's hands in a row.

        Example:
            >>> v = PingxiangVariant()
            >>> v.next_dealer(0, 1, 2), v.next_dealer(0, 1, 0), v.next_dealer(0, 2, None, 3)
            ((2, 1), (0, 2), (3, 1))
        """
        following = last_drawer if winner is None else winner
        nxt = dealer if following is None else following
        return nxt, streak + 1 if nxt == dealer else 1


def _meld_pairs(melds: Sequence[Meld]) -> list[tuple[str, tuple[int, ...]]]:
    return [(m.kind, m.kinds) for m in melds]


VARIANTS: dict[str, type[Variant]] = {"nanchang": NanchangVariant, "pingxiang": PingxiangVariant}


def get_variant(name: str) -> Variant:
    """A variant by name; RulesError for unknown names.

    Example:
        >>> get_variant("nanchang").name
        'nanchang'
    """
    if name not in VARIANTS:
        raise majiang.RulesError(f"unknown variant {name!r}; known: {sorted(VARIANTS)}")
    return VARIANTS[name]()
