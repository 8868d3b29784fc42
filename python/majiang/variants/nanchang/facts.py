"""Checking a Nanchang hand record, and the checked facts the settlement reads.

:func:`check_record` takes the record's JSON form and returns :class:`HandFacts` (tiles as kind
indices) or raises :class:`~majiang.errors.RecordError` whose message starts with the field's
path (``players[2].melds[0]: ...``). It is the one place a record is validated: :data:`SPEC`
names each field and its check, and the shared skeleton
(:func:`majiang.record_check.check_record`) runs them in order:

- shape: the known fields only, seats 0-3, ``dealer_streak`` 1-1000 (``MAX_STREAK``), tiles
  as text, flags as true/false, exactly four players, known options with fitting values;
- melds: a chi is a Nanchang sequence (three numbers in a row, three different winds, or
  中发白) taken from the previous player (上家); a peng three of a kind, a kong four; an_gang
  takes nothing (no ``from``), the others name another seat;
- hand sizes fit the melds: 13 - 3 per meld (the winner's hand without the winning tile);
- no kind has more than four copies across hands, melds, ponds and the winning tile (the
  flipped indicators go back to the wall and are not counted unless
  ``indicator_back_in_wall`` is off);
- the winner's tiles complete (jing wild); 杠开 is self-drawn with a kong among the winner's
  melds; 抢杠 robs a peng of the winning tile held by ``from``; 天胡 is the dealer's, before
  any discard or meld; 地胡 is a non-dealer without melds on the dealer's discard; at most one
  of the four;
- dealt hands (for 下翻): 14 tiles for the dealer, 13 for the others, four of a kind at most,
  all four given when the lower indicator is.

Example:
    >>> from majiang.variants.nanchang.facts import check_record
    >>> facts = check_record({
    ...     "dealer": 0, "jing_indicator": "9p",
    ...     "players": [{"hand": "123m456m789m23s55p"}, {"hand": "147m258p369s1234z"},
    ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None}})
    >>> facts.jing, facts.win.tile, len(facts.hands[0])
    ((17, 9), 21, 13)
    >>> check_record({"dealer": 4})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: dealer: expected a seat 0-3, got 4
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from majiang import record_check
from majiang._core import is_winning
from majiang.bounds import MAX_STREAK
from majiang.errors import Loc, MajiangError, quoted
from majiang.meld import GANG_KINDS, MELD_KINDS, Meld
from majiang.record_check import (
    Checked,
    ChiRule,
    Field,
    FieldProblem,
    MeldRules,
    RecordSpec,
    WinFacts,
    check_meld,
    check_win,
    check_win_flags,
    players_check,
    win_result,
)
from majiang.record_parts import (
    MELD_KEYS,
    NANCHANG_FORM_RECORD_KEYS,
    NESTED,
    fail,
    flag_field,
    list_field,
    object_field,
    one_tile_field,
    scalars,
    seat_field,
    whole_number_field,
)
from majiang.record_parts import NANCHANG_FORM_PLAYER_KEYS as PLAYER_KEYS
from majiang.record_parts import NANCHANG_FORM_RESULT_KEYS as RESULT_KEYS
from majiang.tiles import KINDS
from majiang.variants.nanchang.options import NanchangOptions
from majiang.variants.nanchang.tile_counts import (
    counts,
    is_chi,
    jing_kinds,
    kinds_of,
    over_four,
    packed,
)

__all__ = ["MELD_RULES", "SPEC", "FedJing", "HandFacts", "WinFacts", "check_record"]

RECORD_KEYS = NANCHANG_FORM_RECORD_KEYS | {"fed_jing"}
FED_KEYS = frozenset({"seat", "from", "tile"})

MELD_RULES = MeldRules(
    MELD_KINDS,
    kinds_of,
    ChiRule(is_chi, "three numbers in a row, three different winds, or 中发白"),
)
"""Nanchang's melds: chi (a suit sequence, three winds or 中发白), peng and the kongs."""


class HandFacts(NamedTuple):
    """A checked record, tiles as kind indices; ``lower`` is the 下精 pair when the 下翻
    settlement applies (lower indicator and every dealt hand given)."""

    options: NanchangOptions
    dealer: int
    dealer_streak: int
    jing: tuple[int, int]
    lower: tuple[int, int] | None
    hands: tuple[tuple[int, ...], ...]
    held: tuple[tuple[int, ...], ...]
    """Each seat's concealed tiles and meld tiles together (the winning tile not included)."""
    melds: tuple[tuple[Meld, ...], ...]
    gangs: tuple[tuple[Meld, ...], ...] | None
    """Each seat's kongs (None: nobody has one)."""
    ponds: tuple[tuple[int, ...], ...]
    dealt: tuple[tuple[int, ...], ...] | None
    win: WinFacts | None
    chao_zhuang: bool
    fed: tuple[FedJing, ...] = ()
    """The jing claimed from another seat's discard (the record's ``fed_jing``)."""

    def concealed(self) -> tuple[int, ...]:
        """The winner's concealed kinds with the winning tile last (empty on a draw)."""
        if self.win is None:
            return ()
        return (*self.hands[self.win.winner], self.win.tile)


def _streak(value: Any, c: Checked) -> int:
    return whole_number_field(value, "dealer_streak", 1, MAX_STREAK)


def _options(value: Any) -> NanchangOptions:
    try:
        return NanchangOptions.from_dict(value)
    except MajiangError as e:
        raise fail("options", str(e)) from None


def _indicator(value: Any, c: Checked) -> int:
    kind = one_tile_field(value, "jing_indicator", kinds_of, "one tile")
    c.scratch["jing"] = jing_kinds(value)
    return kind


def _lower(value: Any, c: Checked) -> int | None:
    if value is None:
        return None
    return one_tile_field(value, "lower_jing_indicator", kinds_of, "one tile")


def _result(value: Any, c: Checked) -> WinFacts | None:
    try:
        return win_result(value, RESULT_KEYS, _cached_win)
    except TypeError:  # an unhashable value
        raise fail(
            "result", f"expected winner and from as seats and tile as text, got {quoted(value)}"
        ) from None


def _cached_win(winner: Any, tile: Any, source: Any, flags: tuple[Any, ...]) -> WinFacts:
    if NESTED.isdisjoint(map(type, (winner, tile, source, *flags))):
        return _win(winner, tile, source, *flags)
    return _win.__wrapped__(winner, tile, source, *flags)  # a nested tuple keys no cache


@lru_cache(maxsize=4096, typed=True)
def _win(winner: Any, tile: Any, source: Any, *flags: Any) -> WinFacts:
    """The checked win (cached on its values)."""
    return check_win(winner, tile, source, flags, kinds_of, "one tile")


def _seat(p: Any, seat: int, c: Checked) -> PlayerFacts:
    win: WinFacts | None = c.values["result"]
    return _player(p, seat, None if win is None else win.winner)


def _win_flags(c: Checked) -> None:
    win: WinFacts | None = c.values["result"]
    if win is not None and any(win[3:]):  # (the flags: most wins have none)
        seats: list[PlayerFacts] = c.seats
        check_win_flags(win, c.values["dealer"], [s.melds for s in seats], [s.pond for s in seats])


def _tile_counts(c: Checked) -> None:
    total = 0  # tile counts of every kind, packed (see tile_counts.packed)
    if not c.options.indicator_back_in_wall:
        total += packed((c.values["jing_indicator"],))
        if c.values["lower_jing_indicator"] is not None:
            total += packed((c.values["lower_jing_indicator"],))
    for facts in c.seats:
        total += facts.packed
    win: WinFacts | None = c.values["result"]
    if win is not None:
        total += packed((win.tile,))
    fifth = over_four(total)
    if fifth is not None:
        _locate_fifth(c.data, c.options, fifth)


def _winning_hand(c: Checked) -> None:
    win: WinFacts | None = c.values["result"]
    if win is None:
        return
    jing = c.scratch["jing"]
    seat: PlayerFacts = c.seats[win.winner]
    concealed = counts(seat.hand, (win.tile,))
    if not is_winning(concealed, rules="nanchang", jing=jing, melds=len(seat.melds)):
        raise fail(
            "result.tile",
            f"players[{win.winner}]'s hand {c.data['players'][win.winner]['hand']} with "
            f"{KINDS[win.tile]} does not complete (jing {KINDS[jing[0]]} {KINDS[jing[1]]}, "
            f"{len(seat.melds)} meld(s))",
        )


def _dealt(c: Checked) -> None:
    dealt = [s.dealt for s in c.seats]
    all_dealt = None
    if any(x is not None for x in dealt):
        needed = c.values["lower_jing_indicator"] is not None and c.options.xia_fan
        all_dealt = _check_dealt(dealt, c.values["dealer"], needed)
    c.scratch["dealt"] = all_dealt


def _facts(c: Checked) -> HandFacts:
    v = c.values
    all_dealt = c.scratch["dealt"]
    lower = None
    if v["lower_jing_indicator"] is not None and all_dealt is not None:
        lower = jing_kinds(c.data["lower_jing_indicator"])
    seats: list[PlayerFacts] = c.seats
    hands, held, melds, gangs, ponds = zip(
        *[(s.hand, s.held, s.melds, s.gangs, s.pond) for s in seats], strict=True
    )
    return HandFacts(
        c.options,
        v["dealer"],
        v["dealer_streak"],
        c.scratch["jing"],
        lower,
        hands,
        held,
        melds,
        gangs if any(gangs) else None,
        ponds,
        all_dealt,
        v["result"],
        v["chao_zhuang"],
        v["fed_jing"],
    )


SPEC: RecordSpec[HandFacts] = RecordSpec(
    variant="nanchang",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=RESULT_KEYS,
    options=_options,
    fields=(
        Field("dealer", lambda value, c: seat_field(value, "dealer")),
        Field("dealer_streak", _streak, 1),
        Field("jing_indicator", _indicator),
        Field("lower_jing_indicator", _lower),
        Field("chao_zhuang", lambda value, c: flag_field(value, "chao_zhuang"), False),
        Field("players", players_check),
        Field("result", _result),
    ),
    player=_seat,
    after=(Field("fed_jing", lambda value, c: _fed_jing(value, c), ()),),
    checks=(_win_flags, _tile_counts, _winning_hand, _dealt),
    finish=_facts,
    melds=MELD_RULES,
)
"""The Nanchang record: its fields and their checks, in order (see the module docstring).
The result is read before the seats (a seat's hand size depends on whether it won)."""


def check_record(data: Any) -> HandFacts:
    """The facts of a record in JSON form; RecordError naming the field if it cannot have
    happened (see the module docstring for every check).

    Example:
        >>> check_record({"variant": "nanchang", "dealer": 0, "jing_indicator": "1z",
        ...               "players": []})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 0
    """
    return record_check.check_record(data, SPEC)


_Problem = FieldProblem


class FedJing(NamedTuple):
    """A jing ``seat`` claimed from ``source``'s discard (into a chi, peng or exposed kong)."""

    seat: int
    source: int
    tile: int


def _fed_jing(value: Any, c: Checked) -> tuple[FedJing, ...]:
    """The record's ``fed_jing``: each entry a jing kind claimed by ``seat`` from ``from``'s
    discard; every entry needs a claimed meld of its own (one claimed tile a meld: a chi,
    peng or kong from that seat holding the tile)."""
    if value == ():
        return ()
    out: list[FedJing] = []
    jing = c.scratch["jing"]
    for i, entry in enumerate(list_field(value, "fed_jing", "claimed jing")):
        path = ("fed_jing", i)
        e = object_field(entry, path, FED_KEYS)
        for key in ("seat", "from", "tile"):
            if key not in e:
                raise fail((*path, key), "missing")
        seat = seat_field(e["seat"], (*path, "seat"))
        source = seat_field(e["from"], (*path, "from"))
        tile = one_tile_field(e["tile"], (*path, "tile"), kinds_of)
        if tile not in jing:
            raise fail((*path, "tile"), f"{KINDS[tile]} is no jing")
        out.append(FedJing(seat, source, tile))
    if not _fed_melds(out, c.seats, 0, set()):
        raise fail(
            "fed_jing",
            "more claimed jing than claimed melds to hold them (one claimed tile a meld: a chi, "
            "peng or kong from that seat holding the tile)",
        )
    return tuple(out)


def _fed_melds(
    entries: list[FedJing], seats: list[Any], i: int, taken: set[tuple[int, int]]
) -> bool:
    """Whether entries[i:] can each be given a different claimed meld (at most 4 a seat)."""
    if i == len(entries):
        return True
    fed = entries[i]
    for k, m in enumerate(seats[fed.seat].melds):
        if (
            (fed.seat, k) not in taken
            and m.kind != "an_gang"
            and m.source == fed.source
            and fed.tile in m.kinds
            and _fed_melds(entries, seats, i + 1, taken | {(fed.seat, k)})
        ):
            return True
    return False


class PlayerFacts(NamedTuple):
    """One checked seat: concealed kinds, those and the meld tiles together, melds, kongs,
    pond and dealt tiles."""

    hand: tuple[int, ...]
    held: tuple[int, ...]
    melds: tuple[Meld, ...]
    gangs: tuple[Meld, ...]
    pond: tuple[int, ...]
    dealt: tuple[int, ...] | None
    packed: int
    """The counts of the held and pond tiles, packed (see tile_counts.packed)."""


def _player(p: Any, seat: int, winner: int | None) -> PlayerFacts:
    if type(p) is not dict or not p.keys() <= PLAYER_KEYS:
        object_field(p, f"players[{seat}]", PLAYER_KEYS)
    raw_melds = p.get("melds")
    meld_values: tuple[tuple[Any, Any, Any, type], ...] = ()
    nested = False  # a tuple among the values (hashing a deeply nested one would crash)
    if raw_melds:
        raw = list_field(raw_melds, f"players[{seat}].melds", "melds")
        for i, m in enumerate(raw):
            if type(m) is not dict or not m.keys() <= MELD_KEYS:
                object_field(m, f"players[{seat}].melds[{i}]", MELD_KEYS)
        # the type of "from" is part of the cache key: true must not pass for 1
        meld_values = tuple(
            (m.get("kind"), m.get("tiles"), m.get("from"), type(m.get("from"))) for m in raw
        )
        nested = any(
            type(k) in NESTED or type(t) in NESTED or f in NESTED for k, t, _, f in meld_values
        )
    hand, pond, dealt = p.get("hand"), p.get("discards", ""), p.get("dealt")
    args = (seat, hand, pond, dealt, meld_values)
    try:
        if nested or type(hand) in NESTED or type(pond) in NESTED or type(dealt) in NESTED:
            return _check_player(*args, winner == seat)  # a nested tuple keys no cache
        try:
            return _cached_player(*args, winner == seat)
        except TypeError:  # an unhashable value: check it without the cache
            return _check_player(*args, winner == seat)
    except _Problem as e:
        raise fail(f"players[{seat}].{e.field}", e.message) from None


def _check_player(
    seat: int,
    hand_text: Any,
    pond_text: Any,
    dealt_text: Any,
    meld_values: tuple[tuple[Any, Any, Any, type], ...],
    is_winner: bool,
) -> PlayerFacts:
    """A seat's facts; raises _Problem naming the field below ``players[seat]``."""
    melds: list[Meld] = []
    for i, (kind, text, source, _) in enumerate(meld_values):
        values = (kind, text, source)
        try:
            if not scalars(values):  # a nested value keys no cache
                melds.append(_meld.__wrapped__(*values, seat))
                continue
            try:
                melds.append(_meld(*values, seat))
            except TypeError:
                melds.append(_meld.__wrapped__(*values, seat))
        except _Problem as e:
            raise _Problem(f"melds[{i}].{e.field}", e.message) from None
        except TypeError:
            raise _Problem(
                f"melds[{i}]", f"expected kind, tiles as text and from, got {quoted(values)}"
            ) from None
    hand = _text_tiles(hand_text, "hand")
    room = 13 - 3 * len(melds)
    if len(hand) != room:
        whose = "without the winning tile" if is_winner else "concealed"
        raise _Problem(
            "hand", f"{len(hand)} tiles {whose}, but {len(melds)} meld(s) leave room for {room}"
        )
    pond = _text_tiles(pond_text, "discards")
    dealt = None if dealt_text is None else _text_tiles(dealt_text, "dealt")
    held = hand
    for m in melds:
        held += m.kinds
    gangs = tuple(m for m in melds if m.kind in GANG_KINDS)
    return PlayerFacts(hand, held, tuple(melds), gangs, pond, dealt, packed(held + pond))


_cached_player = lru_cache(maxsize=4096, typed=True)(_check_player)


def _text_tiles(value: Any, field: str) -> tuple[int, ...]:
    if type(value) is not str:
        raise _Problem(field, f"expected tiles as text, got {quoted(value)}")
    try:
        return kinds_of(value)
    except MajiangError as e:
        raise _Problem(field, str(e)) from None


@lru_cache(maxsize=4096, typed=True)
def _meld(kind: Any, text: Any, source: Any, seat: int) -> Meld:
    """The checked meld (cached: a meld's validity depends on these four values only)."""
    return check_meld(kind, text, source, seat, MELD_RULES)


def _locate_fifth(d: Mapping[str, Any], options: NanchangOptions, kind: int) -> None:
    """Raises the error naming the first field where a fifth ``kind`` appears."""
    fields: list[tuple[str | Loc, str]] = []
    if not options.indicator_back_in_wall:
        fields.append(("jing_indicator", d["jing_indicator"]))
        if d.get("lower_jing_indicator") is not None:
            fields.append(("lower_jing_indicator", d["lower_jing_indicator"]))
    for seat, p in enumerate(d["players"]):
        path = ("players", seat)
        fields += [((*path, "melds", i), m["tiles"]) for i, m in enumerate(p.get("melds") or ())]
        fields += [((*path, "hand"), p["hand"]), ((*path, "discards"), p.get("discards", ""))]
    result = d["result"]
    if result.get("kind") == "win":
        fields.append(("result.tile", result["tile"]))
    seen = 0
    for where, text in fields:
        seen += kinds_of(text).count(kind)
        if seen > 4:
            raise fail(where, f"a fifth {KINDS[kind]}: only four of each tile exist")


def _check_dealt(
    dealt: list[tuple[int, ...] | None], dealer: int, needed: bool
) -> tuple[tuple[int, ...], ...] | None:
    if needed and any(x is None for x in dealt):
        seat = next(s for s, x in enumerate(dealt) if x is None)
        raise fail(f"players[{seat}].dealt", "needed for 下翻 (the other players' are given)")
    seen = [0] * 34
    for seat, tiles in enumerate(dealt):
        if tiles is None:
            continue
        want = 14 if seat == dealer else 13
        if len(tiles) != want:
            who = "dealer" if want == 14 else "non-dealer"
            raise fail(f"players[{seat}].dealt", f"the {who} is dealt {want}, got {len(tiles)}")
        for k in tiles:
            seen[k] += 1
            if seen[k] > 4:
                raise fail(
                    f"players[{seat}].dealt", f"a fifth {KINDS[k]}: only four of each tile exist"
                )
    if any(x is None for x in dealt):
        return None
    return tuple(x for x in dealt if x is not None)
