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
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

import majiang
from majiang.cli.commands import SUMMARIES
from majiang.cli.variants_help import listed
from majiang.errors import MajiangError, quoted

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see: {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or with ``command`` only that command's whole (the others
    by name and help line: a command's module is imported only when it is needed)."""
    parser = _Parser(
        prog="majiang",
        description="Chinese regional mahjong: analyse hands, settle them, simulate, replay "
        f"and play games, serve rooms. Variants: {listed()}.",
        epilog='example: majiang analyze "123m456p789s12z55m" --indicator 4m',
    )
    parser.add_argument("--version", action="version", version=f"majiang {majiang.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, summary in SUMMARIES.items():
        if command is None or command == name:
            importlib.import_module(f"majiang.cli.{name}").register(commands)
        else:
            commands.add_parser(name, help=summary)
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
    stderr; 141, quietly, when the reader of stdout closes it, as ``| head`` does: the code
    of a tool SIGPIPE ends).

    Example:
        >>> main(["analyze", "\\udcff"])
        2
    """
    args_in = sys.argv[1:] if argv is None else list(argv)
    bad = _not_unicode(args_in)
    if bad is not None:
        print(f"majiang: argument {quoted(bad)} is not UTF-8 text", file=sys.stderr)
        return 2
    # The command is the first argument that is no option (the top level's are --help and
    # --version); with none, or an unknown one, only the names are needed.
    command = next((a for a in args_in if not a.startswith("-")), None)
    parser = build_parser(command if command in SUMMARIES else "")
    try:
        args = parser.parse_args(args_in)
    except SystemExit:  # --help, --version or a usage error: flush what they wrote here
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            _drop_stdout()
            raise SystemExit(BROKEN_PIPE) from None
        raise
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # here, not at exit, where a closed pipe prints a traceback
    except MajiangError as e:
        print(f"majiang: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _drop_stdout()
        return BROKEN_PIPE
    return code


BROKEN_PIPE = 141
"""The exit code when stdout's reader has gone (128 + SIGPIPE)."""


def _drop_stdout() -> None:
    """Points stdout at the null device, so that flushing what is left at exit cannot fail
    again (Python would print "Exception ignored ... BrokenPipeError")."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (tests, notebooks)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
