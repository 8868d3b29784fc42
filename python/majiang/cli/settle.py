"""``majiang settle``: who pays whom how much for one finished hand (a JSON hand record)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import RenderableType

import majiang
from majiang.cli.commands import SUMMARIES
from majiang.cli.console import console
from majiang.cli.table_view import settlement_view
from majiang.cli.variants_help import listed
from majiang.errors import RecordError, quoted
from majiang.settlement import Settlement
from majiang.variants import names as variant_names

EXAMPLE = """examples:
  majiang settle hand.json            a table: one line per payment, then the totals
  majiang settle hand.json --json     the settlement as JSON
  majiang settle gb.json --variant gb a record without "variant" read as GB
  cat hand.json | majiang settle -    read the record from stdin

The record format and every rule option: docs/rules/nanchang.md.
"""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "settle",
        help=SUMMARIES["settle"],
        description="Settle one finished hand from its JSON hand record: jing, kongs, the hand "
        "score and penalties, one line per payment, then what each seat won or lost. The "
        f"record names its variant: {listed()}.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="JSON hand record, or - for stdin")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--variant",
        choices=variant_names(),
        help="the record's variant when it names none (it must agree when it does)",
    )
    p.set_defaults(run=run)


def _read(path: str) -> Any:
    """The JSON in ``path`` (``-``: stdin), or None after printing why it cannot be read."""
    where = "stdin" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except OSError as e:
        print(f"majiang: {path}: cannot read: {e.strerror or e}", file=sys.stderr)
        return None
    except UnicodeDecodeError as e:
        byte = e.object[e.start]
        print(
            f"majiang: {where}: not UTF-8 text (byte {byte:#04x} at offset {e.start})",
            file=sys.stderr,
        )
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        print(
            f"majiang: {where}: not JSON: {e.msg} (line {e.lineno}, column {e.colno})",
            file=sys.stderr,
        )
    except RecursionError:
        print(f"majiang: {where}: not JSON: nested too deeply", file=sys.stderr)
    except ValueError as e:  # a number too long to read
        print(f"majiang: {where}: not JSON: {e}", file=sys.stderr)
    return None


def render(s: Settlement, variant: str | None = None) -> RenderableType:
    """The settlement of a hand of ``variant`` as a rich table for people: the result, one
    row per payment, then each seat's total (see
    :func:`majiang.cli.table_view.settlement_view`)."""
    return settlement_view(s, variant)


def run(args: argparse.Namespace) -> int:
    record = _read(args.file)
    if record is None:
        return 2
    if args.variant is not None and isinstance(record, dict):
        named = record.get("variant", args.variant)
        if named != args.variant:
            raise RecordError(f"variant: the record is {quoted(named)}, not {args.variant}")
        record = {**record, "variant": args.variant}
    s = majiang.settle(record)
    if args.json:
        print(json.dumps(s.to_dict(), ensure_ascii=False, indent=2))
    else:
        variant = record.get("variant") if isinstance(record, dict) else None
        console().print(render(s, variant if isinstance(variant, str) else None))
    return 0
