"""The per-discard claim scan (majiang.game.claim_scan) against a brute force seat by seat,
and its refusals of bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from majiang.errors import ArgumentTypeError, InvalidHandError, MajiangError, RulesError
from majiang.game.claim_scan import ClaimSeats, claim_scan, claimants, wait_mask
from majiang.game.engine import AFTER

RULES = ("none", "suits", "honors")


def brute_chow(rule: str, tile: int, hand: list[int]) -> bool:
    """Whether some sequence of three kinds the rule allows holds ``tile`` and two held."""
    seqs: list[tuple[int, ...]] = []
    if rule != "none":
        seqs += [(b, b + 1, b + 2) for s in (0, 9, 18) for b in range(s, s + 7)]
    if rule == "honors":
        seqs += [(27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30), (31, 32, 33)]
    return any(tile in q and all(hand[k] for k in q if k != tile) for q in seqs)


hands_st = st.lists(st.lists(st.integers(0, 4), min_size=34, max_size=34), min_size=4, max_size=4)
waits_st = st.lists(st.sets(st.integers(0, 33)), min_size=4, max_size=4)


@given(hands_st, st.integers(0, 33), st.integers(0, 3), st.sampled_from(RULES), waits_st,
       st.integers(0, 15))  # fmt: skip
def test_scan_is_the_seat_by_seat_answer(
    hands: list[list[int]], tile: int, discarder: int, rule: str, waits: list[set[int]], out: int
) -> None:
    scan = claim_scan(hands, tile, discarder, rule, [wait_mask(w) for w in waits], out)
    want = [0, 0, 0, 0]
    for s in AFTER[discarder]:
        if out >> s & 1:
            continue
        bit, held = 1 << s, hands[s][tile]
        want[0] |= bit if tile in waits[s] else 0
        want[1] |= bit if held >= 2 else 0
        want[2] |= bit if held == 3 else 0
        if s == (discarder + 1) % 4 and brute_chow(rule, tile, hands[s]):
            want[3] |= bit
    assert scan == ClaimSeats(*want)
    any_claim = want[0] | want[1] | want[2] | want[3]
    assert claimants(scan, discarder) == [s for s in AFTER[discarder] if any_claim >> s & 1]


@given(st.sets(st.integers(0, 33)))
def test_wait_mask_has_one_bit_a_kind(kinds: set[int]) -> None:
    mask = wait_mask(kinds)
    assert {k for k in range(34) if mask >> k & 1} == kinds and mask < 1 << 34


def test_bad_input_is_refused_naming_it() -> None:
    empty = [[0] * 34] * 4
    cases: list[tuple[tuple[object, ...], type[MajiangError], str]] = [
        ((empty, 34, 0, "suits", [0] * 4), InvalidHandError, "tile"),
        ((empty, -1, 0, "suits", [0] * 4), InvalidHandError, "tile"),
        ((empty, 0, 4, "suits", [0] * 4), InvalidHandError, "discarder"),
        ((empty, True, 0, "suits", [0] * 4), ArgumentTypeError, "tile"),
        ((empty, 0, 0, "all", [0] * 4), RulesError, "chow rule"),
        ((empty, 0, 0, 3, [0] * 4), ArgumentTypeError, "chows"),
        ((empty[:3], 0, 0, "suits", [0] * 4), InvalidHandError, "hands"),
        ((empty, 0, 0, "suits", [0] * 3), InvalidHandError, "waits"),
        ((empty, 0, 0, "suits", [1 << 34] * 4), InvalidHandError, "waits"),
        ((empty, 0, 0, "suits", "abcd"), ArgumentTypeError, "waits"),
        ((empty, 0, 0, "suits", [0] * 4, 16), InvalidHandError, "out"),
        (([[5] + [0] * 33] * 4, 0, 0, "suits", [0] * 4), InvalidHandError, "0 to 4 copies"),
        (([[0] * 33] * 4, 0, 0, "suits", [0] * 4), InvalidHandError, "34"),
    ]
    for args, error, word in cases:
        with pytest.raises(error, match=word):
            claim_scan(*args)  # type: ignore[arg-type]
