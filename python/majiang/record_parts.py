"""The parts the variants' hand records share: the ``PlayerRecord`` (Nanchang form),
``WinResult`` and ``DrawResult`` record classes (melds are :class:`majiang.meld.Meld`),
the field checks that raise :class:`~majiang.errors.RecordError` naming the field, and the
option-overrides helpers.

Each variant's record check (a :class:`majiang.record_check.RecordSpec`, run by the shared
skeleton) is built from these checks and keeps its own rules (which melds exist, which tiles a
hand may hold, the ways of winning). Every check takes the field's path and raises
``RecordError("<path>: <what is wrong>")``:

Example:
    >>> from majiang.record_parts import DrawResult, seat_field, tile_counts_field
    >>> DrawResult().to_dict()
    {'kind': 'draw'}
    >>> seat_field(2, "dealer")
    2
    >>> seat_field(4, "dealer")
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: dealer: expected a seat 0-3, got 4
    >>> tile_counts_field([("players[0].hand", (0, 0, 0)), ("players[1].hand", (0, 0))])
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: players[1].hand: a fifth 1m: only four of each tile exist
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

from majiang.bounds import range_text
from majiang.errors import Loc, MajiangError, RecordError, loc_text, quoted
from majiang.meld import Meld
from majiang.tiles import KINDS, NUM_KINDS, SEATS

__all__ = [
    "MELD_KEYS",
    "NANCHANG_FORM_PLAYER_KEYS",
    "NANCHANG_FORM_RECORD_KEYS",
    "NANCHANG_FORM_RESULT_KEYS",
    "NESTED",
    "SCALARS",
    "SEATS",
    "WIN_FLAGS",
    "DrawResult",
    "KindsOf",
    "Meld",
    "PlayerRecord",
    "WinResult",
    "cached_options",
    "check_concealed",
    "check_nothing_before",
    "check_qiang_gang",
    "check_variant",
    "choice_field",
    "discard_source",
    "fail",
    "flag_field",
    "list_field",
    "object_field",
    "one_tile_field",
    "option_overrides",
    "option_values",
    "parse_loc",
    "players_field",
    "result_kind",
    "scalars",
    "seat_field",
    "text_field",
    "tile_counts_field",
    "tiles_field",
    "whole_number_field",
]

MELD_KEYS = frozenset({"kind", "tiles", "from"})
"""The fields of a meld's JSON form."""
KindsOf = Callable[[str], tuple[int, ...]]
"""A variant's tile-text parser: text to kind indices (raising on tiles it does not play)."""

NANCHANG_FORM_RECORD_KEYS = frozenset(
    {
        "variant",
        "options",
        "dealer",
        "dealer_streak",
        "jing_indicator",
        "lower_jing_indicator",
        "players",
        "result",
        "chao_zhuang",
    }
)
"""The fields of a Nanchang-form record (Nanchang's, and Pingxiang's, which ignores the jing)."""
NANCHANG_FORM_PLAYER_KEYS = frozenset({"hand", "melds", "discards", "dealt"})
"""The fields of a player in a Nanchang-form record."""
NANCHANG_FORM_RESULT_KEYS = frozenset(
    {"kind", "winner", "tile", "from", "gang_kai", "qiang_gang", "tian_hu", "di_hu"}
)
"""The fields of a result in a Nanchang-form record."""
WIN_FLAGS: tuple[str, ...] = ("gang_kai", "qiang_gang", "tian_hu", "di_hu")
"""The special ways of winning a :class:`WinResult` flags (at most one is on)."""

T = TypeVar("T")


@dataclass(frozen=True)
class PlayerRecord:
    """One seat at the end of a Nanchang-form hand (Nanchang's and Pingxiang's): concealed
    ``hand`` (the winner's without the winning tile), declared ``melds``, ``discards`` left in
    the pond and, optionally, the ``dealt`` tiles (for 下翻). Which values a record may hold
    is the variant's record check's to say (Nanchang refuses ``"discards": null``, Pingxiang
    reads it as no discards).

    Example:
        >>> PlayerRecord("123m").melds
        ()
        >>> PlayerRecord.from_dict({"hand": "123m", "discards": None}).discards
        ''
    """

    hand: str
    melds: tuple[Meld, ...] = ()
    discards: str = ""
    dealt: str | None = None
    kinds: tuple[int, ...] | None = field(default=None, repr=False, compare=False)
    """The kinds of ``hand`` when known (read by the record check, or the engine's own), so
    that settling does not read the text again; None: read ``hand``."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerRecord:
        """A player from ``{"hand", "melds", "discards", "dealt"}`` (missing ones default;
        checked as part of a HandRecord).

        Example:
            >>> PlayerRecord.from_dict({"hand": "123m", "melds": []}).discards
            ''
        """
        melds = tuple(Meld.from_dict(m) for m in data.get("melds") or ())
        return cls(data["hand"], melds, data.get("discards") or "", data.get("dealt"))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``dealt`` only when given).

        Example:
            >>> PlayerRecord("123m", discards="9p").to_dict()
            {'hand': '123m', 'melds': [], 'discards': '9p'}
        """
        out: dict[str, Any] = {
            "hand": self.hand,
            "melds": [m.to_dict() for m in self.melds],
            "discards": self.discards,
        }
        if self.dealt is not None:
            out["dealt"] = self.dealt
        return out


@dataclass(frozen=True)
class DrawResult:
    """Nobody won: the wall was drawn out (荒庄 / 黄牌; in Nanjing 荒庄 / 和局).

    Example:
        >>> DrawResult().to_dict()
        {'kind': 'draw'}
    """

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form.

        Example:
            >>> DrawResult().to_dict()["kind"]
            'draw'
        """
        return {"kind": "draw"}


_Win = TypeVar("_Win", bound="WinResult")


@dataclass(frozen=True)
class WinResult:
    """The hand was won by one player (the Nanchang-form result, also Pingxiang's; Nanjing has
    its own with several winners): ``winner`` took ``tile`` from ``source`` (JSON ``"from"``;
    None: self-drawn), with the special ways of winning flagged.

    Example:
        >>> WinResult(1, "5p", 3).self_drawn
        False
    """

    winner: int
    tile: str
    source: int | None = None
    gang_kai: bool = False
    qiang_gang: bool = False
    tian_hu: bool = False
    di_hu: bool = False

    FLAGS: ClassVar[tuple[str, ...]] = WIN_FLAGS
    """The flags of the JSON form, in order (a variant's subclass adds its own)."""

    @property
    def self_drawn(self) -> bool:
        """Whether the winner drew the winning tile (杠开 included, 抢杠 not).

        Example:
            >>> WinResult(0, "4s").self_drawn
            True
        """
        return self.source is None

    @classmethod
    def from_dict(cls: type[_Win], data: Mapping[str, Any]) -> _Win:
        """A win from its JSON form (checked as part of a HandRecord; flags default to false).

        Example:
            >>> WinResult.from_dict({"kind": "win", "winner": 2, "tile": "7z", "from": 0})
            WinResult(winner=2, tile='7z', source=0, gang_kai=False, qiang_gang=False, ...)
        """
        flags = {name: data.get(name, False) for name in cls.FLAGS}
        return cls(data["winner"], data["tile"], data.get("from"), **flags)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form.

        Example:
            >>> WinResult(2, "7z", 0, di_hu=True).to_dict()["di_hu"]
            True
        """
        out: dict[str, Any] = {
            "kind": "win",
            "winner": self.winner,
            "tile": self.tile,
            "from": self.source,
        }
        out.update((name, getattr(self, name)) for name in self.FLAGS)
        return out


SCALARS = (str, int, bool, float, type(None))
"""The types of JSON's scalars: values a check may key a cache on."""
NESTED = frozenset({tuple, frozenset})
"""The hashable containers: hashing a deeply nested one overflows CPython's C stack (a
crash, not an exception), so a value of these types keys no cache."""


def scalars(values: Iterable[Any]) -> bool:
    """Whether every one of ``values`` is a JSON scalar, so that the tuple of them can key a
    cache: hashing a deeply nested tuple (a value only a Python caller can pass) overflows
    CPython's C stack, a crash rather than an exception.

    Example:
        >>> scalars(("peng", "555m", 2)), scalars(("peng", ("555m",), 2))
        (True, False)
    """
    return all(type(v) in SCALARS for v in values)


_PATH_PART = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def parse_loc(path: str) -> Loc:
    """The location a text path names (``players[2].hand``; ``record``: the record itself),
    for checks that write their field's path as text.

    Example:
        >>> parse_loc("players[2].melds[0].from"), parse_loc("record")
        (('players', 2, 'melds', 0, 'from'), ())
    """
    if path == "record":
        return ()
    return tuple(int(index) if index else key for index, key in _PATH_PART.findall(path))


def fail(path: str | Loc, message: str) -> RecordError:
    """The RecordError for the field at ``path`` (a location, or its text form).

    Example:
        >>> fail("players[1].hand", "missing")
        RecordError('players[1].hand: missing')
        >>> fail(("players", 1, "hand"), "missing").loc
        ('players', 1, 'hand')
    """
    if isinstance(path, tuple):
        return RecordError.at(path, message)
    return RecordError.at(parse_loc(path), message, path)


def object_field(data: Any, path: str | Loc, allowed: frozenset[str]) -> Mapping[str, Any]:
    """``data`` if it is an object with only ``allowed`` fields (``path`` "record" or ``()``:
    the record itself, whose fields are named without a prefix).

    Example:
        >>> object_field({"kind": "draw"}, "result", frozenset({"kind"}))
        {'kind': 'draw'}
        >>> object_field({"kind": "draw", "x": 1}, "result", frozenset({"kind"}))
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.x: unknown field (known: kind)
        >>> object_field([], "record", frozenset())
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: record: expected an object, got list
    """
    if not isinstance(data, Mapping):
        raise fail(path, f"expected an object, got {type(data).__name__}")
    unknown = sorted(data.keys() - allowed, key=str)
    if unknown:
        prefix = loc_text(path) if isinstance(path, tuple) else path
        loc = (path if isinstance(path, tuple) else parse_loc(path)) + (unknown[0],)
        text = str(unknown[0])
        where = f"{prefix}.{text}" if prefix != "record" else text
        raise RecordError.at(loc, f"unknown field (known: {', '.join(sorted(allowed))})", where)
    return data


def seat_field(value: Any, path: str | Loc, seats: int = SEATS) -> int:
    """``value`` if it is a seat of a table of ``seats`` (0-3 by default).

    Example:
        >>> seat_field(True, "result.from")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.from: expected a seat 0-3, got True
    """
    if type(value) is not int or not 0 <= value < seats:
        raise fail(path, f"expected a seat 0-{seats - 1}, got {quoted(value)}")
    return value


def flag_field(value: Any, path: str | Loc) -> bool:
    """``value`` if it is true or false.

    Example:
        >>> flag_field(False, "chao_zhuang")
        False
        >>> flag_field(1, "chao_zhuang")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: chao_zhuang: expected true or false, got 1
    """
    if type(value) is not bool:
        raise fail(path, f"expected true or false, got {quoted(value)}")
    return value


def whole_number_field(value: Any, path: str | Loc, least: int, most: int) -> int:
    """``value`` if it is a whole number from ``least`` to ``most`` (every number of a record
    or options object has an upper bound: :mod:`majiang.bounds`).

    Example:
        >>> whole_number_field(2, "dealer_streak", 1, 1000)
        2
        >>> whole_number_field(0, "dealer_streak", 1, 1000)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: dealer_streak: expected a whole number ≥ 1 and ≤ 1000, got 0
        >>> whole_number_field(10**5000, "dealer_streak", 1, 1000)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: dealer_streak: expected ... ≤ 1000, got <a 16610-bit integer>
    """
    if type(value) is not int or not least <= value <= most:
        raise fail(path, f"expected {range_text(least, most)}, got {quoted(value)}")
    return value


def choice_field(value: Any, path: str | Loc, choices: tuple[Any, ...]) -> Any:
    """``value`` if it is one of ``choices`` (and of their type: true is not 1).

    Example:
        >>> choice_field(8, "options.luanjiang_fan", (4, 8))
        8
        >>> choice_field("x", "options.values", ("v1_run20", "v2_run10"))
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: options.values: 'x' is not one of v1_run20, v2_run10
    """
    if type(value) is not type(choices[0]) or value not in choices:
        raise fail(path, f"{quoted(value)} is not one of {', '.join(map(str, choices))}")
    return value


def text_field(value: Any, path: str | Loc, parse: Callable[[str], T], what: str = "tiles") -> T:
    """The text ``value`` (of ``what``) read by ``parse``; its MajiangError names the field.

    Example:
        >>> text_field("2f", "players[0].flowers", lambda text: text.upper(), "flowers")
        '2F'
        >>> text_field(None, "players[0].flowers", str.upper, "flowers")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[0].flowers: expected flowers as text, got None
    """
    if type(value) is not str:
        raise fail(path, f"expected {what} as text, got {quoted(value)}")
    try:
        return parse(value)
    except MajiangError as e:
        raise fail(path, str(e)) from None


def tiles_field(value: Any, path: str | Loc, kinds_of: KindsOf) -> tuple[int, ...]:
    """The kinds of the tile text ``value``, read by the variant's ``kinds_of``.

    Example:
        >>> from majiang.variants.pingxiang.record import kinds_of
        >>> tiles_field("12m", "players[0].hand", kinds_of)
        (0, 1)
        >>> tiles_field(12, "players[0].hand", kinds_of)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[0].hand: expected tiles as text, got 12
        >>> tiles_field("1f", "players[0].hand", kinds_of)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[0].hand: 1f is a flower; Pingxiang has no flowers
    """
    return text_field(value, path, kinds_of)


def one_tile_field(value: Any, path: str | Loc, kinds_of: KindsOf, what: str = "tiles") -> int:
    """The kind of the one tile ``value`` names (``what``: how a non-text value's message
    names it).

    Example:
        >>> from majiang.variants.pingxiang.record import kinds_of
        >>> one_tile_field("5p", "result.tile", kinds_of)
        13
        >>> one_tile_field("55p", "result.tile", kinds_of)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.tile: expected one tile, got 2
    """
    if type(value) is str:  # the usual case first: one tile of the set
        try:
            tiles = kinds_of(value)
        except MajiangError:
            pass  # the checks below name the field
        else:
            if len(tiles) == 1:
                return tiles[0]
    tiles = text_field(value, path, kinds_of, what)
    if len(tiles) != 1:
        raise fail(path, f"expected one tile, got {len(tiles)}")
    return tiles[0]


def list_field(value: Any, path: str | Loc, what: str) -> Sequence[Any]:
    """``value`` if it is a list (of ``what``, for the message).

    Example:
        >>> list_field("12m", "players[0].melds", "melds")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[0].melds: expected a list of melds, got '12m'
    """
    if type(value) is list or (isinstance(value, Sequence) and not isinstance(value, str)):
        return value  # a list, as JSON gives, is the usual case: no ABC check for it
    raise fail(path, f"expected a list of {what}, got {quoted(value)}")


def players_field(value: Any, seats: int = SEATS) -> Sequence[Any]:
    """The record's ``players``: a list of exactly four (``seats``).

    Example:
        >>> players_field([{}, {}, {}])
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 3
    """
    players = list_field(value, "players", "players")
    if len(players) != seats:
        many = {2: "two", 3: "three"}.get(seats, "four")
        raise fail("players", f"expected exactly {many} players, got {len(players)}")
    return players


def check_variant(data: Mapping[str, Any], variant: str) -> None:
    """Checks the record's ``variant`` (missing: ``variant``).

    Example:
        >>> check_variant({}, "nanjing")
        >>> check_variant({"variant": "nanchang"}, "nanjing")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: variant: expected 'nanjing', got 'nanchang'
    """
    given = data.get("variant", variant)
    if given != variant:
        raise fail("variant", f"expected {quoted(variant)}, got {quoted(given)}")


def check_concealed(hand: Sequence[int], melds: int, path: str | Loc) -> None:
    """Checks that the concealed ``hand`` at ``path`` has 13 - 3 per meld tiles.

    Example:
        >>> check_concealed((0,) * 10, 1, "players[0].hand")
        >>> check_concealed((0,) * 10, 0, "players[0].hand")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[0].hand: 10 tiles concealed, but 0 meld(s) leave ...
    """
    room = 13 - 3 * melds
    if len(hand) != room:
        raise fail(
            path,
            f"{len(hand)} tiles concealed, but {melds} meld(s) leave room for "
            f"{room} (the winner's without the winning tile)",
        )


def tile_counts_field(fields: Iterable[tuple[str | Loc, Iterable[int]]]) -> None:
    """Checks that no kind has more than four copies across ``fields`` (path, kinds), naming
    the field where a fifth appears.

    Example:
        >>> tile_counts_field([("players[0].hand", (0, 0, 0, 0)), ("result.tile", (1,))])
    """
    seen = [0] * NUM_KINDS
    for path, tiles in fields:
        for k in tiles:
            seen[k] += 1
            if seen[k] > 4:
                raise fail(path, f"a fifth {KINDS[k]}: only four of each tile exist")


def result_kind(value: Any, allowed: frozenset[str]) -> tuple[Mapping[str, Any], str]:
    """The record's ``result`` object and its kind, ``"win"`` or ``"draw"`` (a draw has no
    other field).

    Example:
        >>> result_kind({"kind": "draw"}, frozenset({"kind", "winner"}))
        ({'kind': 'draw'}, 'draw')
        >>> result_kind({"kind": "lost"}, frozenset({"kind"}))
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.kind: expected 'win' or 'draw', got 'lost'
    """
    r = object_field(value, "result", allowed)
    kind = r.get("kind")
    if kind == "draw":
        object_field(r, "result", frozenset({"kind"}))
    elif kind != "win":
        raise fail("result.kind", f"expected 'win' or 'draw', got {quoted(kind)}")
    return r, kind


def discard_source(value: Any, winners: Collection[int]) -> int | None:
    """The result's ``from``: None (self-drawn) or the seat of a player who did not win.

    Example:
        >>> discard_source(None, (0,)) is None
        True
        >>> discard_source(0, (0,))
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.from: a discard win takes another player's tile
    """
    if value is None:
        return None
    seat_field(value, "result.from")
    if value in winners:
        raise fail("result.from", "a discard win takes another player's tile")
    return int(value)


def check_qiang_gang(source: int | None, tile: int, melds: Sequence[Sequence[Meld]]) -> None:
    """Checks a 抢杠 win: ``source`` (the robbed seat) holds a peng of ``tile``.

    Example:
        >>> melds = [[], [Meld("peng", (13, 13, 13), 0)], [], []]
        >>> check_qiang_gang(1, 13, melds)
        >>> check_qiang_gang(2, 13, melds)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: result.qiang_gang: seat 2 has no peng of 5p to add to ...
    """
    if source is None:
        raise fail("result.qiang_gang", "抢杠 needs the robbed player in from")
    if not any(m.kind == "peng" and m.kinds[0] == tile for m in melds[source]):
        raise fail(
            "result.qiang_gang",
            f"seat {source} has no peng of {KINDS[tile]} to add to (the robbed kong stays a peng)",
        )


def check_nothing_before(melds: Sequence[Sequence[Meld]], ponds: Sequence[Sequence[int]]) -> None:
    """Checks a 天胡: nobody has melded or discarded.

    Example:
        >>> check_nothing_before([[], [], [], []], [(), (0,), (), ()])
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[1]: 天胡 ends the hand before any discard or meld
    """
    for seat in range(SEATS):
        if melds[seat] or ponds[seat]:
            raise fail(f"players[{seat}]", "天胡 ends the hand before any discard or meld")


def option_values(
    data: Any, known: Collection[str], check: Callable[[str, Any], Any]
) -> dict[str, Any]:
    """The checked option overrides of a record's ``options`` object (by name; ``check``
    checks one value); an unknown name or a bad value raises RecordError naming it.

    Example:
        >>> option_values({"cap": 16}, ("base", "cap"), lambda name, value: value)
        {'cap': 16}
        >>> option_values({"caps": 16}, ("base", "cap"), lambda name, value: value)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: options.caps: unknown option (known: base, cap)
        >>> option_values([], (), lambda name, value: value)
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: options: expected an object of option overrides, got []
    """
    if not isinstance(data, Mapping):
        raise fail("options", f"expected an object of option overrides, got {quoted(data)}")
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            raise RecordError.at(
                ("options", name),
                f"unknown option (known: {', '.join(sorted(known))})",
                f"options.{name}",
            )
        values[name] = check(name, value)
    return values


def cached_options(read: Callable[[Any], T], size: int = 1024) -> Callable[[Any], T]:
    """A record's options reader: ``read`` (an options class's ``from_dict``) of the
    overrides, null or empty meaning none, each distinct set of JSON scalars read once (only
    scalars key the cache: hashing a deeply nested value overflows CPython's C stack).

    Example:
        >>> from majiang.variants.sichuan.options import SichuanOptions
        >>> options = cached_options(SichuanOptions.from_dict)
        >>> options({"xueliu": True}) is options({"xueliu": True}), options(None).xueliu
        (True, False)
    """
    none = read({})

    @lru_cache(maxsize=size)
    def by_key(key: tuple[tuple[Any, type, Any], ...]) -> T:
        return read({k: v for k, _, v in key})

    def options(raw: Any) -> T:
        if not raw:
            return none
        if type(raw) is dict and scalars(raw.values()):
            try:
                return by_key(tuple([(k, type(v), v) for k, v in raw.items()]))
            except TypeError:  # an unhashable name: read it directly (and fail there)
                pass
        return read(raw)

    return options


class OptionSet:
    """What every variant's options dataclass (frozen) shares: its overrides, what a record
    stores, and every option by name. A variant whose defaults depend on a profile
    overrides :meth:`overrides`.

    Example:
        >>> from majiang.variants.pingxiang import PingxiangOptions
        >>> o = PingxiangOptions(cap=16)
        >>> o.overrides(), o.to_dict()["cap"], o.to_dict()["genzhuang"]
        ({'cap': 16}, 16, True)
    """

    __slots__ = ()

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the defaults, by name (what a record stores)."""
        return option_overrides(self)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name."""
        as_dataclass: Any = self  # every subclass is a dataclass
        return dataclasses.asdict(as_dataclass)


def option_overrides(options: Any) -> dict[str, Any]:
    """The fields of the options dataclass ``options`` that differ from their defaults.

    Example:
        >>> from majiang.variants.pingxiang import PingxiangOptions
        >>> option_overrides(PingxiangOptions(cap=16))
        {'cap': 16}
    """
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if getattr(options, f.name) != f.default
    }
