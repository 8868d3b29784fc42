"""A Guizhou hand record: what settlement needs to know of one finished hand, checked.

The JSON form (every field but ``variant`` and ``players`` optional)::

    {"variant": "guiyang" | "tongren", "options": {...}, "dealer": 0, "dealer_streak": 1,
     "players": [{"hand": "MPSZ", "melds": [{"kind", "tiles", "from"}],
                  "discards": "MPSZ in order", "baoting": false}, x4],
     "win": {"winners": [1], "from": 2 | null, "tile": "5m", "gang_shang": false,
             "qiang_gang": false, "repao": "an_gang" | "bu_gang" | "ming_gang" | null} | null,
     "flip": "9s" | null, "chongfeng": seat | null, "chongfeng_wugu": seat | null,
     "zeren": [discarder, claimer] | null, "result": {...}}

``hand`` is the concealed tiles without the winning tile; ``win`` null is 黄庄. ``repao`` is
the 豆 the discarder made just before the winning discard (its last meld). ``result`` is the
engine's summary in the form every variant writes (for the tools that read them all): when
present it must say what ``win`` says. A record that cannot have happened raises
:class:`~majiang.errors.RecordError` naming the field.

The check is each profile's :class:`~majiang.record_check.RecordSpec` (:data:`SPECS`) run by
the shared skeleton: known fields only, each seat by the shared seat check (remembered for a
seat of plain values), each winner's hand valued once (:func:`win_value`, remembered).

Example:
    >>> r = HandRecord.from_dict(EXAMPLE)
    >>> r.winners, r.discarder, r.options.profile
    ((0,), None, 'guiyang')
    >>> HandRecord.from_dict({**EXAMPLE, "win": {"winners": [0], "tile": "5m", "from": 0}})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: win.from: a seat does not win on its own discard
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from majiang import record_check
from majiang.errors import RecordError, quoted
from majiang.meld import Meld
from majiang.record_check import (
    DEALER,
    DEALER_STREAK,
    Checked,
    Field,
    PlainSeat,
    RecordSpec,
    SeatFacts,
    check_seat,
    plain_seat_key,
    players_check,
)
from majiang.record_parts import (
    cached_options,
    fail,
    flag_field,
    object_field,
    one_tile_field,
    seat_field,
    tile_counts_field,
)
from majiang.record_schema import TileSet, built, table_melds
from majiang.tiles import KIND_INDEX, NUM_KINDS
from majiang.variants.guizhou.hands import HandValue, ready_value, win_value
from majiang.variants.guizhou.options import GuizhouOptions
from majiang.variants.guizhou.rules import TABLES

__all__ = [
    "EXAMPLE",
    "GANGS",
    "MELD_RULES",
    "PLAYER_KEYS",
    "RECORD_KEYS",
    "SPECS",
    "WIN_KEYS",
    "HandRecord",
    "from_engine",
    "kinds_of",
]

GANGS = ("an_gang", "bu_gang", "ming_gang")
"""The three 豆: 闷豆, 转弯豆, 点豆."""

RECORD_KEYS = frozenset(
    {"variant", "options", "dealer", "dealer_streak", "players", "win", "flip", "chongfeng",
     "chongfeng_wugu", "zeren", "result"}
)  # fmt: skip
"""The fields of a Guizhou record."""
PLAYER_KEYS = frozenset({"hand", "melds", "discards", "baoting"})
"""The fields of a seat."""
WIN_KEYS = frozenset({"winners", "from", "tile", "gang_shang", "qiang_gang", "repao"})
"""The fields of ``win``."""

kinds_of = TileSet(TABLES["guiyang"], "honour tiles are not in the Guizhou set")
"""The kind of every tile in a text (MPSZ, Chinese names or glyphs), in order: suits only."""

MELD_RULES = table_melds(TABLES["guiyang"], kinds_of, "", " (no chow (吃) in Guizhou [001:135])")
"""Guizhou's melds: peng and the three 豆 (no chi)."""

EXAMPLE: dict[str, Any] = {
    "variant": "guiyang",
    "players": [
        {"hand": "1112223334445m", "melds": []},
        {"hand": "1s234p567p789p999p", "melds": [], "discards": ""},
        {"hand": "123456789m1234p", "melds": []},
        {"hand": "2233445566778s", "melds": []},
    ],
    "win": {"winners": [0], "from": None, "tile": "5m"},
    "flip": "9s",
}
"""A self-drawn 清大对 of seat 0 with a flipped 9s (幺鸡 is 金鸡)."""


@dataclass(frozen=True)
class HandRecord:
    """One checked Guizhou hand (see the module for the fields' meaning)."""

    options: GuizhouOptions
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    baoting: tuple[bool, ...]
    winners: tuple[int, ...]
    discarder: int | None
    tile: int | None
    gang_shang: bool
    qiang_gang: bool
    repao: str | None
    flip: int | None
    chongfeng: int | None
    zeren: tuple[int, int] | None
    chongfeng_wugu: int | None = None
    """冲锋乌骨: the seat whose 8p was the first discarded and not claimed (乌骨鸡 on)."""
    values: tuple[HandValue, ...] = field(default=(), compare=False, repr=False)
    """Each winner's hand as the check valued it (empty: not valued yet), for settlement."""
    ready: tuple[HandValue | None, ...] = field(default=(), compare=False, repr=False)
    """Each seat's largest ready hand as the check found it (empty: not looked at yet)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandRecord:
        """The record of a JSON-ready dict, checked by its profile's spec (see the module's
        example).

        Example:
            >>> HandRecord.from_dict({**EXAMPLE, "variant": "nanchang"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected guiyang or tongren, got 'nanchang'
        """
        spec = SPECS["guiyang"]
        if type(data) is dict:
            variant = data.get("variant", "guiyang")
            found = SPECS.get(variant) if type(variant) is str else None
            if found is None:
                raise fail(("variant",), f"expected guiyang or tongren, got {quoted(variant)}")
            spec = found
        record: HandRecord = record_check.check_record(data, spec)
        return record

    def check_win(self, seat: int, loc: tuple[str | int, ...]) -> HandValue:
        """The hand ``seat`` wins with on the record's tile; RecordError at ``loc`` unless it
        can (a winning hand; 平胡 on a discard needs a 豆, save 热炮, 抢杠 and a 报听 seat's
        discard).

        Example:
            >>> HandRecord.from_dict(EXAMPLE).check_win(0, ("win", "winners", 0))
            HandValue(name='清大对', value=80)
        """
        assert self.tile is not None
        return _winning(
            self.hands[seat], self.melds[seat], self.tile, self.options, loc,
            self.discarder is not None and not self.qiang_gang and self.repao is None
            and not self.baoting[self.discarder],
        )  # fmt: skip


def _winning(
    hand: tuple[int, ...],
    melds: tuple[Meld, ...],
    tile: int,
    options: GuizhouOptions,
    loc: tuple[str | int, ...],
    plain_discard: bool,
) -> HandValue:
    """The winning hand's value; RecordError at ``loc`` when it does not win, or is a 平胡
    taking a plain discard (no 热炮, 抢杠 or 报听 discarder) without a 豆 of its own."""
    value = win_value(hand, melds, tile, options)
    if value is None:
        raise fail(loc, "not a winning hand")
    if (
        plain_discard
        and value.name == "平胡"
        and options.pinghu_needs_dou
        and not any(m.is_gang for m in melds)
    ):
        raise fail(loc, "平胡 takes a discard only with a 豆 [001:135]")
    return value


# ------------------------------------------------------------------ the seats
class _Seat:
    """One checked seat: the shared facts, its concealed counts, packed tally, 报听 and the
    largest hand it is ready for (None: not ready)."""

    __slots__ = ("baoting", "counts", "facts", "ready", "total")

    def __init__(
        self,
        facts: SeatFacts,
        counts: tuple[int, ...],
        total: int,
        baoting: bool,
        ready: HandValue | None,
    ) -> None:
        self.facts = facts
        self.counts = counts
        self.total = total
        self.baoting = baoting
        self.ready = ready


_FIFTH = sum(0x80 << (8 * k) for k in range(NUM_KINDS))
"""The top bit of each kind's byte in a packed tally (:func:`_tallies`)."""
_FIFTH_AT = sum(0x7B << (8 * k) for k in range(NUM_KINDS))
"""Added to a packed tally, sets a kind's top bit exactly when it has five or more copies
(123 + 5 = 128; a record places at most 4 x 4 + 2 of a kind, so no byte carries)."""


_KIND_BITS = 8 * NUM_KINDS
_OVER = 1 << _KIND_BITS
"""The packed tally of a seat that holds a fifth copy itself: a bit above every kind's byte,
which any sum of tallies keeps (two seats' top bits would carry away)."""


def _tallies(
    kinds: tuple[int, ...], melds: tuple[Meld, ...], pond: tuple[int, ...]
) -> tuple[tuple[int, ...], int]:
    """A seat's concealed counts, and every tile it shows or holds packed one byte a kind
    (the record's copies of each kind are then one sum of four numbers)."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    seen = list(counts)
    for m in melds:
        for k in m.kinds:
            seen[k] += 1
    for k in pond:
        seen[k] += 1
    if max(seen) > 4:  # a fifth in one seat: the full check names it (no byte may carry)
        return tuple(counts), _OVER
    return tuple(counts), sum(n << (8 * k) for k, n in enumerate(seen) if n)


_UNSEEN: Any = object()
_Plain = tuple[SeatFacts, tuple[int, ...], int, dict[GuizhouOptions, HandValue | None]]
"""A seat's facts, counts, packed tally and its ready value under each options set seen."""


@lru_cache(maxsize=16384)
def _plain_seat(seat: int, key: PlainSeat) -> _Plain:
    """The checked facts and tallies of a seat of plain values (remembered: a record's seats
    recur), RecordError when they are wrong."""
    hand, discards, melds = key
    raw: dict[str, Any] = {"hand": hand, "discards": discards}
    raw["melds"] = [{"kind": k, "tiles": t, "from": f} for k, t, f in melds]
    facts = _checked_seat(raw, seat)
    return (facts, *_tallies(facts.hand, facts.melds, facts.pond), {})


def _checked_seat(raw: Any, seat: int) -> SeatFacts:
    """The shared seat check, and Guizhou's stricter ``melds`` (a list) and ``discards``
    (text) when given."""
    facts = check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)
    given = facts.data.get("melds", ())
    if type(given) is not list and type(given) is not tuple:  # null and "" too: not a list
        raise fail(("players", seat, "melds"), f"expected a list of melds, got {quoted(given)}")
    pond = facts.data.get("discards", "")
    if type(pond) is not str:  # null and [] too: the pond is text
        raise fail(("players", seat, "discards"), f"expected tiles as text, got {quoted(pond)}")
    return facts


def _seat(raw: Any, seat: int, c: Checked) -> _Seat:
    found: _Plain | None = None
    if type(raw) is dict and raw.keys() <= PLAYER_KEYS:
        key = plain_seat_key(raw)
        if (
            key is not None
            and (key[1] is not None or "discards" not in raw)
            and ("melds" not in raw or type(raw["melds"]) is list)
        ):
            with suppress(RecordError):  # else checked below, naming this seat's field
                found = _plain_seat(seat, key)
    if found is None:
        facts = _checked_seat(raw, seat)
        found = (facts, *_tallies(facts.hand, facts.melds, facts.pond), {})
    facts, counts, total, ready = found
    told = raw.get("baoting", False)
    if told is not False:
        loc = ("players", seat, "baoting")
        if type(told) is not bool:
            raise fail(loc, f"expected true or false, got {quoted(told)}")
        if not c.options.baoting:
            raise fail(loc, "报听 is not a rule of this profile")
        if facts.melds:
            raise fail(loc, "a 报听 hand is locked: no pong or kong")
    value = ready.get(c.options, _UNSEEN)
    if value is _UNSEEN:  # the remembered seat's value for these options, once
        value = ready_value(counts, facts.melds, c.options)
        if len(ready) < 8:
            ready[c.options] = value
    return _Seat(facts, counts, total, told, value)


# ------------------------------------------------------------------ the win and the rest
class _Win:
    __slots__ = ("discarder", "gang_shang", "qiang_gang", "repao", "tile", "winners")

    def __init__(
        self,
        winners: tuple[int, ...],
        discarder: int | None,
        tile: int,
        gang_shang: bool,
        qiang_gang: bool,
        repao: str | None,
    ) -> None:
        self.winners = winners
        self.discarder = discarder
        self.tile = tile
        self.gang_shang = gang_shang
        self.qiang_gang = qiang_gang
        self.repao = repao


def _win(value: Any, c: Checked) -> _Win | None:
    if value is None:
        return None
    if type(value) is not dict or not value.keys() <= WIN_KEYS:
        if not isinstance(value, Mapping):
            raise fail(("win",), "expected an object or null")
        object_field(value, ("win",), WIN_KEYS)
    raw = value.get("winners")
    if type(raw) is not list or not raw:
        raise fail(("win", "winners"), "expected a list of seats")
    winners = tuple(seat_field(w, ("win", "winners", n)) for n, w in enumerate(raw))
    if len(set(winners)) != len(winners):
        raise fail(("win", "winners"), "a seat wins once")
    discarder = value.get("from")
    if discarder is not None:
        discarder = seat_field(discarder, ("win", "from"))
        if discarder in winners:
            raise fail(("win", "from"), "a seat does not win on its own discard")
    elif len(winners) != 1:
        raise fail(("win", "winners"), "a self-draw has one winner")
    tile = one_tile_field(value.get("tile"), ("win", "tile"), kinds_of)
    gang_shang = flag_field(value.get("gang_shang", False), ("win", "gang_shang"))
    qiang_gang = flag_field(value.get("qiang_gang", False), ("win", "qiang_gang"))
    repao = value.get("repao")
    if qiang_gang and discarder is None:
        raise fail(("win", "qiang_gang"), "抢杠 robs another seat's 转弯豆: needs from")
    if gang_shang and discarder is not None:
        raise fail(("win", "gang_shang"), "杠上胡 is a self-draw")
    if repao is not None:
        if type(repao) is not str or repao not in GANGS:
            raise fail(("win", "repao"), f"expected one of {GANGS}, got {quoted(repao)}")
        made = c.seats[discarder].facts.melds if discarder is not None else ()
        if not made or made[-1].kind != repao or qiang_gang:
            raise fail(("win", "repao"), "热炮 needs the 豆 its discarder just made")
    return _Win(winners, discarder, tile, gang_shang, qiang_gang, repao)


def _flip(value: Any, c: Checked) -> int | None:
    return None if value is None else one_tile_field(value, ("flip",), kinds_of)


def _chongfeng(value: Any, c: Checked) -> int | None:
    return None if value is None else seat_field(value, ("chongfeng",))


def _chongfeng_wugu(value: Any, c: Checked) -> int | None:
    if value is None:
        return None
    seat = seat_field(value, ("chongfeng_wugu",))
    if not c.options.wugu:
        raise fail(("chongfeng_wugu",), "冲锋乌骨 needs 乌骨鸡 (option wugu)")
    return seat


def _zeren(value: Any, c: Checked) -> tuple[int, int] | None:
    if value is None:
        return None
    if type(value) is not list or len(value) != 2:
        raise fail(("zeren",), "expected [discarder, claimer]")
    return seat_field(value[0], ("zeren", 0)), seat_field(value[1], ("zeren", 1))


_RESULT_KEYS = frozenset(
    {"kind", "winner", "tile", "from", "gang_kai", "qiang_gang", "tian_hu", "di_hu"}
)


def _result(value: Any, c: Checked) -> None:
    """The engine's summary (when given) says what ``win`` says: its kind, winner(s), tile
    and discarder."""
    if value is None:
        return
    r = object_field(value, ("result",), _RESULT_KEYS)
    w: _Win | None = c.values["win"]
    kind = r.get("kind")
    if kind != ("draw" if w is None else "win"):
        want = "draw" if w is None else "win"
        raise fail(("result", "kind"), f"expected {want!r} as win says, got {quoted(kind)}")
    if w is None:
        if len(r) > 1:
            object_field(r, ("result",), frozenset({"kind"}))
        return
    winner = r.get("winner")
    named = list(w.winners) if len(w.winners) > 1 else w.winners[0]
    if winner != named or type(winner) is bool:
        raise fail(("result", "winner"), f"expected {named} as win says, got {quoted(winner)}")
    if one_tile_field(r.get("tile"), ("result", "tile"), kinds_of) != w.tile:
        raise fail(("result", "tile"), "expected the win's tile")
    if r.get("from") != w.discarder or type(r.get("from")) is bool:
        raise fail(("result", "from"), f"expected {w.discarder} as win says")


def _tile_counts(c: Checked) -> None:
    seats: list[_Seat] = c.seats
    w: _Win | None = c.values["win"]
    flip: int | None = c.values["flip"]
    total = sum(s.total for s in seats)
    if w is not None:
        total += 1 << (8 * w.tile)
    if flip is not None:
        total += 1 << (8 * flip)
    if not total >> _KIND_BITS and not (total + _FIFTH_AT) & _FIFTH:
        return
    fields: list[tuple[str | tuple[str | int, ...], tuple[int, ...]]] = []
    for seat, s in enumerate(seats):
        f = s.facts
        fields += [(("players", seat, "melds", i), m.kinds) for i, m in enumerate(f.melds)]
        fields += [(("players", seat, "hand"), f.hand), (("players", seat, "discards"), f.pond)]
    if w is not None:
        fields.append((("win", "tile"), (w.tile,)))
    if flip is not None:
        fields.append((("flip",), (flip,)))
    tile_counts_field(fields)
    raise AssertionError("unreachable: a fifth tile was found")


def _finish(c: Checked) -> HandRecord:
    seats: list[_Seat] = c.seats
    w: _Win | None = c.values["win"]
    hands = tuple(s.counts for s in seats)
    melds = tuple(s.facts.melds for s in seats)
    baoting = tuple(s.baoting for s in seats)
    values: tuple[HandValue, ...] = ()
    if w is not None:  # each winner's hand wins (平胡 on a plain discard needs a 豆)
        plain = (
            w.discarder is not None
            and not w.qiang_gang
            and w.repao is None
            and not baoting[w.discarder]
        )
        values = tuple(
            _winning(hands[s], melds[s], w.tile, c.options, ("win", "winners", n), plain)
            for n, s in enumerate(w.winners)
        )
    return built(
        HandRecord,
        options=c.options,
        dealer=c.values["dealer"],
        hands=hands,
        melds=melds,
        discards=tuple(s.facts.pond for s in seats),
        baoting=baoting,
        winners=() if w is None else w.winners,
        discarder=None if w is None else w.discarder,
        tile=None if w is None else w.tile,
        gang_shang=False if w is None else w.gang_shang,
        qiang_gang=False if w is None else w.qiang_gang,
        repao=None if w is None else w.repao,
        flip=c.values["flip"],
        chongfeng=c.values["chongfeng"],
        zeren=c.values["zeren"],
        chongfeng_wugu=c.values["chongfeng_wugu"],
        values=values,
        ready=tuple(s.ready for s in seats),
    )


def _spec(profile: str) -> RecordSpec[HandRecord]:
    return RecordSpec(
        variant=profile,
        record_keys=RECORD_KEYS,
        player_keys=PLAYER_KEYS,
        options=cached_options(lambda data: GuizhouOptions.from_dict(data, profile)),
        fields=(Field("dealer", DEALER.check, 0), DEALER_STREAK, Field("players", players_check)),
        player=_seat,
        after=(
            Field("win", _win),
            Field("flip", _flip),
            Field("chongfeng", _chongfeng),
            Field("chongfeng_wugu", _chongfeng_wugu),
            Field("zeren", _zeren),
            Field("result", _result),
        ),
        checks=(_tile_counts,),
        finish=_finish,
        melds=MELD_RULES,
    )


SPECS: dict[str, RecordSpec[HandRecord]] = {p: _spec(p) for p in ("guiyang", "tongren")}
"""Each profile's record: its fields and their checks, in order (see the module docstring)."""


def from_engine(record: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine just finished, from its record dict's scalar
    fields and the engine's state (counts, melds and ponds as they are): no tile text is
    written and read back, and the engine's own checks stand for the record's (the win was
    asked of the variant as it was made). Equal to ``HandRecord.from_dict(record)``.

    Example:
        >>> from majiang.game import EfficiencyBot, Game, play
        >>> g = play(Game("guiyang", seed=2), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[0], g.state) == HandRecord.from_dict(g.records[0])
        True
    """
    variant = record["variant"]
    options = GuizhouOptions.from_dict(record.get("options"), variant)
    win = record.get("win")
    players = record["players"]
    melds = [tuple(state.melds[s]) for s in range(4)]
    winners: tuple[int, ...] = ()
    discarder = tile = None
    gang_shang = qiang_gang = False
    repao = None
    if win is not None:
        winners = tuple(win["winners"])
        discarder = win["from"]
        tile = KIND_INDEX[win["tile"]]
        gang_shang, qiang_gang, repao = (
            bool(win["gang_shang"]),
            bool(win["qiang_gang"]),
            win["repao"],
        )
        if repao is not None:  # the 热炮 豆 last, as the record lists it
            assert discarder is not None
            last = Meld.from_dict(players[discarder]["melds"][-1])
            kept = tuple(m for m in melds[discarder] if m != last)
            melds[discarder] = (*kept, last)
    flip = record.get("flip")
    zeren = record.get("zeren")
    return built(
        HandRecord,
        options=options,
        dealer=record["dealer"],
        hands=tuple(tuple(state.hands[s][:34]) for s in range(4)),
        melds=tuple(melds),
        discards=tuple(tuple(state.ponds[s]) for s in range(4)),
        baoting=tuple(bool(p.get("baoting")) for p in players),
        winners=winners,
        discarder=discarder,
        tile=tile,
        gang_shang=gang_shang,
        qiang_gang=qiang_gang,
        repao=repao,
        flip=None if flip is None else KIND_INDEX[flip],
        chongfeng=record.get("chongfeng"),
        zeren=None if zeren is None else (zeren[0], zeren[1]),
        chongfeng_wugu=record.get("chongfeng_wugu"),
        values=(),
        ready=(),
    )
