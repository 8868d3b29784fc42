"""The Guangdong 推倒胡 engine plug-in: self-draw wins only (no discard claim window for a
win unless 可点炮), kong money paid at once, horses turned up after a win, ghost tiles as the
core's wild tiles, the winner deals (docs/rules/guangdong.md).

Example:
    >>> v = GuangdongVariant()
    >>> v.table.chows, v.horses({"kind": "win", "winner": 1}, None)
    ('none', 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from majiang.game.events import Kong, Win
from majiang.meld import Meld
from majiang.tiles import SEATS
from majiang.variants.guangdong import hands
from majiang.variants.guangdong.options import GuangdongOptions
from majiang.variants.guangdong.record import horses_wanted
from majiang.variants.guangdong.rules import TABLE, table_for
from majiang.variants.protocol import (
    FinishedHand,
    TableRules,
    Variant,
    WinQuery,
    first_winner,
    same_first_discards,
)
from majiang.variants.table_view import TableView

__all__ = ["GuangdongVariant", "kong_chain"]


class GuangdongVariant(Variant):
    """Guangdong 推倒胡, bound to a game's options (they change what may win, the table's
    flip and the kong money).

    Example:
        >>> import majiang
        >>> hand = majiang.tiles.to_counts("123m456p789s1125z")
        >>> sorted(GuangdongVariant({"ghosts": "bai"}).waits(hand, (), seat=0))  # 白板 is wild
        [27, 28, 31]
        >>> GuangdongVariant().may_win(WinQuery(0, 27, 2, majiang.tiles.to_counts(
        ...     "123m456p789s1122z"), ()))       # a discard: self-draw only
        False
    """

    table: TableRules = TABLE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = GuangdongOptions.from_dict(dict(options or {}))
        flips = self.options.ghosts in ("flip", "flip_double")
        o = self.options
        self.table = table_for(flips, o.ming_gang_qiang and o.qiang_gang)
        self._fixed = () if flips else hands.ghost_kinds(self.options, None)

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones).

        Example:
            >>> GuangdongVariant().bind({"ghosts": "flip"}).table.flips_wild
            True
        """
        return GuangdongVariant(options)

    def wilds(self, indicator: int) -> tuple[int, ...]:
        """The ghosts of a flipped ``indicator`` (翻鬼: its next tile; 翻双鬼: the next two).

        Example:
            >>> GuangdongVariant({"ghosts": "flip_double"}).wilds(33)   # 中: 发 and 白
            (32, 31)
        """
        return hands.ghost_kinds(self.options, indicator)

    def fixed_wilds(self) -> tuple[int, ...]:
        """The fixed ghosts (白板做鬼, 红中做鬼), held by the engine as the hand's wilds.

        Example:
            >>> GuangdongVariant({"ghosts": "bai"}).fixed_wilds(), GuangdongVariant().fixed_wilds()
            ((31,), ())
        """
        return self._fixed

    def ghosts(self, wilds: tuple[int, ...]) -> tuple[int, ...]:
        """The ghost kinds in play: the flipped ones the engine holds, else the fixed ones
        (白板做鬼, 红中做鬼: no tile is flipped for them).

        Example:
            >>> GuangdongVariant({"ghosts": "zhong"}).ghosts(())
            (33,)
        """
        return wilds or self._fixed

    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds completing the hand under the room's shapes and ghosts.

        Example:
            >>> import majiang
            >>> hand = majiang.tiles.to_counts("11335577m99p112z")
            >>> sorted(GuangdongVariant().waits(hand, (), seat=0))
            [28]
        """
        return hands.winning_kinds(concealed, len(melds), self.ghosts(wilds), self.options)

    def may_win(self, query: WinQuery) -> bool:
        """A completing tile self-drawn; a robbed added kong's tile under 可抢杠胡; a discard
        only under 可点炮.

        Example:
            >>> import majiang
            >>> q = WinQuery(0, 27, 2, majiang.tiles.to_counts("123m456p789s1122z"), (),
            ...              robbing=True)
            >>> GuangdongVariant().may_win(q), GuangdongVariant({"qiang_gang": False}).may_win(q)
            (True, False)
        """
        o = self.options
        if query.robbing:
            if not o.qiang_gang:
                return False
        elif query.source is not None and not o.dian_pao:
            return False
        drawn = query.source is None
        if query.waits is not None and (drawn or not o.si_gui_hu):
            return query.tile in query.waits  # (四鬼胡牌's waits are the draw's only)
        ghosts = self.ghosts(query.wilds)
        full = query.full()
        if hands.wins(full, len(query.melds), ghosts, o):
            return True
        return drawn and hands.four_ghosts(full, ghosts, o)

    def bot_risky_discards(self, observation: Any) -> frozenset[int]:
        """Under 杠爆全包, the kinds whose discard may feed a 直杠: the seat holds one, and the
        other three copies are unseen (one seat may hold them as a concealed triplet).

        Example:
            >>> from majiang.game import Game
            >>> g = Game("guangdong", seed=1, options={"gang_bao_quan_bao": True})
            >>> obs = g.observation(g.state.turn)
            >>> risky = g.variant.bot_risky_discards(obs)
            >>> all(obs.hand_counts[k] == 1 for k in risky)
            True
            >>> GuangdongVariant().bot_risky_discards(obs)       # the option off: none
            frozenset()
        """
        if not self.options.gang_bao_quan_bao:
            return frozenset()
        hand, seen = observation.hand_counts, observation.visible()
        return frozenset(k for k in range(34) if hand[k] == 1 and not seen[k])

    def payment(self, event: Kong | Win, state: TableView) -> tuple[str, Sequence[int]] | None:
        """Kong money at once, as the seed pays it (none under ``kongs_void_on_draw``: then
        the hand's settlement pays it, if someone wins).

        Example:
            >>> from majiang.game.events import Kong
            >>> GuangdongVariant().payment(Kong(1, "concealed", "5m"), None)
            ('暗杠', [-2, 6, -2, -2])
            >>> GuangdongVariant().payment(Kong(1, "exposed", "5m", 3), None)
            ('直杠', [0, 3, 0, -3])
        """
        o = self.options
        if o.kongs_void_on_draw or not isinstance(event, Kong):
            return None
        seat = event.seat
        stake = o.stake
        deltas = [0] * SEATS
        if event.kind == "exposed" and event.source is not None:
            deltas[event.source] -= o.zhi_gang * stake
            deltas[seat] += o.zhi_gang * stake
            return "直杠", deltas
        each = 2 if event.kind == "concealed" else 1
        for other in range(SEATS):
            if other != seat:
                deltas[other] -= each * stake
                deltas[seat] += each * stake
        return ("暗杠" if event.kind == "concealed" else "明杠"), deltas

    def horses(self, result: Mapping[str, Any], state: TableView) -> int:
        """How many horses the win turns up (docs/rules/guangdong.md §4).

        Example:
            >>> v = GuangdongVariant({"horses": 3})
            >>> v.horses({"winner": 0, "qiang_gang": True}, None)
            0
        """
        dealer = 0 if state is None else state.dealer
        streak = 1 if state is None else state.streak
        robbed = bool(result.get("qiang_gang"))
        return horses_wanted(self.options, dealer, streak, int(result["winner"]), robbed)

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The shared fields and Guangdong's: the horses, the carried last winner, the ghost
        indicator, the 杠爆 chain and 跟庄.

        Example:
            >>> r = GuangdongVariant().record(FinishedHand({}, 0, 1, [], {"kind": "draw"}, []))
            >>> r["horses"], r["kong_chain"], r["gen_zhuang"]
            ('', 0, False)
        """
        out = hand.generic_record(self.name)
        out.setdefault("last_winner", None)
        flips = self.table.flips_wild and hand.indicators is not None
        out["ghost_indicator"] = hand.indicators[0] if flips and hand.indicators else None
        out["horses"] = "".join(hand.horses)
        chain, feeder = (0, None)
        if hand.result.get("kind") == "win" and hand.result.get("gang_kai"):
            chain, feeder = kong_chain(hand.events, int(hand.result["winner"]))
        out["kong_chain"] = chain
        out["gang_bao_from"] = feeder
        out["gen_zhuang"] = same_first_discards(hand.events, hand.dealer)
        return out

    def carry(self, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The last hand's winner that had one (seat A of the seed's horse map).

        Example:
            >>> v = GuangdongVariant()
            >>> v.carry([{"result": {"kind": "win", "winner": 2}}, {"result": {"kind": "draw"}}])
            {'last_winner': 2}
            >>> v.carry([])
            {}
        """
        for record in reversed(records):
            winner = first_winner(record)
            if winner is not None:
                return {"last_winner": winner}
        return {}

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """The winner deals [001:185]; a drawn hand keeps the dealer. The streak counts the
        dealer's wins in a row (节节高).

        Example:
            >>> v = GuangdongVariant()
            >>> win = {"result": {"kind": "win", "winner": 2}}
            >>> v.next_dealer(0, 1, win, []), v.next_dealer(2, 1, win, [])
            ((2, 1), (2, 2))
            >>> v.next_dealer(1, 2, {"result": {"kind": "draw"}}, [])
            (1, 2)
        """
        winner = first_winner(record)
        if winner is None:
            return dealer, streak
        return winner, streak + 1 if winner == dealer else 1


def kong_chain(events: Sequence[Mapping[str, Any]], winner: int) -> tuple[int, int | None]:
    """The kongs ``winner`` declared in a row right before its 杠爆, and the feeder of the
    first of them when it was a 直杠 (for 杠爆全包).

    Example:
        >>> ev = [{"event": "discard", "seat": 3, "tile": "5m"},
        ...       {"event": "kong", "seat": 0, "kind": "exposed", "tile": "5m", "source": 3},
        ...       {"event": "draw", "seat": 0, "tile": "6p", "replacement": True},
        ...       {"event": "kong", "seat": 0, "kind": "concealed", "tile": "6p"},
        ...       {"event": "draw", "seat": 0, "tile": "1z", "replacement": True},
        ...       {"event": "win", "winner": 0}]
        >>> kong_chain(ev, 0)
        (2, 3)
    """
    count, feeder = 0, None
    for event in reversed(events):
        kind = event.get("event")
        if kind in ("win", "horses", "payment", "draw", "settlement"):
            continue
        if kind != "kong" or event.get("seat") != winner:
            break
        count += 1
        feeder = event.get("source") if event.get("kind") == "exposed" else None
    return count, feeder
