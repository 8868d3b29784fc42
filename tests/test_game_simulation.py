"""Invariants over 10,000 simulated hands, and EfficiencyBot against RandomBot.

Every match is checked step by step (all 136 tiles accounted for, observations holding only
the seat's own concealed tiles), then as a whole (scores sum to zero, every win is a winning
hand for the core, every record re-settles to the same amounts, the event log replays to the
same records and scores), and once at a random step it is saved, sent through JSON, restored
and both copies are played on with identical bots to identical logs.
"""

from __future__ import annotations

import copy
import json
import random
from concurrent.futures import ProcessPoolExecutor

import majiang
from majiang.game import EfficiencyBot, Game, RandomBot, play, replay, simulate
from majiang.game.bots import Bot
from majiang.game.observation import HIDDEN_KONG

OBSERVATION_KEYS = {
    "seat", "hand", "drawn", "melds", "ponds", "flowers", "wall", "indicator", "wilds", "scores",
    "dealer", "dealer_streak", "turn", "phase", "last_discard", "discarder", "rules", "declared",
    "shown", "wins", "lower_indicator", "revealed",
}  # fmt: skip
MATCHES = 1000
HANDS_PER_MATCH = 10


def mixed_bots(match: int) -> list[Bot]:
    """Seat s plays EfficiencyBot when bit s of the match number is set, else RandomBot."""
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def check_step(game: Game, seat: int) -> None:
    assert game.tile_count() == 136
    obs = game.observation(seat)
    data = obs.to_dict()
    assert set(data) == OBSERVATION_KEYS
    assert obs.hand_counts == tuple(game.state.hands[seat])  # its own tiles, nobody else's
    shown = tuple(  # another seat's concealed kong is hidden (docs/rules/nanchang.md §5.4)
        ms if s == seat else tuple(HIDDEN_KONG if m.kind == "an_gang" else m for m in ms)
        for s, ms in enumerate(game.state.melds)
    )
    assert obs.melds == shown and obs.pond_kinds == tuple(game.state.ponds)
    assert data["drawn"] is None or obs.turn == seat
    assert obs.lower_indicator_kind == game.state.lower  # 下翻: shown to every seat


def play_to_end(game: Game, bots: list[Bot], check: bool) -> None:
    while not game.over:
        seat = game.to_act()[0]
        if check:
            check_step(game, seat)
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))


def check_finished(game: Game) -> None:
    assert sum(game.scores) == 0
    for record, settlement in zip(game.records, game.settlements, strict=True):
        assert majiang.settle(record).deltas == settlement.deltas
        result = record["result"]
        if result["kind"] == "win":
            p = record["players"][result["winner"]]
            tiles = p["hand"] + result["tile"]
            jing = majiang.jing_pair(record["jing_indicator"])
            assert majiang.is_winning(tiles, jing=jing, melds=len(p["melds"]))
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores)
    assert [h.record for h in replayed.hands] == game.records


def check_matches(first: int, count: int) -> int:
    """Plays and checks matches ``first`` .. ``first + count - 1``; returns hands played."""
    hands = 0
    for match in range(first, first + count):
        rng = random.Random(match)
        bots = mixed_bots(match)
        game = Game(seed=match, hands=HANDS_PER_MATCH)
        save_at = rng.randrange(400)
        steps = 0
        while not game.over and steps < save_at:
            seat = game.to_act()[0]
            check_step(game, seat)
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
            steps += 1
        if not game.over:  # save mid-match, restore from JSON, play both on identically
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            twin_bots = copy.deepcopy(bots)
            play_to_end(restored, twin_bots, check=False)
            play_to_end(game, bots, check=True)
            assert restored.events == game.events and restored.scores == game.scores
        check_finished(game)
        hands += len(game.records)
    return hands


def test_invariants_over_10000_mixed_hands() -> None:
    half = MATCHES // 2
    with ProcessPoolExecutor(max_workers=2) as pool:
        parts = [pool.submit(check_matches, 0, half), pool.submit(check_matches, half, half)]
        hands = sum(p.result() for p in parts)
    assert hands == MATCHES * HANDS_PER_MATCH == 10_000


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


def test_workers_play_the_same_hands_and_log_them_in_order() -> None:
    import io

    one, two = io.StringIO(), io.StringIO()
    a = simulate(48, seed=5, bots="random", per_game=3, log=one)
    b = simulate(48, seed=5, bots="random", per_game=3, log=two, workers=2)
    assert a == b
    assert one.getvalue() == two.getvalue()
    assert len(replay(one.getvalue().splitlines()).hands) == 48


def test_simulate_rejects_bad_arguments() -> None:
    import pytest

    for kwargs in ({"hands": 0}, {"hands": 2, "workers": 0}, {"hands": 2, "bots": "clever"}):
        with pytest.raises(majiang.RulesError):
            simulate(**kwargs)


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
