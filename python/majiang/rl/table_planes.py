"""The engine's planes of many tables, kept between steps: the per-tile rows (melds, ponds,
tiles laid aside) of every seat are stored per table and recounted only when that seat's
tuple in the observation changes, then rotated to each observer and written for the whole
batch in a few numpy calls.

:func:`majiang.rl.planes.stack_planes` counts every meld and pond tile of every table at each
call; a vector env steps each table by one action, which changes one pond or one meld at
most, so :class:`TablePlanes` keeps each table's rows by absolute seat and updates only what
changed. The Python loop per table does a constant amount of work (identity checks of the
observation's tuples, the few scalars); the per-tile work (counting a changed pond or meld,
rotating the rows to the observer, the unseen counts) is numpy's, batched over all tables.
It reads only the :class:`~majiang.game.Observation` of each table's seat, so it encodes what
that seat may see and nothing else, exactly as :func:`stack_planes` does (tested row for row).

Example:
    >>> import numpy as np
    >>> from majiang.game import Game
    >>> from majiang.rl.planes import stack_planes
    >>> gs = [Game(seed=s) for s in range(3)]
    >>> cache = TablePlanes(3)
    >>> obs = [g.observation(g.to_act()[0]) for g in gs]
    >>> out = np.zeros((3, 30, 34), np.uint8)
    >>> melds = cache.fill(obs, out)
    >>> bool((out == stack_planes(obs)).all()), melds.tolist()
    (True, [0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from majiang.errors import RulesError
from majiang.game.observation import PHASES, PLANES, Observation
from majiang.game.state import Meld

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


def _meld_counts(melds: tuple[Meld, ...]) -> tuple[npt.NDArray[np.uint8], int]:
    kinds = [k for m in melds for k in m.kinds]
    counts = np.bincount(kinds, minlength=34).astype(np.uint8) if kinds else np.zeros(34, np.uint8)
    return counts, sum(1 for m in melds if m.kind == "an_gang")


class TablePlanes:
    """Plane rows of ``n`` tables kept between calls of :meth:`fill`; table ``i`` of each
    call must be the same table as before (or a new match at that place: what changed is
    recounted, a new hand's empty tuples too).

    Example:
        >>> TablePlanes(2).n
        2
    """

    def __init__(self, n: int) -> None:
        self.n = n
        # rows by table and absolute seat: melds as the seat sees them, melds as the others
        # see them, pond, kinds laid aside
        self._rows = np.zeros((n, 4, 4, 34), np.uint8)
        self._kongs = np.zeros((n, 4, 2), np.uint8)  # concealed kongs, the same two views
        self._owner = np.full((n, 8), -1, np.int8)  # absolute seat that laid flower f aside
        self._owners = False  # whether any table has laid a flower aside yet
        self._melds: list[list[Any]] = [[None] * 8 for _ in range(n)]  # the tuples counted
        self._seen: list[Any] = [None] * n  # the observation's melds at the last update
        self._both = [False] * n  # whether both views of every seat are those melds
        self._ponds: list[tuple[Any, ...]] = [(None,) * 4 for _ in range(n)]
        self._flowers: list[tuple[Any, ...]] = [(None,) * 4 for _ in range(n)]

    def _update(self, i: int, o: Observation) -> None:
        """Recount the rows of table ``i`` that ``o`` shows changed."""
        if o.melds is not self._seen[i] or not self._both[i]:
            self._update_melds(i, o)
        ponds = o.pond_kinds
        if ponds != self._ponds[i]:
            rows = self._rows[i]
            for s, (new, old) in enumerate(zip(ponds, self._ponds[i], strict=True)):
                if new is old:
                    continue
                if old is not None and len(new) == len(old) + 1 and new[:-1] == old:
                    rows[s, 2, new[-1]] += 1  # a discard: the common case
                elif old is not None and len(new) + 1 == len(old) and old[:-1] == new:
                    rows[s, 2, old[-1]] -= 1  # a claimed discard
                elif new:
                    rows[s, 2] = np.bincount(new, minlength=34)
                else:
                    rows[s, 2] = 0
            self._ponds[i] = ponds
        flowers = o.flowers
        if flowers != self._flowers[i]:
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
        """Write the engine's planes of ``observations[i]`` (table ``i``) into the first 30
        rows of ``out`` (C-contiguous ``(n, rows, 34)`` uint8, rows >= 30; the others are
        left as they are), equal to :func:`~majiang.rl.planes.stack_planes`; return each
        observer's meld count.

        Example:
            >>> from majiang.game import Game
            >>> g = Game(seed=5)
            >>> out = np.zeros((1, 34, 34), np.uint8)
            >>> TablePlanes(1).fill([g.observation(0)], out).tolist()
            [0]
        """
        n = self.n
        if len(observations) != n:
            raise RulesError(f"observations: expected {n}, one a table, got {len(observations)}")
        if not out.flags.c_contiguous or out.shape[0] != n or out.shape[1] < _BASE:
            raise RulesError("out: expected a C-contiguous (n, rows >= 30, 34) array")
        rows = out.shape[1]
        stride = rows * 34
        seats: list[int] = []
        melds: list[int] = []
        scalars: list[tuple[int, int, int, int, int]] = []
        hands: list[tuple[int, ...]] = []
        cells: list[int] = []  # flat indices into out of the one-tile rows
        rob: list[int] = []
        full: list[int] = []  # tables after a win that go on: the full path
        drawn_row, wild_row = _R["drawn"] * 34, _R["wild"] * 34
        indicator_row, last_row = _R["indicator"] * 34, _R["last_discard"] * 34
        update, phases = self._update, _PHASE
        for i, o in enumerate(observations):
            update(i, o)
            seat = o.seat
            seats.append(seat)
            melds.append(len(o.melds[seat]))
            hands.append(o.hand_counts)
            at = i * stride
            if o.drawn_kind is not None:
                cells.append(at + drawn_row + o.drawn_kind)
            if o.wild_kinds:
                cells.extend(map((at + wild_row).__add__, o.wild_kinds))
            k = o.indicator_kind
            if k is not None and k < 34:
                cells.append(at + indicator_row + k)
            k = o.last_discard_kind
            if k is not None:
                cells.append(at + last_row + k)
                if o.phase == "rob":
                    rob.append(i)
            d = o.discarder
            scalars.append(
                (
                    o.wall,
                    (o.dealer - seat) % 4,
                    min(o.dealer_streak, 255),
                    phases[o.phase],
                    255 if d is None else (d - seat) % 4,
                )
            )
            if o.wins:
                full.append(i)
        base = out[:, :_BASE]
        base[:] = 0
        # Every count and scalar of these rows fits a byte (at most 144 tiles in a set):
        # bytes() turns the tuples into the rows in C.
        base[:, _R["hand"]] = np.frombuffer(b"".join(map(bytes, hands)), np.uint8).reshape(n, 34)
        if cells:
            out.reshape(-1)[cells] = 1  # one-tile rows: each cell set once
        seat_of = np.array(seats, np.int64)
        table = np.arange(n)[:, None]
        at = (seat_of[:, None] + _REL) % 4  # (n, 4): the absolute seat at each relative one
        g = self._rows[table, at]  # (n, 4 relative seats, 4 rows, 34)
        base[:, _MELDS] = g[:, 0, 0]
        base[:, _MELDS + 1 : _MELDS + 4] = g[:, 1:, 1]
        base[:, _POND : _POND + 4] = g[:, :, 2]
        base[:, _ASIDE : _ASIDE + 4] = g[:, :, 3]
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
        if rob:
            seen[rob] += base[rob, _R["last_discard"]]
        base[:, _R["unseen"]] = 4 - np.minimum(seen, 4)
        small = np.frombuffer(b"".join(map(bytes, scalars)), np.uint8).reshape(n, 5)
        base[:, _SCALARS] = small[:, :, None]
        if full:
            from majiang.rl.planes import stack_planes

            base[full] = stack_planes([observations[i] for i in full])
        return np.array(melds, np.uint8)
