"""The learning layer: action ids and masks, observation planes for learning, per-seat
event streams, environments and vectorised self-play (docs/learning.md).

Everything here needs only numpy; the Gymnasium and PettingZoo environments
(:mod:`majiang.rl.gym_env`, :mod:`majiang.rl.gym_vector`, :mod:`majiang.rl.pettingzoo_env`,
:mod:`majiang.rl.parallel_env`) need the ``majiang[rl]`` extra. With Gymnasium installed,
importing this package registers ``majiang/Majiang-v0`` (:mod:`majiang.rl.registration`):
``gymnasium.make("majiang/Majiang-v0")`` works after ``import majiang.rl``
(``gymnasium.register_envs(majiang.rl)`` keeps linters from dropping the import).

Example:
    >>> from majiang.game import Game
    >>> from majiang.rl import action_space, legal_mask, step_id
    >>> g = Game("pingxiang", seed=2, dealer=1)
    >>> mask = legal_mask(g, 1)
    >>> first = int(mask.nonzero()[0][0])
    >>> action_space(g).label(first), type(step_id(g, 1, first)).__name__
    ('discard 1m', 'Discard')
"""

from __future__ import annotations

from majiang.rl.actions import (
    ActionSpace,
    action_space,
    legal_ids,
    legal_mask,
    step_id,
)
from majiang.rl.planes import EFFICIENCY_PLANES, ORACLE_PLANES, encode, encode_batch, plane_names
from majiang.rl.registration import ENV_ID, register
from majiang.rl.vector import VectorGame, match_seed

register()

__all__ = [
    "EFFICIENCY_PLANES",
    "ENV_ID",
    "ORACLE_PLANES",
    "ActionSpace",
    "VectorGame",
    "action_space",
    "encode",
    "encode_batch",
    "legal_ids",
    "legal_mask",
    "match_seed",
    "plane_names",
    "step_id",
]
