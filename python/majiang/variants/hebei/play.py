"""The Hebei engine plug-in: no chow, pong and the three kongs with replacement from the
tail, 胡 before 碰/杠, the hand shapes of :mod:`majiang.variants.hebei.hands`, 听 and the
seed's dealer rule (``docs/rules/hebei.md``).

听 is a turn declaration made with a discard that leaves the hand ready. From then on the
hand is fixed: the seat discards what it draws, claims no pong, and makes a kong (its own,
or a 明杠 on a discard) only when the winning tiles stay the same. Winning stays optional
(the seat may pass); a seat under 托管 is played by :class:`~majiang.game.EfficiencyBot`,
which takes every win.

Example:
    >>> v = HebeiVariant()
    >>> v.table.chows, v.next_dealer(0, 1, {"result": {"kind": "win", "winner": 2}}, [])
    ('none', (1, 1))
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from majiang._core import is_winning, shanten, winning_tiles
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, KINDS
from majiang.variants.hebei import rules
from majiang.variants.hebei.hands import HAND_RULES
from majiang.variants.hebei.options import HebeiOptions
from majiang.variants.protocol import FinishedHand, TableRules, Variant, WinQuery, first_winner
from majiang.variants.table_view import TableView

__all__ = ["READY", "HebeiVariant"]

READY = "ready"
"""The declaration of 听 (its value: the tile discarded with it)."""


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

    def opening_values(self, what: str) -> tuple[str, ...]:
        """Every value of a 听 declaration: the tile discarded with it (for action ids).

        Example:
            >>> HebeiVariant().opening_values("ready")[:3]
            ('1m', '2m', '3m')
        """
        return KINDS

    def turn_declarations(self, seat: int, state: TableView) -> Sequence[tuple[str, int]]:
        """听 with each discard that leaves the hand ready (after a draw or a pong), until the
        seat has declared it (the core's shanten first: most turns are far from ready).

        Example:
            >>> from majiang.game import Deal, Game
            >>> g = Game("hebei", dealer=0, deal=Deal(("123456789m1134p5z", "147m258p369s1234z",
            ...     "22m33m44m66s88s777z", "567m567p78s8p9s135z"), "9s"))
            >>> [a.value for a in g.legal_actions(0) if type(a).__name__ == "Declare"]
            ['5z']
        """
        if READY in state.declared[seat]:
            return ()
        hand = state.hands[seat]
        melds = len(state.melds[seat])
        if shanten(list(hand), rules=HAND_RULES, melds=melds) > 0:
            return ()
        out: list[tuple[str, int]] = []
        after = list(hand)
        for k in range(34):
            if hand[k]:
                after[k] -= 1
                if winning_tiles(after, rules=HAND_RULES, melds=melds):
                    out.append((READY, k))
                after[k] += 1
        return out

    def bot_declares(self, what: str) -> bool:
        """Bots declare 听 whenever their chosen discard leaves the hand ready (the library's
        choice for its bots): 听 adds no 番 and every win stays open; what the bot gives up is
        a later pong and a change of waits (a kong keeping them stays allowed).

        Example:
            >>> HebeiVariant().bot_declares("ready")
            True
        """
        return what == READY

    def allowed_discards(self, seat: int, state: TableView) -> Collection[int] | None:
        """After 听 the hand is fixed: the seat discards the tile it drew.

        Example:
            >>> HebeiVariant().allowed_discards(0, None) is None
            True
        """
        if state is None or READY not in state.declared[seat] or state.drawn is None:
            return None
        return (state.drawn,)

    def claim_kinds(self, seat: int, tile: int, state: TableView) -> Collection[str] | None:
        """After 听 the seat claims no pong (it breaks the 听); a 明杠 on a discard onto its
        concealed triplet only when its winning tiles stay the same [001:157]
        "听牌后仍可杠牌, 前提是杠完后还可听" (the core's waits, before and after).

        Example:
            >>> HebeiVariant().claim_kinds(0, 4, None) is None
            True
        """
        if state is None or READY not in state.declared[seat]:
            return None
        hand = state.hands[seat]
        if hand[tile] != 3:
            return ()
        melds = state.melds[seat]
        after = list(hand)
        after[tile] = 0
        kong = Meld("ming_gang", (tile,) * 4)
        if self.waits(after, (*melds, kong), seat=seat) != self.waits(hand, melds, seat=seat):
            return ()
        return ("kong",)

    def meld_kinds(self, seat: int, state: TableView) -> Collection[int] | None:
        """After 听, the kinds of the seat's own kongs (暗杠, 补杠) that keep its winning
        tiles the same [001:157] "听牌后仍可杠牌, 前提是杠完后还可听" (the core's waits).

        Example:
            >>> HebeiVariant().meld_kinds(0, None) is None
            True
        """
        if (
            state is None
            or READY not in state.declared[seat]
            or state.drawn is None
            or seat != state.turn  # the drawn tile is another seat's
        ):
            return None
        hand = list(state.hands[seat])
        melds = state.melds[seat]
        before = list(hand)
        before[state.drawn] -= 1
        waits = self.waits(before, melds, seat=seat)
        out: list[int] = []
        for k in range(34):
            if hand[k] == 4:  # 暗杠: four concealed, one more meld
                after = list(hand)
                after[k] = 0
                if self.waits(after, (*melds, Meld("an_gang", (k,) * 4)), seat=seat) == waits:
                    out.append(k)
            elif hand[k] and any(m.kind == "peng" and m.kinds[0] == k for m in melds):
                after = list(hand)
                after[k] -= 1  # 补杠: the fourth tile onto the pong
                if self.waits(after, melds, seat=seat) == waits:
                    out.append(k)
        return out

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The shared fields and ``ready``: the seats that declared 听, in seat order.

        Example:
            >>> HebeiVariant().record(FinishedHand({}, 0, 1, [], {"kind": "draw"}, []))["ready"]
            []
        """
        out = hand.generic_record(self.name)
        declared = [] if hand.state is None else hand.state.declared
        out["ready"] = [s for s, d in enumerate(declared) if READY in d]
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
