"""A PettingZoo AEC environment: four agents ``player_0`` … ``player_3`` (seats 0-3) play a
match (needs the ``majiang[rl]`` extra).

Each agent observes ``{"observation": (C, 34) uint8, "action_mask": (A,) int8}`` (the
PettingZoo convention for masks: 1 where the id is legal now) and acts with an id of
:func:`majiang.rl.action_space`. ``agent_selection`` is the seat that must act; when several
seats answer one discard (a claim window) they are asked one after another, each seeing the
same discard, and the claim is resolved once all have answered. Rewards are each seat's
settlement deltas, per hand (``reward="hand"``) or for the whole match at its end
(``reward="match"``); every agent terminates when the match is over. An id that is not legal
raises IllegalActionError (wrap the env in PettingZoo's ``TerminateIllegalWrapper`` to end
the game instead).

Example:
    >>> env = MajiangAECEnv("pingxiang")
    >>> env.reset(seed=4)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> env.agent_selection in env.agents, obs["action_mask"].dtype, reward
    (True, dtype('int8'), 0.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from majiang.errors import ArgumentTypeError, IllegalActionError, quoted
from majiang.game import Game
from majiang.rl.actions import action_space, legal_mask, step_id
from majiang.rl.agent_spaces import AGENTS, agent_spaces
from majiang.rl.arguments import choice, flag
from majiang.rl.arguments import options as check_options
from majiang.rl.arguments import seed as check_seed
from majiang.rl.planes import encode
from majiang.rl.render import public_text
from majiang.rl.rewards import Rewards

__all__ = ["AGENTS", "MajiangAECEnv", "env", "raw_env"]

"""The agents' names: ``player_s`` plays seat ``s``."""


class MajiangAECEnv(AECEnv):  # type: ignore[misc]
    """Matches of ``hands`` hands of ``variant`` for four agents (see the module).

    Example:
        >>> e = MajiangAECEnv("nanjing", reward="match")
        >>> e.reset(seed=0)
        >>> n = int(e.action_space("player_0").n)
        >>> n == e.observation_space("player_0")["action_mask"].shape[0]
        True
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (as the base class declares it)
        "name": "majiang_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "nanchang",
        *,
        hands: int = 1,
        options: Mapping[str, Any] | None = None,
        reward: str = "hand",
        reward_scale: float = 1.0,
        oracle: bool = False,
        render_mode: str | None = None,
        scoring: bool = False,
    ) -> None:
        super().__init__()
        oracle, scoring = flag(oracle, "oracle"), flag(scoring, "scoring")
        self.scoring = scoring
        if render_mode is not None:
            render_mode = choice(render_mode, "render_mode", ("ansi", "human"))
        self.render_mode = render_mode
        self.variant, self.hands, self.options = variant, hands, check_options(options)
        self.book = Rewards(reward, reward_scale)
        self.oracle = oracle
        self.game = Game(variant, seed=0, hands=hands, options=self.options)
        self.space = action_space(self.game)
        self.possible_agents = list(AGENTS[: self.game.seats])  # one a seat of the table
        self.observation_spaces, self.action_spaces = agent_spaces(
            self.space.size, oracle=oracle, seats=self.game.seats, scoring=scoring
        )
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for all).

        Example:
            >>> MajiangAECEnv().observation_space("player_1")["observation"].shape
            (39, 34)
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the variant's ids.

        Example:
            >>> int(MajiangAECEnv("pingxiang").action_space("player_0").n)
            127
        """
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat sees now, and its mask.

        Example:
            >>> e = MajiangAECEnv(); e.reset(seed=1)
            >>> int(e.observe(e.agent_selection)["action_mask"].sum()) > 0
            True
        """
        seat = AGENTS.index(agent)
        return {
            "observation": encode(self.game, seat, oracle=self.oracle, scoring=self.scoring),
            "action_mask": legal_mask(self.game, seat).astype(np.int8),
        }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match (from ``seed``: the same seed, the same match).

        Example:
            >>> e = MajiangAECEnv(); e.reset(seed=2); first = e.agent_selection
            >>> e.reset(seed=2); e.agent_selection == first
            True
        """
        if options is not None and not isinstance(options, Mapping):
            raise ArgumentTypeError(f"options: expected a mapping or None, got {quoted(options)}")
        if seed is not None:
            self._rng = np.random.default_rng(check_seed(seed))
        match_seed = int(self._rng.integers(2**62))
        self.game = Game(self.variant, seed=match_seed, hands=self.hands, options=self.options)
        self.book.start(self.game)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self.game.to_act()[0]]

    def step(self, action: Any) -> None:
        """Apply ``agent_selection``'s action id (None for a terminated agent).

        Example:
            >>> e = MajiangAECEnv(); e.reset(seed=3)
            >>> e.step(105)
            Traceback (most recent call last):
            ...
            majiang.errors.IllegalActionError: action id 105 (pass) is not legal for seat ... now
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's own check raises a plain ValueError
                raise IllegalActionError(f"{agent} is done: its only action is None")
            self._was_dead_step(action)
            return
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        seat = AGENTS.index(agent)
        step_id(self.game, seat, action)
        self._cumulative_rewards[agent] = 0.0
        deltas = self.book.collect(self.game)
        self.rewards = {a: deltas[AGENTS.index(a)] for a in self.agents}
        if self.game.over:
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = AGENTS[(seat + 1) % self.game.seats]
        else:
            self.agent_selection = AGENTS[self.game.to_act()[0]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The public table (``render_mode="ansi"``; :func:`majiang.rl.render.public_text`;
        printed with ``"human"``), else None (read ``game``'s observations or
        :func:`majiang.game.seat_events`).

        Example:
            >>> MajiangAECEnv().render() is None
            True
            >>> e = MajiangAECEnv(render_mode="ansi"); e.reset(seed=0)
            >>> e.render().startswith("nanchang: ")
            True
        """
        if self.render_mode == "human":  # printed, as the convention's "human" mode shows it
            print(public_text(self.game))
        if self.render_mode != "ansi":
            return None
        return public_text(self.game)

    def close(self) -> None:
        """Nothing to release.

        Example:
            >>> MajiangAECEnv().close()
        """


raw_env = MajiangAECEnv
"""The unwrapped environment, by PettingZoo's name for it."""


def env(*args: Any, **kwargs: Any) -> OrderEnforcingWrapper:
    """A :class:`MajiangAECEnv` (the arguments as the class's, positional or keyword) in
    PettingZoo's ``OrderEnforcingWrapper``, as the convention's ``env()`` gives it: stepping
    or observing before ``reset`` is refused. ``AssertOutOfBoundsWrapper`` is left out: the
    env itself refuses an id outside the space with IllegalActionError naming it (the
    wrapper's is a bare AssertionError); wrap in ``TerminateIllegalWrapper`` to end the game
    on an illegal id instead of raising.

    Example:
        >>> e = env("nanjing", hands=2)
        >>> type(e).__name__, e.unwrapped.variant, e.unwrapped.hands
        ('OrderEnforcingWrapper', 'nanjing', 2)
    """
    return OrderEnforcingWrapper(MajiangAECEnv(*args, **kwargs))
