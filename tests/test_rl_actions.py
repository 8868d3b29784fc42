"""Action ids and masks (majiang.rl.actions): for random states of every playable variant the
mask is exactly the legal actions, ids round-trip, every true id steps, every other id
raises IllegalActionError and changes nothing. (100,000 states a variant:
benches/rl_fuzz_actions.py.)"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError
from majiang.game import Chow, Deal, Declare, Discard, Game, Kong, Pass, Pong, Win
from majiang.rl import action_space, legal_ids, legal_mask, step_id
from majiang.rl.actions import ADDED, CHOWS, CONCEALED, EXPOSED, PASS_ID, PONG_ID, WIN_ID
from majiang.tiles import KINDS
from rl_states import VoidAndPass, playable, walk, with_test_variant

CI = settings(
    max_examples=30,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.fixture(autouse=True)
def test_variant() -> Iterator[None]:
    yield from with_test_variant()


def variants() -> list[str]:
    return playable()


def check_state(game: Game, rng: random.Random, deep: bool) -> None:
    """Every invariant of the ids at this state; ``deep``: also step every legal id of one
    acting seat on a copy and try illegal ids of one seat on the game itself."""
    space = action_space(game)
    acting = game.to_act()
    for seat in range(game.seats):  # every seat of the table
        legal = game.legal_actions(seat)
        ids = [space.id_of(a) for a in legal]
        assert len(set(ids)) == len(ids), f"two legal actions share an id: {legal}"
        mask = legal_mask(game, seat)
        assert mask.dtype == np.bool_ and mask.shape == (space.size,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        assert legal_ids(game, seat) == ids
        if seat in acting:
            assert mask.any(), f"seat {seat} must act but its mask is all false"
        else:
            assert not mask.any()
        for action, i in zip(legal, ids, strict=True):
            assert space.label(i)  # every id has a meaning
            assert _id_meaning(space.label(i), action)
    if not deep:
        return
    seat = rng.choice(acting) if acting else rng.randrange(game.seats)
    mask = legal_mask(game, seat)
    for i in np.flatnonzero(mask).tolist():
        copy = game.clone()
        done = step_id(copy, seat, i)
        assert space.id_of(done) == i
    before = json.dumps(game.snapshot(), sort_keys=True)
    illegal = [i for i in range(space.size) if not mask[i]]
    for i in rng.sample(illegal, min(5, len(illegal))):
        with pytest.raises(IllegalActionError, match=f"action id {i} "):
            step_id(game, seat, i)
    assert json.dumps(game.snapshot(), sort_keys=True) == before


def _id_meaning(label: str, action: object) -> bool:
    """The label of an id says the action it stands for."""
    if isinstance(action, Discard):
        return label == f"discard {action.tile}"
    if isinstance(action, Kong):
        return (
            label == "kong exposed"
            if action.kind == "exposed"
            else label == (f"kong {action.kind} {action.tile}")
        )
    if isinstance(action, Chow):
        return label == f"chow {action.tiles}"
    if isinstance(action, Declare):
        return label == f"declare {action.what}" + (f" {action.value}" if action.value else "")
    name = {Pong: "pong", Win: "win", Pass: "pass"}[type(action)]
    return label == name


# Every playable variant with its default options, the test variant, and the options that
# change a variant's openings (Sichuan's 换三张).
TABLES = [(v, "") for v in sorted(set(playable()) | {"test-void-and-pass"})]
if "sichuan" in playable():
    TABLES.append(("sichuan", "exchange"))


@CI
@given(st.sampled_from(TABLES), st.integers(0, 10**6))
def test_masks_are_the_legal_actions_at_random_states(table: tuple[str, str], seed: int) -> None:
    variant, option = table
    rng = random.Random(seed)
    options = {option: True} if option else None
    states = walk(variant, seed, rng.randrange(40, 200), options=options)
    for n, game in enumerate(states):
        check_state(game, rng, deep=n % 60 == 0 or game.over)


def test_every_variant_is_covered_with_its_declarations() -> None:
    assert {"nanchang", "pingxiang", "nanjing"} <= set(variants())
    for name in variants():
        space = action_space(name)
        v = Game(name, seed=0).variant
        assert space.declarations == tuple(
            (w, val)
            for w in v.table.openings + v.table.turn_declarations
            for val in v.opening_values(w)
        )
        assert space.size == CHOWS + len(space.chows) + len(space.declarations)
        assert len(set(space.labels)) == space.size


def test_the_ids_are_the_documented_table() -> None:
    s = action_space("nanchang")
    assert [s.label(k) for k in range(34)] == [f"discard {k}" for k in KINDS]
    assert s.label(CONCEALED + 33) == "kong concealed 7z" and s.label(ADDED) == "kong added 1m"
    assert (s.label(PONG_ID), s.label(EXPOSED), s.label(WIN_ID), s.label(PASS_ID)) == (
        "pong",
        "kong exposed",
        "win",
        "pass",
    )
    assert len(s.chows) == 26 and len(action_space("pingxiang").chows) == 21
    assert action_space("nanjing").chows == ()
    assert action_space("nanjing").declarations == (("ready", ""),)
    void = action_space(VoidAndPass.table.name)
    assert void.declarations[:3] == (("void", "m"), ("void", "p"), ("void", "s"))
    assert len(void.declarations) == 3 + 34 and void.label(CHOWS + 21) == "declare void m"


def test_declarations_map_to_ids_and_private_values_stay_ids() -> None:
    g = Game(VoidAndPass.table.name, seed=3, dealer=1)
    space = action_space(g)
    assert g.state.phase == "declare" and g.to_act() == [1, 2, 3, 0]
    m = legal_mask(g, 2)
    assert [space.label(int(i)) for i in np.flatnonzero(m)] == [
        "declare void m",
        "declare void p",
        "declare void s",
    ]
    for seat in g.to_act():
        step_id(g, seat, CHOWS + 21 + 1)  # void p
    assert g.state.phase == "declare" and g.state.declaring == "pass"
    ids = legal_ids(g, 0)
    held = [k for k in KINDS if g.state.hands[0][KINDS.index(k)]]
    assert [space.label(i) for i in ids] == [f"declare pass {k}" for k in held]


def test_nanjing_ready_is_an_id() -> None:
    g = Game(
        "nanjing",
        dealer=0,
        deal=Deal(
            ("123456789m1122p5s", "123456789p1234s", "147m258p369s1233z", "13579m1357p1357s"),
            "9s9s",
        ),
    )
    space = action_space(g)
    ready = space.size - 1
    assert space.label(ready) == "declare ready"
    assert legal_ids(g, 1) == [ready, PASS_ID]
    step_id(g, 1, ready)
    step_id(g, 0, PASS_ID)
    assert g.state.declared[1] == {"ready": ""} and g.state.phase == "turn"


@pytest.mark.parametrize("bad", [-1, 132, 10**9, True, 1.0, "3", None])
def test_bad_ids_raise_and_change_nothing(bad: object) -> None:
    g = Game(seed=5, dealer=0)
    before = json.dumps(g.snapshot(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="action id"):
        step_id(g, 0, bad)  # type: ignore[arg-type]
    assert json.dumps(g.snapshot(), sort_keys=True) == before


def test_numpy_ids_step() -> None:
    g = Game(seed=5, dealer=0)
    i = np.int64(legal_ids(g, 0)[0])
    step_id(g, 0, i)
    assert len(g.events) > 1


def test_a_wrong_mask_buffer_is_refused() -> None:
    g = Game(seed=5, dealer=0)
    with pytest.raises(ArgumentTypeError, match="dtype"):
        legal_mask(g, 0, out=np.zeros(132, np.uint8))
    with pytest.raises(MajiangError, match="shape"):
        legal_mask(g, 0, out=np.zeros(131, np.bool_))
    with pytest.raises(ArgumentTypeError, match="numpy array"):
        legal_mask(g, 0, out=[False] * 132)  # type: ignore[arg-type]
    out = np.ones(132, np.bool_)
    assert legal_mask(g, 0, out=out) is out and out.sum() == len(g.legal_actions(0))


def test_an_action_outside_the_space_is_named() -> None:
    with pytest.raises(IllegalActionError, match="no id in the nanjing action space"):
        action_space("nanjing").id_of(Chow("123m"))
    with pytest.raises(IllegalActionError, match="no id"):
        action_space("nanchang").id_of(Declare("ready"))


def test_ids_by_identity_are_the_ids_by_value_and_bounded() -> None:
    """ActionSpace.ids_of looks the engine's shared action objects up by identity: equal
    objects that are not the engine's get the same ids, and no more than _KEPT objects are
    kept however many are seen."""
    from majiang.game.actions import Action
    from majiang.rl.actions import _KEPT

    space = action_space("nanchang")
    fresh: list[Action] = [Discard("3m"), Pass(), Chow("123m"), Kong("7z", "added"), Pong(), Win()]
    want = [space.id_of(a) for a in fresh]
    assert space.ids_of(fresh) == want == space.ids_of(tuple(fresh))
    assert space.ids_of(iter(fresh[:2])) == want[:2]
    many = [Discard("5p") for _ in range(_KEPT + 10)]
    assert space.ids_of(many) == [13] * len(many)
    assert len(space._kept) <= _KEPT and len(space._by_object) == len(space._kept)
