"""The big Guangdong 推倒胡 sweep: simulated hands under each main option set with every
invariant, and the speeds the variant's issue asks for; too slow for CI.

    python benches/guangdong_sweep.py [--hands 10000] [--workers 2] [--seed 0]

For each option set (the defaults; 大胡 with 白板做鬼; 翻双鬼 with six horses, 抢杠抓马, 马跟杠 and
the dealer map; 可点炮 with kongs void on a draw, 跟庄, 节节高, 买马节节高 and a stake; 翻鬼 with
四鬼胡牌, 四鬼加倍, 明杠可抢, 抢杠抓马 and 杠爆全包): matches of
five hands, mixed EfficiencyBots and RandomBots. At every step: 136 tiles in play, no chow
offered, no win offered on a discard unless 可点炮, each seat's observation holding its own hand
only. For each match: zero-sum scores, every record re-settled (the record check: each win
legal, the horses as many as the wall allowed) to the same deltas, the log replayed to the same
records and scores, a snapshot taken at a random step continuing identically, and in each
seat's event stream no other seat's drawn tile and the horses only after their win. Then the
warm settle time of a record with horses and kongs (the issue asks under 50 µs) and the
self-play steps per second against Nanchang's in the same run. Exits 1 on the first failure
(tests/test_guangdong_game.py runs the same checks on 375 hands).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import majiang
from majiang.game import EfficiencyBot, Game, RandomBot, Win, play, replay
from majiang.game.actions import Chow
from majiang.game.streams import seat_events

HANDS_PER_MATCH = 5
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"profile": "dahu", "ghosts": "bai", "no_ghost_double": True, "horses": 4},
    {"ghosts": "flip_double", "horses": 6, "qiang_gang_horses": True, "horse_kongs": True,
     "horse_map": "dealer", "horse_value": "hand", "gang_bao_quan_bao": True},
    {"dian_pao": True, "kongs_void_on_draw": True, "gen_zhuang": True, "jie_jie_gao": True,
     "horse_streak": True, "fan": 10, "base": 10, "zhi_gang": 1},
    {"ghosts": "flip", "si_gui_hu": True, "si_gui_double": True, "ming_gang_qiang": True,
     "qiang_gang_horses": True, "gang_bao_quan_bao": True},
]  # fmt: skip


def _bots(match: int) -> list[Any]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def _play(game: Game, bots: list[Any], stop_after: int | None = None) -> None:
    dian_pao = game.variant.options.dian_pao  # type: ignore[attr-defined]
    steps = 0
    while not game.over and (stop_after is None or steps < stop_after):
        seat = game.to_act()[0]
        assert game.tile_count() == 136, "136 tiles in play"
        legal = game.legal_actions(seat)
        assert not any(isinstance(a, Chow) for a in legal), "no chow"
        if game.state.phase == "claim" and not dian_pao:
            assert Win() not in legal, "self-draw only"
        o = game.observation(seat)
        assert o.hand_counts == tuple(game.state.hands[seat])
        game.step(seat, bots[seat].act(o, legal))
        steps += 1


def _check(game: Game) -> dict[str, int]:
    assert sum(game.scores) == 0, "zero-sum"
    seen = {"hands": 0, "wins": 0, "hits": 0, "robbed": 0, "gang_bao": 0}
    for record, settlement in zip(game.records, game.settlements, strict=True):
        again = majiang.settle(record)
        assert again.deltas == settlement.deltas, "re-settled"
        seen["hands"] += 1
        if record["result"]["kind"] == "win":
            seen["wins"] += 1
            seen["hits"] += bool(again.pattern["hits"])
            seen["robbed"] += bool(record["result"]["qiang_gang"])
            seen["gang_bao"] += bool(record["result"]["gang_kai"])
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores), "replay scores"
    assert [h.record for h in replayed.hands] == game.records, "replay records"
    for seat in range(4):
        stream = seat_events(game.events, seat)
        kinds = [e["event"] for e in stream]
        for i, e in enumerate(stream):
            if e["event"] == "draw" and e["seat"] != seat:
                assert "tile" not in e, "another seat's draw is hidden"
            if e["event"] == "horses":
                assert kinds[i - 1] == "win", "horses only after the win"
    return seen


def _matches(job: tuple[int, int, int]) -> dict[str, int]:
    option_set, first, count = job
    options = OPTION_SETS[option_set]
    total: dict[str, int] = {}
    for match in range(first, first + count):
        rng = random.Random(match)
        bots = _bots(match)
        game = Game("guangdong", seed=match, hands=HANDS_PER_MATCH, options=options)
        _play(game, bots, stop_after=rng.randrange(300))
        if not game.over:
            restored = Game.restore(json.loads(json.dumps(game.snapshot())))
            same = copy.deepcopy(bots)
            _play(game, bots)
            _play(restored, same)
            assert restored.events == game.events, "snapshot continues identically"
        for k, v in _check(game).items():
            total[k] = total.get(k, 0) + v
    return total


def _settle_speed() -> float:
    game = play(Game("guangdong", seed=5, hands=40, options={"horses": 4}),
                [EfficiencyBot() for _ in range(4)])  # fmt: skip
    records = [r for r in game.records if r["result"]["kind"] == "win"]
    for r in records:
        majiang.settle(r)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for r in records:
            majiang.settle(r)
        n += len(records)
    return (time.perf_counter() - start) / n * 1e6


def _steps_per_second(variant: str, hands: int = 200) -> float:
    steps = 0
    start = time.perf_counter()
    game = Game(variant, seed=1, hands=hands)
    bots = [EfficiencyBot() for _ in range(4)]
    while not game.over:
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        steps += 1
    return steps / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per option set")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed")
    args = parser.parse_args()
    matches = max(1, args.hands // HANDS_PER_MATCH)
    chunk = max(1, matches // (4 * args.workers))
    try:
        for i, options in enumerate(OPTION_SETS):
            jobs = [(i, args.seed + m, min(chunk, matches - m)) for m in range(0, matches, chunk)]
            start = time.perf_counter()
            total: dict[str, int] = {}
            with ProcessPoolExecutor(args.workers) as pool:
                for part in pool.map(_matches, jobs):
                    for k, v in part.items():
                        total[k] = total.get(k, 0) + v
            took = time.perf_counter() - start
            print(f"{options or 'defaults'}: {total} in {took:.1f} s")
    except AssertionError as e:
        print(f"FAILED: {e}")
        return 1
    print(f"settle, warm: {_settle_speed():.1f} µs a record (asked: under 50)")
    gd, nc = _steps_per_second("guangdong"), _steps_per_second("nanchang")
    print(f"self-play steps/s: guangdong {gd:.0f}, nanchang {nc:.0f} (asked: at least Nanchang's)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
