"""Junk from outside never breaks a game: every bad action or snapshot gets a MajiangError and
changes nothing."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import majiang
from majiang.game import EfficiencyBot, Game, RandomBot
from majiang.game.bots import Bot

JUNK_VALUES: list[Any] = [
    None, 0, -1, 7, 3.5, True, "", "5m", "0x", "9z", "1f", "123m", "55p", [], {}, ["5m"],
    {"type": "discard"}, "pass", "win", "exposed", "concealed", "added", "chow", "kong",
]  # fmt: skip


def junk_action(rng: random.Random) -> Any:
    kind = rng.choice(["discard", "chow", "pong", "kong", "win", "pass", "fly", None, 5])
    action: dict[str, Any] = {"type": kind}
    for key in ("tile", "tiles", "kind"):
        if rng.random() < 0.6:
            action[key] = rng.choice(JUNK_VALUES)
    return rng.choice([action, rng.choice(JUNK_VALUES)])


def test_junk_actions_are_rejected_without_a_trace() -> None:
    rng = random.Random(0)
    rejected = accepted = 0
    for seed in range(30):
        game = Game(seed=seed, hands=2)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while not game.over:
            for _ in range(5):
                seat = rng.choice([*game.to_act(), 0, 1, 2, 3, -1, 4, "0", None])
                action = junk_action(rng)
                before = copy.deepcopy(game.state)
                events = len(game.events)
                try:
                    game.step(seat, action)  # type: ignore[arg-type]
                except majiang.MajiangError:
                    rejected += 1
                    assert game.state == before and len(game.events) == events
                else:
                    accepted += 1  # junk that happens to be a legal move
                if game.over:
                    break
            if game.over:
                break
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        assert sum(game.scores) == 0
    assert rejected > 1000 and accepted >= 0


def mutations(value: Any, rng: random.Random) -> Any:
    """``value`` with one node somewhere replaced by junk."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        out = dict(value)
        if rng.random() < 0.15:
            del out[key]
        else:
            out[key] = mutations(value[key], rng)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        out_list = list(value)
        out_list[i] = mutations(value[i], rng)
        return out_list
    return rng.choice(JUNK_VALUES)


@pytest.mark.parametrize("steps", [0, 30, 90])
def test_mutated_snapshots_restore_or_raise_record_error(steps: int) -> None:
    game = Game(seed=4, hands=3)
    bots: list[Bot] = [EfficiencyBot(), RandomBot(1), EfficiencyBot(), RandomBot(2)]
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    data = json.loads(json.dumps(game.snapshot()))
    rng = random.Random(steps)
    restored_ok = 0
    for _ in range(250):
        broken = mutations(data, rng)
        try:
            restored = Game.restore(broken)
        except majiang.RecordError:
            continue
        restored_ok += 1
        # What restores must be playable: every step legal or a MajiangError, never a crash.
        while not restored.over and restored.to_act():
            seat = restored.to_act()[0]
            legal = restored.legal_actions(seat)
            if not legal:
                break
            try:
                restored.step(seat, legal[-1])
            except majiang.MajiangError:
                break
    assert restored_ok < 250  # most junk is caught
