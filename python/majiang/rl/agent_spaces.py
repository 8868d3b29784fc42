"""The four agents of the PettingZoo forms (AEC and parallel) and their spaces: an
observation of the planes with the action mask, and one discrete action.

Example:
    >>> obs, act = agent_spaces(132, oracle=False)
    >>> obs["player_0"]["observation"].shape, act["player_3"].n
    ((39, 34), np.int64(132))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from majiang.rl.planes import plane_names

__all__ = ["AGENTS", "agent_spaces"]

AGENTS: tuple[str, ...] = ("player_0", "player_1", "player_2", "player_3")
"""The agents, seat order (``player_0`` is seat 0)."""


def agent_spaces(
    actions: int, *, oracle: bool, seats: int = 4, scoring: bool = False
) -> tuple[dict[str, spaces.Space[Any]], dict[str, spaces.Discrete]]:
    """Each agent's observation space (one object shared by all) and action space for an
    action space of ``actions`` ids, for the agents of a table of ``seats`` (the first
    ``seats`` of :data:`AGENTS`; ``scoring``: with the scoring rows)."""
    agents = AGENTS[:seats]
    rows = len(plane_names(oracle, scoring))
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0, 255, (rows, 34), np.uint8),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )
    return dict.fromkeys(agents, observation), {a: spaces.Discrete(actions) for a in agents}
