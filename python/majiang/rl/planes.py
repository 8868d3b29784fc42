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
from majiang._core import parse_tiles
from majiang.errors import RulesError
from majiang.game.observation import PLANES, Observation
from majiang.rl.advice_planes import ADVICE_PLANES, advice_rows
from majiang.rl.arguments import check_out, flag
from majiang.rl.engine_planes import stack_planes
from majiang.rl.table_planes import TablePlanes
from majiang.tiles import KIND_INDEX

if TYPE_CHECKING:
    from majiang.game import Game

__all__ = [
    "ADVICE_PLANES",
    "EFFICIENCY_PLANES",
    "ORACLE_PLANES",
    "SCORING_PLANES",
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
SCORING_PLANES: tuple[str, ...] = ("baoting", "kongs", "horses")
"""With ``scoring=True``, the rows last of all (public): ``baoting`` column r (0-3): 1 when
relative seat r has declared 报听 (Guizhou's ``baoting``, Nanjing's ``ready``); ``kongs``
column r: the kongs relative seat r holds, every kind (Guizhou's 豆); ``horses``: the count
of each kind turned up after the hand's win (Guizhou's 翻牌鸡 flip, Guangdong's 抓马), 0
until then (in a match, only a match's last hand ends with it in view)."""
_BAOTING = frozenset(("baoting", "ready"))
_BASE = len(PLANES)
_UNSEEN = PLANES.index("unseen")
_SHANTEN, _DISCARD, _EFFECTIVE, _WAITS = range(_BASE, _BASE + 4)
_ORACLE = _BASE + len(EFFICIENCY_PLANES)
_R = {name: i for i, name in enumerate(PLANES)}


def plane_names(
    oracle: bool = False, scoring: bool = False, advice: bool = False
) -> tuple[str, ...]:
    """The names of an encoding's rows, in order.

    Example:
        >>> plane_names()[-4:]
        ('shanten', 'discard_shanten', 'discard_effective', 'waits')
        >>> plane_names(oracle=True, scoring=True)[-4:]
        ('oracle_lower_indicator', 'baoting', 'kongs', 'horses')
        >>> plane_names(scoring=True, advice=True)[-4:]
        ('horses', 'advice_improving', 'advice_next_average', 'advice_win')
    """
    names = PLANES + EFFICIENCY_PLANES + (ORACLE_PLANES if flag(oracle, "oracle") else ())
    names += SCORING_PLANES if flag(scoring, "scoring") else ()
    return names + (ADVICE_PLANES if flag(advice, "advice") else ())


def encode(
    game: Game, seat: int, *, oracle: bool = False, scoring: bool = False, advice: bool = False
) -> npt.NDArray[np.uint8]:
    """The ``(C, 34)`` encoding of what ``seat`` sees now (with ``oracle``, what it does not
    see too: training only; with ``scoring``, :data:`SCORING_PLANES`; with ``advice``,
    :data:`~majiang.rl.advice_planes.ADVICE_PLANES`).

    Example:
        >>> from majiang.game import Game
        >>> g = Game("pingxiang", seed=4, dealer=2)
        >>> a = encode(g, 1, oracle=True)
        >>> a.shape, int(a[plane_names(True).index("oracle_hand_next")].sum())
        ((48, 34), 14)
    """
    one: npt.NDArray[np.uint8] = encode_batch(
        [game], [seat], oracle=oracle, scoring=scoring, advice=advice
    )[0]
    return one


def encode_batch(
    games: Sequence[Game],
    seats: Sequence[int],
    *,
    oracle: bool = False,
    out: npt.NDArray[np.uint8] | None = None,
    threads: int | None = 1,
    cache: TablePlanes | None = None,
    scoring: bool = False,
    advice: bool = False,
) -> npt.NDArray[np.uint8]:
    """The encodings of ``seats[i]`` at ``games[i]``, as one ``(N, C, 34)`` uint8 array
    (written into ``out`` when given); the games must share one variant's shape rules. The
    efficiency rows take one batch call each for all N tables (``threads`` as in
    :mod:`majiang.batch`; 1 by default, as vectorised self-play usually runs one process a
    core). ``cache``: the :class:`~majiang.rl.table_planes.TablePlanes` of these N tables
    (the same tables call after call, as :class:`~majiang.rl.VectorGame` keeps it), which
    keeps their per-tile rows between calls instead of counting them anew (the same result).
    ``advice``: the discard-advice rows last of all (:mod:`majiang.rl.advice_planes`; about
    a millisecond a table on the seat's discard turn).

    Example:
        >>> from majiang.game import Game
        >>> gs = [Game(seed=s) for s in range(3)]
        >>> encode_batch(gs, [g.to_act()[0] for g in gs]).shape
        (3, 39, 34)
    """
    oracle, scoring = flag(oracle, "oracle"), flag(scoring, "scoring")
    advice = flag(advice, "advice")
    n = len(games)
    if len(seats) != n:
        raise RulesError(f"seats: expected {n} seats, one a game, got {len(seats)}")
    rows = len(plane_names(oracle, scoring, advice))
    if out is None:
        out = np.zeros((n, rows, 34), np.uint8)
    else:
        check_out(out, (n, rows, 34), np.uint8, "out")
        if not out.flags.c_contiguous:  # refused before anything is written into it
            raise RulesError("out: expected a C-contiguous array")
    if n == 0:
        return out
    shapes, size = games[0].table.shapes, games[0].table.seats
    if any(g.table.shapes != shapes or g.table.seats != size for g in games):
        raise RulesError("games: expected one variant's shape rules and seats for the whole batch")
    observations = [game.observation(seat) for game, seat in zip(games, seats, strict=True)]
    if cache is not None and size == 4:  # the table cache keeps four seats' rows
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
    end = rows - len(ADVICE_PLANES) if advice else rows
    if scoring:
        for i, (game, obs) in enumerate(zip(games, observations, strict=True)):
            _scoring(game, obs, out[i, end - len(SCORING_PLANES) : end])
    if advice:
        wall = out[:, _R["wall"], 0]
        unseen = out[:, _UNSEEN]
        out[:, end:] = advice_rows(
            out[:, 0], unseen, wall, melds, jing, shapes, seats=size, threads=threads
        )
    return out


def _scoring(game: Game, obs: Observation, rows: npt.NDArray[np.uint8]) -> None:
    """The :data:`SCORING_PLANES` of ``obs`` (public facts only: declarations every seat
    sees, melds, the horses event of the hand in play)."""
    n = game.table.seats  # a smaller table fills the first relative seats' columns
    for rel in range(n):
        seat = (obs.seat + rel) % n
        if any(what in _BAOTING for what, _ in obs.declared[seat]):
            rows[0, rel] = 1
        rows[1, rel] = sum(1 for m in obs.melds[seat] if m.is_gang)
    for e in reversed(game.events):
        kind = e.get("event")
        if kind == "deal":
            break
        if kind == "horses":
            for t in parse_tiles(e["tiles"]):
                k = KIND_INDEX.get(t)
                if k is not None:  # a flower turned up has no column
                    rows[2, k] += 1
            break


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
    n = game.table.seats  # a smaller table fills the first relative seats' rows
    for rel in range(1, n):
        other = (seat + rel) % n
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
