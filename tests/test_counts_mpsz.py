"""The core's MPSZ writer of 34 counts (the fast path of ``majiang.tiles.mpsz``) against a
plain Python writing of the same counts, and the forms it leaves to the Python path."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from majiang._core import counts_mpsz
from majiang.tiles import mpsz


def written_out(counts: list[int]) -> str:
    """Each suit's digits, each kind's digit as often as it is counted, then the suit letter."""
    out = []
    for first, letter in ((0, "m"), (9, "p"), (18, "s"), (27, "z")):
        size = 7 if letter == "z" else 9
        digits = "".join(str(n + 1) * counts[first + n] for n in range(size))
        out.append(digits + letter if digits else "")
    return "".join(out)


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_the_core_writes_any_34_counts_as_python_does(counts: list[int]) -> None:
    assert counts_mpsz(counts) == written_out(counts)
    assert mpsz(counts) == written_out(counts)


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_other_forms_take_the_python_path_with_the_same_text(counts: list[int]) -> None:
    assert counts_mpsz(tuple(counts)) is None  # only an exact list
    assert mpsz(tuple(counts)) == written_out(counts)
    as_bools = [bool(n) for n in counts]  # True is no small int object: the Python path
    assert mpsz(as_bools) == written_out([int(b) for b in as_bools])


def test_lists_it_cannot_read_are_left_to_python() -> None:
    assert counts_mpsz([0] * 33) is None
    assert counts_mpsz([0] * 35) is None
    assert counts_mpsz([5] + [0] * 33) is None
    assert counts_mpsz([-1] + [0] * 33) is None
    assert counts_mpsz(["1"] + [0] * 33) is None
    assert counts_mpsz("123m") is None
