"""The per-seat event stream checks of tests/test_seat_events.py over thousands of hands.

    python benches/rl_fuzz_streams.py [--matches 700]

Runs that test file with ``MAJIANG_STREAM_MATCHES`` matches of two hands a variant (700:
4,200 hands over the three built-in variants): after every step, every seat's view rebuilt
from its stream is the one the true state gives, and no stream changes when what is hidden
from its seat is replaced. Exits with pytest's status.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys

import pytest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=700)
    args = parser.parse_args()
    os.environ["MAJIANG_STREAM_MATCHES"] = str(args.matches)
    tests = pathlib.Path(__file__).resolve().parent.parent / "tests"
    os.chdir(tests)
    sys.exit(
        pytest.main(
            [
                "-q",
                "-p",
                "no:cacheprovider",
                "--rootdir=..",
                "-c",
                "../pyproject.toml",
                "test_seat_events.py",
                "-k",
                "follow",
            ]
        )
    )


if __name__ == "__main__":
    main()
