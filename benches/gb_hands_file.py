"""Writes the random GB hands of benches/compare_gb.py as lines for the Rust example
``gb_speed_file`` (the core alone, no Python):

    python benches/gb_hands_file.py [--hands N] [--seed S] OUT
    cargo run --release --example gb_speed_file OUT

A line: the 34 concealed counts as digits; the winning tile; the flags (``majiang.gb.FLAG_BITS``
or-ed); seat wind; prevalent wind; flowers; the melds as ``kind,tile,from`` (kind 0 chow, 1 pung,
2 kong, 3 concealed kong; a chow's lowest tile; the seat offset the claimed tile came from).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gb_hands import GbHand, random_gb_hand
from majiang import gb

KINDS = {"chi": 0, "peng": 1, "ming_gang": 2, "bu_gang": 2, "an_gang": 3}


def line(h: GbHand) -> str:
    """One hand as a line of the file."""
    flags = sum(bit for name, bit in gb.FLAG_BITS.items() if getattr(h, name))
    melds = " ".join(
        f"{KINDS[kind]},{min(tiles)},{0 if source is None else (source - h.seat) % 4}"
        for kind, tiles, source in h.melds
    )
    counts = "".join(str(c) for c in h.concealed)
    return f"{counts};{h.win};{flags};{h.seat_wind};{h.prevalent_wind};{h.flowers};{melds}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [random_gb_hand(rng) for _ in range(args.hands)]
    args.out.write_text("".join(line(h) + "\n" for h in hands))


if __name__ == "__main__":
    main()
