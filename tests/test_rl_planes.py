"""Learning planes (majiang.rl.planes): the efficiency rows against a brute force over the
single-hand functions, the oracle rows against the true state, for random states of every
variant; a batch equals its rows one by one."""

from __future__ import annotations

import random

import numpy as np
import pytest

import majiang
from majiang.errors import ArgumentTypeError, MajiangError
from majiang.game import PLANES, Game
from majiang.rl import encode, encode_batch, plane_names
from majiang.tiles import KINDS
from rl_states import walk

VARIANTS = ("nanchang", "pingxiang", "nanjing")
ROW = {name: i for i, name in enumerate(plane_names(oracle=True))}


def brute_rows(game: Game, seat: int) -> dict[str, list[int]]:
    """The four efficiency rows from majiang.shanten / winning_tiles, one hand at a time."""
    st = game.state
    hand, melds = list(st.hands[seat]), len(st.melds[seat])
    rules, jing = game.table.shapes, tuple(KINDS[k] for k in st.wilds)
    unseen = game.observation(seat).to_numpy()[PLANES.index("unseen")].tolist()
    visible = [4 - u - h for u, h in zip(unseen, hand, strict=True)]

    def sh(counts: list[int]) -> int:
        return int(majiang.shanten(counts, rules=rules, jing=jing, melds=melds))

    rows = {name: [0] * 34 for name in ("shanten", "discard_shanten", "discard_effective", "waits")}
    size = sum(hand) + 3 * melds
    if size % 3 == 0:
        return rows
    rows["shanten"] = [sh(hand) + 1] * 34
    if size % 3 == 2:
        for k in range(34):
            if not hand[k]:
                continue
            after = list(hand)
            after[k] -= 1
            s = sh(after)
            rows["discard_shanten"][k] = s + 1
            n = 0
            for t in range(34):
                if after[t] < 4:
                    more = list(after)
                    more[t] += 1
                    if sh(more) < s:
                        n += max(0, 4 - visible[t] - hand[t])
            rows["discard_effective"][k] = min(n, 255)
    else:
        won = majiang.winning_tiles(hand, rules=rules, jing=jing, melds=melds)
        rows["waits"] = [int(KINDS[k] in won) for k in range(34)]
    return rows


@pytest.mark.parametrize("variant", VARIANTS)
def test_efficiency_and_oracle_rows_from_the_state(variant: str) -> None:
    rng = random.Random(variant)
    checked = 0
    for seed in range(6):
        for n, game in enumerate(walk(variant, seed, 120)):
            if game.over or n % 7:
                continue
            seat = rng.randrange(game.seats)
            a = encode(game, seat, oracle=True)
            assert a.shape == (len(ROW), 34) and a.dtype == np.uint8
            assert (a[: len(PLANES)] == game.observation(seat).to_numpy()).all()
            for name, row in brute_rows(game, seat).items():
                assert a[ROW[name]].tolist() == row, name
            st = game.state
            for rel, where in ((1, "next"), (2, "across"), (3, "previous")):
                other = (seat + rel) % 4
                assert a[ROW[f"oracle_hand_{where}"]].tolist() == st.hands[other]
                melds = [0] * 34
                for m in st.melds[other]:
                    for k in m.kinds:
                        melds[k] += 1
                assert a[ROW[f"oracle_melds_{where}"]].tolist() == melds
            live = st.wall.live()
            assert a[ROW["oracle_wall"]].tolist() == [live.count(k) for k in range(34)]
            nxt = a[ROW["oracle_next_draw"]]
            assert nxt.sum() == (1 if live and live[0] < 34 else 0)
            if live and live[0] < 34:
                assert nxt[live[0]] == 1
            lower = a[ROW["oracle_lower_indicator"]]
            assert lower.sum() == (st.lower is not None) and (st.lower is None or lower[st.lower])
            checked += 1
    assert checked > 40


def test_a_batch_is_its_rows() -> None:
    games = [g.clone() for seed in range(5) for g in [list(walk("nanchang", seed, 30))[-1]]]
    seats = [g.to_act()[0] if g.to_act() else 0 for g in games]
    out = np.full((5, len(plane_names()), 34), 7, np.uint8)
    got = encode_batch(games, seats, out=out)
    assert got is out
    for i, (g, s) in enumerate(zip(games, seats, strict=True)):
        assert (got[i] == encode(g, s)).all()


def test_the_plane_names_and_sizes() -> None:
    assert plane_names()[: len(PLANES)] == PLANES
    assert len(plane_names()) == len(PLANES) + 4 and len(plane_names(True)) == len(PLANES) + 13
    assert encode_batch([], []).shape == (0, len(plane_names()), 34)


def test_bad_buffers_and_batches_are_refused() -> None:
    g = Game(seed=0)
    with pytest.raises(ArgumentTypeError, match="dtype"):
        encode_batch([g], [0], out=np.zeros((1, 34, 34), np.int16))
    with pytest.raises(MajiangError, match="shape"):
        encode_batch([g], [0], out=np.zeros((2, 34, 34), np.uint8))
    with pytest.raises(MajiangError, match="seats"):
        encode_batch([g], [0, 1])
    with pytest.raises(MajiangError, match="shape rules"):
        encode_batch([g, Game("pingxiang")], [0, 0])


@pytest.mark.parametrize("variant", majiang.variants.names())
def test_kept_planes_are_right_whatever_the_tables_are(variant: str) -> None:
    """TablePlanes keeps rows between calls, but what it keeps is checked against each new
    observation (identity for melds, contents for ponds and flowers): fed observations in any
    order (tables swapped, seats changed, other matches, steps skipped) it still equals
    stack_planes, the full count, at every call."""
    from majiang.game import Observation
    from majiang.rl.planes import stack_planes
    from majiang.rl.table_planes import TablePlanes

    rng = random.Random(7)
    pool: list[Observation] = []
    for seed in range(2):
        for step, game in enumerate(walk(variant, seed, 250, hands=2)):
            if step % 4 == 0:
                pool.extend(game.observation(s) for s in range(game.seats))
    cache = TablePlanes(3)
    out = np.zeros((3, len(PLANES) + 2, 34), np.uint8)
    for _ in range(200):
        obs = [rng.choice(pool) for _ in range(3)]
        melds = cache.fill(obs, out)
        assert (out[:, : len(PLANES)] == stack_planes(obs)).all()
        assert melds.tolist() == [len(o.melds[o.seat]) for o in obs]
    with pytest.raises(MajiangError, match="observations"):
        cache.fill(obs[:2], out)
    with pytest.raises(MajiangError, match="C-contiguous"):
        cache.fill(obs, np.zeros((3, 34, 34), np.uint8)[:, ::2])
