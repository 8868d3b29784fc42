"""Guangdong 大胡 scoring against an independent brute force (docs/rules/guangdong.md §3).

Without ghosts, a complete hand's largest 大胡 multiplier follows from its tile counts alone:
字一色 8, 十三幺 8, 幺九 6, 清一色 4, and 2 for 七小对 (all pairs), 对对胡 (triplets and one
pair) or 混一色. The hands are built from random blocks (triplets, sequences, a pair) within a
random choice of suits and honours, and seven-pairs and thirteen-orphans hands on the side.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang._core import is_winning
from majiang.variants.guangdong.hands import WITH_QIDUI, score_hand, winning_kinds, wins
from majiang.variants.guangdong.options import GuangdongOptions

DAHU = GuangdongOptions(profile="dahu")
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def expected(counts: list[int]) -> int:
    kinds = [k for k in range(34) if counts[k]]
    suits = {k // 9 for k in kinds if k < 27}
    honors = any(k >= 27 for k in kinds)
    best = 1
    if all(k in ORPHANS for k in kinds) and len(kinds) == 13:
        best = 8  # 十三幺
    if not suits:
        best = max(best, 8)
    elif all(k >= 27 or k % 9 in (0, 8) for k in kinds):
        best = max(best, 6)
    if len(suits) == 1 and not honors:
        best = max(best, 4)
    if len(suits) == 1 and honors:
        best = max(best, 2)
    shown = sorted(counts[k] for k in kinds)
    if all(n in (2, 4) for n in shown):
        best = max(best, 2)  # 七小对 (four of a kind as two pairs)
    if shown.count(2) == 1 and all(n in (2, 3) for n in shown):
        best = max(best, 2)  # 对对胡
    return best


@st.composite
def regular_hands(draw: st.DrawFn) -> list[int]:
    pool = draw(st.sets(st.sampled_from(["m", "p", "s", "z"]), min_size=1, max_size=2))
    base = {"m": 0, "p": 9, "s": 18, "z": 27}
    counts = [0] * 34
    for i in range(5):
        suit = draw(st.sampled_from(sorted(pool)))
        top = 7 if suit == "z" else 9
        kind = base[suit] + draw(st.integers(0, top - 1))
        if i == 4:
            block = [kind, kind]
        elif suit != "z" and kind % 9 <= 6 and draw(st.booleans()):
            block = [kind, kind + 1, kind + 2]
        else:
            block = [kind] * 3
        for k in block:
            counts[k] += 1
    return counts


@st.composite
def pair_hands(draw: st.DrawFn) -> list[int]:
    kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
    counts = [0] * 34
    for k in kinds:
        counts[k] += 2
    return counts


@settings(max_examples=300, deadline=None)
@given(st.one_of(regular_hands(), pair_hands()))
def test_dahu_multiplier_is_the_brute_force_largest(counts: list[int]) -> None:
    if max(counts) > 4 or not is_winning(counts, rules=WITH_QIDUI):
        return
    score = score_hand(counts, (), (), DAHU)
    assert score is not None
    assert score.multiplier == expected(counts), (counts, score)
    flat = score_hand(counts, (), (), GuangdongOptions())
    assert flat is not None and flat.multiplier == 1  # 推倒胡: every hand alike


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(ORPHANS))
def test_thirteen_orphans_is_x8(extra: int) -> None:
    counts = [0] * 34
    for k in (*ORPHANS, extra):
        counts[k] += 1
    score = score_hand(counts, (), (), DAHU)
    assert score is not None and score.multiplier == 8 and score.hands == ("十三幺",)


SI_GUI = GuangdongOptions(ghosts="bai", si_gui_hu=True)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 30), min_size=13, max_size=13).filter(
        lambda ks: max(ks.count(k) for k in ks) <= 4
    ),
    st.integers(0, 4),
)
def test_si_gui_hu_waits_are_the_brute_force_draws(kinds: list[int], ghosts: int) -> None:
    """四鬼胡牌 (白板做鬼): a drawn tile completes the 13 when the 14 make a shape or hold four
    白板; the waits are exactly those draws, checked kind by kind."""
    counts = [0] * 34
    for k in kinds[: 13 - ghosts]:
        counts[k] += 1
    counts[31] += ghosts
    found = winning_kinds(counts, 0, (31,), SI_GUI)
    for k in range(34):
        if counts[k] == 4:
            continue  # no fifth copy to draw
        after = list(counts)
        after[k] += 1
        complete = wins(after, 0, (31,), SI_GUI) or after[31] >= 4
        assert (k in found) == complete, (counts, k)
        score = score_hand(after, (), (31,), SI_GUI)
        assert (score is not None) == complete
        if score is not None:
            assert score.four_ghosts == (after[31] >= 4)
