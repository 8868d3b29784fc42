"""A Guizhou hand record: what settlement needs to know of one finished hand, checked.

The JSON form (every field but ``variant`` and ``players`` optional)::

    {"variant": "guiyang" | "tongren", "options": {...}, "dealer": 0,
     "players": [{"hand": "MPSZ", "melds": [{"kind", "tiles", "from"}],
                  "discards": "MPSZ in order", "baoting": false}, x4],
     "win": {"winners": [1], "from": 2 | null, "tile": "5m", "gang_shang": false,
             "qiang_gang": false, "repao": "an_gang" | "bu_gang" | "ming_gang" | null} | null,
     "flip": "9s" | null, "chongfeng": seat | null, "chongfeng_wugu": seat | null,
     "zeren": [discarder, claimer] | null}

``hand`` is the concealed tiles without the winning tile; ``win`` null is 黄庄. ``repao`` is
the 豆 the discarder made just before the winning discard (its last meld). A record that
cannot have happened raises :class:`~majiang.errors.RecordError` naming the field.

Example:
    >>> r = HandRecord.from_dict(EXAMPLE)
    >>> r.winners, r.discarder, r.options.profile
    ((0,), None, 'guiyang')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from majiang._core import parse_tiles
from majiang.errors import RecordError
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, to_counts
from majiang.variants.guizhou.hands import classify
from majiang.variants.guizhou.options import GuizhouOptions

__all__ = ["EXAMPLE", "GANGS", "HandRecord", "from_engine"]

GANGS = ("an_gang", "bu_gang", "ming_gang")
"""The three 豆: 闷豆, 转弯豆, 点豆."""

EXAMPLE: dict[str, Any] = {
    "variant": "guiyang",
    "players": [
        {"hand": "1112223334445m", "melds": []},
        {"hand": "1s234p567p789p999p", "melds": [], "discards": ""},
        {"hand": "123456789m1234p", "melds": []},
        {"hand": "2233445566778s", "melds": []},
    ],
    "win": {"winners": [0], "from": None, "tile": "5m"},
    "flip": "9s",
}
"""A self-drawn 清大对 of seat 0 with a flipped 9s (幺鸡 is 金鸡)."""


def _err(loc: tuple[str | int, ...], msg: str) -> RecordError:
    return RecordError.at(loc, msg)


def _tiles(value: Any, loc: tuple[str | int, ...]) -> list[int]:
    if not isinstance(value, str):
        raise _err(loc, f"expected MPSZ text, got {value!r}")
    try:
        counts = to_counts(value)
    except Exception as e:  # the parser's own error, re-raised at the field
        raise _err(loc, str(e)) from None
    if any(counts[27:]):
        raise _err(loc, "honour tiles are not in the Guizhou set")
    return counts


def _kinds(counts: Sequence[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


def _one(value: Any, loc: tuple[str | int, ...]) -> int:
    counts = _tiles(value, loc)
    if sum(counts) != 1:
        raise _err(loc, f"expected one tile, got {value!r}")
    return counts.index(1)


def _seat(value: Any, loc: tuple[str | int, ...]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4:
        raise _err(loc, f"expected a seat 0-3, got {value!r}")
    return value


@dataclass(frozen=True)
class HandRecord:
    """One checked Guizhou hand (see the module for the fields' meaning)."""

    options: GuizhouOptions
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    baoting: tuple[bool, ...]
    winners: tuple[int, ...]
    discarder: int | None
    tile: int | None
    gang_shang: bool
    qiang_gang: bool
    repao: str | None
    flip: int | None
    chongfeng: int | None
    zeren: tuple[int, int] | None
    chongfeng_wugu: int | None = None
    """冲锋乌骨: the seat whose 8p was the first discarded and not claimed (乌骨鸡 on)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandRecord:
        """The record of a JSON-ready dict, checked (see the module's example)."""
        variant = data.get("variant", "guiyang")
        if variant not in ("guiyang", "tongren"):
            raise _err(("variant",), f"expected guiyang or tongren, got {variant!r}")
        options = GuizhouOptions.from_dict(data.get("options"), variant)
        dealer = _seat(data.get("dealer", 0), ("dealer",))
        players = data.get("players")
        if not isinstance(players, list) or len(players) != 4:
            raise _err(("players",), "expected four players")
        hands, melds, discards, baoting = [], [], [], []
        total = [0] * 34
        for i, p in enumerate(players):
            if not isinstance(p, Mapping):
                raise _err(("players", i), "expected an object")
            hand = _tiles(p.get("hand", ""), ("players", i, "hand"))
            ms: list[Meld] = []
            raw_melds = p.get("melds", [])
            if not isinstance(raw_melds, list):
                got = type(raw_melds).__name__
                raise _err(("players", i, "melds"), f"expected a list of melds, got {got}")
            for j, m in enumerate(raw_melds):
                loc: tuple[str | int, ...] = ("players", i, "melds", j)
                try:
                    meld = Meld.from_dict(m)
                except Exception as e:
                    raise _err(loc, str(e)) from None
                if meld.kind == "chi":
                    raise _err((*loc, "kind"), "no chow (吃) in Guizhou [001:135]")
                if any(k >= 27 for k in meld.kinds):
                    raise _err((*loc, "tiles"), "honour tiles are not in the Guizhou set")
                ms.append(meld)
                for k in meld.kinds:
                    total[k] += 1
            if sum(hand) != 13 - 3 * len(ms):
                raise _err(("players", i, "hand"), f"expected {13 - 3 * len(ms)} tiles")
            river = _tiles(p.get("discards", ""), ("players", i, "discards"))
            order = p.get("discards", "")
            told = p.get("baoting", False)
            if type(told) is not bool:
                raise _err(("players", i, "baoting"), f"expected true or false, got {told!r}")
            if told and not options.baoting:
                raise _err(("players", i, "baoting"), "报听 is not a rule of this profile")
            if told and ms:
                raise _err(("players", i, "baoting"), "a 报听 hand is locked: no pong or kong")
            for k in range(34):
                total[k] += hand[k] + river[k]
            hands.append(tuple(hand))
            melds.append(tuple(ms))
            discards.append(tuple(_kinds_in_order(order)))
            baoting.append(told)
        win = data.get("win")
        winners: tuple[int, ...] = ()
        discarder = tile = None
        gang_shang = qiang_gang = False
        repao = None
        if win is not None:
            if not isinstance(win, Mapping):
                raise _err(("win",), "expected an object or null")
            raw = win.get("winners")
            if not isinstance(raw, list) or not raw:
                raise _err(("win", "winners"), "expected a list of seats")
            winners = tuple(_seat(w, ("win", "winners", n)) for n, w in enumerate(raw))
            if len(set(winners)) != len(winners):
                raise _err(("win", "winners"), "a seat wins once")
            if win.get("from") is not None:
                discarder = _seat(win["from"], ("win", "from"))
                if discarder in winners:
                    raise _err(("win", "from"), "a seat does not win on its own discard")
            elif len(winners) != 1:
                raise _err(("win", "winners"), "a self-draw has one winner")
            tile = _one(win.get("tile"), ("win", "tile"))
            total[tile] += 1
            gang_shang = bool(win.get("gang_shang", False))
            qiang_gang = bool(win.get("qiang_gang", False))
            repao = win.get("repao")
            if qiang_gang and discarder is None:
                raise _err(("win", "qiang_gang"), "抢杠 robs another seat's 转弯豆: needs from")
            if gang_shang and discarder is not None:
                raise _err(("win", "gang_shang"), "杠上胡 is a self-draw")
            if repao is not None:
                if repao not in GANGS:
                    raise _err(("win", "repao"), f"expected one of {GANGS}, got {repao!r}")
                last = melds[discarder][-1] if discarder is not None and melds[discarder] else None
                if last is None or last.kind != repao or qiang_gang:
                    raise _err(("win", "repao"), "热炮 needs the 豆 its discarder just made")
        flip = None if data.get("flip") is None else _one(data["flip"], ("flip",))
        if flip is not None:
            total[flip] += 1
        for k in range(27):
            if total[k] > 4:
                raise _err(("players",), f"more than four of kind {k} in the record")
        cf = data.get("chongfeng")
        chongfeng = None if cf is None else _seat(cf, ("chongfeng",))
        cw = data.get("chongfeng_wugu")
        chongfeng_wugu = None if cw is None else _seat(cw, ("chongfeng_wugu",))
        if chongfeng_wugu is not None and not options.wugu:
            raise _err(("chongfeng_wugu",), "冲锋乌骨 needs 乌骨鸡 (option wugu)")
        zr = data.get("zeren")
        zeren = None
        if zr is not None:
            if not isinstance(zr, list) or len(zr) != 2:
                raise _err(("zeren",), "expected [discarder, claimer]")
            zeren = (_seat(zr[0], ("zeren", 0)), _seat(zr[1], ("zeren", 1)))
        record = cls(
            options, dealer, tuple(hands), tuple(melds), tuple(discards), tuple(baoting),
            winners, discarder, tile, gang_shang, qiang_gang, repao, flip, chongfeng, zeren,
            chongfeng_wugu,
        )  # fmt: skip
        for n, w in enumerate(winners):
            record.check_win(w, ("win", "winners", n))
        return record

    def check_win(self, seat: int, loc: tuple[str | int, ...]) -> None:
        """Raises RecordError unless ``seat`` can win on the record's tile (平胡 on a discard
        needs a 豆, save 热炮, 抢杠 and a 报听 seat's discard)."""
        assert self.tile is not None
        full = list(self.hands[seat])
        full[self.tile] += 1
        value = classify(full, self.melds[seat], self.tile, self.options)
        if value is None:
            raise _err(loc, "not a winning hand")
        if (
            value.name == "平胡"
            and self.discarder is not None
            and self.options.pinghu_needs_dou
            and not self.qiang_gang
            and self.repao is None
            and not self.baoting[self.discarder]
            and not any(m.is_gang for m in self.melds[seat])
        ):
            raise _err(loc, "平胡 takes a discard only with a 豆 [001:135]")


def _kinds_in_order(text: str) -> list[int]:
    return [KIND_INDEX[t] for t in parse_tiles(text)] if text else []


def from_engine(record: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine just finished, from its record dict's scalar
    fields and the engine's state (counts, melds and ponds as they are): no tile text is
    written and read back, and the engine's own checks stand for the record's (the win was
    asked of the variant as it was made). Equal to ``HandRecord.from_dict(record)``.

    Example:
        >>> from majiang.game import EfficiencyBot, Game, play
        >>> g = play(Game("guiyang", seed=2), [EfficiencyBot() for _ in range(4)])
        >>> from_engine(g.records[0], g.state) == HandRecord.from_dict(g.records[0])
        True
    """
    variant = record["variant"]
    options = GuizhouOptions.from_dict(record.get("options"), variant)
    win = record.get("win")
    players = record["players"]
    melds = [tuple(state.melds[s]) for s in range(4)]
    winners: tuple[int, ...] = ()
    discarder = tile = None
    gang_shang = qiang_gang = False
    repao = None
    if win is not None:
        winners = tuple(win["winners"])
        discarder = win["from"]
        tile = KIND_INDEX[win["tile"]]
        gang_shang, qiang_gang, repao = (
            bool(win["gang_shang"]),
            bool(win["qiang_gang"]),
            win["repao"],
        )
        if repao is not None:  # the 热炮 豆 last, as the record lists it
            assert discarder is not None
            last = Meld.from_dict(players[discarder]["melds"][-1])
            kept = tuple(m for m in melds[discarder] if m != last)
            melds[discarder] = (*kept, last)
    flip = record.get("flip")
    zeren = record.get("zeren")
    return HandRecord(
        options,
        record["dealer"],
        tuple(tuple(state.hands[s][:34]) for s in range(4)),
        tuple(melds),
        tuple(tuple(state.ponds[s]) for s in range(4)),
        tuple(bool(p.get("baoting")) for p in players),
        winners,
        discarder,
        tile,
        gang_shang,
        qiang_gang,
        repao,
        None if flip is None else KIND_INDEX[flip],
        record.get("chongfeng"),
        None if zeren is None else (zeren[0], zeren[1]),
        record.get("chongfeng_wugu"),
    )
