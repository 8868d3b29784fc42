"""Hebei settlement, one test per rule of docs/rules/hebei.md Scoring."""

import pytest

from majiang.errors import RecordError
from majiang.meld import Meld
from majiang.variants.hebei.options import HebeiOptions, OptionError
from majiang.variants.hebei.settle import hand_total, settle_hand


def test_discarder_alone_pays_by_default() -> None:
    s = settle_hand(winner=0, source=2, dealer=1, hand="清一色", value=9, kongs=[])
    assert s.deltas == (9, 0, -9, 0)


def test_three_pay_on_a_discard_with_dian_pao_san_jia() -> None:
    o = HebeiOptions(payment="three")
    s = settle_hand(winner=0, source=2, dealer=1, hand="平胡", value=3, kongs=[], options=o)
    assert s.deltas == (9, -3, -3, -3)


def test_discarder_pays_all_three_shares_with_da_bao() -> None:
    o = HebeiOptions(payment="big")
    s = settle_hand(winner=0, source=2, dealer=1, hand="平胡", value=3, kongs=[], options=o)
    assert s.deltas == (9, 0, -9, 0)
    assert len(s.items) == 3


def test_ping_hu_self_draw_is_2_from_each() -> None:
    s = settle_hand(winner=3, source=None, dealer=0, hand="平胡", value=3, kongs=[])
    assert s.deltas == (-2, -2, -2, 6)


def test_big_hand_self_draw_is_its_value_from_each() -> None:
    s = settle_hand(winner=3, source=None, dealer=0, hand="十三幺", value=27, kongs=[])
    assert s.deltas == (-27, -27, -27, 81)


def test_dealer_bonus_adds_one_to_lines_with_the_dealer() -> None:
    o = HebeiOptions(dealer_bonus=True)
    s = settle_hand(winner=3, source=None, dealer=0, hand="平胡", value=3, kongs=[], options=o)
    assert s.deltas == (-3, -2, -2, 7)
    assert "带庄闲" in s.items[0].detail


def test_kongs_pay_1_exposed_and_2_concealed() -> None:
    kongs = [(1, Meld("ming_gang", "5555p", 0)), (2, Meld("an_gang", "7777s"))]
    s = settle_hand(winner=0, source=3, dealer=0, hand="平胡", value=3, kongs=kongs)
    assert s.deltas == (3 - 1 - 2, 1 - 2, 6, -3 - 2)
    assert sum(s.deltas) == 0


def test_added_kong_is_1_from_each() -> None:
    s = settle_hand(
        winner=0, source=3, dealer=0, hand="平胡", value=3, kongs=[(1, Meld("bu_gang", "5555p", 0))]
    )
    assert s.deltas == (3 - 1, 3, -1, -3 - 1)


def test_kongs_are_void_on_huang_zhuang() -> None:
    s = settle_hand(
        winner=None, source=None, dealer=0, hand="", value=0, kongs=[(2, Meld("an_gang", "7777s"))]
    )
    assert s.deltas == (0, 0, 0, 0)


def test_extras_men_qing_bian_ka_diao_zhuo_wu_kui() -> None:
    o = HebeiOptions(men_qing=True, bian_ka_diao=True, zhuo_wu_kui=True)
    assert hand_total(3, options=o, men_qing=True, edge_wait=True, wu_kui=True)[0] == 10
    assert hand_total(3, options=HebeiOptions(), men_qing=True, wu_kui=True) == (3, "3")


def test_bad_option_raises_naming_it() -> None:
    with pytest.raises(OptionError, match="payment"):
        HebeiOptions(payment="all")  # type: ignore[arg-type]


def test_winner_cannot_be_the_discarder() -> None:
    with pytest.raises(RecordError, match=r"result\.from"):
        settle_hand(winner=0, source=0, dealer=0, hand="平胡", value=3, kongs=[])


@pytest.mark.parametrize("payment", ["one", "three", "big"])
@pytest.mark.parametrize("bonus", [False, True])
def test_every_settlement_is_zero_sum(payment: str, bonus: bool) -> None:
    o = HebeiOptions(payment=payment, dealer_bonus=bonus)  # type: ignore[arg-type]
    kongs = [(1, Meld("bu_gang", "5555p", 0)), (2, Meld("an_gang", "7777s"))]
    for winner in range(4):
        for source in [None, *(s for s in range(4) if s != winner)]:
            for dealer in range(4):
                s = settle_hand(
                    winner=winner,
                    source=source,
                    dealer=dealer,
                    hand="七小对",
                    value=9,
                    kongs=kongs,
                    options=o,
                )
                assert sum(s.deltas) == 0
                assert s.deltas[winner] > 0
