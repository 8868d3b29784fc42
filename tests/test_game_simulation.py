"""Invariants over thousands of simulated hands, and EfficiencyBot against RandomBot."""

from __future__ import annotations

import majiang
from majiang.game import EfficiencyBot, Game, RandomBot, play, simulate
from majiang.game.bots import Bot

OBSERVATION_KEYS = {
    "seat", "hand", "melds", "ponds", "wall", "indicator", "jing", "scores",
    "dealer", "dealer_streak", "turn", "phase", "last_discard", "discarder", "drawn",
}  # fmt: skip


def check_match(game: Game, bots: list[Bot]) -> None:
    while not game.over:
        assert game.tile_count() == 136
        seat = game.to_act()[0]
        obs = game.observation(seat)
        data = obs.to_dict()
        assert set(data) == OBSERVATION_KEYS
        assert data["hand"] == majiang.game.state.mpsz(game.state.hands[seat])
        game.step(seat, bots[seat].act(obs, game.legal_actions(seat)))
    assert sum(game.scores) == 0
    for record, settlement in zip(game.records, game.settlements, strict=True):
        assert majiang.settle(record).deltas == settlement.deltas
        result = record["result"]
        if result["kind"] == "win":
            p = record["players"][result["winner"]]
            tiles = p["hand"] + result["tile"]
            jing = majiang.jing_pair(record["jing_indicator"])
            assert majiang.is_winning(tiles, jing=jing, melds=len(p["melds"]))


def test_invariants_over_2000_mixed_hands() -> None:
    kinds = 0
    for match in range(200):
        bots: list[Bot] = [
            EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)
        ]
        game = Game(seed=match, hands=10)
        check_match(game, bots)
        kinds += len(game.records)
    assert kinds == 2000


def test_efficiency_bot_beats_random_bot() -> None:
    stats = simulate(500, seed=7, bots=["efficiency", "random", "efficiency", "random"])
    eff = stats["win_rate"][0] + stats["win_rate"][2]
    rnd = stats["win_rate"][1] + stats["win_rate"][3]
    assert eff > 4 * rnd
    assert stats["mean_score"][0] > 0 < stats["mean_score"][2]
    assert stats["mean_score"][1] < 0 > stats["mean_score"][3]


def test_simulate_statistics_add_up() -> None:
    stats = simulate(60, seed=2, bots="efficiency", per_game=6)
    total = stats["self_draw_rate"] + stats["discard_win_rate"] + stats["draw_rate"]
    assert abs(total - 1) < 1e-9
    assert abs(sum(stats["win_rate"]) + stats["draw_rate"] - 1) < 1e-9
    assert abs(sum(stats["mean_score"])) < 1e-9
    assert set(stats["patterns"]) == {"德国", "德中德", "精钓", "杠开", "七对", "十三烂"}


def test_match_progression() -> None:
    game = play(Game(seed=4, hands=12), [EfficiencyBot() for _ in range(4)])
    for before, after in zip(game.records, game.records[1:], strict=False):
        result = before["result"]
        if result["kind"] == "draw":
            expected = (before["dealer"], before["dealer_streak"])
        elif result["winner"] == before["dealer"]:
            expected = (before["dealer"], before["dealer_streak"] + 1)
        else:
            expected = ((before["dealer"] + 1) % 4, 1)
        assert (after["dealer"], after["dealer_streak"]) == expected
