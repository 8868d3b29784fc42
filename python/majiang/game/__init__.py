"""The game layer: a variant-pluggable engine, bots and self-play simulation.

Example:
    >>> from majiang.game import Game, RandomBot, play
    >>> g = play(Game(seed=0, hands=2), [RandomBot(s) for s in range(4)])
    >>> len(g.records), sum(g.scores)
    (2, 0)
"""

from __future__ import annotations

from majiang.game.actions import Action, Chow, Declare, Discard, Kong, Pass, Pong, Win, from_dict
from majiang.game.bots import Bot, EfficiencyBot, RandomBot
from majiang.game.engine import Deal, Game, play
from majiang.game.log import read_events, write_events
from majiang.game.observation import PLANES, Observation, stack_observations
from majiang.game.replay import Replay, ReplayedHand, ReplayStep, iter_replay, replay
from majiang.game.simulation import simulate
from majiang.game.streams import seat_events
from majiang.variants import Variant, get_variant

__all__ = [
    "PLANES",
    "Action",
    "Bot",
    "Chow",
    "Deal",
    "Declare",
    "Discard",
    "EfficiencyBot",
    "Game",
    "Kong",
    "Observation",
    "Pass",
    "Pong",
    "RandomBot",
    "Replay",
    "ReplayStep",
    "ReplayedHand",
    "Variant",
    "Win",
    "from_dict",
    "get_variant",
    "iter_replay",
    "play",
    "read_events",
    "replay",
    "seat_events",
    "simulate",
    "stack_observations",
    "write_events",
]
