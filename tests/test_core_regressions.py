"""Regression tests for the core and batch defects of issue #11, one test per defect (named
after it), and for the judgement calls the issue asks to decide (see docs/reliability.md)."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import majiang
from conftest import near_complete_counts, random_counts
from majiang import _core, batch, tiles

HAND = "123m456p789s1234z"  # 13 tiles


def _matrix(rng: random.Random, n: int, size: int) -> np.ndarray:
    rows = [(near_complete_counts if i % 2 else random_counts)(rng, size) for i in range(n)]
    return np.array(rows, dtype=np.uint8)


def _os_threads() -> int:
    return len(os.listdir("/proc/self/task"))


# --- 1. Silently wrong batch results for Fortran-ordered and other non-C layouts ------------


def test_defect_1_fortran_and_strided_arrays_give_the_c_order_answer(
    rng: random.Random,
) -> None:
    a = np.array([tiles.to_counts("2358m3489p167s236z")] * 2, np.uint8)
    assert batch.shanten(a).tolist() == [3, 3]
    assert batch.shanten(np.asfortranarray(a)).tolist() == [3, 3]
    assert batch.shanten(a.T.copy().T).tolist() == [3, 3]

    h = _matrix(rng, 40, 14)
    want = batch.shanten(h).tolist()
    wide = np.zeros((80, 68), np.uint8)
    wide[::2, ::2] = h
    for view in (
        np.asfortranarray(h),
        h.T.copy().T,
        h[::-1][::-1],
        wide[::2, ::2],
        np.ascontiguousarray(h[::-1])[::-1],
        np.ascontiguousarray(h[:, ::-1])[:, ::-1],
    ):
        assert batch.shanten(view).tolist() == want
    # `visible`, the per-row jing mask and the melds array are read the same way
    vis = np.zeros_like(h)
    vis[:, 33] = np.minimum(1, 4 - h[:, 33])
    e = batch.effective_counts(h, vis).tolist()
    assert batch.effective_counts(np.asfortranarray(h), np.asfortranarray(vis)).tolist() == e
    mask = np.zeros((40, 34), bool)
    mask[np.arange(40), [rng.randrange(34) for _ in range(40)]] = True
    s = batch.shanten(h, jing=mask).tolist()
    assert batch.shanten(h, jing=np.asfortranarray(mask)).tolist() == s
    melds = np.zeros(80, np.uint8)
    assert batch.shanten(h, melds=melds[::2]).tolist() == want


# --- 2. A Rust panic crossing into Python ---------------------------------------------------


def test_defect_2_a_concurrent_writer_never_makes_a_panic_reach_python(
    rng: random.Random,
) -> None:
    good = _matrix(rng, 4000, 14)
    bad = good.copy()
    bad[:, :] = 200  # every count far beyond 4: a row read after its check indexes anywhere
    h = good.copy()
    stop = threading.Event()

    def write() -> None:
        while not stop.is_set():
            h[:] = bad
            h[:] = good

    writer = threading.Thread(target=write)
    writer.start()
    escapes: list[BaseException] = []
    outcomes = {"ok": 0, "refused": 0}
    try:
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline:
            try:
                batch.shanten(h, threads=2)
                batch.discard_shanten(h, threads=2)
                batch.effective_counts(h, h, threads=2)
                outcomes["ok"] += 1
            except majiang.MajiangError:
                outcomes["refused"] += 1
            except BaseException as e:  # PanicException derives from BaseException
                escapes.append(e)
                break
    finally:
        stop.set()
        writer.join()
    assert escapes == []
    assert sum(outcomes.values()) > 0


def test_defect_2_residual_panics_become_majiang_errors() -> None:
    # The last line of defence: a panic anywhere under an entry point (here inside a worker
    # thread with the GIL released) arrives as a MajiangError, never a PanicException.
    before = majiang.shanten(HAND)
    with pytest.raises(majiang.MajiangError, match="internal error"):
        _core._panic_for_test()
    assert majiang.shanten(HAND) == before  # and the module still works


# --- 3. Undefined behaviour on bool masks ---------------------------------------------------


def test_defect_3_bool_mask_bytes_other_than_0_and_1_mean_true() -> None:
    # 5m wild completes this hand; 6m wild would not.
    h = np.array([tiles.to_counts("123m456p789s1122z5m")] * 3, np.uint8)
    ones = np.zeros((3, 34), np.uint8)
    ones[:, 4] = 1
    twos = ones * 2
    odd = ones * 255
    want = batch.shanten(h, jing=ones.view(bool)).tolist()
    assert want == batch.shanten(h, jing="5m").tolist()
    assert batch.shanten(h, jing=twos.view(bool)).tolist() == want
    assert batch.shanten(h, jing=odd.view(bool)).tolist() == want


# --- 4. Thread pools leak --------------------------------------------------------------------


def test_defect_4_thread_pools_stay_bounded(rng: random.Random) -> None:
    counts = _matrix(rng, 1100, 14)
    want = batch.shanten(counts, threads=1).tolist()
    before = _os_threads()
    for n in range(2, 48):  # 1,127 threads if every size kept its own pool
        assert batch.shanten(counts, threads=n).tolist() == want
    limit = before + batch.MAX_THREADS + 8
    deadline = time.monotonic() + 5
    while _os_threads() > limit and time.monotonic() < deadline:
        time.sleep(0.05)  # evicted pools' threads exit on their own
    assert _os_threads() <= limit
    # the largest request still works, and a request above the cap is capped
    assert batch.shanten(counts, threads=batch.MAX_THREADS * 4).tolist() == want


# --- 13. Out-of-range integers ---------------------------------------------------------------


def test_defect_13_out_of_range_integers_are_majiang_errors() -> None:
    with pytest.raises(majiang.InvalidHandError, match="melds must be 0 to 4"):
        majiang.shanten(HAND, melds=2**70)
    for limit in (-1, -(2**70)):
        with pytest.raises(majiang.RulesError, match="limit must be 0 or more"):
            majiang.decompositions("111222333m456p77z", limit=limit)
    h = np.array([tiles.to_counts(HAND)], np.uint8)
    for f in (batch.shanten, batch.winning_mask):
        with pytest.raises(majiang.RulesError, match="threads"):
            f(h, threads=-1)
        with pytest.raises(majiang.RulesError, match="threads"):
            f(h, threads=-(2**80))
    with pytest.raises(majiang.InvalidHandError, match="melds must be 0 to 4"):
        batch.shanten(h, melds=2**70)
    assert majiang.tile_index(5) == 5
    assert majiang.tile_index(41) == 41
    assert majiang.jing_pair(3) == majiang.jing_pair("4m") == ("4m", "5m")
    assert majiang.jing_pair(np.int64(33)) == ("7z", "6z")
    for bad in (-1, 42, 2**70):
        with pytest.raises(majiang.TileParseError, match="tile index"):
            majiang.tile_index(bad)
    with pytest.raises(majiang.TileParseError, match="flower"):
        majiang.jing_pair(34)


# --- Judgement calls -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: majiang.shanten(HAND, melds="1"), "melds"),  # type: ignore[arg-type]
        (lambda: majiang.shanten(HAND, melds=1.0), "melds"),  # type: ignore[arg-type]
        (lambda: majiang.shanten(HAND, jing=5), "jing"),  # type: ignore[arg-type]
        (lambda: majiang.decompositions("111222333m456p77z", limit=2.0), "limit"),  # type: ignore[arg-type]
        (lambda: batch.shanten(np.zeros((1, 34), np.uint8), threads=2.0), "threads"),  # type: ignore[arg-type]
        (lambda: batch.shanten(np.zeros((1, 34), np.uint8), melds="1"), "melds"),  # type: ignore[arg-type]
        (lambda: majiang.parse_tiles(5), "tiles"),  # type: ignore[arg-type]
        (lambda: majiang.tile_index(1.5), "tile"),  # type: ignore[arg-type]
        (lambda: majiang.Rules(pair=5), "pair"),  # type: ignore[arg-type]
        (lambda: majiang.Rules(honor_sequences=1), "honor_sequences"),  # type: ignore[arg-type]
        (lambda: majiang.Rules.preset(5), "name"),  # type: ignore[arg-type]
    ],
)
def test_wrong_typed_arguments_are_argument_type_errors(call: Any, fragment: str) -> None:
    with pytest.raises(majiang.ArgumentTypeError, match=fragment) as info:
        call()
    assert isinstance(info.value, TypeError) and isinstance(info.value, majiang.MajiangError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: majiang.shanten(HAND, jing=[True]),
        lambda: majiang.shanten(HAND, jing=(False,)),
        lambda: majiang.shanten([True] * 4 + [False] * 30, melds=3),
        lambda: majiang.shanten([1] * 13 + [False] * 21),
        lambda: majiang.shanten(HAND, melds=True),
        lambda: majiang.shanten(HAND, melds=np.True_),  # type: ignore[arg-type]
        lambda: majiang.decompositions("111222333m456p77z", limit=True),
        lambda: majiang.parse_tiles([True]),
        lambda: majiang.tile_index(True),
        lambda: majiang.jing_pair(False),
        lambda: batch.shanten(np.zeros((1, 34), np.uint8), threads=True),
        lambda: batch.shanten(np.zeros((1, 34), np.uint8), melds=False),
    ],
)
def test_bools_are_refused_as_counts_indices_and_numbers(call: Any) -> None:
    with pytest.raises(majiang.ArgumentTypeError, match="bool"):
        call()


def test_error_messages_quote_at_most_a_bounded_excerpt() -> None:
    huge = 10**5000
    text = "1" * 1_000_000
    calls: list[Callable[[], object]] = [
        lambda: majiang.shanten(HAND, melds=huge),
        lambda: majiang.shanten(HAND, melds=-huge),
        lambda: majiang.shanten(text),
        lambda: majiang.shanten(HAND + "x" * 100_000),
        lambda: majiang.shanten(HAND, rules="r" * 1_000_000),
        lambda: majiang.Rules(pair="2" * 1_000_000),  # type: ignore[arg-type]
        lambda: majiang.tile_index(huge),
        lambda: majiang.tile_index(["1" * 100_000 + "m"]),  # type: ignore[arg-type]
        lambda: majiang.decompositions("111222333m456p77z", limit=-huge),
        lambda: majiang.shanten(["x" * 100_000]),
    ]
    for call in calls:
        with pytest.raises(majiang.MajiangError) as info:
            call()
        assert len(str(info.value)) < 300, str(info.value)[:300]


def test_decompositions_memory_is_bounded_by_limit() -> None:
    # Fourteen wild tiles read as any 4 blocks and a pair: tens of millions of readings.
    everything = "".join(tiles.KINDS)
    hand = "123456789m12345p"
    got = majiang.decompositions(hand, jing=everything, limit=2000)
    assert len(got) == 2000
    assert majiang.decompositions(hand, jing=everything, limit=0) == []
    # the maximum itself truncates, though the shapes' readings together exceed it
    assert len(majiang.decompositions(hand, jing=everything, limit=10_000)) == 10_000
    # a limit above the maximum asks for every reading: refused when there are more
    for limit in (10_001, 10**9, 2**64, 10**5000):
        with pytest.raises(majiang.RulesError, match="more than 10000 decompositions"):
            majiang.decompositions(hand, jing=everything, limit=limit)
    # ... and met when there are not
    assert len(majiang.decompositions("111222333m456p77z", rules="standard", limit=10**9)) == 2
