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

from majiang import record_parts as parts
from majiang._core import parse_tiles
from majiang.errors import RecordError, quoted
from majiang.record_parts import MELD_KEYS, SEATS, DrawResult, MeldTuple, WinResult, fail
from majiang.record_parts import NANCHANG_FORM_PLAYER_KEYS as PLAYER_KEYS
from majiang.record_parts import NANCHANG_FORM_RECORD_KEYS as RECORD_KEYS
from majiang.record_parts import NANCHANG_FORM_RESULT_KEYS as RESULT_KEYS
from majiang.record_parts import WIN_FLAGS as FLAGS
from majiang.tiles import KINDS, NUM_KINDS
from majiang.variants.pingxiang.hands import GANG_KINDS, MELD_KINDS, score_hand
from majiang.variants.pingxiang.options import PingxiangOptions

__all__ = ["DrawResult", "HandRecord", "Meld", "MeldKind", "PlayerRecord", "WinResult", "kinds_of"]

MeldKind = Literal["chi", "peng", "ming_gang", "an_gang", "bu_gang"]
_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}


def kinds_of(text: str) -> tuple[int, ...]:
    """The kind index of every tile in ``text`` (MPSZ, Chinese names or glyphs), in order.

    Example:
        >>> kinds_of("55p 中")
        (13, 13, 33)
    """
    out = []
    for name in parse_tiles(text):
        if name not in _INDEX:
            raise RecordError(f"{name} is a flower; Pingxiang has no flowers")
        out.append(_INDEX[name])
    return tuple(out)


class Meld(parts.Meld[MeldKind]):
    """A declared meld: chi, peng, or a kong (ming_gang from a discard, an_gang concealed,
    bu_gang added to a peng). ``source`` is the seat the claimed tile came from (JSON
    ``"from"``; None for an_gang; a bu_gang keeps its pung's). ``from_dict`` / ``to_dict``:
    :class:`majiang.record_parts.Meld`.

    Example:
        >>> Meld("peng", "555p", 2).kinds
        (13, 13, 13)
        >>> Meld.from_dict({"kind": "an_gang", "tiles": "1111z"})
        Meld(kind='an_gang', tiles='1111z', source=None)
    """

    kinds_of = staticmethod(kinds_of)


@dataclass(frozen=True)
class PlayerRecord:
    """One seat at the end of the hand: concealed ``hand`` (the winner's without the winning
    tile), ``melds``, ``discards`` left in the pond and, optionally, the ``dealt`` tiles.

    Example:
        >>> PlayerRecord("123m").melds
        ()
    """

    hand: str
    melds: tuple[Meld, ...] = ()
    discards: str = ""
    dealt: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerRecord:
        """A player from ``{"hand", "melds", "discards", "dealt"}`` (missing ones default).

        Example:
            >>> PlayerRecord.from_dict({"hand": "123m"}).discards
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
        options = check_record(data)
        d: Mapping[str, Any] = data
        r = d["result"]
        result: WinResult | DrawResult = DrawResult()
        if r["kind"] == "win":
            result = WinResult.from_dict(r)
        return cls(
            dealer=d["dealer"],
            players=tuple(PlayerRecord.from_dict(p) for p in d["players"]),
            result=result,
            dealer_streak=d.get("dealer_streak", 1),
            jing_indicator=d.get("jing_indicator"),
            lower_jing_indicator=d.get("lower_jing_indicator"),
            chao_zhuang=d.get("chao_zhuang", False),
            options=options,
            checked=True,
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


def _tiles(value: Any, path: str) -> tuple[int, ...]:
    return parts.tiles_field(value, path, kinds_of)


def _one_tile(value: Any, path: str) -> int:
    return parts.one_tile_field(value, path, kinds_of)


def _meld(m: Any, path: str, seat: int) -> MeldTuple:
    m = parts.object_field(m, path, MELD_KEYS)
    kind = m.get("kind")
    if kind not in MELD_KINDS:
        raise fail(f"{path}.kind", f"expected one of {', '.join(MELD_KINDS)}, got {quoted(kind)}")
    tiles = tuple(sorted(_tiles(m.get("tiles"), f"{path}.tiles")))
    size = 4 if kind in GANG_KINDS else 3
    if len(tiles) != size:
        raise fail(f"{path}.tiles", f"a {kind} has {size} tiles, got {len(tiles)}")
    if kind == "chi":
        a = tiles[0]
        if a >= 27 or a % 9 > 6 or tiles != (a, a + 1, a + 2):
            raise fail(
                f"{path}.tiles",
                f"{m['tiles']} is no sequence (three numbers in a row of one suit; "
                "honors cannot be chowed)",
            )
    elif tiles.count(tiles[0]) != size:
        raise fail(f"{path}.tiles", f"a {kind} is {size} of one kind, got {m['tiles']}")
    source = parts.meld_source(kind, m.get("from"), path, seat)
    if kind == "chi" and source != (seat + 3) % SEATS:
        raise fail(
            f"{path}.from",
            f"a chi takes the previous player's (上家) discard, seat {(seat + 3) % SEATS}, "
            f"not seat {source}",
        )
    return kind, tiles, source


def check_record(data: Any) -> PingxiangOptions:
    """Checks a record in JSON form (see the module docstring) and returns its options;
    RecordError naming the field if it cannot have happened.

    Example:
        >>> check_record({"dealer": 0, "players": [], "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players: expected exactly four players, got 0
    """
    d = parts.object_field(data, "record", RECORD_KEYS)
    parts.check_variant(d, "pingxiang")
    options = PingxiangOptions.from_dict(d.get("options"))
    dealer = parts.seat_field(d.get("dealer"), "dealer")
    parts.whole_number_field(d.get("dealer_streak", 1), "dealer_streak", 1)
    for name in ("jing_indicator", "lower_jing_indicator"):
        if d.get(name) is not None:
            _one_tile(d[name], name)
    parts.flag_field(d.get("chao_zhuang", False), "chao_zhuang")
    players = parts.players_field(d.get("players"))

    hands: list[tuple[int, ...]] = []
    melds: list[list[MeldTuple]] = []
    fields: list[tuple[str, tuple[int, ...]]] = []  # where each tile is, for the count check
    ponds: list[tuple[int, ...]] = []
    for seat, raw in enumerate(players):
        path = f"players[{seat}]"
        p = parts.object_field(raw, path, PLAYER_KEYS)
        if "hand" not in p:
            raise fail(f"{path}.hand", "missing")
        seat_melds = [
            _meld(m, f"{path}.melds[{i}]", seat)
            for i, m in enumerate(parts.list_field(p.get("melds") or [], f"{path}.melds", "melds"))
        ]
        if len(seat_melds) > 4:
            raise fail(f"{path}.melds", f"at most four melds, got {len(seat_melds)}")
        hand = _tiles(p["hand"], f"{path}.hand")
        parts.check_concealed(hand, len(seat_melds), f"{path}.hand")
        pond = _tiles(p.get("discards") or "", f"{path}.discards")
        if p.get("dealt") is not None:
            dealt = _tiles(p["dealt"], f"{path}.dealt")
            want = 14 if seat == dealer else 13
            if len(dealt) != want:
                raise fail(f"{path}.dealt", f"expected {want} dealt tiles, got {len(dealt)}")
            if any(dealt.count(k) > 4 for k in set(dealt)):
                raise fail(f"{path}.dealt", "more than four of one tile")
        fields += [(f"{path}.melds[{i}]", m[1]) for i, m in enumerate(seat_melds)]
        fields += [(f"{path}.hand", hand), (f"{path}.discards", pond)]
        hands.append(hand)
        melds.append(seat_melds)
        ponds.append(pond)

    r, kind = parts.result_kind(d.get("result"), RESULT_KEYS)
    if kind == "win":
        winner = parts.seat_field(r.get("winner"), "result.winner")
        tile = _one_tile(r.get("tile"), "result.tile")
        source = parts.discard_source(r.get("from"), (winner,))
        flags = {name: parts.flag_field(r.get(name, False), f"result.{name}") for name in FLAGS}
        _check_flags(flags, winner, tile, source, dealer, melds, ponds)
        fields.append(("result.tile", (tile,)))
    parts.tile_counts_field(fields)
    if kind == "win":
        concealed = [0] * NUM_KINDS
        for k in (*hands[winner], tile):
            concealed[k] += 1
        meld_specs = [(m[0], m[1]) for m in melds[winner]]
        score = score_hand(
            concealed,
            meld_specs,
            self_drawn=source is None,
            tian_hu=flags["tian_hu"],
            di_hu=flags["di_hu"],
            options=options,
        )
        if score is None:
            raise fail(
                "result.tile",
                f"players[{winner}]'s hand {players[winner]['hand']} with {KINDS[tile]} "
                f"({len(melds[winner])} meld(s)) does not win under Pingxiang rules",
            )
    return options


def _check_flags(
    flags: Mapping[str, bool],
    winner: int,
    tile: int,
    source: int | None,
    dealer: int,
    melds: list[list[MeldTuple]],
    ponds: list[tuple[int, ...]],
) -> None:
    on = [name for name in FLAGS if flags[name]]
    if len(on) > 1:
        raise fail(f"result.{on[1]}", f"cannot go with {on[0]}")
    if flags["gang_kai"]:
        if source is not None:
            raise fail("result.gang_kai", "杠开 is self-drawn (from must be null)")
        if not any(m[0] in GANG_KINDS for m in melds[winner]):
            raise fail("result.gang_kai", "杠开 needs a kong among the winner's melds")
    if flags["qiang_gang"]:
        parts.check_qiang_gang(source, tile, melds)
    if flags["tian_hu"]:
        if winner != dealer or source is not None:
            raise fail("result.tian_hu", "天胡 is the dealer's own 14 dealt tiles")
        parts.check_nothing_before(melds, ponds)
    if flags["di_hu"]:
        if winner == dealer or source != dealer:
            raise fail("result.di_hu", "地胡 is a non-dealer winning on the dealer's discard")
        if melds[winner]:
            raise fail("result.di_hu", "地胡 is won on the dealt 13 tiles (no melds)")
