"""Saving and restoring a game as JSON, with every restored fact checked.

A snapshot holds the variant, options, the match's random state, scores, records, events and
the hand state (tiles by name). Restoring checks it as a referee would: every tile of the set
in exactly one place, hands of the right size for the phase, claim windows that name a tile
and the seats asked, records that settle. Anything else is a RecordError naming the field, so
a restored game never fails later on what it was given.

Example:
    >>> import json
    >>> from majiang.game import Game
    >>> g = Game(seed=6)
    >>> Game.restore(json.loads(json.dumps(to_snapshot(g)))).state == g.state
    True
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from majiang.errors import MajiangError, RecordError
from majiang.game.actions import Chow, Pass, Win
from majiang.game.state import HandState
from majiang.tiles import TILE_NAMES
from majiang.variants import get_variant

if TYPE_CHECKING:
    from majiang.game.engine import Game

__all__ = ["SNAPSHOT_FORMAT", "from_snapshot", "to_snapshot"]

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


def from_snapshot(game: Game, data: Any) -> None:
    """Fill ``game`` (a bare instance) from snapshot ``data``; RecordError naming the first
    thing wrong.

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
    try:
        _fill(game, data)
    except RecordError:
        raise
    except MajiangError as e:
        raise RecordError(f"snapshot: {e}") from e
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as e:
        raise RecordError(f"snapshot: malformed ({type(e).__name__}: {e})") from e


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
        game.variant = get_variant(name).with_options(game.options)
    except MajiangError as e:
        raise RecordError(f"variant: {e}") from e
    game.hands = _get(data, "hands", int)
    if game.hands < 1:
        raise RecordError(f"snapshot: hands: expected a positive number, got {game.hands}")
    rng = _get(data, "rng", list)
    if len(rng) != 3 or not isinstance(rng[1], list) or len(rng[1]) != 625:
        raise RecordError("snapshot: rng: expected [version, 625 numbers, gauss]")
    game.rng = random.Random()
    game.rng.setstate((rng[0], tuple(rng[1]), rng[2]))
    scores = _get(data, "scores", list)
    if len(scores) != 4 or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores):
        raise RecordError(f"snapshot: scores: expected four whole numbers, got {scores!r}")
    game.scores = list(scores)
    game.over = _get(data, "over", bool)
    game.records = [dict(r) for r in _get(data, "records", list)]
    game.events = [dict(e) for e in _get(data, "events", list)]
    if len(game.records) > game.hands or game.over != (len(game.records) >= game.hands):
        raise RecordError(
            f"snapshot: over: {game.over} does not fit {len(game.records)} of {game.hands} hands"
        )
    game.state = HandState.from_json(_get(data, "state", Mapping))
    if not game.variant.flips_jing:  # snapshots written before flips_jing: no indicator
        game.state.indicator = game.state.lower = None
        for event in game.events:
            if event.get("event") == "deal":
                event.pop("indicator", None)
                event.pop("lower_indicator", None)
    game._restored()
    game.settlements = [game.variant.settle(r) for r in game.records]
    if sum(game.scores) != 0 or any(
        sum(s.deltas[i] for s in game.settlements) != game.scores[i] for i in range(4)
    ):
        raise RecordError("snapshot: scores: not the sum of the records' settlements")
    _check_state(game)


def _check_state(game: Game) -> None:
    """The restored hand state can have happened: tiles, hand sizes, claim windows."""
    st = game.state
    if game.variant.flips_jing and (st.indicator is None or st.lower is None):
        raise RecordError(f"state.indicator: {game.variant.name} flips a jing indicator")
    if st.jing != (() if st.indicator is None else game.variant.jing_kinds(st.indicator)):
        raise RecordError("state.jing: not the variant's jing for the indicator")
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
    for seat in range(4):
        size = sum(st.hands[seat]) + 3 * len(st.melds[seat])
        acting = st.phase == "turn" and seat == st.turn
        if size != (14 if acting else 13):
            raise RecordError(f"state.hands[{seat}]: {sum(st.hands[seat])} tiles do not fit")
    if st.phase == "turn":
        if st.claimants or st.responses or st.options or st.rob_tile is not None:
            raise RecordError("state: a claim window left open on a turn")
        if st.drawn is not None and not st.hands[st.turn][st.drawn]:
            raise RecordError("state.drawn: the turn seat does not hold it")
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
        if options != game._claim_options(seat, tile) and st.phase == "claim":
            raise RecordError(f"state.options[{seat}]: not what the rules offer")
        if st.phase == "rob" and options != [Win()]:
            raise RecordError(f"state.options[{seat}]: only a win robs a kong")
        response = st.responses.get(seat)
        if response is not None and response not in [*options, Pass()]:
            raise RecordError(f"state.responses[{seat}]: {response} was not offered")
    if st.phase == "claim" and any(isinstance(a, Chow) for a in st.options.get(origin, [])):
        raise RecordError("state.options: the discarder cannot claim its own tile")
