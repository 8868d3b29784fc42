"""Hebei hand values, one test per table row (docs/rules/hebei.md Scoring)."""

from majiang.tiles import to_counts
from majiang.variants.hebei.hands import hand_value


def test_ping_hu_is_3() -> None:
    assert hand_value(to_counts("123m456p789s234s55z"), melds=0) == ("平胡", 3)


def test_qing_yi_se_is_9() -> None:
    assert hand_value(to_counts("11122233355588m"), melds=0) == ("清一色", 9)


def test_seven_pairs_is_9() -> None:
    assert hand_value(to_counts("1133m5577p99s1122z"), melds=0) == ("七小对", 9)


def test_luxury_seven_pairs_is_18() -> None:
    assert hand_value(to_counts("1111m5577p99s1122z"), melds=0) == ("豪华七小对", 18)


def test_dragon_is_9() -> None:
    assert hand_value(to_counts("123456789m11p555s"), melds=0) == ("一条龙", 9)


def test_thirteen_orphans_is_27() -> None:
    assert hand_value(to_counts("19m19p19s12345677z"), melds=0) == ("十三幺", 27)


def test_not_winning_is_none() -> None:
    assert hand_value(to_counts("123m456p789s234s57z"), melds=0) is None


def test_only_the_largest_hand_counts() -> None:
    # 清一色 and 一条龙 together are still 9, not 18.
    assert hand_value(to_counts("12345678955567m"), melds=0) in (("清一色", 9), ("一条龙", 9))


def test_qing_yi_se_counts_the_melds() -> None:
    assert hand_value(to_counts("12345666m"), melds=2, meld_kinds=[8, 6]) == ("清一色", 9)
    assert hand_value(to_counts("12345666m"), melds=2, meld_kinds=[8, 30]) == ("平胡", 3)
