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
    >>> from majiang.pingxiang.record import HandRecord
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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from majiang._core import parse_tiles
from majiang.errors import MajiangError, RecordError
from majiang.pingxiang.hands import GANG_KINDS, MELD_KINDS, score_hand
from majiang.pingxiang.options import PingxiangOptions
from majiang.tiles import KINDS, NUM_KINDS

__all__ = ["DrawResult", "HandRecord", "Meld", "MeldKind", "PlayerRecord", "WinResult", "kinds_of"]

SEATS = 4
MeldKind = Literal["chi", "peng", "ming_gang", "an_gang", "bu_gang"]
RECORD_KEYS = frozenset(
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
PLAYER_KEYS = frozenset({"hand", "melds", "discards", "dealt"})
MELD_KEYS = frozenset({"kind", "tiles", "from"})
RESULT_KEYS = frozenset(
    {"kind", "winner", "tile", "from", "gang_kai", "qiang_gang", "tian_hu", "di_hu"}
)
FLAGS: tuple[str, ...] = ("gang_kai", "qiang_gang", "tian_hu", "di_hu")
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


@dataclass(frozen=True)
class Meld:
    """A declared meld: chi, peng, or a kong (ming_gang from a discard, an_gang concealed,
    bu_gang added to a peng). ``source`` is the seat the claimed tile came from (JSON
    ``"from"``; None for an_gang; a bu_gang keeps its pung's).

    Example:
        >>> Meld("peng", "555p", 2).kinds
        (13, 13, 13)
    """

    kind: MeldKind
    tiles: str
    source: int | None = None

    @property
    def kinds(self) -> tuple[int, ...]:
        """The meld's tiles as kind indices."""
        return kinds_of(self.tiles)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Meld:
        """A meld from ``{"kind", "tiles", "from"}`` (checked as part of a HandRecord).

        Example:
            >>> Meld.from_dict({"kind": "an_gang", "tiles": "1111z"})
            Meld(kind='an_gang', tiles='1111z', source=None)
        """
        return cls(data["kind"], data["tiles"], data.get("from"))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form.

        Example:
            >>> Meld("chi", "345s", 3).to_dict()
            {'kind': 'chi', 'tiles': '345s', 'from': 3}
        """
        return {"kind": self.kind, "tiles": self.tiles, "from": self.source}


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
class WinResult:
    """The hand was won: ``winner`` took ``tile`` from ``source`` (JSON ``"from"``; None:
    self-drawn), with the special ways of winning flagged.

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

    @property
    def self_drawn(self) -> bool:
        """Whether the winner drew the winning tile (杠开 included, 抢杠 not)."""
        return self.source is None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form.

        Example:
            >>> WinResult(2, "7z", 0, di_hu=True).to_dict()["di_hu"]
            True
        """
        return {
            "kind": "win",
            "winner": self.winner,
            "tile": self.tile,
            "from": self.source,
            "gang_kai": self.gang_kai,
            "qiang_gang": self.qiang_gang,
            "tian_hu": self.tian_hu,
            "di_hu": self.di_hu,
        }


@dataclass(frozen=True)
class DrawResult:
    """Nobody won: the wall was drawn out (黄牌).

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
            flags = {name: r.get(name, False) for name in FLAGS}
            result = WinResult(r["winner"], r["tile"], r.get("from"), **flags)
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


def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"{path}: {message}")


def _object(data: Any, path: str, allowed: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _fail(path, f"expected an object, got {type(data).__name__}")
    unknown = sorted(map(str, data.keys() - allowed))
    if unknown:
        where = f"{path}.{unknown[0]}" if path != "record" else unknown[0]
        raise _fail(where, f"unknown field (known: {', '.join(sorted(allowed))})")
    return data


def _seat(value: Any, path: str) -> int:
    if type(value) is not int or not 0 <= value < SEATS:
        raise _fail(path, f"expected a seat 0-3, got {value!r}")
    return value


def _flag(value: Any, path: str) -> bool:
    if type(value) is not bool:
        raise _fail(path, f"expected true or false, got {value!r}")
    return value


def _tiles(value: Any, path: str) -> tuple[int, ...]:
    if type(value) is not str:
        raise _fail(path, f"expected tiles as text, got {value!r}")
    try:
        return kinds_of(value)
    except RecordError as e:
        raise _fail(path, str(e)) from None
    except MajiangError as e:
        raise _fail(path, str(e)) from None


def _one_tile(value: Any, path: str) -> int:
    tiles = _tiles(value, path)
    if len(tiles) != 1:
        raise _fail(path, f"expected one tile, got {len(tiles)}")
    return tiles[0]


def _list(value: Any, path: str, what: str) -> Sequence[Any]:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return value
    raise _fail(path, f"expected a list of {what}, got {value!r}")


def _meld(m: Any, path: str, seat: int) -> tuple[str, tuple[int, ...], int | None]:
    m = _object(m, path, MELD_KEYS)
    kind = m.get("kind")
    if kind not in MELD_KINDS:
        raise _fail(f"{path}.kind", f"expected one of {', '.join(MELD_KINDS)}, got {kind!r}")
    tiles = tuple(sorted(_tiles(m.get("tiles"), f"{path}.tiles")))
    size = 4 if kind in GANG_KINDS else 3
    if len(tiles) != size:
        raise _fail(f"{path}.tiles", f"a {kind} has {size} tiles, got {len(tiles)}")
    if kind == "chi":
        a = tiles[0]
        if a >= 27 or a % 9 > 6 or tiles != (a, a + 1, a + 2):
            raise _fail(
                f"{path}.tiles",
                f"{m['tiles']} is no sequence (three numbers in a row of one suit; "
                "honors cannot be chowed)",
            )
    elif tiles.count(tiles[0]) != size:
        raise _fail(f"{path}.tiles", f"a {kind} is {size} of one kind, got {m['tiles']}")
    source = m.get("from")
    if kind == "an_gang":
        if source is not None:
            raise _fail(f"{path}.from", "an an_gang is concealed: it takes no tile from anyone")
        return kind, tiles, None
    if source is None:
        raise _fail(f"{path}.from", f"a {kind} needs the seat the claimed tile came from")
    _seat(source, f"{path}.from")
    if source == seat:
        raise _fail(f"{path}.from", f"a {kind} claims another player's tile, not its own")
    if kind == "chi" and source != (seat + 3) % SEATS:
        raise _fail(
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
    d = _object(data, "record", RECORD_KEYS)
    variant = d.get("variant", "pingxiang")
    if variant != "pingxiang":
        raise _fail("variant", f"expected 'pingxiang', got {variant!r}")
    options = PingxiangOptions.from_dict(d.get("options"))
    dealer = _seat(d.get("dealer"), "dealer")
    streak = d.get("dealer_streak", 1)
    if type(streak) is not int or streak < 1:
        raise _fail("dealer_streak", f"expected a whole number ≥ 1, got {streak!r}")
    for name in ("jing_indicator", "lower_jing_indicator"):
        if d.get(name) is not None:
            _one_tile(d[name], name)
    _flag(d.get("chao_zhuang", False), "chao_zhuang")
    players = _list(d.get("players"), "players", "players")
    if len(players) != SEATS:
        raise _fail("players", f"expected exactly four players, got {len(players)}")

    hands: list[tuple[int, ...]] = []
    melds: list[list[tuple[str, tuple[int, ...], int | None]]] = []
    fields: list[tuple[str, tuple[int, ...]]] = []  # where each tile is, for the count check
    ponds: list[tuple[int, ...]] = []
    for seat, raw in enumerate(players):
        path = f"players[{seat}]"
        p = _object(raw, path, PLAYER_KEYS)
        if "hand" not in p:
            raise _fail(f"{path}.hand", "missing")
        seat_melds = [
            _meld(m, f"{path}.melds[{i}]", seat)
            for i, m in enumerate(_list(p.get("melds") or [], f"{path}.melds", "melds"))
        ]
        if len(seat_melds) > 4:
            raise _fail(f"{path}.melds", f"at most four melds, got {len(seat_melds)}")
        hand = _tiles(p["hand"], f"{path}.hand")
        room = 13 - 3 * len(seat_melds)
        if len(hand) != room:
            raise _fail(
                f"{path}.hand",
                f"{len(hand)} tiles concealed, but {len(seat_melds)} meld(s) leave room for "
                f"{room} (the winner's without the winning tile)",
            )
        pond = _tiles(p.get("discards") or "", f"{path}.discards")
        if p.get("dealt") is not None:
            dealt = _tiles(p["dealt"], f"{path}.dealt")
            want = 14 if seat == dealer else 13
            if len(dealt) != want:
                raise _fail(f"{path}.dealt", f"expected {want} dealt tiles, got {len(dealt)}")
            if any(dealt.count(k) > 4 for k in set(dealt)):
                raise _fail(f"{path}.dealt", "more than four of one tile")
        fields += [(f"{path}.melds[{i}]", m[1]) for i, m in enumerate(seat_melds)]
        fields += [(f"{path}.hand", hand), (f"{path}.discards", pond)]
        hands.append(hand)
        melds.append(seat_melds)
        ponds.append(pond)

    r = _object(d.get("result"), "result", RESULT_KEYS)
    kind = r.get("kind")
    if kind == "draw":
        _object(r, "result", frozenset({"kind"}))
    elif kind != "win":
        raise _fail("result.kind", f"expected 'win' or 'draw', got {kind!r}")
    else:
        winner = _seat(r.get("winner"), "result.winner")
        tile = _one_tile(r.get("tile"), "result.tile")
        source = r.get("from")
        if source is not None:
            _seat(source, "result.from")
            if source == winner:
                raise _fail("result.from", "a discard win takes another player's tile")
        flags = {name: _flag(r.get(name, False), f"result.{name}") for name in FLAGS}
        _check_flags(flags, winner, tile, source, dealer, melds, ponds)
        fields.append(("result.tile", (tile,)))
    seen = [0] * NUM_KINDS
    for path, tiles in fields:
        for k in tiles:
            seen[k] += 1
            if seen[k] > 4:
                raise _fail(path, f"a fifth {KINDS[k]}: only four of each tile exist")
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
            raise _fail(
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
    melds: list[list[tuple[str, tuple[int, ...], int | None]]],
    ponds: list[tuple[int, ...]],
) -> None:
    on = [name for name in FLAGS if flags[name]]
    if len(on) > 1:
        raise _fail(f"result.{on[1]}", f"cannot go with {on[0]}")
    if flags["gang_kai"]:
        if source is not None:
            raise _fail("result.gang_kai", "杠开 is self-drawn (from must be null)")
        if not any(m[0] in GANG_KINDS for m in melds[winner]):
            raise _fail("result.gang_kai", "杠开 needs a kong among the winner's melds")
    if flags["qiang_gang"]:
        if source is None:
            raise _fail("result.qiang_gang", "抢杠 needs the robbed player in from")
        if not any(m[0] == "peng" and m[1][0] == tile for m in melds[source]):
            raise _fail(
                "result.qiang_gang",
                f"seat {source} has no peng of {KINDS[tile]} to add to (the robbed kong "
                "stays a peng)",
            )
    if flags["tian_hu"]:
        if winner != dealer or source is not None:
            raise _fail("result.tian_hu", "天胡 is the dealer's own 14 dealt tiles")
        for seat in range(SEATS):
            if melds[seat] or ponds[seat]:
                raise _fail(f"players[{seat}]", "天胡 ends the hand before any discard or meld")
    if flags["di_hu"]:
        if winner == dealer or source != dealer:
            raise _fail("result.di_hu", "地胡 is a non-dealer winning on the dealer's discard")
        if melds[winner]:
            raise _fail("result.di_hu", "地胡 is won on the dealt 13 tiles (no melds)")
