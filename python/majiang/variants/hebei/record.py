"""The Hebei 河北推倒胡 hand record, typed and checked (``docs/rules/hebei.md`` Record).

The Nanchang-form fields (dealer, players, result; no jing indicators) and Hebei's own
``ready``: the seats that declared 听 (public, worth nothing). Building one checks it: known
fields only; no chow (Hebei has none); a kong of four of a kind, a 明杠 naming the discarder,
a 补杠 the seat of its pong, an 暗杠 none; 13 - 3 per meld concealed tiles; no fifth copy
anywhere; the winner's hand wins; a seat in ``ready`` that did not win holds a ready hand. A
record that cannot have happened raises :class:`~majiang.errors.RecordError` naming the field
(its ``loc`` the path as a tuple).

Example:
    >>> r = HandRecord.from_dict({
    ...     "dealer": 0,
    ...     "players": [{"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"},
    ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": 2}})
    >>> r.result.source, r.score
    (2, ('平胡', 3))
    >>> HandRecord.from_dict({**r.to_dict(), "ready": [0, 0]})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: ready: seat 0 is listed twice
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from majiang import record_check
from majiang import record_parts as parts
from majiang._core import winning_tiles
from majiang.meld import Meld
from majiang.record_check import (
    DEALER,
    DEALER_STREAK,
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
from majiang.record_parts import NANCHANG_FORM_RESULT_KEYS as RESULT_KEYS
from majiang.record_parts import DrawResult, PlayerRecord, WinResult, fail
from majiang.record_schema import TileSet, counts_kinds, table_melds
from majiang.tiles import KINDS, NUM_KINDS
from majiang.variants.hebei.hands import HAND_RULES, hand_value
from majiang.variants.hebei.options import HebeiOptions
from majiang.variants.hebei.rules import TABLE

__all__ = [
    "MELD_RULES",
    "RECORD_KEYS",
    "SPEC",
    "DrawResult",
    "HandRecord",
    "PlayerRecord",
    "WinResult",
    "check_record",
    "from_engine",
    "kinds_of",
    "winning_value",
]

RECORD_KEYS = frozenset(
    {"variant", "options", "dealer", "dealer_streak", "players", "result", "ready"}
)
"""The fields of a Hebei record."""

kinds_of = TileSet(TABLE, "{name} is a flower; Hebei has no flowers")
"""The kind of every tile in a text (MPSZ, Chinese names or glyphs), in order."""

MELD_RULES = table_melds(TABLE, kinds_of, "", " (Hebei has no chow)")
"""Hebei's melds: peng and the kongs (no chi)."""


@dataclass(frozen=True)
class HandRecord:
    """One finished Hebei hand. Building one checks it (RecordError naming the field).

    Example:
        >>> r = HandRecord(0, tuple(PlayerRecord(h) for h in
        ...     ("123456789m3457z", "123456789p3457z", "123456789s3456z", "1122334m556677p")),
        ...     DrawResult())
        >>> r.to_dict()["variant"], HandRecord.from_dict(r.to_dict()) == r
        ('hebei', True)
    """

    dealer: int
    players: tuple[PlayerRecord, ...]
    result: WinResult | DrawResult
    dealer_streak: int = 1
    ready: tuple[int, ...] = ()
    options: HebeiOptions = field(default_factory=HebeiOptions)
    variant: Literal["hebei"] = "hebei"
    checked: bool = field(default=False, repr=False, compare=False)
    """Set by :meth:`from_dict` (already checked); otherwise building checks the record."""
    score: tuple[str, int] | None = field(default=None, repr=False, compare=False)
    """The win's hand and value when the check computed them."""

    def __post_init__(self) -> None:
        if not self.checked:
            check_record(self.to_dict())
            object.__setattr__(self, "checked", True)

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A checked record from its JSON form (missing optional fields default).

        Example:
            >>> HandRecord.from_dict({"variant": "guangdong"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected 'hebei', got 'guangdong'
        """
        c = record_check.check_record(data, SPEC)
        return cls(**checked_fields(c, data), ready=c.values["ready"])

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``HandRecord.from_dict(r.to_dict()) == r``.

        Example:
            >>> r = HandRecord.from_dict({"dealer": 1, "options": {"men_qing": True},
            ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
            ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
            ...     "result": {"kind": "draw"}, "ready": [3]})
            >>> r.to_dict()["options"], r.to_dict()["ready"]
            ({'men_qing': True}, [3])
        """
        return {
            "variant": self.variant,
            "options": self.options.overrides(),
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "players": [p.to_dict() for p in self.players],
            "result": self.result.to_dict(),
            "ready": list(self.ready),
        }


def from_engine(data: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine finished: the record ``data`` it wrote and the
    engine's ``state`` (each seat's counts and melds). Not checked: the engine's values are
    its own.

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game("hebei", seed=2), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[-1], g.state) == HandRecord.from_dict(g.records[-1])
        True
    """
    r = data["result"]
    result: WinResult | DrawResult = DrawResult()
    if r["kind"] == "win":
        flags = (r["gang_kai"], r["qiang_gang"], r["tian_hu"], r["di_hu"])
        result = WinResult(r["winner"], r["tile"], r["from"], *flags)
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
        ready=tuple(data.get("ready", ())),
        options=HebeiOptions.from_dict(data["options"]),
        checked=True,
    )


def _ready(value: Any, c: Checked) -> tuple[int, ...]:
    seats = parts.list_field(value, "ready", "seats")
    out: list[int] = []
    for i, s in enumerate(seats):
        seat = parts.seat_field(s, ("ready", i))
        if seat in out:
            raise fail("ready", f"seat {seat} is listed twice")
        out.append(seat)
    return tuple(out)


def _seat(raw: Any, seat: int, c: Checked) -> SeatFacts:
    facts = check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)
    dealt = facts.data.get("dealt")
    if dealt is not None:
        path = ("players", seat, "dealt")
        tiles = parts.tiles_field(dealt, path, kinds_of)
        want = 14 if seat == c.values["dealer"] else 13
        if len(tiles) != want:
            raise fail(path, f"expected {want} dealt tiles, got {len(tiles)}")
        # a fifth copy leaves at most len - 4 kinds: the count only then
        if len(set(tiles)) <= len(tiles) - 4 and any(tiles.count(k) > 4 for k in set(tiles)):
            raise fail(path, "more than four of one tile")
    return facts


def _ready_hands(c: Checked) -> None:
    """A seat that declared 听 and did not win holds a ready hand: after 听 its hand is fixed
    (it discards what it draws; a kong keeps its waits)."""
    w: WinFacts | None = c.values["result"]
    seats: list[SeatFacts] = c.seats
    for i, seat in enumerate(c.values["ready"]):
        if w is not None and seat == w.winner:
            continue
        facts = seats[seat]
        if not _is_ready(tuple(sorted(facts.hand)), len(facts.melds)):
            raise fail(
                ("ready", i),
                f"players[{seat}] declared 听 but its hand {facts.data['hand']} waits on nothing",
            )


@lru_cache(maxsize=4096)
def _is_ready(tiles: tuple[int, ...], melds: int) -> bool:
    """Whether the concealed ``tiles`` (sorted) wait on some tile (cached: a replayed or
    re-settled record asks again)."""
    counts = [0] * NUM_KINDS
    for k in tiles:
        counts[k] += 1
    return bool(winning_tiles(counts, rules=HAND_RULES, melds=melds))


def _winning_hand(c: Checked) -> None:
    w: WinFacts | None = c.values["result"]
    if w is None:
        return
    seat: SeatFacts = c.seats[w.winner]
    score = winning_value((*seat.hand, w.tile), seat.melds)
    if score is None:
        raise fail(
            ("result", "tile"),
            f"players[{w.winner}]'s hand {seat.data['hand']} with {KINDS[w.tile]} "
            f"({len(seat.melds)} meld(s)) does not win under Hebei rules",
        )
    c.scratch["score"] = score


@lru_cache(maxsize=4096)
def _value(tiles: tuple[int, ...], meld_kinds: tuple[int, ...]) -> tuple[str, int] | None:
    counts = [0] * NUM_KINDS
    for k in tiles:
        counts[k] += 1
    return hand_value(counts, melds=len(meld_kinds), meld_kinds=meld_kinds)


def winning_value(tiles: Sequence[int], melds: Sequence[Meld]) -> tuple[str, int] | None:
    """The largest hand (name, value) of the winner's concealed ``tiles`` with the winning
    tile beside its ``melds``; None when it does not win (cached on the tiles).

    Example:
        >>> winning_value(kinds_of("11122233355588m"), ())
        ('清一色', 9)
    """
    return _value(tuple(sorted(tiles)), tuple(m.kinds[0] for m in melds))


SPEC: RecordSpec[Checked] = RecordSpec(
    variant="hebei",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=RESULT_KEYS,
    options=HebeiOptions.from_dict,
    fields=(DEALER, DEALER_STREAK, Field("ready", _ready, []), Field("players", players_check)),
    player=_seat,
    after=(result_field(RESULT_KEYS, kinds_of),),
    checks=(result_win_flags, result_tile_counts, _winning_hand, _ready_hands),
    finish=lambda c: c,
    melds=MELD_RULES,
)
"""The Hebei record: its fields and their checks, in order (see the module docstring)."""


def check_record(data: Any) -> HebeiOptions:
    """Checks a record in JSON form and returns its options; RecordError naming the field if
    it cannot have happened.

    Example:
        >>> check_record({"dealer": 0, "players": [], "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 0
    """
    options: HebeiOptions = record_check.check_record(data, SPEC).options
    return options
