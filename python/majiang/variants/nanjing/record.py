"""The Nanjing hand record, typed and checked: what happened in one hand.

:class:`HandRecord` has a JSON form (``from_dict`` / ``to_dict``, described in
``docs/rules/nanjing.md`` "Implementation"). Building one checks it, so a record that cannot
have happened raises :class:`~majiang.errors.RecordError` whose message starts with the
field's path (``players[2].melds[0].tiles: ...``):

- known fields only; ``variant`` is ``"nanjing"``; seats 0-3; known options;
- no dragon (5z-7z, hard flowers) and no flower in hands, melds or discards; ``flowers`` holds
  only hard flowers, each of the 8 flowers once, each dragon at most four times in all;
- melds: a peng is three of a kind, a kong four (no chow in Nanjing); an an_gang takes no
  tile (``from`` null), the others name another seat (a bu_gang keeps its pung's seat);
- each concealed hand has 13 - 3 per meld tiles (the winner's without the winning tile);
- no kind has more than four copies across hands, melds, discards and the winning tile;
- every winner's hand wins under Nanjing rules (shape and entry condition, or a §9
  completion); several winners only on one discard (and with ``multiple_winners``);
- 杠开 is self-drawn with a hard flower (small), a kong (big) or a 花杠 (flower);
  ``kong_feeder`` fed one of the winner's melds; 抢杠 robs a peng of the winning tile held by
  ``from``; 天胡 is the dealer's before any discard or meld; 地胡 needs 报听 (``ready``) and no
  melds (v2: a non-dealer); at most one of 杠开, 抢杠, 天胡, 地胡.

Example:
    >>> from majiang.variants.nanjing.record import HandRecord
    >>> r = HandRecord.from_dict({
    ...     "dealer": 0,
    ...     "players": [{"hand": "123m456m789m1122p", "flowers": "1f"},
    ...                 {"hand": "147m258p369s1234z"}, {"hand": "22m33m44m66s88s444z"},
    ...                 {"hand": "567m567p78s8p9s123z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "1p", "from": 2}})
    >>> r.result.winners, r.result.self_drawn, r.players[0].flowers
    ((0,), False, '1f')
    >>> HandRecord.from_dict({**r.to_dict(), "dealer": 4})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: dealer: expected a seat 0-3, got 4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from majiang import record_check
from majiang import record_parts as parts
from majiang.bounds import MAX_FLAGS, MAX_GARDEN
from majiang.errors import Loc, quoted
from majiang.meld import Meld
from majiang.record_check import (
    DEALER,
    Checked,
    Field,
    RecordSpec,
    SeatFacts,
    check_seat,
    players_check,
    seat_tile_counts,
)
from majiang.record_parts import DrawResult, fail
from majiang.record_schema import TileSet, counts_kinds, table_melds
from majiang.tiles import KINDS, NUM_KINDS, TILE_NAMES
from majiang.variants.nanjing.flowers import DRAGONS, flower_kongs, parse_flowers
from majiang.variants.nanjing.hands import score_hand
from majiang.variants.nanjing.options import NanjingOptions
from majiang.variants.nanjing.rules import TABLE
from majiang.variants.nanjing.yajue import yajue_kinds
from majiang.variants.protocol import DRAGONS as DRAGON_KINDS

__all__ = [
    "MELD_RULES",
    "SPEC",
    "DrawResult",
    "HandRecord",
    "Meld",
    "MeldKind",
    "Penalty",
    "PlayerRecord",
    "WinResult",
    "check_record",
    "checked",
    "from_engine",
    "kinds_of",
]

MeldKind = Literal["peng", "ming_gang", "an_gang", "bu_gang"]
GangKai = Literal["small", "big", "flower"]
PenaltyKind = Literal["same_four_in_a_row", "four_by_one"]
RECORD_KEYS = frozenset(
    {
        "variant",
        "options",
        "dealer",
        "bixiahu",
        "bixiahu_flags",
        "yuanzi_left",
        "players",
        "penalties",
        "result",
    }
)
PLAYER_KEYS = frozenset({"hand", "melds", "flowers", "discards", "ready"})
PENALTY_KEYS = frozenset({"kind", "seat", "tile"})
PENALTY_KINDS: tuple[str, ...] = ("same_four_in_a_row", "four_by_one")
RESULT_KEYS = frozenset(
    {
        "kind",
        "winner",
        "tile",
        "from",
        "gang_kai",
        "kong_feeder",
        "qiang_gang",
        "tian_hu",
        "di_hu",
        "haidi",
    }
)
FLAGS: tuple[str, ...] = ("qiang_gang", "tian_hu", "di_hu", "haidi")
GANG_KAI: tuple[str, ...] = ("small", "big", "flower")


kinds_of = TileSet(
    TABLE,
    "{name} is not a Nanjing tile",
    {k: "a dragon, a hard flower" for k in DRAGON_KINDS},
)
"""The kind index of every playing tile in a text (MPSZ, Chinese names or glyphs), in order,
the Nanjing set's reader (:class:`~majiang.record_schema.TileSet`): ``kinds_of("55p 东")`` is
``(13, 13, 27)``; a flower or a dragon (a hard flower in Nanjing) raises RecordError
(``5z is a dragon, a hard flower: it goes in flowers, never in a hand``)."""

MELD_RULES = table_melds(TABLE, kinds_of, "", " (no chow in Nanjing)")
"""Nanjing's melds: peng and the kongs (no chow)."""


@dataclass(frozen=True)
class PlayerRecord:
    """One seat at the end of the hand: concealed ``hand`` (the winner's without the winning
    tile), ``melds`` in the order they were made, the hard ``flowers`` laid aside, the
    ``discards`` and whether the player declared 报听 (``ready``, for 地胡).

    Example:
        >>> PlayerRecord("123m", flowers="1f5z").flowers
        '1f5z'
    """

    hand: str
    melds: tuple[Meld, ...] = ()
    flowers: str = ""
    discards: str = ""
    ready: bool = False
    kinds: tuple[int, ...] | None = field(default=None, repr=False, compare=False)
    """The kinds of ``hand`` when known (read by the record check, or the engine's own), so
    that settling does not read the text again; None: read ``hand``."""
    laid: tuple[str, ...] | None = field(default=None, repr=False, compare=False)
    """The names of ``flowers`` when known (as :attr:`kinds`); None: read ``flowers``."""

    @property
    def flower_names(self) -> tuple[str, ...]:
        """The hard flowers laid aside, by name.

        Example:
            >>> PlayerRecord("123m", flowers="春 中").flower_names
            ('1f', '7z')
        """
        return parse_flowers(self.flowers) if self.laid is None else self.laid

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerRecord:
        """A player from its JSON form (missing fields default).

        Example:
            >>> PlayerRecord.from_dict({"hand": "123m"}).ready
            False
        """
        melds = tuple(Meld.from_dict(m) for m in data.get("melds") or ())
        return cls(
            data["hand"],
            melds,
            data.get("flowers") or "",
            data.get("discards") or "",
            data.get("ready", False),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form.

        Example:
            >>> PlayerRecord("123m", discards="9p").to_dict()
            {'hand': '123m', 'melds': [], 'flowers': '', 'discards': '9p', 'ready': False}
        """
        return {
            "hand": self.hand,
            "melds": [m.to_dict() for m in self.melds],
            "flowers": self.flowers,
            "discards": self.discards,
            "ready": self.ready,
        }


@dataclass(frozen=True)
class Penalty:
    """A 罚 (§7): ``same_four_in_a_row`` (``seat`` discarded first of four equal discards in a
    row) or ``four_by_one`` (``seat`` discarded four identical tiles); ``tile`` is optional.

    Example:
        >>> Penalty("four_by_one", 2, "9s").to_dict()
        {'kind': 'four_by_one', 'seat': 2, 'tile': '9s'}
    """

    kind: PenaltyKind
    seat: int
    tile: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``tile`` only when given).

        Example:
            >>> Penalty("same_four_in_a_row", 1).to_dict()
            {'kind': 'same_four_in_a_row', 'seat': 1}
        """
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = self.tile
        return out


@dataclass(frozen=True)
class WinResult:
    """The hand was won by ``winners`` (several only on one discard: 一炮多响) on ``tile`` from
    ``source`` (JSON ``"from"``; None: self-drawn; on 抢杠 the robbed seat), with the special
    ways of winning flagged.

    Example:
        >>> w = WinResult((1,), "5p", 3)
        >>> w.winner, w.self_drawn, w.to_dict()["winner"]
        (1, False, 1)
    """

    winners: tuple[int, ...]
    tile: str
    source: int | None = None
    gang_kai: GangKai | None = None
    kong_feeder: int | None = None
    qiang_gang: bool = False
    tian_hu: bool = False
    di_hu: bool = False
    haidi: bool = False

    @property
    def winner(self) -> int:
        """The (first) winner."""
        return self.winners[0]

    @property
    def self_drawn(self) -> bool:
        """Whether the winner drew the winning tile (杠开 included, 抢杠 not)."""
        return self.source is None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``winner`` a seat, or a list for several winners).

        Example:
            >>> WinResult((1, 2), "7p", 0).to_dict()["winner"]
            [1, 2]
        """
        return {
            "kind": "win",
            "winner": self.winners[0] if len(self.winners) == 1 else list(self.winners),
            "tile": self.tile,
            "from": self.source,
            "gang_kai": self.gang_kai,
            "kong_feeder": self.kong_feeder,
            "qiang_gang": self.qiang_gang,
            "tian_hu": self.tian_hu,
            "di_hu": self.di_hu,
            "haidi": self.haidi,
        }


@dataclass(frozen=True)
class HandRecord:
    """One finished Nanjing hand. Building one checks it (RecordError naming the field).

    ``bixiahu``: this hand follows a 比下胡 event (its win is doubled); ``bixiahu_flags``: the
    flags planted, for ``bixiahu_mode="per_flag"`` (None: 1 when ``bixiahu``, else 0).

    Example:
        >>> r = HandRecord(0, tuple(PlayerRecord(h) for h in
        ...     ("123456789m1234z", "123456789p1234z", "123456789s1234z", "1122334m556677p")),
        ...     DrawResult())
        >>> r.to_dict()["variant"], HandRecord.from_dict(r.to_dict()) == r
        ('nanjing', True)
    """

    dealer: int
    players: tuple[PlayerRecord, ...]
    result: WinResult | DrawResult
    bixiahu: bool = False
    bixiahu_flags: int | None = None
    penalties: tuple[Penalty, ...] = ()
    yuanzi_left: tuple[int, ...] | None = None
    """进园子: what each player can still lose this match (carried by the engine)."""
    options: NanjingOptions = field(default_factory=NanjingOptions)
    variant: Literal["nanjing"] = "nanjing"
    checked: bool = field(default=False, repr=False, compare=False)
    """Set by :meth:`from_dict` (already checked); otherwise building checks the record."""

    def __post_init__(self) -> None:
        if not self.checked:
            check_record(self.to_dict())
            object.__setattr__(self, "checked", True)

    @property
    def flags(self) -> int:
        """How many 比下胡 flags this hand carries (``bixiahu_flags``, or 1 when ``bixiahu``).

        Example:
            >>> r = HandRecord(0, tuple(PlayerRecord(h) for h in
            ...     ("123456789m1234z", "123456789p1234z", "123456789s1234z", "1122334m556677p")),
            ...     DrawResult(), bixiahu=True)
            >>> r.flags
            1
        """
        if self.bixiahu_flags is not None:
            return self.bixiahu_flags
        return 1 if self.bixiahu else 0

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A checked record from its JSON form (missing optional fields default).

        Example:
            >>> HandRecord.from_dict({"variant": "pingxiang"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected 'nanjing', got 'pingxiang'
        """
        c = record_check.check_record(data, SPEC)
        d: Mapping[str, Any] = data
        r = d["result"]
        result: WinResult | DrawResult = DrawResult()
        if r["kind"] == "win":
            raw = r["winner"]
            winners = (raw,) if isinstance(raw, int) else tuple(raw)
            result = WinResult(
                winners,
                r["tile"],
                r.get("from"),
                r.get("gang_kai"),
                r.get("kong_feeder"),
                **{name: r.get(name, False) for name in FLAGS},
            )
        penalties = tuple(
            Penalty(p["kind"], p["seat"], p.get("tile")) for p in d.get("penalties") or ()
        )
        seats: list[Seat] = c.seats
        players = tuple(
            PlayerRecord(
                s.facts.data["hand"],
                s.facts.melds,
                s.facts.data.get("flowers") or "",
                s.facts.data.get("discards") or "",
                s.ready,
                s.facts.hand,
                s.flowers,
            )
            for s in seats
        )
        return cls(
            dealer=c.values["dealer"],
            players=players,
            result=result,
            bixiahu=c.values["bixiahu"],
            bixiahu_flags=c.values["bixiahu_flags"],
            penalties=penalties,
            yuanzi_left=None if d.get("yuanzi_left") is None else tuple(d["yuanzi_left"]),
            options=c.options,
            checked=True,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``HandRecord.from_dict(r.to_dict()) == r``.

        Example:
            >>> r = HandRecord.from_dict({"dealer": 1, "options": {"values": "v2_run10"},
            ...     "players": [{"hand": "123456789m1234z"}, {"hand": "123456789p1234z"},
            ...                 {"hand": "123456789s1234z"}, {"hand": "1122334m556677p"}],
            ...     "penalties": [{"kind": "four_by_one", "seat": 2}],
            ...     "result": {"kind": "draw"}})
            >>> r.to_dict()["options"], r.to_dict()["penalties"]
            ({'values': 'v2_run10'}, [{'kind': 'four_by_one', 'seat': 2}])
        """
        out: dict[str, Any] = {
            "variant": self.variant,
            "options": self.options.overrides(),
            "dealer": self.dealer,
            "bixiahu": self.bixiahu,
            "players": [p.to_dict() for p in self.players],
            "penalties": [p.to_dict() for p in self.penalties],
            "result": self.result.to_dict(),
        }
        if self.bixiahu_flags is not None:
            out["bixiahu_flags"] = self.bixiahu_flags
        if self.yuanzi_left is not None:
            out["yuanzi_left"] = list(self.yuanzi_left)
        return out


def from_engine(data: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine finished: the record ``data`` it wrote (its
    scalar fields, 罚 and result) and the engine's ``state`` (each seat's counts, melds and
    flowers, as they are: no tile text is read). Not checked: the engine's values are its
    own. The record is remembered for ``data`` (:func:`checked`), where the engine's 比下胡
    question (``next_dealer``) finds it; the dict remembered, unchanged, gives it back.

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game("nanjing", seed=2), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[-1], g.state) == HandRecord.from_dict(g.records[-1])
        True
    """
    key = _key(data)
    if key is not None and _LAST[0] is data and _LAST[1] == key:
        known: HandRecord = _LAST[2]
        return known
    r = data["result"]
    result: WinResult | DrawResult = DrawResult()
    if r["kind"] == "win":
        raw = r["winner"]
        result = WinResult(
            (raw,) if type(raw) is int else tuple(raw),
            r["tile"],
            r["from"],
            r["gang_kai"],
            r["kong_feeder"],
            r["qiang_gang"],
            r["tian_hu"],
            r["di_hu"],
            r["haidi"],
        )
    players = tuple(
        PlayerRecord(
            p["hand"],
            tuple(state.melds[s]),
            p["flowers"],
            p["discards"],
            p["ready"],
            counts_kinds(state.hands[s]),
            tuple(TILE_NAMES[t] for t in state.flowers[s]),
        )
        for s, p in enumerate(data["players"])
    )
    left = data.get("yuanzi_left")
    typed = HandRecord(
        dealer=data["dealer"],
        players=players,
        result=result,
        bixiahu=data["bixiahu"],
        bixiahu_flags=data.get("bixiahu_flags"),
        penalties=tuple(Penalty(p["kind"], p["seat"], p.get("tile")) for p in data["penalties"]),
        yuanzi_left=None if left is None else tuple(left),
        options=NanjingOptions.from_dict(data["options"]),
        checked=True,
    )
    if key is not None:
        _LAST[:] = [data, key, typed]
    return typed


_LAST: list[Any] = [None, "", None]
"""The last plain-dict record read: the dict itself, its ``repr`` and its HandRecord."""


def _key(data: Any) -> str | None:
    """The ``repr`` of a plain dict (any change to a JSON value in it changes it); None for
    anything else, or a dict it cannot be written for (an int too long, nesting too deep)."""
    if type(data) is not dict:
        return None
    try:
        return repr(data)
    except Exception:
        return None


def checked(record: HandRecord | Mapping[str, Any]) -> HandRecord:
    """The checked record. The engine settles each finished hand and then asks whether it
    was a 比下胡 (``next_dealer``) of the same dict: the last one read (or built by
    :func:`from_engine`) is not read again while it is that very dict with the same contents
    (its ``repr``; any change to a JSON value changes it). A HandRecord is frozen, so sharing
    it is safe.

    Example:
        >>> r = {"dealer": 0, "players": [{"hand": "123456789m1234z"}, {"hand":
        ...     "123456789p1234z"}, {"hand": "123456789s1234z"}, {"hand": "1122334m556677p"}],
        ...     "result": {"kind": "draw"}}
        >>> checked(r) is checked(r)
        True
    """
    if isinstance(record, HandRecord):
        return record
    key = _key(record)
    if key is None:
        return HandRecord.from_dict(record)
    if _LAST[0] is record and _LAST[1] == key:
        found: HandRecord = _LAST[2]
        return found
    parsed = HandRecord.from_dict(record)
    _LAST[:] = [record, key, parsed]
    return parsed


def _flowers(value: Any, path: str | Loc) -> tuple[str, ...]:
    return parts.text_field(value, path, parse_flowers, "flowers")


def _one_tile(value: Any, path: str | Loc) -> int:
    return parts.one_tile_field(value, path, kinds_of)


class Seat(NamedTuple):
    """A checked Nanjing seat: the shared parts, the hard flowers laid aside and 报听."""

    facts: SeatFacts
    flowers: tuple[str, ...]
    ready: bool


def _seat(raw: Any, seat: int, c: Checked) -> Seat:
    facts = check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)
    path = ("players", seat)
    p = facts.data
    laid = _flowers(p.get("flowers") or "", (*path, "flowers"))
    seen: dict[str, int] = c.scratch.setdefault("flowers", {})
    for name in laid:
        seen[name] = seen.get(name, 0) + 1
        limit = 4 if name in DRAGONS else 1
        if seen[name] > limit:
            what = "four of each dragon" if limit == 4 else "one of each flower"
            raise fail((*path, "flowers"), f"another {name}: only {what} exist")
    ready = parts.flag_field(p.get("ready", False), (*path, "ready"))
    return Seat(facts, laid, ready)


def _bixiahu_flags(value: Any, c: Checked) -> int | None:
    return None if value is None else parts.whole_number_field(value, "bixiahu_flags", 0, MAX_FLAGS)


def _yuanzi_left(value: Any, c: Checked) -> tuple[int, ...] | None:
    if value is None:
        return None
    seats = parts.list_field(value, "yuanzi_left", "amounts")
    if len(seats) != 4:
        raise fail("yuanzi_left", f"expected four amounts, got {len(seats)}")
    left = tuple(
        parts.whole_number_field(x, f"yuanzi_left[{i}]", 0, MAX_GARDEN) for i, x in enumerate(seats)
    )
    # The hands move money between the gardens, never add to them: a bound on the sum holds
    # for every later record the engine carries.
    if sum(left) > MAX_GARDEN:
        raise fail(
            "yuanzi_left", f"the four 园子 hold at most {MAX_GARDEN} together, got {sum(left)}"
        )
    return left


def _penalties(value: Any, c: Checked) -> None:
    given = parts.list_field(value or [], "penalties", "penalties")
    if len(given) > NUM_KINDS:  # each 罚 takes all four copies of its tile: one per kind
        raise fail("penalties", f"at most {NUM_KINDS} (one per kind), got {len(given)}")
    for i, raw in enumerate(given):
        path = ("penalties", i)
        pen = parts.object_field(raw, path, PENALTY_KEYS)
        if pen.get("kind") not in PENALTY_KINDS:
            raise fail(
                (*path, "kind"),
                f"expected one of {', '.join(PENALTY_KINDS)}, got {quoted(pen.get('kind'))}",
            )
        parts.seat_field(pen.get("seat"), (*path, "seat"))
        if pen.get("tile") is not None:
            _one_tile(pen["tile"], (*path, "tile"))


class Win(NamedTuple):
    """A checked Nanjing win: every winner, the tile, where it came from and how."""

    winners: tuple[int, ...]
    tile: int
    source: int | None
    flags: dict[str, bool]
    gang_kai: str | None
    feeder: int | None


def _result(value: Any, c: Checked) -> Win | None:
    r, kind = parts.result_kind(value, RESULT_KEYS)
    if kind != "win":
        return None
    winners = _winners(r.get("winner"), c.options)
    tile = _one_tile(r.get("tile"), "result.tile")
    source = parts.discard_source(r.get("from"), winners)
    if source is None and len(winners) > 1:
        raise fail("result.winner", "several winners only on one discard (from a seat)")
    flags = {name: parts.flag_field(r.get(name, False), f"result.{name}") for name in FLAGS}
    gang_kai = r.get("gang_kai")
    if gang_kai is not None and gang_kai not in GANG_KAI:
        raise fail(
            "result.gang_kai", f"expected null or one of small, big, flower, got {quoted(gang_kai)}"
        )
    feeder = r.get("kong_feeder")
    if feeder is not None:
        parts.seat_field(feeder, "result.kong_feeder")
    return Win(winners, tile, source, flags, gang_kai, feeder)


def _win_flags(c: Checked) -> None:
    w: Win | None = c.values["result"]
    if w is not None:
        for winner in w.winners:
            _check_flags(w, winner, c.values["dealer"], c.options, c.seats)


def _tile_counts(c: Checked) -> None:
    w: Win | None = c.values["result"]
    seat_tile_counts([s.facts for s in c.seats], None if w is None else w.tile)


def _winning_hands(c: Checked) -> None:
    w: Win | None = c.values["result"]
    if w is None:
        return
    seats: list[Seat] = c.seats
    for winner in w.winners:
        punged = yajue_kinds([s.facts.melds for s in seats], winner, c.options)
        seat = seats[winner]
        hand, melds = seat.facts.hand, seat.facts.melds
        score = score_hand(
            [hand.count(k) for k in range(NUM_KINDS)],
            w.tile,
            melds,
            flowers=seat.flowers,
            source=w.source,
            winner=winner,
            options=c.options,
            tian_hu=w.flags["tian_hu"],
            di_hu=w.flags["di_hu"],
            gang_kai=w.gang_kai,
            haidi=w.flags["haidi"],
            punged=punged,
        )
        if score is None:
            raise fail(
                "result.tile",
                f"players[{winner}]'s hand {seat.facts.data['hand']} with {KINDS[w.tile]} "
                f"({len(melds)} meld(s), {len(seat.flowers)} hard flower(s)) "
                "does not win under Nanjing rules (a small hand needs 门清 or four hard "
                "flowers)",
            )


SPEC: RecordSpec[Checked] = RecordSpec(
    variant="nanjing",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=RESULT_KEYS,
    options=NanjingOptions.from_dict,
    fields=(
        DEALER,
        Field("bixiahu", lambda value, c: parts.flag_field(value, "bixiahu"), False),
        Field("bixiahu_flags", _bixiahu_flags),
        Field("yuanzi_left", _yuanzi_left),
        Field("players", players_check),
    ),
    player=_seat,
    after=(Field("penalties", _penalties), Field("result", _result)),
    checks=(_win_flags, _tile_counts, _winning_hands),
    finish=lambda c: c,
    melds=MELD_RULES,
)
"""The Nanjing record: its fields and their checks, in order (see the module docstring)."""


def check_record(data: Any) -> NanjingOptions:
    """Checks a record in JSON form (see the module docstring) and returns its options;
    RecordError naming the field if it cannot have happened.

    Example:
        >>> check_record({"dealer": 0, "players": [], "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 0
    """
    options: NanjingOptions = record_check.check_record(data, SPEC).options
    return options


def _winners(value: Any, options: NanjingOptions) -> tuple[int, ...]:
    if isinstance(value, list | tuple):
        if not value:
            raise fail("result.winner", "expected a seat or a non-empty list of seats")
        seats = tuple(parts.seat_field(v, f"result.winner[{i}]") for i, v in enumerate(value))
        if len(set(seats)) != len(seats):
            raise fail("result.winner", f"a seat wins once, got {quoted(list(seats))}")
        if len(seats) > 1 and not options.multiple_winners:
            raise fail("result.winner", "several winners (一炮多响) need multiple_winners")
        return seats
    return (parts.seat_field(value, "result.winner"),)


def _check_flags(
    w: Win, winner: int, dealer: int, options: NanjingOptions, seats: list[Seat]
) -> None:
    flags, gang_kai, feeder, source, tile = w.flags, w.gang_kai, w.feeder, w.source, w.tile
    melds = [s.facts.melds for s in seats]
    flowers = [s.flowers for s in seats]
    on = [
        name
        for name in ("gang_kai", "qiang_gang", "tian_hu", "di_hu")
        if (gang_kai is not None if name == "gang_kai" else flags[name])
    ]
    if len(on) > 1:
        raise fail(f"result.{on[1]}", f"cannot go with {on[0]}")
    if flags["haidi"] and flags["tian_hu"]:
        raise fail("result.haidi", "cannot go with tian_hu")
    if gang_kai is not None:
        if source is not None:
            raise fail("result.gang_kai", "杠开 is self-drawn (from must be null)")
        if gang_kai == "small" and not flowers[winner]:
            raise fail("result.gang_kai", "小杠开花 needs a hard flower laid aside")
        if gang_kai == "big" and not any(m.is_gang for m in melds[winner]):
            raise fail("result.gang_kai", "大杠开花 needs a kong among the winner's melds")
        if gang_kai == "flower" and not flower_kongs(flowers[winner]):
            raise fail("result.gang_kai", "花杠开 needs a 花杠 among the winner's flowers")
    if feeder is not None:
        if gang_kai is None:
            raise fail("result.kong_feeder", "only a 杠开 win has a kong feeder")
        if feeder == winner or not any(m.source == feeder for m in melds[winner]):
            raise fail("result.kong_feeder", f"seat {feeder} fed none of seat {winner}'s melds")
    if flags["qiang_gang"]:
        parts.check_qiang_gang(source, tile, melds)
    if flags["tian_hu"]:
        if winner != dealer or source is not None:
            raise fail("result.tian_hu", "天胡 is the dealer's own dealt hand, self-drawn")
        parts.check_nothing_before(melds, [s.facts.pond for s in seats])
    if flags["di_hu"]:
        if not seats[winner].ready:
            raise fail("result.di_hu", f"地胡 needs 报听: players[{winner}].ready")
        if melds[winner]:
            raise fail("result.di_hu", "地胡 is won on the dealt tiles (no melds)")
        if options.v2 and winner == dealer:
            raise fail("result.di_hu", "地胡 is a non-dealer's (v2)")
