"""The Nanjing engine plug-in: the entry condition and the §9 completions, 比下胡, the
penalties and 杠开 kinds in the record.

Example:
    >>> NanjingVariant().table.kept_back
    16
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from majiang.bounds import MAX_FLAGS
from majiang.game.actions import Declare, Pass
from majiang.game.state import HandState
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, SEATS, TILE_NAMES
from majiang.variants.nanjing.flowers import flower_kongs
from majiang.variants.nanjing.hands import engine_waits, engine_wins
from majiang.variants.nanjing.options import NanjingOptions
from majiang.variants.nanjing.rules import TABLE
from majiang.variants.nanjing.settle import bixiahu_triggered, settle
from majiang.variants.protocol import FinishedHand, Variant, WinQuery
from majiang.variants.table_view import TableView

__all__ = ["NanjingVariant", "penalties"]


class NanjingVariant(Variant):
    """Nanjing (docs/rules/nanjing.md): a small hand needs 门清 or four hard flowers, the §9
    completions win on a discard; a 比下胡 hand keeps the dealer and doubles the next hand
    (``carry``); the record holds the 罚 found in the events and the 杠开 kinds. Bound to a
    game's options (:class:`majiang.variants.nanjing.NanjingOptions`).

    Example:
        >>> v = NanjingVariant()
        >>> hand = majiang.tiles.to_counts("123m456m789m1122p")
        >>> v.may_win(WinQuery(0, 9, None, hand, ()))           # 门清, self-drawn
        True
    """

    table = TABLE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = NanjingOptions.from_dict(dict(options or {}))
        if not self.options.multiple_winners:
            self.table = replace(TABLE, multiple_winners=False)

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones); N12
        ``multiple_winners`` sets the table's 一炮多响.

        Example:
            >>> NanjingVariant().bind({"values": "v2_run10"}).options.run_base
            10
            >>> NanjingVariant().bind({"multiple_winners": False}).table.multiple_winners
            False
        """
        return NanjingVariant(options)

    def may_win(self, query: WinQuery) -> bool:
        """Whether the hand wins under Nanjing's rules
        (:func:`majiang.variants.nanjing.is_winning`, through its unchecked engine entry
        :func:`majiang.variants.nanjing.hands.engine_wins`): the shape with 门清 or four hard
        flowers for a small hand, or a §9 completion on a discard from ``query.source`` —
        asked in full every time, since the entry condition depends on more than the shape.

        Example:
            >>> v = NanjingVariant()
            >>> hand = majiang.tiles.to_counts("123m456m789m2p")   # a pung of 1s melded
            >>> melds = (Meld("peng", (18, 18, 18), 1),)
            >>> v.may_win(WinQuery(0, 10, None, hand, melds)), v.may_win(
            ...     WinQuery(0, 10, None, hand, melds, flowers=(34, 35, 36, 31)))
            (False, True)
        """
        return engine_wins(
            query.concealed,
            query.tile,
            query.melds,
            len(query.flowers),
            source=query.source,
            winner=query.seat,
            options=self.options,
        )

    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds a discard could win with (the core's Nanjing shapes, and with three
        melds the §9 completions), each scored as :func:`majiang.variants.nanjing.is_winning`
        would with the hard ``flowers`` laid aside and the next seat as a stand-in discarder
        (:meth:`may_win` asks again with the real one); see
        :func:`majiang.variants.nanjing.hands.engine_waits`.

        Example:
            >>> v = NanjingVariant()
            >>> sorted(v.waits(majiang.tiles.to_counts("123m456m789m1122p"), (), seat=0))
            [9, 10]
        """
        return engine_waits(concealed, melds, len(flowers), winner=seat, options=self.options)

    def opening_options(self, what: str, seat: int, state: TableView) -> list[Any]:
        """报听 (``ready``) after the deal (docs/rules/nanjing.md §8, N8): a seat whose hand is
        ready may declare it (v1 any seat; v2 non-dealers only); the dealer, holding 14
        tiles, when some discard leaves it ready. Declining is a pass.

        Example:
            >>> from majiang.game import Deal, Game
            >>> g = Game("nanjing", dealer=0, deal=Deal(("123456789m1122p5s",
            ...     "123456789p1234s", "147m258p369s1233z", "13579m1357p1357s"), "9s9s"))
            >>> g.state.phase, g.to_act(), g.legal_actions(0)
            ('declare', [0, 1], [Declare(what='ready', value=''), Pass()])
        """
        if what != "ready" or (self.options.v2 and seat == state.dealer):
            return []
        if not self._ready_discards(seat, state):
            return []
        return [_READY, Pass()]

    def allowed_discards(self, seat: int, state: TableView) -> Collection[int] | None:
        """After 报听 the hand is fixed: the seat discards the tile it drew ([004]: "must
        discard whatever is drawn"); a dealer who declared on 14 tiles first discards a tile
        that leaves it ready.

        Example:
            >>> NanjingVariant().allowed_discards(1, _READY_STATE)
            [4]
        """
        if "ready" not in state.declared[seat]:
            return None
        if seat == state.dealer and state.discards_made == 0 and state.turns == 0:
            return self._ready_discards(seat, state)
        return None if state.drawn is None else [state.drawn]

    def may_meld(self, seat: int, state: TableView) -> bool:
        """No chow, pong or kong after 报听: the hand is fixed (our reading of "must discard
        whatever is drawn").

        Example:
            >>> v = NanjingVariant()
            >>> v.may_meld(1, _READY_STATE), v.may_meld(0, _READY_STATE)
            (False, True)
        """
        return "ready" not in state.declared[seat]

    def _ready_discards(self, seat: int, state: TableView) -> list[int]:
        """The kinds whose discard leaves the seat ready (13 tiles: [-1] when it is ready as it
        stands)."""
        hand = state.hands[seat]
        melds, flowers = state.melds[seat], state.flowers[seat]
        if sum(hand) + 3 * len(melds) == 13:
            return [-1] if self.waits(hand, melds, seat=seat, flowers=flowers) else []
        out = []
        for k in range(34):
            if hand[k]:
                after = list(hand)
                after[k] -= 1
                if self.waits(after, melds, seat=seat, flowers=flowers):
                    out.append(k)
        return out

    def carry(self, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """``{"bixiahu": True}`` when the hand before was a 比下胡 event
        (:func:`majiang.variants.nanjing.bixiahu_triggered`): this hand's win is doubled.

        Example:
            >>> NanjingVariant().carry([]), NanjingVariant().carry([_DRAWN])
            ({}, {'bixiahu': True})
        """
        o = self.options
        out: dict[str, Any] = {}
        if records and (_bixiahu(records[-1]) or self._jiezhuang(records[-1])):
            out["bixiahu"] = True
            if o.bixiahu_mode == "per_flag":  # one flag per 比下胡 hand in a row, at most 10
                flags = int(records[-1].get("bixiahu_flags") or 0) + 1
                out["bixiahu_flags"] = min(flags, MAX_FLAGS)  # the seed gives no limit
        if o.yuanzi:
            out["yuanzi_left"] = _garden(records, o.yuanzi)
        return out

    def match_over(self, records: Sequence[Mapping[str, Any]]) -> bool:
        """进园子's 两家干 (two players' gardens empty) or the room's rounds played (the deal
        passed 4 x ``rounds`` times, the pass after the last hand included).

        Example:
            >>> NanjingVariant({"rounds": 1}).match_over([_SMALL] * 3)
            False
        """
        o = self.options
        if not records or not (o.yuanzi or o.rounds):
            return False
        if o.yuanzi and sum(left == 0 for left in _garden(records, o.yuanzi)) >= 2:
            return True
        if o.rounds:
            dealers = [int(r["dealer"]) for r in records]
            last = records[-1]
            dealers.append(self.next_dealer(dealers[-1], 1, last, ())[0])
            passes = sum(a != b for a, b in pairwise(dealers))
            return passes >= 4 * o.rounds
        return False

    def _jiezhuang(self, record: Mapping[str, Any]) -> bool:
        """接庄比: the dealer did not win and the next seat (the next dealer) did."""
        if not self.options.jiezhuang_bi:
            return False
        result = record.get("result") or {}
        if result.get("kind") != "win":
            return False
        won = result["winner"] if isinstance(result["winner"], list) else [result["winner"]]
        dealer = record["dealer"]
        return dealer not in won and (dealer + 1) % SEATS in won

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """A 比下胡 hand keeps the dealer (连庄, the streak one up); otherwise the deal passes
        to the next seat.

        Example:
            >>> v = NanjingVariant()
            >>> v.next_dealer(1, 1, _DRAWN, []), v.next_dealer(1, 2, _SMALL, [])
            ((1, 2), (2, 1))
        """
        if _bixiahu(record):
            return dealer, streak + 1
        return (dealer + 1) % SEATS, 1

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The Nanjing record (docs/rules/nanjing.md, Implementation): ``ready`` (报听 declared),
        the 罚 found in the events, and for a win ``gang_kai`` (``small`` after a
        flower, ``big`` after a kong, ``flower`` after a 花杠), ``kong_feeder`` (the first
        feeder of the kongs before a 杠开), ``haidi`` (20 tiles or fewer left in the wall, the
        kept-back 16 included: §2's "10 stacks left") and ``di_hu`` (a 报听 seat's win).

        Example:
            >>> from majiang.game import Game
            >>> r = Game("nanjing", seed=1).variant.record(_FINISHED)
            >>> sorted(r), r["players"][0]["ready"]
            (['bixiahu', 'dealer', 'options', 'penalties', 'players', 'result', 'variant'], False)
        """
        players = [
            {
                "hand": p["hand"],
                "melds": p["melds"],
                "flowers": p.get("flowers", ""),
                "discards": p["discards"],
                "ready": "ready" in hand.state.declared[s] if hand.state else False,
            }
            for s, p in enumerate(hand.players)
        ]
        result = hand.result
        state = hand.state
        if result["kind"] == "win":
            assert state is not None, "a won hand's record is built in a game"
            gang_kai, feeder = _gang_kai(result, state, hand.events)
            winners = result["winner"] if isinstance(result["winner"], list) else [result["winner"]]
            # 地胡: any win of a seat that declared 报听 on its dealt tiles [004]; the record
            # admits one of 杠开, 抢杠, 天胡, 地胡: 天胡 and 抢杠 (which decides who pays) stand,
            # 地胡 takes the place of a 杠开.
            di_hu = (
                len(winners) == 1
                and players[winners[0]]["ready"]
                and not state.melds[winners[0]]
                and not result["tian_hu"]
                and not result["qiang_gang"]
            )
            if di_hu:
                gang_kai, feeder = None, None
            result = {
                "kind": "win",
                "winner": result["winner"],
                "tile": result["tile"],
                "from": result["from"],
                "gang_kai": gang_kai,
                "kong_feeder": feeder,
                "qiang_gang": result["qiang_gang"],
                "tian_hu": result["tian_hu"],
                "di_hu": di_hu,
                "haidi": state.wall.remaining <= TABLE.kept_back + 4 and not result["tian_hu"],
            }
        record = {
            "variant": self.name,
            "options": dict(hand.options),
            "dealer": hand.dealer,
            "bixiahu": bool(hand.carried.get("bixiahu", False)),
            "players": players,
            "penalties": penalties(hand.events),
            "result": result,
        }
        for key in ("bixiahu_flags", "yuanzi_left"):  # carried only under their options
            if key in hand.carried:
                record[key] = hand.carried[key]
        return record


_BIXIAHU: dict[str, bool] = {}


def _garden(records: Sequence[Mapping[str, Any]], yuanzi: int) -> list[int]:
    """进园子: what each seat can still lose after these hands: the 园子 it brought plus what
    the last hand moved (its record carries what was left before it)."""
    if not records:
        return [yuanzi] * SEATS
    last = records[-1]
    before = last.get("yuanzi_left") or [yuanzi] * SEATS
    deltas = settle(dict(last)).deltas
    return [max(0, left + delta) for left, delta in zip(before, deltas, strict=True)]


def _bixiahu(record: Mapping[str, Any]) -> bool:
    """:func:`majiang.variants.nanjing.bixiahu_triggered` of a record, remembered for the
    last few records: the engine asks it of each finished hand twice (``next_dealer``, then
    ``carry`` for the next hand), and each answer reads and scores the whole record. A plain
    dict (of JSON values) is keyed by its ``repr``, which any change to it changes; anything
    else is asked afresh."""
    if type(record) is not dict:
        return bixiahu_triggered(dict(record))
    key = repr(record)
    found = _BIXIAHU.get(key)
    if found is None:
        found = bixiahu_triggered(record)  # the dict settled just before: read once (settle)
        if len(_BIXIAHU) >= 8:
            _BIXIAHU.clear()
        _BIXIAHU[key] = found
    return found


def penalties(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Nanjing's 罚 (§7) in one hand's events: four discards of one tile in a row by the four
    players (no claim between; the first discarder pays), and a player's fourth discard of
    one tile.

    Example:
        >>> ev = [{"event": "discard", "seat": s % 4, "tile": "1z"} for s in range(1, 5)]
        >>> penalties(ev)
        [{'kind': 'same_four_in_a_row', 'seat': 1, 'tile': '1z'}]
    """
    out: list[dict[str, Any]] = []
    run: list[tuple[int, str]] = []
    by_seat: Counter[tuple[int, str]] = Counter()
    for e in events:
        kind = e.get("event")
        if kind in ("pong", "chow", "kong"):
            run = []
        if kind != "discard":
            continue
        seat, tile = int(e["seat"]), str(e["tile"])
        by_seat[seat, tile] += 1
        if by_seat[seat, tile] == 4:
            out.append({"kind": "four_by_one", "seat": seat, "tile": tile})
        run = [*run, (seat, tile)] if run and run[-1][1] == tile else [(seat, tile)]
        if len(run) == 4 and len({s for s, _ in run}) == 4:
            out.append({"kind": "same_four_in_a_row", "seat": run[0][0], "tile": tile})
            run = []
    return out


def _gang_kai(
    result: Mapping[str, Any], state: TableView, events: Sequence[Mapping[str, Any]]
) -> tuple[str | None, int | None]:
    """A self-drawn win's 杠开 kind and kong feeder, from the replacement-draw chain that led
    to it (the kongs and flowers right before the win, by the winner)."""
    if not (result.get("gang_kai") or result.get("after_flower")):
        return None, None
    seat = result["winner"]
    chain_flowers: list[str] = []
    kongs: list[Mapping[str, Any]] = []
    i = len(events) - 1
    while i >= 0 and events[i].get("event") == "win":
        i -= 1
    while i >= 0:
        e = events[i]
        kind = e.get("event")
        if e.get("seat") != seat:
            break
        if kind == "flower":
            chain_flowers.append(str(e["tile"]))
        elif kind == "kong":
            kongs.append(e)
        elif not (kind == "draw" and e.get("replacement")):
            break
        i -= 1
    kongs.reverse()
    laid = [TILE_NAMES[t] for t in state.flowers[seat]]
    before = list(laid)
    for name in chain_flowers:
        before.remove(name)
    feeder = None
    for k in kongs:
        if k["kind"] == "exposed":
            feeder = int(k["source"])
        elif k["kind"] == "added":
            t = KIND_INDEX[str(k["tile"])]
            feeder = next(
                (m.source for m in state.melds[seat] if m.kind == "bu_gang" and m.kinds[0] == t),
                None,
            )
        if feeder is not None:
            break
    if len(flower_kongs(laid)) > len(flower_kongs(before)):
        return "flower", feeder
    if result.get("gang_kai"):
        return "big", feeder
    return "small", feeder


_READY = Declare("ready")
_READY_STATE = HandState(
    dealer=0,
    streak=1,
    wall=None,  # type: ignore[arg-type]
    indicator=None,
    lower=None,
    wilds=(),
    hands=[[0] * 34 for _ in range(4)],
    dealt=[[0] * 34 for _ in range(4)],
    drawn=4,
    declared=[{}, {"ready": ""}, {}, {}],
    discards_made=3,
    turns=5,
)
_FINISHED = FinishedHand(
    options={},
    dealer=0,
    dealer_streak=1,
    players=[
        {"hand": h, "melds": [], "flowers": "", "discards": "", "dealt": h}
        for h in ("123456789m1234z", "123456789p1234z", "123456789s1234z", "1122334m556677p")
    ],
    result={"kind": "draw"},
    events=[],
)
_DRAWN: dict[str, Any] = {
    "variant": "nanjing",
    "dealer": 0,
    "players": [
        {"hand": h}
        for h in ("123456789m1234z", "123456789p1234z", "123456789s1234z", "1122334m556677p")
    ],
    "result": {"kind": "draw"},
}
_SMALL: dict[str, Any] = {
    "variant": "nanjing",
    "dealer": 1,
    "players": [
        {"hand": "123m456m789m1122p", "flowers": "1f"},
        {"hand": "147m258p369s1234z"},
        {"hand": "22m33m44m66s88s444z"},
        {"hand": "567m567p78s8p9s123z"},
    ],
    "result": {"kind": "win", "winner": 0, "tile": "1p", "from": 3},
}
