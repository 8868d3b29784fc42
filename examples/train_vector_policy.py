"""Train a small policy on majiang's vector env: REINFORCE on a linear softmax policy, numpy
only (docs/learning.md, "Example: training a policy").

    python examples/train_vector_policy.py [--tables 64] [--updates 200] [--variant nanchang]

Every table's seat to act samples an id from softmax(features @ W) restricted to the mask;
the policy is rewarded with the per-hand settlement of the seat that acted (a hand's deltas
are credited to every decision that seat made in it). Features are the flattened
observation planes scaled to [0, 1]. Prints the mean hand reward of the learner's decisions
per update and, at the end, the win rate of the trained policy against EfficiencyBots. To
use PyTorch or JAX, replace ``logits`` and ``update``.
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

from majiang.game import EfficiencyBot, Game
from majiang.rl import VectorGame, action_space, encode, legal_mask, step_id

Array = npt.NDArray[np.float64]


def features(obs: npt.NDArray[np.uint8]) -> Array:
    """(N, C * 34) floats in [0, 1]."""
    return np.minimum(obs.reshape(len(obs), -1), 16).astype(np.float64) / 16.0


def logits(w: Array, x: Array, masks: npt.NDArray[np.bool_]) -> Array:
    z = x @ w
    return np.where(masks, z, -np.inf)


def sample(z: Array, rng: np.random.Generator) -> tuple[npt.NDArray[np.int64], Array]:
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    choice = (rng.random((len(p), 1)) < p.cumsum(axis=1)).argmax(axis=1)
    return choice, p


def update(
    w: Array, grads: list[tuple[Array, Array, int]], returns: list[float], lr: float
) -> None:
    """One REINFORCE step: grad log pi(a|x) = x (onehot(a) - p)."""
    if not grads:
        return
    baseline = float(np.mean(returns))
    g = np.zeros_like(w)
    for (x, p, a), r in zip(grads, returns, strict=True):
        d = -p
        d[a] += 1.0
        g += np.outer(x, d) * (r - baseline)
    w += lr * g / len(grads)


def evaluate(w: Array, variant: str, games: int, rng: np.random.Generator) -> float:
    """Win rate of the policy at seat 0 against three EfficiencyBots."""
    bots = [EfficiencyBot() for _ in range(4)]
    wins = 0
    for seed in range(games):
        game = Game(variant, seed=10_000 + seed)
        while not game.over:
            seat = game.to_act()[0]
            if seat == 0:
                x = features(encode(game, 0)[None])
                z = logits(w, x, legal_mask(game, 0)[None])
                step_id(game, 0, int(sample(z, rng)[0][0]))
            else:
                game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        result = game.records[-1]["result"]
        winner = result.get("winner")
        wins += winner == 0 or (isinstance(winner, list) and 0 in winner)
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--updates", type=int, default=200)
    parser.add_argument("--steps", type=int, default=64, help="vector steps per update")
    parser.add_argument("--variant", default="nanchang")
    parser.add_argument("--lr", type=float, default=0.05)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    v = VectorGame(args.tables, args.variant, seed=0)
    obs, masks = v.observe()
    w = np.zeros((obs.shape[1] * 34, action_space(args.variant).size))
    # Decisions waiting for their hand's reward: table -> seat -> [(x, p, a)].
    waiting: list[list[list[tuple[Array, Array, int]]]] = [
        [[] for _ in range(4)] for _ in range(args.tables)
    ]
    for n in range(args.updates):
        done_grads: list[tuple[Array, Array, int]] = []
        done_returns: list[float] = []
        for _ in range(args.steps):
            x = features(obs)
            actions, p = sample(logits(w, x, masks), rng)
            seats = v.seats.copy()
            obs, masks, rewards, dones = v.step(actions)
            for i in range(args.tables):
                waiting[i][int(seats[i])].append((x[i], p[i], int(actions[i])))
                if rewards[i].any() or dones[i]:  # settled: credit every seat's decisions
                    for s in range(4):
                        done_grads += waiting[i][s]
                        done_returns += [float(rewards[i, s])] * len(waiting[i][s])
                        waiting[i][s] = []
        update(w, done_grads, done_returns, args.lr)
        if n % 10 == 0 and done_returns:
            mean = np.mean(done_returns)
            print(f"update {n}: {len(done_returns)} decisions, mean reward {mean:+.3f}")
    print(f"win rate against three EfficiencyBots: {evaluate(w, args.variant, 50, rng):.2%}")


if __name__ == "__main__":
    main()
