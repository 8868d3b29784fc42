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
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import majiang
from majiang.settlement import Settlement
from majiang.tiles import KINDS, TILE_NAMES

if TYPE_CHECKING:
    from majiang.game.state import HandState, Meld

__all__ = [
    "VARIANTS",
    "NanchangVariant",
    "NanjingVariant",
    "PingxiangVariant",
    "Variant",
    "get_variant",
    "penalties",
]

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
    waits_fit_self_draw: bool = True
    """Whether :meth:`waits` (the wins on a discard) also decide self-drawn wins; when False
    the engine asks :meth:`is_winning` on every draw (Nanjing: its §9 completions win only on
    a discard)."""

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

    def multiple_winners(self) -> bool:
        """Whether every seat that declares a win on one discard wins (一炮多响; the record's
        ``winner`` is then a list). Default: no, the nearest after the discarder (拦胡).

        Example:
            >>> get_variant("nanchang").multiple_winners()
            False
        """
        return False

    def kept_back(self) -> int:
        """Tiles at the end of the wall that are never drawn: the hand is drawn (荒庄) when only
        they are left, and no kong is declared then. Default: none.

        Example:
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
            >>> get_variant("nanchang").is_winning(hand, (), ())
            True
        """
        names = _names(jing)
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
            >>> sorted(get_variant("nanchang").waits(hand, (), ()))
            [4]
        """
        names = _names(jing)
        found = majiang.winning_tiles(counts, rules=self.rules, jing=names, melds=len(melds))
        return frozenset(map(_INDEX.__getitem__, found))

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
        """Whether the hand wins under Pingxiang's rules (:mod:`majiang.pingxiang.hands`).

        Example:
            >>> hand = majiang.tiles.to_counts("111222333444m33p")  # 清一色? no: 3p pair
            >>> PingxiangVariant().is_winning(hand, (), ())
            False
        """
        from majiang.pingxiang import hands

        return hands.is_winning(counts, _meld_pairs(melds), options=self.options)

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
        from majiang.pingxiang import hands

        return hands.winning_kinds(counts, _meld_pairs(melds), options=self.options)

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


def _meld_pairs(melds: Sequence[Meld]) -> list[tuple[str, tuple[int, ...]]]:
    return [(m.kind, m.kinds) for m in melds]


class NanjingVariant(Variant):
    """Nanjing (docs/rules/nanjing.md): 144 tiles; the 8 flowers and the 12 dragons are hard
    flowers (laid aside and replaced); no wild tiles, no chow; a small hand needs 门清 or four
    hard flowers, the §9 completions win on a discard; the last 8 stacks (16 tiles) are never
    drawn; a 比下胡 hand keeps the dealer and doubles the next hand (``carry``). Bound to a
    game's options (:class:`majiang.nanjing.NanjingOptions`).

    Example:
        >>> v = NanjingVariant()
        >>> len(v.wall_tiles()), v.is_flower(31), v.is_flower(30), v.kept_back()
        (144, True, False, 16)
        >>> hand = majiang.tiles.to_counts("123m456m789m11122p")
        >>> v.is_winning(hand, (), (), tile=9)                    # 门清
        True
    """

    name = "nanjing"
    rules = "nanjing"
    waits_fit_self_draw = False

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        from majiang.nanjing import NanjingOptions

        self.options = NanjingOptions.from_dict(dict(options or {}))

    def with_options(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones).

        Example:
            >>> NanjingVariant().with_options({"values": "v2_run10"}).options.run_base
            10
        """
        return NanjingVariant(options)

    def wall_tiles(self) -> list[int]:
        """The 136 tiles and the 8 flowers 34-41.

        Example:
            >>> sorted(set(NanjingVariant().wall_tiles()))[-9:]
            [33, 34, 35, 36, 37, 38, 39, 40, 41]
        """
        return [k for k in range(34) for _ in range(4)] + list(range(34, 42))

    def is_flower(self, tile: int) -> bool:
        """The hard flowers (硬花): the 8 flowers and the dragons 5z-7z.

        Example:
            >>> [NanjingVariant().is_flower(t) for t in (30, 31, 33, 34)]
            [False, True, True, True]
        """
        return tile >= 34 or tile in DRAGONS

    def multiple_winners(self) -> bool:
        """一炮多响 under the ``multiple_winners`` option (N12, default true).

        Example:
            >>> NanjingVariant({"multiple_winners": False}).multiple_winners()
            False
        """
        return self.options.multiple_winners

    def kept_back(self) -> int:
        """The last 8 stacks: 16 tiles (§2).

        Example:
            >>> NanjingVariant().kept_back()
            16
        """
        return 16

    def jing_kinds(self, indicator: int) -> tuple[int, ...]:
        """No wild tiles in Nanjing.

        Example:
            >>> NanjingVariant().jing_kinds(5)
            ()
        """
        return ()

    def chow_options(self, tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
        """No chow in Nanjing.

        Example:
            >>> NanjingVariant().chow_options(0, majiang.tiles.to_counts("23m"))
            []
        """
        return []

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
        """Whether ``counts`` (the winning ``tile`` included) wins under Nanjing's rules
        (:func:`majiang.nanjing.is_winning`): the shape with 门清 or four hard ``flowers`` for a
        small hand, or a §9 completion on a discard from ``source``.

        Example:
            >>> v = NanjingVariant()
            >>> hand = majiang.tiles.to_counts("123m456m789m22p")   # a pung: 11 tiles
            >>> from majiang.game.state import Meld
            >>> melds = (Meld("peng", (18, 18, 18), 1),)
            >>> v.is_winning(hand, (), melds, tile=10), v.is_winning(
            ...     hand, (), melds, tile=10, flowers=(34, 35, 36, 31))
            (False, True)
        """
        from majiang.nanjing import hands

        if tile is None or not counts[tile]:
            tile = max(k for k in range(34) if counts[k])
        concealed = list(counts)
        concealed[tile] -= 1
        return hands.is_winning(
            concealed,
            tile,
            melds,
            flowers=[TILE_NAMES[t] for t in flowers],
            source=source,
            winner=seat,
            options=self.options,
        )

    def waits(
        self,
        counts: Sequence[int],
        jing: tuple[int, ...],
        melds: Sequence[Meld],
        *,
        flowers: Sequence[int] = (),
        seat: int | None = None,
    ) -> frozenset[int]:
        """The kinds another seat's discard would win with (the core's Nanjing shapes, and
        with three melds the §9 completions), each checked by
        :func:`majiang.nanjing.is_winning` with the hard ``flowers`` laid aside.

        Example:
            >>> v = NanjingVariant()
            >>> sorted(v.waits(majiang.tiles.to_counts("123m456m789m1122p"), (), ()))
            [9, 10]
        """
        from majiang.nanjing import hands

        found = majiang.winning_tiles(counts, rules=self.rules, melds=len(melds))
        candidates = {_INDEX[n] for n in found}
        if len(melds) == 3:
            candidates.update(range(31))
        source = 1 if seat is None else (seat + 1) % 4
        names = [TILE_NAMES[t] for t in flowers]
        held = list(counts)
        for m in melds:
            for k in m.kinds:
                held[k] += 1
        out = []
        for k in sorted(candidates):
            if k >= 31 or held[k] >= 4:
                continue
            if hands.is_winning(
                counts, k, melds, flowers=names, source=source, winner=seat, options=self.options
            ):
                out.append(k)
        return frozenset(out)

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
        """The win checked again with the real discarder ``source`` (the §9 completions
        depend on who fed the melds).

        Example:
            >>> hand = majiang.tiles.to_counts("123m456m789m11122p")
            >>> NanjingVariant().may_win_on_discard(hand, (), source=1, seat=0, tile=9)
            True
        """
        return self.is_winning(
            counts, (), melds, flowers=flowers, source=source, seat=seat, tile=tile
        )

    def carry(self, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """``{"bixiahu": True}`` when the hand before was a 比下胡 event
        (:func:`majiang.nanjing.bixiahu_triggered`): this hand's win is doubled.

        Example:
            >>> NanjingVariant().carry([]), NanjingVariant().carry([_DRAWN])
            ({}, {'bixiahu': True})
        """
        from majiang.nanjing import bixiahu_triggered

        if records and bixiahu_triggered(records[-1]):
            return {"bixiahu": True}
        return {}

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        winner: int | None,
        last_drawer: int | None = None,
        *,
        record: Mapping[str, Any] | None = None,
    ) -> tuple[int, int]:
        """A 比下胡 hand keeps the dealer (连庄, the streak one up); otherwise the deal passes
        to the next seat. Without the ``record``: the default rule.

        Example:
            >>> v = NanjingVariant()
            >>> v.next_dealer(1, 1, None, record=_DRAWN), v.next_dealer(1, 2, 3, record=_SMALL)
            ((1, 2), (2, 1))
        """
        from majiang.nanjing import bixiahu_triggered

        if record is None:
            return super().next_dealer(dealer, streak, winner, last_drawer)
        if bixiahu_triggered(record):
            return dealer, streak + 1
        return (dealer + 1) % 4, 1

    def finish_record(
        self, record: dict[str, Any], state: HandState, events: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The Nanjing record (docs/rules/nanjing.md, Implementation): the engine's fields it
        has no use for dropped; ``ready`` false (no 报听 yet), the 罚 found in the events, and
        for a win ``gang_kai`` (``small`` after a flower, ``big`` after a kong, ``flower``
        after a 花杠), ``kong_feeder`` (the first feeder of the kongs before a 杠开),
        ``haidi`` (20 tiles or fewer left in the wall, the kept-back 16 included: §2's "10
        stacks left") and no 地胡 (it needs 报听).

        Example:
            >>> r = NanjingVariant().finish_record(_ENGINE_DRAWN, None, [])
            >>> sorted(r), r["players"][0]["ready"]
            (['bixiahu', 'dealer', 'options', 'penalties', 'players', 'result', 'variant'], False)
        """
        players = [
            {
                "hand": p["hand"],
                "melds": p["melds"],
                "flowers": p.get("flowers", ""),
                "discards": p["discards"],
                "ready": False,
            }
            for p in record["players"]
        ]
        result = record["result"]
        if result["kind"] == "win":
            gang_kai, feeder = _gang_kai(result, state, events)
            result = {
                "kind": "win",
                "winner": result["winner"],
                "tile": result["tile"],
                "from": result["from"],
                "gang_kai": gang_kai,
                "kong_feeder": feeder,
                "qiang_gang": result["qiang_gang"],
                "tian_hu": result["tian_hu"],
                "di_hu": False,
                "haidi": state.wall.remaining <= self.kept_back() + 4 and not result["tian_hu"],
            }
        return {
            "variant": self.name,
            "options": record["options"],
            "dealer": record["dealer"],
            "bixiahu": bool(record.get("bixiahu", False)),
            "players": players,
            "penalties": penalties(events),
            "result": result,
        }

    def settle(self, record: dict[str, Any]) -> Settlement:
        """The Nanjing settlement (:func:`majiang.nanjing.settle`).

        Example:
            >>> NanjingVariant().settle(_DRAWN).deltas
            (0, 0, 0, 0)
        """
        return majiang.settle(record)


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
    result: Mapping[str, Any], state: HandState, events: Sequence[Mapping[str, Any]]
) -> tuple[str | None, int | None]:
    """A self-drawn win's 杠开 kind and kong feeder, from the replacement-draw chain that led
    to it (the kongs and flowers right before the win, by the winner)."""
    if not (result.get("gang_kai") or result.get("after_flower")):
        return None, None
    from majiang.nanjing import flower_kongs

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
            t = _INDEX[str(k["tile"])]
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


_ENGINE_DRAWN: dict[str, Any] = {
    "variant": "nanjing",
    "options": {},
    "dealer": 0,
    "dealer_streak": 1,
    "players": [
        {"hand": h, "melds": [], "flowers": "", "discards": "", "dealt": h}
        for h in ("123456789m1234z", "123456789p1234z", "123456789s1234z", "1122334m556677p")
    ],
    "result": {"kind": "draw"},
    "chao_zhuang": False,
}
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


VARIANTS: dict[str, type[Variant]] = {
    "nanchang": NanchangVariant,
    "pingxiang": PingxiangVariant,
    "nanjing": NanjingVariant,
}


def get_variant(name: str) -> Variant:
    """A variant by name; RulesError for unknown names.

    Example:
        >>> get_variant("nanchang").name
        'nanchang'
    """
    if name not in VARIANTS:
        raise majiang.RulesError(f"unknown variant {name!r}; known: {sorted(VARIANTS)}")
    return VARIANTS[name]()
