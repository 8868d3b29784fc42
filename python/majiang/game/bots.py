"""Bots: ``act(observation, legal_actions) -> action``.

Example:
    >>> from majiang.game import Game, RandomBot, EfficiencyBot
    >>> g = Game(seed=1, dealer=0)
    >>> a = EfficiencyBot().act(g.observation(0), g.legal_actions(0))
    >>> a in g.legal_actions(0)
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import majiang
from majiang.game.actions import Action, Chow, Discard, Kong, Pass, Pong, Win
from majiang.game.engine import Observation
from majiang.tiles import KIND_INDEX as INDEX

__all__ = ["Bot", "EfficiencyBot", "RandomBot"]


class Bot(Protocol):
    """Anything that picks one of the legal actions."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal``."""
        ...


class RandomBot:
    """Uniformly random legal actions from ``random.Random(seed)``.

    Example:
        >>> RandomBot(0).act(None, [Pass()])   # type: ignore[arg-type]
        Pass()
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A random legal action.

        Example:
            >>> RandomBot(1).act(None, [Win()])   # type: ignore[arg-type]
            Win()
        """
        return legal[int(self.rng.random() * len(legal))]


class EfficiencyBot:
    """Wins whenever it can; discards by :func:`majiang.discard_options` (lowest shanten, most
    unseen effective tiles, keeps wild tiles unless forced); claims only when that lowers shanten;
    declares a concealed or added kong (never of a wild tile) when the hand after it is no further
    from winning than after its best discard.

    Example:
        >>> EfficiencyBot().act(None, [Pong(), Win(), Pass()])   # type: ignore[arg-type]
        Win()
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The bot's choice.

        Example:
            >>> EfficiencyBot().act(None, [Pass()])   # type: ignore[arg-type]
            Pass()
        """
        if any(isinstance(a, Win) for a in legal):
            return Win()
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._turn(observation, discards, [a for a in legal if isinstance(a, Kong)])
        claims = [a for a in legal if isinstance(a, Pong | Chow | Kong)]
        if claims:
            return self._claim(observation, claims)
        return legal[0]

    def _turn(self, obs: Observation, discards: list[Discard], kongs: list[Kong]) -> Action:
        wilds = obs.wilds
        options = majiang.discard_options(
            list(obs.hand_counts),
            rules=obs.rules,
            jing=wilds,
            melds=obs.meld_count,
            visible=obs.visible(),
        )
        allowed = {d.tile for d in discards}
        ranked = [o for o in options if o["discard"] in allowed]
        plain = [o for o in ranked if o["discard"] not in wilds]
        best = (plain or ranked)[0] if ranked else None
        for k in kongs:
            if k.tile in wilds:
                continue
            after = list(obs.hand_counts)
            concealed = k.kind == "concealed"
            after[INDEX[k.tile]] -= 4 if concealed else 1
            melds = obs.meld_count + concealed
            s = majiang.shanten(after, rules=obs.rules, jing=wilds, melds=melds)
            if best is None or s <= best["shanten"]:
                return k
        return Discard(best["discard"] if best else discards[0].tile)

    def _claim(self, obs: Observation, claims: Sequence[Action]) -> Action:
        hand = list(obs.hand_counts)
        k = obs.meld_count
        before = majiang.shanten(hand, rules=obs.rules, jing=obs.wilds, melds=k)
        tile = obs.last_discard
        assert tile is not None
        t = INDEX[tile]
        best: tuple[int, Action] = (before, Pass())
        for a in claims:
            after = list(hand)
            if isinstance(a, Pong):
                after[t] -= 2
            elif isinstance(a, Kong):
                after[t] -= 3
            elif isinstance(a, Chow):
                seq = [INDEX[x] for x in majiang.parse_tiles(a.tiles)]
                seq.remove(t)
                for x in seq:
                    after[x] -= 1
            if any(after[j] < hand[j] for j in (INDEX[x] for x in obs.wilds)):
                continue
            s = majiang.shanten(after, rules=obs.rules, jing=obs.wilds, melds=k + 1)
            if s < best[0]:
                best = (s, a)
        return best[1]
