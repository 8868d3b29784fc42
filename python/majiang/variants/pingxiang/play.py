"""The Pingxiang variant (萍乡): no jing, suit chows only, the winner deals.

Example:
    >>> PingxiangVariant().jing_kinds(2)
    ()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import majiang
from majiang.settlement import Settlement
from majiang.variants.protocol import Variant, meld_pairs, suit_chows

if TYPE_CHECKING:
    from majiang.game.state import Meld

__all__ = ["PingxiangVariant"]


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
        from majiang.variants.pingxiang import PingxiangOptions

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
        """Whether the hand wins under Pingxiang's rules (:mod:`majiang.variants.pingxiang.hands`).

        Example:
            >>> hand = majiang.tiles.to_counts("111222333444m33p")  # 清一色? no: 3p pair
            >>> PingxiangVariant().is_winning(hand, (), ())
            False
        """
        from majiang.variants.pingxiang import hands

        return hands.is_winning(counts, meld_pairs(melds), options=self.options)

    def waits(
        self,
        counts: Sequence[int],
        jing: tuple[int, ...],
        melds: Sequence[Meld],
        *,
        flowers: Sequence[int] = (),
        seat: int | None = None,
    ) -> frozenset[int]:
        """The kinds that complete the hand under Pingxiang's rules.

        Example:
            >>> sorted(PingxiangVariant().waits(majiang.tiles.to_counts("1112345678999m"), (), ()))
            [0, 1, 2, 3, 4, 5, 6, 7, 8]
        """
        from majiang.variants.pingxiang import hands

        return hands.winning_kinds(counts, meld_pairs(melds), options=self.options)

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
        from majiang.variants.pingxiang import hands

        score = hands.score_hand(counts, meld_pairs(melds), self_drawn=False, options=self.options)
        return score is not None

    def settle(self, record: dict[str, Any]) -> Settlement:
        """The Pingxiang settlement (:func:`majiang.variants.pingxiang.settle`).

        Example:
            >>> PingxiangVariant().settle({"variant": "pingxiang", "dealer": 0,
            ...     "players": [{"hand": "123m456p789s123s5m"}, {"hand": "147m258p369s1234z"},
            ...     {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
            ...     "result": {"kind": "win", "winner": 0, "tile": "5m", "from": None}}).deltas
            (3, -1, -1, -1)
        """
        return majiang.settle(record)

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        winner: int | None,
        last_drawer: int | None = None,
        *,
        record: Mapping[str, Any] | None = None,
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
