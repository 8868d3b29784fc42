"""Property tests: batch arrays of every dtype, layout and stride numpy can make (C and
Fortran order, transposed copies, strided and reversed views, read-only buffers, 0 and 1
rows) give the C-order answer or raise a MajiangError, for every batch function and every
array argument (counts, visible, jing masks, melds)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import majiang
from conftest import near_complete_counts, random_counts
from majiang import batch

CI = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Array = np.ndarray[Any, Any]


def _hands(seed: int, n: int, size: int) -> Array:
    rng = random.Random(seed)
    rows = [(near_complete_counts if i % 2 else random_counts)(rng, size) for i in range(n)]
    return np.array(rows, dtype=np.uint8).reshape(n, 34)


def _layouts(a: Array) -> dict[str, Array]:
    """The same logical matrix (or vector) in many memory layouts."""
    out: dict[str, Array] = {
        "C": a,
        "F": np.asfortranarray(a),
        "transposed copy": a.T.copy().T,
        "reversed rows": np.ascontiguousarray(a[::-1])[::-1],
    }
    if a.dtype != object:
        out["read-only buffer"] = np.frombuffer(a.tobytes(), dtype=a.dtype).reshape(a.shape)
    if a.ndim == 2:
        wide = np.zeros((a.shape[0] * 3, a.shape[1] * 2), a.dtype)
        wide[1::3, ::2] = a
        out["strided view"] = wide[1::3, ::2]
        out["reversed columns"] = np.ascontiguousarray(a[:, ::-1])[:, ::-1]
        out["both reversed"] = np.ascontiguousarray(a[::-1, ::-1])[::-1, ::-1]
    else:
        wide = np.zeros(a.shape[0] * 3, a.dtype)
        wide[2::3] = a
        out["strided view"] = wide[2::3]
    return out


def _outcome(f: Callable[..., Array], *args: object, **kwargs: object) -> object:
    """``f(*args, **kwargs)`` as a list, or the name of the MajiangError it raised."""
    try:
        return f(*args, **kwargs).tolist()
    except majiang.MajiangError as e:
        return type(e).__name__


OTHER_DTYPES: list[Any] = [
    *(np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64, np.float32, np.float64),
    *(np.bool_, np.complex64, "S1", "U2", object, ">u2", "<i4"),
]

matrices = st.builds(
    _hands,
    st.integers(0, 2**32),
    st.sampled_from([0, 1, 1, 2, 5]),
    st.sampled_from([13, 14]),
)


@CI
@given(counts=matrices, layout=st.sampled_from(list(_layouts(_hands(0, 2, 14)))), data=st.data())
def test_every_layout_gives_the_c_order_answer(
    counts: Array, layout: str, data: st.DataObject
) -> None:
    n = counts.shape[0]
    view = _layouts(counts)[layout]
    visible = np.zeros_like(counts)
    mask = np.zeros((n, 34), bool)
    for i in range(n):
        mask[i, data.draw(st.integers(0, 33), label="wild kind")] = True
    melds = np.zeros(n, np.uint8)
    visible_view = _layouts(visible)[data.draw(st.sampled_from(list(_layouts(visible))))]
    mask_view = _layouts(mask)[data.draw(st.sampled_from(list(_layouts(mask))))]
    melds_view = _layouts(melds)[data.draw(st.sampled_from(list(_layouts(melds))))]
    threads = data.draw(st.sampled_from([None, 1, 2]))
    for f in (batch.shanten, batch.winning_mask, batch.discard_shanten):
        want = _outcome(f, counts, jing=mask, melds=melds)
        got = _outcome(f, view, jing=mask_view, melds=melds_view, threads=threads)
        assert got == want, (f.__name__, layout)
    want = _outcome(batch.effective_counts, counts, visible, jing="5m")
    got = _outcome(batch.effective_counts, view, visible_view, jing="5m", threads=threads)
    assert got == want
    # the C-order answer is the single-hand answer, row by row
    single = [
        majiang.shanten(row, jing=np.flatnonzero(m).tolist())
        for row, m in zip(counts, mask, strict=True)
    ]
    assert _outcome(batch.shanten, view, jing=mask_view) == single


@CI
@given(
    counts=matrices,
    dtype=st.sampled_from(OTHER_DTYPES),
    layout=st.sampled_from(["C", "F", "strided view"]),
)
def test_other_dtypes_are_refused_whatever_their_layout(
    counts: Array, dtype: Any, layout: str
) -> None:
    view = _layouts(counts.astype(dtype))[layout]
    for call in (
        lambda: batch.shanten(view),
        lambda: batch.effective_counts(view, np.zeros_like(counts)),
        lambda: batch.effective_counts(counts, view),
        lambda: batch.shanten(counts, melds=np.zeros(counts.shape[0], dtype)),
    ):
        with pytest.raises(majiang.InvalidHandError):
            call()


@CI
@given(counts=matrices, mask_bytes=st.lists(st.integers(1, 255), min_size=1, max_size=5))
def test_mask_bytes_other_than_one_are_true(counts: Array, mask_bytes: list[int]) -> None:
    n = counts.shape[0]
    ones = np.zeros((n, 34), np.uint8)
    ones[:, 4] = 1
    odd = ones.copy()
    for i in range(n):
        odd[i, 4] = mask_bytes[i % len(mask_bytes)]
    want = _outcome(batch.shanten, counts, jing=ones.view(bool))
    for layout, view in _layouts(odd).items():
        assert _outcome(batch.shanten, counts, jing=view.view(bool)) == want, layout


@CI
@given(
    rows=st.lists(st.lists(st.integers(0, 255), min_size=34, max_size=34), min_size=0, max_size=4),
    melds=st.lists(st.integers(0, 255), min_size=0, max_size=5),
    layout=st.sampled_from(["C", "F", "strided view", "both reversed"]),
)
def test_any_bytes_in_any_layout_only_raise_majiang_errors(
    rows: list[list[int]], melds: list[int], layout: str
) -> None:
    counts = np.array(rows, dtype=np.uint8).reshape(len(rows), 34)
    view = _layouts(counts)[layout]
    melds_arr = np.array(melds, dtype=np.uint8)
    for f in (batch.shanten, batch.winning_mask, batch.discard_shanten):
        for m in (None, 0, 3, melds_arr):
            assert _outcome(f, view, melds=m) == _outcome(f, counts, melds=m)
    assert _outcome(batch.effective_counts, view, view) == _outcome(
        batch.effective_counts, counts, counts
    )
