"""The Nanjing variant (南京): 144 tiles with hard flowers, no chow, 比下胡, penalties.

Example:
    >>> NanjingVariant().kept_back()
    16
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import majiang
from majiang.settlement import Settlement
from majiang.tiles import TILE_NAMES
from majiang.variants.protocol import DRAGONS, KIND_INDEX, Variant

if TYPE_CHECKING:
    from majiang.game.state import HandState, Meld

__all__ = ["NanjingVariant", "penalties"]


class NanjingVariant(Variant):
    """Nanjing (docs/rules/nanjing.md): 144 tiles; the 8 flowers and the 12 dragons are hard
    flowers (laid aside and replaced); no wild tiles, no chow; a small hand needs 门清 or four
    hard flowers, the §9 completions win on a discard; the last 8 stacks (16 tiles) are never
    drawn; a 比下胡 hand keeps the dealer and doubles the next hand (``carry``). Bound to a
    game's options (:class:`majiang.variants.nanjing.NanjingOptions`).

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
    shows_concealed_kongs = True  # docs/rules/nanjing.md §2: "暗杠也亮" [004 v2]
    waits_fit_self_draw = False

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        from majiang.variants.nanjing import NanjingOptions

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

    def pass_blocks_pong(self) -> bool:
        """No 弃先碰后: a seat that passed a pong may not pong that kind before its next draw
        (docs/rules/nanjing.md §2).

        Example:
            >>> NanjingVariant().pass_blocks_pong()
            True
        """
        return True

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
        (:func:`majiang.variants.nanjing.is_winning`): the shape with 门清 or four hard
        ``flowers`` for a small hand, or a §9 completion on a discard from ``source``.

        Example:
            >>> v = NanjingVariant()
            >>> hand = majiang.tiles.to_counts("123m456m789m22p")   # a pung: 11 tiles
            >>> from majiang.game.state import Meld
            >>> melds = (Meld("peng", (18, 18, 18), 1),)
            >>> v.is_winning(hand, (), melds, tile=10), v.is_winning(
            ...     hand, (), melds, tile=10, flowers=(34, 35, 36, 31))
            (False, True)
        """
        from majiang.variants.nanjing import hands

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
        :func:`majiang.variants.nanjing.is_winning` with the hard ``flowers`` laid aside.

        Example:
            >>> v = NanjingVariant()
            >>> sorted(v.waits(majiang.tiles.to_counts("123m456m789m1122p"), (), ()))
            [9, 10]
        """
        from majiang.variants.nanjing import hands

        found = majiang.winning_tiles(counts, rules=self.rules, melds=len(melds))
        candidates = {KIND_INDEX[n] for n in found}
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
        (:func:`majiang.variants.nanjing.bixiahu_triggered`): this hand's win is doubled.

        Example:
            >>> NanjingVariant().carry([]), NanjingVariant().carry([_DRAWN])
            ({}, {'bixiahu': True})
        """
        from majiang.variants.nanjing import bixiahu_triggered

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
        from majiang.variants.nanjing import bixiahu_triggered

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
        """The Nanjing settlement (:func:`majiang.variants.nanjing.settle`).

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
    from majiang.variants.nanjing import flower_kongs

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
