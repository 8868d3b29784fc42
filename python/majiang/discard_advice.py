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

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from majiang._core import advice as _core_advice

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
    melds: int = 0,
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

    Bad input raises a :class:`majiang.MajiangError`: counts over four or unseen counts the
    hand contradicts (:class:`majiang.InvalidHandError`, naming the tile), negative or too
    many ``draws`` (:class:`majiang.RulesError`), a wrong number of tiles.

    Example:
        >>> a = advice("13m456p789s123s11z", rules="standard")[0]
        >>> a.shanten, a.effective_total, [(i.tile, i.raises_to) for i in a.improving]
        (0, 4, [('4m', 8)])
    """
    raw: list[dict[str, Any]] = _core_advice(
        hand,
        rules=rules,
        jing=jing,
        melds=melds,
        unseen=unseen,
        seen=seen,
        draws=draws,
        samples=samples,
        states=states,
        seed=seed,
        chances=chances,
        exact=exact,
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
