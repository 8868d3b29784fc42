"""A Gymnasium ``VectorEnv`` form of :class:`~majiang.rl.VectorGame`: N self-play tables
with ``reset`` and the five-tuple ``step`` (needs the ``majiang[rl]`` extra).

Each table has one seat to act at every step (``info["seat"]``) and takes one action id for
it. Observations are batched dicts ``{"observation": (N, C, 34) uint8, "action_mask": (N, A)
int8}`` of each table's seat to act; ``reward[i]`` is the reward of the seat that acted at
table ``i`` (``info["acted"]``) from what this step settled, and ``info["rewards"]`` holds all
four seats' ``(N, 4)``, for self-play that credits every seat. ``terminated[i]``: table i's
match ended; it is replaced in the same step (``metadata["autoreset_mode"]`` is
``SAME_STEP``): the observation returned is the next match's, the last one's is in
``info["final_obs"]`` (the acting seat's view, an all-zero mask) with ``info["_final_obs"]``
marking those tables. Nothing is truncated. An id not legal at its table raises
IllegalActionError and changes nothing (as ``VectorGame.step``). Also
``gymnasium.make_vec("majiang/Majiang-v0", num_envs=N, vectorization_mode="vector_entry_point")``.

Example:
    >>> env = MajiangVectorEnv(3, "nanjing")
    >>> obs, info = env.reset(seed=0)
    >>> obs["observation"].shape, obs["action_mask"].shape, info["seat"].shape
    ((3, 39, 34), (3, 107), (3,))
    >>> actions = obs["action_mask"].argmax(axis=1)
    >>> obs, reward, terminated, truncated, info = env.step(actions)
    >>> reward.shape, terminated.dtype, bool(truncated.any()), info["rewards"].shape
    ((3,), dtype('bool'), False, (3, 4))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from majiang.errors import ArgumentTypeError, quoted
from majiang.rl.arguments import choice
from majiang.rl.arguments import seed as check_seed
from majiang.rl.planes import encode, plane_names
from majiang.rl.render import public_text
from majiang.rl.vector import VectorGame

__all__ = ["MajiangVectorEnv"]

Obs = dict[str, npt.NDArray[Any]]


class MajiangVectorEnv(VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` self-play tables of ``variant`` (the other arguments as
    :class:`~majiang.rl.VectorGame`'s; ``render_mode="ansi"`` renders every table's public
    view). ``vector`` is the VectorGame underneath.

    Example:
        >>> env = MajiangVectorEnv(2, render_mode="ansi"); _ = env.reset(seed=1)
        >>> len(env.render()), env.single_action_space.n
        (2, np.int64(132))
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (as the base class declares it)
        "render_modes": ["ansi"],
        "autoreset_mode": AutoresetMode.SAME_STEP,
    }

    def __init__(
        self,
        num_envs: int = 8,
        variant: str = "nanchang",
        *,
        hands: int = 1,
        options: Mapping[str, Any] | None = None,
        oracle: bool = False,
        reward: str = "hand",
        reward_scale: float = 1.0,
        threads: int | None = 1,
        render_mode: str | None = None,
        scoring: bool = False,
    ) -> None:
        if render_mode is not None:
            render_mode = choice(render_mode, "render_mode", ("ansi",))
        self.vector = VectorGame(
            num_envs,
            variant,
            hands=hands,
            options=options,
            oracle=oracle,
            reward=reward,
            reward_scale=reward_scale,
            threads=threads,
            scoring=scoring,
        )
        self.num_envs, self.render_mode = self.vector.n, render_mode
        size = self.vector.space.size
        rows = len(plane_names(self.vector.oracle, self.vector.scoring))
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 255, (rows, 34), np.uint8),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(size)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def _obs(self, obs: npt.NDArray[np.uint8], masks: npt.NDArray[np.bool_]) -> Obs:
        return {"observation": obs, "action_mask": masks.astype(np.int8)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Every table's next match, or with ``seed`` (one int for all tables) the matches
        of ``VectorGame(N, seed=seed)``.

        Example:
            >>> env = MajiangVectorEnv(2)
            >>> a, _ = env.reset(seed=4); b, _ = env.reset(seed=4)
            >>> bool((a["observation"] == b["observation"]).all())
            True
        """
        if seed is not None:
            seed = check_seed(seed)
        if options is not None and not isinstance(options, Mapping):
            raise ArgumentTypeError(f"options: expected a mapping or None, got {quoted(options)}")
        self.vector.reset(seed)
        if seed is not None:
            self._np_random_seed = seed
        obs, masks = self.vector.observe()
        return self._obs(obs, masks), {"seat": self.vector.seats.copy()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Apply one id a table (see the module): ``(obs, reward, terminated, truncated,
        info)``.

        Example:
            >>> env = MajiangVectorEnv(2); obs, _ = env.reset(seed=0)
            >>> env.step([105, 105])
            Traceback (most recent call last):
            ...
            majiang.errors.IllegalActionError: table 0: action id 105 (pass) is not legal ...
        """
        vector = self.vector
        acted = vector.seats.copy()
        obs, masks, rewards, dones = vector.step(actions)
        reward = rewards[np.arange(self.num_envs), acted]
        info: dict[str, Any] = {"seat": vector.seats.copy(), "acted": acted, "rewards": rewards}
        if vector.finished:
            final = np.zeros(self.num_envs, np.object_)
            for i, game in vector.finished.items():
                view = encode(game, int(acted[i]), oracle=vector.oracle, scoring=vector.scoring)
                final[i] = {"observation": view, "action_mask": np.zeros(masks.shape[1], np.int8)}
            info["final_obs"], info["_final_obs"] = final, dones.copy()
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._obs(obs, masks), reward, dones, truncated, info

    def render(self) -> tuple[str, ...] | None:
        """Every table's public view (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        return tuple(public_text(g) for g in self.vector.games)
