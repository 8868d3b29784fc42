"""Hand records of every variant for the bounds tests: the records of a short seeded match
per variant, as the engine writes them (so each one settles)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from majiang import Game
from majiang.game.engine import play
from majiang.game.simulation import make_bots

VARIANTS = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb")


@cache
def _records(variant: str) -> tuple[dict[str, Any], ...]:
    game = Game(variant, seed=7, hands=3)
    play(game, make_bots("efficiency", 1))
    return tuple(game.records)


def records(variant: str) -> list[dict[str, Any]]:
    """Fresh copies of the records of a three-hand seeded match of ``variant``."""
    return copy.deepcopy(list(_records(variant)))
