"""The Nanchang engine plug-in: the jing of a flip, 精钓, and the record's jing and 抄庄 fields.

Example:
    >>> NanchangVariant().wilds(2)      # flip 3m: 正精 3m, 副精 4m
    (2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from majiang._core import is_winning, jing_pair, tile_index
from majiang.tiles import KINDS
from majiang.variants.nanchang.options import NanchangOptions
from majiang.variants.nanchang.rules import TABLE
from majiang.variants.protocol import (
    DealReveal,
    FinishedHand,
    Variant,
    WinQuery,
    same_first_discards,
)
from majiang.variants.table_view import TableView

__all__ = ["NanchangVariant", "fed_jing", "jing_diao"]


def fed_jing(events: Sequence[Mapping[str, Any]], jing: Sequence[str]) -> list[dict[str, Any]]:
    """The record's ``fed_jing``: every discarded jing another seat claimed (chow, pong or
    exposed kong), read from the hand's events (the claimed tile is the discard before it).

    Example:
        >>> fed_jing([{"event": "discard", "seat": 0, "tile": "4p"},
        ...           {"event": "chow", "seat": 1, "tiles": "456p", "source": 0}], ("3p", "4p"))
        [{'seat': 1, 'from': 0, 'tile': '4p'}]
    """
    out: list[dict[str, Any]] = []
    last: Any = None
    for e in events:
        kind = e.get("event")
        claimed = kind in ("chow", "pong") or (kind == "kong" and e.get("kind") == "exposed")
        if claimed and last in jing:
            out.append({"seat": e["seat"], "from": e["source"], "tile": last})
        last = e.get("tile") if kind == "discard" else None
    return out


def jing_diao(query: WinQuery) -> bool:
    """Whether the seat's wait is 精钓: it holds a jing and every kind it does not hold would
    complete the hand (the lone jing pairs with anything). Needs ``query.waits``.

    Example:
        >>> hand = majiang.tiles.to_counts("123m456p789s123z3m")
        >>> jing_diao(WinQuery(0, 4, 1, hand, (), wilds=(2, 3), waits=frozenset(range(34))))
        True
    """
    hand = query.concealed
    if query.waits is None or not any(hand[j] for j in query.wilds):
        return False
    return all(k in query.waits for k in range(34) if hand[k] == 0)


class NanchangVariant(Variant):
    """Nanchang: 136 tiles, 正精/副精 from the flip, honor chows; a 精钓 wait wins only by
    self-draw (or by robbing a kong) (docs/rules/nanchang.md).

    Example:
        >>> v = NanchangVariant()
        >>> v.table.chows, v.wilds(31)      # flip 白: 白 and 中
        ('honors', (31, 33))
    """

    table = TABLE
    xia_fan: bool = True
    """下翻 played (the option ``xia_fan``): the lower indicator and every seat's 下精 are
    shown after the deal; False (无下精): nothing is shown."""

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """``self``, once the options pass Nanchang's parser
        (:meth:`~majiang.variants.nanchang.NanchangOptions.from_dict`; RulesError naming an
        unknown option or a bad value): they only matter to the settlement.

        Example:
            >>> v = NanchangVariant(); v.bind({"de_bonus": 10}) is v
            True
            >>> v.bind({"bogus": 1})
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: bogus: unknown option (known: an_gang_points, ...)
        """
        parsed = NanchangOptions.from_dict(options)
        passed = parsed.passed_win
        if passed == self.table.passed_win and parsed.xia_fan == self.xia_fan:
            return self
        bound = NanchangVariant()
        bound.table = replace(TABLE, passed_win=passed)
        bound.xia_fan = parsed.xia_fan
        return bound

    def wilds(self, indicator: int) -> tuple[int, ...]:
        """The 正精 and 副精 kinds of an indicator.

        Example:
            >>> NanchangVariant().wilds(8)      # flip 9m: 9m and 1m
            (8, 0)
        """
        zheng, fu = jing_pair(KINDS[indicator])
        return (tile_index(zheng), tile_index(fu))

    def reveal_after_deal(self, state: TableView) -> DealReveal | None:
        """下翻 ([000] line 83, [001 打法]): after the jing flip the other tile of the stack
        is flipped, the 下精 indicator; it and its next tile in the cycle are the 下精, and
        every seat shows the 下精 it holds (the dealer's 14 dealt tiles included) for the
        下翻 settlement, then takes them back. Under ``xia_fan`` false (无下精) nothing is
        flipped or shown: None.

        Example:
            >>> from types import SimpleNamespace
            >>> hands = [list(majiang.tiles.to_counts(h)) for h in ("112m5p", "3m", "9s", "2m")]
            >>> state = SimpleNamespace(lower=0, hands=hands)   # 下精 indicator 1m: 1m and 2m
            >>> NanchangVariant().reveal_after_deal(state).tiles
            ((0, 0, 1), (), (), (1,))
            >>> NanchangVariant().bind({"xia_fan": False}).reveal_after_deal(state) is None
            True
        """
        if not self.xia_fan or state is None or state.lower is None or state.lower >= 34:
            return None
        zheng, fu = jing_pair(KINDS[state.lower])
        lower = sorted({tile_index(zheng), tile_index(fu)})
        tiles = tuple(tuple(k for k in lower for _ in range(hand[k])) for hand in state.hands)
        return DealReveal(tiles, lower_indicator=True)

    def may_win(self, query: WinQuery) -> bool:
        """A completing tile wins, except a discard onto a 精钓 wait — unless it is the
        dealer's first discard (精钓地胡, [000] "起手形成精钓的牌型地胡为40", [002] 精釣地糊) or
        it completes the hand with every jing as itself (德国/精还原, scored as 德国 without
        精钓 [002]).

        Example:
            >>> hand = majiang.tiles.to_counts("123m456p789s123z3m")
            >>> every = frozenset(range(34))
            >>> v = NanchangVariant()
            >>> v.may_win(WinQuery(0, 4, 1, hand, (), wilds=(2, 3), waits=every))
            False
            >>> v.may_win(WinQuery(0, 4, None, hand, (), wilds=(2, 3), waits=every))
            True
        """
        if not super().may_win(query):
            return False
        if query.self_drawn or query.robbing or query.first_discard or not jing_diao(query):
            return True
        return bool(  # 德国: the hand complete with no jing standing for another tile
            is_winning(query.full(), rules=TABLE.shapes, melds=len(query.melds))
        )

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The Nanchang record: the shared fields, the two indicators and 抄庄 (the first four
        discards the same tile, dealer first).

        Example:
            >>> from majiang.variants.protocol import FinishedHand
            >>> r = NanchangVariant().record(
            ...     FinishedHand({}, 0, 1, [], {"kind": "draw"}, [], indicators=("3m", "7p")))
            >>> r["jing_indicator"], r["lower_jing_indicator"], r["chao_zhuang"]
            ('3m', '7p', False)
        """
        up, low = hand.indicators or ("", "")
        record = {
            "variant": self.name,
            "options": dict(hand.options),
            "dealer": hand.dealer,
            "dealer_streak": hand.dealer_streak,
            "jing_indicator": up,
            "lower_jing_indicator": low,
            "players": hand.players,
            "result": hand.result,
            "chao_zhuang": same_first_discards(hand.events, hand.dealer),
            **hand.carried,
        }
        fed = fed_jing(hand.events, jing_pair(up)) if up else []
        if fed:
            record["fed_jing"] = fed
        return record
