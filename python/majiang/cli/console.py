"""Terminal output for the commands: rich consoles that colour only a terminal.

Rich decides from the stream: a terminal gets colour and its own width; a pipe or file gets
plain text (and ``NO_COLOR`` is honoured). Off a terminal the width is wide enough that tables
are never wrapped, so piped output stays one line per row.

Example:
    >>> import io
    >>> buf = io.StringIO()
    >>> console(buf).print("[bold]seat 0[/bold] wins")
    >>> buf.getvalue()
    'seat 0 wins\\n'
"""

from __future__ import annotations

import errno
import sys
from typing import IO

from rich.console import Console

__all__ = ["console", "error_console"]

PIPE_WIDTH = 160


class _Console(Console):
    """A rich console whose closed pipe is a BrokenPipeError for ``main`` to end quietly
    with one exit code for every command (rich's own ends the process with exit 1)."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError(errno.EPIPE, "the reader of the output has gone")


def console(stream: IO[str] | None = None) -> Console:
    """A console writing to ``stream`` (default: the current stdout).

    Example:
        >>> import io
        >>> console(io.StringIO()).is_terminal
        False
    """
    out = sys.stdout if stream is None else stream
    terminal = out.isatty() if hasattr(out, "isatty") else False
    return _Console(
        file=out,
        highlight=False,
        soft_wrap=False,
        width=None if terminal else PIPE_WIDTH,
        emoji=False,
    )


def error_console() -> Console:
    """A console on the current stderr.

    Example:
        >>> error_console().file is sys.stderr
        True
    """
    return console(sys.stderr)
