"""The two-player hand record, checked on the shared :class:`~majiang.record_check.RecordSpec`
skeleton (docs/rules/two_player.md §9).

The Nanchang-form fields for two seats (``dealer``, ``dealer_streak``, two ``players``, the
``result``) and the game's own: ``flower_tiles`` (the tile turned face up at the start,
花牌), ``ready`` (the seats that declared 报听, in the order they did), ``tian_ting`` (those
of them that declared it with their first discard: 天听), ``last_chance`` (the
hand's last tile was drawn from the face-down tiles: 海底捞月) and ``last_tile`` (the win was
on the 71st tile in play). A record that cannot have happened raises
:class:`~majiang.errors.RecordError` naming the field.

Example:
    >>> r = {"dealer": 0, "flower_tiles": "1z", "players": [{"hand": "123m456p789s23s55m"},
    ...      {"hand": "147m258p369s1234z"}],
    ...      "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None}}
    >>> check_record(r).base
    1
    >>> check_record({**r, "ready": [0, 0]})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: ready: expected the seats that declared 报听 in order, once ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from majiang import record_check
from majiang import record_parts as parts
from majiang.bounds import MAX_STREAK
from majiang.errors import NotWinningError, quoted
from majiang.meld import Meld
from majiang.record_check import (
    Checked,
    Field,
    RecordSpec,
    SeatFacts,
    WinFacts,
    check_seat,
    check_win,
    check_win_flags,
    win_result,
)
from majiang.record_parts import NANCHANG_FORM_RESULT_KEYS as RESULT_KEYS
from majiang.record_parts import fail
from majiang.record_schema import TileSet, table_melds
from majiang.tiles import KINDS, NUM_KINDS
from majiang.variants.two_player.fans import FanTable, TwoPlayerScore, score_hand
from majiang.variants.two_player.options import TwoPlayerOptions
from majiang.variants.two_player.rules import TABLE

__all__ = [
    "MELD_RULES",
    "PLAYER_KEYS",
    "RECORD_KEYS",
    "SPEC",
    "HandRecord",
    "check_record",
    "score_record",
]

SEATS = TABLE.seats

RECORD_KEYS = frozenset(
    {
        "variant",
        "options",
        "dealer",
        "dealer_streak",
        "flower_tiles",
        "ready",
        "tian_ting",
        "last_chance",
        "last_tile",
        "players",
        "result",
    }
)
"""The fields of a two-player record."""
PLAYER_KEYS = frozenset({"hand", "melds", "discards", "dealt"})
"""The fields of a player (the Nanchang form's)."""

kinds_of = TileSet(TABLE, "{name} is a flower; the two-player game has no flower tiles")
"""The kind of every tile in a text (MPSZ, Chinese names or glyphs), in order."""

MELD_RULES = table_melds(TABLE, kinds_of, "three in a row of one suit")
"""The melds: chi (from the opponent), peng and the kongs."""


def _dealer(value: Any, c: Checked) -> int:
    return parts.seat_field(value, "dealer", SEATS)


def _flower_tiles(value: Any, c: Checked) -> tuple[int, ...]:
    tiles = parts.tiles_field(value, "flower_tiles", kinds_of)
    if len(tiles) != 1:
        raise fail("flower_tiles", f"expected the tile turned face up, got {len(tiles)}")
    return tiles


def _ready(value: Any, c: Checked) -> tuple[int, ...]:
    seats = parts.list_field(value, "ready", "seats")
    if len(set(seats)) != len(seats) or any(
        type(s) is not int or not 0 <= s < SEATS for s in seats
    ):
        raise fail(
            "ready",
            f"expected the seats that declared 报听 in order, once each, got {quoted(value)}",
        )
    return tuple(seats)


def _tian_ting(value: Any, c: Checked) -> tuple[int, ...]:
    seats = parts.list_field(value, "tian_ting", "seats")
    ready: tuple[int, ...] = c.values["ready"]
    if len(set(seats)) != len(seats) or any(type(s) is not int or s not in ready for s in seats):
        raise fail(
            "tian_ting",
            f"expected seats of ready {list(ready)} that declared 报听 with their first "
            f"discard, once each, got {quoted(value)}",
        )
    return tuple(seats)


def _players(value: Any, c: Checked) -> Any:
    return parts.players_field(value, SEATS)


def _seat(raw: Any, seat: int, c: Checked) -> SeatFacts:
    return check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)


def _win(winner: Any, tile: Any, source: Any, flags: tuple[Any, ...]) -> WinFacts:
    return check_win(winner, tile, source, flags, kinds_of, "tiles", SEATS)


def _result(value: Any, c: Checked) -> WinFacts | None:
    return win_result(value, RESULT_KEYS, _win)


def _win_rules(c: Checked) -> None:
    """The special ways of winning (one at most), and 海底捞月: the last chance is a ready
    seat's, self-drawn."""
    w: WinFacts | None = c.values["result"]
    seats: list[SeatFacts] = c.seats
    ready: tuple[int, ...] = c.values["ready"]
    if c.values["last_chance"]:
        if not ready:
            raise fail("last_chance", "海底捞月 is a ready (报听) seat's last chance")
        if w is not None and (w.winner not in ready or w.source is not None):
            raise fail("last_chance", "海底捞月's win is the ready seat's own draw")
    if w is None:
        if c.values["last_tile"]:
            raise fail("last_tile", "only a win is on the last tile")
        return
    check_win_flags(w, c.values["dealer"], [s.melds for s in seats], [s.pond for s in seats])


def _tile_counts(c: Checked) -> None:
    """No fifth copy among hands, melds, ponds and the winning tile; at most 71 tiles in
    play (the 27 dealt and the 44 to draw: 海底捞月's tile besides)."""
    w: WinFacts | None = c.values["result"]
    seats: list[SeatFacts] = c.seats
    placed: list[int] = [] if w is None else [w.tile]
    fields: list[tuple[Any, tuple[int, ...]]] = []
    for seat, facts in enumerate(seats):
        placed += facts.hand
        placed += facts.pond
        for i, m in enumerate(facts.melds):
            placed += m.kinds
            fields.append((("players", seat, "melds", i), m.kinds))
        fields += [
            (("players", seat, "hand"), facts.hand),
            (("players", seat, "discards"), facts.pond),
        ]
    if w is not None:
        fields.append((("result", "tile"), (w.tile,)))
    if max(Counter(placed).values(), default=0) > 4:
        parts.tile_counts_field(fields)
    kongs = sum(m.kind in ("ming_gang", "an_gang", "bu_gang") for s in seats for m in s.melds)
    most = 71 + kongs + bool(c.values["last_chance"])  # a kong's fourth tile is no draw
    if len(placed) > most:
        raise fail("players", f"{len(placed)} tiles in play, more than the hand's {most}")


def _winning_hand(c: Checked) -> None:
    w: WinFacts | None = c.values["result"]
    if w is None:
        return
    seat: SeatFacts = c.seats[w.winner]
    score = _score_of(c, w, seat)
    if score is None:
        raise fail(
            "result.tile",
            f"players[{w.winner}]'s hand {seat.data['hand']} with {KINDS[w.tile]} "
            f"({len(seat.melds)} meld(s)) does not win",
        )
    c.scratch["score"] = score


def _score_of(c: Checked, w: WinFacts, seat: SeatFacts) -> TwoPlayerScore | None:
    seats: list[SeatFacts] = c.seats
    options: TwoPlayerOptions = c.options
    shown: tuple[int, ...] = c.values["flower_tiles"]
    visible = sum(s.pond.count(w.tile) for s in seats) + shown.count(w.tile)
    visible += sum(m.kinds.count(w.tile) for s in seats for m in s.melds)
    tian = options.tian_ting != "off" and w.winner in c.values["tian_ting"]
    try:
        return _score(
            tuple(seat.hand),
            seat.melds,
            w.tile,
            w.source is None,
            w.qiang_gang,
            w.gang_kai,
            visible == 3,
            bool(c.values["last_tile"]),
            bool(c.values["last_chance"]),
            w.tian_hu,
            w.di_hu,
            _ren_hu(c, w),
            w.winner in c.values["ready"] and not (tian and options.tian_ting == "ermj"),
            tian,
            shown,
            options.table,
        )
    except NotWinningError:
        return None


def _ren_hu(c: Checked, w: WinFacts) -> bool:
    """人胡 (the library's reading, docs/rules/two_player.md §6): the non-dealer wins on its
    own first draw, the dealer having made one discard and nobody a meld (read from the
    ponds, so only a record that lists both seats' discards can show one)."""
    seats: list[SeatFacts] = c.seats
    dealer = c.values["dealer"]
    if w.winner == dealer or w.source is not None or w.qiang_gang or w.gang_kai:
        return False
    if any("discards" not in s.data or s.melds for s in seats):
        return False
    return not seats[w.winner].pond and len(seats[dealer].pond) == 1


@lru_cache(maxsize=4096)
def _score(
    hand: tuple[int, ...],
    melds: tuple[Meld, ...],
    tile: int,
    self_drawn: bool,
    robbing: bool,
    replacement: bool,
    last_copy: bool,
    last_tile: bool,
    last_chance: bool,
    tian_hu: bool,
    di_hu: bool,
    ren_hu: bool,
    ready: bool,
    tian_ting: bool,
    shown: tuple[int, ...],
    table: FanTable,
) -> TwoPlayerScore:
    """The winner's score, cached on its tiles (a replayed or re-settled record is scored
    once)."""
    concealed = [0] * NUM_KINDS
    for k in hand:
        concealed[k] += 1
    return score_hand(
        concealed,
        melds,
        tile,
        self_drawn=self_drawn,
        robbing=robbing,
        replacement=replacement,
        last_copy=last_copy,
        last_tile=last_tile,
        last_chance=last_chance,
        tian_hu=tian_hu,
        di_hu=di_hu,
        ren_hu=ren_hu,
        ready=ready,
        tian_ting=tian_ting,
        shown=shown,
        table=table,
    )


def _flag(name: str) -> Field:
    return Field(name, lambda value, c: parts.flag_field(value, name), False)


SPEC: RecordSpec[Checked] = RecordSpec(
    variant="two_player",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=RESULT_KEYS,
    options=TwoPlayerOptions.from_dict,
    fields=(
        Field("dealer", _dealer),
        Field(
            "dealer_streak",
            lambda value, c: parts.whole_number_field(value, "dealer_streak", 1, MAX_STREAK),
            1,
        ),
        Field("flower_tiles", _flower_tiles),
        Field("ready", _ready, []),
        Field("tian_ting", _tian_ting, []),
        _flag("last_chance"),
        _flag("last_tile"),
        Field("players", _players),
    ),
    player=_seat,
    after=(Field("result", _result),),
    checks=(_win_rules, _tile_counts, _winning_hand),
    finish=lambda c: c,
    melds=MELD_RULES,
)
"""The two-player record: its fields and their checks, in order."""


def score_record(data: Any) -> tuple[Checked, TwoPlayerScore | None]:
    """The checked record and the win's score (None for a drawn hand); RecordError naming the
    field if it cannot have happened.

    Example:
        >>> c, s = score_record({"dealer": 1, "flower_tiles": "9m", "players": [
        ...     {"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"}],
        ...     "result": {"kind": "draw"}})
        >>> c.values["dealer"], s is None
        (1, True)
    """
    c = record_check.check_record(data, SPEC)
    score: TwoPlayerScore | None = c.scratch.get("score")
    return c, score


def check_record(data: Any) -> TwoPlayerOptions:
    """Checks a record in JSON form and returns its options.

    Example:
        >>> check_record({"dealer": 0, "flower_tiles": "2m", "players": [],
        ...               "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly two players, got 0
    """
    options: TwoPlayerOptions = score_record(data)[0].options
    return options


@dataclass(frozen=True)
class HandRecord:
    """One finished two-player hand, checked: its JSON form and what the check read (the
    options and, for a win, the score). Build it with :meth:`from_dict`.

    Example:
        >>> r = HandRecord.from_dict({"dealer": 1, "flower_tiles": "9m", "players": [
        ...     {"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"}],
        ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": 1}})
        >>> r.dealer, r.score is not None and r.score.paid, HandRecord.from_dict(r.to_dict()) == r
        (1, 4, True)
    """

    data: Mapping[str, Any]
    options: TwoPlayerOptions
    score: TwoPlayerScore | None = field(default=None, compare=False)

    @property
    def dealer(self) -> int:
        """The hand's dealer.

        Example:
            >>> HandRecord({"dealer": 0}, TwoPlayerOptions()).dealer
            0
        """
        return int(self.data["dealer"])

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A checked record from its JSON form (RecordError naming a field that cannot be).

        Example:
            >>> HandRecord.from_dict({"variant": "nanchang"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected 'two_player', got 'nanchang'
        """
        checked, score = score_record(data)
        return cls(dict(data), checked.options, score)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, as read.

        Example:
            >>> HandRecord({"dealer": 0}, TwoPlayerOptions()).to_dict()
            {'dealer': 0}
        """
        return dict(self.data)
