"""The Nanchang room options (issue #17): 点炮一家付, 底分, 冲关 fed by a discarded jing."""

from __future__ import annotations

import re
from typing import Any

import pytest

import majiang
from majiang.errors import MajiangError
from majiang.variants.nanchang import settle

JING_REASONS = {"正精", "副精", "冲关", "霸王精"}


def _record(options: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """Seat 1 (A) chowed the 副精 4p from seat 0 (C) and holds two 正精 3p: 5 points, 4 before
    the claim; seat 2 (B) holds one 副精, seat 3 (D) none. A wins self-drawn."""
    return {
        "dealer": 3,
        "jing_indicator": "3p",
        "options": options or {},
        "players": [
            {"hand": "147m258s1234567z"},
            {"hand": "3p3p123m789m12s", "melds": [{"kind": "chi", "tiles": "456p", "from": 0}]},
            {"hand": "4p258m369s123456z"},
            {"hand": "369m179p47s12347z"},
        ],
        "result": {"kind": "win", "winner": 1, "tile": "3s", "from": None},
        **extra,
    }


FED = [{"seat": 1, "from": 0, "tile": "4p"}]


def _jing_nets(record: dict[str, Any]) -> list[int]:
    nets = [0, 0, 0, 0]
    for p in settle(record).items:
        if p.reason in JING_REASONS:
            nets[p.payer] -= p.amount
            nets[p.payee] += p.amount
    return nets


def test_chong_guan_fed_by_a_discarded_jing_follows_seed_000s_example() -> None:
    # [000] 算子规则 §5: D pays 4+1+1, B pays 5 - 1x3, C pays 5x2x3 + 1, A collects it all.
    record = _record({"chong_guan_feeder_pays": True}, fed_jing=FED)
    c, a, b, d = 0, 1, 2, 3
    nets = _jing_nets(record)
    assert nets[d] == -(4 + 1 + 1)
    assert nets[b] == -(5 - 1 * 3)
    assert nets[c] == -(5 * 2 * 3 + 1)
    assert nets[a] == -(nets[b] + nets[c] + nets[d])
    paid_by_c = sum(
        p.amount
        for p in settle(record).items
        if p.payer == c and p.payee == a and p.reason in JING_REASONS
    )
    assert paid_by_c == 5 * 2 * 3
    assert settle(record).pattern["chong_guan_fed_by"] == {"1": 0}


def test_chong_guan_fed_is_an_option_off_by_default() -> None:
    # Without the option (or without the record saying who fed the jing) all pay A's 冲关.
    usual = _jing_nets(_record())
    assert usual == _jing_nets(_record(fed_jing=FED))
    assert usual[1] == 3 * 10 - 1  # 10 from each, 1 to B
    assert usual != _jing_nets(_record({"chong_guan_feeder_pays": True}, fed_jing=FED))


def test_fed_jing_below_chong_guan_changes_nothing() -> None:
    # A's 5 points without the fed 副精 would still be 冲关 if A held a third 正精: not fed.
    record = _record({"chong_guan_feeder_pays": True}, fed_jing=FED)
    record["players"][1]["hand"] = "3p3p3p23m789m12s"
    record["players"][3]["hand"] = "169m179p47s12347z"
    fed, usual = _jing_nets(record), _jing_nets({**record, "options": {}})
    assert fed == usual


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"seat": 1, "from": 2, "tile": "4p"}, "fed_jing"),  # no meld from seat 2
        ({"seat": 1, "from": 0, "tile": "5p"}, "fed_jing[0].tile"),  # not a jing
        ({"seat": 1, "from": 0}, "fed_jing[0].tile"),
        ({"seat": 7, "from": 0, "tile": "4p"}, "fed_jing[0].seat"),
    ],
)
def test_fed_jing_is_checked(entry: dict[str, Any], field: str) -> None:
    with pytest.raises(MajiangError, match="^" + re.escape(field) + ":"):
        settle(_record(fed_jing=[entry]))


def test_fed_jing_entries_cannot_outnumber_melds() -> None:
    with pytest.raises(MajiangError, match=r"^fed_jing: more claimed jing"):
        settle(_record(fed_jing=FED * 2))
    # a chi of 345p holds both jing, but only one of its tiles was claimed
    record = _record()
    record["players"][1]["melds"] = [{"kind": "chi", "tiles": "345p", "from": 0}]
    one = [{"seat": 1, "from": 0, "tile": "3p"}]
    settle({**record, "fed_jing": one})
    with pytest.raises(MajiangError, match=r"^fed_jing: more claimed jing"):
        settle({**record, "fed_jing": [*one, *FED]})


def test_record_round_trip_keeps_fed_jing() -> None:
    from majiang.variants.nanchang.record import HandRecord

    r = HandRecord.from_dict(_record(fed_jing=FED))
    assert r.to_dict()["fed_jing"] == FED
    assert "fed_jing" not in HandRecord.from_dict(_record()).to_dict()


def _discard_win(options: dict[str, Any]) -> majiang.Settlement:
    return settle(
        {
            "dealer": 0,
            "jing_indicator": "9p",
            "options": options,
            "players": [
                {"hand": "123m456m789m23s55p"},
                {"hand": "147m258p369s1234z"},
                {"hand": "22m33m44m66s88s777z"},
                {"hand": "567m567p78s8p9s135z"},
            ],
            "result": {"kind": "win", "winner": 0, "tile": "4s", "from": 2},
        }
    )


def test_dianpao_yijia_fu_only_the_discarder_pays_the_hand() -> None:
    three = [p for p in _discard_win({}).items if p.reason == "胡牌分"]
    one = [p for p in _discard_win({"discard_payers": "discarder"}).items if p.reason == "胡牌分"]
    assert {p.payer for p in three} == {1, 2, 3}
    assert [(p.payer, p.amount) for p in one] == [
        (2, next(q.amount for q in three if q.payer == 2))
    ]


def test_dianpao_yijia_fu_leaves_self_draws_alone() -> None:
    record = _record()
    assert (
        settle(record).deltas
        == settle({**record, "options": {"discard_payers": "discarder"}}).deltas
    )


@pytest.mark.parametrize("di_fen", [2, 4])
def test_di_fen_multiplies_every_amount(di_fen: int) -> None:
    for record in (_record(), _record(fed_jing=FED)):
        plain = settle(record)
        staked = settle({**record, "options": {"di_fen": di_fen}})
        assert staked.deltas == tuple(x * di_fen for x in plain.deltas)
        assert [p.amount for p in staked.items] == [p.amount * di_fen for p in plain.items]
        assert staked.pattern["di_fen"] == di_fen


def test_di_fen_below_one_is_refused() -> None:
    with pytest.raises(MajiangError, match="di_fen"):
        settle(_record({"di_fen": 0}))


def test_engine_records_who_fed_a_claimed_jing() -> None:
    from majiang.game import EfficiencyBot, Game, RandomBot, play

    g = play(Game(seed=6, hands=2), [RandomBot(6), EfficiencyBot(), RandomBot(106), RandomBot(13)])
    fed_records = [(r, i) for i, r in enumerate(g.records) if r.get("fed_jing")]
    assert fed_records
    for record, _ in fed_records:
        zheng, fu = majiang.jing_pair(record["jing_indicator"])
        for entry in record["fed_jing"]:
            assert entry["tile"] in (zheng, fu)
            melds = record["players"][entry["seat"]]["melds"]
            assert any(m["from"] == entry["from"] for m in melds)
        on = {**record, "options": {"chong_guan_feeder_pays": True}}
        assert settle(on).deltas != settle(record).deltas or "chong_guan_fed_by" not in (
            settle(on).pattern
        )
    # the claims the log shows: a discarded jing followed at once by a claim of it
    claims = [
        (b["seat"], a["seat"], a["tile"])
        for a, b in zip(g.events, g.events[1:], strict=False)
        if a["event"] == "discard" and b["event"] in ("chow", "pong", "kong")
    ]
    logged = {(e["seat"], e["from"], e["tile"]) for r, _ in fed_records for e in r["fed_jing"]}
    assert logged <= set(claims)
