"""The Pingxiang engine plug-in: wins under the 258 pair and the big hands, 平胡 on a discard
under option P1, 跟庄 in the record, the winner deals.

Example:
    >>> PingxiangVariant().table.chows
    'suits'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from majiang.meld import Meld
from majiang.variants.pingxiang import hands
from majiang.variants.pingxiang.options import PingxiangOptions
from majiang.variants.pingxiang.rules import TABLE
from majiang.variants.protocol import (
    FinishedHand,
    Variant,
    WinQuery,
    first_winner,
    last_drawer,
    meld_pairs,
    same_first_discards,
)

__all__ = ["PingxiangVariant"]


class PingxiangVariant(Variant):
    """Pingxiang: no wild tiles, suit chows only, a 2/5/8 pair unless a big hand waives it,
    the winner deals (docs/rules/pingxiang.md). Bound to a game's options, since several of
    them change what may win.

    Example:
        >>> import majiang
        >>> v = PingxiangVariant()
        >>> v.waits(majiang.tiles.to_counts("123m456p789s123s3m"), (), seat=0)  # 3m pair: no
        frozenset()
        >>> sorted(v.waits(majiang.tiles.to_counts("123m456p789s123s5m"), (), seat=0))
        [4]
    """

    table = TABLE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = PingxiangOptions.from_dict(dict(options or {}))

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones).

        Example:
            >>> PingxiangVariant().bind({"ziyise_shapeless": False}).options.cap
            32
        """
        return PingxiangVariant(options)

    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds that complete the hand under Pingxiang's rules
        (:func:`majiang.variants.pingxiang.hands.engine_waits`: the core's readings, scored).

        Example:
            >>> import majiang
            >>> hand = majiang.tiles.to_counts("1112345678999m")
            >>> sorted(PingxiangVariant().waits(hand, (), seat=0))
            [0, 1, 2, 3, 4, 5, 6, 7, 8]
        """
        return hands.engine_waits(concealed, melds, self.options)

    def may_win(self, query: WinQuery) -> bool:
        """A completing tile wins; under ``pinghu_self_draw_only`` (P1) a plain 平胡 only
        self-drawn.

        Example:
            >>> import majiang
            >>> hand = majiang.tiles.to_counts("123m456p789s123s5m")
            >>> q = WinQuery(0, 4, 2, hand, ())
            >>> PingxiangVariant().may_win(q)
            True
            >>> PingxiangVariant({"pinghu_self_draw_only": True}).may_win(q)
            False
        """
        if query.waits is not None:
            if query.tile not in query.waits:
                return False
        elif not hands.is_winning(query.full(), meld_pairs(query.melds), options=self.options):
            return False
        if query.self_drawn or not self.options.pinghu_self_draw_only:
            return True
        score = hands.score_hand(
            query.full(), meld_pairs(query.melds), self_drawn=False, options=self.options
        )
        return score is not None

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The shared fields and ``chao_zhuang`` (跟庄: the first four discards the dealer's
        tile, dealer first).

        Example:
            >>> r = PingxiangVariant().record(FinishedHand({}, 0, 1, [], {"kind": "draw"}, []))
            >>> r["chao_zhuang"]
            False
        """
        return {
            **hand.generic_record(self.name),
            "chao_zhuang": same_first_discards(hand.events, hand.dealer),
        }

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """The winner deals; after a drawn hand, whoever drew the wall's last tile deals. The
        streak counts the same dealer's hands in a row.

        Example:
            >>> v = PingxiangVariant()
            >>> win = {"result": {"kind": "win", "winner": 2}}
            >>> drawn = {"result": {"kind": "draw"}}
            >>> v.next_dealer(0, 1, win, []), v.next_dealer(2, 1, win, [])
            ((2, 1), (2, 2))
            >>> v.next_dealer(0, 2, drawn, [{"event": "draw", "seat": 3}])
            (3, 1)
        """
        winner = first_winner(record)
        following = last_drawer(events) if winner is None else winner
        nxt = dealer if following is None else following
        return nxt, streak + 1 if nxt == dealer else 1
