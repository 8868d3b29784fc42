"""Self-play speed of two builds of majiang side by side, interleaved run by run.

    python benches/compare_builds.py OTHER_PYTHON [--hands N] [--repeat R] [--cpu-check]
        [--cpu-time] [--json]

``OTHER_PYTHON`` is an interpreter whose ``import majiang`` is the other build (say the
virtual environment of a checkout of the commit before a change). Each round runs
``compare_game.py --variants --repeat 1 --json`` (four ``EfficiencyBot`` a table, matches of
four hands, the same seeds every run) once under that interpreter and once under this one,
taking turns; each figure is the best of ``R`` rounds. The turns per hand must be the same for
both builds (the same games are played), else the script stops: a faster build that plays
other games is not the same program. ``--cpu-check`` times a fixed loop alone and as two
processes at once before and after, ``--cpu-time`` rates per second of CPU time (see
``compare_game.py``; both builds run this checkout's copy of it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from typing import Any

from compare_game import VARIANTS, cpu_share, print_cpu_shares

HERE = os.path.dirname(os.path.abspath(__file__))


def one_run(python: str, hands: int, cpu_time: bool) -> dict[str, Any]:
    """One ``compare_game.py --variants`` run (one repeat) under ``python``."""
    script = os.path.join(HERE, "compare_game.py")
    extra = ["--cpu-time"] if cpu_time else []
    out = subprocess.run(
        [python, script, "--variants", "--hands", str(hands), "--repeat", "1", "--json", *extra],
        check=True,
        capture_output=True,
        text=True,
        cwd="/",  # so that `import majiang` is the interpreter's own build, not a source tree
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("other", help="the interpreter of the other build (the 'before')")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cpu-check", action="store_true")
    parser.add_argument("--cpu-time", action="store_true", help="rates per CPU second")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    builds = {"before": args.other, "after": sys.executable}
    before_cpu = cpu_share() if args.cpu_check else None
    best = {b: dict.fromkeys(VARIANTS, 0.0) for b in builds}
    runs: dict[str, dict[str, list[float]]] = {b: {v: [] for v in VARIANTS} for b in builds}
    turns: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for build, python in builds.items():
            r = one_run(python, args.hands, args.cpu_time)
            turns[build] = r["turns_per_hand"]
            for v in VARIANTS:
                runs[build][v].append(r["rates"][v])
                best[build][v] = max(best[build][v], r["rates"][v])
    after_cpu = cpu_share() if args.cpu_check else None
    if turns["before"] != turns["after"]:
        sys.exit(f"the builds play different games: turns per hand {turns}")
    t = turns["after"]
    if args.json:
        out = {
            "machine": platform.processor() or platform.machine(),
            "date": time.strftime("%Y-%m-%d %H:%M"),
            "hands": args.hands,
            "repeat": args.repeat,
            "runs": runs,
            "best": best,
            "turns_per_hand": t,
            "cpu_before": before_cpu,
            "cpu_after": after_cpu,
        }
        print(json.dumps(out))
        return
    print(
        f"{'variant':<11}{'before':>9}{'after':>9}{'after/before':>14}{'vs nanchang':>13}"
        f"{'turns/hand':>12}{'turns/s before':>16}{'turns/s after':>15}"
    )
    for v in VARIANTS:
        b, a = best["before"][v], best["after"][v]
        base = best["after"]["nanchang"]
        print(
            f"{v:<11}{b:>9.0f}{a:>9.0f}{a / b:>13.2f}x{a / base:>12.2f}x{t[v]:>12.1f}"
            f"{b * t[v]:>16.0f}{a * t[v]:>15.0f}"
        )
    for build in builds:
        listed = "; ".join(
            f"{v} " + ", ".join(f"{x:.0f}" for x in runs[build][v]) for v in VARIANTS
        )
        print(f"runs {build}: {listed}")
    print_cpu_shares(before_cpu, after_cpu)


if __name__ == "__main__":
    main()
