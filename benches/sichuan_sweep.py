"""The big Sichuan sweep: 10,000 simulated 血战 hands with every invariant, too slow for CI.

    python benches/sichuan_sweep.py [--hands 10000] [--workers 2] [--seed 0]

Matches of five hands, mixed EfficiencyBots and RandomBots (which seats varies with the
match), every third match with 换三张. At every step: 108 tiles in play, the others' concealed
tiles absent from each seat's observation (its hand is its own; a shown hand only for a seat
that has won), the void discarded first. For each match: zero-sum scores, every record
re-settled to the same deltas, no seat winning twice, every winner's hand a Sichuan win with
at most two suits and none of its void, the log replayed to the same records and scores, and
a snapshot taken at a random step continuing identically. Prints what it checked and exits
1 on the first failure (tests/test_sichuan_game.py runs the same checks on 300 hands).
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
from majiang.game import EfficiencyBot, Game, RandomBot, replay
from majiang.game.actions import Discard
from majiang.meld import Meld
from majiang.tiles import to_counts
from majiang.variants.sichuan import hands

HANDS_PER_MATCH = 5


def _bots(match: int) -> list[Any]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def _step_checks(game: Game) -> None:
    st = game.state
    assert game.tile_count() == 108, "108 tiles in play"
    out = {s for w in st.wins for s in (w["winner"] if isinstance(w["winner"], list)
           else [w["winner"]])}  # fmt: skip
    for seat in range(4):
        o = game.observation(seat)
        assert o.hand_counts == tuple(st.hands[seat])
        for other in range(4):
            assert (
                (o.shown[other] == tuple(st.hands[other])) if other in out else not o.shown[other]
            )
    seat = game.to_act()[0]
    void = st.declared[seat].get("void")
    if st.phase == "turn" and void:
        suit = "mps".index(void)
        if any(st.hands[seat][suit * 9 : suit * 9 + 9]):
            for a in game.legal_actions(seat):
                if isinstance(a, Discard):
                    assert majiang.tile_index(a.tile) // 9 == suit, "the void goes first"


def _play(game: Game, bots: list[Any], stop: int | None = None) -> None:
    steps = 0
    while not game.over and (stop is None or steps < stop):
        _step_checks(game)
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        steps += 1


def _match(match: int, seed: int) -> dict[str, int]:
    rng = random.Random((seed, match).__hash__())
    bots = _bots(match)
    options = {"exchange": True} if match % 3 == 0 else None
    game = Game("sichuan", seed=seed * 1_000_003 + match, hands=HANDS_PER_MATCH, options=options)
    _play(game, bots, stop=rng.randrange(600))
    restored = 0
    if not game.over:
        twin = Game.restore(json.loads(json.dumps(game.snapshot())))
        twin_bots = copy.deepcopy(bots)
        _play(game, bots)
        _play(twin, twin_bots)
        assert twin.events == game.events, "a snapshot continues identically"
        restored = 1
    assert sum(game.scores) == 0, "zero-sum"
    wins = 0
    for record, settlement in zip(game.records, game.settlements, strict=True):
        assert majiang.settle(record).deltas == settlement.deltas, "records re-settle"
        seen: list[int] = []
        for w in record["wins"]:
            for s in w["winner"] if isinstance(w["winner"], list) else [w["winner"]]:
                seen.append(s)
                p = record["players"][s]
                full = to_counts(p["hand"] + w["tile"])
                melds = [Meld(m["kind"], m["tiles"], m["from"]) for m in p["melds"]]
                assert len(hands.suits_held(full, melds)) <= 2, "no winner holds three suits"
                assert hands.is_winning(full, melds, "mps".index(p["void"])), "a Sichuan win"
        assert len(seen) == len(set(seen)), "no seat wins twice"
        wins += len(seen)
    replayed = replay(json.dumps(e, ensure_ascii=False) for e in game.events)
    assert replayed.scores == tuple(game.scores) and [h.record for h in replayed.hands] == (
        game.records
    ), "the log replays"
    return {"hands": len(game.records), "wins": wins, "restored": restored}


def _chunk(first: int, count: int, seed: int) -> dict[str, int]:
    total = {"hands": 0, "wins": 0, "restored": 0}
    for match in range(first, first + count):
        for k, v in _match(match, seed).items():
            total[k] += v
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    matches = (args.hands + HANDS_PER_MATCH - 1) // HANDS_PER_MATCH
    start = time.perf_counter()
    per = (matches + args.workers - 1) // args.workers
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        parts = [
            pool.submit(_chunk, w * per, min(per, matches - w * per), args.seed)
            for w in range(args.workers)
            if w * per < matches
        ]
        try:
            results = [p.result() for p in parts]
        except AssertionError as e:
            print(f"FAILED: {e}", file=sys.stderr)
            return 1
    total = {k: sum(r[k] for r in results) for k in results[0]}
    seconds = time.perf_counter() - start
    print(
        f"{total['hands']} hands ({total['wins']} wins, {total['restored']} snapshots restored "
        f"mid-match) in {seconds:.0f} s: every invariant held"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
