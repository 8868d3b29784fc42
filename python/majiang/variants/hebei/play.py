"""The Hebei engine plug-in: no chow, pong and the three kongs with replacement from the
tail, 胡 before 碰/杠, the hand shapes of :mod:`majiang.variants.hebei.hands`, and the
seed's dealer rule (``docs/rules/hebei.md``).

Example:
    >>> v = HebeiVariant()
    >>> v.table.chows, v.next_dealer(0, 1, {"result": {"kind": "win", "winner": 2}}, [])
    ('none', (1, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from majiang._core import is_winning, winning_tiles
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX
from majiang.variants.hebei import rules
from majiang.variants.hebei.hands import HAND_RULES
from majiang.variants.hebei.options import HebeiOptions
from majiang.variants.protocol import FinishedHand, TableRules, Variant, WinQuery, first_winner

__all__ = ["HebeiVariant"]


class HebeiVariant(Variant):
    """Hebei 河北推倒胡, bound to a game's options (they change only the settlement).

    Example:
        >>> import majiang
        >>> hand = majiang.tiles.to_counts("1133m5577p99s112z")   # seven pairs: 2z
        >>> sorted(HebeiVariant().waits(hand, (), seat=0))
        [28]
    """

    table: TableRules = rules.TABLE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = HebeiOptions.from_dict(dict(options or {}))

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones).

        Example:
            >>> HebeiVariant().bind({"payment": "big"}).options.payment
            'big'
        """
        return HebeiVariant(options)

    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds completing the hand: regular hands, 七小对 (a four counts as two pairs:
        豪华) and 十三幺, from the core.

        Example:
            >>> import majiang
            >>> hand = majiang.tiles.to_counts("19m19p19s1234567z")
            >>> len(HebeiVariant().waits(hand, (), seat=0))
            13
        """
        found = winning_tiles(list(concealed), rules=HAND_RULES, melds=len(melds))
        return frozenset(map(KIND_INDEX.__getitem__, found))

    def may_win(self, query: WinQuery) -> bool:
        """A completing tile, self-drawn, discarded or robbed from an added kong (抢杠).

        Example:
            >>> import majiang
            >>> q = WinQuery(0, 28, 2, majiang.tiles.to_counts("1133m5577p99s112z"), ())
            >>> HebeiVariant().may_win(q)
            True
        """
        if query.waits is not None:
            return query.tile in query.waits
        return is_winning(query.full(), rules=HAND_RULES, melds=len(query.melds))

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The shared fields and ``ready``: the seats that declared 听, in seat order.

        Example:
            >>> HebeiVariant().record(FinishedHand({}, 0, 1, [], {"kind": "draw"}, []))["ready"]
            []
        """
        out = hand.generic_record(self.name)
        declared = [] if hand.state is None else hand.state.declared
        out["ready"] = [s for s, d in enumerate(declared) if "ready" in d]
        return out

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """The seed's rule [001:155]: the dealer deals again after his win (one more in his
        streak) and after 荒庄; after a non-dealer's win the dealer's next seat deals.

        Example:
            >>> v = HebeiVariant()
            >>> v.next_dealer(3, 1, {"result": {"kind": "win", "winner": 1}}, [])
            (0, 1)
            >>> v.next_dealer(3, 2, {"result": {"kind": "win", "winner": 3}}, [])
            (3, 3)
            >>> v.next_dealer(3, 2, {"result": {"kind": "draw"}}, [])
            (3, 2)
        """
        winner = first_winner(record)
        after = rules.next_dealer(dealer, winner)
        if after != dealer:
            return after, 1
        return dealer, streak + 1 if winner == dealer else streak
