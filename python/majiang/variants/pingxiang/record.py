"""The Pingxiang hand record, typed and checked: what happened in one hand.

:class:`HandRecord` mirrors the game engine's JSON form (``from_dict`` / ``to_dict``, the same
form as Nanchang's; the jing indicators are kept but ignored: Pingxiang has no wild tiles).
Building one checks it, so a record that cannot have happened raises
:class:`~majiang.errors.RecordError` whose message starts with the field's path
(``players[2].melds[0].from: ...``):

- known fields only; ``variant`` is ``"pingxiang"``; seats 0-3; known options;
- melds: a chi is three numbers in a row of one suit (honors cannot be chowed) from the
  previous player (上家); a peng is three of a kind, a kong four; an an_gang takes no tile
  (``from`` null), the others name another seat (a bu_gang keeps the seat of its pung);
- each concealed hand has 13 - 3 per meld tiles (the winner's without the winning tile);
- no kind has more than four copies across hands, melds, discards and the winning tile;
- the winner's hand with the winning tile wins under Pingxiang rules; 杠开 is self-drawn with a
  kong; 抢杠 robs a peng of the winning tile held by ``from``; 天胡 is the dealer's before any
  discard or meld; 地胡 a non-dealer's, without melds, on the dealer's discard; at most one.

Example:
    >>> from majiang.variants.pingxiang.record import HandRecord
    >>> r = HandRecord.from_dict({
    ...     "dealer": 0,
    ...     "players": [{"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"},
    ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None}})
    >>> r.result.self_drawn, r.players[3].hand
    (True, '567m567p78s8p9s135z')
    >>> HandRecord.from_dict({**r.to_dict(), "dealer": 4})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: dealer: expected a seat 0-3, got 4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from majiang import record_check
from majiang import record_parts as parts
from majiang.bounds import MAX_STREAK
from majiang.meld import Meld
from majiang.record_check import (
    Checked,
    Field,
    RecordSpec,
    SeatFacts,
    WinFacts,
    check_seat,
    checked_fields,
    players_check,
    result_field,
    result_tile_counts,
    result_win_flags,
)
from majiang.record_parts import NANCHANG_FORM_PLAYER_KEYS as PLAYER_KEYS
from majiang.record_parts import NANCHANG_FORM_RECORD_KEYS as RECORD_KEYS
from majiang.record_parts import NANCHANG_FORM_RESULT_KEYS as RESULT_KEYS
from majiang.record_parts import DrawResult, PlayerRecord, WinResult, fail
from majiang.record_schema import TileSet, counts_kinds, table_melds
from majiang.tiles import KINDS, NUM_KINDS
from majiang.variants.pingxiang.hands import HandScore, score_hand
from majiang.variants.pingxiang.options import PingxiangOptions
from majiang.variants.pingxiang.rules import TABLE

__all__ = [
    "MELD_RULES",
    "SPEC",
    "DrawResult",
    "HandRecord",
    "Meld",
    "MeldKind",
    "PlayerRecord",
    "WinResult",
    "check_record",
    "from_engine",
    "kinds_of",
]

MeldKind = Literal["chi", "peng", "ming_gang", "an_gang", "bu_gang"]


kinds_of = TileSet(TABLE, "{name} is a flower; Pingxiang has no flowers")
"""The kind index of every tile in a text (MPSZ, Chinese names or glyphs), in order: the
Pingxiang set's reader (:class:`~majiang.record_schema.TileSet`), ``kinds_of("55p 中")`` is
``(13, 13, 33)``."""

MELD_RULES = table_melds(
    TABLE, kinds_of, "three numbers in a row of one suit; honors cannot be chowed"
)
"""Pingxiang's melds: chi (of one suit), peng and the kongs."""


@dataclass(frozen=True)
class HandRecord:
    """One finished Pingxiang hand. Building one checks it (RecordError naming the field).

    Example:
        >>> r = HandRecord(0, tuple(PlayerRecord(h) for h in
        ...     ("123456789m3457z", "123456789p3457z", "123456789s3456z", "1122334m556677p")),
        ...     DrawResult())
        >>> r.to_dict()["variant"], HandRecord.from_dict(r.to_dict()) == r
        ('pingxiang', True)
    """

    dealer: int
    players: tuple[PlayerRecord, ...]
    result: WinResult | DrawResult
    dealer_streak: int = 1
    jing_indicator: str | None = None
    lower_jing_indicator: str | None = None
    chao_zhuang: bool = False
    options: PingxiangOptions = field(default_factory=PingxiangOptions)
    variant: Literal["pingxiang"] = "pingxiang"
    checked: bool = field(default=False, repr=False, compare=False)
    """Set by :meth:`from_dict` (already checked); otherwise building checks the record."""
    score: HandScore | None = field(default=None, repr=False, compare=False)
    """The win's score when the check computed it (settling does not score it again)."""

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
            majiang.errors.RecordError: variant: expected 'pingxiang', got 'nanchang'
        """
        c = record_check.check_record(data, SPEC)
        d: Mapping[str, Any] = data
        return cls(
            **checked_fields(c, d),
            jing_indicator=d.get("jing_indicator"),
            lower_jing_indicator=d.get("lower_jing_indicator"),
            chao_zhuang=c.values["chao_zhuang"],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``HandRecord.from_dict(r.to_dict()) == r``.

        Example:
            >>> r = HandRecord.from_dict({"dealer": 1, "options": {"genzhuang": False},
            ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
            ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
            ...     "result": {"kind": "draw"}})
            >>> r.to_dict()["options"], r.to_dict()["chao_zhuang"]
            ({'genzhuang': False}, False)
        """
        return {
            "variant": self.variant,
            "options": self.options.overrides(),
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "jing_indicator": self.jing_indicator,
            "lower_jing_indicator": self.lower_jing_indicator,
            "players": [p.to_dict() for p in self.players],
            "result": self.result.to_dict(),
            "chao_zhuang": self.chao_zhuang,
        }


def from_engine(data: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine finished: the record ``data`` it wrote (its
    scalar fields) and the engine's ``state`` (each seat's counts and melds, as they are:
    no tile text is read). Not checked: the engine's values are its own.

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game("pingxiang", seed=2), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[-1], g.state) == HandRecord.from_dict(g.records[-1])
        True
    """
    r = data["result"]
    result: WinResult | DrawResult = DrawResult()
    if r["kind"] == "win":
        result = WinResult(
            r["winner"],
            r["tile"],
            r["from"],
            r["gang_kai"],
            r["qiang_gang"],
            r["tian_hu"],
            r["di_hu"],
        )
    players = tuple(
        PlayerRecord(
            p["hand"],
            tuple(state.melds[s]),
            p["discards"],
            p.get("dealt"),
            counts_kinds(state.hands[s]),
        )
        for s, p in enumerate(data["players"])
    )
    return HandRecord(
        dealer=data["dealer"],
        players=players,
        result=result,
        dealer_streak=data["dealer_streak"],
        jing_indicator=data.get("jing_indicator"),
        lower_jing_indicator=data.get("lower_jing_indicator"),
        chao_zhuang=data["chao_zhuang"],
        options=PingxiangOptions.from_dict(data["options"]),
        checked=True,
    )


def _indicator(name: str) -> Field:
    def check(value: Any, c: Checked) -> int | None:
        return None if value is None else parts.one_tile_field(value, name, kinds_of)

    return Field(name, check)


def _seat(raw: Any, seat: int, c: Checked) -> SeatFacts:
    facts = check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)
    path = ("players", seat)
    p = facts.data
    if p.get("dealt") is not None:
        dealt = parts.tiles_field(p["dealt"], (*path, "dealt"), kinds_of)
        want = 14 if seat == c.values["dealer"] else 13
        if len(dealt) != want:
            raise fail((*path, "dealt"), f"expected {want} dealt tiles, got {len(dealt)}")
        if any(dealt.count(k) > 4 for k in set(dealt)):
            raise fail((*path, "dealt"), "more than four of one tile")
    return facts


def _winning_hand(c: Checked) -> None:
    w: WinFacts | None = c.values["result"]
    if w is None:
        return
    seat: SeatFacts = c.seats[w.winner]
    concealed = [0] * NUM_KINDS
    for k in (*seat.hand, w.tile):
        concealed[k] += 1
    score = score_hand(
        concealed,
        seat.melds,
        self_drawn=w.source is None,
        tian_hu=w.tian_hu,
        di_hu=w.di_hu,
        options=c.options,
    )
    c.scratch["score"] = score
    if score is None:
        raise fail(
            "result.tile",
            f"players[{w.winner}]'s hand {seat.data['hand']} with {KINDS[w.tile]} "
            f"({len(seat.melds)} meld(s)) does not win under Pingxiang rules",
        )


SPEC: RecordSpec[Checked] = RecordSpec(
    variant="pingxiang",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=RESULT_KEYS,
    options=PingxiangOptions.from_dict,
    fields=(
        Field("dealer", lambda value, c: parts.seat_field(value, "dealer")),
        Field(
            "dealer_streak",
            lambda value, c: parts.whole_number_field(value, "dealer_streak", 1, MAX_STREAK),
            1,
        ),
        _indicator("jing_indicator"),
        _indicator("lower_jing_indicator"),
        Field("chao_zhuang", lambda value, c: parts.flag_field(value, "chao_zhuang"), False),
        Field("players", players_check),
    ),
    player=_seat,
    after=(result_field(RESULT_KEYS, kinds_of),),
    checks=(result_win_flags, result_tile_counts, _winning_hand),
    finish=lambda c: c,
    melds=MELD_RULES,
)
"""The Pingxiang record: its fields and their checks, in order (see the module docstring)."""


def check_record(data: Any) -> PingxiangOptions:
    """Checks a record in JSON form (see the module docstring) and returns its options;
    RecordError naming the field if it cannot have happened.

    Example:
        >>> check_record({"dealer": 0, "players": [], "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 0
    """
    options: PingxiangOptions = record_check.check_record(data, SPEC).options
    return options
