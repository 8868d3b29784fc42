"""Complete hands per second: four EfficiencyBots, and four RandomBots."""

from __future__ import annotations

from typing import Any

from majiang.game import EfficiencyBot, Game, RandomBot, play

HANDS = 20


def _run(kind: str) -> int:
    bots: list[Any] = [EfficiencyBot() if kind == "efficiency" else RandomBot(s) for s in range(4)]
    return len(play(Game(seed=1, hands=HANDS), bots).records)


def test_hands_efficiency_bots(benchmark: Any) -> None:
    assert benchmark(_run, "efficiency") == HANDS


def test_hands_random_bots(benchmark: Any) -> None:
    assert benchmark(_run, "random") == HANDS
