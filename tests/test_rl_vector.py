"""VectorGame (majiang.rl.vector): masks and observations are each table's, every table is
the lone match its seed gives whatever N, finished tables reset, rewards add up to the
scores, bad actions change nothing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError
from majiang.game import Game
from majiang.rl import VectorGame, encode, encode_batch, legal_mask, match_seed, step_id
from majiang.variants import names


def policy(masks: np.ndarray, step: int) -> np.ndarray:
    """A deterministic policy that still varies: the legal id at a rotating position."""
    out = np.zeros(len(masks), np.int64)
    for i, m in enumerate(masks):
        ids = np.flatnonzero(m)
        out[i] = ids[(step * 7 + i) % len(ids)]
    return out


def lone_trace(seed: int, table: int, episode: int, steps: int, hands: int) -> list[int]:
    """The ids the table's policy picks when its match is played alone."""
    game = Game("nanchang", seed=match_seed(seed, table, episode), hands=hands)
    trace: list[int] = []
    for step in range(steps):
        if game.over:
            break
        seat = game.to_act()[0]
        ids = np.flatnonzero(legal_mask(game, seat))
        a = int(ids[(step * 7 + table) % len(ids)])
        trace.append(a)
        step_id(game, seat, a)
    return trace


def test_tables_are_their_lone_matches_whatever_n() -> None:
    traces: dict[int, list[list[int]]] = {}
    for n in (3, 5):
        v = VectorGame(n, seed=4, hands=2)
        per_table: list[list[int]] = [[] for _ in range(n)]
        obs, masks = v.observe()
        for step in range(120):
            for i, g in enumerate(v.games):
                seat = int(v.seats[i])
                assert seat == g.to_act()[0]
                assert (masks[i] == legal_mask(g, seat)).all() and masks[i].any()
                assert (obs[i] == encode(g, seat)).all()
            actions = policy(masks, step)
            for i in range(n):
                per_table[i].append(int(actions[i]))
            obs, masks, _, dones = v.step(actions)
            if dones.any():
                break
        traces[n] = per_table
    for i in range(3):
        assert traces[3][i][: len(traces[5][i])] == traces[5][i][: len(traces[3][i])]
    # A table's steps differ from the lone match's only by the rotating position: replay it.
    v = VectorGame(1, seed=9)
    obs, masks = v.observe()
    picked = []
    for step in range(40):
        if v.episodes[0]:
            break
        a = policy(masks, step)
        picked.append(int(a[0]))
        obs, masks, _, _ = v.step(a)
    assert picked == lone_trace(9, 0, 0, len(picked), 1)


def test_auto_reset_and_rewards_add_up() -> None:
    v = VectorGame(4, seed=1, hands=2)
    _, masks = v.observe()
    totals = np.zeros((4, 4))
    finished: list[tuple[int, list[int]]] = []
    step = 0
    while len(finished) < 6:
        games = list(v.games)
        _, masks, rewards, dones = v.step(policy(masks, step))
        totals += rewards
        for i in np.flatnonzero(dones):
            assert games[i].over and v.games[i] is not games[i] and not v.games[i].over
            assert totals[i].tolist() == [float(s) for s in games[i].scores]
            finished.append((int(i), list(games[i].scores)))
            totals[i] = 0
            assert v.games[i].events[0]["event"] == "deal" and len(v.games[i].records) == 0
        step += 1
    assert v.episodes.sum() == len(finished)


def test_match_rewards_come_at_the_end() -> None:
    v = VectorGame(2, seed=3, reward="match")
    _, masks = v.observe()
    for step in range(400):
        _, masks, rewards, dones = v.step(policy(masks, step))
        assert (rewards[~dones] == 0).all()
        assert (rewards.sum(axis=1) == 0).all()


def test_bad_actions_change_nothing() -> None:
    v = VectorGame(3, seed=2)
    obs, masks = v.observe()
    events = [list(g.events) for g in v.games]
    good = masks.argmax(axis=1)
    bad = good.copy()
    bad[1] = int(np.flatnonzero(~masks[1])[0])
    with pytest.raises(IllegalActionError, match=f"table 1: action id {bad[1]} "):
        v.step(bad)
    big = good.copy()
    big[2] = 10_000
    with pytest.raises(IllegalActionError, match=r"table 2: action id 10000 \(outside"):
        v.step(big)
    with pytest.raises(ArgumentTypeError, match="dtype"):
        v.step(good.astype(np.float64))
    with pytest.raises(ArgumentTypeError, match="dtype"):
        v.step(np.ones(3, np.bool_))
    with pytest.raises(MajiangError, match="shape"):
        v.step(good[:2])
    assert [list(g.events) for g in v.games] == events
    o2, m2 = v.observe()
    assert (o2 == obs).all() and (m2 == masks).all()
    for kwargs in ({"n": 0}, {"n": 2.0}, {"n": 2, "seed": -1}):
        with pytest.raises(MajiangError):
            VectorGame(**kwargs)


@settings(max_examples=60, deadline=None, database=None, derandomize=True)
@given(
    st.sampled_from([np.int64, np.int32, np.uint8, np.int8, np.float32, np.bool_]),
    st.lists(st.integers(-3, 140), min_size=1, max_size=4),
)
def test_any_action_array_steps_or_raises_and_changes_nothing(
    dtype: type, values: list[int]
) -> None:
    v = VectorGame(3, seed=5)
    obs, masks = v.observe()
    events = [len(g.events) for g in v.games]
    try:
        actions: np.ndarray = np.array(values, dtype=dtype)
    except OverflowError:
        return
    try:
        v.step(actions)
    except MajiangError:
        assert [len(g.events) for g in v.games] == events
        o2, m2 = v.observe()
        assert (o2 == obs).all() and (m2 == masks).all()
        return
    assert len(values) == 3 and all(masks[i, values[i]] for i in range(3))


@pytest.mark.parametrize("variant", names())
def test_kept_planes_equal_the_full_encoding_every_step(variant: str) -> None:
    """The VectorGame's rows kept between steps (majiang.rl.table_planes) against the full
    count of encode_batch at every step of whole matches of every variant (claims, kongs,
    flowers, wins that go on, new hands and new matches at the same table), oracle rows
    included."""
    v = VectorGame(4, variant, seed=11, hands=2, oracle=True)
    obs, masks = v.observe()
    rng = np.random.default_rng(3)
    phases, resets = set(), 0
    for _ in range(300):
        seats = v.seats.tolist()
        want = encode_batch(v.games, seats, oracle=True)
        assert (obs == want).all(), np.argwhere(obs != want)[:5]
        for i, g in enumerate(v.games):
            assert (masks[i] == legal_mask(g, seats[i])).all()
            phases.add(g.state.phase)
        _, masks, _, dones = v.step((rng.random(masks.shape) * masks).argmax(axis=1))
        obs, masks = v.observe()
        resets += int(dones.sum())
    assert resets and "claim" in phases
