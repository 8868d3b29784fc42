"""The fold of an event log through the engine, below it (the engine's restore and
:mod:`majiang.game.replays` both use it): each hand dealt again from its ``deal`` event by a
game factory the caller passes, the seat actions that make each logged event inferred from
the state and stepped, and the engine required to emit exactly the logged events,
settlement included. Nothing here knows the :class:`~majiang.game.engine.Game` class: a
:class:`LoggedGame` is what the fold reads and steps.

Example:
    >>> from majiang.game import Game, RandomBot, play
    >>> g = play(Game(seed=1), [RandomBot(s) for s in range(4)])
    >>> steps = list(fold_log(g.events, Game))
    >>> steps[0][2]["event"], steps[-1][2]["event"], steps[-1][3].scores == g.scores
    ('deal', 'settlement', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from majiang.errors import MajiangError, ReplayError, quoted
from majiang.game.actions import PASS, PONG, WIN, Action, Chow, Declare, Discard, Kong
from majiang.game.dealing import Deal
from majiang.game.events import parse_event
from majiang.game.log import EventSource, read_events
from majiang.game.state import HandState
from majiang.variants import get_variant
from majiang.variants.protocol import TableRules, last_drawer

__all__ = ["LoggedGame", "ReplayedResult", "fold_log"]

ReplayedResult = dict[str, Any]
"""What the next hand of a match is checked against: the winner (None: a draw) and scores."""


class LoggedGame(Protocol):
    """What the fold reads and steps of a game."""

    state: HandState
    table: TableRules
    events: list[dict[str, Any]]
    records: list[dict[str, Any]]
    scores: list[int]
    over: bool

    def to_act(self) -> list[int]: ...
    def step(self, seat: int, action: Action) -> None: ...


G = TypeVar("G", bound=LoggedGame)


def fold_log(
    log: EventSource,
    new_game: Callable[..., G],
    hand: int | None = None,
    *,
    unfinished: bool = False,
) -> Iterator[tuple[int, int, dict[str, Any], G]]:
    """(hand index, line, logged event, live game) for each event of ``log`` once the game
    made by ``new_game`` (called as ``Game`` is, with the hand's deal) reproduced it; only
    hand number ``hand`` (0-based) when given. With ``unfinished`` the log may stop anywhere
    in its last hand. ReplayError naming the first line the rules or the deal contradict."""
    previous: tuple[dict[str, Any], ReplayedResult] | None = None
    for index, (start, events) in enumerate(_hands(log, unfinished)):
        if hand is not None and index != hand:
            previous = None
            continue
        deal = events[0]
        if previous is not None and _field(deal, "hand", start) != 0:
            _check_follows(previous, deal, start)
        result: ReplayedResult = {}
        yield from _fold_hand(index, start, events, result, new_game, unfinished)
        previous = (deal, result)
        if hand is not None:
            return
    if hand is not None and previous is None:
        raise ReplayError(f"the log has no hand {hand}")


def _hands(log: EventSource, unfinished: bool) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """(first line, events) of each hand: a deal event through its settlement event (the
    last hand's events up to the end of the log if ``unfinished``)."""
    current: list[dict[str, Any]] = []
    start = 0
    for line, event in enumerate(read_events(log), start=1):
        kind = event["event"]
        if not current:
            if kind != "deal":
                raise ReplayError(f"line {line}: expected a deal event, got {quoted(kind)}")
            start = line
        elif kind == "deal":
            raise ReplayError(f"line {line}: a deal before the settlement of the hand above")
        parse_event(event, line)  # every field of every line checked: nothing is skipped
        current.append(event)
        if kind == "settlement":
            yield start, current
            current = []
    if current:
        if unfinished:
            yield start, current
            return
        raise ReplayError(f"line {start}: the hand that starts here has no settlement")


def _name(value: Any) -> str:
    """An event kind or field name for a message: as it is if short text, else quoted."""
    if isinstance(value, str) and len(value) <= 40 and value.isprintable():
        return value
    return quoted(value)


def _field(event: Mapping[str, Any], key: str, line: int) -> Any:
    if key not in event:
        raise ReplayError(f"line {line}: {_name(event['event'])} event without {key!r}")
    return event[key]


def _whole(
    event: Mapping[str, Any], key: str, line: int, least: int, most: int | None = None
) -> int:
    """The field ``key`` of ``event``: a whole number from ``least`` to ``most`` (not a bool)."""
    value = _field(event, key, line)
    if type(value) is not int or value < least or (most is not None and value > most):
        span = f"{least}-{most}" if most is not None else f"≥ {least}"
        raise ReplayError(
            f"line {line}: {_name(event['event'])} event: {key}: expected a whole number "
            f"{span}, got {quoted(value)}"
        )
    return value


def _text(event: Mapping[str, Any], key: str, line: int) -> str:
    """The field ``key`` of ``event``: text (tiles)."""
    value = _field(event, key, line)
    if type(value) is not str:
        raise ReplayError(
            f"line {line}: {_name(event['event'])} event: {key}: expected text, got {quoted(value)}"
        )
    return value


def _check_deal(deal: Mapping[str, Any], line: int) -> None:
    """Checks the types of a deal event's numbers and names (the engine checks the rest)."""
    if "hand" in deal:
        _whole(deal, "hand", line, 0)
    _text(deal, "variant", line)
    _whole(deal, "dealer", line, 0, 3)
    _whole(deal, "dealer_streak", line, 1)
    options = _field(deal, "options", line)
    if options is not None and not isinstance(options, Mapping):
        raise ReplayError(
            f"line {line}: deal event: options: expected an object, got {quoted(options)}"
        )
    scores = _field(deal, "scores", line)
    # one a seat: the engine holds the count to the variant's table
    if (
        not isinstance(scores, list)
        or not 2 <= len(scores) <= 4
        or any(type(x) is not int for x in scores)
    ):
        raise ReplayError(
            f"line {line}: deal event: scores: expected a whole number a seat, got {quoted(scores)}"
        )


def _check_follows(
    previous: tuple[dict[str, Any], ReplayedResult], deal: dict[str, Any], line: int
) -> None:
    before, result = previous
    if _whole(deal, "hand", line, 0) != _whole(before, "hand", line, 0) + 1:
        return  # another match starts
    try:
        variant = get_variant(_text(deal, "variant", line)).bind(before.get("options") or {})
        expected = variant.next_dealer(
            before["dealer"], before["dealer_streak"], result["record"], result["events"]
        )
    except ReplayError:
        raise
    except MajiangError as e:
        raise ReplayError(f"line {line}: the deal does not follow the hand above: {e}") from None
    got = (_field(deal, "dealer", line), _field(deal, "dealer_streak", line))
    if expected[0] < 0:  # the dice chose the dealer: any seat follows
        expected = (got[0], expected[1])
    if got != expected:
        raise ReplayError(
            f"line {line}: dealer and floor {got} do not follow the hand above, expected {expected}"
        )
    if _field(deal, "scores", line) != result["scores"]:
        raise ReplayError(
            f"line {line}: scores {quoted(deal['scores'])} do not follow the hand above "
            f"{result['scores']}"
        )


def _fold_hand(
    index: int,
    start: int,
    events: list[dict[str, Any]],
    result: ReplayedResult,
    new_game: Callable[..., G],
    unfinished: bool = False,
) -> Iterator[tuple[int, int, dict[str, Any], G]]:
    deal = events[0]
    _check_deal(deal, start)
    try:
        hands = _field(deal, "hands", start)
        fixed = Deal(
            tuple(hands),
            list(_field(deal, "wall", start)),
            deal.get("indicator"),
            deal.get("lower_indicator"),
            tuple(deal.get("dice", (0, 0))),
            _field(deal, "drawn", start),
            tuple(deal["flowers"]) if "flowers" in deal else None,
            # What the deal leads to (a variant's reveal after the deal): a log written before
            # reveals were logged has none, and replays as a hand where nothing was shown.
            reveal=len(events) > 1 and events[1]["event"] == "reveal",
        )
        game = new_game(
            _field(deal, "variant", start),
            options=_field(deal, "options", start),
            deal=fixed,
            dealer=_field(deal, "dealer", start),
            streak=_field(deal, "dealer_streak", start),
            scores=_field(deal, "scores", start),
            carried=deal.get("carry") or {},
        )
    except MajiangError as e:
        raise ReplayError(f"line {start}: the deal does not make a hand: {e}") from None
    except (TypeError, IndexError, KeyError, ValueError) as e:
        raise ReplayError(f"line {start}: malformed deal event ({e})") from None
    # Logs written before variants without a flip stopped logging one still replay.
    unflipped = () if game.table.flips_wild else ("indicator", "lower_indicator")
    _same(game.events[0], deal, start, ignore=("hand", *unflipped))
    yield index, start, deal, game
    at = 1  # next logged event of this hand
    if len(game.events) > 1 and game.events[1]["event"] == "reveal":
        _same(game.events[1], events[at], start + at)
        yield index, start + at, events[at], game
        at += 1
    while not game.over:
        if at >= len(events):
            if unfinished:
                return
            raise ReplayError(f"line {start + at - 1}: the hand ends before the game does")
        line, event = start + at, events[at]
        emitted = len(game.events)
        try:
            for seat, action in _actions(game, event, line, events[at:]):
                game.step(seat, action)
        except ReplayError:
            raise
        except MajiangError as e:  # an illegal action, or a hand record the rules refuse
            raise ReplayError(
                f"line {line}: {_name(event['event'])} is not legal here: {e}"
            ) from None
        for produced in game.events[emitted:]:
            if at >= len(events):
                raise ReplayError(f"line {start + at}: the engine goes on with {produced}")
            # A win logged before wins carried the hands shown (``shown``) replays as well.
            unshown = ("shown",) if "shown" not in events[at] else ()
            _same(produced, events[at], start + at, ignore=unshown)
            yield index, start + at, events[at], game
            at += 1
    if at != len(events):
        raise ReplayError(f"line {start + at}: events after the hand is over")
    record = game.records[-1].get("result") or {}
    result.update(
        winner=record.get("winner") if isinstance(record, Mapping) else None,
        last_drawer=last_drawer(game.events),
        scores=list(game.scores),
        record=game.records[-1],
        events=list(game.events),
    )


def _actions(
    game: LoggedGame, event: Mapping[str, Any], line: int, ahead: Sequence[Mapping[str, Any]] = ()
) -> list[tuple[int, Action]]:
    """The seat actions that make the engine produce ``event`` (and those ``ahead`` of it)."""
    st = game.state
    kind = event["event"]
    if st.phase == "declare":
        # The logged declarations of this window come in a row; every other seat asked passes.
        declared: dict[Any, Action] = {}
        for offset, e in enumerate(ahead):
            if e.get("event") != "declare" or e.get("what") != st.declaring:
                break
            seat = e.get("seat")
            if type(seat) is not int:
                where = f"line {line + offset}: declare event: seat"
                raise ReplayError(f"{where}: expected a seat, got {quoted(seat)}")
            value = e.get("value", "")
            declared[seat] = Declare(str(e.get("what")), str(value))
        asked = game.to_act()
        if not set(declared) <= set(asked):
            raise ReplayError(f"line {line}: seats {sorted(map(str, declared))} were not asked")
        return [(s, declared.get(s, PASS)) for s in asked]
    if st.phase == "turn":
        seat = st.turn
        action: Action | None = None
        if kind == "discard":
            action = Discard(_text(event, "tile", line))
        elif kind == "kong" and event.get("kind") in ("concealed", "added"):
            action = Kong(_text(event, "tile", line), event["kind"])
        elif kind == "win" and event.get("from") is None:
            action = WIN
        elif kind == "declare":  # a turn declaration: its discard follows in the log
            action = Declare(str(event.get("what")), _text(event, "value", line))
        if action is None or _field(event, "winner" if kind == "win" else "seat", line) != seat:
            raise ReplayError(
                f"line {line}: seat {seat} is to act, the log has {quoted(dict(event))}"
            )
        return [(seat, action)]
    # A claim or rob window: the logged claimant claims, every other asked seat passes.
    claim: tuple[int, Action] | None = None
    if kind == "win":
        winner = _field(event, "winner", line)
        if isinstance(winner, list) and winner:  # 一炮多响: every winner declares
            if any(type(w) is not int for w in winner):
                raise ReplayError(
                    f"line {line}: win event: winner: expected seats, got {quoted(winner)}"
                )
            asked = game.to_act()
            if not set(winner) <= set(asked):
                raise ReplayError(f"line {line}: seats {quoted(winner)} have no claim on this tile")
            return [(s, WIN if s in winner else PASS) for s in asked]
        claim = (winner, WIN)
    elif kind == "pong":
        claim = (_field(event, "seat", line), PONG)
    elif kind == "chow":
        claim = (_field(event, "seat", line), Chow(_text(event, "tiles", line)))
    elif kind == "kong" and event.get("kind") == "exposed":
        claim = (_field(event, "seat", line), Kong(_text(event, "tile", line), "exposed"))
    asked = game.to_act()
    if claim is not None and claim[0] not in asked:
        raise ReplayError(f"line {line}: seat {quoted(claim[0])} has no claim on this tile")
    return [(s, claim[1] if claim is not None and s == claim[0] else PASS) for s in asked]


def _same(
    produced: Mapping[str, Any], logged: Mapping[str, Any], line: int, ignore: tuple[str, ...] = ()
) -> None:
    if produced["event"] != logged["event"]:
        raise ReplayError(
            f"line {line}: the log has a {_name(logged['event'])} event, the rules give "
            f"{dict(produced)}"
        )
    a = {k: v for k, v in produced.items() if k not in ignore}
    b = {k: v for k, v in logged.items() if k not in ignore}
    if a != b:
        keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
        detail = "; ".join(
            f"{_name(k)}: logged {quoted(b.get(k))}, replayed {quoted(a.get(k))}" for k in keys
        )
        raise ReplayError(f"line {line}: {logged['event']} event differs ({detail})")
