"""``majiang replay``: a recorded hand turn by turn, checked against the rules as it goes."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from majiang.cli.commands import SUMMARIES
from majiang.cli.console import console
from majiang.cli.table_view import event_line, settlement_view, table_view
from majiang.cli.variants_help import listed
from majiang.errors import ReplayError
from majiang.game.replays import ReplayStep, iter_replay

EXAMPLE = """examples:
  majiang replay games.jsonl                  every hand: each event, the table, the settlement
  majiang replay games.jsonl --hand 2 --step  the third hand, one event per Enter (q quits)
  majiang replay games.jsonl --seat 1         what seat 1 saw (the others' tiles hidden)
  majiang replay games.jsonl --json           per hand: result, deltas, scores as JSON
  cat games.jsonl | majiang replay -          the log from stdin

A log is JSON Lines from `majiang simulate --log` or majiang.game.write_events. Every step is
replayed through the engine: a log the rules contradict stops with the line number (exit 2).
"""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "replay",
        help=SUMMARIES["replay"],
        description="Replay an event log hand by hand: the four hands (or one seat's view), "
        "melds, ponds, jing, each action taken and the settlement table. The log is checked "
        "against the rules as it is replayed. The log names its variant: "
        f"{listed()}.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("log", metavar="LOG", help="event log (JSON Lines), or - for stdin")
    p.add_argument("--hand", type=int, metavar="K", help="only hand K of the log (0 = the first)")
    p.add_argument(
        "--step", action="store_true", help="show the table after each event; Enter: next, q: quit"
    )
    p.add_argument("--seat", type=int, choices=range(4), metavar="S", help="only seat S's view")
    p.add_argument("--json", action="store_true", help="print a JSON summary per hand")
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode glyphs")
    p.add_argument("--zh", action="store_true", help="show tiles by Chinese name")
    p.set_defaults(run=run)


def _source(path: str) -> str | IO[str] | IO[bytes]:
    if path != "-":
        return path
    # The bytes, so that a line that is not UTF-8 is named exactly.
    buffer: IO[bytes] | None = getattr(sys.stdin, "buffer", None)
    return sys.stdin if buffer is None else buffer


def summary(steps: Any) -> dict[str, Any]:
    """Per hand: its index in the log, the result, the deltas and the scores after it.

    Example:
        >>> from majiang.game import EfficiencyBot, Game, play
        >>> g = play(Game(seed=1, hands=2), [EfficiencyBot() for _ in range(4)])
        >>> s = summary(iter_replay(g.events))
        >>> len(s["hands"]), s["scores"] == g.scores
        (2, True)
    """
    hands: list[dict[str, Any]] = []
    scores: list[int] = []
    for step in steps:
        if step.event["event"] != "settlement":
            continue
        game = step.game
        record, settlement = game.records[-1], game.settlements[-1]
        scores = list(game.scores)
        hands.append(
            {
                "index": step.hand,
                "line": step.line,
                "dealer": record["dealer"],
                "result": record["result"],
                "shape": settlement.pattern.get("shape"),
                "deltas": list(settlement.deltas),
                "scores": scores,
            }
        )
    return {"hands": hands, "scores": scores}


def _show_end(out: Console, step: ReplayStep, args: argparse.Namespace) -> None:
    """The table at the end of a hand, then its settlement."""
    game = step.game
    out.print(table_view(game, args.seat, glyphs=args.glyphs, zh=args.zh))
    out.print()
    out.print(
        settlement_view(game.settlements[-1], game.variant.name, glyphs=args.glyphs, zh=args.zh)
    )


def run(args: argparse.Namespace) -> int:
    if args.step and args.log == "-":
        raise ReplayError("--step reads Enter from stdin: give the log as a file, not -")
    if args.hand is not None and args.hand < 0:
        raise ReplayError(f"--hand: expected 0 or more, got {args.hand}")
    steps = iter_replay(_source(args.log), hand=args.hand)
    if args.json:
        print(json.dumps(summary(steps), ensure_ascii=False, indent=2))
        return 0
    out = console()
    opts: dict[str, Any] = {"glyphs": args.glyphs, "zh": args.zh}
    for step in steps:
        kind = step.event["event"]
        if kind == "deal":
            out.print(Text(f"── hand {step.hand} (line {step.line}) ──", style="bold"))
        shows = step.game.table.concealed_kongs_shown
        private = step.game.table.private_openings
        out.print(
            event_line(
                step.event,
                args.seat,
                shows_concealed_kongs=shows,
                private_openings=private,
                **opts,
            )
        )
        if args.step:
            if kind == "settlement":
                _show_end(out, step, args)
            else:
                out.print(table_view(step.game, args.seat, **opts))
            out.print("Enter: next, q: quit > ", end="")
            try:
                answer = sys.stdin.readline()
            except KeyboardInterrupt:
                answer = ""
            except UnicodeDecodeError:  # not UTF-8: not "q" either, so go on
                answer = "\n"
            if not sys.stdin.isatty() or not answer:
                out.print()  # a piped answer is not echoed: end the prompt's line
            if not answer or answer.strip().lower() in ("q", "quit"):
                out.print(f"replay stopped at line {step.line}")
                return 0
        elif kind == "settlement":
            out.print()
            _show_end(out, step, args)
            out.print()
    return 0
