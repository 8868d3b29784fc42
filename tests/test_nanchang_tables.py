"""The seeds' payment tables (hand points, floor 1), each cell as a full hand record.

The tables are in [001 tables] (three copies, same numbers) and [003], transcribed in
docs/rules/nanchang.md §11.2. Dealer is seat 0. Per scenario, the seats are:

    闲家自摸       seat 1 self-draws          dealer pays X, seats 2 and 3 pay Y
    庄家自摸       the dealer self-draws      seats 1, 2, 3 pay X
    闲家点炮闲家    seat 1 wins on seat 2      seat 2 (discarder), dealer, seat 3
    庄家点炮闲家    seat 1 wins on the dealer  dealer, seats 2 and 3
    闲家点炮庄家    the dealer wins on seat 1  seat 1 (discarder), seats 2 and 3

Jing are 3p (正精) and 4p (副精). Seat 3 always holds one 4p, so a natural win is 德国 and not
德中德; the hands that are not 德国 use the winner's one 4p as a wild tile. The jing points move
too, so each test checks the hand payments against the table and the seat totals against the
table plus those jing points.
"""

from __future__ import annotations

from typing import Any

import pytest
from nanchang_records import SCENARIOS, table_record

import majiang
from majiang.settlement import Settlement

HAND_REASONS = {"胡牌分", "德国", "德中德"}

# The winner's concealed tiles and winning tile; whether the winner holds a jing (the 4p).
HANDS: dict[str, tuple[str, str, bool]] = {
    "平胡": ("123m456m789s11s6p4p", "7p", True),  # 4p stands in for 5p or 8p
    "德国": ("123m456m789s11s67p", "5p", False),
    "小七对": ("11m22m33s44s55p7z9s4p", "9s", True),  # 4p stands in for 7z
    "大七对": ("111m222s555p99s7z4p", "7z", True),  # 4p stands in for 9s (or 7z)
    "德国小七对": ("11m22m33s44s55p77z9s", "9s", False),
    "德国大七对": ("111m222s555p999s7z", "7z", False),
    "十三烂": ("147m25p369s1234z4p", "5z", True),  # 4p stands in for 8p
    "德国十三烂": ("147m258p369s1234z", "5z", False),
}

# What each loser pays, per scenario: (X, Y) for the self-draws, (discarder, dealer, other)
# for 闲家点炮闲家, (discarder, each other) for the other two.
TABLES: dict[str, dict[str, tuple[int, ...]]] = {
    # [001 tables] 1.平胡, [003] 1.平胡
    "平胡": {
        "闲家自摸": (4, 2),
        "庄家自摸": (4,),
        "闲家点炮闲家": (2, 2, 1),
        "庄家点炮闲家": (4, 1),
        "闲家点炮庄家": (4, 2),
    },
    # [001 tables] 2.德国, [003] 2.德国
    "德国": {
        "闲家自摸": (13, 9),
        "庄家自摸": (13,),
        "闲家点炮闲家": (9, 4, 2),
        "庄家点炮闲家": (13, 2),
        "闲家点炮庄家": (13, 4),
    },
    # [001 tables] 3.小7对, [003] 3.大小7对
    "小七对": {
        "闲家自摸": (8, 4),
        "庄家自摸": (8,),
        "闲家点炮闲家": (4, 4, 2),
        "庄家点炮闲家": (8, 2),
        "闲家点炮庄家": (8, 4),
    },
    # [003] 3.大小7对 (大七对 = 小七对, the main table)
    "大七对": {
        "闲家自摸": (8, 4),
        "庄家自摸": (8,),
        "闲家点炮闲家": (4, 4, 2),
        "庄家点炮闲家": (8, 2),
        "闲家点炮庄家": (8, 4),
    },
    # [001 tables] 德国小7对 (德国7星), [003] 大小7对德国
    "德国小七对": {
        "闲家自摸": (37, 21),
        "庄家自摸": (37,),
        "闲家点炮闲家": (21, 16, 8),
        "庄家点炮闲家": (37, 8),
        "闲家点炮庄家": (37, 16),
    },
    # [001 tables] "(德国大7对同上)", [003] "德國大7對還是一樣的"
    "德国大七对": {
        "闲家自摸": (37, 21),
        "庄家自摸": (37,),
        "闲家点炮闲家": (21, 16, 8),
        "庄家点炮闲家": (37, 8),
        "闲家点炮庄家": (37, 16),
    },
    # [001 tables] 烂 / 4.13烂; 闲家点炮庄家 is in no seed: 2 x 2 (庄家) x 2 (放炮) = 8 and
    # 2 x 2 (庄家) = 4, the formula of §10.2 applied by hand.
    "十三烂": {
        "闲家自摸": (8, 4),
        "庄家自摸": (8,),
        "闲家点炮闲家": (4, 4, 2),
        "庄家点炮闲家": (8, 2),
        "闲家点炮庄家": (8, 4),
    },
    # [001 tables] 德国13烂; 闲家点炮庄家 is in no seed: 2 x 2 x 2 x 2 (德国) + 5 = 21 and
    # 2 x 2 x 2 = 8, by hand.
    "德国十三烂": {
        "闲家自摸": (21, 13),
        "庄家自摸": (21,),
        "闲家点炮闲家": (13, 8, 4),
        "庄家点炮闲家": (21, 4),
        "闲家点炮庄家": (21, 8),
    },
}

# The seeds' "total" column of each table row, to check the table was copied right.
TOTALS: dict[str, tuple[int, int, int, int, int | None]] = {
    "平胡": (8, 12, 5, 6, 8),
    "德国": (31, 39, 15, 17, 21),
    "小七对": (16, 24, 10, 12, 16),
    "大七对": (16, 24, 10, 12, 16),
    "德国小七对": (79, 111, 45, 53, 69),
    "德国大七对": (79, 111, 45, 53, 69),
    "十三烂": (16, 24, 10, 12, None),
    "德国十三烂": (47, 63, 25, 29, None),
}

# Seat totals of the jing points alone (each player receives their value from each other):
# the winner's 4p (1 point) and seat 3's 4p (1 point), or seat 3's alone (霸王精: 2).
JING_BOTH = {1: (-2, 2, -2, 2), 0: (2, -2, -2, 2)}  # by winner seat
JING_SEAT3_ALONE = (-2, -2, -2, 6)


def expected_payments(scenario: str, cell: tuple[int, ...]) -> dict[int, int]:
    """Loser seat -> what the table says that seat pays."""
    if scenario == "闲家自摸":
        return {0: cell[0], 2: cell[1], 3: cell[1]}
    if scenario == "庄家自摸":
        return {1: cell[0], 2: cell[0], 3: cell[0]}
    if scenario == "闲家点炮闲家":
        return {2: cell[0], 0: cell[1], 3: cell[2]}
    if scenario == "庄家点炮闲家":
        return {0: cell[0], 2: cell[1], 3: cell[1]}
    return {1: cell[0], 2: cell[1], 3: cell[1]}


def hand_payments(s: Settlement, winner: int) -> dict[int, int]:
    """Loser seat -> what it paid the winner for the hand (胡牌分 and the 德国 extra)."""
    out: dict[int, int] = {}
    for p in s.items:
        if p.reason in HAND_REASONS:
            assert p.payee == winner
            out[p.payer] = out.get(p.payer, 0) + p.amount
    return out


def table_case(name: str, scenario: str, options: dict[str, Any] | None = None) -> Settlement:
    hand, tile, _ = HANDS[name]
    winner, discarder = SCENARIOS[scenario]
    record = table_record(
        hand, tile, winner=winner, discarder=discarder, hands={3: "4p"}, options=options
    )
    return majiang.settle(record)


CASES = [(name, scenario) for name in TABLES for scenario in SCENARIOS]


@pytest.mark.parametrize(("name", "scenario"), CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_payment_table_cell(name: str, scenario: str) -> None:
    s = table_case(name, scenario)
    winner, _ = SCENARIOS[scenario]
    expected = expected_payments(scenario, TABLES[name][scenario])
    assert hand_payments(s, winner) == expected
    total = TOTALS[name][list(SCENARIOS).index(scenario)]
    if total is not None:
        assert sum(expected.values()) == total
    jing = JING_BOTH[winner] if HANDS[name][2] else JING_SEAT3_ALONE
    hand = [0, 0, 0, 0]
    for loser, amount in expected.items():
        hand[loser] -= amount
        hand[winner] += amount
    assert s.deltas == tuple(h + j for h, j in zip(hand, jing, strict=True))


@pytest.mark.parametrize("name", list(TABLES))
def test_table_hand_is_read_as_its_pattern(name: str) -> None:
    s = table_case(name, "闲家点炮闲家")
    shape = name.removeprefix("德国")
    assert s.pattern["shape"] == (shape or "平胡")
    assert s.pattern["de_guo"] == ("德国" if name.startswith("德国") else None)
    assert s.pattern["jing_diao"] is False


# [001 tables] 大7对 and [003]'s variant ("大7对普通胡时要多一倍"): 大七对 base 4.
DA_QI_DUI_BASE_4 = {
    "闲家自摸": (16, 8),
    "庄家自摸": (16,),
    "闲家点炮闲家": (8, 8, 4),
    "庄家点炮闲家": (16, 4),
    "闲家点炮庄家": (16, 8),
}


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_da_qi_dui_base_4_table(scenario: str) -> None:
    s = table_case("大七对", scenario, {"da_qidui_base": 4})
    winner, _ = SCENARIOS[scenario]
    assert hand_payments(s, winner) == expected_payments(scenario, DA_QI_DUI_BASE_4[scenario])


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_de_guo_da_qi_dui_is_the_same_under_base_4(scenario: str) -> None:
    # [003]: "德國大7對還是一樣的" - the base-4 variant leaves 德国大七对 at 37 / 21.
    s = table_case("德国大七对", scenario, {"da_qidui_base": 4})
    winner, _ = SCENARIOS[scenario]
    cell = TABLES["德国大七对"][scenario]
    assert hand_payments(s, winner) == expected_payments(scenario, cell)
