"""A PettingZoo ``ParallelEnv``: at every step all four agents act at once (needs the
``majiang[rl]`` extra).

The game is turn-based except where several seats answer one thing together: a claim window
(the seats that may pong, kong, chow or win a discard, or rob a kong) and the opening
declarations (Sichuan's 定缺, 换三张). So each step every seat the game asks now acts (in a
claim window, all the asked seats together: the window resolves in that step), and every
other live agent gets a mask holding only the no-op, the pass id
(:data:`~majiang.rl.actions.PASS_ID`), which it must send. A seat's observation and info are
its own view (:func:`majiang.rl.encode`) and its own mask: nothing says which other seats
are asked (``tests/test_rl_parallel.py`` checks it from the true state for every variant).
The engine's view shows every seat the claim phase itself; who may claim stays hidden.

Every action is checked before any is applied: a missing agent, an unknown one, an id not
legal for its seat now, or a non-acting seat's id other than the no-op raises
IllegalActionError naming the agent, and nothing changes. Rewards and ``reward=`` as
:class:`~majiang.rl.pettingzoo_env.MajiangAECEnv`'s; when the match is over every agent
terminates and ``agents`` empties.

Example:
    >>> env = MajiangParallelEnv("sichuan")
    >>> obs, infos = env.reset(seed=0)
    >>> sorted(obs) == env.agents, obs["player_0"]["action_mask"].dtype
    (True, dtype('int8'))
    >>> acts = {a: int(o["action_mask"].argmax()) for a, o in obs.items()}
    >>> obs, rewards, terms, truncs, infos = env.step(acts)
    >>> set(rewards.values()), any(terms.values())
    ({0.0}, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from majiang.errors import ArgumentTypeError, IllegalActionError, quoted
from majiang.game import Game
from majiang.rl.actions import PASS_ID, action_space, legal_ids, legal_mask, step_id
from majiang.rl.agent_spaces import AGENTS, agent_spaces
from majiang.rl.arguments import choice, flag
from majiang.rl.arguments import options as check_options
from majiang.rl.arguments import seed as check_seed
from majiang.rl.planes import encode
from majiang.rl.render import public_text
from majiang.rl.rewards import Rewards

__all__ = ["AGENTS", "NOOP_ID", "MajiangParallelEnv", "parallel_env"]

NOOP_ID = PASS_ID
"""The id a seat the game does not ask sends (its mask holds only this)."""

Obs = dict[str, npt.NDArray[Any]]


class MajiangParallelEnv(ParallelEnv[str, Obs, int]):  # type: ignore[misc]
    """Matches of ``hands`` hands of ``variant`` for four agents acting together (see the
    module); ``render_mode="ansi"`` renders the public table.

    Example:
        >>> e = MajiangParallelEnv("gb")
        >>> e.action_space("player_0") is e.action_space("player_0")
        True
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (as the base class declares it)
        "name": "majiang_parallel_v0",
        "render_modes": ["ansi"],
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
        oracle, scoring = flag(oracle, "oracle"), flag(scoring, "scoring")
        self.scoring = scoring
        if render_mode is not None:
            render_mode = choice(render_mode, "render_mode", ("ansi",))
        self.book = Rewards(reward, reward_scale)
        self.variant, self.hands, self.options = variant, hands, check_options(options)
        self.oracle, self.render_mode = oracle, render_mode
        self.game = Game(variant, seed=0, hands=hands, options=self.options)
        self.space = action_space(self.game)
        self.possible_agents = list(AGENTS[: self.game.seats])  # one a seat of the table
        self.agents: list[str] = []
        self.observation_spaces, self.action_spaces = agent_spaces(
            self.space.size, oracle=oracle, seats=self.game.seats, scoring=scoring
        )
        self._noop = np.zeros(self.space.size, np.int8)
        self._noop[NOOP_ID] = 1
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the variant's ids."""
        return self.action_spaces[agent]

    def _observe(self) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        game, asked = self.game, set(self.game.to_act())
        obs: dict[str, Obs] = {}
        for agent in self.agents:
            seat = AGENTS.index(agent)
            mask = legal_mask(game, seat).astype(np.int8) if seat in asked else self._noop.copy()
            obs[agent] = {
                "observation": encode(game, seat, oracle=self.oracle, scoring=self.scoring),
                "action_mask": mask,
            }
        return obs, {a: {} for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """A new match (from ``seed``: the same seed, the same match).

        Example:
            >>> e = MajiangParallelEnv(); a, _ = e.reset(seed=2); b, _ = e.reset(seed=2)
            >>> bool((a["player_0"]["observation"] == b["player_0"]["observation"]).all())
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
        return self._observe()

    def _checked(self, actions: object) -> list[tuple[int, int]]:
        """The (seat, id) of each asked seat, in the game's order; IllegalActionError for
        anything wrong, before anything is applied."""
        if not isinstance(actions, Mapping):
            raise IllegalActionError(f"actions: expected a dict by agent, got {quoted(actions)}")
        unknown = [a for a in actions if a not in self.agents]
        if unknown:
            raise IllegalActionError(f"actions: {quoted(unknown[0])} is not a live agent")
        asked = self.game.to_act()
        chosen: dict[int, int] = {}
        for agent in self.agents:
            if agent not in actions:
                raise IllegalActionError(f"actions: no action for {agent}")
            action = actions[agent]
            if isinstance(action, np.ndarray) and action.shape == ():
                action = action.item()
            seat = AGENTS.index(agent)
            i = self.space._check_id(action)
            if seat in asked:
                if i not in legal_ids(self.game, seat):
                    raise IllegalActionError(
                        f"{agent}: action id {i} ({self.space.label(i)}) is not legal now"
                    )
                chosen[seat] = i
            elif i != NOOP_ID:
                raise IllegalActionError(
                    f"{agent}: not asked now: expected the no-op {NOOP_ID}, got {i}"
                )
        return [(seat, chosen[seat]) for seat in asked]

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every live agent's action id (the no-op for those not asked); see the module.

        Example:
            >>> e = MajiangParallelEnv(); obs, _ = e.reset(seed=1)
            >>> e.step({a: 0 for a in e.agents})
            Traceback (most recent call last):
            ...
            majiang.errors.IllegalActionError: player_...
        """
        for seat, i in self._checked(actions):
            step_id(self.game, seat, i)
        deltas = self.book.collect(self.game)
        rewards = {a: deltas[AGENTS.index(a)] for a in self.agents}
        over = self.game.over
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        obs, infos = self._observe()
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The public table (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        return public_text(self.game)

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(*args: Any, **kwargs: Any) -> MajiangParallelEnv:
    """A :class:`MajiangParallelEnv` (PettingZoo's usual constructor name; the arguments as
    the class's).

    Example:
        >>> parallel_env("nanjing").variant
        'nanjing'
    """
    return MajiangParallelEnv(*args, **kwargs)
