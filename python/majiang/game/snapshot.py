"""Saving and restoring a game as JSON, with every restored fact checked.

A snapshot holds the variant, options, the match's random state, scores, records, events and
the hand state (tiles by name). Restoring checks it as a referee would: first every field's
type and range (a RecordError naming the field), the options through the variant's parser,
every tile of the set in exactly one place, hands of the right size for the phase, claim
windows that name a tile and the seats asked, records that settle; then the events are
folded from each hand's deal (:func:`~majiang.game.folding.fold_log`, every step and
settlement checked) and the records, the scores and the hand state must be the replayed ones,
field by field. So a snapshot is accepted exactly when it is a point the engine reaches, and a
restored game never fails later on what it was given.

Example:
    >>> import json
    >>> from majiang.game import Game
    >>> g = Game(seed=6)
    >>> Game.restore(json.loads(json.dumps(to_snapshot(g)))).state == g.state
    True
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from majiang.bounds import MAX_HANDS, MAX_STREAK
from majiang.errors import MajiangError, RecordError, ReplayError
from majiang.game.actions import Chow, Pass, Win
from majiang.game.folding import fold_log
from majiang.game.state import HandState
from majiang.settlement import Settlement
from majiang.tiles import KIND_INDEX, TILE_NAMES
from majiang.variants import Variant, get_variant, lookup

if TYPE_CHECKING:
    from majiang.game.engine import Game

__all__ = ["SNAPSHOT_FORMAT", "check_snapshot", "read_snapshot", "snapshot_errors", "to_snapshot"]

SNAPSHOT_FORMAT = "majiang.game/1"
MELD_SIZES = {"chi": 3, "peng": 3, "ming_gang": 4, "an_gang": 4, "bu_gang": 4}


def to_snapshot(game: Game) -> dict[str, Any]:
    """The game as JSON-ready data.

    Example:
        >>> from majiang.game import Game
        >>> sorted(to_snapshot(Game(seed=1)))[:4]
        ['events', 'format', 'hands', 'options']
    """
    version, internal, gauss = game.rng.getstate()
    return {
        "format": SNAPSHOT_FORMAT,
        "variant": game.variant.name,
        "options": dict(game.options),
        "hands": game.hands,
        "rng": [version, list(internal), gauss],
        "scores": list(game.scores),
        "over": game.over,
        "records": copy.deepcopy(game.records),
        "events": copy.deepcopy(game.events),
        "state": game.state.to_json(),
    }


@contextmanager
def snapshot_errors() -> Iterator[None]:
    """Whatever restoring meets in a snapshot, a RecordError: the engine's own errors and
    Python's on malformed values become one, naming what is wrong."""
    try:
        yield
    except RecordError:
        raise
    except MajiangError as e:
        raise RecordError(f"snapshot: {e}") from e
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        OverflowError,
        RecursionError,
    ) as e:
        raise RecordError(f"snapshot: malformed ({type(e).__name__}: {e})") from e


def read_snapshot(game: Game, data: Any) -> None:
    """Fill ``game`` (a bare instance) with snapshot ``data``'s fields, each checked for its
    form (RecordError naming the first wrong one); :func:`check_snapshot` then checks that the
    game can have happened.

    Example:
        >>> from majiang.game import Game
        >>> Game.restore({"format": "majiang.game/1", "variant": "nanchang"})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: snapshot: options: missing
    """
    if not isinstance(data, Mapping) or data.get("format") != SNAPSHOT_FORMAT:
        got = data.get("format") if isinstance(data, Mapping) else data
        raise RecordError(f"format: expected {SNAPSHOT_FORMAT!r}, got {got!r}")
    _fill(game, data)


def check_snapshot(game: Game, new_game: Callable[..., Game]) -> None:
    """RecordError unless the restored ``game`` is a point the engine reaches: its records
    settle, its hand state can have happened, and its events fold (through games made by
    ``new_game``) to its records, scores and state."""
    settle = lookup(game.variant.name).settle
    for i, record in enumerate(game.records):
        try:
            settle(record)
        except MajiangError as e:
            raise RecordError(f"snapshot: records[{i}]: {e}") from e
    _check_state(game)
    game.settlements = _check_events(game, new_game)


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"snapshot: {key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"snapshot: {key}: expected {_kind_name(kind)}, got {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


def _fill(game: Game, data: Mapping[str, Any]) -> None:
    name = _get(data, "variant", str)
    game.options = dict(_get(data, "options", Mapping))
    try:
        variant = get_variant(name)
    except MajiangError as e:
        raise RecordError(f"variant: {e}") from e
    if not all(isinstance(k, str) for k in game.options):
        raise RecordError("snapshot: options: option names are strings")
    try:
        game.variant = variant.bind(game.options)  # the variant's option parser
        game.table = game.variant.table
    except MajiangError as e:
        raise RecordError(f"snapshot: options: {e}") from e
    game.hands = _get(data, "hands", int)
    if game.hands < 1:
        raise RecordError(f"snapshot: hands: expected a positive number, got {game.hands}")
    rng = _get(data, "rng", list)
    if len(rng) != 3 or not isinstance(rng[1], list) or len(rng[1]) != 625:
        raise RecordError("snapshot: rng: expected [version, 625 numbers, gauss]")
    game.rng = random.Random()
    game.rng.setstate((rng[0], tuple(rng[1]), rng[2]))
    scores = _get(data, "scores", list)
    seats = game.table.seats
    if len(scores) != seats or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in scores
    ):
        many = {2: "two", 3: "three"}.get(seats, "four")
        raise RecordError(f"snapshot: scores: expected {many} whole numbers, got {scores!r}")
    game.scores = list(scores)
    game.over = _get(data, "over", bool)
    game.records = [dict(r) for r in _objects(_get(data, "records", list), "records")]
    game.events = [dict(e) for e in _objects(_get(data, "events", list), "events")]
    for i, event in enumerate(game.events):
        if not isinstance(event.get("event"), str):
            raise RecordError(f"snapshot: events[{i}]: expected an event object")
    ended = len(game.records) >= game.hands
    if not ended and game.records and type(game.variant).match_over is not Variant.match_over:
        try:  # the variant may end a match early (its rounds played, its stakes lost)
            ended = bool(game.variant.match_over(game.records))
        except (MajiangError, LookupError, TypeError, ValueError, AttributeError):
            ended = not game.over  # records it cannot read: refused below
    if len(game.records) > game.hands or game.over != ended:
        raise RecordError(
            f"snapshot: over: {game.over} does not fit {len(game.records)} of {game.hands} hands"
        )
    game.state = HandState.from_json(_get(data, "state", Mapping), seats)
    if game.hands > MAX_HANDS:
        raise RecordError(f"snapshot: hands: at most {MAX_HANDS} hands a match, got {game.hands}")
    if game.state.streak + game.hands - len(game.records) - 1 > MAX_STREAK and not game.over:
        raise RecordError(  # the hands to come could pass the bound of the records' streak
            f"snapshot: state.streak: {game.state.streak} with {game.hands - len(game.records)} "
            f"hands to play could pass the dealer streak bound {MAX_STREAK}"
        )
    if not game.table.flips_wild:  # snapshots written before flips_wild: no indicator
        game.state.indicator = game.state.lower = None
        for event in game.events:
            if event.get("event") == "deal":
                event.pop("indicator", None)
                event.pop("lower_indicator", None)


def _objects(values: list[Any], key: str) -> list[Mapping[str, Any]]:
    for i, value in enumerate(values):
        if not isinstance(value, Mapping):
            raise RecordError(f"snapshot: {key}[{i}]: expected an object, got {value!r}")
    return values


def _check_events(game: Game, new_game: Callable[..., Game]) -> list[Settlement]:
    """The snapshot is a point the engine reaches: its events fold from each hand's deal
    (:func:`~majiang.game.folding.fold_log`, every step checked, every settlement
    reproduced), hand after hand of one match; the records are the replayed ones, the scores
    the replayed scores, and the hand state the replayed state, field by field. Returns the
    replayed settlements."""
    events, records = game.events, game.records
    deals = [i for i, e in enumerate(events) if e["event"] == "deal"]
    if not deals or deals[0] != 0:
        raise RecordError("snapshot: events: a match's events start with a deal event")
    expected = len(records) + (0 if game.over else 1)
    if len(deals) != expected:
        raise RecordError(
            f"snapshot: events: {len(deals)} deal events for {len(records)} records"
            f"{'' if game.over else ' and the hand in play'}"
        )
    for number, at in enumerate(deals):
        deal = events[at]
        where = f"snapshot: events[{at}]"
        if deal.get("hand") != number or isinstance(deal.get("hand"), bool):
            raise RecordError(f"{where}: the deal of hand {number} says hand {deal.get('hand')!r}")
        if deal.get("variant") != game.variant.name or deal.get("options") != game.options:
            raise RecordError(f"{where}: the deal is not of this game's variant and options")
        if number and deal.get("carry", {}) != game.variant.carry(records[:number]):
            raise RecordError(f"{where}: carry: not what the hands before it carry")
    settlements: list[Settlement] = []
    last = None
    try:
        for hand, _, event, last in fold_log(events, new_game, unfinished=True):
            if event["event"] == "settlement":
                if _json(last.records[-1]) != _json(records[hand]):
                    raise RecordError(f"snapshot: records[{hand}]: not the replayed record")
                settlements.append(last.settlements[-1])
    except ReplayError as e:
        raise RecordError(f"snapshot: events: {e}") from None
    assert last is not None
    if last.scores != game.scores:
        raise RecordError(f"snapshot: scores: {game.scores} are not the replayed {last.scores}")
    _same_state(game.state, last)
    return settlements


def _same_state(state: HandState, replayed: Game) -> None:
    """RecordError naming the first field where ``state`` is not the state of the
    ``replayed`` game (after the answers already given in an open claim, rob or declare
    window)."""
    st = replayed.state
    if st.phase == "declare" and state.phase != "declare":
        # a declaration window every seat asked passed leaves no event: the passes
        for seat in replayed.to_act():
            try:
                replayed.step(seat, Pass())
            except MajiangError as e:
                raise RecordError(f"state.phase: {state.phase} after a declaration ({e})") from None
        st = replayed.state
    if st.phase in ("claim", "rob", "declare") and state.phase == st.phase:
        if len(state.responses) >= len(st.claimants):
            raise RecordError(
                "state.responses: every seat asked has answered, yet the window is open"
            )
        for seat, action in state.responses.items():
            try:
                replayed.step(seat, action)
            except MajiangError as e:
                raise RecordError(f"state.responses[{seat}]: {e}") from None
    for f in fields(HandState):
        if not f.compare:
            continue
        mine, theirs = getattr(state, f.name), getattr(st, f.name)
        if f.name == "wall":
            # The tiles left in the wall, in order, and the set in play must be the replayed
            # ones; where the tiles already drawn sat is not kept by the log (nor needed).
            same = (
                mine.live() == theirs.live()
                and mine.dice == theirs.dice
                and Counter(mine.tiles) == Counter(theirs.tiles)
            )
        else:
            same = mine == theirs
        if not same:
            raise RecordError(f"state.{f.name}: not the state the events lead to")


def _json(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists), for comparing records."""
    return json.loads(json.dumps(value))


def _check_state(game: Game) -> None:
    """The restored hand state can have happened: tiles, hand sizes, claim windows."""
    st = game.state
    if game.table.flips_wild != (st.indicator is not None) or (st.indicator is None) != (
        st.lower is None
    ):
        flips = "flips a wild-tile indicator" if game.table.flips_wild else "flips none"
        raise RecordError(f"state.indicator: {game.variant.name} {flips}")
    if st.wilds != (
        game.variant.fixed_wilds() if st.indicator is None else game.variant.wilds(st.indicator)
    ):
        raise RecordError("state.wilds: not the variant's wild kinds for the indicator")
    wall = st.wall
    placed: Counter[int] = Counter(wall.tiles[wall.head : wall.tail])
    for hand in st.hands:
        if len(hand) != 34:
            raise RecordError("state.hands: expected 34 counts a seat")
        placed.update({k: n for k, n in enumerate(hand) if n})
    for seat, melds in enumerate(st.melds):
        for m in melds:
            if len(m.kinds) != MELD_SIZES[m.kind]:
                raise RecordError(f"state.melds[{seat}]: a {m.kind} of {len(m.kinds)} tiles")
            placed.update(m.kinds)
    for tiles in (*st.ponds, *st.flowers):
        placed.update(tiles)
    for extra in (st.rob_tile, st.won_on):
        if extra is not None:
            placed[extra] += 1
    earlier = st.wins[:-1] if st.won_on is not None else st.wins  # won_on: the last win's
    for w in earlier:  # the tiles of wins the hand went on after (血战)
        tile = w.get("tile")
        if tile not in KIND_INDEX:
            raise RecordError("state.wins: a win without its tile")
        placed[KIND_INDEX[tile]] += 1
    every = Counter(wall.tiles)
    if placed != every:
        wrong = sorted(t for t in set(placed) | set(every) if placed[t] != every[t])
        names = ", ".join(TILE_NAMES[t] if 0 <= t < len(TILE_NAMES) else str(t) for t in wrong[:3])
        raise RecordError(f"state: tiles out of place ({names}): every tile must be somewhere once")
    if st.phase == "over":
        if not game.over:
            raise RecordError("state.phase: over, but the match goes on")
        return
    if game.over:
        raise RecordError(f"state.phase: {st.phase}, but the match is over")
    for seat in range(game.table.seats):
        size = sum(st.hands[seat]) + 3 * len(st.melds[seat])
        acting = st.phase in ("turn", "declare") and seat == st.turn
        if size != (14 if acting else 13):
            raise RecordError(f"state.hands[{seat}]: {sum(st.hands[seat])} tiles do not fit")
    if st.phase == "turn":
        if st.claimants or st.responses or st.options or st.rob_tile is not None:
            raise RecordError("state: a claim window left open on a turn")
        if st.drawn is not None and not st.hands[st.turn][st.drawn]:
            raise RecordError("state.drawn: the turn seat does not hold it")
        return
    if st.phase == "declare" and st.declaring is not None:
        for seat, options in st.options.items():
            if options != game.variant.opening_options(st.declaring, seat, st):
                raise RecordError(f"state.options[{seat}]: not what the rules offer")
            response = st.responses.get(seat)
            if response is not None and response not in options:
                raise RecordError(f"state.responses[{seat}]: {response} was not offered")
        return
    tile = st.rob_tile if st.phase == "rob" else st.last_discard
    origin = st.turn if st.phase == "rob" else st.discarder
    if tile is None or origin is None:
        raise RecordError(f"state: a {st.phase} window without its tile and seat")
    if set(st.options) != set(st.claimants) or not st.claimants:
        raise RecordError("state.options: expected options for exactly the seats asked")
    if origin in st.claimants or not set(st.responses) <= set(st.claimants):
        raise RecordError("state.claimants: the seats asked do not fit the window")
    for seat, options in st.options.items():
        if st.phase == "claim" and options != game.claim_options(seat, tile):
            raise RecordError(f"state.options[{seat}]: not what the rules offer")
        if st.phase == "rob" and options != [Win()]:
            raise RecordError(f"state.options[{seat}]: only a win robs a kong")
        response = st.responses.get(seat)
        if response is not None and response not in [*options, Pass()]:
            raise RecordError(f"state.responses[{seat}]: {response} was not offered")
    if st.phase == "claim" and any(isinstance(a, Chow) for a in st.options.get(origin, [])):
        raise RecordError("state.options: the discarder cannot claim its own tile")
