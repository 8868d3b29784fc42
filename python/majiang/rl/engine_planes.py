"""The engine's planes (:meth:`~majiang.game.Observation.to_numpy`) of many observations at
once: :func:`stack_planes`, the first rows of every :mod:`majiang.rl.planes` encoding and
the reference :class:`~majiang.rl.table_planes.TablePlanes` is tested against.

Example:
    >>> from majiang.game import Game
    >>> obs = [g.observation(0) for g in (Game(seed=1, dealer=0), Game(seed=2, dealer=0))]
    >>> stack_planes(obs).shape
    (2, 35, 34)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from majiang.errors import RulesError
from majiang.game.observation import PHASES, PLANES, Observation

__all__ = ["stack_planes"]

_BASE = len(PLANES)
_UNSEEN = PLANES.index("unseen")
_R = {name: i for i, name in enumerate(PLANES)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
# Rows whose counts make up what a seat has seen (the ``unseen`` plane's complement).
_SEEN_ROWS = [
    _R["hand"],
    *range(_R["melds_self"], _R["melds_self"] + 4),
    *range(_R["pond_self"], _R["pond_self"] + 4),
    *range(_R["flowers_self"], _R["flowers_self"] + 4),
    *range(_R["shown_self"] + 1, _R["shown_self"] + 4),  # the others' shown hands (血战)
]


def stack_planes(
    observations: Sequence[Observation], out: npt.NDArray[np.uint8] | None = None
) -> npt.NDArray[np.uint8]:
    """The engine's planes (:meth:`Observation.to_numpy`) of many observations as one
    ``(N, 35, 34)`` uint8 array, equal to stacking ``to_numpy`` row by row but filled in a few
    numpy calls for the whole batch (``out``: a C-contiguous array of that shape with any
    number of rows after the 35, which are left as they are).

    Example:
        >>> from majiang.game import Game
        >>> gs = [Game(seed=s) for s in range(3)]
        >>> obs = [g.observation(g.to_act()[0]) for g in gs]
        >>> bool((stack_planes(obs) == np.stack([o.to_numpy() for o in obs])).all())
        True
    """
    n = len(observations)
    if out is None:
        out = np.zeros((n, _BASE, 34), np.uint8)
    rows = out.shape[1]
    base = out[:, :_BASE]
    base[:] = 0
    if n == 0:
        return out
    stride = rows * 34
    cells: list[int] = []  # flat indices into out, one per tile counted
    add, extend = cells.append, cells.extend
    scalars = np.zeros((n, 5), np.int64)
    hands = np.zeros((n, 34), np.uint8)
    rob = np.zeros(n, np.bool_)
    melds_row, pond_row, aside_row = (
        _R["melds_self"] * 34,
        _R["pond_self"] * 34,
        _R["flowers_self"] * 34,
    )
    kongs_row, owner_row = _R["concealed_kongs"] * 34, _R["flower_owner"] * 34
    won_tiles: list[tuple[int, int]] = []  # (observation, kind) of each win's tile
    revealed_rows: list[int] = []  # observations whose seats showed tiles after the deal
    for i, o in enumerate(observations):
        at = i * stride
        seat = o.seat
        ns = len(o.pond_kinds)  # the table's seats: relative seats 0 to ns - 1 are filled
        hands[i] = o.hand_counts
        if o.drawn_kind is not None:
            add(at + _R["drawn"] * 34 + o.drawn_kind)
        for rel in range(ns):
            other = (seat + rel) % ns
            shift = at + rel * 34
            row = shift + melds_row
            for m in o.melds[other]:
                extend(map(row.__add__, m.kinds))  # the per-tile work in C
                if m.kind == "an_gang":
                    add(at + kongs_row + rel)
            extend(map((shift + pond_row).__add__, o.pond_kinds[other]))
            aside = o.flowers[other]
            if aside:
                row = shift + aside_row
                for k in aside:
                    if k < 34:
                        add(row + k)
                    else:  # flower_owner is set, not counted: a flower has one owner
                        out.flat[at + owner_row + k - 34] = rel + 1
        if o.wins:  # a hand that goes on after its wins: shown hands, who won on what
            for rel in range(ns):
                shown = o.shown[(seat + rel) % ns]
                if shown:
                    base[i, _R["shown_self"] + rel] = shown
            for winners, k in o.wins:
                won_tiles.append((i, k))
                for w in winners:
                    base[i, _R["won"], (w - seat) % ns] = k + 1
        for k in o.wild_kinds:
            add(at + _R["wild"] * 34 + k)
        if o.indicator_kind is not None and o.indicator_kind < 34:
            add(at + _R["indicator"] * 34 + o.indicator_kind)
        if o.lower_indicator_kind is not None and o.lower_indicator_kind < 34:
            add(at + _R["lower_indicator"] * 34 + o.lower_indicator_kind)
        if any(o.revealed):  # the tiles shown after the deal still known held
            revealed_rows.append(i)
            for rel in range(ns):
                known = o.revealed[(seat + rel) % ns]
                if known:
                    base[i, _R["revealed_self"] + rel] = known
        if o.last_discard_kind is not None:
            add(at + _R["last_discard"] * 34 + o.last_discard_kind)
            rob[i] = o.phase == "rob"
        scalars[i] = (
            o.wall,
            (o.dealer - seat) % ns,
            min(o.dealer_streak, 255),
            _PHASE[o.phase],
            255 if o.discarder is None else (o.discarder - seat) % ns,
        )
    if cells:
        counts = np.bincount(np.asarray(cells, np.int64), minlength=n * stride)
        flat = out.reshape(-1) if out.flags.c_contiguous else None
        if flat is None:
            raise RulesError("out: expected a C-contiguous array")
        flat += counts.astype(np.uint8)
    base[:, _R["hand"]] = hands
    seen = base[:, _SEEN_ROWS].sum(axis=1, dtype=np.int16)
    seen += base[:, _R["indicator"]]
    seen += base[:, _R["lower_indicator"]]
    for i in revealed_rows:  # the other seats' (not those shown whole: 血战)
        o = observations[i]
        ns = len(o.pond_kinds)
        for rel in range(1, ns):
            if not (o.wins and o.shown[(o.seat + rel) % ns]):
                seen[i] += base[i, _R["revealed_self"] + rel]
    seen[rob] += base[rob, _R["last_discard"]]
    for i, k in won_tiles:
        seen[i, k] += 1
    base[:, _UNSEEN] = 4 - np.minimum(seen, 4)
    for j, row in enumerate(("wall", "dealer", "dealer_streak", "phase", "discarder")):
        base[:, _R[row]] = scalars[:, j, None]
    return out
