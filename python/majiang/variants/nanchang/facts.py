"""Checking a Nanchang hand record, and the checked facts the settlement reads.

:func:`check_record` takes the record's JSON form and returns :class:`HandFacts` (tiles as kind
indices) or raises :class:`~majiang.errors.RecordError` whose message starts with the field's
path (``players[2].melds[0]: ...``). It is the one place a record is validated:

- shape: the known fields only, seats 0-3, ``dealer_streak`` ≥ 1, tiles as text, flags as
  true/false, exactly four players, known options with fitting values;
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

from majiang._core import is_winning
from majiang.errors import MajiangError, quoted
from majiang.record_parts import (
    MELD_KEYS,
    SEATS,
    check_nothing_before,
    check_qiang_gang,
    check_variant,
    fail,
    flag_field,
    list_field,
    object_field,
    players_field,
    seat_field,
    whole_number_field,
)
from majiang.record_parts import NANCHANG_FORM_PLAYER_KEYS as PLAYER_KEYS
from majiang.record_parts import NANCHANG_FORM_RECORD_KEYS as RECORD_KEYS
from majiang.record_parts import NANCHANG_FORM_RESULT_KEYS as RESULT_KEYS
from majiang.record_parts import WIN_FLAGS as FLAGS
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

__all__ = ["HandFacts", "MeldFacts", "WinFacts", "check_record"]

MELD_KINDS: tuple[str, ...] = ("chi", "peng", "ming_gang", "an_gang", "bu_gang")
GANG_KINDS: frozenset[str] = frozenset({"ming_gang", "an_gang", "bu_gang"})


class MeldFacts(NamedTuple):
    """A checked meld: its kind name, tiles as kinds, and the seat the claimed tile came from."""

    kind: str
    tiles: tuple[int, ...]
    source: int | None

    @property
    def is_gang(self) -> bool:
        """Whether the meld is a kong."""
        return self.kind in GANG_KINDS


class WinFacts(NamedTuple):
    """A checked win: ``source`` is the discarder (None: self-drawn)."""

    winner: int
    tile: int
    source: int | None
    gang_kai: bool
    qiang_gang: bool
    tian_hu: bool
    di_hu: bool


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
    melds: tuple[tuple[MeldFacts, ...], ...]
    gangs: tuple[tuple[MeldFacts, ...], ...] | None
    """Each seat's kongs (None: nobody has one)."""
    ponds: tuple[tuple[int, ...], ...]
    dealt: tuple[tuple[int, ...], ...] | None
    win: WinFacts | None
    chao_zhuang: bool

    def concealed(self) -> tuple[int, ...]:
        """The winner's concealed kinds with the winning tile last (empty on a draw)."""
        if self.win is None:
            return ()
        return (*self.hands[self.win.winner], self.win.tile)


def _one_tile(value: Any, path: str) -> int:
    if type(value) is not str:
        raise fail(path, f"expected one tile as text, got {quoted(value)}")
    try:
        tiles = kinds_of(value)
    except MajiangError as e:
        raise fail(path, str(e)) from None
    if len(tiles) != 1:
        raise fail(path, f"expected one tile, got {len(tiles)}")
    return tiles[0]


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
    if type(data) is not dict or not data.keys() <= RECORD_KEYS:
        object_field(data, "record", RECORD_KEYS)
    d: Mapping[str, Any] = data
    check_variant(d, "nanchang")
    try:
        options = NanchangOptions.from_dict(d.get("options"))
    except MajiangError as e:
        raise fail("options", str(e)) from None
    dealer = seat_field(d.get("dealer"), "dealer")
    streak = whole_number_field(d.get("dealer_streak", 1), "dealer_streak", 1)
    indicator = d.get("jing_indicator")
    indicator_kind = _one_tile(indicator, "jing_indicator")
    jing = jing_kinds(indicator)
    lower_text = d.get("lower_jing_indicator")
    lower_kind = None if lower_text is None else _one_tile(lower_text, "lower_jing_indicator")
    chao_zhuang = flag_field(d.get("chao_zhuang", False), "chao_zhuang")
    players = players_field(d.get("players"))
    win = _result(d.get("result"))

    total = 0  # tile counts of every kind, packed (see tile_counts.packed)
    if not options.indicator_back_in_wall:
        total += packed((indicator_kind,))
        if lower_kind is not None:
            total += packed((lower_kind,))
    hands: list[tuple[int, ...]] = []
    held: list[tuple[int, ...]] = []
    melds: list[tuple[MeldFacts, ...]] = []
    gangs: list[tuple[MeldFacts, ...]] = []
    ponds: list[tuple[int, ...]] = []
    dealt: list[tuple[int, ...] | None] = []
    winner = None if win is None else win.winner
    for seat, p in enumerate(players):
        facts = _player(p, seat, winner)
        total += facts.packed
        hands.append(facts.hand)
        held.append(facts.held)
        melds.append(facts.melds)
        gangs.append(facts.gangs)
        ponds.append(facts.pond)
        dealt.append(facts.dealt)
    if win is not None:
        _check_win(win, dealer, melds, ponds)
        total += packed((win.tile,))
    fifth = over_four(total)
    if fifth is not None:
        _locate_fifth(d, options, fifth)
    if win is not None:
        concealed = counts(hands[win.winner], (win.tile,))
        if not is_winning(concealed, rules="nanchang", jing=jing, melds=len(melds[win.winner])):
            raise fail(
                "result.tile",
                f"players[{win.winner}]'s hand {players[win.winner]['hand']} with "
                f"{KINDS[win.tile]} does not complete (jing {KINDS[jing[0]]} {KINDS[jing[1]]}, "
                f"{len(melds[win.winner])} meld(s))",
            )
    all_dealt = None
    if any(x is not None for x in dealt):
        all_dealt = _check_dealt(dealt, dealer, lower_kind is not None and options.xia_fan)
    lower = None
    if lower_kind is not None and all_dealt is not None:
        lower = jing_kinds(lower_text)
    return HandFacts(
        options,
        dealer,
        streak,
        jing,
        lower,
        tuple(hands),
        tuple(held),
        tuple(melds),
        tuple(gangs) if any(gangs) else None,
        tuple(ponds),
        all_dealt,
        win,
        chao_zhuang,
    )


class _Problem(Exception):
    """A bad value found by a cached check; the caller adds where it was."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class PlayerFacts(NamedTuple):
    """One checked seat: concealed kinds, those and the meld tiles together, melds, kongs,
    pond and dealt tiles."""

    hand: tuple[int, ...]
    held: tuple[int, ...]
    melds: tuple[MeldFacts, ...]
    gangs: tuple[MeldFacts, ...]
    pond: tuple[int, ...]
    dealt: tuple[int, ...] | None
    packed: int
    """The counts of the held and pond tiles, packed (see tile_counts.packed)."""


def _player(p: Any, seat: int, winner: int | None) -> PlayerFacts:
    if type(p) is not dict or not p.keys() <= PLAYER_KEYS:
        object_field(p, f"players[{seat}]", PLAYER_KEYS)
    raw_melds = p.get("melds")
    meld_values: tuple[tuple[Any, Any, Any, type], ...] = ()
    if raw_melds:
        raw = list_field(raw_melds, f"players[{seat}].melds", "melds")
        for i, m in enumerate(raw):
            if type(m) is not dict or not m.keys() <= MELD_KEYS:
                object_field(m, f"players[{seat}].melds[{i}]", MELD_KEYS)
        # the type of "from" is part of the cache key: true must not pass for 1
        meld_values = tuple(
            (m.get("kind"), m.get("tiles"), m.get("from"), type(m.get("from"))) for m in raw
        )
    args = (seat, p.get("hand"), p.get("discards", ""), p.get("dealt"), meld_values)
    try:
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
    melds: list[MeldFacts] = []
    for i, (kind, text, source, _) in enumerate(meld_values):
        values = (kind, text, source)
        try:
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
        held += m.tiles
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
def _meld(kind: Any, text: Any, source: Any, seat: int) -> MeldFacts:
    """The checked meld (cached: a meld's validity depends on these four values only)."""
    if kind not in MELD_KINDS:
        raise _Problem("kind", f"expected one of {', '.join(MELD_KINDS)}, got {quoted(kind)}")
    if type(text) is not str:
        raise _Problem("tiles", f"expected tiles as text, got {quoted(text)}")
    try:
        tiles = kinds_of(text)
    except MajiangError as e:
        raise _Problem("tiles", str(e)) from None
    size = 4 if kind in GANG_KINDS else 3
    if len(tiles) != size:
        raise _Problem("tiles", f"a {kind} has {size} tiles, got {len(tiles)}")
    if kind == "chi":
        if not is_chi(tiles):
            raise _Problem(
                "tiles",
                f"{text} is no sequence (three numbers in a row, three different winds, or 中发白)",
            )
    elif tiles.count(tiles[0]) != size:
        raise _Problem("tiles", f"a {kind} is {size} of one kind, got {text}")
    if kind == "an_gang":
        if source is not None:
            raise _Problem("from", "an an_gang is concealed: it takes no tile from anyone")
        return MeldFacts(kind, tiles, None)
    if source is None:
        raise _Problem("from", f"a {kind} needs the seat the claimed tile came from")
    if type(source) is not int or not 0 <= source < SEATS:
        raise _Problem("from", f"expected a seat 0-3, got {quoted(source)}")
    if source == seat:
        raise _Problem("from", f"a {kind} claims another player's tile, not its own")
    if kind == "chi" and source != (seat + 3) % SEATS:
        raise _Problem(
            "from",
            f"a chi takes the previous player's (上家) discard, seat {(seat + 3) % SEATS}, "
            f"not seat {source}",
        )
    return MeldFacts(kind, tiles, source)


def _result(r: Any) -> WinFacts | None:
    if type(r) is not dict or not r.keys() <= RESULT_KEYS:
        object_field(r, "result", RESULT_KEYS)
    kind = r.get("kind")
    if kind == "draw":
        if len(r) > 1:
            object_field(r, "result", frozenset({"kind"}))
        return None
    if kind != "win":
        raise fail("result.kind", f"expected 'win' or 'draw', got {quoted(kind)}")
    values = (r.get("winner"), r.get("tile"), r.get("from"))
    flags = tuple(r.get(name, False) for name in FLAGS)
    try:
        return _win(*values, *flags)
    except _Problem as e:
        raise fail(f"result.{e.field}", e.message) from None
    except TypeError:  # an unhashable value
        raise fail(
            "result", f"expected winner and from as seats and tile as text, got {quoted(r)}"
        ) from None


@lru_cache(maxsize=4096, typed=True)
def _win(winner: Any, tile: Any, source: Any, *flags: Any) -> WinFacts:
    """The checked win (cached on its values)."""
    if type(winner) is not int or not 0 <= winner < SEATS:
        raise _Problem("winner", f"expected a seat 0-3, got {quoted(winner)}")
    if type(tile) is not str:
        raise _Problem("tile", f"expected one tile as text, got {quoted(tile)}")
    try:
        kinds = kinds_of(tile)
    except MajiangError as e:
        raise _Problem("tile", str(e)) from None
    if len(kinds) != 1:
        raise _Problem("tile", f"expected one tile, got {len(kinds)}")
    if source is not None:
        if type(source) is not int or not 0 <= source < SEATS:
            raise _Problem("from", f"expected a seat 0-3, got {quoted(source)}")
        if source == winner:
            raise _Problem("from", "a discard win takes another player's tile")
    for name, value in zip(FLAGS, flags, strict=True):
        if type(value) is not bool:
            raise _Problem(name, f"expected true or false, got {quoted(value)}")
    return WinFacts(winner, kinds[0], source, *flags)


def _check_win(
    w: WinFacts,
    dealer: int,
    melds: list[tuple[MeldFacts, ...]],
    ponds: list[tuple[int, ...]],
) -> None:
    flags = [name for name, on in zip(FLAGS, w[3:], strict=True) if on]
    if not flags:
        return
    if len(flags) > 1:
        raise fail(f"result.{flags[1]}", f"cannot go with {flags[0]}")
    if w.gang_kai:
        if w.source is not None:
            raise fail("result.gang_kai", "杠开 is self-drawn (from must be null)")
        if not any(m.is_gang for m in melds[w.winner]):
            raise fail("result.gang_kai", "杠开 needs a kong among the winner's melds")
    if w.qiang_gang:
        check_qiang_gang(w.source, w.tile, melds)
    if w.tian_hu:
        if w.winner != dealer or w.source is not None:
            raise fail("result.tian_hu", "天胡 is the dealer's own 14 dealt tiles")
        check_nothing_before(melds, ponds)
    if w.di_hu:
        if w.winner == dealer or w.source != dealer:
            raise fail("result.di_hu", "地胡 is a non-dealer winning on the dealer's discard")
        if melds[w.winner]:
            raise fail("result.di_hu", "地胡 is won on the dealt 13 tiles (no melds)")


def _locate_fifth(d: Mapping[str, Any], options: NanchangOptions, kind: int) -> None:
    """Raises the error naming the first field where a fifth ``kind`` appears."""
    fields: list[tuple[str, str]] = []
    if not options.indicator_back_in_wall:
        fields.append(("jing_indicator", d["jing_indicator"]))
        if d.get("lower_jing_indicator") is not None:
            fields.append(("lower_jing_indicator", d["lower_jing_indicator"]))
    for seat, p in enumerate(d["players"]):
        path = f"players[{seat}]"
        fields += [(f"{path}.melds[{i}]", m["tiles"]) for i, m in enumerate(p.get("melds") or ())]
        fields += [(f"{path}.hand", p["hand"]), (f"{path}.discards", p.get("discards", ""))]
    result = d["result"]
    if result.get("kind") == "win":
        fields.append(("result.tile", result["tile"]))
    seen = 0
    for path, text in fields:
        seen += kinds_of(text).count(kind)
        if seen > 4:
            raise fail(path, f"a fifth {KINDS[kind]}: only four of each tile exist")


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
