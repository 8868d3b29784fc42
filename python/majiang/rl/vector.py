"""Vectorised self-play: N tables stepped at once, observations ``(N, C, 34)`` and masks
``(N, A)`` as numpy arrays.

Each table is a match of one variant; at every step each table has one seat to act
(``seats[i]``: the first of ``Game.to_act()``, so a claim window asks its seats one after
another) and takes one action id for it. A finished match is replaced at once by the table's
next (auto-reset): the step reports it in ``dones`` and the rewards of its last settlements,
and the observation returned is the new match's. Match ``e`` of table ``i`` is seeded from
``(seed, i, e)`` alone, so every table is reproducible whatever N is and however the other
tables play. The efficiency planes of all N tables take one call each of the Rust batch API
(:func:`majiang.rl.encode_batch`).

Example:
    >>> import numpy as np
    >>> v = VectorGame(4, "nanchang", seed=7)
    >>> obs, masks = v.observe()
    >>> obs.shape, masks.shape, v.seats.tolist() == [g.to_act()[0] for g in v.games]
    ((4, 39, 34), (4, 132), True)
    >>> actions = masks.argmax(axis=1)          # the first legal id of every table
    >>> obs, masks, rewards, dones = v.step(actions)
    >>> rewards.shape, dones.shape, bool(masks.any(axis=1).all())
    ((4, 4), (4,), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import accumulate, chain
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from majiang.errors import ArgumentTypeError, IllegalActionError, RulesError
from majiang.game import Game
from majiang.game.actions import DISCARDS, Action
from majiang.rl.actions import CONCEALED, action_space
from majiang.rl.arguments import MAX_TABLES, SEED_LIMIT, flag, whole
from majiang.rl.arguments import options as check_options
from majiang.rl.arguments import seed as check_seed
from majiang.rl.planes import encode_batch, plane_names
from majiang.rl.rewards import Rewards
from majiang.rl.table_planes import TablePlanes

__all__ = ["VectorGame", "match_seed"]


def action_array(actions: object) -> npt.NDArray[Any]:
    """``actions`` as an array of integer ids, else ArgumentTypeError (bools, floats,
    timedelta64 and datetime64, objects, and what numpy cannot make an array of)."""
    try:
        ids = np.asarray(actions)
    except (ValueError, TypeError, OverflowError, RecursionError) as e:
        raise ArgumentTypeError(f"actions: expected an array of integer ids ({e})") from None
    if ids.dtype.kind not in "iu":  # timedelta64 is a numpy integer type, but no id
        raise ArgumentTypeError(f"actions: expected integer ids, got dtype {ids.dtype}")
    return ids


def match_seed(seed: int, table: int, episode: int) -> int:
    """The seed of match ``episode`` at ``table`` of a :class:`VectorGame` seeded ``seed``.

    Example:
        >>> match_seed(0, 1, 2) == match_seed(0, 1, 2) != match_seed(0, 2, 1)
        True
    """
    state = np.random.SeedSequence([seed, table, episode]).generate_state(2, np.uint32)
    return int(state[0]) << 31 ^ int(state[1])


class VectorGame:
    """``n`` tables of ``variant`` (matches of ``hands`` hands, ``options`` the settlement
    options) from ``seed``; ``oracle`` adds the perfect-information planes (training only),
    ``scoring`` the public scoring rows (:data:`~majiang.rl.planes.SCORING_PLANES`);
    rewards as the environments' (``reward`` ``"hand"`` or ``"match"``, ``reward_scale``).
    ``first_table`` numbers the tables from there for their seeds (a slice of a larger
    vector: tables ``first_table`` … ``first_table + n - 1`` of one seed).

    Example:
        >>> v = VectorGame(2, "pingxiang", seed=1)
        >>> [g.variant.name for g in v.games], v.episodes.tolist()
        (['pingxiang', 'pingxiang'], [0, 0])
    """

    def __init__(
        self,
        n: int,
        variant: str = "nanchang",
        *,
        seed: int = 0,
        hands: int = 1,
        options: Mapping[str, Any] | None = None,
        oracle: bool = False,
        reward: str = "hand",
        reward_scale: float = 1.0,
        threads: int | None = 1,
        first_table: int = 0,
        scoring: bool = False,
    ) -> None:
        n = whole(n, "n", 1, MAX_TABLES + 1)
        seed = check_seed(seed)
        first_table = whole(first_table, "first_table", 0, SEED_LIMIT)
        self.first_table = first_table
        self.n, self.variant, self.seed = n, variant, seed
        self.hands, self.options = hands, check_options(options)
        self.oracle = oracle = flag(oracle, "oracle")
        self.scoring = scoring = flag(scoring, "scoring")
        self.threads = threads
        self.episodes = np.zeros(n, np.int64)
        Rewards(reward, reward_scale)  # its arguments checked once, before n books
        self.books = [Rewards(reward, reward_scale) for _ in range(n)]
        self.games = [self._new(i) for i in range(n)]
        self.space = action_space(self.games[0])
        self.seats = np.zeros(n, np.int64)
        self._obs = np.zeros((n, len(plane_names(oracle, scoring)), 34), np.uint8)
        self._masks = np.zeros((n, self.space.size), np.bool_)
        self._acts: list[list[Action]] = [[] for _ in range(n)]  # each table's legal actions
        self._ids: list[int] = []  # and their ids, every table's in turn
        self._starts: list[int] = [0] * (n + 1)  # where each table's ids begin in _ids
        self._tables = np.arange(n)
        self._planes = TablePlanes(n)
        self.finished: dict[int, Game] = {}
        """The matches that ended in the last step, by table (replaced in ``games``)."""
        self._refresh()

    def _new(self, i: int) -> Game:
        game = Game(
            self.variant,
            seed=match_seed(self.seed, self.first_table + i, int(self.episodes[i])),
            hands=self.hands,
            options=self.options,
        )
        self.books[i].start(game)
        return game

    def _refresh(self) -> None:
        """Recompute every table's seat, legal actions and their ids, mask and observation.
        The ids of all tables' actions are looked up in one pass (the engine shares one
        object per action) and the mask set in one numpy call."""
        games, space = self.games, self.space
        seats = [game.to_act()[0] for game in games]
        legal = self._acts = list(map(Game.legal_actions, games, seats))
        flat = list(chain.from_iterable(legal))
        known = list(map(space._by_object.get, map(id, flat)))
        # an action object not seen yet: remembered once
        found = space.ids_of(flat) if None in known else cast("list[int]", known)
        self._ids = found
        self._starts = starts = list(accumulate(map(len, legal), initial=0))
        self.seats[:] = seats
        self._masks[:] = False
        rows = np.repeat(self._tables, np.diff(starts))
        self._masks[rows, found] = True
        encode_batch(
            games,
            seats,
            oracle=self.oracle,
            out=self._obs,
            threads=self.threads,
            cache=self._planes,
            scoring=self.scoring,
        )

    def _action(self, i: int, a: int) -> Action:
        """The legal action of table ``i`` with id ``a`` (checked legal by the mask)."""
        if a < CONCEALED:
            return DISCARDS[a]  # the engine's shared Discard of that kind, as it offers it
        start = self._starts[i]
        return self._acts[i][self._ids[start : self._starts[i + 1]].index(a)]

    def reset(self, seed: int | None = None) -> None:
        """Start every table's next match now (its episode counted); with ``seed``, start
        over from that seed instead (episodes from 0: the tables of ``VectorGame(n, seed=seed)``).

        Example:
            >>> v = VectorGame(2, seed=3); first = v.observe()[0]
            >>> v.reset(); v.episodes.tolist()
            [1, 1]
            >>> v.reset(seed=3); bool((v.observe()[0] == first).all()), v.episodes.tolist()
            (True, [0, 0])
        """
        if seed is None:
            self.episodes += 1
        else:
            self.seed = check_seed(seed)
            self.episodes[:] = 0
        self.finished = {}
        self.games = [self._new(i) for i in range(self.n)]
        self._planes = TablePlanes(self.n)
        self._refresh()

    def observe(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
        """Copies of the observations ``(N, C, 34)`` and masks ``(N, A)`` of every table's
        seat to act.

        Example:
            >>> obs, masks = VectorGame(3, seed=2).observe()
            >>> obs.dtype, masks.dtype, masks.sum(axis=1).min() > 0
            (dtype('uint8'), dtype('bool'), np.True_)
        """
        return self._obs.copy(), self._masks.copy()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Apply ``actions[i]`` (an id) for ``seats[i]`` at every table; return the new
        observations and masks, the rewards ``(N, 4)`` of every seat (settlements made in
        this step) and ``dones`` (N,): the tables whose match ended (and was replaced).
        Every action is checked before any is applied: an id not legal at its table raises
        IllegalActionError naming the table, the id and its meaning, and nothing changes; a
        wrong shape is a RulesError, a dtype that is not integer an ArgumentTypeError.

        Example:
            >>> v = VectorGame(2, seed=0)
            >>> v.step([105, 105])
            Traceback (most recent call last):
            ...
            majiang.errors.IllegalActionError: table 0: action id 105 (pass) is not legal ...
        """
        ids = action_array(actions)
        if ids.shape != (self.n,):
            raise RulesError(f"actions: expected shape ({self.n},), got {ids.shape}")
        size = self.space.size
        inside = (ids >= 0) & (ids < size)
        legal = inside & self._masks[np.arange(self.n), np.where(inside, ids, 0)]
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            a = int(ids[i])
            what = f"({self.space.label(a)}) " if 0 <= a < size else "(outside the space) "
            raise IllegalActionError(
                f"table {i}: action id {a} {what}is not legal for seat {self.seats[i]} now"
            )
        rewards = np.zeros((self.n, 4), np.float32)
        dones = np.zeros(self.n, np.bool_)
        games, seats = self.games, self.seats.tolist()
        self.finished = {}
        for i, a in enumerate(ids.tolist()):
            game = games[i]
            game.step(seats[i], self._action(i, a))
            if game.settlements and self.books[i].pending(game):
                rewards[i] = self.books[i].collect(game)
            if game.over:
                dones[i] = True
                self.episodes[i] += 1
                self.finished[i] = game
                games[i] = self._new(i)
        self._refresh()
        return self._obs.copy(), self._masks.copy(), rewards, dones
