"""The engine's planes of many tables, kept between steps: the per-tile rows (melds, ponds,
tiles laid aside) of every seat are stored per table and recounted only when that seat's
tuple in the observation changes, then rotated to each observer and written for the whole
batch in a few numpy calls.

:func:`majiang.rl.engine_planes.stack_planes` counts every meld and pond tile of every table at each
call; a vector env steps each table by one action, which changes one pond or one meld at
most, so :class:`TablePlanes` keeps each table's rows by absolute seat and updates only what
changed. The observations' fields are read as columns in C (``itemgetter`` maps over the N
named tuples) and the changed tuples found by ``map`` (identity for melds, contents for
ponds and flowers); Python runs per changed row only (a discard is one cell), and the
per-tile work (rotating the rows to each observer, the unseen counts, the one-tile rows) is
numpy's, batched over all tables.
It reads only the :class:`~majiang.game.Observation` of each table's seat, so it encodes what
that seat may see and nothing else, exactly as :func:`stack_planes` does (tested row for row).

Example:
    >>> import numpy as np
    >>> from majiang.game import Game
    >>> gs = [Game(seed=s) for s in range(3)]
    >>> cache = TablePlanes(3)
    >>> obs = [g.observation(g.to_act()[0]) for g in gs]
    >>> out = np.zeros((3, 35, 34), np.uint8)
    >>> melds = cache.fill(obs, out)
    >>> bool((out == stack_planes(obs)).all()), melds.tolist()
    (True, [0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, compress
from operator import getitem, is_not, itemgetter, ne, not_
from typing import Any

import numpy as np
import numpy.typing as npt

from majiang.errors import RulesError
from majiang.game.observation import PHASES, PLANES, Observation
from majiang.game.state import Meld
from majiang.rl.engine_planes import stack_planes

__all__ = ["TablePlanes"]

_R = {name: i for i, name in enumerate(PLANES)}
_BASE = len(PLANES)
_MELDS, _POND, _ASIDE = _R["melds_self"], _R["pond_self"], _R["flowers_self"]
_PHASE = {p: i for i, p in enumerate(PHASES)}
_SCALAR_ROWS = ("wall", "dealer", "dealer_streak", "phase", "discarder")
_SCALARS = slice(_R["wall"], _R["wall"] + 5)  # the rows filled with one scalar each
if PLANES[_SCALARS] != _SCALAR_ROWS:  # pragma: no cover - a change of PLANES' order
    raise ImportError("table_planes: the scalar rows are no longer one run of PLANES")
# Rows whose counts make up what a seat has seen (the ``unseen`` plane's complement); the
# shown hands need a table that went on after a win, which takes the full path.
_SEEN_ROWS = [
    _R["hand"],
    *range(_MELDS, _MELDS + 4),
    *range(_POND, _POND + 4),
    *range(_ASIDE, _ASIDE + 4),
]
_REL = np.arange(4)
# The Observation fields read, by position (a named tuple: itemgetter runs in C).
_F = {name: i for i, name in enumerate(Observation._fields)}
(
    _SEAT,
    _HAND_OF,
    _MELDS_OF,
    _PONDS_OF,
    _WALL_OF,
    _INDICATOR_OF,
    _WILDS_OF,
    _DEALER_OF,
    _STREAK_OF,
    _PHASE_OF,
    _LAST_OF,
    _DISCARDER_OF,
    _DRAWN_OF,
    _FLOWERS_OF,
    _WINS_OF,
    _LOWER_OF,
    _REVEALED_OF,
) = (
    itemgetter(_F[name])
    for name in (
        "seat",
        "hand_counts",
        "melds",
        "pond_kinds",
        "wall",
        "indicator_kind",
        "wild_kinds",
        "dealer",
        "dealer_streak",
        "phase",
        "last_discard_kind",
        "discarder",
        "drawn_kind",
        "flowers",
        "wins",
        "lower_indicator_kind",
        "revealed",
    )
)
_LOWER, _REVEALED = _R["lower_indicator"], _R["revealed_self"]
_KIND_OR_NONE: dict[int | None, int] = {None: -1, **{k: k for k in range(42)}}
_OR_MINUS = _KIND_OR_NONE.__getitem__  # a tile id, None (no tile) as -1


def _meld_counts(melds: tuple[Meld, ...]) -> tuple[npt.NDArray[np.uint8], int]:
    kinds = [k for m in melds for k in m.kinds]
    counts = np.bincount(kinds, minlength=34).astype(np.uint8) if kinds else np.zeros(34, np.uint8)
    return counts, sum(1 for m in melds if m.kind == "an_gang")


class TablePlanes:
    """Plane rows of ``n`` tables kept between calls of :meth:`fill`. It is fastest when
    place ``i`` of each call holds the same table one step on (what :class:`VectorGame`
    does); any other observation there is right too, only recounted more (what is kept is
    checked against each new observation; tested with observations in any order).

    Example:
        >>> TablePlanes(2).n
        2
    """

    def __init__(self, n: int) -> None:
        self.n = n
        # rows by table and absolute seat: melds as the seat sees them, melds as the others
        # see them, pond, kinds laid aside, tiles shown after the deal still known held
        self._rows = np.zeros((n, 4, 5, 34), np.uint8)
        self._kongs = np.zeros((n, 4, 2), np.uint8)  # concealed kongs, the same two views
        self._owner = np.full((n, 8), -1, np.int8)  # absolute seat that laid flower f aside
        self._owners = False  # whether any table has laid a flower aside yet
        self._melds: list[list[Any]] = [[None] * 8 for _ in range(n)]  # the tuples counted
        self._seen: list[Any] = [None] * n  # the observation's melds at the last update
        self._both = [False] * n  # whether both views of every seat are those melds
        self._ponds: list[tuple[int, ...]] = [()] * (4 * n)  # every table's four, flat
        self._flowers: list[tuple[Any, ...]] = [(None,) * 4 for _ in range(n)]
        self._revealed: list[tuple[Any, ...]] = [(None,) * 4 for _ in range(n)]
        self._reveals = False  # whether any table's seats have shown tiles after the deal

    def _update_ponds(self, ponds: list[tuple[int, ...]]) -> None:
        """Recount the pond rows that changed (``ponds``: every table's four, flat): one more
        discard or one claimed is one cell, anything else (a new hand) the whole row."""
        kept = self._ponds
        grown: list[int] = []  # flat indices into the rows: one more of that kind
        taken: list[int] = []  # one fewer
        for j in compress(range(len(ponds)), map(is_not, ponds, kept)):
            new, old = ponds[j], kept[j]
            at = (j * 5 + 2) * 34  # the pond row of table j // 4, seat j % 4 (5 rows a seat)
            if len(new) == len(old) + 1 and new[:-1] == old:
                grown.append(at + new[-1])  # a discard: the common case
            elif len(new) + 1 == len(old) and old[:-1] == new:
                taken.append(at + old[-1])  # a claimed discard
            else:
                row = self._rows[j // 4, j % 4, 2]
                row[:] = np.bincount(new, minlength=34) if new else 0
        flat = self._rows.reshape(-1)
        if grown:  # each index once: one pond a (table, seat)
            flat[grown] += 1
        if taken:
            flat[taken] -= 1
        self._ponds = ponds

    def _update_flowers(self, i: int, flowers: tuple[tuple[int, ...], ...]) -> None:
        """Recount the laid-aside rows and flower owners of table ``i``."""
        owner = self._owner[i]
        owner[:] = -1
        for s, aside in enumerate(flowers):
            kinds = [k for k in aside if k < 34]
            self._rows[i, s, 3] = np.bincount(kinds, minlength=34) if kinds else 0
            for k in aside:
                if k >= 34:
                    owner[k - 34] = s
                    self._owners = True
        self._flowers[i] = flowers

    def _update_revealed(self, i: int, revealed: tuple[tuple[int, ...], ...]) -> None:
        """Rewrite the revealed rows of table ``i`` (a seat's row: its 34 counts, or none)."""
        rows = self._rows[i, :, 4]
        for s, known in enumerate(revealed):
            rows[s] = known if known else 0
            self._reveals = self._reveals or bool(known)
        self._revealed[i] = revealed

    def _update_melds(self, i: int, o: Observation) -> None:
        """Recount the meld rows of table ``i`` whose tuple in ``o`` is not the one counted.
        Each seat has two views (its own, the others'); a tuple without a concealed kong
        reads the same in both, so it is counted for both."""
        seat = o.seat
        keys = self._melds[i]
        rows, kongs = self._rows[i], self._kongs[i]
        for s in range(4):
            slot = 2 * s + (0 if s == seat else 1)
            m = o.melds[s]
            if m is keys[slot]:
                continue
            keys[slot] = m
            rows[s, slot % 2], kongs[s, slot % 2] = _meld_counts(m)
            if not any(x.kind == "an_gang" for x in m):
                keys[slot ^ 1] = m
                rows[s, 1 - slot % 2], kongs[s, 1 - slot % 2] = (
                    rows[s, slot % 2],
                    kongs[s, slot % 2],
                )
        self._seen[i] = o.melds
        # The observation's melds are one tuple step after step while no meld is made and no
        # concealed kong is hidden; then both views of every seat are that tuple's.
        self._both[i] = all(keys[2 * s] is keys[2 * s + 1] is o.melds[s] for s in range(4))

    def fill(
        self, observations: Sequence[Observation], out: npt.NDArray[np.uint8]
    ) -> npt.NDArray[np.uint8]:
        """Write the engine's planes of ``observations[i]`` (table ``i``) into the first 35
        rows of ``out`` (C-contiguous ``(n, rows, 34)`` uint8, rows >= 35; the others are
        left as they are), equal to :func:`~majiang.rl.engine_planes.stack_planes`; return each
        observer's meld count.

        Example:
            >>> from majiang.game import Game
            >>> g = Game(seed=5)
            >>> out = np.zeros((1, 39, 34), np.uint8)
            >>> TablePlanes(1).fill([g.observation(0)], out).tolist()
            [0]
        """
        n = self.n
        if len(observations) != n:
            raise RulesError(f"observations: expected {n}, one a table, got {len(observations)}")
        if not out.flags.c_contiguous or out.shape[0] != n or out.shape[1] < _BASE:
            raise RulesError("out: expected a C-contiguous (n, rows >= 35, 34) array")
        if len(observations[0].pond_kinds) != 4:  # one table size a batch, as encode_batch's
            # the rows kept are four seats': a smaller table's are counted in full
            self._seen = [None] * n
            stack_planes(observations, out)
            return np.fromiter((len(o.melds[o.seat]) for o in observations), np.uint8, n)
        # Columns of the observations (named tuples) taken in C, then the per-table rows
        # that changed recounted: a few tables a step.
        seats = list(map(_SEAT, observations))
        melds_seen = list(map(_MELDS_OF, observations))
        for i in compress(range(n), map(is_not, melds_seen, self._seen)):
            self._update_melds(i, observations[i])
        for i in compress(range(n), map(not_, self._both)):
            self._update_melds(i, observations[i])
        self._update_ponds(list(chain.from_iterable(map(_PONDS_OF, observations))))
        flowers = list(map(_FLOWERS_OF, observations))
        for i in compress(range(n), map(ne, flowers, self._flowers)):
            self._update_flowers(i, flowers[i])
        base = out[:, :_BASE]
        base[:] = 0
        # Every count and scalar of these rows fits a byte (at most 144 tiles in a set):
        # bytes() turns the tuples into the rows in C.
        hands = b"".join(map(bytes, map(_HAND_OF, observations)))
        base[:, _R["hand"]] = np.frombuffer(hands, np.uint8).reshape(n, 34)
        table = np.arange(n)
        seat_of = np.array(seats, np.int64)
        for row, column in ((_R["drawn"], _DRAWN_OF), (_R["last_discard"], _LAST_OF)):
            kinds = np.fromiter(map(_OR_MINUS, map(column, observations)), np.int64, n)
            on = kinds >= 0
            base[table[on], row, kinds[on]] = 1
        kinds = np.fromiter(map(_OR_MINUS, map(_INDICATOR_OF, observations)), np.int64, n)
        on = (kinds >= 0) & (kinds < 34)
        base[table[on], _R["indicator"], kinds[on]] = 1
        kinds = np.fromiter(map(_OR_MINUS, map(_LOWER_OF, observations)), np.int64, n)
        on = (kinds >= 0) & (kinds < 34)
        base[table[on], _LOWER, kinds[on]] = 1  # the lower indicator, once shown to all
        revealed = list(map(_REVEALED_OF, observations))
        for i in compress(range(n), map(ne, revealed, self._revealed)):
            self._update_revealed(i, revealed[i])
        wilds = list(map(_WILDS_OF, observations))
        if any(wilds):
            many = np.fromiter(map(len, wilds), np.int64, n)
            kinds = np.fromiter(chain.from_iterable(wilds), np.int64, int(many.sum()))
            base[np.repeat(table, many), _R["wild"], kinds] = 1
        phase = np.fromiter(map(_PHASE.__getitem__, map(_PHASE_OF, observations)), np.int64, n)
        discarder = np.fromiter(map(_OR_MINUS, map(_DISCARDER_OF, observations)), np.int64, n)
        small = np.empty((n, 5), np.int64)
        small[:, 0] = np.fromiter(map(_WALL_OF, observations), np.int64, n)
        small[:, 1] = (np.fromiter(map(_DEALER_OF, observations), np.int64, n) - seat_of) % 4
        small[:, 2] = np.minimum(np.fromiter(map(_STREAK_OF, observations), np.int64, n), 255)
        small[:, 3] = phase
        small[:, 4] = np.where(discarder < 0, 255, (discarder - seat_of) % 4)
        base[:, _SCALARS] = small[:, :, None]
        rob = (phase == _PHASE["rob"]) & base[:, _R["last_discard"]].any(axis=1)
        full = list(compress(range(n), map(_WINS_OF, observations)))
        melds = np.fromiter(map(len, map(getitem, melds_seen, seats)), np.uint8, n)
        self._seen = melds_seen
        table = table[:, None]
        at = (seat_of[:, None] + _REL) % 4  # (n, 4): the absolute seat at each relative one
        g = self._rows[table, at]  # (n, 4 relative seats, 4 rows, 34)
        base[:, _MELDS] = g[:, 0, 0]
        base[:, _MELDS + 1 : _MELDS + 4] = g[:, 1:, 1]
        base[:, _POND : _POND + 4] = g[:, :, 2]
        base[:, _ASIDE : _ASIDE + 4] = g[:, :, 3]
        if self._reveals:  # the tiles shown after the deal still known held
            base[:, _REVEALED : _REVEALED + 4] = g[:, :, 4]
        kongs = self._kongs[table, at]
        base[:, _R["concealed_kongs"], 0] = kongs[:, 0, 0]
        base[:, _R["concealed_kongs"], 1:4] = kongs[:, 1:, 1]
        if self._owners:
            owner = self._owner.astype(np.int64)
            rel = np.where(owner >= 0, (owner - seat_of[:, None]) % 4 + 1, 0)
            base[:, _R["flower_owner"], :8] = rel
        # At most 4 copies of a kind are in play (5 with a flipped indicator drawn): a byte.
        seen = base[:, _SEEN_ROWS].sum(axis=1, dtype=np.uint8)
        seen += base[:, _R["indicator"]]
        seen += base[:, _LOWER]
        if self._reveals:  # the others' (the observer's own are in its hand)
            seen += g[:, 1:, 4].sum(axis=1, dtype=np.uint8)
        if rob.any():
            seen[rob] += base[rob, _R["last_discard"]]
        base[:, _R["unseen"]] = 4 - np.minimum(seen, 4)
        if full:
            base[full] = stack_planes([observations[i] for i in full])
        return melds
