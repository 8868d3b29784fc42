"""The subcommands of ``majiang``, each with its one-line help: the command line imports a
command's module only when that command runs or its help is asked, so ``majiang analyze``
does not load the game engine, the terminal tables or the server.

Example:
    >>> sorted(SUMMARIES)
    ['analyze', 'play', 'replay', 'serve', 'settle', 'simulate']
"""

from __future__ import annotations

__all__ = ["SUMMARIES"]

SUMMARIES: dict[str, str] = {
    "analyze": "shanten, waits, discards and decompositions of a hand",
    "settle": "settle a finished hand: every payment and each seat's total",
    "simulate": "self-play statistics of bots over many hands",
    "replay": "show a recorded game turn by turn, with tables and settlements",
    "play": "play mahjong against bots in the terminal",
    "serve": "run the table server and the browser table",
}
"""Command name -> its help line (module ``majiang.cli.<name>`` registers the command)."""
