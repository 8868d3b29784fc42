"""``majiang settle``: who pays whom how much for one finished hand (a JSON hand record)."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from typing import Any

import majiang
from majiang.settlement import Settlement

EXAMPLE = """examples:
  majiang settle hand.json            a table: one line per payment, then the totals
  majiang settle hand.json --json     the settlement as JSON
  cat hand.json | majiang settle -    read the record from stdin

The record format and every rule option: docs/rules/nanchang.md.
"""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "settle",
        help="settle a finished hand: every payment and each seat's total",
        description="Settle one finished hand from its JSON hand record: jing, kongs, the hand "
        "score and penalties, one line per payment, then what each seat won or lost.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="JSON hand record, or - for stdin")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def _read(path: str) -> Any:
    """The JSON in ``path`` (``-``: stdin), or None after printing why it cannot be read."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print(f"majiang: {path}: cannot read: {e.strerror or e}", file=sys.stderr)
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        where = "stdin" if path == "-" else path
        print(
            f"majiang: {where}: not JSON: {e.msg} (line {e.lineno}, column {e.colno})",
            file=sys.stderr,
        )
        return None


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (CJK characters take two)."""
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - used)


def render(s: Settlement) -> str:
    """The settlement as a table for people."""
    p = s.pattern
    lines: list[str] = []
    if p.get("result") == "win":
        how = "self-drawn" if p["self_drawn"] else f"on seat {p['from']}'s discard"
        extras = [
            name
            for name, on in (
                (p.get("de_guo") or "", bool(p.get("de_guo"))),
                ("精钓", p.get("jing_diao")),
                ("杠开", p.get("gang_kai")),
                ("抢杠", p.get("qiang_gang")),
                ("天胡", p.get("tian_hu")),
                ("地胡", p.get("di_hu")),
            )
            if on
        ]
        lines.append(f"seat {p['winner']} wins {how}: {' '.join([p['shape'], *extras])}")
    elif p.get("result") == "draw":
        lines.append("exhaustive draw (荒庄)")
    if "dealer" in p:
        floor = f", 爬楼 x{p['palou_factor']}" if p.get("palou_factor", 1) > 1 else ""
        jing = " ".join(p.get("jing", []))
        lines.append(f"dealer seat {p['dealer']}{floor}; jing {jing}")
    lines.append("")
    lines.append("payer  payee  amount  reason    how")
    for item in s.items:
        reason = _pad(item.reason, 8)
        lines.append(f"{item.payer:5}  {item.payee:5}  {item.amount:6}  {reason}  {item.detail}")
    lines.append("")
    lines.append("seat   " + "  ".join(f"{seat:>6}" for seat in range(len(s.deltas))))
    lines.append("total  " + "  ".join(f"{d:+6}" for d in s.deltas))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    record = _read(args.file)
    if record is None:
        return 2
    s = majiang.settle(record)
    print(json.dumps(s.to_dict(), ensure_ascii=False, indent=2) if args.json else render(s))
    return 0
