"""Rewards from the settlement, shared by the environments: per hand (each seat's delta when a
hand is settled) or at the end of the match (each seat's total), scaled.

Example:
    >>> from majiang.game import Game, EfficiencyBot, play
    >>> g = Game(seed=2, hands=2)
    >>> book = Rewards("hand")
    >>> book.start(g)
    >>> g = play(g, [EfficiencyBot() for _ in range(4)])
    >>> book.collect(g) == [float(sum(s.deltas[i] for s in g.settlements)) for i in range(4)]
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from majiang.rl.arguments import choice, finite

if TYPE_CHECKING:
    from majiang.game import Game

__all__ = ["REWARD_MODES", "RewardMode", "Rewards"]

RewardMode = Literal["hand", "match"]
REWARD_MODES: tuple[str, ...] = ("hand", "match")


class Rewards:
    """Turns the settlements a game has made since the last :meth:`collect` into the four
    seats' rewards: ``hand`` gives each settled hand's deltas as they come, ``match`` gives
    nothing until the match is over and then the whole match's deltas; times ``scale`` (a
    finite number within ±1e6: NaN or infinity is a RulesError).

    Example:
        >>> Rewards("round")
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: reward: expected 'hand' or 'match', got 'round'
    """

    def __init__(self, mode: str = "hand", scale: float = 1.0) -> None:
        self.mode = choice(mode, "reward", REWARD_MODES)
        self.scale = finite(scale, "reward_scale")
        self._seen = 0

    def start(self, game: Game) -> None:
        """Count from ``game``'s present settlements on (a new match).

        Example:
            >>> from majiang.game import Game
            >>> r = Rewards(); r.start(Game(seed=0)); r.collect(Game(seed=0))
            [0.0, 0.0, 0.0, 0.0]
        """
        self._seen = len(game.settlements)

    def pending(self, game: Game) -> bool:
        """Whether :meth:`collect` would give anything now.

        Example:
            >>> from majiang.game import Game
            >>> Rewards().pending(Game(seed=0))
            False
        """
        if self.mode == "match" and not game.over:
            return False
        return len(game.settlements) > self._seen

    def collect(self, game: Game) -> list[float]:
        """The four seats' rewards for what was settled since the last call (at a table of
        fewer seats its seats come first, the rest stay 0: the reward's size is fixed).

        Example:
            >>> from majiang.game import Game
            >>> Rewards("match").collect(Game(seed=0))
            [0.0, 0.0, 0.0, 0.0]
        """
        settled = game.settlements
        if self.mode == "match" and not game.over:
            return [0.0, 0.0, 0.0, 0.0]
        out = [0.0, 0.0, 0.0, 0.0]
        for s in settled[self._seen :]:
            for i in range(len(s.deltas)):
                out[i] += s.deltas[i] * self.scale
        self._seen = len(settled)
        return out
