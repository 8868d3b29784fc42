"""Thousands of hands through the table server's rooms with every frame to every seat
checked against the true state when it is sent (the checks of tests/server_leaks.py, which
CI runs on ~150 hands).

    python benches/server_leak_sweep.py [--hands 3000] [--per-match 2]

Plays ``--hands`` hands of every registered variant (matches of ``--per-match`` hands, seats
mixed people played here and server bots, mixed EfficiencyBot and RandomBot) and prints the
hands and frames checked per variant. Exits non-zero on the first frame that holds what its
seat may not see.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from server_leaks import play_checked

from majiang.server.store import Store
from majiang.variants import names


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--hands", type=int, default=3000, help="hands per variant")
    p.add_argument("--per-match", type=int, default=2)
    args = p.parse_args()
    if not (1 <= args.hands <= 100_000 and 1 <= args.per_match <= 16):
        p.error("--hands 1-100000, --per-match 1-16")
    out = {}
    for variant in sorted(names()):
        store = Store(":memory:")
        start, frames, played = time.perf_counter(), 0, 0
        match = 0
        while played < args.hands:
            _, n = play_checked(variant, 10_000 + match, args.per_match, store)
            frames += n
            played += args.per_match
            match += 1
        out[variant] = {
            "hands": played,
            "frames_checked": frames,
            "seconds": round(time.perf_counter() - start, 1),
        }
        print(variant, out[variant], flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
