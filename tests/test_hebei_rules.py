"""Hebei dealer rule, each seed sentence a test (seed 001 line 155)."""

import pytest

from majiang.variants.hebei.rules import next_dealer


@pytest.mark.parametrize("dealer", range(4))
def test_a_dealer_who_wins_deals_again(dealer: int) -> None:
    assert next_dealer(dealer, dealer) == dealer


@pytest.mark.parametrize("dealer", range(4))
def test_on_huang_zhuang_the_dealer_stays(dealer: int) -> None:
    assert next_dealer(dealer, None) == dealer


def test_a_non_dealer_win_passes_the_deal_to_the_dealers_next_seat_not_the_winner() -> None:
    assert next_dealer(0, 2) == 1
    assert next_dealer(3, 2) == 0
