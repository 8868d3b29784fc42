"""The engine's cheap chow test agrees with the full chow list for every rule, tile and hand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from majiang.variants.protocol import ChowRule, chow_options, may_chow

RULES: tuple[ChowRule, ...] = ("none", "suits", "honors")


@given(
    st.sampled_from(RULES),
    st.integers(0, 33),
    st.lists(st.integers(0, 4), min_size=34, max_size=34),
)
def test_may_chow_is_whether_chow_options_has_any(
    rule: ChowRule, tile: int, counts: list[int]
) -> None:
    assert may_chow(rule, tile, counts) == bool(chow_options(rule, tile, counts))


def test_every_single_pair_is_a_chow_exactly_when_the_full_list_says_so() -> None:
    for rule in RULES:
        for tile in range(34):
            for a in range(34):
                for b in range(a + 1, 34):
                    counts = [0] * 34
                    counts[a] = counts[b] = 1
                    full = bool(chow_options(rule, tile, counts))
                    assert may_chow(rule, tile, counts) == full, (rule, tile, a, b)
