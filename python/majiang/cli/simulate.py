"""``majiang simulate``: self-play statistics of bots over many hands.

Example:
    >>> import io
    >>> from majiang.game.simulation import simulate
    >>> buf = io.StringIO()
    >>> for t in tables(simulate(4, seed=1), "nanchang", ("efficiency",) * 4):
    ...     console(buf).print(t)
    >>> "win rate" in buf.getvalue()
    True
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import ExitStack
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from majiang.bounds import MAX_HANDS
from majiang.cli.commands import SUMMARIES
from majiang.cli.console import console, error_console
from majiang.cli.variants_help import listed, variant_help
from majiang.errors import RulesError
from majiang.game.simulation import BOTS, simulate
from majiang.room import MAX_JSON_SIZE, RoomConfig
from majiang.variants import get_variant, lookup
from majiang.variants import names as variant_names
from majiang.variants.registry import DEFAULT

EXAMPLE = """examples:
  majiang simulate --hands 1000 --seed 1                     four EfficiencyBots
  majiang simulate --hands 1000 --bots efficiency,random,efficiency,random --workers 2
  majiang simulate --hands 200 --log games.jsonl --json      statistics as JSON, every event logged
  majiang simulate --hands 100000 --ray ray://head:10001       on a Ray cluster (--ray alone: local)

The same seed prints the same statistics, whatever --workers is. Replay a log with
`majiang replay games.jsonl`.
"""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "simulate",
        help=SUMMARIES["simulate"],
        description="Play many hands between bots and print win rates per seat, self-draw, "
        "discard-win and draw rates, average turns, pattern frequencies and mean scores."
        f"\n\nVariants: {listed()}.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--variant", default=DEFAULT, choices=variant_names(), help=variant_help("the rules")
    )
    p.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the same seed plays the same hands")
    p.add_argument(
        "--bots",
        default="efficiency",
        help=f"one bot for all seats or four, comma-separated: {', '.join(sorted(BOTS))}",
    )
    p.add_argument(
        "--per-game", type=int, default=1, help="hands per match (dealer rotation, 爬楼)"
    )
    p.add_argument("--workers", type=int, default=1, help="processes to spread the hands over")
    p.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="spread the matches over a Ray cluster (pip install ray): at ADDRESS "
        "(ray://head:10001, auto), else a local instance; the same results",
    )
    p.add_argument("--log", metavar="FILE", help="write every event as JSON Lines")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--config",
        metavar="FILE",
        help="a room configuration (JSON: variant, options, hands per match, stake, caps, "
        "bots); it replaces --variant, --bots and --per-game",
    )
    p.set_defaults(run=run)


def tables(stats: dict[str, Any], variant: str, bots: tuple[str, ...]) -> list[Table]:
    """The statistics as two rich tables: per seat, then per hand."""
    seats = Table()
    seats.add_column("seat", justify="right")
    seats.add_column("bot")
    seats.add_column("win rate", justify="right")
    seats.add_column("mean score", justify="right")
    for seat in range(len(stats["win_rate"])):  # the table's seats
        win, score = stats["win_rate"][seat], stats["mean_score"][seat]
        seats.add_row(str(seat), bots[seat], f"{win:.1%}", f"{score:+.2f}")
    hands = Table()
    hands.add_column("per hand")
    hands.add_column("", justify="right")
    hands.add_row("self-drawn wins", f"{stats['self_draw_rate']:.1%}")
    hands.add_row("wins on a discard", f"{stats['discard_win_rate']:.1%}")
    hands.add_row("exhaustive draws (荒庄)", f"{stats['draw_rate']:.1%}")
    hands.add_row("discards a hand", f"{stats['average_turns']:.1f}")
    hands.add_section()
    found = stats["patterns"]
    tallied = lookup(variant).tallied  # listed even at zero, then what else was seen
    others = sorted((p for p in found if p not in tallied), key=lambda p: -found[p])
    for name in [*tallied, *others]:
        hands.add_row(name, f"{found.get(name, 0):.2%}")
    return [seats, hands]


def read_room(path: str) -> RoomConfig:
    """The room configuration in a JSON file (``simulate`` and ``play --config``): RulesError
    naming the file when it cannot be read, is larger than ``MAX_JSON_SIZE`` (only that much
    is read: a device or a huge file costs nothing), or is not a room."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_JSON_SIZE + 1)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RulesError(f"--config {path}: cannot read: {e}") from None
    if len(data) > MAX_JSON_SIZE:
        raise RulesError(f"--config {path}: larger than {MAX_JSON_SIZE} bytes")
    try:
        return RoomConfig.from_json(text)
    except RulesError as e:
        raise RulesError(f"--config {path}: {e}") from None


def run(args: argparse.Namespace) -> int:
    room = read_room(args.config) if args.config else None
    if room is not None:
        args.variant, args.bots, args.per_game = room.variant, ",".join(room.bot_names()), 1
    bots = tuple(b.strip() for b in str(args.bots).split(","))
    seats = get_variant(args.variant).table.seats
    if len(bots) == 1:
        bots *= seats
    if len(bots) != seats or any(b not in BOTS for b in bots):
        many = {2: "two", 3: "three"}.get(seats, "four")
        raise RulesError(f"--bots: expected one or {many} of {', '.join(sorted(BOTS))}")
    if args.hands < 1 or args.workers < 1 or args.per_game < 1:
        raise RulesError("--hands, --per-game and --workers must be positive")
    if args.per_game > MAX_HANDS:
        raise RulesError(f"--per-game: at most {MAX_HANDS} hands a match, got {args.per_game}")
    try:
        err = error_console()
        with ExitStack() as stack:
            log = None
            if args.log:
                log = stack.enter_context(open(args.log, "w", encoding="utf-8"))
            progress = Progress(
                TextColumn("simulating"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
                disable=not err.is_terminal,  # a bar only for a person watching
            )
            stack.enter_context(progress)
            task = progress.add_task("hands", total=args.hands)
            common: dict[str, Any] = {
                "seed": args.seed,
                "workers": args.workers,
                "log": log,
                "progress": lambda n: progress.update(task, completed=n),
                "ray": False if args.ray is None else args.ray,
            }
            if room is not None:
                stats = simulate(args.hands, config=room, **common)
            else:
                stats = simulate(
                    args.hands,
                    bots=bots,
                    per_game=args.per_game,
                    variant=args.variant,
                    **common,
                )
    except OSError as e:  # the log cannot be opened, written (a full disk) or closed
        if not args.log:
            raise
        print(f"majiang: {args.log}: cannot write: {e.strerror or e}", file=sys.stderr)
        return 2
    if args.json:
        print(
            json.dumps({"variant": args.variant, "bots": list(bots), **stats}, ensure_ascii=False)
        )
    else:
        out = console()
        out.print(f"{stats['hands']} hands of {args.variant}, seed {args.seed}")
        for t in tables(stats, args.variant, bots):
            out.print(t)
    return 0
