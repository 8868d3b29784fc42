"""The one record-check skeleton: a variant's :class:`RecordSpec` names each field and its check.

:func:`check_record` runs every variant's check the same way: the record is an object of the
spec's known fields; its ``variant`` is the spec's; the options are read; then each of the
spec's ``fields`` is checked in order (the seats of ``players`` one by one with the spec's
``player`` check), then its ``after`` fields, then its ``checks`` across fields (the special
ways of winning, the tile counts, the winning hand...). The first problem raises
:class:`~majiang.errors.RecordError` naming the field (``players[2].melds[0].from: ...``).

The shared checks a spec is built from are here too: a meld (:func:`check_meld`, by the
variant's :class:`MeldRules`), a Nanchang-form win (:func:`check_win`) and its special ways of
winning (:func:`check_win_flags`). Field checks on single values are in
:mod:`majiang.record_parts`.

Example:
    >>> from majiang.record_parts import seat_field
    >>> spec = RecordSpec(
    ...     variant="demo", record_keys=frozenset({"variant", "dealer", "players"}),
    ...     player_keys=frozenset({"hand"}), options=lambda value: None,
    ...     fields=(Field("dealer", lambda value, c: seat_field(value, "dealer")),
    ...             Field("players", players_check)),
    ...     player=lambda p, seat, c: p["hand"], finish=lambda c: c.seats)
    >>> check_record({"dealer": 1, "players": [{"hand": h} for h in "abcd"]}, spec)
    ['a', 'b', 'c', 'd']
    >>> check_record({"dealer": 4}, spec)
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: dealer: expected a seat 0-3, got 4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, NamedTuple, TypeVar

from majiang.bounds import MAX_STREAK
from majiang.errors import Loc, MajiangError, RecordError, quoted
from majiang.meld import GANG_KINDS, Meld
from majiang.record_parts import (
    MELD_KEYS,
    WIN_FLAGS,
    DrawResult,
    KindsOf,
    PlayerRecord,
    WinResult,
    check_concealed,
    check_nothing_before,
    check_qiang_gang,
    check_variant,
    fail,
    list_field,
    object_field,
    players_field,
    seat_field,
    tile_counts_field,
    tiles_field,
    whole_number_field,
)
from majiang.tiles import SEATS

__all__ = [
    "DEALER",
    "DEALER_STREAK",
    "Checked",
    "ChiRule",
    "Field",
    "FieldProblem",
    "MeldRules",
    "PlainMeld",
    "PlainSeat",
    "RecordSpec",
    "SeatFacts",
    "WinFacts",
    "check_meld",
    "check_record",
    "check_seat",
    "check_win",
    "check_win_flags",
    "checked_fields",
    "field_fail",
    "plain_seat_key",
    "players_check",
    "seat_player",
    "seat_tile_counts",
    "win_result",
]

F = TypeVar("F")
_MISSING: Any = object()


class FieldProblem(Exception):
    """A bad value found by a check that does not know the path: the caller adds where it
    was (``field`` is the path below it).

    Example:
        >>> FieldProblem("from", "expected a seat 0-3, got 4").field
        'from'
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class Checked:
    """What the check has read so far: the record, its options, each checked field's value by
    name (``values``), each seat's checked value (``seats``) and room the variant's checks may
    share (``scratch``).

    Example:
        >>> Checked({"dealer": 0}, None).values
        {}
    """

    __slots__ = ("data", "options", "scratch", "seats", "values")

    def __init__(self, data: Mapping[str, Any], options: Any) -> None:
        self.data = data
        self.options = options
        self.values: dict[str, Any] = {}
        self.seats: list[Any] = []
        self.scratch: dict[str, Any] = {}


FieldCheck = Callable[[Any, Checked], Any]
"""A field's check: its value (the default when missing) and what was read so far in, the
checked value out (RecordError naming the field when it is wrong)."""


@dataclass(frozen=True)
class Field:
    """One field of a record: its ``key``, its ``check`` and the value a missing one has.

    Example:
        >>> Field("dealer_streak", lambda value, c: value, 1).default
        1
    """

    key: str
    check: FieldCheck
    default: Any = None


@dataclass(frozen=True)
class ChiRule:
    """Which three tiles a variant's chi may be: ``fits`` (the kinds, sorted) and how its
    message describes a sequence.

    Example:
        >>> rule = ChiRule(lambda t: t[0] + 2 == t[2], "three numbers in a row")
        >>> rule.fits((3, 4, 5))
        True
    """

    fits: Callable[[tuple[int, ...]], bool]
    describes: str


@dataclass(frozen=True, eq=False)
class MeldRules:
    """A variant's melds: the ``kinds`` it has (with a ``note`` for the message), its tile
    parser and its chi (None: no chow).

    Example:
        >>> from majiang.tiles import KIND_INDEX
        >>> rules = MeldRules(("peng",), lambda text: (KIND_INDEX[text[:2]],) * 3)
        >>> rules.chi is None
        True
    """

    kinds: tuple[str, ...]
    kinds_of: KindsOf
    chi: ChiRule | None = None
    note: str = ""
    seats: int = SEATS
    """The table's seats (a chi's 上家 is the seat before; at two seats the opponent)."""


def check_meld(kind: Any, text: Any, source: Any, seat: int, rules: MeldRules) -> Meld:
    """The checked meld of ``seat`` (tiles sorted); FieldProblem naming ``kind``, ``tiles`` or
    ``from``: a kind the variant has; its tiles (a kong four of a kind, a peng three, a chi a
    sequence); ``from`` null for an an_gang, another seat for the others, the previous player
    (上家) for a chi.

    Example:
        >>> from majiang.variants.pingxiang.record import MELD_RULES
        >>> check_meld("chi", "435s", 3, 0, MELD_RULES)
        Meld(kind='chi', kinds=(20, 21, 22), source=3)
        >>> check_meld("chi", "435s", 1, 0, MELD_RULES)
        Traceback (most recent call last):
        ...
        majiang.record_check.FieldProblem: a chi takes the previous player's (上家) discard, ...
    """
    if kind not in rules.kinds:
        raise FieldProblem(
            "kind", f"expected one of {', '.join(rules.kinds)}{rules.note}, got {quoted(kind)}"
        )
    if type(text) is not str:
        raise FieldProblem("tiles", f"expected tiles as text, got {quoted(text)}")
    try:
        tiles = tuple(sorted(rules.kinds_of(text)))
    except MajiangError as e:
        raise FieldProblem("tiles", str(e)) from None
    size = 4 if kind in GANG_KINDS else 3
    if len(tiles) != size:
        raise FieldProblem("tiles", f"a {kind} has {size} tiles, got {len(tiles)}")
    if kind == "chi" and rules.chi is not None:
        if not rules.chi.fits(tiles):
            raise FieldProblem("tiles", f"{text} is no sequence ({rules.chi.describes})")
    elif tiles.count(tiles[0]) != size:
        raise FieldProblem("tiles", f"a {kind} is {size} of one kind, got {text}")
    if kind == "an_gang":
        if source is not None:
            raise FieldProblem("from", "an an_gang is concealed: it takes no tile from anyone")
        return _spelled(Meld(kind, tiles, None), text)
    if source is None:
        raise FieldProblem("from", f"a {kind} needs the seat the claimed tile came from")
    n = rules.seats
    if type(source) is not int or not 0 <= source < n:
        raise FieldProblem("from", f"expected a seat 0-{n - 1}, got {quoted(source)}")
    if source == seat:
        raise FieldProblem("from", f"a {kind} claims another player's tile, not its own")
    if kind == "chi" and source != (seat - 1) % n:
        raise FieldProblem(
            "from",
            f"a chi takes the previous player's (上家) discard, seat {(seat - 1) % n}, "
            f"not seat {source}",
        )
    return _spelled(Meld(kind, tiles, source), text)


def _spelled(meld: Meld, text: str) -> Meld:
    # The tiles as the record spelled them, as Meld(kind, text) keeps them (settlement
    # details quote them), without reading the text a second time.
    meld.__dict__["spelled"] = text
    return meld


class WinFacts(NamedTuple):
    """A checked Nanchang-form win (Nanchang's, Pingxiang's): ``source`` is the discarder
    (None: self-drawn; on 抢杠 the robbed seat).

    Example:
        >>> WinFacts(0, 21, None, False, False, False, False).source is None
        True
    """

    winner: int
    tile: int
    source: int | None
    gang_kai: bool
    qiang_gang: bool
    tian_hu: bool
    di_hu: bool


def check_win(
    winner: Any,
    tile: Any,
    source: Any,
    flags: Sequence[Any],
    kinds_of: KindsOf,
    tile_what: str,
    seats: int = SEATS,
) -> WinFacts:
    """The checked values of a Nanchang-form win at a table of ``seats``; FieldProblem
    naming ``winner``, ``tile``, ``from`` or a flag (``tile_what`` names a non-text tile in
    the message).

    Example:
        >>> from majiang.variants.pingxiang.record import kinds_of
        >>> check_win(1, "5p", 3, (False,) * 4, kinds_of, "tiles").tile
        13
        >>> check_win(1, "5p", 1, (False,) * 4, kinds_of, "tiles")
        Traceback (most recent call last):
        ...
        majiang.record_check.FieldProblem: a discard win takes another player's tile
    """
    if type(winner) is not int or not 0 <= winner < seats:
        raise FieldProblem("winner", f"expected a seat 0-{seats - 1}, got {quoted(winner)}")
    if type(tile) is not str:
        raise FieldProblem("tile", f"expected {tile_what} as text, got {quoted(tile)}")
    try:
        kinds = kinds_of(tile)
    except MajiangError as e:
        raise FieldProblem("tile", str(e)) from None
    if len(kinds) != 1:
        raise FieldProblem("tile", f"expected one tile, got {len(kinds)}")
    if source is not None:
        if type(source) is not int or not 0 <= source < seats:
            raise FieldProblem("from", f"expected a seat 0-{seats - 1}, got {quoted(source)}")
        if source == winner:
            raise FieldProblem("from", "a discard win takes another player's tile")
    for name, value in zip(WIN_FLAGS, flags, strict=True):
        if type(value) is not bool:
            raise FieldProblem(name, f"expected true or false, got {quoted(value)}")
    return WinFacts(winner, kinds[0], source, *flags)


def win_result(
    value: Any, keys: frozenset[str], check: Callable[[Any, Any, Any, tuple[Any, ...]], WinFacts]
) -> WinFacts | None:
    """A Nanchang-form ``result`` (known ``keys`` only): None for a draw (which has no other
    field), else the win that ``check`` reads from its winner, tile, from and flags (a
    FieldProblem it raises names the field below ``result``).

    Example:
        >>> from majiang.variants.pingxiang.record import RESULT_KEYS, kinds_of
        >>> def check(winner, tile, source, flags):
        ...     return check_win(winner, tile, source, flags, kinds_of, "tiles")
        >>> win_result({"kind": "draw"}, RESULT_KEYS, check) is None
        True
        >>> win_result({"kind": "win", "winner": 5}, RESULT_KEYS, check)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.winner: expected a seat 0-3, got 5
    """
    if type(value) is not dict or not value.keys() <= keys:
        object_field(value, "result", keys)
    r: Mapping[str, Any] = value
    kind = r.get("kind")
    if kind == "draw":
        if len(r) > 1:
            object_field(r, "result", frozenset({"kind"}))
        return None
    if kind != "win":
        raise fail("result.kind", f"expected 'win' or 'draw', got {quoted(kind)}")
    flags = tuple(r.get(name, False) for name in WIN_FLAGS)
    try:
        return check(r.get("winner"), r.get("tile"), r.get("from"), flags)
    except FieldProblem as e:
        raise field_fail("result", e) from None


def result_field(keys: frozenset[str], kinds_of: KindsOf) -> Field:
    """The ``result`` field of a Nanchang-form record whose tiles ``kinds_of`` reads: a draw
    (None) or a :class:`WinFacts` (:func:`win_result` with :func:`check_win`).

    Example:
        >>> from majiang.variants.pingxiang.record import RESULT_KEYS, kinds_of
        >>> f = result_field(RESULT_KEYS, kinds_of)
        >>> f.key, f.check({"kind": "win", "winner": 2, "tile": "5p"}, None).tile
        ('result', 13)
    """

    def check(winner: Any, tile: Any, source: Any, flags: tuple[Any, ...]) -> WinFacts:
        return check_win(winner, tile, source, flags, kinds_of, "tiles")

    return Field("result", lambda value, c: win_result(value, keys, check))


def result_win_flags(c: Checked) -> None:
    """The record check of a Nanchang-form win's special ways of winning
    (:func:`check_win_flags` on the checked ``result``, dealer and seats)."""
    w: WinFacts | None = c.values["result"]
    if w is not None:
        seats: list[SeatFacts] = c.seats
        check_win_flags(w, c.values["dealer"], [s.melds for s in seats], [s.pond for s in seats])


def result_tile_counts(c: Checked) -> None:
    """The record check that no tile is placed five times, the winning tile included
    (:func:`seat_tile_counts`)."""
    w: WinFacts | None = c.values["result"]
    seat_tile_counts(c.seats, None if w is None else w.tile)


def check_win_flags(
    w: WinFacts, dealer: int, melds: Sequence[Sequence[Meld]], ponds: Sequence[Sequence[int]]
) -> None:
    """Checks a Nanchang-form win's special ways of winning: at most one; 杠开 self-drawn with a
    kong among the winner's melds; 抢杠 robs a peng of the winning tile held by ``from``; 天胡
    the dealer's before any discard or meld; 地胡 a non-dealer's, without melds, on the
    dealer's discard.

    Example:
        >>> w = WinFacts(1, 21, 0, False, False, False, True)
        >>> check_win_flags(w, 0, [[], [], [], []], [(), (), (), ()])
        >>> check_win_flags(w._replace(tian_hu=True), 0, [[], [], [], []], [(), (), (), ()])
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.di_hu: cannot go with tian_hu
    """
    flags = [name for name, on in zip(WIN_FLAGS, w[3:], strict=True) if on]
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


@dataclass(frozen=True)
class RecordSpec(Generic[F]):
    """A variant's hand record: its name, the known fields of the record, of a player and of
    the result, how its options are read, its fields and their checks in the order they are
    checked (``fields``, then each seat of ``players`` by ``player``, then ``after``), the
    checks across fields (``checks``) and what the check returns (``finish``).

    Example:
        >>> from majiang.variants.nanjing.record import SPEC
        >>> SPEC.variant, [f.key for f in SPEC.after]
        ('nanjing', ['penalties', 'result'])
    """

    variant: str
    record_keys: frozenset[str]
    player_keys: frozenset[str]
    options: Callable[[Any], Any]
    fields: tuple[Field, ...]
    player: Callable[[Any, int, Checked], Any]
    finish: Callable[[Checked], F]
    result_keys: frozenset[str] = frozenset()
    after: tuple[Field, ...] = ()
    checks: tuple[Callable[[Checked], None], ...] = ()
    melds: MeldRules | None = None


def players_check(value: Any, c: Checked) -> Sequence[Any]:
    """The field check of ``players``: exactly four (each seat is checked after the fields).

    Example:
        >>> players_check([{}, {}], Checked({}, None))
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 2
    """
    if type(value) is list and len(value) == SEATS:
        return value  # the usual case, without the checks that name what is wrong
    return players_field(value)


def _dealer(value: Any, c: Checked) -> int:
    if type(value) is int and 0 <= value < SEATS:
        return value
    return seat_field(value, ("dealer",))


def _dealer_streak(value: Any, c: Checked) -> int:
    if type(value) is int and 1 <= value <= MAX_STREAK:
        return value
    return whole_number_field(value, ("dealer_streak",), 1, MAX_STREAK)


DEALER = Field("dealer", _dealer)
"""The record's ``dealer``: a seat 0-3."""
DEALER_STREAK = Field("dealer_streak", _dealer_streak, 1)
"""The record's ``dealer_streak`` (missing: 1): the hands the dealer has dealt in a row."""


def check_record(data: Any, spec: RecordSpec[F]) -> F:
    """Checks a record in JSON form by the variant's ``spec`` (see the module docstring) and
    returns what the spec's ``finish`` makes of it; RecordError naming the first field that
    cannot have happened.

    Example:
        >>> from majiang.variants.pingxiang.record import SPEC
        >>> check_record({"variant": "nanjing"}, SPEC)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: variant: expected 'pingxiang', got 'nanjing'
    """
    if type(data) is not dict or not data.keys() <= spec.record_keys:
        object_field(data, "record", spec.record_keys)
    d: Mapping[str, Any] = data
    check_variant(d, spec.variant)
    c = Checked(d, spec.options(d.get("options")))
    for f in spec.fields:
        c.values[f.key] = f.check(d.get(f.key, f.default), c)
    for seat, p in enumerate(c.values.get("players", ())):
        c.seats.append(spec.player(p, seat, c))
    for f in spec.after:
        c.values[f.key] = f.check(d.get(f.key, f.default), c)
    for check in spec.checks:
        check(c)
    return spec.finish(c)


class SeatFacts(NamedTuple):
    """One checked seat (the parts every variant's seat has): its JSON object, concealed
    kinds, melds (each a :class:`~majiang.meld.Meld`, tiles sorted) and pond.

    Example:
        >>> SeatFacts({}, (0,), (), ()).hand
        (0,)
    """

    data: Mapping[str, Any]
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    pond: tuple[int, ...]


def seat_player(s: SeatFacts) -> PlayerRecord:
    """A checked seat as the Nanchang form's player: its hand text, melds, discards (none:
    empty), dealt tiles and the hand's kinds.

    Example:
        >>> seat_player(SeatFacts({"hand": "11m"}, (0, 0), (), ())).kinds
        (0, 0)
    """
    d = s.data
    return PlayerRecord(d["hand"], s.melds, d.get("discards") or "", d.get("dealt"), s.hand)


def checked_fields(
    c: Checked,
    data: Mapping[str, Any],
    player: Callable[[SeatFacts], Any] = seat_player,
    win: Callable[..., Any] = WinResult,
    result: Any = _MISSING,
) -> dict[str, Any]:
    """The typed fields a Nanchang-form record's ``HandRecord`` takes from its check ``c`` of
    ``data`` (its JSON form): ``dealer``, ``players`` (each seat through ``player``),
    ``result`` (a ``win`` of the winner, the tile's text, the source and the flags, or a
    :class:`~majiang.record_parts.DrawResult`; a variant whose result is its own passes it
    as ``result``), ``dealer_streak``, ``options``, ``score`` (what the check put in its
    scratch) and ``checked``. A variant adds its own fields.

    Example:
        >>> from majiang.variants.hebei.record import SPEC
        >>> data = {"dealer": 0, "result": {"kind": "draw"}, "players": [
        ...     {"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
        ...     {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}]}
        >>> f = checked_fields(check_record(data, SPEC), data)
        >>> f["result"], f["players"][0].kinds[:3], f["checked"]
        (DrawResult(), (0, 1, 2), True)
    """
    if result is _MISSING:
        w: WinFacts | None = c.values["result"]
        result = DrawResult()
        if w is not None:
            result = win(w.winner, data["result"]["tile"], w.source, *w[3:])
    return {
        "dealer": c.values["dealer"],
        "players": tuple(map(player, c.seats)),
        "result": result,
        "dealer_streak": c.values["dealer_streak"],
        "options": c.options,
        "checked": True,
        "score": c.scratch.get("score"),
    }


def check_seat(raw: Any, seat: int, keys: frozenset[str], rules: MeldRules) -> SeatFacts:
    """The checked seat ``players[seat]`` (see :func:`_check_seat`); a seat of plain values
    (text tiles, melds of text and a seat or null) is checked once and remembered.

    Example:
        >>> from majiang.variants.pingxiang.record import MELD_RULES, PLAYER_KEYS
        >>> check_seat({"hand": "123456789m1234z"}, 2, PLAYER_KEYS, MELD_RULES).hand[:3]
        (0, 1, 2)
    """
    if type(raw) is dict and raw.keys() <= keys:
        key = plain_seat_key(raw)
        if key is not None:
            try:
                hand, melds, pond = _plain_seat(seat, keys, rules, *key)
            except RecordError:
                pass  # the check below raises it, naming this seat's own fields
            else:
                return SeatFacts(raw, hand, melds, pond)
    return _check_seat(raw, seat, keys, rules)


PlainMeld = tuple[str, str, int | None]
"""A meld of plain values: its kind, tiles and source as the record gives them."""
PlainSeat = tuple[str, str | None, tuple[PlainMeld, ...]]
"""A seat of plain values: its hand, discards and melds as the record gives them."""


def plain_seat_key(raw: Mapping[str, Any]) -> PlainSeat | None:
    """A seat's hand, discards and melds as a cache key, or None when any is not a plain
    value (exact types: ``True`` is no seat, and hashing a nested value could overflow). A
    variant caching its own seat check keys it by this and its own fields.

    Example:
        >>> plain_seat_key({"hand": "55m", "melds": [{"kind": "peng", "tiles": "111m",
        ...     "from": 2}]})
        ('55m', None, (('peng', '111m', 2),))
        >>> plain_seat_key({"hand": "55m", "melds": [{"kind": "peng", "tiles": "111m",
        ...     "from": True}]}) is None
        True
    """
    get = raw.get
    hand, discards, given = get("hand"), get("discards"), get("melds")
    if type(hand) is not str or not (discards is None or type(discards) is str):
        return None
    if not given:
        return hand, discards, ()
    if type(given) is not list or len(given) > 4:
        return None
    melds: list[PlainMeld] = []
    for m in given:
        if type(m) is not dict or not m.keys() <= MELD_KEYS:
            return None
        kind, text, source = m.get("kind"), m.get("tiles"), m.get("from")
        if type(kind) is not str or type(text) is not str:
            return None
        if source is not None and type(source) is not int:
            return None
        melds.append((kind, text, source))
    return hand, discards, tuple(melds)


@lru_cache(maxsize=16384)
def _plain_seat(
    seat: int,
    keys: frozenset[str],
    rules: MeldRules,
    hand: str,
    discards: str | None,
    melds: tuple[PlainMeld, ...],
) -> tuple[tuple[int, ...], tuple[Meld, ...], tuple[int, ...]]:
    raw = {
        "hand": hand,
        "discards": discards,
        "melds": [{"kind": k, "tiles": t, "from": s} for k, t, s in melds],
    }
    facts = _check_seat(raw, seat, keys, rules)
    return facts.hand, facts.melds, facts.pond


def _check_seat(raw: Any, seat: int, keys: frozenset[str], rules: MeldRules) -> SeatFacts:
    """The checked seat ``players[seat]`` (known ``keys`` only): its ``hand`` (given), at most
    four ``melds`` (each by :func:`check_meld`), a hand of 13 - 3 per meld tiles and the
    ``discards`` (null or missing: none).

    Example:
        >>> from majiang.variants.pingxiang.record import MELD_RULES, PLAYER_KEYS
        >>> check_seat({"hand": "123m"}, 2, PLAYER_KEYS, MELD_RULES)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[2].hand: 3 tiles concealed, but 0 meld(s) leave ...
    """
    path = ("players", seat)
    # The usual case first (a plain object of known fields, text tiles), the shared field
    # checks for the rest: they raise the message naming the field.
    p = raw if type(raw) is dict and raw.keys() <= keys else object_field(raw, path, keys)
    if "hand" not in p:
        raise fail((*path, "hand"), "missing")
    melds: list[Meld] = []
    given = p.get("melds")
    if given:
        if type(given) is not list:
            given = list_field(given, (*path, "melds"), "melds")
        for i, m in enumerate(given):
            if type(m) is not dict or not m.keys() <= MELD_KEYS:
                m = object_field(m, (*path, "melds", i), MELD_KEYS)
            try:
                melds.append(check_meld(m.get("kind"), m.get("tiles"), m.get("from"), seat, rules))
            except FieldProblem as e:
                raise field_fail((*path, "melds", i), e) from None
        if len(melds) > 4:
            raise fail((*path, "melds"), f"at most four melds, got {len(melds)}")
    hand = _tiles(p["hand"], (*path, "hand"), rules.kinds_of)
    if len(hand) != 13 - 3 * len(melds):
        check_concealed(hand, len(melds), (*path, "hand"))
    pond = _tiles(p.get("discards") or "", (*path, "discards"), rules.kinds_of)
    return SeatFacts(p, hand, tuple(melds), pond)


def _tiles(value: Any, loc: Loc, kinds_of: KindsOf) -> tuple[int, ...]:
    if type(value) is str:
        try:
            return kinds_of(value)
        except MajiangError:
            pass  # the field check below names the field
    return tiles_field(value, loc, kinds_of)


def seat_tile_counts(seats: Sequence[SeatFacts], tile: int | None) -> None:
    """Checks that no kind has more than four copies across the seats' melds, hands and
    ponds and the winning ``tile`` (None: a draw), naming the field where a fifth appears.

    Example:
        >>> seat = SeatFacts({}, (0, 0, 0), (), (0,))
        >>> seat_tile_counts([seat, SeatFacts({}, (), (), ())], 0)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.tile: a fifth 1m: only four of each tile exist
    """
    fields: list[tuple[Loc, tuple[int, ...]]] = []
    for seat, facts in enumerate(seats):
        fields += [(("players", seat, "melds", i), m.kinds) for i, m in enumerate(facts.melds)]
        fields += [(("players", seat, "hand"), facts.hand)]
        fields += [(("players", seat, "discards"), facts.pond)]
    if tile is not None:
        fields.append((("result", "tile"), (tile,)))
    tile_counts_field(fields)


def field_fail(prefix: str | Loc, problem: FieldProblem) -> RecordError:
    """The RecordError of a FieldProblem found below ``prefix``.

    Example:
        >>> field_fail("result", FieldProblem("from", "bad"))
        RecordError('result.from: bad')
        >>> field_fail(("players", 0, "melds", 1), FieldProblem("tiles", "bad")).loc
        ('players', 0, 'melds', 1, 'tiles')
    """
    if isinstance(prefix, tuple):
        return fail((*prefix, problem.field), problem.message)
    return fail(f"{prefix}.{problem.field}", problem.message)
