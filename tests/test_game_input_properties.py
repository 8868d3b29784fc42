"""Property tests (hypothesis) of the game engine's inputs: junk seats and actions, mutated
snapshots. Only MajiangError subclasses ever escape; a refused call changes nothing; a
snapshot is either refused with RecordError or restores to a game that plays on to its end.
CI-sized: a few dozen examples each, no example database."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import majiang
from majiang.game import Chow, Discard, Game, Kong, Pass, Pong, RandomBot, Win, replay

VARIANTS = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb")
CI = settings(
    max_examples=100,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def advanced(variant: str, seed: int, steps: int, hands: int = 2) -> Game:
    """A game of ``variant`` after ``steps`` random legal steps (or at its end)."""
    game = Game(variant, seed=seed, hands=hands)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.step(seat, legal[rng.randrange(len(legal))])
    return game


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.just(10**5000),  # too long for str(): error messages must not print it
    st.integers(-6, 9),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    # Lone surrogates ("\ud800") are issue 11's defect 9, fixed in the tile parser elsewhere.
    st.sampled_from(["5m", "1z", "9z", "0m", "1f", "123m", "55p", "exposed"]),
    st.lists(st.integers(0, 4), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
TILES = st.one_of(
    st.sampled_from(["1m", "5m", "9s", "1z", "7z", "123m", "345p", "555s", "1f", "9z", ""]), JUNK
)
ACTION_DICT = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(["discard", "chow", "pong", "kong", "win", "pass"]), JUNK)},
    optional={"tile": TILES, "tiles": TILES, "kind": st.one_of(st.sampled_from(
        ["concealed", "added", "exposed"]), JUNK)},
)  # fmt: skip
ACTION_OBJECT = st.one_of(
    st.builds(Discard, st.sampled_from(["1m", "5p", "9s", "7z"])),
    st.builds(Chow, st.sampled_from(["123m", "345p", "567z", "135z"])),
    st.builds(Kong, st.sampled_from(["1m", "5p", "7z"]), st.sampled_from(["concealed", "added"])),
    st.just(Pong()),
    st.just(Win()),
    st.just(Pass()),
)
SEAT = st.one_of(st.integers(0, 3), JUNK)


@CI
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 80),
    calls=st.lists(
        st.tuples(
            st.sampled_from(["step", "legal_actions", "observation"]),
            SEAT,
            st.one_of(ACTION_DICT, ACTION_OBJECT, JUNK),
        ),
        min_size=1,
        max_size=8,
    ),
)
def test_junk_seats_and_actions_raise_only_majiang_errors_and_change_nothing(
    variant: str, seed: int, steps: int, calls: list[tuple[str, Any, Any]]
) -> None:
    game = advanced(variant, seed, steps)
    for method, seat, action in calls:
        before = game.snapshot()
        try:
            if method == "step":
                game.step(seat, action)
            elif method == "legal_actions":
                game.legal_actions(seat)
            else:
                game.observation(seat).to_numpy()
        except majiang.MajiangError as e:
            if method == "step":
                assert isinstance(e, majiang.IllegalActionError)
            assert game.snapshot() == before, (method, seat, action)
            continue
        if method != "step":
            assert game.snapshot() == before  # a query changes nothing
        else:  # junk that happens to be a legal move: the real seat's legal action
            assert isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every node of a JSON value, as key paths."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(
    data: dict[str, Any], path: tuple[Any, ...], how: str, junk: Any, rng: random.Random
) -> None:
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    if how == "delete":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif how == "retype":
        parent[key] = junk
    elif how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice([-2, -1, 1, 2, 40])
    elif how == "shuffle" and isinstance(value, list) and len(value) > 1:
        shuffled = list(value)
        while shuffled == value and len(set(map(json.dumps, value))) > 1:
            rng.shuffle(shuffled)
        parent[key] = shuffled
    elif how == "drop" and isinstance(value, list) and value:
        del value[rng.randrange(len(value))]
    else:
        parent[key] = junk


@CI
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    pick=st.integers(0, 10**9),
    how=st.sampled_from(["delete", "retype", "nudge", "shuffle", "drop"]),
    junk=JUNK,
    focus=st.sampled_from(["anywhere", "state", "events", "state.wall"]),
)
def test_mutated_snapshots_are_refused_or_play_on_to_the_end(
    variant: str, seed: int, steps: int, pick: int, how: str, junk: Any, focus: str
) -> None:
    game = advanced(variant, seed, steps)
    data = json.loads(json.dumps(game.snapshot()))
    broken = copy.deepcopy(data)
    prefix = () if focus == "anywhere" else tuple(focus.split("."))
    node: Any = broken
    for key in prefix:
        node = node[key]
    paths = [prefix + p for p in _paths(node) if prefix + p]
    path = paths[pick % len(paths)]
    _mutate(broken, path, how, junk, random.Random(pick))
    try:
        restored = Game.restore(broken)
    except majiang.RecordError:
        event("refused")
        return
    event("restored")
    # Accepted: it is a point the engine reaches, so it plays on to its end without error
    # and its log replays to the same scores.
    bots = [RandomBot(seed + s) for s in range(4)]
    while not restored.over:
        seat = restored.to_act()[0]
        restored.step(
            seat, bots[seat].act(restored.observation(seat), restored.legal_actions(seat))
        )
    assert replay(restored.events).scores == tuple(restored.scores)


@CI
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_unmutated_snapshots_restore_and_continue_identically(
    variant: str, seed: int, steps: int
) -> None:
    game = advanced(variant, seed, steps)
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.snapshot() == game.snapshot()
    for g in (game, restored):
        bots = [RandomBot(seed + s) for s in range(4)]
        while not g.over:
            seat = g.to_act()[0]
            g.step(seat, bots[seat].act(g.observation(seat), g.legal_actions(seat)))
    assert restored.events == game.events and restored.scores == game.scores
