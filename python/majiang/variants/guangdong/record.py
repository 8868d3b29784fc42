"""The Guangdong 推倒胡 hand record, typed and checked (docs/rules/guangdong.md §11).

The shared Nanchang-form fields (dealer, players, result) and Guangdong's own: the ``horses``
turned up, ``last_winner`` (seat A of the seed's horse map), ``ghost_indicator`` (翻鬼),
``kong_chain`` and ``gang_bao_from`` (杠爆), ``gen_zhuang`` (跟庄), and a player's
``xianggong`` (相公). Building one checks it; a record that cannot have happened raises
:class:`~majiang.errors.RecordError` naming the field.

Example:
    >>> r = HandRecord.from_dict({
    ...     "dealer": 0, "horses": "5m9p",
    ...     "players": [{"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"},
    ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None}})
    >>> r.horses, r.result.self_drawn
    ('5m9p', True)
    >>> HandRecord.from_dict({**r.to_dict(), "horses": "5m"})
    Traceback (most recent call last):
    ...
    majiang.errors.RecordError: horses: expected 2 horse(s) (2 asked, 83 left in the wall), got 1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from majiang import record_check
from majiang import record_parts as parts
from majiang.bounds import MAX_STREAK
from majiang.errors import MajiangError, quoted
from majiang.meld import GANG_KINDS, Meld
from majiang.record_check import (
    Checked,
    Field,
    FieldProblem,
    RecordSpec,
    SeatFacts,
    WinFacts,
    check_meld,
    check_seat,
    check_win_flags,
    checked_fields,
    field_fail,
    players_check,
    result_field,
)
from majiang.record_parts import NANCHANG_FORM_RESULT_KEYS as RESULT_KEYS
from majiang.record_parts import DrawResult, PlayerRecord, WinResult, cached_options, fail
from majiang.record_schema import TileSet, counts_kinds, table_melds
from majiang.tiles import KINDS, NUM_KINDS
from majiang.variants.guangdong.hands import HandScore, ghost_kinds, score_hand
from majiang.variants.guangdong.options import GuangdongOptions
from majiang.variants.guangdong.rules import TABLE

__all__ = [
    "MELD_RULES",
    "PLAYER_KEYS",
    "RECORD_KEYS",
    "SPEC",
    "DrawResult",
    "GuangdongPlayer",
    "HandRecord",
    "WinResult",
    "check_record",
    "from_engine",
    "horses_wanted",
    "kinds_of",
    "robs_zhi_gang",
]

TILES = 136

RECORD_KEYS = frozenset(
    {
        "variant",
        "options",
        "dealer",
        "dealer_streak",
        "last_winner",
        "ghost_indicator",
        "players",
        "result",
        "horses",
        "kong_chain",
        "gang_bao_from",
        "gen_zhuang",
    }
)
"""The fields of a Guangdong record."""
PLAYER_KEYS = frozenset({"hand", "melds", "discards", "dealt", "xianggong"})
"""The fields of a player: the Nanchang form's and ``xianggong`` (相公)."""

kinds_of = TileSet(TABLE, "{name} is a flower; Guangdong 推倒胡 has no flowers")
"""The kind of every tile in a text (MPSZ, Chinese names or glyphs), in order."""

MELD_RULES = table_melds(TABLE, kinds_of, "", " (Guangdong 推倒胡 has no chow)")
"""Guangdong's melds: peng and the kongs (no chi)."""


@dataclass(frozen=True)
class GuangdongPlayer(PlayerRecord):
    """One seat at the end of a hand: the Nanchang-form player and ``xianggong`` (相公: a
    wrong number of concealed tiles; such a seat cannot win).

    Example:
        >>> GuangdongPlayer("123m", xianggong=True).to_dict()["xianggong"]
        True
    """

    xianggong: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``xianggong`` only when true).

        Example:
            >>> "xianggong" in GuangdongPlayer("123m").to_dict()
            False
        """
        out = super().to_dict()
        if self.xianggong:
            out["xianggong"] = True
        return out


def _player(s: SeatFacts) -> GuangdongPlayer:
    """The Nanchang-form player (:func:`~majiang.record_check.seat_player`) and 相公."""
    d = s.data
    return GuangdongPlayer(
        d["hand"], s.melds, d.get("discards") or "", d.get("dealt"), s.hand,
        bool(d.get("xianggong", False)),
    )  # fmt: skip


@dataclass(frozen=True)
class HandRecord:
    """One finished Guangdong hand. Building one checks it (RecordError naming the field).

    Example:
        >>> r = HandRecord(0, tuple(GuangdongPlayer(h) for h in
        ...     ("123456789m3457z", "123456789p3457z", "123456789s3456z", "1122334m556677p")),
        ...     DrawResult())
        >>> r.to_dict()["variant"], HandRecord.from_dict(r.to_dict()) == r
        ('guangdong', True)
    """

    dealer: int
    players: tuple[GuangdongPlayer, ...]
    result: WinResult | DrawResult
    dealer_streak: int = 1
    last_winner: int | None = None
    ghost_indicator: str | None = None
    horses: str = ""
    kong_chain: int = 0
    gang_bao_from: int | None = None
    gen_zhuang: bool = False
    options: GuangdongOptions = field(default_factory=GuangdongOptions)
    variant: Literal["guangdong"] = "guangdong"
    checked: bool = field(default=False, repr=False, compare=False)
    """Set by :meth:`from_dict` (already checked); otherwise building checks the record."""
    score: HandScore | None = field(default=None, repr=False, compare=False)
    """The win's score when the check computed it (settling does not score it again)."""

    def __post_init__(self) -> None:
        if not self.checked:
            check_record(self.to_dict())
            object.__setattr__(self, "checked", True)

    @property
    def horse_seat(self) -> int:
        """Seat A of the seed's horse map: the previous winner (the dealer when none).

        Example:
            >>> r = HandRecord(2, tuple(GuangdongPlayer(h) for h in ("123456789m3457z",
            ...     "123456789p3457z", "123456789s3456z", "1122334m556677p")), DrawResult())
            >>> r.horse_seat
            2
        """
        return self.dealer if self.last_winner is None else self.last_winner

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A checked record from its JSON form (missing optional fields default).

        Example:
            >>> HandRecord.from_dict({"variant": "nanchang"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected 'guangdong', got 'nanchang'
        """
        c = record_check.check_record(data, SPEC)
        d: Mapping[str, Any] = data
        return cls(
            **checked_fields(c, d, _player),
            last_winner=c.values["last_winner"],
            ghost_indicator=d.get("ghost_indicator"),
            horses=d.get("horses") or "",
            kong_chain=c.values["kong_chain"],
            gang_bao_from=c.values["gang_bao_from"],
            gen_zhuang=c.values["gen_zhuang"],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``HandRecord.from_dict(r.to_dict()) == r``.

        Example:
            >>> r = HandRecord.from_dict({"dealer": 1, "options": {"horses": 0},
            ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
            ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
            ...     "result": {"kind": "draw"}})
            >>> r.to_dict()["options"], r.to_dict()["horses"]
            ({'horses': 0}, '')
        """
        return {
            "variant": self.variant,
            "options": self.options.overrides(),
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "last_winner": self.last_winner,
            "ghost_indicator": self.ghost_indicator,
            "players": [p.to_dict() for p in self.players],
            "result": self.result.to_dict(),
            "horses": self.horses,
            "kong_chain": self.kong_chain,
            "gang_bao_from": self.gang_bao_from,
            "gen_zhuang": self.gen_zhuang,
        }


def horses_wanted(
    options: GuangdongOptions, dealer: int, streak: int, winner: int, robbed: bool
) -> int:
    """How many horses a win asks for: the room's number, k - 1 more for a dealer winning in
    its k-th hand as dealer under 买马节节高, none on a 抢杠 without 抢杠抓马.

    Example:
        >>> o = GuangdongOptions(horses=4, horse_streak=True)
        >>> horses_wanted(o, 0, 3, 0, False), horses_wanted(o, 0, 3, 1, False)
        (6, 4)
        >>> horses_wanted(o, 0, 1, 2, True)
        0
    """
    if robbed and not options.qiang_gang_horses:
        return 0
    extra = streak - 1 if options.horse_streak and winner == dealer else 0
    return options.horses + extra


def from_engine(data: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine finished: the record ``data`` it wrote and the
    engine's ``state`` (each seat's counts and melds). Not checked: the engine's values are its
    own.

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game("guangdong", seed=2), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[-1], g.state) == HandRecord.from_dict(g.records[-1])
        True
    """
    r = data["result"]
    result: WinResult | DrawResult = DrawResult()
    if r["kind"] == "win":
        result = WinResult(
            r["winner"], r["tile"], r["from"], r["gang_kai"], r["qiang_gang"], r["tian_hu"],
            r["di_hu"],
        )  # fmt: skip
    players = tuple(
        GuangdongPlayer(
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
        last_winner=data.get("last_winner"),
        ghost_indicator=data.get("ghost_indicator"),
        horses=data.get("horses") or "",
        kong_chain=data.get("kong_chain", 0),
        gang_bao_from=data.get("gang_bao_from"),
        gen_zhuang=data.get("gen_zhuang", False),
        options=GuangdongOptions.from_dict(data["options"]),
        checked=True,
    )


def _optional_seat(name: str) -> Field:
    def check(value: Any, c: Checked) -> int | None:
        return None if value is None else parts.seat_field(value, name)

    return Field(name, check)


def _ghost_indicator(value: Any, c: Checked) -> int | None:
    options: GuangdongOptions = c.options
    flips = options.ghosts in ("flip", "flip_double")
    if value is None:
        if flips:
            raise fail("ghost_indicator", f"a {options.ghosts} room flips a ghost indicator")
        return None
    if not flips:
        raise fail(
            "ghost_indicator",
            f"ghosts is {quoted(options.ghosts)}: no indicator is flipped, got {quoted(value)}",
        )
    return parts.one_tile_field(value, "ghost_indicator", kinds_of)


def _horses(value: Any, c: Checked) -> tuple[int, ...]:
    if value is None or value == "":
        return ()
    return parts.tiles_field(value, "horses", kinds_of)


def _seat(raw: Any, seat: int, c: Checked) -> SeatFacts:
    path = ("players", seat)
    if type(raw) is dict and raw.get("xianggong", False) is not False:
        return _xianggong_seat(raw, seat)
    facts = check_seat(raw, seat, PLAYER_KEYS, MELD_RULES)
    _dealt(facts.data, seat, c, path)
    return facts


def _dealt(p: Mapping[str, Any], seat: int, c: Checked, path: tuple[Any, ...]) -> None:
    if p.get("dealt") is None:
        return
    raw = p["dealt"]
    try:  # the set's reader caches a text's kinds; the field check names a bad one
        dealt = kinds_of(raw) if type(raw) is str else parts.tiles_field(raw, (), kinds_of)
    except MajiangError:
        dealt = parts.tiles_field(raw, (*path, "dealt"), kinds_of)
    want = 14 if seat == c.values["dealer"] else 13
    if len(dealt) != want:
        raise fail((*path, "dealt"), f"expected {want} dealt tiles, got {len(dealt)}")


def _xianggong_seat(p: Mapping[str, Any], seat: int) -> SeatFacts:
    """A 相公 seat: its melds checked as any seat's, its hand of the wrong size."""
    path: tuple[Any, ...] = ("players", seat)
    p = parts.object_field(p, path, PLAYER_KEYS)
    parts.flag_field(p["xianggong"], (*path, "xianggong"))
    if "hand" not in p:
        raise fail((*path, "hand"), "missing")
    melds: list[Meld] = []
    for i, m in enumerate(parts.list_field(p.get("melds") or [], (*path, "melds"), "melds")):
        m = parts.object_field(m, (*path, "melds", i), parts.MELD_KEYS)
        try:
            melds.append(check_meld(m.get("kind"), m.get("tiles"), m.get("from"), seat, MELD_RULES))
        except FieldProblem as e:
            raise field_fail((*path, "melds", i), e) from None
    if len(melds) > 4:
        raise fail((*path, "melds"), f"at most four melds, got {len(melds)}")
    hand = parts.tiles_field(p["hand"], (*path, "hand"), kinds_of)
    if len(hand) == 13 - 3 * len(melds):
        raise fail(
            (*path, "xianggong"),
            f"相公 is a wrong number of tiles; {len(hand)} beside {len(melds)} meld(s) is right",
        )
    pond = parts.tiles_field(p.get("discards") or "", (*path, "discards"), kinds_of)
    return SeatFacts(p, hand, tuple(melds), pond)


def _win_rules(c: Checked) -> None:
    """Who may win how: not a 相公 seat; a discard only under 可点炮; 抢杠 only under 可抢杠胡."""
    w: WinFacts | None = c.values["result"]
    options: GuangdongOptions = c.options
    seats: list[SeatFacts] = c.seats
    if w is None:
        return
    if seats[w.winner].data.get("xianggong"):
        raise fail("result.winner", f"players[{w.winner}] is 相公 (a wrong number of tiles)")
    flagged = w
    if w.qiang_gang and w.source is not None and robs_zhi_gang(w.tile, seats[w.source]):
        if not options.ming_gang_qiang:
            raise fail(
                "result.qiang_gang",
                f"seat {w.source} holds three {KINDS[w.tile]} and no peng of it: robbing its "
                "直杠 needs the option ming_gang_qiang (明杠可抢)",
            )
        flagged = w._replace(qiang_gang=False)  # the shared check robs a peng only
    check_win_flags(flagged, c.values["dealer"], [s.melds for s in seats], [s.pond for s in seats])
    if w.qiang_gang and not options.qiang_gang:
        raise fail("result.qiang_gang", "抢杠 needs the option qiang_gang (可抢杠胡)")
    if w.source is not None and not w.qiang_gang and not options.dian_pao:
        raise fail(
            "result.from",
            f"a discard win (from seat {w.source}) needs the option dian_pao: "
            "Guangdong 推倒胡 is self-draw only",
        )


def robs_zhi_gang(tile: int, robbed: SeatFacts | GuangdongPlayer) -> bool:
    """Whether a 抢杠 of ``tile`` robbed a 直杠 (明杠可抢): the robbed seat holds no peng of it
    but three concealed (a robbed kong does not stand: its triplet stays in the hand).

    Example:
        >>> robs_zhi_gang(4, GuangdongPlayer("555m123p456p789p1z")), robs_zhi_gang(
        ...     4, GuangdongPlayer("55m123p456p789p1z", (Meld("peng", (4, 4, 4), 0),)))
        (True, False)
    """
    if any(m.kind == "peng" and m.kinds[0] == tile for m in robbed.melds):
        return False
    held = robbed.hand if isinstance(robbed, SeatFacts) else robbed.kinds
    if held is None:
        assert isinstance(robbed, GuangdongPlayer)
        held = kinds_of(robbed.hand)
    return list(held).count(tile) >= 3


def _kong_chain(c: Checked) -> None:
    w: WinFacts | None = c.values["result"]
    chain: int = c.values["kong_chain"]
    feeder: int | None = c.values["gang_bao_from"]
    gang_kai = w is not None and w.gang_kai
    if not gang_kai:
        if chain:
            raise fail("kong_chain", "only a 杠爆 (gang_kai) win has a kong chain")
        if feeder is not None:
            raise fail("gang_bao_from", "only a 杠爆 (gang_kai) win has a kong feeder")
        return
    assert w is not None
    melds: tuple[Meld, ...] = c.seats[w.winner].melds
    kongs = sum(m.kind in GANG_KINDS for m in melds)
    if not 1 <= chain <= kongs:
        raise fail("kong_chain", f"a 杠爆 follows 1 to {kongs} kong(s) of the winner, got {chain}")
    if feeder is not None and not any(m.kind == "ming_gang" and m.source == feeder for m in melds):
        raise fail("gang_bao_from", f"the winner has no 直杠 fed by seat {feeder}")


def _tile_counts(c: Checked) -> None:
    """No fifth copy among hands, melds, ponds, the winning tile and the horses; as many horses
    as the win asked for (fewer only when the wall is short)."""
    w: WinFacts | None = c.values["result"]
    horses: tuple[int, ...] = c.values["horses"]
    seats: list[SeatFacts] = c.seats
    placed: list[int] = [] if w is None else [w.tile]
    for facts in seats:
        placed += facts.hand
        placed += facts.pond
        for m in facts.melds:
            placed += m.kinds
    seen = len(placed)
    placed += horses
    if max(Counter(placed).values()) > 4:  # the shared check names the fifth copy's field
        fields: list[tuple[Any, tuple[int, ...]]] = []
        for seat, facts in enumerate(seats):
            fields += [(("players", seat, "melds", i), m.kinds) for i, m in enumerate(facts.melds)]
            fields += [
                (("players", seat, "hand"), facts.hand),
                (("players", seat, "discards"), facts.pond),
            ]
        if w is not None:
            fields.append((("result", "tile"), (w.tile,)))
        parts.tile_counts_field([*fields, (("horses",), horses)])
    left = TILES - seen
    if w is None:
        wanted = 0
    else:
        options: GuangdongOptions = c.options
        streak: int = c.values["dealer_streak"]
        wanted = horses_wanted(options, c.values["dealer"], streak, w.winner, w.qiang_gang)
    expected = min(wanted, max(left, 0))
    if len(horses) != expected:
        raise fail(
            "horses",
            f"expected {expected} horse(s) ({wanted} asked, {left} left in the wall), "
            f"got {len(horses)}",
        )


def _winning_hand(c: Checked) -> None:
    w: WinFacts | None = c.values["result"]
    if w is None:
        return
    seat: SeatFacts = c.seats[w.winner]
    ghosts = ghost_kinds(c.options, c.values["ghost_indicator"])
    try:
        score = _score((*seat.hand, w.tile), seat.melds, ghosts, c.options, w.tian_hu, w.di_hu)
    except MajiangError as e:
        raise fail("result.tile", str(e)) from None
    c.scratch["score"] = score
    if score is not None and score.shape == "four_ghosts" and w.source is not None:
        raise fail("result.from", "四鬼胡牌 is won on the draw (from must be null)")
    if score is None:
        raise fail(
            "result.tile",
            f"players[{w.winner}]'s hand {seat.data['hand']} with {KINDS[w.tile]} "
            f"({len(seat.melds)} meld(s)) does not win",
        )


@lru_cache(maxsize=4096)
def _score(
    tiles: tuple[int, ...],
    melds: tuple[Meld, ...],
    ghosts: tuple[int, ...],
    options: GuangdongOptions,
    tian_hu: bool,
    di_hu: bool,
) -> HandScore | None:
    """The winner's score, cached on its tiles (a replayed or re-settled record is scored
    once)."""
    concealed = [0] * NUM_KINDS
    for k in tiles:
        concealed[k] += 1
    return score_hand(concealed, melds, ghosts, options, tian_hu=tian_hu, di_hu=di_hu)


SPEC: RecordSpec[Checked] = RecordSpec(
    variant="guangdong",
    record_keys=RECORD_KEYS,
    player_keys=PLAYER_KEYS,
    result_keys=RESULT_KEYS,
    options=cached_options(GuangdongOptions.from_dict),  # each distinct set read once
    fields=(
        Field("dealer", lambda value, c: parts.seat_field(value, "dealer")),
        Field(
            "dealer_streak",
            lambda value, c: parts.whole_number_field(value, "dealer_streak", 1, MAX_STREAK),
            1,
        ),
        _optional_seat("last_winner"),
        Field("ghost_indicator", _ghost_indicator),
        Field("horses", _horses, ""),
        Field(
            "kong_chain", lambda value, c: parts.whole_number_field(value, "kong_chain", 0, 4), 0
        ),
        _optional_seat("gang_bao_from"),
        Field("gen_zhuang", lambda value, c: parts.flag_field(value, "gen_zhuang"), False),
        Field("players", players_check),
    ),
    player=_seat,
    after=(result_field(RESULT_KEYS, kinds_of),),
    checks=(_win_rules, _kong_chain, _tile_counts, _winning_hand),
    finish=lambda c: c,
    melds=MELD_RULES,
)
"""The Guangdong record: its fields and their checks, in order (see the module docstring)."""


def check_record(data: Any) -> GuangdongOptions:
    """Checks a record in JSON form and returns its options; RecordError naming the field if
    it cannot have happened.

    Example:
        >>> check_record({"dealer": 0, "players": [], "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 0
    """
    options: GuangdongOptions = record_check.check_record(data, SPEC).options
    return options
