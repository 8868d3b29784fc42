"""The ``majiang`` command (also ``python -m majiang``).

Example:
    >>> from majiang.cli import main
    >>> main(["analyze", "123m456p789s12z55m", "--rules", "standard"])
    hand    12355m456p789s12z
    rules   standard
    shanten 1   (regular 1, seven_pairs 5, thirteen_orphans 9)
    waits   none (not tenpai)
    0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from majiang.cli import analyze, play, replay, serve, settle, simulate
from majiang.errors import MajiangError, quoted

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see: {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="majiang",
        description="Chinese regional mahjong: analyse hands (Nanchang, Pingxiang, Nanjing).",
        epilog='example: majiang analyze "123m456p789s12z55m" --indicator 4m',
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    analyze.register(commands)
    settle.register(commands)
    simulate.register(commands)
    replay.register(commands)
    play.register(commands)
    serve.register(commands)
    return parser


def _not_unicode(argv: Sequence[str]) -> str | None:
    """The first argument that is not valid Unicode text (bytes the shell passed that are not
    UTF-8 arrive as lone surrogates), or None."""
    for arg in argv:
        if not arg.isascii():
            try:
                arg.encode("utf-8")
            except UnicodeEncodeError:
                return arg
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code (0 success, 2 bad input: one line on
    stderr).

    Example:
        >>> main(["analyze", "\\udcff"])
        2
    """
    args_in = sys.argv[1:] if argv is None else list(argv)
    bad = _not_unicode(args_in)
    if bad is not None:
        print(f"majiang: argument {quoted(bad)} is not UTF-8 text", file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(args_in)
    try:
        code: int = args.run(args)
    except MajiangError as e:
        print(f"majiang: {e}", file=sys.stderr)
        return 2
    return code
