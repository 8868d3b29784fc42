"""The one-pass efficiency planes (``_core.batch.efficiency_planes``, the rows
majiang.rl.planes writes) against a brute force of single ``majiang.shanten`` and
``winning_tiles`` calls, on random hands of every size, with wild kinds and melds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from majiang._core import batch as core_batch
from majiang.errors import InvalidHandError
from majiang.tiles import KINDS


def brute(
    hand: list[int], unseen: list[int], jing: list[int], melds: int, rules: str
) -> list[list[int]]:
    names = tuple(KINDS[k] for k in jing)

    def sh(counts: list[int]) -> int:
        return int(majiang.shanten(counts, rules=rules, jing=names, melds=melds))

    rows = [[0] * 34 for _ in range(4)]
    size = sum(hand) + 3 * melds
    if size % 3 == 0:
        return rows
    rows[0] = [max(sh(hand) + 1, 0)] * 34
    if size % 3 == 2:
        for d in range(34):
            if not hand[d]:
                continue
            after = list(hand)
            after[d] -= 1
            s = sh(after)
            rows[1][d] = s + 1
            n = 0
            for k in range(34):
                if after[k] < 4:
                    more = list(after)
                    more[k] += 1
                    if sh(more) < s:
                        visible = min(max(4 - unseen[k] - hand[k], 0), 4)
                        n += 4 - hand[k] - visible
            rows[2][d] = min(max(n, 0), 255)
    else:
        won = majiang.winning_tiles(hand, rules=rules, jing=names, melds=melds)
        rows[3] = [int(KINDS[k] in won) for k in range(34)]
    return rows


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int]:
    melds = draw(st.integers(0, 2))
    size = draw(st.sampled_from((14, 13, 12))) - 3 * melds
    tiles = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
    counts = [0] * 34
    for t in tiles:  # four copies of each kind
        counts[t // 4] += 1
    return counts, melds


@settings(max_examples=60, deadline=None)
@given(
    st.lists(hands(), min_size=1, max_size=4),
    st.lists(st.lists(st.integers(0, 4), min_size=34, max_size=34), min_size=4, max_size=4),
    st.lists(st.integers(0, 33), max_size=2),
    st.sampled_from(("nanchang", "standard", "pingxiang")),
)
def test_planes_are_the_single_calls(
    rows: list[tuple[list[int], int]], unseen: list[list[int]], jing: list[int], rules: str
) -> None:
    n = len(rows)
    counts = np.array([h for h, _ in rows], np.uint8)
    melds = np.array([m for _, m in rows], np.uint8)
    seen = np.array(unseen[:n] + unseen[: max(0, n - 4)], np.uint8)[:n]
    mask = np.zeros((n, 34), np.bool_)
    mask[:, jing] = True
    got = core_batch.efficiency_planes(counts, seen, rules=rules, jing=mask, melds=melds)
    assert got.shape == (n, 4, 34) and got.dtype == np.uint8
    for i, (hand, m) in enumerate(rows):
        assert got[i].tolist() == brute(hand, seen[i].tolist(), jing, m, rules), i


def test_any_layout_and_bad_rows() -> None:
    a = np.array(
        [
            majiang.tiles.to_counts("123m456p789s1122z"),
            majiang.tiles.to_counts("19m19p19s1234567z"),
        ],
        np.uint8,
    )
    unseen = np.full((2, 34), 4, np.uint8)
    plain = core_batch.efficiency_planes(a, unseen, rules="standard")
    strided = np.zeros((2, 3, 34), np.uint8)
    strided[:, 1] = a
    assert (core_batch.efficiency_planes(strided[:, 1], unseen, rules="standard") == plain).all()
    assert plain[0, 0, 0] == 1 and plain[1, 0, 0] == 1  # both ready: 1 + shanten 0
    bad = a.copy()
    bad[1, :4] = 4
    with pytest.raises(InvalidHandError, match="row 1"):
        core_batch.efficiency_planes(bad, unseen, rules="standard")
    with pytest.raises(InvalidHandError, match="unseen"):
        core_batch.efficiency_planes(a, unseen[:, :30], rules="standard")
    with pytest.raises(InvalidHandError, match="rows"):
        core_batch.efficiency_planes(a, unseen[:1], rules="standard")
