"""The Nanjing room options (issue #17): 进园子, 单把上限, 外包, 接庄比, 压绝 choices, 比下胡
flags; each changes what a record settles to or what the engine carries."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import MajiangError
from majiang.game import EfficiencyBot, Game, play
from majiang.variants.nanjing import settle
from majiang.variants.nanjing.play import NanjingVariant

KUAIZHAO: dict[str, Any] = {  # seat 1 fed seat 0 three 嘴 (快照); seat 2's discard wins
    "dealer": 0,
    "players": [
        {
            "hand": "3m3m1p8s",
            "melds": [
                {"kind": "peng", "tiles": "111p", "from": 1},
                {"kind": "an_gang", "tiles": "2222s"},
                {"kind": "peng", "tiles": "999p", "from": 1},
            ],
        },
        {"hand": "147m258p369s1234z"},
        {"hand": "22m44m66s88s444z1s3s"},
        {"hand": "567m567p78s8p9s123z"},
    ],
    "result": {"kind": "win", "winner": 0, "tile": "3m", "from": 2},
}

SELF_DRAWN: dict[str, Any] = {  # a small hand: 门清 with one hard flower, dealer 3
    "dealer": 3,
    "players": [
        {"hand": "123m456m789m1122p", "flowers": "1f"},
        {"hand": "147m258p369s1234z"},
        {"hand": "22m33m44m66s88s444z"},
        {"hand": "567m567p78s8p9s123z"},
    ],
    "result": {"kind": "win", "winner": 0, "tile": "1p", "from": None},
}

YAJUE: dict[str, Any] = {  # seat 0 wins 4m, the middle of 3m_5m; seat 1 punged 4m from seat 3
    "dealer": 2,
    "players": [
        {"hand": "35m123p456p789p11s"},
        {"hand": "12m67m123s567s", "melds": [{"kind": "peng", "tiles": "444m", "from": 3}]},
        {"hand": "99m222p333p444s55s"},
        {"hand": "11223344z567p89s"},
    ],
    "result": {"kind": "win", "winner": 0, "tile": "4m", "from": 2},
}


def _with(record: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {**record, "options": options}


def _hand_lines(record: dict[str, Any]) -> list[tuple[int, int, str]]:
    return [
        (p.payer, p.amount, p.reason)
        for p in settle(record).items
        if p.payee == 0 and p.reason in ("胡牌分", "包牌")
    ]


def test_waibao_the_liable_seat_pays_on_top_of_the_others() -> None:
    usual = _hand_lines(KUAIZHAO)
    assert {payer for payer, _, _ in usual} == {1}  # 快照: seat 1 pays in seat 2's place
    waibao = _hand_lines(_with(KUAIZHAO, waibao=True))
    (share,) = {amount for _, amount, _ in usual}
    assert sorted(waibao) == sorted([(2, share, "胡牌分"), (1, share, "包牌")])
    gain = settle(_with(KUAIZHAO, waibao=True)).deltas[0] - settle(KUAIZHAO).deltas[0]
    assert gain == share


def test_waibao_changes_nothing_without_a_liable_seat() -> None:
    assert settle(_with(SELF_DRAWN, waibao=True)).deltas == settle(SELF_DRAWN).deltas


@pytest.mark.parametrize("cap", [1, 20, 35])
def test_hand_cap_limits_what_each_player_pays(cap: int) -> None:
    full = settle(SELF_DRAWN)
    capped = settle(_with(SELF_DRAWN, hand_cap=cap))
    for seat in (1, 2, 3):
        assert capped.deltas[seat] == max(full.deltas[seat], -cap)
    assert sum(capped.deltas) == 0
    assert capped.pattern["caps"] == [cap] * 4


def test_hand_cap_above_the_amounts_changes_no_delta() -> None:
    assert settle(_with(SELF_DRAWN, hand_cap=10_000)).deltas == settle(SELF_DRAWN).deltas


def test_yuanzi_caps_each_player_at_what_is_left_of_the_garden() -> None:
    record = {**_with(SELF_DRAWN, yuanzi=100), "yuanzi_left": [100, 7, 0, 100]}
    s = settle(record)
    full = settle(SELF_DRAWN).deltas
    assert s.deltas[1] == -7 and s.deltas[2] == 0 and s.deltas[3] == full[3]
    # 敞开头 (no yuanzi): the record's yuanzi_left does not cap
    assert settle({**SELF_DRAWN, "yuanzi_left": [100, 7, 0, 100]}).deltas == full


def test_yuanzi_left_is_checked() -> None:
    with pytest.raises(MajiangError, match=r"^yuanzi_left\[1\]"):
        settle({**SELF_DRAWN, "yuanzi_left": [1, -1, 0, 0]})
    with pytest.raises(MajiangError, match=r"^yuanzi_left: expected four"):
        settle({**SELF_DRAWN, "yuanzi_left": [1, 2]})


def test_engine_carries_the_garden_and_never_takes_more_than_it() -> None:
    g = play(Game("nanjing", seed=3, hands=6, options={"yuanzi": 60}), [EfficiencyBot()] * 4)
    running = [60] * 4
    for record, s in zip(g.records, g.settlements, strict=True):
        assert record["yuanzi_left"] == running
        running = [left + d for left, d in zip(running, s.deltas, strict=True)]
        assert min(running) >= 0
    assert running == [60 + x for x in g.scores]


def _hands(record: dict[str, Any]) -> list[str]:
    return list(settle(record).pattern["hands"])


def test_yajue_options_choose_which_pungs_count() -> None:
    assert "压绝" in _hands(YAJUE)
    assert "压绝" not in _hands(_with(YAJUE, yajue=False))
    assert "压绝" not in _hands(_with(YAJUE, yajue_other_pong=False))
    assert "压绝" in _hands(_with(YAJUE, yajue_own_pong=False, yajue_fed_pong=False))
    fed = {**YAJUE, "players": [dict(p) for p in YAJUE["players"]]}
    fed["players"][1]["melds"] = [{"kind": "peng", "tiles": "444m", "from": 0}]
    assert "压绝" in _hands(_with(fed, yajue_other_pong=False))
    assert "压绝" not in _hands(_with(fed, yajue_fed_pong=False))
    assert settle(YAJUE).deltas != settle(_with(YAJUE, yajue=False)).deltas


def test_jiezhuang_bi_doubles_the_next_hand_when_the_next_dealer_wins() -> None:
    plain, room = NanjingVariant(), NanjingVariant({"jiezhuang_bi": True})
    assert plain.carry([SELF_DRAWN]) == {}
    assert room.carry([SELF_DRAWN]) == {"bixiahu": True}
    # the deal still passes to the winner (the next seat)
    assert room.next_dealer(3, 1, SELF_DRAWN, []) == plain.next_dealer(3, 1, SELF_DRAWN, [])
    assert room.next_dealer(3, 1, SELF_DRAWN, []) == (0, 1)
    other = {**SELF_DRAWN, "dealer": 2}  # seat 0 is not the dealer's next seat
    assert room.carry([other]) == {}


def test_bixiahu_flags_count_the_hands_in_a_row() -> None:
    drawn = {**SELF_DRAWN, "result": {"kind": "draw"}}  # a drawn hand is a 比下胡 event
    v = NanjingVariant({"bixiahu_mode": "per_flag"})
    assert v.carry([drawn]) == {"bixiahu": True, "bixiahu_flags": 1}
    again = {**drawn, "bixiahu": True, "bixiahu_flags": 2}
    assert v.carry([again]) == {"bixiahu": True, "bixiahu_flags": 3}
    assert NanjingVariant().carry([again]) == {"bixiahu": True}


def test_engine_plants_flags_and_they_double_per_flag() -> None:
    g = play(
        Game("nanjing", seed=5, hands=8, options={"bixiahu_mode": "per_flag"}),
        [EfficiencyBot()] * 4,
    )
    for before, record in zip(g.records, g.records[1:], strict=False):
        flags = record.get("bixiahu_flags")
        if record["bixiahu"]:
            assert flags == (before.get("bixiahu_flags") or 0) + 1
        else:
            assert flags is None
    assert any((r.get("bixiahu_flags") or 0) >= 1 for r in g.records)


def test_rounds_end_the_match_when_the_deal_has_gone_round() -> None:
    for rounds in (1, 2):
        g = play(
            Game("nanjing", seed=3, hands=60, options={"rounds": rounds}), [EfficiencyBot()] * 4
        )
        dealers = [r["dealer"] for r in g.records]
        last = NanjingVariant().next_dealer(dealers[-1], 1, g.records[-1], [])[0]
        passes = [a != b for a, b in zip(dealers, [*dealers[1:], last], strict=True)]
        assert sum(passes) == 4 * rounds and passes[-1]  # the last hand passed the deal
        assert g.over and len(g.records) < 60


def test_yuanzi_ends_the_match_when_two_gardens_are_empty() -> None:
    g = play(Game("nanjing", seed=3, hands=40, options={"yuanzi": 30}), [EfficiencyBot()] * 4)
    gardens = [30 + s for s in g.scores]
    assert g.over and len(g.records) < 40
    assert sum(x == 0 for x in gardens) >= 2
    before = [30 + s - d for s, d in zip(g.scores, g.settlements[-1].deltas, strict=True)]
    assert sum(x == 0 for x in before) < 2  # it ended at the hand that emptied the second
    restored = Game.restore(g.snapshot())
    assert restored.over and restored.scores == g.scores


def test_restore_refuses_a_match_that_should_have_ended() -> None:
    g = play(Game("nanjing", seed=3, hands=40, options={"yuanzi": 30}), [EfficiencyBot()] * 4)
    snap = g.snapshot()
    snap["over"] = False
    with pytest.raises(MajiangError, match="over"):
        Game.restore(snap)
