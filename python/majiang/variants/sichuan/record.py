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
from typing import Any, Literal

from majiang import record_check
from majiang.bounds import MAX_COUNT
from majiang.errors import Loc, RecordError, quoted
from majiang.meld import Meld
from majiang.record_check import (
    DEALER,
    DEALER_STREAK,
    Checked,
    Field,
    PlainMeld,
    RecordSpec,
    check_seat,
    plain_seat_key,
    players_check,
)
from majiang.record_parts import (
    cached_options,
    fail,
    flag_field,
    list_field,
    object_field,
    one_tile_field,
    seat_field,
    whole_number_field,
)
from majiang.record_schema import TileSet, built, counts_kinds, table_melds
from majiang.tiles import KIND_INDEX, KINDS, SEATS, mpsz
from majiang.variants.sichuan.hands import SUIT_LETTERS, HandScore, scored
from majiang.variants.sichuan.options import SichuanOptions
from majiang.variants.sichuan.rules import TABLE

__all__ = [
    "EXAMPLE",
    "MELD_RULES",
    "SPEC",
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
    players = tuple(
        [
            built(
                PlayerRecord,
                hand=p["hand"],
                melds=tuple(state.melds[seat]),
                discards=_pond_text(tuple(sorted(state.ponds[seat]))),
                void=p["void"],
                counts=tuple(state.hands[seat]),
            )
            for seat, p in enumerate(data["players"])
        ]
    )
    wins = []
    for i, w in enumerate(data["wins"]):
        winners = tuple(w["winner"]) if type(w["winner"]) is list else (w["winner"],)
        # 血流成河: the engine keeps each winner's tiles as it won as text (read here)
        hands, melds = _hands_as_won(w, i, winners) if "hands" in w else ((), ())
        wins.append(
            built(
                Win,
                winners=winners,
                tile=KIND_INDEX[w["tile"]],
                source=w["from"],
                **{name: w[name] for name in WIN_FLAGS},
                hands=hands,
                melds=melds,
                scores=(),
            )
        )
    kongs = tuple(
        [
            built(
                Kong,
                seat=k["seat"],
                kind=k["kind"],
                tile=KIND_INDEX[k["tile"]],
                source=k["from"],
                after_wins=k["after_wins"],
            )
            for k in data["kongs"]
        ]
    )
    return built(HandRecord, dealer=data["dealer"], players=players, wins=tuple(wins),
                kongs=kongs, drawn=data["result"]["kind"] == "draw",
                options=_options(data.get("options")), dealer_streak=data["dealer_streak"],
                variant="sichuan")  # fmt: skip


@lru_cache(maxsize=65536)
def _pond_text(kinds: tuple[int, ...]) -> str:
    """The sorted MPSZ text of a pond's kinds (sorted), as the record check writes it."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return mpsz(counts) if kinds else ""


# ------------------------------------------------------------------ the checks
# The shared skeleton (record_check.RecordSpec) reads the record in the order the messages name
# its fields: the scalars, each seat (the shared seat check, then the void), the wins, the
# kongs and the result, then the checks across them. Tile texts, seats and options are read
# through caches keyed by their JSON values (a record settled again, or its hands seen before,
# costs dictionary look-ups).
def check_record(data: Any) -> HandRecord:
    """The checked record of the JSON form ``data`` (what :meth:`HandRecord.from_dict` and
    the settlement call); RecordError naming the first bad field.

    Example:
        >>> check_record(EXAMPLE).winners()
        [1, 2, 3]
    """
    return record_check.check_record(data, SPEC)


_options = cached_options(SichuanOptions.from_dict)
"""The record's options (null or missing: none; each distinct set of overrides read once)."""
_VOIDS = ("m", "p", "s")
_VOID_SUIT = {None: None, "m": 0, "p": 1, "s": 2}


# ------------------------------------------------------------------ a seat
def _seat(raw: Any, seat: int, c: Checked) -> PlayerRecord:
    """``players[seat]``: a seat of plain values (:func:`~majiang.record_check.plain_seat_key`
    and a text or null void) is checked once and remembered."""
    dingque: bool = c.options.dingque
    if type(raw) is dict and raw.keys() <= PLAYER_KEYS:
        key = plain_seat_key(raw)
        void = raw.get("void")
        if key is not None and (void is None or type(void) is str):
            try:
                return _plain_player(seat, dingque, void, *key)
            except RecordError:
                pass  # the check below raises it
    return _player(raw, seat, dingque)


@lru_cache(maxsize=65536)
def _plain_player(
    seat: int,
    dingque: bool,
    void: str | None,
    hand: str,
    discards: str | None,
    melds: tuple[PlainMeld, ...],
) -> PlayerRecord:
    """The checked seat of these fields: a frozen record, so the same one serves every
    record holding it."""
    raw: dict[str, Any] = {"hand": hand, "discards": discards, "void": void}
    if melds:
        raw["melds"] = [{"kind": k, "tiles": t, "from": f} for k, t, f in melds]
    return _player(raw, seat, dingque)


def _player(raw: Any, seat: int, dingque: bool) -> PlayerRecord:
    """The shared seat check (hand, melds, discards: the tiles of the 108, the hand's size),
    then Sichuan's: no fifth copy in one text, and the 定缺 ``void``."""
    facts = check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)
    path = ("players", seat)
    p = facts.data
    counts, text = _text_facts(p["hand"], (*path, "hand"))[1:3]
    discards = p.get("discards") or ""
    pond = _text_facts(discards, (*path, "discards"))[2] if discards else ""
    void = p.get("void")
    if void is None:
        if dingque:
            raise fail((*path, "void"), "定缺 is played (option dingque): expected m, p or s")
    elif void not in _VOIDS or not dingque:
        expected = "m, p or s" if dingque else "null (定缺 is not played)"
        raise fail((*path, "void"), f"expected {expected}, got {quoted(void)}")
    return built(PlayerRecord, hand=text, melds=facts.melds, discards=pond, void=void,
                counts=counts)  # fmt: skip


_TileFacts = tuple[tuple[int, ...], tuple[int, ...], str, int]


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


def _text_facts(text: str, loc: Loc) -> _TileFacts:
    """:func:`_tile_facts` of a text the seat check has read; a fifth copy names ``loc``."""
    try:
        return _tile_facts(text)
    except _FifthCopy as e:
        raise fail(loc, str(e)) from None


# ------------------------------------------------------------------ wins and kongs
def _wins(value: Any, c: Checked) -> tuple[Win, ...]:
    if not value:
        return ()
    given = value if type(value) is list else list_field(value, ("wins",), "wins")
    return tuple([_win(w, i, c.options.xueliu) for i, w in enumerate(given)])


def _win(raw: Any, index: int, xueliu: bool) -> Win:
    if type(raw) is not dict or not raw.keys() <= WIN_KEYS:
        raw = object_field(raw, ("wins", index), WIN_KEYS)
    w: Mapping[str, Any] = raw
    winner = w.get("winner")
    if type(winner) is int and 0 <= winner < SEATS:
        winners: tuple[int, ...] = (winner,)
    else:
        seats = winner if isinstance(winner, list) else [winner]
        if not seats:
            raise fail(("wins", index, "winner"), "expected a seat or a list of seats, got []")
        winners = tuple([seat_field(s, ("wins", index, "winner")) for s in seats])
        if len(set(winners)) != len(winners):
            raise fail(("wins", index, "winner"), f"a seat listed twice: {quoted(winner)}")
    tile = one_tile_field(w.get("tile"), ("wins", index, "tile"), kinds_of)
    source = w.get("from")
    if source is not None:
        if type(source) is not int or not 0 <= source < SEATS:
            seat_field(source, ("wins", index, "from"))
        if source in winners:
            raise fail(("wins", index, "from"), "a discard win takes another player's tile")
    elif len(winners) > 1:
        raise fail(("wins", index, "winner"), "several winners win one discard, not a self-draw")
    if w.keys() <= _PLAIN_WIN_KEYS:  # no flag given: the common win, its object built at once
        return built(Win, winners=winners, tile=tile, source=source, **_PLAIN_WIN)
    get = w.get
    gang_kai, gang_pao = get("gang_kai", False), get("gang_pao", False)
    qiang_gang, haidi = get("qiang_gang", False), get("haidi", False)
    tian_hu, di_hu = get("tian_hu", False), get("di_hu", False)
    if (
        gang_kai is not False
        or gang_pao is not False
        or qiang_gang is not False
        or haidi is not False
        or tian_hu is not False
        or di_hu is not False
    ):  # a flag set, or not a flag at all (the engine writes every flag)
        for name in WIN_FLAGS:
            value = get(name, False)
            if value is not True and value is not False:
                flag_field(value, ("wins", index, name))
    hands: tuple[tuple[int, ...], ...] = ()
    melds: tuple[tuple[Meld, ...], ...] = ()
    if "hands" in w or "melds" in w:  # 血流成河: the winners' tiles as they won
        hands, melds = _hands_as_won(w, index, winners)
    return built(Win, winners=winners, tile=tile, source=source, gang_kai=gang_kai,
                 gang_pao=gang_pao, qiang_gang=qiang_gang, haidi=haidi, tian_hu=tian_hu,
                 di_hu=di_hu, hands=hands, melds=melds, scores=())  # fmt: skip


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
    """血流成河: each winner's concealed counts and melds as it won (``wins[index]``), each
    checked as a seat is (its errors named under ``hands`` and ``melds`` by the seat)."""
    path = ("wins", index)
    for key in ("hands", "melds"):
        given = w.get(key)
        if type(given) is not dict or set(given) != {str(s) for s in winners}:
            raise fail((*path, key), "expected an object with each winner's seat")
    hands: list[tuple[int, ...]] = []
    melds: list[tuple[Meld, ...]] = []
    for s in winners:
        seat = {"hand": w["hands"][str(s)], "melds": w["melds"][str(s)]}
        try:
            player = _player(seat, s, False)
        except RecordError as e:
            raise _as_won(e, path, s) from None
        hands.append(player.counts)
        melds.append(player.melds)
    return tuple(hands), tuple(melds)


def _as_won(e: RecordError, path: Loc, seat: int) -> RecordError:
    """A seat check's error (``players[seat].hand``, ``.melds[i]``...) named where a 血流成河
    win gives that seat's tiles (``wins[i].hands.<seat>``, ``wins[i].melds.<seat>[i]``)."""
    rest = e.loc[2:]
    if rest[:1] == ("hand",):
        return fail((*path, "hands", str(seat), *rest[1:]), e.msg)
    if rest[:1] == ("melds",):
        return fail((*path, "melds", str(seat), *rest[1:]), e.msg)
    return fail(path, e.msg)


def _kongs(value: Any, c: Checked) -> tuple[Kong, ...]:
    if not value:
        return ()
    given = value if type(value) is list else list_field(value, ("kongs",), "kongs")
    return tuple([_kong(k, i) for i, k in enumerate(given)])


def _kong(raw: Any, index: int) -> Kong:
    if type(raw) is not dict or not raw.keys() <= KONG_KEYS:
        raw = object_field(raw, ("kongs", index), KONG_KEYS)
    k: Mapping[str, Any] = raw
    seat = k.get("seat")
    if type(seat) is not int or not 0 <= seat < SEATS:
        seat_field(seat, ("kongs", index, "seat"))
    kind = k.get("kind")
    if kind not in KONG_KINDS:
        raise fail(
            ("kongs", index, "kind"), f"expected one of {', '.join(KONG_KINDS)}, got {quoted(kind)}"
        )
    tile = one_tile_field(k.get("tile"), ("kongs", index, "tile"), kinds_of)
    source = k.get("from")
    if kind == "ming_gang":
        if type(source) is not int or not 0 <= source < SEATS:
            seat_field(source, ("kongs", index, "from"))
        if source == seat:
            raise fail(("kongs", index, "from"), "a 直杠 takes another player's discard")
    elif source is not None:
        raise fail(("kongs", index, "from"), f"a {kind} takes no discard: expected null")
    after = k.get("after_wins", 0)
    if type(after) is not int or not 0 <= after <= MAX_COUNT:
        whole_number_field(after, ("kongs", index, "after_wins"), 0, MAX_COUNT)
    return built(Kong, seat=seat, kind=kind, tile=tile, source=source, after_wins=after)


def _drawn(value: Any, c: Checked) -> bool:
    if type(value) is not dict or len(value) != 1 or value.get("kind") not in ("win", "draw"):
        raise fail(
            ("result",), f"expected {{'kind': 'win'}} or {{'kind': 'draw'}}, got {quoted(value)}"
        )
    return bool(value["kind"] == "draw")


# ------------------------------------------------------------------ across the fields
def _record(c: Checked) -> HandRecord:
    """The typed record of the fields read (built once, for the checks across them)."""
    found: HandRecord | None = c.scratch.get("record")
    if found is None:
        v = c.values
        found = built(HandRecord, dealer=v["dealer"], players=tuple(c.seats), wins=v["wins"],
                     kongs=v["kongs"], drawn=v["result"], options=c.options,
                     dealer_streak=v["dealer_streak"], variant="sichuan")  # fmt: skip
        c.scratch["record"] = found
    return found


_SINGLE_FLAGS = ("gang_kai", "gang_pao", "qiang_gang", "tian_hu", "di_hu")
"""The win flags of which at most one is set."""


def _across(c: Checked) -> None:
    """The checks across the fields, on the typed record: the wins, the kongs, the tiles."""
    r = _record(c)
    _check_wins(r)
    if (
        r.kongs
        or r.players[0].melds
        or r.players[1].melds
        or r.players[2].melds
        or (r.players[3].melds)
    ):
        _check_kongs(r)
    _check_tiles(r)


def _check_wins(r: HandRecord) -> None:
    """No seat wins after it left play (血战), each win's flags hold and each winner's hand
    is a Sichuan win (its score kept with the win), and the result says how the hand ended."""
    out: set[int] = set()
    xueliu = r.options.xueliu
    for i, w in enumerate(r.wins):
        if xueliu != bool(w.hands):
            raise fail(("wins", i, "hands"), "the winners' tiles as they won: given exactly "
                       "under 血流成河 (option xueliu)")  # fmt: skip
        if out and not xueliu:
            again = [s for s in w.winners if s in out]
            if again:
                raise fail(("wins", i, "winner"), f"seat {again[0]} has already won and left play")
            if w.source is not None and w.source in out:
                raise fail(("wins", i, "from"), f"seat {w.source} has already won and left play")
        if w.gang_kai or w.gang_pao or w.qiang_gang or w.tian_hu or w.di_hu:
            _check_flags(w, i, r.dealer)
        flags = (w.source is None, w.gang_kai, w.gang_pao, w.qiang_gang, w.haidi, w.tian_hu,
                 w.di_hu)  # fmt: skip
        found: list[HandScore] = []
        for at, s in enumerate(w.winners):
            p = r.players[s]
            if w.hands:  # 血流成河: the hand as it won
                score = _score_as_won(w.hands[at], w.tile, w.melds[at], flags, p.void, r.options)
            else:
                score = _score_of(p.hand, w.tile, p.melds, flags, p.void, r.options)
            if score is None:
                raise _no_win(p, s, w.tile, i)
            found.append(score)
        w.__dict__["scores"] = tuple(found)
        out.update(w.winners)
    if xueliu:
        if not r.drawn:
            raise fail(("result", "kind"), "血流成河 goes on until the wall runs out: a draw")
        return
    if len(out) > 3:
        raise fail(("wins",), "at most three seats win a hand")
    if len(out) == 3 and r.drawn:
        raise fail(
            ("result", "kind"), "three seats won: the hand ends with the third win, not a draw"
        )
    if len(out) < 3 and not r.drawn:
        raise fail(
            ("result", "kind"),
            f"{len(out)} seat(s) won: the hand went on until the wall ran out (a draw)",
        )


def _no_win(p: PlayerRecord, seat: int, tile: int, i: int) -> RecordError:
    """The error of ``wins[i]``, whose winner ``seat`` (``p``) does not win on ``tile``."""
    void = f", void {p.void}" if p.void else ""
    return fail(
        ("wins", i, "tile"),
        f"players[{seat}]'s hand {p.hand} with {KINDS[tile]} ({len(p.melds)} "
        f"meld(s){void}) is no Sichuan win (a shape, at most two suits, no void)",
    )


def _score_as_won(
    counts: tuple[int, ...],
    tile: int,
    melds: tuple[Meld, ...],
    flags: tuple[bool, ...],
    void: str | None,
    options: SichuanOptions,
) -> HandScore | None:
    """血流成河: the score of a hand as it won (its concealed ``counts``, without ``tile``)."""
    full = (*counts[:tile], counts[tile] + 1, *counts[tile + 1 :])
    return scored(full, melds, *flags, _VOID_SUIT[void], options)


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
    return _score_as_won(_tile_facts(hand)[1], tile, melds, flags, void, options)


def _check_kongs(r: HandRecord) -> None:
    """Each kong is made in order by a seat still in play, paid by one still in play, and
    the kongs are exactly the seats' kong melds."""
    made: dict[tuple[int, str, int], int] = {}
    last = 0
    for i, k in enumerate(r.kongs):
        path = ("kongs", i)
        if k.after_wins < last or k.after_wins > len(r.wins):
            raise fail((*path, "after_wins"), "kongs come in order, after wins that happened")
        last = k.after_wins
        out = r.out_before(k.after_wins) if k.after_wins else ()
        if k.seat in out:
            raise fail((*path, "seat"), f"seat {k.seat} had won and left play")
        if k.source is not None and k.source in out:
            raise fail((*path, "from"), f"seat {k.source} had won and left play: it pays nothing")
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
            why = f"seat {s}'s {kind} of {KINDS[tile]}: the kongs and melds differ"
            raise fail(("kongs",), why)


_FIFTH = sum(0x7B << (8 * k) for k in range(34))
"""Added to packed counts (a byte per kind, each at most 36): a byte's top bit is then set
exactly where the count is over four."""
_TOP_BITS = sum(0x80 << (8 * k) for k in range(34))


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
        total += _tile_facts(p.hand)[3]
        if p.discards:
            total += _tile_facts(p.discards)[3]
        for m in p.melds:
            total += _packed(m.kinds)
    for w in r.wins:
        total += 1 << (8 * w.tile)
    if (total + _FIFTH) & _TOP_BITS:
        _count_tiles(r)


@lru_cache(maxsize=4096)
def _packed(kinds: tuple[int, ...]) -> int:
    """A meld's kinds, packed a byte per kind (as :func:`_tile_facts`)."""
    return sum(1 << (8 * k) for k in kinds)


def _count_tiles(r: HandRecord) -> None:
    """Counts every tile in order: RecordError naming the field where a fifth copy of a kind
    first appears (the four hands together first: when they alone hold one, hand by hand)."""
    a, b, c, d = (p.counts for p in r.players)
    seen = [w + x + y + z for w, x, y, z in zip(a, b, c, d, strict=True)]
    fields: list[tuple[Loc, Sequence[int]]] = []
    if max(seen) > 4:  # the hands alone hold a fifth: name the hand
        seen = [0] * 34
        fields += [(("players", s, "hand"), counts_kinds(p.counts))
                   for s, p in enumerate(r.players)]  # fmt: skip
    for s, p in enumerate(r.players):
        fields += [(("players", s, "melds", i), m.kinds) for i, m in enumerate(p.melds)]
    for s, p in enumerate(r.players):
        if p.discards:
            fields.append((("players", s, "discards"), kinds_of(p.discards)))
    fields += [(("wins", i, "tile"), (w.tile,)) for i, w in enumerate(r.wins)]
    for loc, kinds in fields:
        for k in kinds:
            seen[k] += 1
            if seen[k] > 4:
                raise fail(loc, f"a fifth {KINDS[k]}: only four of each tile exist")


SPEC: RecordSpec[HandRecord] = RecordSpec(
    variant="sichuan",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=frozenset({"kind"}),
    options=_options,
    fields=(
        DEALER,
        DEALER_STREAK,
        Field("players", players_check),
    ),
    player=_seat,
    after=(Field("wins", _wins), Field("kongs", _kongs), Field("result", _drawn)),
    checks=(_across,),
    finish=_record,
    melds=MELD_RULES,
)
"""The Sichuan record: the shared fields and seat check, Sichuan's ``void``, ``wins`` and
``kongs``, and the checks across them, in order (see the module docstring)."""


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
