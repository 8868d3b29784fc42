"""Properties of the Nanchang settlement over random valid records built around random complete
hands: money is conserved, 爬楼 scales every amount, the multipliers compose as documented and
the reading chosen is the one paying the winner most."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from nanchang_records import random_record

import majiang
from majiang.settlement import Settlement
from majiang.variants.nanchang.facts import check_record
from majiang.variants.nanchang.readings import Reading, readings

BASE = {"平胡": 1, "小七对": 2, "大七对": 2, "十三烂": 2, "七星十三烂": 4}
PENALTIES = {"荒庄", "抄庄"}
JING = {"正精", "副精", "冲关", "霸王精"}


def records(seed: int, n: int = 150) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_record(rng) for _ in range(n)]


def loser_pays(record: dict[str, Any], reading: Reading, de_label: str | None, loser: int) -> int:
    """What ``loser`` pays for the hand under ``reading``: the documented chain, by hand."""
    result = record["result"]
    winner, source = result["winner"], result["from"]
    self_drawn = source is None
    dealer = record["dealer"]
    amount = BASE[reading.shape]
    if dealer in (winner, loser):
        amount *= 2
    if self_drawn or loser == source:
        amount *= 2  # 自摸, or 放炮 for the discarder
    if result.get("gang_kai"):
        amount *= 2
    if reading.jing_diao and self_drawn:
        amount *= 2
    bonus = 0
    if reading.de_guo:
        amount *= 4 if de_label == "德中德" else 2
        if reading.shape in ("小七对", "大七对"):
            amount *= 2
        if self_drawn or loser == source:
            bonus = 5
    streak: int = record.get("dealer_streak", 1)
    return (amount + bonus) * streak


@pytest.mark.parametrize("seed", range(4))
def test_money_is_conserved_and_lines_are_sane(seed: int) -> None:
    for record in records(seed):
        s = majiang.settle(record)
        assert sum(s.deltas) == 0
        for p in s.items:
            assert p.amount > 0
            assert p.payer != p.payee
            assert {p.payer, p.payee} <= {0, 1, 2, 3}
        assert json.loads(json.dumps(s.to_dict(), ensure_ascii=False)) == s.to_dict()


@pytest.mark.parametrize("seed", range(4))
def test_doubling_the_dealer_streak_doubles_every_amount_but_the_penalties(seed: int) -> None:
    for record in records(seed, 80):
        record["dealer_streak"] = 1
        once = majiang.settle(record)
        record["dealer_streak"] = 2
        twice = majiang.settle(record)
        assert [(p.payer, p.payee, p.reason) for p in once.items] == [
            (p.payer, p.payee, p.reason) for p in twice.items
        ]
        for a, b in zip(once.items, twice.items, strict=True):
            assert b.amount == (a.amount if a.reason in PENALTIES else 2 * a.amount)
        record["options"] = {"palou": False}
        assert majiang.settle(record).deltas == once.deltas


@pytest.mark.parametrize("seed", range(4))
def test_multipliers_compose_as_documented(seed: int) -> None:
    for record in records(seed):
        s = majiang.settle(record)
        if s.pattern["result"] != "win":
            continue
        p = s.pattern
        reading = Reading(p["shape"], p["de_guo"] is not None, p["jing_diao"])
        for loser in range(4):
            if loser == p["winner"]:
                continue
            paid = sum(
                x.amount
                for x in s.items
                if x.payer == loser and x.reason in {"胡牌分", "德国", "德中德"}
            )
            assert paid == loser_pays(record, reading, p["de_guo"], loser)
            assert paid == p["hand_points"][loser]


@pytest.mark.parametrize("seed", range(4))
def test_the_reading_chosen_pays_the_winner_most(seed: int) -> None:
    for record in records(seed):
        if record["result"]["kind"] != "win":
            continue
        s = majiang.settle(record)
        facts = check_record(record)
        win = facts.win
        assert win is not None
        melds = facts.melds[win.winner]
        ways = readings(
            facts.concealed(),
            win.tile,
            facts.jing,
            len(melds),
            chi_free=all(m.kind != "chi" for m in melds),
        )
        best = max(
            sum(
                loser_pays(record, r, s.pattern["de_guo"] or "德国", loser)
                for loser in range(4)
                if loser != win.winner
            )
            for r in ways
        )
        assert sum(s.pattern["hand_points"]) == best


@pytest.mark.parametrize("seed", range(2))
def test_jing_lines_add_up_to_each_players_value(seed: int) -> None:
    for record in records(seed):
        s = majiang.settle(record)
        streak = record.get("dealer_streak", 1)
        for payee in range(4):
            for payer in range(4):
                if payer == payee:
                    continue
                got = sum(
                    p.amount
                    for p in s.items
                    if p.payer == payer and p.payee == payee and p.reason in JING
                )
                assert got == s.pattern["jing_values"][payee] * streak


def test_settling_does_not_change_the_record() -> None:
    for record in records(9, 30):
        before = copy.deepcopy(record)
        first: Settlement = majiang.settle(record)
        assert record == before
        assert majiang.settle(record) == first
