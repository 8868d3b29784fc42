"""``majiang serve``'s limit flags: frames a second per connection, open connections per
client address, rooms created per address a minute (docs/server.md, "Limits"). Each flag
has a default (``majiang.server.Limits``'s own) and bounds; it becomes ``Limits`` fields.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser(); add_limit_flags(p)
    >>> limit_fields(p.parse_args(["--rooms-per-minute", "30"]))
    {'address_burst': 30.0, 'address_rate': 0.5}
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["LIMIT_FLAGS", "LimitFlag", "add_limit_flags", "limit_fields"]


@dataclass(frozen=True)
class LimitFlag:
    """One flag: its name, default, bounds, help, and the ``Limits`` fields it sets."""

    flag: str
    default: int
    low: int
    high: int
    help: str
    fields: Callable[[int], dict[str, float]]


LIMIT_FLAGS = (
    LimitFlag(
        "--frames-per-second",
        50,
        1,
        10_000,
        "frames a connection may send a second, with a burst of twice as many; past it a "
        "frame is refused (error flood), and a connection refused 20 times in a row is "
        "closed (1008)",
        lambda n: {"rate": float(n), "burst": 2.0 * n},
    ),
    LimitFlag(
        "--connections-per-address",
        64,
        1,
        100_000,
        "WebSocket connections one client address may hold open at once; one more gets "
        "error too_many_connections and close code 1013",
        lambda n: {"address_connections": n},
    ),
    LimitFlag(
        "--rooms-per-minute",
        10,
        1,
        100_000,
        "rooms one client address may create a minute (that many at once, then refilled "
        "over the minute); past it: error too_many_rooms",
        lambda n: {"address_burst": float(n), "address_rate": n / 60},
    ),
)
"""The flags, in the order ``--help`` lists them."""


def _bounded(flag: LimitFlag) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if not flag.low <= n <= flag.high:
            raise argparse.ArgumentTypeError(f"{n} is not {flag.low}-{flag.high}")
        return n

    return parse


def _dest(flag: LimitFlag) -> str:
    return flag.flag.lstrip("-").replace("-", "_")


def add_limit_flags(parser: argparse.ArgumentParser) -> None:
    """Adds the flags to ``majiang serve``'s parser (each None unless given)."""
    for f in LIMIT_FLAGS:
        parser.add_argument(
            f.flag,
            type=_bounded(f),
            default=None,
            metavar="N",
            help=f"{f.help} ({f.default}; {f.low}-{f.high})",
        )


def limit_fields(args: argparse.Namespace) -> dict[str, float]:
    """The ``Limits`` fields the flags given set (``--limit NAME=VALUE`` may override)."""
    out: dict[str, float] = {}
    for f in LIMIT_FLAGS:
        value = getattr(args, _dest(f), None)
        if value is not None:
            out |= f.fields(value)
    return out
