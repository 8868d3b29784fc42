"""Observation planes for learning: the engine's planes, efficiency planes from the Rust batch
API, and an optional perfect-information ("oracle") encoding for training only.

An encoding is a ``(C, 34)`` uint8 array per seat (``(N, C, 34)`` for a batch), rows named
by :func:`plane_names`, in order:

- rows 0-34: :data:`majiang.game.PLANES`, the seat's :meth:`Observation.to_numpy`
  (docs/engine.md, "Observations");
- :data:`EFFICIENCY_PLANES` (4 rows), computed for the whole batch in one Rust call (one
  pass over each hand's discards and draws; the values of :mod:`majiang.batch`'s
  ``shanten``, ``discard_shanten``, ``effective_counts`` and ``winning_mask``) with the
  variant's shape rules, its wild kinds (jing-aware) and the seat's meld count:

  ``shanten`` every cell: 1 + the shanten of the concealed hand (0: a complete 14-3k hand,
  1: ready); ``discard_shanten`` on a 14-3k hand (the seat's discard turn): 1 + the shanten
  after discarding each kind, 0 where not held; ``discard_effective`` on a 14-3k hand: the
  unseen tiles (the ``unseen`` plane's count: what this seat has not seen) that would lower
  the shanten after discarding each kind (capped at 255), 0 where not held; ``waits`` on a
  13-3k hand: 1 on each kind that completes it by shape (the variant may still forbid a win).
  The rows that do not apply to the hand's size are 0.
- with ``oracle=True``, :data:`ORACLE_PLANES` (9 rows) of what the seat cannot see, for
  training only (never for play): the concealed hands of the next, across and previous seat,
  the tile counts of all their melds (concealed kongs included), the live wall's counts (the
  kept-back tiles included), 1 on the next tile the wall gives, 1 on the lower indicator
  (variants that flip one, shown or not: where the reveal after the deal turns it up for
  every seat, Nanchang's 下翻, the public ``lower_indicator`` row holds it too).

Example:
    >>> from majiang.game import Game
    >>> g = Game(seed=1, dealer=0)
    >>> a = encode(g, 0)
    >>> a.shape, a.dtype, len(plane_names()), len(plane_names(oracle=True))
    ((39, 34), dtype('uint8'), 39, 48)
    >>> int(a[plane_names().index("discard_shanten")].astype(bool).sum()) == len(
    ...     [k for k in range(34) if g.state.hands[0][k]])
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from majiang._core import batch as _core_batch
from majiang.errors import RulesError
from majiang.game.observation import PHASES, PLANES, Observation
from majiang.rl.arguments import flag
from majiang.rl.table_planes import TablePlanes

if TYPE_CHECKING:
    from majiang.game import Game

__all__ = [
    "EFFICIENCY_PLANES",
    "ORACLE_PLANES",
    "encode",
    "encode_batch",
    "plane_names",
    "stack_planes",
]

EFFICIENCY_PLANES: tuple[str, ...] = ("shanten", "discard_shanten", "discard_effective", "waits")
"""The efficiency rows after the engine's planes."""
ORACLE_PLANES: tuple[str, ...] = (
    "oracle_hand_next",
    "oracle_hand_across",
    "oracle_hand_previous",
    "oracle_melds_next",
    "oracle_melds_across",
    "oracle_melds_previous",
    "oracle_wall",
    "oracle_next_draw",
    "oracle_lower_indicator",
)
"""The perfect-information rows (training only), after the efficiency rows."""
_BASE = len(PLANES)
_UNSEEN = PLANES.index("unseen")
_SHANTEN, _DISCARD, _EFFECTIVE, _WAITS = range(_BASE, _BASE + 4)
_ORACLE = _BASE + len(EFFICIENCY_PLANES)
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
        hands[i] = o.hand_counts
        if o.drawn_kind is not None:
            add(at + _R["drawn"] * 34 + o.drawn_kind)
        for rel in range(4):
            other = (seat + rel) % 4
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
            for rel in range(4):
                shown = o.shown[(seat + rel) % 4]
                if shown:
                    base[i, _R["shown_self"] + rel] = shown
            for winners, k in o.wins:
                won_tiles.append((i, k))
                for w in winners:
                    base[i, _R["won"], (w - seat) % 4] = k + 1
        for k in o.wild_kinds:
            add(at + _R["wild"] * 34 + k)
        if o.indicator_kind is not None and o.indicator_kind < 34:
            add(at + _R["indicator"] * 34 + o.indicator_kind)
        if o.lower_indicator_kind is not None and o.lower_indicator_kind < 34:
            add(at + _R["lower_indicator"] * 34 + o.lower_indicator_kind)
        if any(o.revealed):  # the tiles shown after the deal still known held
            revealed_rows.append(i)
            for rel in range(4):
                known = o.revealed[(seat + rel) % 4]
                if known:
                    base[i, _R["revealed_self"] + rel] = known
        if o.last_discard_kind is not None:
            add(at + _R["last_discard"] * 34 + o.last_discard_kind)
            rob[i] = o.phase == "rob"
        scalars[i] = (
            o.wall,
            (o.dealer - seat) % 4,
            min(o.dealer_streak, 255),
            _PHASE[o.phase],
            255 if o.discarder is None else (o.discarder - seat) % 4,
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
        for rel in (1, 2, 3):
            if not (o.wins and o.shown[(o.seat + rel) % 4]):
                seen[i] += base[i, _R["revealed_self"] + rel]
    seen[rob] += base[rob, _R["last_discard"]]
    for i, k in won_tiles:
        seen[i, k] += 1
    base[:, _UNSEEN] = 4 - np.minimum(seen, 4)
    for j, row in enumerate(("wall", "dealer", "dealer_streak", "phase", "discarder")):
        base[:, _R[row]] = scalars[:, j, None]
    return out


def plane_names(oracle: bool = False) -> tuple[str, ...]:
    """The names of an encoding's rows, in order.

    Example:
        >>> plane_names()[-4:]
        ('shanten', 'discard_shanten', 'discard_effective', 'waits')
    """
    return PLANES + EFFICIENCY_PLANES + (ORACLE_PLANES if flag(oracle, "oracle") else ())


def encode(game: Game, seat: int, *, oracle: bool = False) -> npt.NDArray[np.uint8]:
    """The ``(C, 34)`` encoding of what ``seat`` sees now (with ``oracle``, what it does not
    see too: training only).

    Example:
        >>> from majiang.game import Game
        >>> g = Game("pingxiang", seed=4, dealer=2)
        >>> a = encode(g, 1, oracle=True)
        >>> a.shape, int(a[plane_names(True).index("oracle_hand_next")].sum())
        ((48, 34), 14)
    """
    one: npt.NDArray[np.uint8] = encode_batch([game], [seat], oracle=oracle)[0]
    return one


def encode_batch(
    games: Sequence[Game],
    seats: Sequence[int],
    *,
    oracle: bool = False,
    out: npt.NDArray[np.uint8] | None = None,
    threads: int | None = 1,
    cache: TablePlanes | None = None,
) -> npt.NDArray[np.uint8]:
    """The encodings of ``seats[i]`` at ``games[i]``, as one ``(N, C, 34)`` uint8 array
    (written into ``out`` when given); the games must share one variant's shape rules. The
    efficiency rows take one batch call each for all N tables (``threads`` as in
    :mod:`majiang.batch`; 1 by default, as vectorised self-play usually runs one process a
    core). ``cache``: the :class:`~majiang.rl.table_planes.TablePlanes` of these N tables
    (the same tables call after call, as :class:`~majiang.rl.VectorGame` keeps it), which
    keeps their per-tile rows between calls instead of counting them anew (the same result).

    Example:
        >>> from majiang.game import Game
        >>> gs = [Game(seed=s) for s in range(3)]
        >>> encode_batch(gs, [g.to_act()[0] for g in gs]).shape
        (3, 39, 34)
    """
    oracle = flag(oracle, "oracle")
    n = len(games)
    if len(seats) != n:
        raise RulesError(f"seats: expected {n} seats, one a game, got {len(seats)}")
    rows = len(plane_names(oracle))
    if out is None:
        out = np.zeros((n, rows, 34), np.uint8)
    else:
        from majiang.rl.actions import _check_out

        _check_out(out, (n, rows, 34), np.uint8, "out")
        if not out.flags.c_contiguous:  # refused before anything is written into it
            raise RulesError("out: expected a C-contiguous array")
    if n == 0:
        return out
    shapes = games[0].table.shapes
    if any(g.table.shapes != shapes for g in games):
        raise RulesError("games: expected one variant's shape rules for the whole batch")
    observations = [game.observation(seat) for game, seat in zip(games, seats, strict=True)]
    if cache is not None:
        melds = cache.fill(observations, out)
        jing = out[:, _R["wild"]] > 0
    else:
        melds = np.zeros(n, np.uint8)
        jing = np.zeros((n, 34), np.bool_)
        for i, obs in enumerate(observations):
            melds[i] = len(obs.melds[obs.seat])
            if obs.wild_kinds:
                jing[i, list(obs.wild_kinds)] = True
        stack_planes(observations, out)
    out[:, _BASE:] = 0
    if oracle:
        for i, (game, seat) in enumerate(zip(games, seats, strict=True)):
            _oracle(game, seat, out[i, _ORACLE:])
    _efficiency(out, melds, jing, shapes, threads)
    return out


def _efficiency(
    out: npt.NDArray[np.uint8],
    melds: npt.NDArray[np.uint8],
    jing: npt.NDArray[np.bool_],
    shapes: str,
    threads: int | None,
) -> None:
    """The efficiency rows of every table from its hand and unseen rows, in one Rust call
    (the four planes of one pass over each hand's discards and draws)."""
    planes: npt.NDArray[np.uint8] = _core_batch.efficiency_planes(
        out[:, 0], out[:, _UNSEEN], rules=shapes, jing=jing, melds=melds, threads=threads
    )
    out[:, _BASE:_ORACLE] = planes


def _oracle(game: Game, seat: int, rows: npt.NDArray[np.uint8]) -> None:
    """The perfect-information rows of ``seat`` at ``game`` (its true state)."""
    st = game.state
    for rel in (1, 2, 3):
        other = (seat + rel) % 4
        rows[rel - 1] = st.hands[other]
        for m in st.melds[other]:
            for k in m.kinds:
                rows[2 + rel, k] += 1
    live = st.wall.live()
    wall = np.bincount([t for t in live if t < 34], minlength=34)
    rows[6] = np.minimum(wall, 255)
    if live and live[0] < 34:  # a flower next: laid aside and replaced, no row
        rows[7, live[0]] = 1
    if st.lower is not None and st.lower < 34:
        rows[8, st.lower] = 1
