"""Discard advice: for each discard, shanten, effective tiles (进张), improving tiles (改良),
the average effective count one step ahead, and the chances to reach tenpai or win within a
number of draws. Definitions, the model's assumptions and worked examples: docs/advice.md.

Example:
    >>> import majiang
    >>> best = majiang.advice("123m456p789s1122z5z", rules="standard", draws=10)[0]
    >>> best.discard, best.shanten, best.effective_total, [w.tile for w in best.waits]
    ('5z', 0, 4, ['1z', '2z'])
    >>> round(best.wait_chance or 0, 3)
    0.293
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from majiang._core import advice as _core_advice
from majiang._core import parse_tiles
from majiang.advice_variant import variant_check, variant_of
from majiang.errors import ArgumentTypeError, RulesError
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX

__all__ = ["Advice", "Chance", "Improving", "TileCount", "Wait", "advice"]


@dataclass(frozen=True)
class Chance:
    """A chance in [0, 1]: exact (``samples`` 0, ``std_error`` 0) or a Monte Carlo estimate
    with its standard error ``sqrt(p (1 - p) / samples)``."""

    value: float
    std_error: float
    samples: int

    @property
    def exact(self) -> bool:
        """Whether the figure is exact (no sampling)."""
        return self.samples == 0


@dataclass(frozen=True)
class TileCount:
    """An effective kind and how many of it are unseen (0 to 4)."""

    tile: str
    unseen: int


@dataclass(frozen=True)
class Improving:
    """An improving (改良) kind: its unseen count and the effective total it raises the hand to."""

    tile: str
    unseen: int
    raises_to: int


@dataclass(frozen=True)
class Wait:
    """A wait of a ready hand, its unseen count and the chance (hypergeometric, exact) that
    the given draws include one; ``None`` without ``draws``."""

    tile: str
    unseen: int
    chance: float | None


@dataclass(frozen=True)
class Advice:
    """The advice for one discard (``discard`` ``None``: a 13-3k hand as it is).

    ``effective_total`` is at most the unseen tiles (136 less the hand); ``next_average``
    lies between 0 and that; ``tenpai`` and ``win`` are given (with ``draws``) for the
    discards that leave the lowest shanten, ``None`` for the others.
    """

    discard: str | None
    shanten: int
    effective: tuple[TileCount, ...]
    effective_total: int
    improving: tuple[Improving, ...]
    improving_total: int
    next_average: float | None
    waits: tuple[Wait, ...]
    wait_chance: float | None
    tenpai: Chance | None
    win: Chance | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return asdict(self)


def _chance(raw: dict[str, Any] | None) -> Chance | None:
    if raw is None:
        return None
    return Chance(float(raw["value"]), float(raw["std_error"]), int(raw["samples"]))


def advice(
    hand: Any,
    *,
    melds: int | Sequence[Meld] = 0,
    rules: Any = None,
    jing: str | Sequence[str] | None = None,
    unseen: Any = None,
    seen: Any = None,
    draws: int | None = None,
    samples: int | None = None,
    states: int | None = None,
    seed: int | None = None,
    chances: bool = True,
    exact: bool = True,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    seat: int = 0,
) -> list[Advice]:
    """Advice for every discard of a 14-3k hand, best first (lowest shanten, then most
    effective tiles, highest average one step ahead, most improving tiles), or for a 13-3k
    hand as it is.

    ``unseen``: the 34 counts (or tiles) the seat has not seen, e.g. an observation's
    ``unseen``; ``seen``: instead, the tiles seen outside the hand (default: only the hand is
    seen). ``draws``: draws left; with it, the waits' chances and (``chances``) the tenpai
    and win chances, exact within one step of tenpai and otherwise Monte Carlo with at most
    ``samples`` games (default 2000, seeded by ``seed``); ``states`` caps the exact
    search's memo (default 200,000; past it the figure is sampled); ``exact=False`` samples
    even where the exact search applies (for comparison).

    ``variant`` (a registered name, with its ``options``): the variant's win check has the
    final word on what may win (Sichuan's 缺一门, GB's minimum 番, ...): a wait it refuses
    is no wait, and a hand it refuses is no win in the chances; ``rules`` then defaults to
    the variant's shapes. ``melds`` may then be the declared :class:`~majiang.meld.Meld`
    list (the check sees them), ``seat`` the seat (winds). docs/advice.md, "Variant win
    checks".

    Bad input raises a :class:`majiang.MajiangError`: counts over four or unseen counts the
    hand contradicts (:class:`majiang.InvalidHandError`, naming the tile), negative or too
    many ``draws`` (:class:`majiang.RulesError`), a wrong number of tiles.

    Example:
        >>> a = advice("13m456p789s123s11z", rules="standard")[0]
        >>> a.shanten, a.effective_total, [(i.tile, i.raises_to) for i in a.improving]
        (0, 4, [('4m', 8)])
    """
    meld_list: tuple[Meld, ...] = ()
    if isinstance(melds, Sequence):
        if not all(isinstance(m, Meld) for m in melds):
            raise ArgumentTypeError("melds: expected a count or a sequence of Meld")
        meld_list = tuple(melds)
    check = None
    if variant is not None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise RulesError(f"seat: expected 0 to 3, got {seat!r}")
        if rules is None:
            rules = variant_of(variant, options).table.shapes
        wilds = tuple(KIND_INDEX[t] for t in _jing_tiles(jing))
        check = variant_check(variant, options, meld_list, seat, wilds)
    elif options is not None:
        raise ArgumentTypeError("options: given without a variant")
    raw: list[dict[str, Any]] = _core_advice(
        hand,
        rules=rules,
        jing=jing,
        melds=len(meld_list) if isinstance(melds, Sequence) else melds,
        unseen=unseen,
        seen=seen,
        draws=draws,
        samples=samples,
        states=states,
        seed=seed,
        chances=chances,
        exact=exact,
        may_win=check,
    )
    return [
        Advice(
            discard=r["discard"],
            shanten=int(r["shanten"]),
            effective=tuple(TileCount(t, int(n)) for t, n in r["effective"]),
            effective_total=int(r["effective_total"]),
            improving=tuple(Improving(t, int(n), int(to)) for t, n, to in r["improving"]),
            improving_total=int(r["improving_total"]),
            next_average=r["next_average"],
            waits=tuple(Wait(t, int(n), c) for t, n, c in r["waits"]),
            wait_chance=r["wait_chance"],
            tenpai=_chance(r["tenpai"]),
            win=_chance(r["win"]),
        )
        for r in raw
    ]


def _jing_tiles(jing: str | Sequence[str] | None) -> list[str]:
    if jing is None:
        return []
    if isinstance(jing, str):
        return list(parse_tiles(jing))
    return [t for j in jing for t in parse_tiles(j)]
