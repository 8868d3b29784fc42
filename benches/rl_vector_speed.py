"""Environment steps a second with observation and mask: majiang's VectorGame beside
riichienv's env, in one interleaved run.

    python benches/rl_vector_speed.py [--steps N] [--repeat R] [--tables 1,16,64]
                                      [--processes] [--ray] [--engine] [--breakdown]
                                      [--cpu-check] [--cpu-time] [--json]

Every engine is driven the same way: at each step the seat (or, for riichienv, every seat)
that must act gets its observation array and legal-action mask, picks a uniformly random
legal id from the mask, and the engine applies it; finished games start anew. A step is one
action applied.

- majiang ``VectorGame(T, "nanchang")``: one ``step`` applies T actions (one a table) and
  returns the (T, 39, 34) observations (engine planes and the batch efficiency planes) and
  (T, 132) masks of the next seats; the ids are drawn for all T tables with numpy.
- majiang ``MajiangEnv`` (Gymnasium, EfficiencyBots at the other seats): the learner's steps
  only, the bots' moves in between not counted.
- riichienv (optional, from PyPI) ``RiichiEnv``: for every acting player ``obs.encode()``
  (its float32 planes) and ``obs.mask()``, the id mapped back by ``obs.find_action``.
- RLCard (optional, from PyPI) ``rlcard.make("mahjong")``: its state's ``obs`` planes (built
  by every step) and a mask from ``legal_actions``; a twentieth of the steps (it is slow).

- ``--engine``: the engine alone on as many matches as the largest T (``to_act``,
  ``legal_actions``, ``Game.step`` of a random legal action; no observation, mask or id):
  the floor of any env whose game flow is the Python engine.
- ``--breakdown`` (run last, it wraps the functions it times): microseconds a step of each
  part of the largest VectorGame: the engine's step and observation, new matches, legal
  actions with their ids and the mask, the engine planes, the efficiency planes' Rust calls
  and the numpy around them, the rest.

Figures are the best of R runs of N steps. ``--processes`` also runs the VectorGame of the
largest T in two processes at once and reports their summed rate over one process's rate
(the scaling from one process to two); ``--ray`` times a ``RayVectorGame`` of that size on
two local Ray actors. ``--cpu-check`` reports how much of two cores the machine gave, as
benches/compare_game.py does; ``--cpu-time`` rates the steps per second of the process's CPU
time instead of wall time (steadier on a machine other jobs share; every engine here runs on
one thread).
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import os
import platform
import sys
import time
import types
from collections.abc import Callable
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_game import cpu_share

from majiang.game import Game
from majiang.rl import VectorGame, match_seed
from majiang.rl.gym_env import MajiangEnv


def vector_steps(tables: int, steps: int) -> int:
    """``steps`` actions (rounded up to whole vector steps) of a VectorGame of ``tables``."""
    v = VectorGame(tables, "nanchang", seed=1)
    rng = np.random.default_rng(0)
    _, masks = v.observe()
    done = 0
    while done < steps:
        scores = rng.random(masks.shape) * masks
        _, masks, _, _ = v.step(scores.argmax(axis=1))
        done += tables
    return done


def engine_steps(tables: int, steps: int) -> int:
    """The floor of any env with the game flow in Python: the engine alone on ``tables``
    matches (the VectorGame's seeds), each step ``to_act``, ``legal_actions`` and
    ``Game.step`` of a random legal action, new matches as they end; no observation, no
    mask, no ids."""
    games = [Game("nanchang", seed=match_seed(1, i, 0)) for i in range(tables)]
    episodes = [0] * tables
    rng = np.random.default_rng(0)
    done = 0
    while done < steps:
        picks = rng.random(tables).tolist()
        for i, game in enumerate(games):
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.step(seat, legal[int(picks[i] * len(legal))])
            if game.over:
                episodes[i] += 1
                games[i] = Game("nanchang", seed=match_seed(1, i, episodes[i]))
        done += tables
    return done


def breakdown(tables: int, steps: int) -> dict[str, float]:
    """Microseconds a step (one table's action) of each part of ``VectorGame(tables)``
    stepping, from timers around each part (the engine's step per call, less the timer's
    own cost; the rest per vector step). Run last: it wraps the functions it times."""
    import majiang.batch
    import majiang.rl.planes as planes_module
    import majiang.rl.vector as vector_module
    from majiang.rl.table_planes import TablePlanes

    spent: dict[str, float] = {}
    clock = time.perf_counter

    def timed(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = clock()
            try:
                return inner(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + clock() - start

        setattr(owner, name, wrapper)

    timed(Game, "step", "engine Game.step")
    timed(Game, "observation", "engine Game.observation")
    timed(VectorGame, "_new", "new matches")
    timed(VectorGame, "_refresh", "refresh")
    timed(vector_module, "encode_batch", "encode")
    timed(TablePlanes, "fill", "planes 0-29 (TablePlanes.fill)")
    timed(planes_module, "_efficiency", "efficiency")
    if hasattr(planes_module, "_core_batch"):  # the planes in one core call
        core = types.SimpleNamespace(efficiency_planes=planes_module._core_batch.efficiency_planes)
        planes_module._core_batch = core
        timed(core, "efficiency_planes", "efficiency: Rust batch calls")
    else:  # an earlier build: one call of majiang.batch a plane
        for name in ("shanten", "discard_shanten", "effective_counts", "winning_mask"):
            timed(majiang.batch, name, "efficiency: Rust batch calls")
    start = clock()
    done = vector_steps(tables, steps)
    total = clock() - start
    t0 = clock()  # the timer's own cost, paid once a table a step by the engine's two
    for _ in range(10_000):
        clock()
        clock()
    pair = (clock() - t0) / 10_000
    us = {k: v / done * 1e6 for k, v in spent.items()}
    us["engine Game.step"] -= pair * 1e6
    us["engine Game.observation"] -= pair * 1e6
    out = {
        "total": total / done * 1e6,
        "engine Game.step": us["engine Game.step"],
        "new matches": us["new matches"],
        "legal actions, ids, mask": us["refresh"] - us["encode"],
        "engine Game.observation": us["engine Game.observation"],
        "planes 0-29 (TablePlanes.fill)": us["planes 0-29 (TablePlanes.fill)"],
        "efficiency: Rust batch calls": us["efficiency: Rust batch calls"],
        "efficiency: numpy around them": us["efficiency"] - us["efficiency: Rust batch calls"],
    }
    out["VectorGame.step's own (ids check, rewards, loop)"] = out["total"] - sum(
        v for k, v in out.items() if k != "total"
    )
    return {k: round(v, 2) for k, v in out.items()}


def gym_steps(steps: int) -> int:
    env = MajiangEnv("nanchang", seat=0)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=1)
    for _ in range(steps):
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, done, _, _ = env.step(a)
        if done:
            obs, _ = env.reset()
    return steps


def riichienv_steps(steps: int) -> int:
    from riichienv import RiichiEnv

    rng = np.random.default_rng(0)
    done, seed = 0, 0
    env = RiichiEnv(seed=seed)
    obs = env.reset()
    while done < steps:
        actions = {}
        for pid, o in obs.items():
            np.frombuffer(o.encode(), np.float32)
            mask = np.frombuffer(o.mask(), np.uint8)
            actions[pid] = o.find_action(int(rng.choice(np.flatnonzero(mask))))
        obs = env.step(actions)
        done += len(actions)
        if env.done():
            seed += 1
            env = RiichiEnv(seed=seed)
            obs = env.reset()
    return done


def rlcard_steps(steps: int) -> int:
    import rlcard

    env = rlcard.make("mahjong", config={"seed": 0})
    rng = np.random.default_rng(0)
    state, _ = env.reset()
    for _ in range(steps):
        np.asarray(state["obs"])  # its (6, 34, 4) planes, built by every step
        mask = np.zeros(env.num_actions, np.bool_)
        mask[list(state["legal_actions"])] = True
        state, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if env.is_over():
            state, _ = env.reset()
    return steps


def best_rates(
    runs: dict[str, Callable[[], int]], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """Best steps a second of each run (of ``clock``: wall time, or the process's CPU time),
    the runs taken in turn."""
    best = dict.fromkeys(runs, 0.0)
    for _ in range(repeat):
        for name, fn in runs.items():
            start = clock()
            n = fn()
            best[name] = max(best[name], n / (clock() - start))
    return best


def _timed(args: tuple[int, int]) -> float:
    tables, steps = args
    start = time.perf_counter()
    n = vector_steps(tables, steps)
    return n / (time.perf_counter() - start)


def ray_steps(tables: int, workers: int, steps: int, repeat: int) -> float:
    """Best steps a second of a RayVectorGame of ``tables`` on ``workers`` local actors."""
    import ray

    from majiang.rl.ray_vector import RayVectorGame

    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        v = RayVectorGame(tables, workers=workers, variant="nanchang", seed=1)
        rng = np.random.default_rng(0)
        _, masks = v.observe()
        best = 0.0
        for _ in range(repeat):
            start, done = time.perf_counter(), 0
            while done < steps:
                _, masks, _, _ = v.step((rng.random(masks.shape) * masks).argmax(axis=1))
                done += tables
            best = max(best, done / (time.perf_counter() - start))
        return best
    finally:
        ray.shutdown()


def two_processes(tables: int, steps: int, repeat: int) -> dict[str, float]:
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_timed, [(tables, tables)] * 2)  # warm both workers
        one = max(pool.apply(_timed, ((tables, steps),)) for _ in range(repeat))
        two = max(sum(pool.map(_timed, [(tables, steps)] * 2)) for _ in range(repeat))
    return {"one_process": one, "two_processes": two, "scaling": round(two / one, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tables", default="1,16,64")
    parser.add_argument("--processes", action="store_true")
    parser.add_argument("--cpu-check", action="store_true")
    parser.add_argument(
        "--cpu-time", action="store_true", help="steps per second of this process's CPU time"
    )
    parser.add_argument("--ray", action="store_true", help="also RayVectorGame on 2 actors")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--engine", action="store_true", help="also the engine alone (no observation, mask)"
    )
    parser.add_argument(
        "--breakdown", action="store_true", help="last: µs a step of each part of VectorGame"
    )
    args = parser.parse_args()
    tables = [int(t) for t in args.tables.split(",")]
    before = cpu_share() if args.cpu_check else None
    runs: dict[str, Callable[[], int]] = {
        f"majiang VectorGame({t})": functools.partial(vector_steps, t, args.steps) for t in tables
    }
    runs["majiang MajiangEnv (gymnasium)"] = functools.partial(gym_steps, args.steps // 4)
    if args.engine:
        runs[f"majiang engine alone ({max(tables)} games)"] = functools.partial(
            engine_steps, max(tables), args.steps
        )
    try:
        import riichienv  # noqa: F401

        runs["riichienv RiichiEnv"] = functools.partial(riichienv_steps, args.steps)
    except ImportError:
        pass
    try:
        import rlcard  # noqa: F401

        runs["rlcard mahjong"] = functools.partial(rlcard_steps, args.steps // 20)
    except ImportError:
        pass
    for fn in runs.values():  # build tables and caches before timing
        fn()
    rates = best_rates(runs, args.repeat, time.process_time if args.cpu_time else time.perf_counter)
    result: dict[str, Any] = {
        "machine": f"{platform.machine()} {os.cpu_count()} cpus, {platform.python_version()}",
        "steps": args.steps,
        "steps_per_s": {k: round(v) for k, v in rates.items()},
    }
    peer = rates.get("riichienv RiichiEnv")
    if peer:
        result["ratio_vs_riichienv"] = {
            k: round(v / peer, 2) for k, v in rates.items() if k.startswith("majiang")
        }
    if args.processes:
        result["processes"] = two_processes(max(tables), args.steps, args.repeat)
    if args.ray:
        result["ray_two_actors"] = round(ray_steps(max(tables), 2, args.steps, args.repeat))
    if args.cpu_check:
        result["cpu_before"], result["cpu_after"] = before, cpu_share()
    if args.breakdown:
        result["breakdown_us_per_step"] = breakdown(max(tables), args.steps)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for k, v in result["steps_per_s"].items():
        ratio = result.get("ratio_vs_riichienv", {}).get(k)
        print(f"{k:34s} {v:>9,} steps/s" + (f"  ({ratio}x riichienv)" if ratio else ""))
    for key in ("processes", "ray_two_actors", "cpu_before", "cpu_after", "breakdown_us_per_step"):
        if key in result:
            print(f"{key}: {result[key]}")
    print(result["machine"])


if __name__ == "__main__":
    main()
