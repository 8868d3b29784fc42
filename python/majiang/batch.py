"""Batch evaluation: numpy arrays in, numpy arrays out, for AI and server workloads.

Hands are rows of an ``(N, 34)`` ``uint8`` count matrix of any layout: a C-contiguous array
is read in place (zero-copy); any other (Fortran order, a transpose, strided or reversed
views) is copied in C order first, so every layout gives the C-order answer. Other dtypes
are refused (:class:`majiang.InvalidHandError`). Each call checks every row and raises
:class:`majiang.InvalidHandError` naming the first bad row, returning nothing partial. The
work runs in Rust without the GIL, spread over ``threads`` threads (``None`` or 0: the
``MAJIANG_NUM_THREADS`` environment variable, else every core; at most :data:`MAX_THREADS`,
a larger count is capped; negative is a :class:`majiang.RulesError`); results equal the
single-hand functions row for row. Safe to use after ``fork()``.

Each row is read once, into a copy that is checked and then evaluated: another thread
writing the array during a call can change that call's answers (each row's answer is that of
the bytes read), never make it fail other than with a :class:`majiang.MajiangError`.
Thread pools are cached by size (least recently used dropped first) and hold at most
:data:`MAX_THREADS` threads together.

``jing`` is either one set of wild kinds for every row (tile names, as elsewhere) or an
``(N, 34)`` bool mask giving each row its own (read as bytes: any nonzero byte is wild);
``melds`` an int or a ``uint8`` array of N. Arguments of the wrong type (``threads=2.0``,
``melds="1"``, a bool as a number) are :class:`majiang.ArgumentTypeError`.

Example:
    >>> import numpy as np
    >>> from majiang import batch, tiles
    >>> hands = np.array([tiles.to_counts("123m456p789s11222z"),
    ...                   tiles.to_counts("19m19p19s1234567z")], dtype=np.uint8)
    >>> batch.shanten(hands, rules="standard").tolist()
    [-1, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from majiang._core import Rules
from majiang._core import batch as _core_batch

__all__ = [
    "MAX_THREADS",
    "NOT_HELD",
    "AdviceArrays",
    "advice",
    "discard_shanten",
    "effective_counts",
    "shanten",
    "winning_mask",
]

NOT_HELD: int = _core_batch.NOT_HELD
"""The value :func:`discard_shanten` gives a kind the row does not hold (127)."""
MAX_THREADS: int = _core_batch.MAX_THREADS
"""The most threads one call uses, and the most the cached thread pools hold together (256)."""

CountMatrix = npt.NDArray[np.uint8]
JingArg = str | Sequence[str] | npt.NDArray[np.bool_] | None
MeldsArg = int | npt.NDArray[np.uint8] | None
RulesArg = str | Rules | None


def shanten(
    counts: CountMatrix,
    *,
    rules: RulesArg = None,
    jing: JingArg = None,
    melds: MeldsArg = None,
    threads: int | None = None,
) -> npt.NDArray[np.int8]:
    """Shanten of every row (13-3k or 14-3k tiles) as an ``int8`` array of N.

    Example:
        >>> import numpy as np
        >>> from majiang import tiles
        >>> h = np.array([tiles.to_counts("123m456p789s123z5m5m")], dtype=np.uint8)
        >>> shanten(h).tolist(), shanten(h, rules="standard").tolist()
        ([-1], [1])
    """
    out: npt.NDArray[np.int8] = _core_batch.shanten(
        counts, rules=rules, jing=jing, melds=melds, threads=threads
    )
    return out


def winning_mask(
    counts: CountMatrix,
    *,
    rules: RulesArg = None,
    jing: JingArg = None,
    melds: MeldsArg = None,
    threads: int | None = None,
) -> npt.NDArray[np.bool_]:
    """For every 13-3k row, an ``(N, 34)`` bool mask of the kinds that complete it.

    Example:
        >>> import numpy as np
        >>> from majiang import tiles
        >>> m = winning_mask(np.array([tiles.to_counts("1112345678999m")], dtype=np.uint8),
        ...                  rules="standard")
        >>> int(m.sum()), bool(m[0, 0]), bool(m[0, 9])
        (9, True, False)
    """
    out: npt.NDArray[np.bool_] = _core_batch.winning_mask(
        counts, rules=rules, jing=jing, melds=melds, threads=threads
    )
    return out


def discard_shanten(
    counts: CountMatrix,
    *,
    rules: RulesArg = None,
    jing: JingArg = None,
    melds: MeldsArg = None,
    threads: int | None = None,
) -> npt.NDArray[np.int8]:
    """For every 14-3k row, an ``(N, 34)`` ``int8`` array of the shanten left after
    discarding each kind, :data:`NOT_HELD` where the row holds none: an RL action mask is
    ``result != NOT_HELD``.

    Example:
        >>> import numpy as np
        >>> from majiang import tiles
        >>> d = discard_shanten(np.array([tiles.to_counts("123m456p789s1122z5z")], dtype=np.uint8),
        ...                     rules="standard")
        >>> int(d[0, 31]), int(d[0, 27]), int(d[0, 33]) == NOT_HELD
        (0, 1, True)
    """
    out: npt.NDArray[np.int8] = _core_batch.discard_shanten(
        counts, rules=rules, jing=jing, melds=melds, threads=threads
    )
    return out


def effective_counts(
    counts: CountMatrix,
    visible: CountMatrix,
    *,
    rules: RulesArg = None,
    jing: JingArg = None,
    melds: MeldsArg = None,
    threads: int | None = None,
) -> npt.NDArray[np.int16]:
    """For every 14-3k row, an ``(N, 34)`` ``int16`` array: after discarding each kind, how
    many unseen tiles would lower the shanten left (-1 where the row holds none).
    ``visible`` counts the tiles each row sees outside its own hand.

    Example:
        >>> import numpy as np
        >>> from majiang import tiles
        >>> h = np.array([tiles.to_counts("123m456p789s1122z5z")], dtype=np.uint8)
        >>> int(effective_counts(h, np.zeros_like(h), rules="standard")[0, 31])
        4
    """
    out: npt.NDArray[np.int16] = _core_batch.effective_counts(
        counts, visible, rules=rules, jing=jing, melds=melds, threads=threads
    )
    return out


class AdviceArrays(NamedTuple):
    """:func:`advice`'s four ``(N, 34)`` arrays, indexed by discard kind."""

    shanten: npt.NDArray[np.int8]
    """Shanten after the discard; :data:`NOT_HELD` where the row holds none."""
    effective: npt.NDArray[np.uint16]
    """Unseen effective tiles (进张) after the discard (0 where not held)."""
    improving: npt.NDArray[np.uint16]
    """Unseen improving tiles (改良) after the discard (0 where not held)."""
    next_average: npt.NDArray[np.float32]
    """Average effective count one step ahead; NaN for a ready hand or where not held."""


def advice(
    counts: CountMatrix,
    unseen: CountMatrix | None = None,
    *,
    rules: RulesArg = None,
    jing: JingArg = None,
    melds: MeldsArg = None,
    threads: int | None = None,
) -> AdviceArrays:
    """For every 14-3k row, :func:`majiang.advice`'s figures for each discard kind as four
    ``(N, 34)`` arrays (no chances: those are per hand). ``unseen``: each row's unseen
    counts (default ``4 - held``), checked against its hand (a bad row is named).

    Example:
        >>> import numpy as np
        >>> from majiang import tiles
        >>> h = np.array([tiles.to_counts("123m456p789s1122z5z")], dtype=np.uint8)
        >>> a = advice(h, rules="standard")
        >>> int(a.shanten[0, 31]), int(a.effective[0, 31]), int(a.shanten[0, 33]) == NOT_HELD
        (0, 4, True)
    """
    s, e, i, n = _core_batch.advice(
        counts, unseen, rules=rules, jing=jing, melds=melds, threads=threads
    )
    return AdviceArrays(s, e, i, n)
