"""Settlement rules no other test states (issue 25 items 20-22, 24), one test per rule, each
on a record built from named hands; each fails when its rule is mutated."""

from __future__ import annotations

from sichuan_records import meld, player, record, win

import majiang
from majiang.variants.sichuan import settle as sichuan_settle

SICHUAN_WINNER = player("1112345678999m", "s")  # 清一色, self-draws its 5m
SICHUAN_READY = player("1122334455667p", "m")  # 清七对 on 7p
SICHUAN_NOT_READY = player("24p567p13s79s9s", "m", [meld("an_gang", "5555s", None)])


def lines(settlement: majiang.Settlement, reason: str) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in settlement.by_reason(reason)]


def test_sichuan_hua_zhu_hands_back_its_kong_money() -> None:
    # "必须退回全部刮风下雨所得" [001]: a 花猪 (three suits at the draw) refunds its 暗杠 too
    pig = player("1367m24p1378s", "p", [meld("an_gang", "8888p", None)])
    kongs = [
        {"seat": 0, "kind": "an_gang", "tile": "8p", "from": None, "after_wins": 0},
        {"seat": 3, "kind": "an_gang", "tile": "5s", "from": None, "after_wins": 0},
    ]
    s = sichuan_settle(
        record([pig, SICHUAN_WINNER, SICHUAN_READY, SICHUAN_NOT_READY], [win(1, "5m", None)], kongs)
    )
    assert s.pattern["huazhu"] == [0] and s.pattern["not_ready"] == [3]
    refunds = lines(s, "退税")
    assert [r for r in refunds if r[0] == 0] == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
    assert [r for r in refunds if r[0] == 3] == [(3, 0, 2), (3, 1, 2), (3, 2, 2)]
    assert sum(s.deltas) == 0
