"""The game layer: a variant-pluggable engine, bots and self-play simulation.

Example:
    >>> from majiang.game import Game, RandomBot, play
    >>> g = play(Game(seed=0, hands=2), [RandomBot(s) for s in range(4)])
    >>> len(g.records), sum(g.scores)
    (2, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from majiang.lazy import lazy_attributes

if TYPE_CHECKING:
    from majiang.game.actions import (
        Action,
        Chow,
        Declare,
        Discard,
        Kong,
        Pass,
        Pong,
        Win,
        from_dict,
    )
    from majiang.game.bots import Bot, EfficiencyBot, RandomBot
    from majiang.game.engine import Deal, Game, play
    from majiang.game.log import read_events, write_events
    from majiang.game.observation import PLANES, Observation, stack_observations
    from majiang.game.replays import Replay, ReplayedHand, ReplayStep, iter_replay, replay
    from majiang.game.simulation import simulate
    from majiang.game.streams import seat_events
    from majiang.variants import Variant, get_variant

# Imported on first use: a variant's rules import the action types from majiang.game.actions,
# and need not load the engine, the bots and replay with them.
_LAZY: dict[str, tuple[str, str | None]] = {
    **{
        name: ("majiang.game.actions", name)
        for name in ("Action", "Chow", "Declare", "Discard", "Kong", "Pass", "Pong", "Win")
    },
    "from_dict": ("majiang.game.actions", "from_dict"),
    **{name: ("majiang.game.bots", name) for name in ("Bot", "EfficiencyBot", "RandomBot")},
    **{name: ("majiang.game.engine", name) for name in ("Deal", "Game", "play")},
    "read_events": ("majiang.game.log", "read_events"),
    "write_events": ("majiang.game.log", "write_events"),
    **{
        name: ("majiang.game.observation", name)
        for name in ("PLANES", "Observation", "stack_observations")
    },
    **{
        name: ("majiang.game.replays", name)
        for name in ("Replay", "ReplayedHand", "ReplayStep", "iter_replay", "replay")
    },
    "simulate": ("majiang.game.simulation", "simulate"),
    "seat_events": ("majiang.game.streams", "seat_events"),
    "Variant": ("majiang.variants", "Variant"),
    "get_variant": ("majiang.variants", "get_variant"),
}

if not TYPE_CHECKING:  # mypy reads the imports above, and still flags a misspelt name
    __getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())

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
