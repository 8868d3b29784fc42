"""A settlement is the same in every run: it never follows the order Python happens to iterate
a set of strings in (that order changes with PYTHONHASHSEED from one process to the next)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import majiang

# Nanjing, seat 3 wins 3s off seat 0 holding 12234s: 123s+234s reads the 3s as an edge wait
# (边枝) or as a closed one (压档), both worth the same. The settlement reported whichever the
# process's string hashing listed first.
TIED_WAITS: dict[str, Any] = {
    "variant": "nanjing",
    "dealer": 3,
    "bixiahu": False,
    "players": [
        {"hand": "345789p56678s22z", "flowers": "1f3f6z7z6z6z5z6f", "discards": "68m16p4z"},
        {
            "hand": "123567m3599s",
            "melds": [{"kind": "peng", "tiles": "444p", "from": 3}],
            "flowers": "8f6z5z",
            "discards": "58m189p2z",
        },
        {
            "hand": "22456m45s",
            "melds": [
                {"kind": "peng", "tiles": "111s", "from": 0},
                {"kind": "peng", "tiles": "333z", "from": 0},
            ],
            "flowers": "7f",
            "discards": "49m5p78s124z",
        },
        {"hand": "34599m678p12234s", "flowers": "5z4f", "discards": "7m25667p7s1z"},
    ],
    "result": {"kind": "win", "winner": 3, "tile": "3s", "from": 0},
}

SETTLE = (
    "import json, sys, majiang; print(json.dumps(majiang.settle(json.load(sys.stdin)).to_dict()))"
)


def settle_in_a_new_process(record: dict[str, Any], hash_seed: int) -> Any:
    run = subprocess.run(
        [sys.executable, "-c", SETTLE],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
    )
    return json.loads(run.stdout)


def test_tied_nanjing_readings_settle_alike_whatever_the_string_hashing() -> None:
    here = majiang.settle(TIED_WAITS).to_dict()
    assert here["deltas"] == [-46, 0, 0, 46]
    for seed in (1, 2, 3, 4):
        assert settle_in_a_new_process(TIED_WAITS, seed) == here
