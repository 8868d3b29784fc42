"""Settling a Sichuan hand beside Nanchang's typical record, in the same run.

    python benches/compare_settle_speed.py [--rounds N] [--cpu-check]

The records of ``benches/test_settle_speed.py``: Nanchang's ``TYPICAL`` (one win) and the two
Sichuan records of ``test_settle_sichuan_records`` (a three-win 血战 hand with a 暗杠; the
exhaustive draw of ``examples/sichuan-hand.json`` with 查花猪, 查大叫 and 退税), each settled
from its JSON form by ``majiang.settle``. The runs are taken in turn, 50 settlements each, and
the best of ``N`` rounds kept (the machine is shared: the best is the least disturbed):

- warm: the same record again and again (its tiles parsed and its hands scored before), as
  the pytest-benchmark figures;
- cold: every cache of the variant emptied first (Sichuan's record, hand and settlement
  caches; Nanchang's ``clear_caches``), so each settlement parses and asks the core afresh.

``--cpu-check`` times a fixed loop alone and as two processes at once before and after
(``benches/compare_game.py``): how much of the two cores the machine gave.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from compare_game import cpu_share  # noqa: E402
from test_settle_speed import TYPICAL, _sichuan_records  # noqa: E402

import majiang  # noqa: E402


def sichuan_caches() -> list[Any]:
    """Every lru cache of the Sichuan record check, scorer and settlement."""
    found = []
    for name in ("record", "hands", "settle"):
        module = sys.modules[f"majiang.variants.sichuan.{name}"]
        found += [f for f in vars(module).values() if isinstance(f, functools._lru_cache_wrapper)]
    return found


def clear_sichuan() -> None:
    for cache in sichuan_caches():
        cache.cache_clear()


def best_of(runs: dict[str, Callable[[], Any]], rounds: int, batch: int = 50) -> dict[str, float]:
    """Best µs per call of each run, the runs taken in turn."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, fn in runs.items():
            start = time.perf_counter()
            for _ in range(batch):
                fn()
            best[name] = min(best[name], (time.perf_counter() - start) / batch * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--cpu-check", action="store_true", help="how much of two cores we got")
    args = parser.parse_args()
    from majiang.variants.nanchang import clear_caches

    kong, drawn = _sichuan_records()
    settle = majiang.settle

    def cold_sichuan(record: dict[str, Any]) -> Callable[[], Any]:
        def run() -> Any:
            clear_sichuan()
            return settle(record)

        return run

    def cold_nanchang() -> Any:
        clear_caches()
        return settle(TYPICAL)

    before = cpu_share() if args.cpu_check else None
    warm = best_of(
        {
            "nanchang typical": lambda: settle(TYPICAL),
            "sichuan three wins": lambda: settle(kong),
            "sichuan exhaustive draw": lambda: settle(drawn),
        },
        args.rounds,
    )
    cold = best_of(
        {
            "nanchang typical": cold_nanchang,
            "sichuan three wins": cold_sichuan(kong),
            "sichuan exhaustive draw": cold_sichuan(drawn),
        },
        max(1, args.rounds // 10),
        batch=10,
    )
    after = cpu_share() if args.cpu_check else None
    out: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    for label, figures in (("warm", warm), ("cold", cold)):
        hand = (figures["sichuan three wins"] + figures["sichuan exhaustive draw"]) / 2
        out[label] = {
            **{k: round(v, 1) for k, v in figures.items()},
            "sichuan a hand": round(hand, 1),
            "sichuan / nanchang": round(hand / figures["nanchang typical"], 2),
        }
    if before is not None:
        out["cpu_before"], out["cpu_after"] = before, after
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
