"""The seed's 144-tile platform game as GB's ``platform`` profile (docs/rules/gb.md,
"Profiles"): `[001]` 打麻将的规则 — a random first dealer, the winner deals next — scored by 国标
with the 联众 extra hands of `[001]` 国标麻将番种图解 (天和 168, 地和 158, 人和 108, 四方大发
168), one test per rule. Records are built as in tests/test_gb_settlement.py.
"""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest
from test_game_gb import mixed_bots, play_checked
from test_gb_settlement import record

import majiang
from majiang.game import EfficiencyBot, Game, RandomBot, play, replay
from majiang.game.streams import seat_events
from majiang.variants.gb import settle
from majiang.variants.gb.options import PROFILES, GbOptions

PLATFORM = {"profile": "platform"}
SMALL = "123m456m789m22p34p"  # 清龙 and a little: the extras come on top


def test_the_platform_profile_is_an_option_of_gb_not_a_new_variant() -> None:
    game = Game("gb", options=PLATFORM)
    options = game.variant.options  # type: ignore[attr-defined]
    assert options == PROFILES["platform"] and options.winner_deals and options.extras
    assert options.min_fan == 8 and options.flowers and len(game.variant.table.tiles) == 144
    assert GbOptions().profile == "competition" and not GbOptions().winner_deals


def test_the_first_dealer_is_random() -> None:
    """[001] 开始时本游戏平台庄家为随机: without a dealer the seed picks one."""
    dealers = {Game("gb", seed=s, options=PLATFORM).state.dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_the_winner_deals_next_and_a_drawn_hand_keeps_the_dealer() -> None:
    """[001] 谁胡牌 下一轮由他做庄 (the competition rules pass the dealer on every hand)."""
    won = drawn = 0
    for seed in range(6):
        bots = [EfficiencyBot() if s % 2 else RandomBot(seed * 4 + s) for s in range(4)]
        game = play(Game("gb", seed=seed, hands=8, options=PLATFORM), bots)
        for before, after in itertools.pairwise(game.records):
            if before["result"]["kind"] == "win":
                assert after["dealer"] == before["result"]["winner"]
                won += 1
            else:
                assert after["dealer"] == before["dealer"]
                drawn += 1
        assert [r["dealer_streak"] for r in game.records] == list(range(1, 9))  # hands counted
        assert [r["prevalent_wind"] for r in game.records] == [0] * 4 + [1] * 4
        assert sum(game.scores) == 0
        for r, s in zip(game.records, game.settlements, strict=True):
            assert r["options"] == PLATFORM and settle(r).deltas == s.deltas
        replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
        assert replayed.scores == tuple(game.scores)
        assert [h.record for h in replayed.hands] == game.records
    assert won > 5 and drawn > 0  # both rules were exercised


def test_winner_deals_alone_in_a_competition_room_and_off_in_a_platform_one() -> None:
    v = Game("gb", options={"winner_deals": True}).variant
    assert v.next_dealer(1, 3, {"result": {"kind": "win", "winner": 3}}, []) == (3, 4)
    v = Game("gb", options={**PLATFORM, "winner_deals": False}).variant
    assert v.next_dealer(1, 3, {"result": {"kind": "win", "winner": 3}}, []) == (2, 4)
    assert GbOptions.from_dict({**PLATFORM, "winner_deals": False}).overrides() == {
        "profile": "platform",
        "winner_deals": False,
    }


def test_tian_he_is_168_on_the_platform() -> None:
    """[001] 天和 168番 (非国标牌型) 庄家起牌即和 任何胡牌型均可: on top of the hand's 番."""
    plain = settle(record(SMALL, "5p", None, tian_hu=True))
    on = settle(record(SMALL, "5p", None, tian_hu=True, options=PLATFORM))
    assert "天和" in on.pattern["hands"] and "天和" not in plain.pattern["hands"]
    assert on.pattern["fan"] == plain.pattern["fan"] + 168


def test_di_he_is_158_on_the_platform() -> None:
    """[001] 地和 158番 庄家出第一张后 下家自摸即是地和 牌型不限."""
    discards = ("1z", "", "", "")
    plain = settle(record(SMALL, "5p", None, winner=1, discards=discards, di_hu=True))
    on = settle(
        record(SMALL, "5p", None, winner=1, discards=discards, di_hu=True, options=PLATFORM)
    )
    assert "地和" in on.pattern["hands"] and on.pattern["fan"] == plain.pattern["fan"] + 158


def test_ren_he_is_108_on_the_platform() -> None:
    """[001] 人和 108番 第一圈内胡牌 牌型不限: a win on the dealer's first discard."""
    discards = ("", "", "", "")
    plain = settle(record(SMALL, "5p", 0, winner=2, discards=discards, ren_hu=True))
    on = settle(record(SMALL, "5p", 0, winner=2, discards=discards, ren_hu=True, options=PLATFORM))
    assert "人和" in on.pattern["hands"] and on.pattern["fan"] == plain.pattern["fan"] + 108


def test_si_fang_da_fa_is_168_without_its_stated_exclusions() -> None:
    """[001] 四方大发 168番 不重复计算: 碰碰和、圈风刻、门风刻、三风刻 — 大四喜 with a 发 pair."""
    on = settle(record("111z222z333z444z6z", "6z", None, options=PLATFORM))
    hands = on.pattern["hands"]
    assert "四方大发" in hands and "大四喜" not in hands
    for excluded in ("碰碰和", "圈风刻", "门风刻", "三风刻"):
        assert excluded not in hands
    off = settle(record("111z222z333z444z6z", "6z", None, options={**PLATFORM, "extras": False}))
    assert "大四喜" in off.pattern["hands"] and on.pattern["fan"] == off.pattern["fan"] + 80


def test_an_unknown_profile_is_refused_naming_it() -> None:
    with pytest.raises(majiang.RecordError, match=r"options.profile: .*competition, platform"):
        Game("gb", options={"profile": "lianzhong"})


def test_platform_matches_hold_every_invariant() -> None:
    """Mixed-bot platform matches: 144 tiles at every step, zero-sum, every record re-settled
    to its deltas, the winner dealing, the log replayed and a snapshot continuing alike; no
    seat's stream holds another seat's drawn tiles or dealt hand."""
    wins = 0
    for match in range(8):
        rng = random.Random(match)
        bots = mixed_bots(match)
        game = Game("gb", seed=match, hands=5, options=PLATFORM)
        play_checked(game, bots, stop_after=rng.randrange(400))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same_bots = copy.deepcopy(bots)
            play_checked(game, bots)
            play_checked(restored, same_bots)
            assert restored.events == game.events
        assert sum(game.scores) == 0
        for r, s in zip(game.records, game.settlements, strict=True):
            assert majiang.settle(r).deltas == s.deltas
        for before, after in itertools.pairwise(game.records):
            won = before["result"]["kind"] == "win"
            assert after["dealer"] == (before["result"]["winner"] if won else before["dealer"])
        replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
        assert [h.record for h in replayed.hands] == game.records
        for seat in range(4):
            for e in seat_events(game.events, seat):
                if e["event"] == "draw" and e["seat"] != seat:
                    assert "tile" not in e
                if e["event"] == "deal":
                    assert all(h is None for s, h in enumerate(e["hands"]) if s != seat)
        wins += sum(r["result"]["kind"] == "win" for r in game.records)
    assert wins > 8
