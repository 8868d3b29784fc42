"""A Gymnasium single-agent environment: the learner at one seat, bots at the others
(needs the ``majiang[rl]`` extra).

Observations are dicts ``{"observation": (C, 34) uint8, "action_mask": (A,) int8}``
(:func:`majiang.rl.encode` and :func:`majiang.rl.legal_mask`; ``info["action_mask"]`` holds
the mask too); actions are ids of :func:`majiang.rl.action_space`. An episode is a match of
``hands`` hands; the bots play until the learner must act. Rewards come from the
settlement: the learner's delta of each hand settled during a step (``reward="hand"``) or its
whole match's delta at the end (``reward="match"``), times ``reward_scale``. An id that is not
legal now ends the episode with ``illegal_reward`` (``illegal="terminate"``, the default, as
PettingZoo's classic games do) or raises IllegalActionError (``illegal="raise"``).

Example:
    >>> env = MajiangEnv("nanchang", seat=0)
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"].shape, obs["action_mask"].shape, int(env.action_space.n)
    ((39, 34), (132,), 132)
    >>> a = int(obs["action_mask"].nonzero()[0][0])
    >>> obs, reward, terminated, truncated, info = env.step(a)
    >>> terminated, truncated, info["seat"]
    (False, False, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError, RulesError, quoted
from majiang.game import EfficiencyBot, Game
from majiang.game.bots import Bot
from majiang.rl.actions import action_space, legal_mask, step_id
from majiang.rl.arguments import choice, finite, flag, whole
from majiang.rl.arguments import options as check_options
from majiang.rl.arguments import seed as check_seed
from majiang.rl.planes import encode, plane_names
from majiang.rl.registration import ENV_ID, register
from majiang.rl.rewards import Rewards
from majiang.variants import get_variant

__all__ = ["ENV_ID", "MajiangEnv"]


Obs = dict[str, npt.NDArray[Any]]


def _check_bots(bots: object, learner: int | None, seats: int = 4) -> list[Bot | None]:
    many = {2: "two", 3: "three"}.get(seats, "four")
    if not isinstance(bots, Sequence) or isinstance(bots, str):
        raise ArgumentTypeError(f"bots: expected a sequence of {many}, got {quoted(bots)}")
    if len(bots) != seats:
        raise RulesError(f"bots: expected {many} (the learner's ignored), got {len(bots)}")
    for i, bot in enumerate(bots):
        if bot is not None and not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(
                f"bots[{i}]: expected a bot (with act) or None, got {quoted(bot)}"
            )
        if bot is None and i != learner:  # with no fixed seat, every seat may need a bot
            raise RulesError(f"bots[{i}]: seat {i} is not the learner's and needs a bot")
    return list(bots)


def _seats_of(variant: object) -> int:
    """The seats of the table ``variant`` names (4 when it names none: the game's own check
    then says what is wrong)."""
    try:
        return get_variant(variant).table.seats if isinstance(variant, str) else 4
    except MajiangError:
        return 4


class MajiangEnv(gym.Env[Obs, np.int64]):
    """The learner at ``seat`` (None: a seat drawn at each reset) of matches of ``variant``;
    ``bots`` play the other seats (a sequence of four, the learner's entry ignored; default
    :class:`EfficiencyBot`). ``oracle`` adds the perfect-information planes (training only),
    ``scoring`` the public scoring rows (:data:`~majiang.rl.planes.SCORING_PLANES`).

    Example:
        >>> env = MajiangEnv("nanjing", seat=None, reward="match")
        >>> _ = env.reset(seed=3)
        >>> env.seat in range(4), env.observation_space["observation"].shape
        (True, (39, 34))
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (as the base class)

    def __init__(
        self,
        variant: str = "nanchang",
        *,
        seat: int | None = 0,
        bots: Sequence[Bot | None] | None = None,
        hands: int = 1,
        options: Mapping[str, Any] | None = None,
        reward: str = "hand",
        reward_scale: float = 1.0,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        oracle: bool = False,
        render_mode: str | None = None,
        scoring: bool = False,
    ) -> None:
        oracle, scoring = flag(oracle, "oracle"), flag(scoring, "scoring")
        seats = _seats_of(variant)
        if seat is not None:
            seat = whole(seat, "seat", 0, seats)
        illegal = choice(illegal, "illegal", ("terminate", "raise"))
        if render_mode is not None:
            render_mode = choice(render_mode, "render_mode", ("ansi",))
        if bots is not None:
            bots = _check_bots(bots, seat, seats)
        self.rewards = Rewards(reward, reward_scale)
        self.illegal_reward = finite(illegal_reward, "illegal_reward")
        self.illegal = illegal
        self.variant, self.hands, self.options = variant, hands, check_options(options)
        self.fixed_seat, self.seat = seat, 0 if seat is None else seat
        self.bots: list[Bot | None] = (
            list(bots) if bots else [EfficiencyBot() for _ in range(seats)]
        )
        self.oracle, self.scoring, self.render_mode = oracle, scoring, render_mode
        self.game = Game(variant, seed=0, hands=hands, options=self.options)
        self.space = action_space(self.game)
        rows = len(plane_names(oracle, scoring))
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0, 255, (rows, 34), np.uint8),
                "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.space.size)

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        mask = legal_mask(self.game, self.seat).astype(np.int8)
        view = encode(self.game, self.seat, oracle=self.oracle, scoring=self.scoring)
        obs = {"observation": view, "action_mask": mask}
        info = {"action_mask": mask.copy(), "seat": self.seat, "scores": list(self.game.scores)}
        return obs, info

    def _advance(self) -> None:
        """Let the bots play until the learner must act or the match is over."""
        game, seat = self.game, self.seat
        while not game.over:
            acting = game.to_act()
            if seat in acting:
                return
            other = acting[0]
            bot = self.bots[other]
            assert bot is not None, f"no bot at seat {other}"
            game.step(other, bot.act(game.observation(other), game.legal_actions(other)))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new match (the bots' moves before the learner's first one played); a match the
        bots finish before the learner acts (a 天胡) is replaced by the next.

        Example:
            >>> env = MajiangEnv()
            >>> a, _ = env.reset(seed=5); b, _ = env.reset(seed=5)
            >>> bool((a["observation"] == b["observation"]).all())
            True
        """
        if seed is not None:
            seed = check_seed(seed)  # gymnasium's own error is no MajiangError
        if options is not None and not isinstance(options, Mapping):
            raise ArgumentTypeError(f"options: expected a mapping or None, got {quoted(options)}")
        super().reset(seed=seed)
        while True:
            if self.fixed_seat is None:
                self.seat = int(self.np_random.integers(self.game.seats))
            match_seed = int(self.np_random.integers(2**62))
            self.game = Game(self.variant, seed=match_seed, hands=self.hands, options=self.options)
            self.rewards.start(self.game)
            self._advance()
            if not self.game.over:
                return self._observe()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then the bots' moves until the learner must act.

        Example:
            >>> env = MajiangEnv(seat=1)
            >>> obs, _ = env.reset(seed=2)
            >>> _, r, done, _, info = env.step(105 if not obs["action_mask"][105] else 0)
            >>> done, r, info.get("illegal_action")
            (True, -1.0, True)
        """
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        try:
            step_id(self.game, self.seat, action)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, self.illegal_reward, True, False, info
        self._advance()
        reward = self.rewards.collect(self.game)[self.seat]
        obs, info = self._observe()
        return obs, reward, self.game.over, False, info

    def render(self) -> str | None:
        """The learner's view in words (``render_mode="ansi"``).

        Example:
            >>> env = MajiangEnv(render_mode="ansi"); _ = env.reset(seed=0)
            >>> "hand" in env.render()
            True
        """
        if self.render_mode != "ansi":
            return None
        o = self.game.observation(self.seat)
        return (
            f"seat {self.seat} hand {o.hand} drawn {o.drawn} phase {o.phase} wall {o.wall} "
            f"scores {list(o.scores)}"
        )


register()  # also done by ``import majiang.rl``; here for an import of this module alone
