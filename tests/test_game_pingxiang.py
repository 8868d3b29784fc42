"""Pingxiang played by the engine: the variant class behind the same interface, no engine change.

Each match is checked step by step (136 tiles, no honor chow offered, no jing) and as a whole
(zero-sum scores, every win a Pingxiang win, every record re-settled to the same amounts, the
dealer passed as Pingxiang passes it, the log replayed, a snapshot continuing identically).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import majiang
from majiang.game import EfficiencyBot, Game, RandomBot, replay, simulate
from majiang.game.actions import Chow, Win
from majiang.game.bots import Bot
from majiang.tiles import to_counts
from majiang.variants.pingxiang import hands
from majiang.variants.pingxiang.play import PingxiangVariant
from majiang.variants.protocol import last_drawer

MATCHES = 120
HANDS_PER_MATCH = 5


def mixed_bots(match: int) -> list[Bot]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def meld_pairs(melds: list[dict[str, Any]]) -> list[tuple[str, tuple[int, ...]]]:
    return [(m["kind"], tuple(majiang.tile_index(t) for t in majiang.parse_tiles(m["tiles"])))
            for m in melds]  # fmt: skip


def play_checked(game: Game, bots: list[Bot], stop_after: int | None = None) -> None:
    steps = 0
    while not game.over and (stop_after is None or steps < stop_after):
        seat = game.to_act()[0]
        assert game.tile_count() == 136
        assert game.state.wilds == ()
        legal = game.legal_actions(seat)
        for action in legal:
            if isinstance(action, Chow):
                assert "z" not in action.tiles, "honors cannot be chowed [001]"
        game.step(seat, bots[seat].act(game.observation(seat), legal))
        steps += 1


def check_match(game: Game) -> None:
    assert sum(game.scores) == 0
    for i, (record, settlement) in enumerate(zip(game.records, game.settlements, strict=True)):
        assert record["variant"] == "pingxiang"
        assert majiang.settle(record).deltas == settlement.deltas
        result = record["result"]
        if result["kind"] == "win":
            p = record["players"][result["winner"]]
            concealed = to_counts(p["hand"] + result["tile"])
            assert hands.is_winning(concealed, meld_pairs(p["melds"]))
        if i + 1 < len(game.records):
            nxt = game.records[i + 1]
            if result["kind"] == "win":
                assert nxt["dealer"] == result["winner"], "the winner deals [001]"
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores)
    assert [h.record for h in replayed.hands] == game.records


def test_pingxiang_matches_hold_every_invariant() -> None:
    wins = draws = 0
    for match in range(MATCHES):
        rng = random.Random(match)
        bots = mixed_bots(match)
        game = Game("pingxiang", seed=match, hands=HANDS_PER_MATCH)
        play_checked(game, bots, stop_after=rng.randrange(300))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same_bots = copy.deepcopy(bots)  # bots hold state (a RandomBot's generator)
            play_checked(game, bots)
            play_checked(restored, same_bots)
            assert restored.events == game.events
        check_match(game)
        for record in game.records:
            if record["result"]["kind"] == "win":
                wins += 1
            else:
                draws += 1
    assert wins > MATCHES  # bots do win under the 258 rule


def test_after_a_drawn_hand_the_last_drawer_deals() -> None:
    seen = 0
    for seed in range(60):
        game = Game("pingxiang", seed=seed, hands=2)
        bots: list[Bot] = [RandomBot(seed * 4 + s) for s in range(4)]
        while len(game.records) < 1:
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        if game.records[0]["result"]["kind"] != "draw":
            continue
        first_hand = game.events[: next(i for i, e in enumerate(game.events[1:], 1)
                                         if e["event"] == "deal")]  # fmt: skip
        drew_last = last_drawer(first_hand)
        assert drew_last is not None
        assert game.state.dealer == drew_last
        seen += 1
    assert seen > 0


def test_options_reach_the_variant() -> None:
    game = Game("pingxiang", options={"pinghu_self_draw_only": True})
    assert isinstance(game.variant, PingxiangVariant)
    assert game.variant.options.pinghu_self_draw_only
    with pytest.raises(majiang.RecordError, match="no_such_option"):
        Game("pingxiang", options={"no_such_option": 1})


def test_pinghu_self_draw_only_refuses_plain_discard_wins() -> None:
    """Under P1's other reading, no discard win is a plain 平胡."""
    options = {"pinghu_self_draw_only": True}
    variant = PingxiangVariant(options)
    for match in range(40):
        game = Game("pingxiang", seed=match, hands=3, options=options)
        bots = [EfficiencyBot() for _ in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if game.state.phase in ("claim", "rob") and any(isinstance(a, Win) for a in legal):
                tile = game.state.rob_tile if game.state.phase == "rob" else game.state.last_discard
                assert tile is not None
                hand = list(game.state.hands[seat])
                hand[tile] += 1
                pairs = [(m.kind, m.kinds) for m in game.state.melds[seat]]
                score = hands.score_hand(hand, pairs, self_drawn=False, options=variant.options)
                assert score is not None and score.hands, "a plain 平胡 won on a discard"
            game.step(seat, bots[seat].act(game.observation(seat), legal))


def test_simulate_pingxiang() -> None:
    stats = simulate(hands=40, seed=3, variant="pingxiang")
    assert stats["hands"] == 40
    assert abs(sum(stats["mean_score"])) < 1e-9
