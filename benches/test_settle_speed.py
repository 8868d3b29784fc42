"""pytest-benchmark benches of ``majiang.settle`` (the issue's target: under 50 µs a record).

    pytest benches/test_settle_speed.py --benchmark-enable

``TYPICAL`` is a full mid-game Nanchang record: melds (chi, peng, a kong), ponds of 6-8 tiles,
jing in three players' tiles, a self-drawn win with a jing standing in, floor 2. Settling it
again and again measures the warm path (its tiles parsed and its hand read before). The
"cold" bench empties every cache and then settles 24 different records (the typical one with
its suits permuted and its seats rotated): its time / 24 is one settlement from scratch.
"""

from __future__ import annotations

import itertools
from typing import Any

import majiang
from majiang.variants.nanchang import HandRecord, clear_caches

TYPICAL: dict[str, Any] = {
    "variant": "nanchang",
    "dealer": 2,
    "dealer_streak": 2,
    "jing_indicator": "5s",  # 正精 5s, 副精 6s
    "players": [
        {
            "hand": "234m66p789p1z5s",  # (seat 0) one 正精 in hand
            "melds": [{"kind": "chi", "tiles": "345s", "from": 3}],
            "discards": "9m1p4z7z2s6s",  # and a 副精 in the pond
        },
        {
            "hand": "1122m345789p147z",
            "melds": [],
            "discards": "1s9s5z3z6z4m8m",
        },
        {
            "hand": "79m34p19s5677z",
            "melds": [{"kind": "peng", "tiles": "222p", "from": 1}],
            "discards": "1m3z9p6m1z",
        },
        {
            "hand": "456m78p6s7m",  # the winner: 6s (副精) stands in for 6p or 9p
            "melds": [
                {"kind": "peng", "tiles": "333s", "from": 0},
                {"kind": "ming_gang", "tiles": "8888s", "from": 1},
            ],
            "discards": "5m2z7s4s6z5p",
        },
    ],
    "result": {"kind": "win", "winner": 3, "tile": "7m", "from": None},
}


def _permuted(record: dict[str, Any], suits: str, turn: int) -> dict[str, Any]:
    """The record with the suits m, p, s renamed to ``suits`` and every seat moved by ``turn``."""
    table = str.maketrans("mps", suits)

    def tiles(text: str) -> str:
        return text.translate(table)

    def seat(s: int | None) -> int | None:
        return None if s is None else (s + turn) % 4

    players: list[dict[str, Any]] = [{}] * 4
    for s, p in enumerate(record["players"]):
        melds = [{**m, "tiles": tiles(m["tiles"]), "from": seat(m["from"])} for m in p["melds"]]
        players[(s + turn) % 4] = {
            "hand": tiles(p["hand"]),
            "melds": melds,
            "discards": tiles(p["discards"]),
        }
    result = dict(record["result"])
    result.update(winner=seat(result["winner"]), tile=tiles(result["tile"]), **{"from": None})
    return {
        **record,
        "dealer": seat(record["dealer"]),
        "jing_indicator": tiles(record["jing_indicator"]),
        "players": players,
        "result": result,
    }


VARIED = [
    _permuted(TYPICAL, "".join(order), turn)
    for order in itertools.permutations("mps")
    for turn in range(4)
]


def test_settle_typical_record(benchmark: Any) -> None:
    s = benchmark.pedantic(
        majiang.settle, args=(TYPICAL,), rounds=2000, iterations=5, warmup_rounds=50
    )
    assert sum(s.deltas) == 0


def test_settle_typed_record(benchmark: Any) -> None:
    # The record is checked when it is built; settling it reads the checked facts.
    record = HandRecord.from_dict(TYPICAL)
    s = benchmark.pedantic(
        majiang.settle, args=(record,), rounds=2000, iterations=5, warmup_rounds=50
    )
    assert sum(s.deltas) == 0


def test_settle_varied_records_cold(benchmark: Any) -> None:
    def run() -> list[majiang.Settlement]:
        clear_caches()
        return [majiang.settle(r) for r in VARIED]

    settlements = benchmark.pedantic(run, rounds=100, warmup_rounds=2)
    assert len({s.deltas for s in settlements}) > 1


# ------------------------------------------------------------------ Sichuan (血战到底)
def _sichuan_records() -> list[dict[str, Any]]:
    """A typical 血战 hand (three wins, a kong) and an exhaustive draw (查花猪, 查大叫, 退税),
    the examples of docs/rules/sichuan.md."""
    from majiang.variants.sichuan import EXAMPLE

    kong = {
        **EXAMPLE,
        "players": [
            EXAMPLE["players"][0],
            EXAMPLE["players"][1],
            EXAMPLE["players"][2],
            {**EXAMPLE["players"][3], "melds": [{"kind": "an_gang", "tiles": "5555s"}]},
        ],
        "kongs": [{"seat": 3, "kind": "an_gang", "tile": "5s", "after_wins": 1}],
    }
    kong["players"][0] = {**EXAMPLE["players"][0], "hand": "1367m2468p13789s"}
    import json
    from pathlib import Path

    drawn = json.loads(
        (Path(__file__).resolve().parent.parent / "examples" / "sichuan-hand.json").read_text(
            encoding="utf-8"
        )
    )
    return [kong, drawn]


def test_settle_sichuan_records(benchmark: Any) -> None:
    records = _sichuan_records()

    def run() -> list[majiang.Settlement]:
        return [majiang.settle(r) for r in records]

    settlements = benchmark.pedantic(run, rounds=1000, iterations=2, warmup_rounds=20)
    assert all(sum(s.deltas) == 0 for s in settlements)
