"""Replaying event logs: every step checked against the rules, the scores reproduced.

A log holds hands, each from its ``deal`` event (every hand and the wall in draw order, the
dealer, the 爬楼 floor, the scores carried in) to its ``settlement`` event. Replaying a hand
deals it again with :class:`~majiang.game.engine.Deal`, feeds the engine the actions the log
records (discards, kongs, wins, claims; every other seat asked about a discard passes) and
requires the engine to emit exactly the logged events, settlement included. Consecutive
hands of one match must follow each other (dealer, floor, scores).

Example:
    >>> from majiang.game import Game, EfficiencyBot, play
    >>> g = play(Game(seed=3, hands=3), [EfficiencyBot() for _ in range(4)])
    >>> r = replay(g.events)
    >>> len(r.hands), r.scores == tuple(g.scores)
    (3, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from majiang.game.engine import Game
from majiang.game.folding import fold_log
from majiang.game.log import EventSource
from majiang.settlement import Settlement

__all__ = ["Replay", "ReplayStep", "ReplayedHand", "iter_replay", "replay"]


@dataclass(frozen=True)
class ReplayStep:
    """One logged event after the engine reproduced it: the hand's position in the log
    (0-based), the event's line (1-based) and the live ``game`` (the next step changes it).

    Example:
        >>> from majiang.game import Game, RandomBot, play
        >>> g = play(Game(seed=1), [RandomBot(s) for s in range(4)])
        >>> step = next(iter_replay(g.events))
        >>> step.hand, step.line, step.event["event"], step.game.tile_count()
        (0, 1, 'deal', 136)
    """

    hand: int
    line: int
    event: dict[str, Any]
    game: Game


@dataclass(frozen=True)
class ReplayedHand:
    """A replayed hand: its hand record, settlement, events and the scores after it.

    Example:
        >>> from majiang.game import Game, RandomBot, play
        >>> h = replay(play(Game(seed=2), [RandomBot(s) for s in range(4)]).events).hands[0]
        >>> h.events[0]["event"], h.events[-1]["event"], sum(h.settlement.deltas)
        ('deal', 'settlement', 0)
    """

    index: int
    record: dict[str, Any]
    settlement: Settlement
    events: list[dict[str, Any]]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Replay:
    """A whole replayed log: its hands in order and the scores after the last one.

    Example:
        >>> Replay([], (0, 0, 0, 0)).scores
        (0, 0, 0, 0)
    """

    hands: list[ReplayedHand]
    scores: tuple[int, ...]


def replay(log: EventSource) -> Replay:
    """Replay a log (a path, an open file, JSON lines or event dicts), checking every step;
    ReplayError naming the first line that the rules or the deal contradict.

    Example:
        >>> replay([{"event": "draw", "seat": 0, "tile": "1m"}])
        Traceback (most recent call last):
        ...
        majiang.errors.ReplayError: line 1: expected a deal event, got 'draw'
    """
    hands: list[ReplayedHand] = []
    scores: tuple[int, ...] = (0, 0, 0, 0)
    events: list[dict[str, Any]] = []
    for step in iter_replay(log):
        events.append(step.event)
        if step.event["event"] == "settlement":
            game = step.game
            scores = tuple(game.scores)
            hand = ReplayedHand(step.hand, game.records[-1], game.settlements[-1], events, scores)
            hands.append(hand)
            events = []
    return Replay(hands, scores)


def iter_replay(
    log: EventSource, hand: int | None = None, *, unfinished: bool = False
) -> Iterator[ReplayStep]:
    """Replay a log step by step (only its hand number ``hand``, 0-based, when given). With
    ``unfinished``, the log may stop anywhere in its last hand (a game in progress, as
    :meth:`Game.restore` checks it): the last step's game is then at that point.

    Example:
        >>> from majiang.game import Game, RandomBot, play
        >>> g = play(Game(seed=5, hands=2), [RandomBot(s) for s in range(4)])
        >>> steps = list(iter_replay(g.events, hand=1))
        >>> steps[0].hand, steps[-1].event["scores"] == g.scores
        (1, True)
        >>> g = Game(seed=5); g.step(g.to_act()[0], g.legal_actions(g.to_act()[0])[-1])
        >>> last = list(iter_replay(g.events, unfinished=True))[-1].game
        >>> last.state.hands == g.state.hands and last.state.wall.live() == g.state.wall.live()
        True
    """
    for index, line, event, game in fold_log(log, Game, hand, unfinished=unfinished):
        yield ReplayStep(index, line, event, game)
