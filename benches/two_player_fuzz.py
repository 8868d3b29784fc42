"""The two-player game's sweep: simulated hands with every invariant, and its speeds; too
slow for CI.

    python benches/two_player_fuzz.py [--hands 10000] [--workers 2] [--seed 0]

Matches of five hands, mixed EfficiencyBots (which declare 报听 when offered) and RandomBots.
At every step: 136 tiles placed, at most 71 in play (plus 海底捞月's one), and neither
seat's observation changes when the other's concealed tiles and every undrawn tile (the 65
face-down ones included) are dealt anew. For each match: zero-sum scores, every record
re-settled to the same deltas, the log replayed to the same scores and a snapshot taken at a
random step continuing identically. Then the warm settle time of a won record (the issue
asks under 50 µs) and the self-play steps per second beside Nanchang's. Exits 1 on the
first failure (tests/test_two_player.py runs the same checks on 120 hands).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from majiang.game import EfficiencyBot, Game, RandomBot, play, replay
from majiang.game.wall import Wall
from majiang.variants.two_player.settle import settle

HANDS_PER_MATCH = 5


def _bots(match: int) -> list[Any]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 2 + s) for s in range(2)]


def _same_view(g: Game, seat: int, rng: random.Random) -> None:
    st = g.state
    if any(m.kind == "an_gang" for m in st.melds[1 - seat]):
        return
    other = 1 - seat
    hands = [list(h) for h in st.hands]
    tiles = list(st.wall.tiles)
    undrawn = [i for i in range(st.wall.head, st.wall.tail) if tiles[i] != st.indicator]
    pool = [k for k in range(34) for _ in range(hands[other][k])] + [tiles[i] for i in undrawn]
    rng.shuffle(pool)
    size = sum(hands[other])
    hands[other] = [0] * 34
    for k in pool[:size]:
        hands[other][k] += 1
    for i, k in zip(undrawn, pool[size:], strict=True):
        tiles[i] = k
    twin = Game.__new__(Game)
    twin.__dict__.update(g.__dict__)
    wall = Wall(tiles, st.wall.dice, st.wall.flip_dice, st.wall.head, st.wall.tail)
    twin.state = dataclasses.replace(st, hands=hands, wall=wall)
    twin.state.waits = [None if s == other else st.waits[s] for s in range(2)]
    twin._legal, twin._shared = {}, None
    a, b = g.observation(seat), twin.observation(seat)
    if a != b or not (a.to_numpy() == b.to_numpy()).all():
        raise AssertionError(f"seat {seat} sees a hidden tile")
    if g.legal_actions(seat) != twin.legal_actions(seat):
        raise AssertionError(f"seat {seat}'s legal actions depend on a hidden tile")


def _match(match: int, seed: int) -> Counter[str]:
    rng = random.Random(seed * 1_000_003 + match)
    g = Game("two_player", seed=seed * 1_000_003 + match, hands=HANDS_PER_MATCH)
    bots = _bots(match)
    stop = rng.randrange(10, 300)
    steps, restored = 0, None
    while not g.over:
        if g.tile_count() != 136:
            raise AssertionError(f"match {match}: {g.tile_count()} tiles")
        _same_view(g, rng.randrange(2), rng)
        seat = g.to_act()[0]
        action = bots[seat].act(g.observation(seat), g.legal_actions(seat))
        g.step(seat, action)
        if restored is not None:  # the restored game goes on with the same actions
            restored.step(seat, action)
        steps += 1
        if steps == stop:
            restored = Game.restore(json.loads(json.dumps(g.snapshot())))
    if sum(g.scores) != 0:
        raise AssertionError(f"match {match}: scores {g.scores}")
    if replay(g.events).scores != tuple(g.scores):
        raise AssertionError(f"match {match}: the replay differs")
    seen: Counter[str] = Counter()
    for r, s in zip(g.records, g.settlements, strict=True):
        if settle(r).deltas != s.deltas:
            raise AssertionError(f"match {match}: a record re-settles differently")
        seen[r["result"]["kind"]] += 1
        seen["报听"] += bool(r["ready"])
        seen["海底捞月"] += r["last_chance"]
        seen["封顶"] += s.pattern.get("paid") == 13
    if restored is not None and (restored.events != g.events or restored.scores != g.scores):
        raise AssertionError(f"match {match}: the restored game went on differently")
    seen["steps"] += steps
    return seen


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=10_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    matches = -(-args.hands // HANDS_PER_MATCH)
    start = time.perf_counter()
    total: Counter[str] = Counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for seen in pool.map(_match, range(matches), [args.seed] * matches, chunksize=16):
            total += seen
    took = time.perf_counter() - start
    print(f"{matches * HANDS_PER_MATCH} hands in {took:.0f} s: {dict(total)}")
    won = next(r for r in _records() if r["result"]["kind"] == "win")
    settle(won)
    t = time.perf_counter()
    for _ in range(2000):
        settle(won)
    print(f"settle (warm): {(time.perf_counter() - t) / 2000 * 1e6:.1f} µs")
    for name in ("two_player", "nanchang"):
        g, steps = Game(name, seed=1, hands=20), 0
        bots = [EfficiencyBot() for _ in range(g.seats)]
        t = time.perf_counter()
        while not g.over:
            seat = g.to_act()[0]
            g.step(seat, bots[seat].act(g.observation(seat), g.legal_actions(seat)))
            steps += 1
        print(f"{name}: {steps / (time.perf_counter() - t):,.0f} steps/s (EfficiencyBots)")
    return 0


def _records() -> list[dict[str, Any]]:
    return play(Game("two_player", seed=3, hands=10), [EfficiencyBot(), EfficiencyBot()]).records


if __name__ == "__main__":
    sys.exit(main())
