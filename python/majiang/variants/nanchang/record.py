"""The Nanchang hand record, typed: what happened in one hand.

:class:`HandRecord` mirrors the JSON form (``from_dict`` / ``to_dict``); building one checks it
with :func:`majiang.variants.nanchang.facts.check_record`, so a record that cannot have
happened raises
:class:`~majiang.errors.RecordError` naming the field, and nothing is settled.

Example:
    >>> from majiang.variants.nanchang.record import HandRecord
    >>> r = HandRecord.from_dict({
    ...     "dealer": 0, "jing_indicator": "9p",
    ...     "players": [{"hand": "123m456m789m23s55p"}, {"hand": "147m258p369s1234z"},
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

from majiang.meld import Meld
from majiang.record_check import WinFacts
from majiang.record_parts import DrawResult, PlayerRecord, WinResult
from majiang.record_schema import counts_kinds
from majiang.tiles import KIND_INDEX
from majiang.variants.nanchang.facts import FedJing, HandFacts, check_record
from majiang.variants.nanchang.options import NanchangOptions
from majiang.variants.nanchang.tile_counts import jing_kinds

__all__ = [
    "DrawResult",
    "HandRecord",
    "Meld",
    "MeldKind",
    "PlayerRecord",
    "WinResult",
    "from_engine",
]

MeldKind = Literal["chi", "peng", "ming_gang", "an_gang", "bu_gang"]


@dataclass(frozen=True)
class HandRecord:
    """One finished Nanchang hand. Building one checks it (RecordError naming the field)."""

    dealer: int
    jing_indicator: str
    players: tuple[PlayerRecord, ...]
    result: WinResult | DrawResult
    dealer_streak: int = 1
    lower_jing_indicator: str | None = None
    chao_zhuang: bool = False
    fed_jing: tuple[dict[str, Any], ...] = ()
    """Jing claimed from another seat's discard: ``{"seat", "from", "tile"}`` each (冲关 fed by
    a discard, ``chong_guan_feeder_pays``)."""
    options: NanchangOptions = field(default_factory=NanchangOptions)
    variant: Literal["nanchang"] = "nanchang"
    facts: HandFacts | None = field(default=None, repr=False, compare=False)
    """The checked facts the settlement reads (filled in when the record is built)."""

    def __post_init__(self) -> None:
        if self.facts is None:
            object.__setattr__(self, "facts", check_record(self.to_dict()))

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A checked record from its JSON form.

        Example:
            >>> HandRecord.from_dict({"variant": "sichuan"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: variant: expected 'nanchang', got 'sichuan'
        """
        facts = check_record(data)
        d: Mapping[str, Any] = data
        r = d["result"]
        result: WinResult | DrawResult = DrawResult()
        if r["kind"] == "win":
            result = WinResult.from_dict(r)
        return cls(
            dealer=d["dealer"],
            jing_indicator=d["jing_indicator"],
            players=tuple(PlayerRecord.from_dict(p) for p in d["players"]),
            result=result,
            dealer_streak=d.get("dealer_streak", 1),
            lower_jing_indicator=d.get("lower_jing_indicator"),
            chao_zhuang=d.get("chao_zhuang", False),
            fed_jing=tuple(dict(e) for e in d.get("fed_jing", ())),
            options=facts.options,
            facts=facts,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``HandRecord.from_dict(r.to_dict()) == r``.

        Example:
            >>> r = HandRecord.from_dict({"dealer": 1, "jing_indicator": "1z",
            ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
            ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
            ...     "result": {"kind": "draw"}, "options": {"palou": False}})
            >>> r.to_dict()["options"], HandRecord.from_dict(r.to_dict()) == r
            ({'palou': False}, True)
        """
        out: dict[str, Any] = {
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
        if self.fed_jing:
            out["fed_jing"] = [dict(e) for e in self.fed_jing]
        return out


def from_engine(data: Mapping[str, Any], state: Any) -> HandRecord:
    """The typed record of a hand the engine finished, with its facts: the record ``data``
    it wrote (its scalar fields, indicators and ``fed_jing``) and the engine's ``state``
    (each seat's counts, melds, pond and dealt counts, as they are: no hand text is read).
    Not checked: the engine's values are its own.

    Example:
        >>> from majiang.game import Game, EfficiencyBot, play
        >>> g = play(Game("nanchang", seed=4), [EfficiencyBot() for _ in range(4)])
        >>> r = from_engine(g.records[-1], g.state)
        >>> r == HandRecord.from_dict(g.records[-1]), r.facts == check_record(g.records[-1])
        (True, True)
    """
    r = data["result"]
    melds = tuple(tuple(m) for m in state.melds)
    hands = tuple(counts_kinds(h) for h in state.hands)
    held = []
    for hand, seat_melds in zip(hands, melds, strict=True):
        for m in seat_melds:
            hand += m.kinds
        held.append(hand)
    gangs = tuple(tuple(m for m in ms if m.is_gang) for ms in melds)
    dealt = tuple(counts_kinds(d) for d in state.dealt)
    lower_text = data.get("lower_jing_indicator")
    win = None
    result: WinResult | DrawResult = DrawResult()
    if r["kind"] == "win":
        flags = (r["gang_kai"], r["qiang_gang"], r["tian_hu"], r["di_hu"])
        win = WinFacts(r["winner"], KIND_INDEX[r["tile"]], r["from"], *flags)
        result = WinResult(r["winner"], r["tile"], r["from"], *flags)
    fed = data.get("fed_jing", [])
    options = NanchangOptions.from_dict(data["options"])
    facts = HandFacts(
        options,
        data["dealer"],
        data["dealer_streak"],
        jing_kinds(data["jing_indicator"]),
        None if lower_text is None else jing_kinds(lower_text),
        hands,
        tuple(held),
        melds,
        gangs if any(gangs) else None,
        tuple(tuple(sorted(p)) for p in state.ponds),  # as the record writes them: sorted
        dealt,
        win,
        data["chao_zhuang"],
        tuple(FedJing(e["seat"], e["from"], KIND_INDEX[e["tile"]]) for e in fed),
    )
    players = tuple(
        PlayerRecord(p["hand"], melds[s], p["discards"], p.get("dealt"), hands[s])
        for s, p in enumerate(data["players"])
    )
    return HandRecord(
        dealer=data["dealer"],
        jing_indicator=data["jing_indicator"],
        players=players,
        result=result,
        dealer_streak=data["dealer_streak"],
        lower_jing_indicator=lower_text,
        chao_zhuang=data["chao_zhuang"],
        fed_jing=tuple(dict(e) for e in fed),
        options=options,
        facts=facts,
    )
