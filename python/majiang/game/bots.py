"""Bots: ``act(observation, legal_actions) -> action``.

Example:
    >>> from majiang.game import Game, RandomBot, EfficiencyBot
    >>> g = Game(seed=1, dealer=0)
    >>> a = EfficiencyBot().act(g.observation(0), g.legal_actions(0))
    >>> a in g.legal_actions(0)
    True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, Protocol

from majiang._core import best_discard, discard_options, shanten
from majiang.errors import InvalidHandError, MajiangError
from majiang.game.actions import (
    PASS,
    Action,
    Chow,
    Declare,
    Discard,
    Kong,
    Pass,
    Pong,
    Win,
    _chow_kinds,
)
from majiang.game.observation import Observation
from majiang.results import DiscardOption
from majiang.tiles import KIND_INDEX as INDEX
from majiang.tiles import to_counts
from majiang.variants import Variant, get_variant

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
    from winning than after its best discard. Offered declarations whose values name what the
    seat gives up (a suit letter ``m``/``p``/``s``: every tile of that suit, e.g. a void suit;
    tiles: those tiles, e.g. tiles passed on), it gives up the least: the suit with the fewest
    tiles, then the weakest one (fewest pairs and neighbours), and the least connected tiles.
    Where the variant puts a condition on wins beyond the shape (its ``bot_may_win``, e.g.
    GB's 8-番 minimum), a discard that leaves the hand waiting prefers, among those that do,
    the one with the most unseen tiles it could win on. Where the variant names risky
    discards (its ``bot_risky_discards``, e.g. Guangdong's 杠爆全包), it throws one only when
    no discard leaving the hand as near to winning is safe. A declaration made with a discard
    (Hebei's 听) it makes with its chosen discard where the variant's ``bot_declares`` says so.

    Example:
        >>> EfficiencyBot().act(None, [Pong(), Win(), Pass()])   # type: ignore[arg-type]
        Win()
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The bot's choice (one of the ``legal`` objects themselves, so the engine finds it
        by identity).

        Example:
            >>> EfficiencyBot().act(None, [Pass()])   # type: ignore[arg-type]
            Pass()
        """
        discards: list[Discard] = []
        kongs: list[Kong] = []
        claims: list[Action] = []
        turn_declares: list[Declare] = []
        for a in legal:  # one pass, the engine's usual order: a win first, then the rest
            if isinstance(a, Discard):
                discards.append(a)
            elif isinstance(a, Win):
                return a
            elif isinstance(a, Kong):
                kongs.append(a)
                claims.append(a)
            elif isinstance(a, Pong | Chow):
                claims.append(a)
            elif isinstance(a, Declare):
                turn_declares.append(a)
        if discards:
            choice = self._turn(observation, discards, kongs)
            if turn_declares and isinstance(choice, Discard) and observation.variant:
                # a declaration made with the chosen discard, where the variant's bots make it
                wanted = variant_of(observation).bot_declares
                for d in turn_declares:
                    if d.value == choice.tile and wanted(d.what):
                        return d
            return choice
        if claims:
            return self._claim(observation, claims, legal)
        declares = [a for a in legal if isinstance(a, Declare) and a.value]
        if declares and observation is not None:
            declined = next((a for a in legal if isinstance(a, Pass)), None)
            if declined is not None:  # a declaration it may decline (two-player 换牌): kept
                return declined
            return min(declares, key=lambda a: _given_up(observation.hand_counts, a.value))
        return legal[0]

    def _turn(self, obs: Observation, discards: list[Discard], kongs: list[Kong]) -> Action:
        if len(discards) == 1 and not kongs:
            return discards[0]  # nothing to weigh (a variant's restriction left one)
        wild_kinds = obs.wild_kinds  # the same tuple all hand: the core parses it once
        hand = list(obs.hand_counts)
        rules, melds = obs.rules, obs.meld_count
        offered = {d.tile: d for d in discards}
        wilds = obs.wilds if wild_kinds else ()
        # The best discard that is not a wild tile, else the best one (the core's choice
        # among every held kind); only when some held kinds may not be discarded now, the
        # best of those that may, read from the whole ranking. The visible counts go uncapped
        # first: the core refuses a hand plus visible above four, and only then is the
        # observation's capped visible() needed (the flipped indicator drawn).
        visible = obs._seen()
        try:
            best: DiscardOption | None = best_discard(
                hand, rules=rules, jing=wild_kinds, melds=melds, visible=visible, keep=wild_kinds
            )
        except InvalidHandError:
            capped = obs.visible()
            if capped == visible:
                raise
            visible = capped
            best = best_discard(
                hand, rules=rules, jing=wild_kinds, melds=melds, visible=visible, keep=wild_kinds
            )
        if best is not None and best["shanten"] == 0 and obs.variant:
            best = _winnable(obs, hand, offered, wilds, visible) or best
        if best is not None and best["discard"] not in offered:  # e.g. only the drawn tile
            options = discard_options(
                hand, rules=rules, jing=wild_kinds, melds=melds, visible=visible
            )
            best = first = None
            for o in options:
                if o["discard"] in offered:
                    if first is None:
                        first = o
                    if o["discard"] not in wilds:
                        best = o
                        break
            if best is None:
                best = first
        if best is not None and obs.variant:
            risky = variant_of(obs).bot_risky_discards(obs)
            if risky and INDEX[best["discard"]] in risky:
                best = _safer(obs, hand, offered, risky, visible, best)
        for k in kongs:
            if k.tile in wilds:
                continue
            after = list(hand)
            concealed = k.kind == "concealed"
            after[INDEX[k.tile]] -= 4 if concealed else 1
            s = shanten(after, rules=rules, jing=wild_kinds, melds=melds + concealed)
            if best is None or s <= best["shanten"]:
                return k
        return offered[best["discard"]] if best else discards[0]

    def _claim(self, obs: Observation, claims: Sequence[Action], legal: Sequence[Action]) -> Action:
        hand = list(obs.hand_counts)
        k = obs.meld_count
        wild_kinds = obs.wild_kinds
        before = shanten(hand, rules=obs.rules, jing=wild_kinds, melds=k)
        t = obs.last_discard_kind
        assert t is not None
        best: tuple[int, Action | None] = (before, None)
        for a in claims:
            after = list(hand)
            if isinstance(a, Pong):
                after[t] -= 2
            elif isinstance(a, Kong):
                after[t] -= 3
            elif isinstance(a, Chow):
                seq = list(_chow_kinds(a.tiles))
                seq.remove(t)
                for x in seq:
                    after[x] -= 1
            if any(after[j] < hand[j] for j in wild_kinds):
                continue
            s = shanten(after, rules=obs.rules, jing=wild_kinds, melds=k + 1)
            if s < best[0]:
                best = (s, a)
        if best[1] is not None:
            return best[1]
        return next((a for a in legal if isinstance(a, Pass)), PASS)


def variant_of(obs: Observation) -> Variant:
    """The variant of the observation's game, bound to its options (public: every seat plays
    by them), built once per name and options (the 64 most recent kept).

    Example:
        >>> from majiang.game import Game
        >>> variant_of(Game("gb", options={"min_fan": 0}).observation(0)).options.min_fan
        0
        >>> variant_of(Game("gb").observation(0)).options.min_fan
        8
    """
    try:
        return _bound(obs.variant, obs.options)
    except TypeError:  # an option value that cannot be a key (a list): bind it afresh
        return get_variant(obs.variant).bind(dict(obs.options))


@functools.lru_cache(maxsize=64)
def _bound(name: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    variant = get_variant(name)
    return variant.bind(dict(options)) if options else variant


def _winnable(
    obs: Observation,
    hand: list[int],
    offered: dict[str, Discard],
    wilds: Sequence[str],
    visible: Sequence[int],
) -> DiscardOption | None:
    """Among the discards offered that leave ``hand`` waiting, the one with the most unseen
    tiles the variant's ``bot_may_win`` lets it win on (self-drawn or claimed), wild tiles
    kept where another does as well; None when no wait can win (then the usual choice
    stands: it may still improve, or draw a tile that changes the hand's 番); None at once
    for a variant that puts no condition on wins. The variant is the registered one of that
    name bound to the game's options (:func:`variant_of`)."""
    variant = variant_of(obs)
    if variant.bot_may_win(obs, hand, 0, self_drawn=True) is None:
        return None
    options = discard_options(
        hand, rules=obs.rules, jing=obs.wild_kinds, melds=obs.meld_count, visible=visible
    )
    best: tuple[int, int, DiscardOption] | None = None
    for o in options:
        if o["shanten"] != 0 or o["discard"] not in offered:
            continue
        after = list(hand)
        after[INDEX[o["discard"]]] -= 1
        winnable = 0
        for t in o["effective"]:
            k = INDEX[t]
            unseen = 4 - after[k] - visible[k]
            if unseen <= 0:
                continue
            if variant.bot_may_win(obs, after, k, self_drawn=True) or variant.bot_may_win(
                obs, after, k, self_drawn=False
            ):
                winnable += unseen
        key = (winnable, int(o["discard"] not in wilds))
        if winnable and (best is None or key > best[:2]):
            best = (*key, o)
    return best[2] if best else None


def _safer(
    obs: Observation,
    hand: list[int],
    offered: dict[str, Discard],
    risky: frozenset[int],
    visible: Sequence[int],
    best: DiscardOption,
) -> DiscardOption:
    """The best-ranked discard offered that is not among the variant's ``risky`` kinds and
    leaves the hand as near to winning as ``best`` (wild tiles kept), else ``best``."""
    wilds = obs.wild_kinds
    options = discard_options(
        hand, rules=obs.rules, jing=wilds, melds=obs.meld_count, visible=visible
    )
    for o in options:
        k = INDEX[o["discard"]]
        same = o["shanten"] == best["shanten"] and o["discard"] in offered
        if same and k not in risky and k not in wilds:
            return o
    return best


_SUITS = "mps"


def _given_up(hand: Sequence[int], value: str) -> tuple[int, int, int]:
    """How much a declaration whose ``value`` names what is given up costs the hand ``hand``:
    (tiles held of the suit, the suit's strength kept, the strength of what is given up).
    A suit letter gives up every tile of that suit; a tile text those tiles.

    Example:
        >>> hand = majiang.tiles.to_counts("19m123456p2345s")
        >>> min("mps", key=lambda v: _given_up(hand, v))
        'm'
        >>> _given_up(hand, "19m") < _given_up(hand, "234s")
        True
    """
    if value in _SUITS:
        suit = _SUITS.index(value)
        given = [0] * 34
        given[suit * 9 : suit * 9 + 9] = hand[suit * 9 : suit * 9 + 9]
    else:
        try:
            given = to_counts(value)
        except MajiangError:
            return (99, 99, 99)
        held = [k for k in range(34) if given[k]]
        suit = held[0] // 9 if held else 3
    if suit > 2:
        return (99, 99, 99)
    span = range(suit * 9, suit * 9 + 9)
    kept = [hand[k] - given[k] for k in range(34)]
    return (sum(hand[k] for k in span), _strength(given, span) - _strength(kept, span), 0)


def _strength(counts: Sequence[int], span: range) -> int:
    """Pairs and neighbours (a tile one or two apart) within ``span``: how connected it is.

    Example:
        >>> _strength(majiang.tiles.to_counts("1135m"), range(9))
        4
    """
    score = 0
    for k in span:
        if counts[k]:
            score += 2 * (counts[k] >= 2) + 2 * (counts[k] >= 3)
            for d in (1, 2):
                if k + d in span and counts[k + d]:
                    score += 1
    return score
