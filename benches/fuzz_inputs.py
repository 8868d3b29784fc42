"""The long run of the input property tests: N hostile inputs per Python input path.

Runs the checks of tests/input_fuzz.py (the same ones test_input_properties.py runs a few dozen
times in CI) N times each with seeded randomness and prints, per path, the inputs tried, how
many were accepted and refused, and the escapes (a promise broken: an exception other than the
path's MajiangError, a non-zero-sum settlement, a refused action that changed the game, a CLI
exit other than 0/2 or a traceback). Exit code 1 if anything escaped.

    .venv/bin/python benches/fuzz_inputs.py 20000                 every path, 20,000 each
    .venv/bin/python benches/fuzz_inputs.py 5000 --paths record,log --seed 7

Example:
    >>> import io
    >>> out = io.StringIO()
    >>> run(3, ["tiles"], seed=0, out=out)
    0
    >>> out.getvalue().splitlines()[-1].split()[:3]
    ['tiles', '3', 'tried,']
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from input_fuzz import (
    Escape,
    check_action,
    check_cli,
    check_log,
    check_record,
    check_tiles,
    cli_files,
)

PATHS = ("tiles", "record", "action", "log", "cli")


def _checks(files: list[str]) -> dict[str, Callable[[random.Random], str]]:
    return {
        "tiles": check_tiles,
        "record": check_record,
        "action": check_action,
        "log": check_log,
        "cli": lambda rng: check_cli(rng, files),
    }


def run(n: int, paths: Sequence[str], seed: int = 0, out: TextIO = sys.stdout) -> int:
    """Try ``n`` inputs on each of ``paths``; print the counts; return the escapes."""
    escapes_total = 0
    with tempfile.TemporaryDirectory() as where:
        checks = _checks(cli_files(Path(where)))
        for path in paths:
            counts = {"accepted": 0, "refused": 0}
            escapes: list[str] = []
            start = time.perf_counter()
            for i in range(n):
                rng = random.Random(f"{seed}:{path}:{i}")
                try:
                    counts[checks[path](rng)] += 1
                except Escape as e:
                    escapes.append(f"  example {i}: {e}")
            elapsed = time.perf_counter() - start
            for line in escapes[:10]:
                print(line, file=out)
            print(
                f"{path} {n} tried, {counts['accepted']} accepted, {counts['refused']} refused, "
                f"{len(escapes)} escaped ({elapsed:.0f} s)",
                file=out,
                flush=True,
            )
            escapes_total += len(escapes)
    return escapes_total


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="inputs to try per path")
    parser.add_argument("--paths", default=",".join(PATHS), help=f"of {', '.join(PATHS)}")
    parser.add_argument("--seed", type=int, default=0, help="the same seed tries the same inputs")
    args = parser.parse_args(argv)
    paths = [p.strip() for p in args.paths.split(",")]
    unknown = [p for p in paths if p not in PATHS]
    if unknown:
        parser.error(f"unknown paths {unknown}")
    return 1 if run(args.n, paths, args.seed) else 0


if __name__ == "__main__":
    sys.exit(main())
