"""Complete hands per second: four EfficiencyBots (every variant), and four RandomBots."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.game import EfficiencyBot, Game, RandomBot, play

HANDS = 20
VARIANTS = ("nanchang", "pingxiang", "nanjing", "sichuan")


def _run(kind: str, variant: str = "nanchang") -> int:
    bots: list[Any] = [EfficiencyBot() if kind == "efficiency" else RandomBot(s) for s in range(4)]
    return len(play(Game(variant, seed=1, hands=HANDS), bots).records)


@pytest.mark.parametrize("variant", VARIANTS)
def test_hands_efficiency_bots(benchmark: Any, variant: str) -> None:
    assert benchmark(_run, "efficiency", variant) == HANDS


def test_hands_random_bots(benchmark: Any) -> None:
    assert benchmark(_run, "random") == HANDS
