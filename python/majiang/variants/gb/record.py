"""The GB hand record, typed and checked: what happened in one hand.

The JSON form is the engine's (``majiang.Game("gb")`` writes it): ``variant`` ``"gb"``,
``options``, ``dealer`` (East: seat winds run from the dealer, ``[001]`` "庄家为东风, 下家为
南风"), ``dealer_streak``, ``prevalent_wind`` (0-3, 圈风: East in the first four hands),
``players`` (``hand``, ``melds``, ``flowers`` laid aside, ``discards``, ``dealt``) and
``result``: ``{"kind": "draw"}`` or a win (``winner``, ``tile``, ``from``: null when
self-drawn, the robbed seat on 抢杠; flags ``gang_kai`` 杠上开花, ``qiang_gang`` 抢杠和,
``last_tile`` the wall was empty (妙手回春 / 海底捞月), ``tian_hu``, ``di_hu``, ``ren_hu`` the
seed's non-GB wins). 和绝张 is read from the record: the other three copies of the winning
tile lie in the ponds or the exposed melds (a concealed kong is not seen).

Building a record checks it, so a record that cannot have happened raises
:class:`~majiang.errors.RecordError` whose message starts with the field's path: known fields
only, seats 0-3, melds that are melds (a chi a suit sequence from the 上家), 13 - 3 per meld
concealed tiles, no fifth copy and no flower twice, and a win that wins with at least
``min_fan`` 番 without flowers (else 错和, a false win).

Example:
    >>> r = HandRecord.from_dict({
    ...     "dealer": 0,
    ...     "players": [{"hand": "123m456m789m234p5p", "flowers": "1f2f"},
    ...                 {"hand": "147m258p369s1234z"}, {"hand": "22m33m44m66s88s777z"},
    ...                 {"hand": "567m567p78s8p9s135z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "5p", "from": None}})
    >>> r.result.self_drawn, r.players[0].flowers
    (True, '1f2f')
    >>> HandRecord.from_dict({**r.to_dict(), "prevalent_wind": 4})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: prevalent_wind: expected a whole number 0-3, got 4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from majiang import record_check
from majiang import record_parts as parts
from majiang._core import parse_tiles
from majiang.bounds import MAX_STREAK
from majiang.errors import MajiangError, NotWinningError, RecordError, WinFlagsError, quoted
from majiang.meld import Meld
from majiang.record_check import (
    Checked,
    Field,
    FieldProblem,
    RecordSpec,
    SeatFacts,
    check_seat,
    check_win,
    checked_fields,
    seat_tile_counts,
)
from majiang.record_parts import DrawResult, fail
from majiang.record_schema import TileSet, counts_kinds, table_melds
from majiang.tiles import FLOWERS, KIND_INDEX, KINDS, NUM_KINDS, SEATS
from majiang.variants.gb.hands import HandScore, score_win
from majiang.variants.gb.options import GbOptions
from majiang.variants.gb.rules import TABLE

__all__ = [
    "MELD_RULES",
    "SPEC",
    "DrawResult",
    "HandRecord",
    "PlayerRecord",
    "WinResult",
    "check_record",
    "from_engine",
    "kinds_of",
    "parse_flowers",
    "score_record",
    "score_seats",
]

RECORD_KEYS = frozenset(
    {"variant", "options", "dealer", "dealer_streak", "prevalent_wind", "players", "result"}
)
PLAYER_KEYS = frozenset({"hand", "melds", "flowers", "discards", "dealt"})
FLAGS: tuple[str, ...] = ("gang_kai", "qiang_gang", "last_tile", "tian_hu", "di_hu", "ren_hu")
"""The win's flags, in the order of :class:`WinResult`."""
RESULT_KEYS = frozenset({"kind", "winner", "tile", "from", *FLAGS})
SPECIALS: dict[str, str] = {"tian_hu": "天和", "di_hu": "地和", "ren_hu": "人和"}


kinds_of = TileSet(TABLE, "{name} is not a GB tile")
"""The kind index of every tile in a text (no flowers: they go in ``flowers``), the GB set's
reader (:class:`~majiang.record_schema.TileSet`): ``kinds_of("55p 中")`` is ``(13, 13, 33)``,
``kinds_of("1f")`` a RecordError (``1f is a flower: it goes in flowers, never in a hand``)."""


def parse_flowers(text: str) -> tuple[str, ...]:
    """The flowers in ``text`` (MPSZ ``1f``-``8f``), in order; RecordError for any other tile.

    Example:
        >>> parse_flowers("1f8f")
        ('1f', '8f')
    """
    names = tuple(parse_tiles(text))
    for name in names:
        if name not in FLOWERS:
            raise RecordError(f"{name} is no flower (1f-8f)")
    return names


MELD_RULES = table_melds(TABLE, kinds_of, "three numbers in a row of one suit")
"""GB's melds: chi (a suit sequence from the 上家), peng and the kongs."""


@dataclass(frozen=True)
class PlayerRecord:
    """One seat at the end of a GB hand: concealed ``hand`` (the winner's without the winning
    tile), ``melds``, ``flowers`` laid aside, ``discards`` in the pond, ``dealt`` (optional).

    Example:
        >>> PlayerRecord.from_dict({"hand": "123m", "flowers": "3f"}).to_dict()["flowers"]
        '3f'
    """

    hand: str
    melds: tuple[Meld, ...] = ()
    flowers: str = ""
    discards: str = ""
    dealt: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerRecord:
        """A player from its JSON form (checked as part of a record).

        Example:
            >>> PlayerRecord.from_dict({"hand": "123m"}).melds
            ()
        """
        melds = tuple(Meld.from_dict(m) for m in data.get("melds") or ())
        return cls(
            data["hand"],
            melds,
            data.get("flowers") or "",
            data.get("discards") or "",
            data.get("dealt"),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``dealt`` only when given).

        Example:
            >>> PlayerRecord("123m").to_dict()
            {'hand': '123m', 'melds': [], 'flowers': '', 'discards': ''}
        """
        out: dict[str, Any] = {
            "hand": self.hand,
            "melds": [m.to_dict() for m in self.melds],
            "flowers": self.flowers,
            "discards": self.discards,
        }
        if self.dealt is not None:
            out["dealt"] = self.dealt
        return out


@dataclass(frozen=True)
class WinResult(parts.WinResult):
    """A GB win: the shared win (``winner`` took ``tile`` from ``source``, None: self-drawn)
    with GB's flags: ``last_tile`` (海底捞月 / 妙手回春) and ``ren_hu`` besides 天和 and 地和.

    Example:
        >>> WinResult(1, "5p", 3).self_drawn, WinResult(2, "7z", 0).to_dict()["last_tile"]
        (False, False)
        >>> WinResult.from_dict({"kind": "win", "winner": 2, "tile": "7z", "from": 0}).source
        0
    """

    last_tile: bool = False
    ren_hu: bool = False

    FLAGS: ClassVar[tuple[str, ...]] = FLAGS

    @property
    def special(self) -> str | None:
        """天和, 地和 or 人和 when flagged.

        Example:
            >>> WinResult(0, "4s", tian_hu=True).special
            '天和'
        """
        for name, zh in SPECIALS.items():
            if getattr(self, name):
                return zh
        return None


def _player(s: SeatFacts) -> PlayerRecord:
    d = s.data
    return PlayerRecord(
        d["hand"], s.melds, d.get("flowers") or "", d.get("discards") or "", d.get("dealt")
    )


@dataclass(frozen=True)
class HandRecord:
    """One finished GB hand. Building one checks it (RecordError naming the field).

    Example:
        >>> r = HandRecord(0, tuple(PlayerRecord(h) for h in
        ...     ("123456789m3457z", "123456789p3457z", "123456789s3456z", "1122334m556677p")),
        ...     DrawResult())
        >>> r.to_dict()["variant"], HandRecord.from_dict(r.to_dict()) == r
        ('gb', True)
    """

    dealer: int
    players: tuple[PlayerRecord, ...]
    result: WinResult | DrawResult
    dealer_streak: int = 1
    prevalent_wind: int = 0
    options: GbOptions = field(default_factory=GbOptions)
    variant: Literal["gb"] = "gb"
    checked: bool = field(default=False, repr=False, compare=False)
    """Set by :meth:`from_dict` (already checked); otherwise building checks the record."""
    score: HandScore | None = field(default=None, repr=False, compare=False)
    """The win's score when known (the engine's record: settling scores it no more)."""

    def __post_init__(self) -> None:
        if not self.checked:
            check_record(self.to_dict())
            object.__setattr__(self, "checked", True)

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A checked record from its JSON form (missing optional fields default).

        Example:
            >>> HandRecord.from_dict({"variant": "nanchang"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected 'gb', got 'nanchang'
        """
        c = record_check.check_record(data, SPEC)
        r = data["result"]
        result = WinResult.from_dict(r) if r["kind"] == "win" else DrawResult()
        return cls(
            **checked_fields(c, data, _player, result=result),
            prevalent_wind=c.values["prevalent_wind"],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``HandRecord.from_dict(r.to_dict()) == r``.

        Example:
            >>> r = HandRecord.from_dict({"dealer": 1, "options": {"min_fan": 0},
            ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
            ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
            ...     "result": {"kind": "draw"}})
            >>> r.to_dict()["options"], r.to_dict()["prevalent_wind"]
            ({'min_fan': 0}, 0)
        """
        return {
            "variant": self.variant,
            "options": self.options.overrides(),
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "prevalent_wind": self.prevalent_wind,
            "players": [p.to_dict() for p in self.players],
            "result": self.result.to_dict(),
        }


@dataclass(frozen=True)
class GbWin:
    """A checked win: winner, tile kind, source and the flags by name."""

    winner: int
    tile: int
    source: int | None
    flags: Mapping[str, bool]


def _seat(raw: Any, seat: int, c: Checked) -> SeatFacts:
    facts = check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)
    p = facts.data
    given = p.get("flowers")
    laid: tuple[str, ...] = ()
    if given:
        path = ("players", seat, "flowers")
        laid = parts.text_field(given, path, parse_flowers, "flowers")
        o: GbOptions = c.options
        if laid and not o.flowers:
            raise fail(path, "no flowers are in play (option flowers is off)")
        seen: dict[str, int] = c.scratch.setdefault("flowers", {})
        for name in laid:
            if name in seen:
                raise fail(path, f"{name} is laid aside twice (seat {seen[name]} too)")
            seen[name] = seat
    counts = c.scratch.get("flower_counts")
    if counts is None:
        counts = c.scratch["flower_counts"] = []
    counts.append(len(laid))
    if p.get("dealt") is not None:
        path = ("players", seat, "dealt")
        dealt = parts.tiles_field(p["dealt"], path, kinds_of)
        want = 14 if seat == c.values["dealer"] else 13
        if len(dealt) != want:
            raise fail(path, f"expected {want} dealt tiles, got {len(dealt)}")
        if any(dealt.count(k) > 4 for k in set(dealt)):
            raise fail(path, "more than four of one tile")
    return facts


def _wind(value: Any, c: Checked) -> int:
    if type(value) is not int or not 0 <= value < SEATS:
        raise fail("prevalent_wind", f"expected a whole number 0-3, got {quoted(value)}")
    return value


def _result(value: Any, c: Checked) -> GbWin | None:
    if type(value) is not dict or not value.keys() <= RESULT_KEYS:
        parts.object_field(value, "result", RESULT_KEYS)
    r: Mapping[str, Any] = value
    kind = r.get("kind")
    if kind == "draw":
        if len(r) > 1:
            parts.object_field(r, "result", frozenset({"kind"}))
        return None
    if kind != "win":
        raise fail("result.kind", f"expected 'win' or 'draw', got {quoted(kind)}")
    try:
        w = check_win(
            r.get("winner"), r.get("tile"), r.get("from"), (False,) * 4, kinds_of, "tiles"
        )
    except FieldProblem as e:
        raise record_check.field_fail("result", e) from None
    flags: dict[str, bool] = {}
    for name in FLAGS:
        v = r.get(name, False)
        if type(v) is not bool:
            raise fail(f"result.{name}", f"expected true or false, got {quoted(v)}")
        flags[name] = v
    return GbWin(w.winner, w.tile, w.source, flags)


def _win_flags(c: Checked) -> None:
    w: GbWin | None = c.values["result"]
    if w is None:
        return
    seats: list[SeatFacts] = c.seats
    melds = [s.melds for s in seats]
    ponds = [s.pond for s in seats]
    dealer: int = c.values["dealer"]
    on = [name for name in ("tian_hu", "di_hu", "ren_hu") if w.flags[name]]
    if len(on) > 1:
        raise fail(f"result.{on[1]}", f"cannot go with {on[0]}")
    if w.flags["gang_kai"] and w.source is not None:
        raise fail("result.gang_kai", "杠上开花 is self-drawn (from must be null)")
    if w.flags["qiang_gang"]:
        parts.check_qiang_gang(w.source, w.tile, melds)
        if w.flags["last_tile"]:
            raise fail("result.last_tile", "a robbed kong is no discard: not 海底捞月")
    if on and any(melds):
        raise fail(f"result.{on[0]}", f"{SPECIALS[on[0]]} is won before any meld")
    if w.flags["tian_hu"]:
        if w.winner != dealer or w.source is not None:
            raise fail("result.tian_hu", "天和 is the dealer's own 14 dealt tiles")
        parts.check_nothing_before(melds, ponds)
    if w.flags["di_hu"]:
        nxt = (dealer + 1) % SEATS
        if w.winner != nxt or w.source is not None:
            raise fail("result.di_hu", "地和 is the dealer's 下家 self-drawing its first tile")
        if [len(p) for p in ponds] != [1 if s == dealer else 0 for s in range(SEATS)]:
            raise fail("result.di_hu", "地和 follows the dealer's first discard only")
    if w.flags["ren_hu"] and any(len(p) > 1 for p in ponds):
        raise fail("result.ren_hu", "人和 is a win in the first go-round (one discard each)")


def _tile_counts(c: Checked) -> None:
    w: GbWin | None = c.values["result"]
    seat_tile_counts(c.seats, None if w is None else w.tile)


def visible_copies(seats: list[SeatFacts], winner: int, kind: int) -> int:
    """How many copies of ``kind`` the winner sees: in every pond, every exposed meld and
    its own melds (another seat's concealed kong is face down).

    Example:
        >>> s = SeatFacts({}, (), (Meld("peng", (4, 4, 4), 1),), (4,))
        >>> visible_copies([s, SeatFacts({}, (), (), ())] * 2, 1, 4)
        8
    """
    n = 0
    for seat, s in enumerate(seats):
        n += s.pond.count(kind)
        for m in s.melds:
            if m.kind != "an_gang" or seat == winner:
                n += m.kinds.count(kind)
    return n


def _winning_hand(c: Checked) -> None:
    w: GbWin | None = c.values["result"]
    if w is None:
        return
    c.scratch["score"] = score_seats(
        c.seats,
        w,
        c.values["dealer"],
        c.values["prevalent_wind"],
        c.scratch["flower_counts"],
        c.options,
    )


def score_seats(
    seats: list[SeatFacts],
    w: GbWin,
    dealer: int,
    prevalent_wind: int,
    flower_counts: list[int],
    o: GbOptions,
) -> HandScore:
    """The score of the win ``w`` from each seat's tiles (checked, or the engine's own) and
    the seats' flower counts; RecordError for a 错和 (no win, or below 起和 without flowers).

    Example:
        >>> seats = [SeatFacts({}, kinds_of("123m456m789m234p5p"), (), ())] + [
        ...     SeatFacts({}, (), (), ())] * 3
        >>> score_seats(seats, GbWin(0, 13, None, dict.fromkeys(FLAGS, False)), 0, 0,
        ...             [0] * 4, GbOptions()).total
        23
    """
    seat = seats[w.winner]
    concealed = [0] * NUM_KINDS
    for k in seat.hand:
        concealed[k] += 1
    special = next((zh for name, zh in SPECIALS.items() if w.flags[name]), None)
    try:
        score = score_win(
            concealed,
            seat.melds,
            w.tile,
            self_drawn=w.source is None,
            seat=w.winner,
            seat_wind=(w.winner - dealer) % SEATS,
            prevalent_wind=prevalent_wind,
            flowers=flower_counts[w.winner],
            last_copy=visible_copies(seats, w.winner, w.tile) == 3,
            replacement=w.flags["gang_kai"],
            robbing=w.flags["qiang_gang"],
            last_tile=w.flags["last_tile"],
            special=special,
            options=o,
        )
    except NotWinningError:
        raise fail(
            "result.tile",
            f"错和: players[{w.winner}]'s hand {seat.data['hand']} with {KINDS[w.tile]} "
            f"({len(seat.melds)} meld(s)) does not win",
        ) from None
    except WinFlagsError as e:
        raise fail("result", f"错和: {e}") from None
    except MajiangError as e:
        raise fail(("players", w.winner), str(e)) from None
    if score.counted < o.min_fan:
        raise fail(
            "result",
            f"错和: {score.counted} 番 without flowers ({score.detail}), below 起和 {o.min_fan}",
        )
    return score


def from_engine(data: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine finished, with its score: the record ``data``
    it wrote (its scalar fields and flags) and the engine's ``state`` (each seat's counts,
    melds, pond and flowers, as they are: no tile text is read).

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game("gb", seed=5), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[-1], g.state) == HandRecord.from_dict(g.records[-1])
        True
    """
    options = GbOptions.from_dict(data["options"])
    r = data["result"]
    players = tuple(
        PlayerRecord(p["hand"], tuple(state.melds[s]), p["flowers"], p["discards"], p.get("dealt"))
        for s, p in enumerate(data["players"])
    )
    record = HandRecord(
        dealer=data["dealer"],
        players=players,
        result=WinResult.from_dict(r) if r["kind"] == "win" else DrawResult(),
        dealer_streak=data["dealer_streak"],
        prevalent_wind=data["prevalent_wind"],
        options=options,
        checked=True,
    )
    if r["kind"] == "win":
        seats = [
            SeatFacts(
                p,
                counts_kinds(state.hands[s]),
                tuple(state.melds[s]),
                tuple(sorted(state.ponds[s])),
            )
            for s, p in enumerate(data["players"])
        ]
        flags = {name: r[name] for name in FLAGS}
        w = GbWin(r["winner"], KIND_INDEX[r["tile"]], r["from"], flags)
        counts = [len(f) for f in state.flowers]
        score = score_seats(seats, w, data["dealer"], data["prevalent_wind"], counts, options)
        object.__setattr__(record, "score", score)
    return record


SPEC: RecordSpec[Checked] = RecordSpec(
    variant="gb",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=RESULT_KEYS,
    options=GbOptions.from_dict,
    fields=(
        Field("dealer", lambda value, c: parts.seat_field(value, "dealer")),
        Field(
            "dealer_streak",
            lambda value, c: parts.whole_number_field(value, "dealer_streak", 1, MAX_STREAK),
            1,
        ),
        Field("prevalent_wind", _wind, 0),
        Field("players", record_check.players_check),
    ),
    player=_seat,
    after=(Field("result", _result),),
    checks=(_win_flags, _tile_counts, _winning_hand),
    finish=lambda c: c,
    melds=MELD_RULES,
)
"""The GB record: its fields and their checks, in order (see the module docstring)."""


def check_record(data: Any) -> GbOptions:
    """Checks a record in JSON form (see the module docstring) and returns its options;
    RecordError naming the field if it cannot have happened.

    Example:
        >>> check_record({"dealer": 0, "players": [], "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 0
    """
    options: GbOptions = record_check.check_record(data, SPEC).options
    return options


def score_record(data: Any) -> tuple[GbOptions, HandScore | None]:
    """Checks a record and returns its options and the win's score (None for a draw).

    Example:
        >>> score_record({"dealer": 0, "players": [{"hand": "123456789m3457z"},
        ...     {"hand": "123456789p3457z"}, {"hand": "123456789s3456z"},
        ...     {"hand": "1122334m556677p"}], "result": {"kind": "draw"}})[1] is None
        True
    """
    c = record_check.check_record(data, SPEC)
    return c.options, c.scratch.get("score")
