"""The Sichuan (血战到底) hand record, typed and checked: what happened in one hand.

A 血战 hand has several wins, so the record lists them (``wins``, in order; a 一炮多响 is one
entry with a list of winners) and the kongs made (``kongs``, each with ``after_wins``: how
many wins came before it, which says who was still in play to pay it). The format
(docs/rules/sichuan.md, "The hand record"):

- ``variant`` ``"sichuan"``, ``options`` (overrides of :class:`SichuanOptions`), ``dealer``,
  ``dealer_streak``;
- ``players``: four objects with ``hand`` (a winner's concealed tiles when it won, without
  the winning tile), ``melds`` (peng, ming_gang, an_gang, bu_gang; no chi), ``discards`` and
  ``void`` (the 定缺 suit ``m``/``p``/``s``; null when 定缺 is not played);
- ``wins``: ``winner`` (a seat, or a list for 一炮多响), ``tile``, ``from`` (null:
  self-drawn; the robbed seat on 抢杠) and the flags ``gang_kai`` (杠上花), ``gang_pao``
  (杠上炮), ``qiang_gang``, ``haidi`` (on the wall's last tile), ``tian_hu``, ``di_hu``;
- ``kongs``: ``seat``, ``kind`` (ming_gang, bu_gang, an_gang), ``tile``, ``from`` (a
  ming_gang's feeder), ``after_wins``;
- ``result``: ``{"kind": "win"}`` when three seats won, ``{"kind": "draw"}`` when the wall
  ran out with two or more still in play (查花猪, 查大叫).

Building a record checks it; a record that cannot have happened raises
:class:`~majiang.errors.RecordError` naming the field: tiles of the 108 only, no kind more
than four times, hand sizes, no seat winning twice or acting after it won (a discard, a
kong, paying a kong), every win a Sichuan win (at most two suits, none of the declared void),
each kong one of the seat's kong melds, a 查大叫 (``draw``) only without three winners.

Example:
    >>> r = HandRecord.from_dict(EXAMPLE)
    >>> r.winners(), r.drawn
    ([1, 2, 3], False)
    >>> HandRecord.from_dict({**EXAMPLE, "result": {"kind": "draw"}})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: result.kind: three seats won: the hand ends with the third win, ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, TypeVar

from majiang.bounds import MAX_COUNT, MAX_STREAK
from majiang.errors import MajiangError, RecordError, quoted
from majiang.meld import Meld
from majiang.record_check import FieldProblem, check_meld, field_fail
from majiang.record_parts import (
    fail,
    flag_field,
    list_field,
    object_field,
    players_field,
    scalars,
    seat_field,
    tiles_field,
    whole_number_field,
)
from majiang.record_schema import TileSet, table_melds
from majiang.tiles import KIND_INDEX, KINDS, SEATS, mpsz
from majiang.variants.sichuan.hands import SUIT_LETTERS, HandScore, scored
from majiang.variants.sichuan.options import SichuanOptions
from majiang.variants.sichuan.rules import TABLE

__all__ = [
    "EXAMPLE",
    "MELD_RULES",
    "HandRecord",
    "Kong",
    "PlayerRecord",
    "Win",
    "check_record",
    "from_engine",
    "kinds_of",
]

RECORD_KEYS = frozenset(
    {"variant", "options", "dealer", "dealer_streak", "players", "wins", "kongs", "result"}
)
PLAYER_KEYS = frozenset({"hand", "melds", "discards", "void"})
WIN_KEYS = frozenset(
    {"winner", "tile", "from", "gang_kai", "gang_pao", "qiang_gang", "haidi", "tian_hu", "di_hu",
     "hands", "melds"}
)  # fmt: skip
WIN_FLAGS = ("gang_kai", "gang_pao", "qiang_gang", "haidi", "tian_hu", "di_hu")
KONG_KEYS = frozenset({"seat", "kind", "tile", "from", "after_wins"})
KONG_KINDS = ("ming_gang", "bu_gang", "an_gang")
MELD_KEYS = frozenset({"kind", "tiles", "from"})
T = TypeVar("T")


kinds_of = TileSet(TABLE, "{name} is not one of Sichuan's 108 tiles (no honors, no flowers)")
"""The kind of every tile in a text: suit tiles only (Sichuan's 108 have no honors and no
flowers), the Sichuan set's reader (:class:`~majiang.record_schema.TileSet`):
``kinds_of("19m5p")`` is ``(0, 8, 13)``."""

MELD_RULES = table_melds(TABLE, kinds_of, "", " (no chi)")
"""Sichuan's melds: peng and the kongs (no chow)."""


@dataclass(frozen=True)
class PlayerRecord:
    """One seat at the end of the hand (a winner's hand as it was when it won).

    Example:
        >>> PlayerRecord("1112223334445m", (), "", "p").void
        'p'
    """

    hand: str
    melds: tuple[Meld, ...] = ()
    discards: str = ""
    void: str | None = None
    counts: tuple[int, ...] = field(default=(), repr=False, compare=False)

    @property
    def void_suit(self) -> int | None:
        """The declared void as a suit index (None: none declared).

        Example:
            >>> PlayerRecord("", void="s").void_suit
            2
        """
        return None if self.void is None else SUIT_LETTERS.index(self.void)

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> PlayerRecord("55m").to_dict()["void"] is None
            True
        """
        return {
            "hand": self.hand,
            "melds": [m.to_dict() for m in self.melds],
            "discards": self.discards,
            "void": self.void,
        }


@dataclass(frozen=True)
class Win:
    """One win of the hand: its winners (nearest the discarder first), tile, source and
    flags.

    Example:
        >>> Win((1, 3), 4, 0).self_drawn
        False
    """

    winners: tuple[int, ...]
    tile: int
    source: int | None
    gang_kai: bool = False
    gang_pao: bool = False
    qiang_gang: bool = False
    haidi: bool = False
    tian_hu: bool = False
    di_hu: bool = False
    hands: tuple[tuple[int, ...], ...] = ()
    """血流成河: each winner's concealed counts as it won (its hand changes afterwards)."""
    melds: tuple[tuple[Meld, ...], ...] = ()
    """血流成河: each winner's melds as it won."""
    scores: tuple[HandScore, ...] = field(default=(), repr=False, compare=False)
    """Each winner's score as the record check found it (the win's own flags, self-drawn
    when ``source`` is None); empty for a Win not built by the check."""

    @property
    def self_drawn(self) -> bool:
        """Whether the winner drew the tile itself.

        Example:
            >>> Win((1,), 4, None).self_drawn
            True
        """
        return self.source is None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``winner`` a seat, or a list for several).

        Example:
            >>> Win((2,), 4, None).to_dict()["winner"]
            2
        """
        out = {
            "winner": list(self.winners) if len(self.winners) > 1 else self.winners[0],
            "tile": KINDS[self.tile],
            "from": self.source,
            **{name: getattr(self, name) for name in WIN_FLAGS},
        }
        if self.hands:
            out["hands"] = {str(s): mpsz(h) for s, h in zip(self.winners, self.hands, strict=True)}
            out["melds"] = {
                str(s): [m.to_dict() for m in ms]
                for s, ms in zip(self.winners, self.melds, strict=True)
            }
        return out


@dataclass(frozen=True)
class Kong:
    """One kong that stood (a robbed one is not a kong): who made it, its kind (ming_gang
    直杠, bu_gang 面下杠, an_gang 暗杠), tile, feeder (ming_gang) and how many wins came before.

    Example:
        >>> Kong(0, "an_gang", 4, None, 1).to_dict()["after_wins"]
        1
    """

    seat: int
    kind: str
    tile: int
    source: int | None
    after_wins: int

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> Kong(0, "ming_gang", 4, 2, 0).to_dict()["from"]
            2
        """
        return {
            "seat": self.seat,
            "kind": self.kind,
            "tile": KINDS[self.tile],
            "from": self.source,
            "after_wins": self.after_wins,
        }


@dataclass(frozen=True)
class HandRecord:
    """A checked Sichuan hand (build it with :meth:`from_dict`).

    Example:
        >>> r = HandRecord.from_dict(EXAMPLE)
        >>> HandRecord.from_dict(r.to_dict()) == r
        True
    """

    dealer: int
    players: tuple[PlayerRecord, ...]
    wins: tuple[Win, ...]
    kongs: tuple[Kong, ...]
    drawn: bool
    options: SichuanOptions = field(default_factory=SichuanOptions)
    dealer_streak: int = 1
    variant: Literal["sichuan"] = "sichuan"

    def winners(self) -> list[int]:
        """Every winning seat, in the order they won.

        Example:
            >>> HandRecord.from_dict(EXAMPLE).winners()
            [1, 2, 3]
        """
        return [s for w in self.wins for s in w.winners]

    def out_before(self, wins: int) -> set[int]:
        """The seats that had won (and left play) before the first ``wins`` wins were over
        (none under 血流成河: winners stay in play).

        Example:
            >>> sorted(HandRecord.from_dict(EXAMPLE).out_before(1))
            [1]
        """
        if self.options.xueliu:
            return set()
        return {s for w in self.wins[:wins] for s in w.winners}

    def hand_at(self, index: int, seat: int) -> tuple[tuple[int, ...], tuple[Meld, ...]]:
        """``seat``'s concealed counts and melds as it won ``wins[index]`` (its final ones but
        under 血流成河, where each win keeps its own).

        Example:
            >>> counts, melds = HandRecord.from_dict(EXAMPLE).hand_at(0, 1)
            >>> sum(counts), melds
            (13, ())
        """
        w = self.wins[index]
        if w.hands:
            i = w.winners.index(seat)
            return w.hands[i], w.melds[i]
        p = self.players[seat]
        return p.counts, p.melds

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A checked record from its JSON form; RecordError naming the first bad field.

        Example:
            >>> HandRecord.from_dict({"variant": "nanjing"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected 'sichuan', got 'nanjing'
        """
        return check_record(data)

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> HandRecord.from_dict(EXAMPLE).to_dict()["result"]
            {'kind': 'win'}
        """
        return {
            "variant": self.variant,
            "options": self.options.overrides(),
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "players": [p.to_dict() for p in self.players],
            "wins": [w.to_dict() for w in self.wins],
            "kongs": [k.to_dict() for k in self.kongs],
            "result": {"kind": "draw" if self.drawn else "win"},
        }


def from_engine(data: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine finished: the record ``data`` it wrote (its
    scalar fields, wins and kongs) and the engine's ``state`` (each seat's counts, melds and
    pond, as they are). Not checked: the engine's values are its own.

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game("sichuan", seed=3), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[-1], g.state) == HandRecord.from_dict(g.records[-1])
        True
    """
    players = []
    for seat, p in enumerate(data["players"]):
        pond = [0] * 34
        for k in state.ponds[seat]:
            pond[k] += 1
        player = object.__new__(PlayerRecord)
        player.__dict__.update(
            hand=p["hand"],
            melds=tuple(state.melds[seat]),
            discards=mpsz(pond),
            void=p["void"],
            counts=tuple(state.hands[seat]),
        )
        players.append(player)
    wins = []
    for i, w in enumerate(data["wins"]):
        winners = tuple(w["winner"]) if type(w["winner"]) is list else (w["winner"],)
        hands, melds = _hands_as_won(w, i, winners) if "hands" in w else ((), ())
        flags = {name: w[name] for name in WIN_FLAGS}
        wins.append(
            Win(winners, KIND_INDEX[w["tile"]], w["from"], **flags, hands=hands, melds=melds)
        )
    kongs = tuple(
        Kong(k["seat"], k["kind"], KIND_INDEX[k["tile"]], k["from"], k["after_wins"])
        for k in data["kongs"]
    )
    return HandRecord(
        dealer=data["dealer"],
        players=tuple(players),
        wins=tuple(wins),
        kongs=kongs,
        drawn=data["result"]["kind"] == "draw",
        options=_options(data.get("options", {}) or {}),
        dealer_streak=data["dealer_streak"],
    )


# ------------------------------------------------------------------ the checks
# One pass over the JSON form: each field is read once into its typed value, in the order the
# messages name them (the first bad field is the one reported). The messages are built only
# when a check fails; tile texts, melds and options are read through caches keyed by their
# JSON values (a record settled again, or its hands seen before, costs dictionary look-ups).
def check_record(data: Any) -> HandRecord:
    """The checked record of the JSON form ``data`` (what :meth:`HandRecord.from_dict` and
    the settlement call); RecordError naming the first bad field.

    Example:
        >>> check_record(EXAMPLE).winners()
        [1, 2, 3]
    """
    if type(data) is not dict or not data.keys() <= RECORD_KEYS:
        object_field(data, "record", RECORD_KEYS)
    d: Mapping[str, Any] = data
    if d.get("variant", "sichuan") != "sichuan":
        raise fail("variant", f"expected 'sichuan', got {quoted(d.get('variant'))}")
    options = _options(d.get("options", {}) or {})
    dealer = d.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < SEATS:
        seat_field(dealer, "dealer")
    streak = d.get("dealer_streak", 1)
    if type(streak) is not int or not 1 <= streak <= MAX_STREAK:
        whole_number_field(streak, "dealer_streak", 1, MAX_STREAK)
    given = d.get("players")
    if type(given) is not list or len(given) != SEATS:
        given = players_field(given)
    dingque = options.dingque
    players = (
        _player_of(given[0], 0, options, dingque),
        _player_of(given[1], 1, options, dingque),
        _player_of(given[2], 2, options, dingque),
        _player_of(given[3], 3, options, dingque),
    )
    raw_wins = d.get("wins") or []
    if raw_wins:
        if type(raw_wins) is not list:
            raw_wins = list_field(raw_wins, "wins", "wins")
        wins = tuple([_win(w, i) for i, w in enumerate(raw_wins)])
    else:
        wins = ()
    raw_kongs = d.get("kongs") or []
    if raw_kongs:
        if type(raw_kongs) is not list:
            raw_kongs = list_field(raw_kongs, "kongs", "kongs")
        kongs = tuple([_kong(k, i) for i, k in enumerate(raw_kongs)])
    else:
        kongs = ()
    result = d.get("result")
    if type(result) is not dict or len(result) != 1 or result.get("kind") not in _RESULT_KINDS:
        raise fail(
            "result", f"expected {{'kind': 'win'}} or {{'kind': 'draw'}}, got {quoted(result)}"
        )
    record = object.__new__(HandRecord)
    record.__dict__.update(
        dealer=dealer,
        players=players,
        wins=wins,
        kongs=kongs,
        drawn=result["kind"] == "draw",
        options=options,
        dealer_streak=streak,
        variant="sichuan",
    )
    _check_wins(record)
    if kongs or any(p.melds for p in players):
        _check_kongs(record)
    _check_tiles(record)
    return record


_RESULT_KINDS = ("win", "draw")
_SCALARS = (bool, int, str, type(None))
_NO_OVERRIDES = SichuanOptions.from_dict({})
_NO_VOID = SichuanOptions(dingque=False)
_VOIDS = ("m", "p", "s")


def _new(cls: type[T], **fields: Any) -> T:
    """An instance of the frozen dataclass ``cls`` with ``fields`` (all of them, checked),
    without the generated ``__init__``'s one ``object.__setattr__`` per field."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def _options(raw: Any) -> SichuanOptions:
    """The record's options (the overrides' JSON values read once per distinct set)."""
    if type(raw) is dict and not raw:
        return _NO_OVERRIDES
    # Only JSON scalars key the cache: hashing a deeply nested tuple overflows CPython's C
    # stack (a crash, not an exception).
    if type(raw) is dict and all(type(v) in _SCALARS for v in raw.values()):
        try:
            key = tuple([(k, type(v), v) for k, v in raw.items()])
            return _options_of(key)
        except TypeError:  # an unhashable name: read it directly (and fail there)
            pass
    return SichuanOptions.from_dict(raw)


@lru_cache(maxsize=1024)
def _options_of(key: tuple[tuple[Any, type, Any], ...]) -> SichuanOptions:
    return SichuanOptions.from_dict({k: v for k, _, v in key})


_TileFacts = tuple[tuple[int, ...], tuple[int, ...], str, int]
_FIFTH = sum(0x7B << (8 * k) for k in range(34))
"""Added to packed counts (a byte per kind, each at most 36): a byte's top bit is then set
exactly where the count is over four."""
_TOP_BITS = sum(0x80 << (8 * k) for k in range(34))


class _FifthCopy(RecordError):
    """One tile text holding five or more copies of a kind (the caller names the field)."""


@lru_cache(maxsize=65536)
def _tile_facts(text: str) -> _TileFacts:
    """The kinds of a tile text, their 34 counts, their sorted MPSZ text and the counts packed
    a byte per kind (for the tile count check). A text with a fifth copy of a kind raises
    :class:`_FifthCopy` (no MPSZ text holds one)."""
    kinds = kinds_of(text)
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    if kinds and max(counts) > 4:
        fifth = next(k for k in kinds if counts[k] > 4)
        raise _FifthCopy(f"a fifth {KINDS[fifth]}: only four of each tile exist")
    packed = sum(c << (8 * k) for k, c in enumerate(counts))
    return kinds, tuple(counts), mpsz(counts) if kinds else "", packed


@lru_cache(maxsize=4096)
def _packed(kinds: tuple[int, ...]) -> int:
    """A meld's kinds, packed a byte per kind (as :func:`_tile_facts`)."""
    return sum(1 << (8 * k) for k in kinds)


_NOT_TEXT: Any = (None, None, None, None)
"""What a field that is not text reads as, before its message is raised."""


def _tiles(value: Any, seat: int, path: str, field: str) -> _TileFacts:
    """:func:`_tile_facts` of a field's value; RecordError naming the field (``path``, or
    ``players[seat]`` when empty, then ``field``)."""
    where = f"{path or f'players[{seat}]'}.{field}"
    if type(value) is str:
        try:
            return _tile_facts(value)
        except _FifthCopy as e:
            raise fail(where, str(e)) from None
        except MajiangError:
            pass
    tiles_field(value, where, kinds_of)  # raises its message
    raise AssertionError("unreachable")  # pragma: no cover


@lru_cache(maxsize=65536, typed=True)
def _meld_of(kind: Any, text: Any, source: Any, seat: int) -> Meld:
    return check_meld(kind, text, source, seat, MELD_RULES)


def _melds(given: Any, seat: int, path: str) -> tuple[Meld, ...]:
    melds: list[Meld] = []
    for i, m in enumerate(list_field(given, f"{path}.melds", "melds")):
        if type(m) is not dict or not m.keys() <= MELD_KEYS:
            m = object_field(m, f"{path}.melds[{i}]", MELD_KEYS)
        kind, text, source = m.get("kind"), m.get("tiles"), m.get("from")
        try:
            if not scalars((kind, text, source)):  # a nested value keys no cache
                melds.append(check_meld(kind, text, source, seat, MELD_RULES))
                continue
            try:
                melds.append(_meld_of(kind, text, source, seat))
            except TypeError:  # an unhashable value
                melds.append(check_meld(kind, text, source, seat, MELD_RULES))
        except FieldProblem as e:
            raise field_fail(f"{path}.melds[{i}]", e) from None
    if len(melds) > 4:
        raise fail(f"{path}.melds", f"at most four melds, got {len(melds)}")
    return tuple(melds)


def _player_of(raw: Any, seat: int, options: SichuanOptions, dingque: bool) -> PlayerRecord:
    """``players[seat]``: a seat whose fields are texts (or null; its melds' kind and tiles
    texts, their source a whole number or null) is read through :func:`_plain_player`, a
    cache keyed by those values and their types; any other through :func:`_player`."""
    if type(raw) is dict and raw.keys() <= PLAYER_KEYS:
        get = raw.get
        hand, discards, void, given = get("hand"), get("discards"), get("void"), get("melds")
        if (
            type(hand) is str
            and (discards is None or type(discards) is str)
            and (void is None or type(void) is str)
        ):
            if not given:
                return _plain_player(hand, discards, void, seat, dingque, ())
            if type(given) is list and len(given) <= 4:
                melds = []
                for m in given:
                    if type(m) is not dict or not m.keys() <= MELD_KEYS:
                        break
                    kind, text, source = m.get("kind"), m.get("tiles"), m.get("from")
                    if (
                        type(kind) is not str
                        or type(text) is not str
                        or not (source is None or type(source) is int)
                    ):
                        break
                    melds.append((kind, text, source))
                else:
                    return _plain_player(hand, discards, void, seat, dingque, tuple(melds))
    return _player(raw, seat, options)


@lru_cache(maxsize=65536)
def _plain_player(
    hand: str,
    discards: str | None,
    void: str | None,
    seat: int,
    dingque: bool,
    melds: tuple[tuple[str, str, int | None], ...],
) -> PlayerRecord:
    """The checked seat of these fields (of the options, :func:`_player` reads only
    ``dingque``). A frozen record: the same one serves every record holding it."""
    options = _NO_OVERRIDES if dingque else _NO_VOID
    raw: dict[str, Any] = {"hand": hand, "discards": discards, "void": void}
    if melds:
        raw["melds"] = [{"kind": k, "tiles": t, "from": f} for k, t, f in melds]
    return _player(raw, seat, options)


def _player(raw: Any, seat: int, options: SichuanOptions, path: str = "") -> PlayerRecord:
    if type(raw) is not dict or not raw.keys() <= PLAYER_KEYS:
        raw = object_field(raw, path or f"players[{seat}]", PLAYER_KEYS)
    p: Mapping[str, Any] = raw
    if "hand" not in p:
        raise fail(f"{path or f'players[{seat}]'}.hand", "missing")
    given = p.get("melds") or []
    melds = _melds(given, seat, path or f"players[{seat}]") if given else ()
    value = p["hand"]
    try:
        hand, counts, text, _ = _tile_facts(value) if type(value) is str else _NOT_TEXT
    except MajiangError:
        hand, counts, text, _ = _tiles(value, seat, path, "hand")  # raises its message
    if hand is None:
        _tiles(value, seat, path, "hand")  # raises its message
    if len(hand) != 13 - 3 * len(melds):
        raise fail(
            f"{path or f'players[{seat}]'}.hand",
            f"{len(hand)} tiles concealed, but {len(melds)} meld(s) leave {13 - 3 * len(melds)}",
        )
    discards = p.get("discards") or ""
    discards_text = _tiles(discards, seat, path, "discards")[2] if discards else ""
    void = p.get("void")
    if void is None:
        if options.dingque:
            raise fail(
                f"{path or f'players[{seat}]'}.void",
                "定缺 is played (option dingque): expected m, p or s",
            )
    elif void not in _VOIDS or not options.dingque:
        expected = "m, p or s" if options.dingque else "null (定缺 is not played)"
        raise fail(f"{path or f'players[{seat}]'}.void", f"expected {expected}, got {quoted(void)}")
    player = object.__new__(PlayerRecord)
    player.__dict__.update(hand=text, melds=melds, discards=discards_text, void=void, counts=counts)
    return player


def _one_tile(tile: Any, where: str, index: int) -> int:
    """The kind of the field ``where[index].tile``, holding exactly one tile."""
    try:
        kinds = kinds_of(tile) if isinstance(tile, str) else ()
    except MajiangError as e:
        raise fail(f"{where}[{index}].tile", str(e)) from None
    if len(kinds) != 1:
        raise fail(f"{where}[{index}].tile", f"expected one tile, got {quoted(tile)}")
    return kinds[0]


def _win(raw: Any, index: int) -> Win:
    if type(raw) is not dict or not raw.keys() <= WIN_KEYS:
        raw = object_field(raw, f"wins[{index}]", WIN_KEYS)
    w: Mapping[str, Any] = raw
    winner = w.get("winner")
    if type(winner) is int and 0 <= winner < SEATS:
        checked: tuple[int, ...] = (winner,)
    else:
        seats = winner if isinstance(winner, list) else [winner]
        if not seats:
            raise fail(f"wins[{index}].winner", "expected a seat or a list of seats, got []")
        checked = tuple([seat_field(s, f"wins[{index}].winner") for s in seats])
        if len(set(checked)) != len(checked):
            raise fail(f"wins[{index}].winner", f"a seat listed twice: {quoted(winner)}")
    tile = _one_tile(w.get("tile"), "wins", index)
    source = w.get("from")
    if source is not None:
        if type(source) is not int or not 0 <= source < SEATS:
            seat_field(source, f"wins[{index}].from")
        if source in checked:
            raise fail(f"wins[{index}].from", "a discard win takes another player's tile")
    elif len(checked) > 1:
        raise fail(f"wins[{index}].winner", "several winners win one discard, not a self-draw")
    if w.keys() <= _PLAIN_WIN_KEYS:  # no flag given: the common win, its object built at once
        win = object.__new__(Win)
        win.__dict__.update({"winners": checked, "tile": tile, "source": source, **_PLAIN_WIN})
        return win
    get = w.get
    gang_kai, gang_pao, qiang_gang = (
        get("gang_kai", False),
        get("gang_pao", False),
        get("qiang_gang", False),
    )
    haidi, tian_hu, di_hu = get("haidi", False), get("tian_hu", False), get("di_hu", False)
    if (
        gang_kai is not False
        or gang_pao is not False
        or qiang_gang is not False
        or haidi is not False
        or tian_hu is not False
        or di_hu is not False
    ):  # a flag set, or not a flag at all
        flags = (gang_kai, gang_pao, qiang_gang, haidi, tian_hu, di_hu)
        for name, value in zip(WIN_FLAGS, flags, strict=True):
            if value is not True and value is not False:
                flag_field(value, f"wins[{index}].{name}")
    hands: tuple[tuple[int, ...], ...] = ()
    melds: tuple[tuple[Meld, ...], ...] = ()
    if "hands" in w or "melds" in w:  # 血流成河: the winners' tiles as they won
        hands, melds = _hands_as_won(w, index, checked)
    win = object.__new__(Win)
    win.__dict__.update(
        winners=checked,
        tile=tile,
        source=source,
        gang_kai=gang_kai,
        gang_pao=gang_pao,
        qiang_gang=qiang_gang,
        haidi=haidi,
        tian_hu=tian_hu,
        di_hu=di_hu,
        hands=hands,
        melds=melds,
        scores=(),
    )
    return win


_PLAIN_WIN_KEYS = frozenset({"winner", "tile", "from"})
_PLAIN_WIN: dict[str, Any] = {
    **dict.fromkeys(WIN_FLAGS, False),
    "hands": (),
    "melds": (),
    "scores": (),
}
"""A win's fields when only its winners, tile and source are given."""


def _hands_as_won(
    w: Mapping[str, Any], index: int, winners: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[Meld, ...], ...]]:
    """血流成河: each winner's concealed counts and melds as it won (``wins[index]``)."""
    path = ("wins", index)
    for key in ("hands", "melds"):
        given = w.get(key)
        if type(given) is not dict or set(given) != {str(s) for s in winners}:
            raise fail((*path, key), "expected an object with each winner's seat")
    hands: list[tuple[int, ...]] = []
    melds: list[tuple[Meld, ...]] = []
    for s in winners:
        seat = _player({"hand": w["hands"][str(s)], "melds": w["melds"][str(s)], "void": None},
                       s, _NO_VOID, f"wins[{index}].hands[{s}]")  # fmt: skip
        hands.append(seat.counts)
        melds.append(seat.melds)
    return tuple(hands), tuple(melds)


def _kong(raw: Any, index: int) -> Kong:
    if type(raw) is not dict or not raw.keys() <= KONG_KEYS:
        raw = object_field(raw, f"kongs[{index}]", KONG_KEYS)
    k: Mapping[str, Any] = raw
    seat = k.get("seat")
    if type(seat) is not int or not 0 <= seat < SEATS:
        seat_field(seat, f"kongs[{index}].seat")
    kind = k.get("kind")
    if kind not in KONG_KINDS:
        raise fail(
            f"kongs[{index}].kind", f"expected one of {', '.join(KONG_KINDS)}, got {quoted(kind)}"
        )
    tile = _one_tile(k.get("tile"), "kongs", index)
    source = k.get("from")
    if kind == "ming_gang":
        source = seat_field(source, f"kongs[{index}].from")
        if source == seat:
            raise fail(f"kongs[{index}].from", "a 直杠 takes another player's discard")
    elif source is not None:
        raise fail(f"kongs[{index}].from", f"a {kind} takes no discard: expected null")
    after = k.get("after_wins", 0)
    if type(after) is not int or not 0 <= after <= MAX_COUNT:
        whole_number_field(after, f"kongs[{index}].after_wins", 0, MAX_COUNT)
    return _new(Kong, seat=seat, kind=kind, tile=tile, source=source, after_wins=after)


_SINGLE_FLAGS = ("gang_kai", "gang_pao", "qiang_gang", "tian_hu", "di_hu")
"""The win flags of which at most one is set."""


def _check_wins(r: HandRecord) -> None:
    out: set[int] = set()
    xueliu = r.options.xueliu
    dealer = r.dealer
    for i, w in enumerate(r.wins):
        if xueliu != bool(w.hands):
            raise fail(f"wins[{i}].hands", "the winners' tiles as they won: given exactly under "
                       "血流成河 (option xueliu)")  # fmt: skip
        if out and not xueliu:
            again = [s for s in w.winners if s in out]
            if again:
                raise fail(f"wins[{i}].winner", f"seat {again[0]} has already won and left play")
            if w.source is not None and w.source in out:
                raise fail(f"wins[{i}].from", f"seat {w.source} has already won and left play")
        if w.gang_kai or w.gang_pao or w.qiang_gang or w.tian_hu or w.di_hu:
            _check_flags(w, i, dealer)
        found: list[HandScore] = []
        t = w.tile
        flags = (w.source is None, w.gang_kai, w.gang_pao, w.qiang_gang, w.haidi, w.tian_hu,
                 w.di_hu)  # fmt: skip
        for at, s in enumerate(w.winners):
            p = r.players[s]
            if w.hands:  # 血流成河: the hand as it won
                counts = w.hands[at]
                score = scored((*counts[:t], counts[t] + 1, *counts[t + 1 :]), w.melds[at],
                               *flags, _VOID_SUIT[p.void], r.options)  # fmt: skip
            else:
                score = _score_of(p.hand, t, p.melds, flags, p.void, r.options)
            if score is None:
                void = f", void {p.void}" if p.void else ""
                raise fail(
                    f"wins[{i}].tile",
                    f"players[{s}]'s hand {p.hand} with {KINDS[w.tile]} ({len(p.melds)} "
                    f"meld(s){void}) is no Sichuan win (a shape, at most two suits, no void)",
                )
            found.append(score)
        w.__dict__["scores"] = tuple(found)
        out.update(w.winners)
    if xueliu:
        if not r.drawn:
            raise fail("result.kind", "血流成河 goes on until the wall runs out: a draw")
        return
    if len(out) > 3:
        raise fail("wins", "at most three seats win a hand")
    if len(out) == 3 and r.drawn:
        raise fail("result.kind", "three seats won: the hand ends with the third win, not a draw")
    if len(out) < 3 and not r.drawn:
        raise fail(
            "result.kind",
            f"{len(out)} seat(s) won: the hand went on until the wall ran out (a draw)",
        )


def _check_flags(w: Win, i: int, dealer: int) -> None:
    """The flags of ``wins[i]``: at most one of 杠上花, 杠上炮, 抢杠, 天胡, 地胡, each with
    its source, 天胡 the dealer's first win, 地胡 the first win on the dealer's discard."""
    path = ("wins", i)
    flags = [n for n in _SINGLE_FLAGS if getattr(w, n)]
    if len(flags) > 1:
        raise fail((*path, flags[1]), f"cannot go with {flags[0]}")
    if (w.gang_kai or w.tian_hu) and w.source is not None:
        raise fail((*path, flags[0]), "a self-drawn win: from must be null")
    if (w.gang_pao or w.qiang_gang or w.di_hu) and w.source is None:
        raise fail((*path, flags[0]), "a win on another seat's tile: from is needed")
    if w.tian_hu and (w.winners != (dealer,) or i):
        raise fail((*path, "tian_hu"), "天胡 is the dealer's, the hand's first win")
    if w.di_hu and (dealer in w.winners or w.source != dealer or i):
        raise fail((*path, "di_hu"), "地胡 is won on the dealer's first discard")


_VOID_SUIT = {None: None, "m": 0, "p": 1, "s": 2}


@lru_cache(maxsize=65536)
def _score_of(
    hand: str,
    tile: int,
    melds: tuple[Meld, ...],
    flags: tuple[bool, ...],
    void: str | None,
    options: SichuanOptions,
) -> HandScore | None:
    """:func:`~majiang.variants.sichuan.hands.scored` of a player's canonical hand text with
    ``tile`` (a text's hash is kept with it: a cheaper key than 34 counts); ``flags`` are
    self-drawn and the win's six flags."""
    counts = _tile_facts(hand)[1]
    full = (*counts[:tile], counts[tile] + 1, *counts[tile + 1 :])
    return scored(full, melds, *flags, _VOID_SUIT[void], options)


def _check_kongs(r: HandRecord) -> None:
    made: dict[tuple[int, str, int], int] = {}
    last = 0
    for i, k in enumerate(r.kongs):
        if k.after_wins < last or k.after_wins > len(r.wins):
            raise fail(f"kongs[{i}].after_wins", "kongs come in order, after wins that happened")
        last = k.after_wins
        out = r.out_before(k.after_wins) if k.after_wins else ()
        if k.seat in out:
            raise fail(f"kongs[{i}].seat", f"seat {k.seat} had won and left play")
        if k.source is not None and k.source in out:
            raise fail(
                f"kongs[{i}].from", f"seat {k.source} had won and left play: it pays nothing"
            )
        made[(k.seat, k.kind, k.tile)] = made.get((k.seat, k.kind, k.tile), 0) + 1
    held: dict[tuple[int, str, int], int] = {}
    for s, p in enumerate(r.players):
        for m in p.melds:
            if m.is_gang:
                key = (s, m.kind, m.kinds[0])
                held[key] = held.get(key, 0) + 1
    if made == held:
        return
    for key in sorted(set(made) | set(held)):
        if made.get(key, 0) != held.get(key, 0):
            s, kind, tile = key
            raise fail("kongs", f"seat {s}'s {kind} of {KINDS[tile]}: the kongs and melds differ")


def _check_tiles(r: HandRecord) -> None:
    """No kind more than four times: the field where a fifth copy first appears (the hands,
    then the melds, the discards and the wins' tiles). The common case (no fifth anywhere) is
    a sum of packed counts (at most 8 texts and 16 melds of at most four of a kind each and
    at most 32 wins' tiles: a byte stays under 133, so adding 0x7B never carries)."""
    if len(r.wins) > 32:
        _count_tiles(r)
        return
    total = 0
    for p in r.players:
        hand = _tile_facts(p.hand)[3]
        discards = _tile_facts(p.discards)[3] if p.discards else 0
        if hand < 0 or discards < 0:
            _count_tiles(r)
            return
        total += hand + discards
        for m in p.melds:
            total += _packed(m.kinds)
    for w in r.wins:
        total += 1 << (8 * w.tile)
    if (total + _FIFTH) & _TOP_BITS:
        _count_tiles(r)


def _count_tiles(r: HandRecord) -> None:
    """Counts every tile in order: RecordError naming the field where a fifth copy of a kind
    first appears."""
    a, b, c, d = (p.counts for p in r.players)
    seen = [w + x + y + z for w, x, y, z in zip(a, b, c, d, strict=True)]
    if max(seen) > 4:  # the hands alone hold a fifth: name the hand
        seen = [0] * 34
        for s, p in enumerate(r.players):
            _fifth(seen, f"players[{s}].hand", [k for k in range(34) for _ in range(p.counts[k])])
    for s, p in enumerate(r.players):
        for i, m in enumerate(p.melds):
            _fifth(seen, f"players[{s}].melds[{i}]", m.kinds)
    for s, p in enumerate(r.players):
        if p.discards:
            _fifth(seen, f"players[{s}].discards", kinds_of(p.discards))
    for i, w in enumerate(r.wins):
        _fifth(seen, f"wins[{i}].tile", (w.tile,))


def _fifth(seen: list[int], where: str, kinds: Sequence[int]) -> None:
    for k in kinds:
        seen[k] += 1
        if seen[k] > 4:
            raise fail(where, f"a fifth {KINDS[k]}: only four of each tile exist")


EXAMPLE: dict[str, Any] = {
    "variant": "sichuan",
    "dealer": 0,
    "players": [
        {"hand": "1367m2468p13579s", "void": "p", "discards": "9p"},
        {"hand": "1112345678999m", "void": "s"},
        {"hand": "1122334455667p", "void": "m"},
        {
            "hand": "234567p78s99s",
            "void": "m",
            "melds": [{"kind": "peng", "tiles": "555s", "from": 0}],
        },
    ],
    "wins": [
        {"winner": 1, "tile": "5m", "from": None},
        {"winner": 2, "tile": "7p", "from": 0},
        {"winner": 3, "tile": "9s", "from": 0},
    ],
    "kongs": [],
    "result": {"kind": "win"},
}
"""A 血战 hand with three wins (a record to try; the tests build many more)."""
