"""majiang.batch: equal to the single-hand functions row for row, threads on and off."""

from __future__ import annotations

import random

import numpy as np
import pytest

import majiang
from conftest import near_complete_counts, random_counts
from majiang import batch


def _matrix(rng: random.Random, n: int, size: int) -> np.ndarray:
    rows = [(near_complete_counts if i % 2 else random_counts)(rng, size) for i in range(n)]
    return np.array(rows, dtype=np.uint8)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("preset", ["standard", "nanchang", "pingxiang"])
def test_shanten_matches_single_calls(preset: str, threads: int, rng: random.Random) -> None:
    counts = np.concatenate([_matrix(rng, 1500, 14), _matrix(rng, 1500, 13)])
    got = batch.shanten(counts, rules=preset, jing=("3p", "4p"), threads=threads)
    assert got.dtype == np.int8 and got.shape == (3000,)
    want = [majiang.shanten(row, rules=preset, jing=("3p", "4p")) for row in counts]
    assert got.tolist() == want


def test_per_row_jing_mask_and_melds(rng: random.Random) -> None:
    counts = _matrix(rng, 600, 11)  # 11 tiles: 14 - 3 with one meld
    mask = np.zeros((600, 34), dtype=bool)
    for i in range(600):
        mask[i, rng.randrange(34)] = True
    melds = np.ones(600, dtype=np.uint8)
    got = batch.shanten(counts, jing=mask, melds=melds, threads=2)
    for i in range(600):
        jing = [majiang.tiles.KINDS[k] for k in np.flatnonzero(mask[i])]
        assert got[i] == majiang.shanten(counts[i], jing=jing, melds=1)


def test_winning_mask_matches_winning_tiles(rng: random.Random) -> None:
    counts = _matrix(rng, 2000, 13)
    got = batch.winning_mask(counts, threads=2)
    assert got.dtype == np.bool_ and got.shape == (2000, 34)
    for i in range(2000):
        names = [majiang.tiles.KINDS[k] for k in np.flatnonzero(got[i])]
        assert names == majiang.winning_tiles(counts[i])


def test_discard_shanten_and_effective_counts_match_discard_options(
    rng: random.Random,
) -> None:
    counts = _matrix(rng, 300, 14)
    visible = np.zeros_like(counts)
    d = batch.discard_shanten(counts, threads=2)
    e = batch.effective_counts(counts, visible, threads=2)
    for i in range(300):
        options = {o["discard"]: o for o in majiang.discard_options(counts[i])}
        for k, name in enumerate(majiang.tiles.KINDS):
            if name in options:
                assert d[i, k] == options[name]["shanten"]
                assert e[i, k] == options[name]["unseen"]
            else:
                assert d[i, k] == batch.NOT_HELD and e[i, k] == -1


def test_non_contiguous_input_is_accepted(rng: random.Random) -> None:
    counts = _matrix(rng, 100, 14)
    wide = np.zeros((100, 68), dtype=np.uint8)
    wide[:, ::2] = counts
    assert batch.shanten(wide[:, ::2]).tolist() == batch.shanten(counts).tolist()


def test_threads_from_environment(rng: random.Random, monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _matrix(rng, 2000, 14)
    monkeypatch.setenv("MAJIANG_NUM_THREADS", "2")
    assert batch.shanten(counts).tolist() == batch.shanten(counts, threads=1).tolist()


@pytest.mark.parametrize(
    ("counts", "fragment"),
    [
        (np.zeros((3, 34), dtype=np.int64), "uint8 array of shape"),
        (np.zeros((3, 33), dtype=np.uint8), r"shape \(N, 34\)"),
        (np.zeros(34, dtype=np.uint8), "uint8 array of shape"),
        ([[0] * 34], "uint8 array of shape"),
    ],
)
def test_bad_arrays(counts: object, fragment: str) -> None:
    with pytest.raises(majiang.InvalidHandError, match=fragment):
        batch.shanten(counts)  # type: ignore[arg-type]


def test_first_bad_row_is_named(rng: random.Random) -> None:
    counts = _matrix(rng, 50, 14)
    counts[17, 0] = 5
    counts[30, 0] = 6
    with pytest.raises(majiang.InvalidHandError, match="row 17: 5 copies of 1m"):
        batch.shanten(counts)
    counts = _matrix(rng, 50, 14)
    counts[4, :] = 0
    with pytest.raises(majiang.InvalidHandError, match="row 4"):
        batch.shanten(counts, threads=2)
    with pytest.raises(majiang.InvalidHandError, match="row 0: winning_mask needs 13"):
        batch.winning_mask(_matrix(rng, 5, 14))
    with pytest.raises(majiang.InvalidHandError, match="melds"):
        batch.shanten(_matrix(rng, 5, 14), melds=np.array([0, 0, 9, 0, 0], dtype=np.uint8))
    with pytest.raises(majiang.InvalidHandError, match="jing mask must have shape"):
        batch.shanten(_matrix(rng, 5, 14), jing=np.zeros((4, 34), dtype=bool))


def test_works_after_fork(rng: random.Random) -> None:
    import os

    counts = _matrix(rng, 3000, 14)
    expected = batch.shanten(counts, threads=2).tolist()  # starts the pool in the parent
    pid = os.fork()
    if pid == 0:  # child: the parent's worker threads do not exist here
        ok = batch.shanten(counts, threads=2).tolist() == expected
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0


def test_fork_while_a_call_waits_for_threads(rng: random.Random) -> None:
    """A call that must wait for an evicted pool's threads to exit does not hold the pool
    cache's lock while it waits: a process forked meanwhile (from another thread) can still
    run batch calls instead of hanging on a lock whose holder does not exist there."""
    import os
    import signal
    import threading
    import time

    # Distinct random hands (repeated rows would be answered from the core's memo at once):
    # effective_counts over 400,000 of them keeps a 256-thread pool busy for a second or more.
    g = np.random.default_rng(5)
    kinds = g.integers(0, 34, (400_000, 14)) + 34 * np.arange(400_000)[:, None]
    big = np.bincount(kinds.ravel(), minlength=34 * 400_000).reshape(400_000, 34)
    big = big[big.max(axis=1) <= 4].astype(np.uint8)
    small = _matrix(rng, 3000, 14)  # several chunks: the call needs a pool
    expected = batch.shanten(small, threads=1).tolist()
    busy = threading.Thread(
        target=batch.effective_counts,
        args=(big, np.zeros_like(big)),
        kwargs={"threads": batch.MAX_THREADS},
    )
    busy.start()
    time.sleep(0.2)
    # Evicts the busy pool (its call still holds it) and waits for its threads to exit.
    waiting = threading.Thread(target=batch.shanten, args=(small,), kwargs={"threads": 100})
    waiting.start()
    time.sleep(0.2)
    pid = os.fork()
    if pid == 0:  # child: neither thread exists here
        ok = batch.shanten(small, threads=2).tolist() == expected
        os._exit(0 if ok else 1)
    deadline = time.monotonic() + 30
    status = None
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        status = None
    busy.join()
    waiting.join()
    assert status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
