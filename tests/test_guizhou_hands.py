"""Guizhou 捉鸡 hands (docs/rules/guizhou.md §2): each hand of the seed's table [001:135-137]
with its value, the largest only, 清 counting melds, Tongren's 地龙 [001:169]."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang._core import is_winning as core_is_winning
from majiang.meld import Meld
from majiang.tiles import to_counts
from majiang.variants.guizhou.hands import SCALES, best_ready_value, classify, winning_kinds
from majiang.variants.guizhou.options import PROFILES, GuizhouOptions

SEED = GuizhouOptions()
COMMON = GuizhouOptions(hand_scale="common")
TONGREN = PROFILES["tongren"]


def name_value(tiles: str, melds: tuple[Meld, ...] = (), options: GuizhouOptions = SEED,
               tile: int | None = None) -> tuple[str, int] | None:  # fmt: skip
    v = classify(to_counts(tiles), melds, tile, options)
    return None if v is None else (v.name, v.value)


def test_seed_table_each_hand_and_its_value() -> None:
    # 平胡 10, 大对子 30, 七对 40, 龙七对 50, 清一色 50, 清大对 80, 青龙背 100 [001:135-137]
    assert name_value("123m456m789p123s55s") == ("平胡", 10)
    assert name_value("111m222p333s444m55s") == ("大对子", 30)
    assert name_value("1122m3344p5566s77s") == ("七对", 40)
    assert name_value("1111m3344p5566s77s") == ("龙七对", 50)
    assert name_value("12345678912399m") == ("清一色", 50)
    assert name_value("11122233344455m") == ("清大对", 80)
    assert name_value("11112233445566p") == ("青龙背", 100)


def test_common_scale_values() -> None:
    assert name_value("123m456m789p123s55s", options=COMMON) == ("平胡", 10)
    assert name_value("111m222p333s444m55s", options=COMMON) == ("大对子", 50)
    assert name_value("11223344556677p", options=COMMON) == ("清七对", 170)
    assert name_value("11112233445566p", options=COMMON) == ("青龙背", 200)


def test_largest_hand_only_not_a_sum() -> None:
    # 清一色 + 大对子 is 清大对 (80), never 50 + 30 + ...
    assert name_value("11122233344455s") == ("清大对", 80)


def test_qing_counts_the_melds() -> None:
    pong_p = Meld("peng", "999p", 2)
    assert name_value("111222333m55m", (pong_p,)) == ("大对子", 30)
    assert name_value("111222333p55p", (pong_p,)) == ("清大对", 80)


def test_seven_pairs_need_no_meld() -> None:
    assert name_value("1122m3344p5566s", (Meld("peng", "999p", 2),)) is None


def test_base_scales_every_value() -> None:
    assert name_value("111m222p333s444m55s", options=GuizhouOptions(base=20)) == ("大对子", 60)


def test_dilong_one_pong_pairs_won_on_the_fourth() -> None:
    pong = Meld("peng", "555m", 1)
    assert name_value("5m1122p3344s66s", (pong,), TONGREN, tile=4) == ("地龙", 50)
    # off in Guiyang; not on another tile
    assert name_value("5m1122p3344s66s", (pong,), SEED, tile=4) is None
    assert name_value("5m1122p3344s66s", (pong,), TONGREN, tile=24) is None
    assert 4 in winning_kinds(to_counts("1122p3344s66s"), (pong,), TONGREN)
    assert 4 not in winning_kinds(to_counts("1122p3344s66s"), (pong,), SEED)


def test_dilong_is_no_hand_when_the_pongs_fourth_is_already_held() -> None:
    """Holding the pong's fourth tile, a second one cannot come: no 地龙 (no fifth tile
    asked of the core), while the hand's other waits stand."""
    pong = Meld("peng", "555m", 1)
    waits = winning_kinds(to_counts("5m1122p3344s6s"), (pong,), TONGREN)
    assert 4 not in waits and waits == winning_kinds(to_counts("5m1122p3344s6s"), (pong,), SEED)
    assert name_value("55m1122p3344s6s", (pong,), TONGREN, tile=4) is None


def test_dilong_with_two_pongs_is_no_hand() -> None:
    pongs = (Meld("peng", "555m", 1), Meld("peng", "999s", 2))
    assert name_value("5m1122p33s", pongs, TONGREN, tile=4) is None


def test_ready_value_is_the_largest_completion() -> None:
    v = best_ready_value(to_counts("1112223334445m"), ())
    assert v is not None and (v.name, v.value) == ("清大对", 80)
    assert best_ready_value(to_counts("1357m2468p13579s"), ()) is None


def test_honours_never_win() -> None:
    assert classify(to_counts("123m456m789p123s11z"), ()) is None


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=14, max_size=14))
def test_classify_wins_exactly_when_the_core_does(kinds: list[int]) -> None:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    if max(counts) > 4:
        return
    v = classify(counts, ())
    assert (v is not None) == core_is_winning(counts, rules="nanjing")
    if v is not None:
        assert v.value in {x * 10 for x in SCALES["seed"].values()}
