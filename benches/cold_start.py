"""What a pip user meets first: whole-process timings of fresh interpreters.

    python benches/cold_start.py [--other OTHER_PYTHON] [--runs N] [--json]

Each case runs ``--runs`` times as a new process (median reported): Python alone, ``import
majiang`` with one shanten call, the first call of each shape preset (timed inside the
process, after the import), and ``majiang analyze HAND``. Wall time and CPU time (user +
system of the child) are both given: on a shared machine the CPU time says more. With
``--other``, the same cases run under another interpreter (another build), interleaved run
by run, and the ratio is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

HAND = "123m456p789s1122z"
PRESETS = ("standard", "nanchang", "pingxiang", "nanjing", "gb")

CASES: dict[str, list[str]] = {
    "python alone": ["-c", "pass"],
    "import majiang + shanten": ["-c", f"import majiang; majiang.shanten({HAND!r})"],
    "majiang analyze HAND": ["-m", "majiang", "analyze", HAND],
}

FIRST_CALL = """
import time, majiang
t = time.perf_counter(); c = time.process_time()
majiang.shanten({hand!r}, rules={preset!r})
print(time.perf_counter() - t, time.process_time() - c)
"""


def run(python: str, args: list[str]) -> tuple[float, float, str]:
    """Wall seconds, child CPU seconds and stdout of one process."""
    before = os.times()
    start = time.perf_counter()
    out = subprocess.run([python, *args], check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu, out


def measure(pythons: list[str], runs: int) -> dict[str, dict[str, dict[str, float]]]:
    """case -> python -> {"wall_ms", "cpu_ms"} medians."""
    samples: dict[str, dict[str, list[tuple[float, float]]]] = {}
    cases = dict(CASES)
    for preset in PRESETS:
        cases[f"first shanten, {preset}"] = ["-c", FIRST_CALL.format(hand=HAND, preset=preset)]
    for _ in range(runs):
        for name, args in cases.items():
            for python in pythons:
                wall, cpu, out = run(python, args)
                if name.startswith("first shanten"):
                    wall_s, cpu_s = (float(x) for x in out.split())
                    wall, cpu = wall_s, cpu_s
                samples.setdefault(name, {}).setdefault(python, []).append((wall, cpu))
    return {
        name: {
            python: {
                "wall_ms": 1e3 * statistics.median(w for w, _ in got),
                "cpu_ms": 1e3 * statistics.median(c for _, c in got),
            }
            for python, got in per.items()
        }
        for name, per in samples.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", help="another interpreter (another build) to compare with")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pythons = [sys.executable] + ([args.other] if args.other else [])
    load = os.getloadavg()[0]
    result: dict[str, Any] = {"runs": args.runs, "load_before": load}
    result["cases"] = measure(pythons, args.runs)
    result["load_after"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"median of {args.runs} runs; load average {load:.2f} before, "
        f"{result['load_after']:.2f} after"
    )
    head = "this build (wall / CPU ms)"
    print(
        f"{'case':32} {head:>28}"
        + (f" {'other build':>22} {'CPU ratio':>10}" if args.other else "")
    )
    for name, per in result["cases"].items():
        mine = per[sys.executable]
        line = f"{name:32} {mine['wall_ms']:13.1f} / {mine['cpu_ms']:8.1f}"
        if args.other:
            other = per[args.other]
            ratio = other["cpu_ms"] / mine["cpu_ms"] if mine["cpu_ms"] else float("nan")
            line += f" {other['wall_ms']:11.1f} / {other['cpu_ms']:8.1f} {ratio:9.2f}x"
        print(line)


if __name__ == "__main__":
    main()
