"""Vector-env and engine-alone speed of two builds of majiang, interleaved run by run.

    python benches/compare_vector_builds.py OTHER_PYTHON [--steps N] [--repeat R]
        [--tables 1,16,64] [--cpu-check] [--cpu-time] [--json]

``OTHER_PYTHON`` is an interpreter whose ``import majiang`` is the other build (the
"before"); this interpreter's is the "after". Each round runs ``rl_vector_speed.py --engine
--repeat 1 --json`` (this checkout's copy) once under each, taking turns, so both builds
and riichienv (when installed) are timed in the same minutes; each figure is the best of
``R`` rounds, riichienv's over both builds' runs. ``--cpu-time``: rates per second of each
process's CPU time (steadier while other jobs share the machine).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

from compare_game import cpu_share, print_cpu_shares

HERE = os.path.dirname(os.path.abspath(__file__))
PEER = "riichienv RiichiEnv"


def one_run(python: str, steps: int, tables: str, cpu_time: bool) -> dict[str, float]:
    script = os.path.join(HERE, "rl_vector_speed.py")
    command = [python, script, "--engine", "--repeat", "1", "--json"]
    command += ["--cpu-time"] if cpu_time else []
    command += ["--steps", str(steps), "--tables", tables]
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd="/")
    rates: dict[str, float] = json.loads(out.stdout)["steps_per_s"]
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("other", help="the interpreter of the other build (the 'before')")
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tables", default="1,16,64")
    parser.add_argument("--cpu-check", action="store_true")
    parser.add_argument("--cpu-time", action="store_true", help="rates per CPU second")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    builds = {"before": args.other, "after": sys.executable}
    cpu_before = cpu_share() if args.cpu_check else None
    best: dict[str, dict[str, float]] = {b: {} for b in builds}
    for _ in range(args.repeat):
        for build, python in builds.items():
            for name, rate in one_run(python, args.steps, args.tables, args.cpu_time).items():
                best[build][name] = max(best[build].get(name, 0.0), rate)
    cpu_after = cpu_share() if args.cpu_check else None
    peer = max(best["before"].get(PEER, 0.0), best["after"].get(PEER, 0.0))
    rows = [k for k in best["after"] if k.startswith("majiang")]
    if args.json:
        out: dict[str, Any] = {
            "date": time.strftime("%Y-%m-%d %H:%M"),
            "steps": args.steps,
            "repeat": args.repeat,
            "cpu_time": args.cpu_time,
            "best": best,
            "riichienv": peer,
            "cpu_before": cpu_before,
            "cpu_after": cpu_after,
        }
        print(json.dumps(out))
        return
    print(f"{'steps/s':<36}{'before':>9}{'after':>9}{'after/before':>14}{'after/riichienv':>17}")
    for k in rows:
        b, a = best["before"].get(k, 0.0), best["after"][k]
        vs = f"{a / peer:>16.2f}x" if peer else ""
        print(f"{k:<36}{b:>9.0f}{a:>9.0f}{a / b if b else 0:>13.2f}x{vs}")
    if peer:
        print(f"{PEER:<36}{peer:>9.0f} (best of both builds' runs)")
    print_cpu_shares(cpu_before, cpu_after)


if __name__ == "__main__":
    main()
