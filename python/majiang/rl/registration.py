"""The Gymnasium registration: ``majiang/Majiang-v0`` is known to :func:`gymnasium.make`
(and, vectorised, to :func:`gymnasium.make_vec`) once :mod:`majiang.rl` is imported, when
Gymnasium is installed (the ``majiang[rl]`` extra); without it nothing is registered and the
numpy-only parts work as before.

Example:
    >>> import gymnasium
    >>> import majiang.rl
    >>> gymnasium.register_envs(majiang.rl)   # a no-op that keeps the import "used"
    >>> gymnasium.make(ENV_ID).unwrapped.variant
    'nanchang'
"""

from __future__ import annotations

import importlib.util

__all__ = ["ENV_ID", "register"]

ENV_ID = "majiang/Majiang-v0"
"""The id :func:`gymnasium.make` knows :class:`~majiang.rl.gym_env.MajiangEnv` by (keyword
arguments as its own); :func:`gymnasium.make_vec` with ``vectorization_mode=
"vector_entry_point"`` gives a :class:`~majiang.rl.gym_vector.MajiangVectorEnv`."""


def register() -> bool:
    """Register :data:`ENV_ID` if Gymnasium is installed and it is not yet known; whether
    it is registered now. The entry points are text, so neither environment module is
    imported until an environment is made.

    Example:
        >>> register()
        True
    """
    if importlib.util.find_spec("gymnasium") is None:
        return False
    import gymnasium  # optional extra: rl (its presence was just checked)

    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="majiang.rl.gym_env:MajiangEnv",
            vector_entry_point="majiang.rl.gym_vector:MajiangVectorEnv",
        )
    return True
