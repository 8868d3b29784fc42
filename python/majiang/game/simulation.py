"""Self-play statistics, on one process or spread over several with the same results.

Hands are played as matches of ``per_game`` hands; match ``i`` is seeded from ``(seed, i)``
alone, so any split of the matches over worker processes plays exactly the same hands.

Example:
    >>> from majiang.game.simulation import simulate
    >>> s = simulate(4, seed=1, bots="efficiency")
    >>> s["hands"], round(sum(s["mean_score"]), 6)
    (4, 0.0)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import IO, Any

from majiang.bounds import MAX_HANDS
from majiang.errors import ArgumentTypeError, RulesError, quoted
from majiang.game.bots import Bot, EfficiencyBot, RandomBot
from majiang.game.engine import Game, play
from majiang.game.log import write_events
from majiang.game.simulation_ray import ray_address, spread_on_ray
from majiang.room import RoomConfig
from majiang.variants import get_variant, lookup
from majiang.variants.registry import DEFAULT

__all__ = ["BOTS", "Tally", "make_bots", "simulate"]

BOTS: dict[str, type[RandomBot] | type[EfficiencyBot]] = {
    "random": RandomBot,
    "efficiency": EfficiencyBot,
}
"""Bot names for :func:`make_bots` and ``majiang simulate --bots`` (a room's seats name the
same: :data:`majiang.room.BOT_NAMES`)."""


def make_bots(kinds: str | Sequence[str], seed: int = 0, seats: int = 4) -> list[Bot]:
    """A bot a seat from names (``efficiency``/``random``; one name for every seat), for a
    table of ``seats``.

    Example:
        >>> [type(b).__name__ for b in make_bots(["random", "efficiency"] * 2)]
        ['RandomBot', 'EfficiencyBot', 'RandomBot', 'EfficiencyBot']
        >>> len(make_bots("random", seats=2))
        2
    """
    many = {2: "two", 3: "three"}.get(seats, "four")
    if not isinstance(kinds, str) and not isinstance(kinds, Sequence):
        raise ArgumentTypeError(f"bots: expected a name or {many}, got {quoted(kinds)}")
    names = [kinds] * seats if isinstance(kinds, str) else list(kinds)
    if len(names) != seats or any(type(n) is not str or n not in BOTS for n in names):
        raise RulesError(f"bots: expected one or {many} of {sorted(BOTS)}, got {quoted(names)}")
    return [BOTS[n](seed * 4 + i) for i, n in enumerate(names)]


@dataclass
class Tally:
    """Counts over played hands; tallies of disjoint matches add up with :meth:`merge`.

    Example:
        >>> t = Tally(); t.add(play(Game(seed=1), make_bots("efficiency")))
        >>> t.hands, sum(t.total)
        (1, 0)
    """

    hands: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    total: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    self_draw: int = 0
    discard_win: int = 0
    draws: int = 0
    turns: int = 0
    patterns: dict[str, int] = field(default_factory=dict)
    """How often each pattern the variant tallies was seen (its registry entry's ``tallied``
    at zero too, and the ``highlights`` of every won hand)."""

    def add(self, game: Game) -> None:
        """Count a finished game's hands.

        Example:
            >>> t = Tally(); t.add(play(Game(seed=2, hands=2), make_bots("random"))); t.hands
            2
        """
        self._seats(len(game.scores))
        self.hands += len(game.records)
        entry = lookup(game.variant.name)
        for name in entry.tallied:
            self.patterns.setdefault(name, 0)
        for s in range(len(game.scores)):
            self.total[s] += game.scores[s]
        self.turns += sum(1 for e in game.events if e["event"] == "discard")
        # Each hand's win events (several when the hand goes on after a win: 血战).
        wins_by_hand: list[list[dict[str, Any]]] = []
        for e in game.events:
            if e["event"] == "deal":
                wins_by_hand.append([])
            elif e["event"] == "win":
                wins_by_hand[-1].append(e)
        for won, settlement in zip(wins_by_hand, game.settlements, strict=False):
            if not won:
                self.draws += 1
                continue
            for w in won:
                winners = w["winner"]
                for s in winners if isinstance(winners, list) else (winners,):
                    self.wins[s] += 1
                if w["from"] is None or w["qiang_gang"]:
                    self.self_draw += 1
                else:
                    self.discard_win += 1
            for p in entry.highlights(settlement.pattern):
                self.patterns[p] = self.patterns.get(p, 0) + 1

    def _seats(self, seats: int) -> None:
        """Per-seat counts for a table of ``seats`` (an empty tally takes the size of the
        first game counted; RulesError for tables of two sizes)."""
        if len(self.wins) != seats:
            if self.hands:
                raise RulesError(f"tally: {len(self.wins)} seats counted, then {seats}")
            self.wins, self.total = [0] * seats, [0] * seats

    def merge(self, other: Tally) -> None:
        """Add another tally's counts.

        Example:
            >>> a, b = Tally(hands=1, draws=1), Tally(hands=2, draws=1); a.merge(b); a.draws
            2
        """
        if other.hands or len(other.wins) == len(self.wins):
            self._seats(len(other.wins))
        else:
            return  # an empty tally of another table size adds nothing
        self.hands += other.hands
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.total = [a + b for a, b in zip(self.total, other.total, strict=True)]
        self.self_draw += other.self_draw
        self.discard_win += other.discard_win
        self.draws += other.draws
        self.turns += other.turns
        for p, count in other.patterns.items():
            self.patterns[p] = self.patterns.get(p, 0) + count

    def summary(self) -> dict[str, Any]:
        """Rates and means over the counted hands.

        Example:
            >>> Tally(hands=2, draws=1).summary()["draw_rate"]
            0.5
        """
        n = max(self.hands, 1)
        return {
            "hands": self.hands,
            "win_rate": [w / n for w in self.wins],
            "self_draw_rate": self.self_draw / n,
            "discard_win_rate": self.discard_win / n,
            "draw_rate": self.draws / n,
            "average_turns": self.turns / n,
            "patterns": {p: c / n for p, c in self.patterns.items()},
            "mean_score": [t / n for t in self.total],
        }


@dataclass(frozen=True)
class _Chunk:
    """Matches ``first`` to ``first + count - 1`` of a simulation."""

    first: int
    count: int
    hands: int
    seed: int
    per_game: int
    variant: str
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    keep_events: bool


def _play_chunk(chunk: _Chunk) -> tuple[Tally, list[dict[str, Any]]]:
    tally = Tally()
    events: list[dict[str, Any]] = []
    for match in range(chunk.first, chunk.first + chunk.count):
        n = min(chunk.per_game, chunk.hands - match * chunk.per_game)
        game = Game(
            chunk.variant,
            seed=chunk.seed * 1_000_003 + match,
            options=dict(chunk.options),
            hands=n,
        )
        play(game, make_bots(list(chunk.bots), chunk.seed + match, game.seats))
        tally.add(game)
        if chunk.keep_events:
            events += game.events
    return tally, events


def _chunks(hands: int, per_game: int, parts: int, **common: Any) -> Iterator[_Chunk]:
    matches = -(-hands // per_game)
    size = max(1, min(64, matches // max(parts, 1)))
    for first in range(0, matches, size):
        yield _Chunk(first, min(size, matches - first), hands, per_game=per_game, **common)


def _positive(value: Any, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name}: expected a whole number, got {quoted(value)}")
    if value < 1:
        raise RulesError(f"{name}: expected a positive number, got {quoted(value)}")


def simulate(
    hands: int,
    seed: int = 0,
    bots: str | Sequence[str] = "efficiency",
    per_game: int = 1,
    *,
    variant: str = DEFAULT,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    log: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
    config: RoomConfig | None = None,
    ray: bool | str = False,
) -> dict[str, Any]:
    """Play ``hands`` hands (matches of ``per_game`` hands each) and return statistics: win
    rate and mean score per seat, self-draw / discard-win / draw rates, average discards per
    hand and pattern frequencies over all hands. ``workers`` > 1 spreads the matches over
    processes (same results); ``ray`` (True or a cluster address) spreads them over Ray
    workers instead (:mod:`majiang.game.simulation_ray`; same results); ``log`` receives
    every event as JSON Lines in match order; ``progress`` is called with the number of
    hands played so far. ``config`` (a :class:`majiang.RoomConfig`) gives the variant, the
    options, the bots and the match length (``per_game``) at once.

    Example:
        >>> simulate(2, seed=3, bots="random")["win_rate"].__len__()
        4
        >>> simulate(8, seed=3, workers=2) == simulate(8, seed=3)
        True
    """
    if config is not None:  # a room: its variant, options, seats and match length
        if not isinstance(config, RoomConfig):
            raise ArgumentTypeError(f"config: expected a RoomConfig, got {quoted(config)}")
        if options is not None or variant != DEFAULT:
            raise RulesError("config: the room gives the variant and options, not beside it")
        variant, options = config.variant, config.game_options()
        bots, per_game = config.bot_names(), config.hands
    _positive(hands, "hands")
    _positive(per_game, "per_game")
    if per_game > MAX_HANDS:  # a match's length (the engine's bound), checked before any work
        raise RulesError(f"per_game: at most {MAX_HANDS} hands a match, got {quoted(per_game)}")
    _positive(workers, "workers")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"seed: expected a whole number, got {quoted(seed)}")
    if options is not None and not isinstance(options, Mapping):
        raise ArgumentTypeError(f"options: expected a mapping of options, got {quoted(options)}")
    seats = get_variant(variant).table.seats
    make_bots(bots, seats=seats)  # check the names before any work starts
    if ray is not False:
        ray_address(ray)  # the argument's type, before any work
    names = (bots,) * seats if isinstance(bots, str) else tuple(bots)
    chunks = _chunks(  # lazily: memory stays flat however many hands are asked for
        hands,
        per_game,
        workers * 8 if ray is False else 64,
        seed=seed,
        variant=variant,
        bots=names,
        options=tuple(sorted((options or {}).items())),
        keep_events=log is not None,
    )
    total = Tally()
    done: dict[int, tuple[Tally, list[dict[str, Any]]]] = {}
    flushed = 0

    def finished(index: int, result: tuple[Tally, list[dict[str, Any]]]) -> None:
        nonlocal flushed
        done[index] = result
        total.merge(result[0])
        while flushed in done:  # write logs in match order whatever order chunks finish in
            events = done.pop(flushed)[1]
            if log is not None:
                write_events(log, events)
            flushed += 1
        if progress is not None:
            progress(total.hands)

    matches = -(-hands // per_game)
    if ray is not False:
        spread_on_ray(chunks, _play_chunk, finished, ray_address(ray))
    elif workers == 1 or matches <= 1:
        for i, chunk in enumerate(chunks):
            finished(i, _play_chunk(chunk))
    else:
        _spread(chunks, min(workers, os.cpu_count() or workers), finished)
    return total.summary()


def _spread(
    chunks: Iterator[_Chunk],
    workers: int,
    finished: Callable[[int, tuple[Tally, list[dict[str, Any]]]], None],
) -> None:
    """Play ``chunks`` on ``workers`` processes, calling ``finished`` as each one ends. Only a
    few chunks past the oldest unfinished one are ever submitted, so neither the work waiting
    nor the results held back for the log's order grow with the number of hands."""
    window = 4 * workers
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: dict[Future[tuple[Tally, list[dict[str, Any]]]], int] = {}
        pending: set[int] = set()  # submitted and not finished
        submitted = 0
        exhausted = False
        while True:
            while not exhausted and (not pending or submitted - min(pending) < window):
                chunk = next(chunks, None)
                if chunk is None:
                    exhausted = True
                    break
                running[pool.submit(_play_chunk, chunk)] = submitted
                pending.add(submitted)
                submitted += 1
            if not running:
                return
            ready, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in ready:
                index = running.pop(future)
                pending.discard(index)
                finished(index, future.result())
