"""``majiang serve``: the table server (rooms over WebSocket, SQLite storage, the browser
table). Needs the ``server`` extra: ``pip install "majiang[server]"``.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser(); register(p.add_subparsers())
    >>> args = p.parse_args(["serve", "--port", "9000"])
    >>> args.host, args.port, args.db
    ('127.0.0.1', 9000, 'majiang.db')
"""

from __future__ import annotations

import argparse
import inspect
import os
import socket
import sys
from typing import Any

from majiang.cli.commands import SUMMARIES
from majiang.cli.serve_limits import add_limit_flags, limit_fields

EXAMPLE = """examples:
  majiang serve                               http://127.0.0.1:8000/ (rooms in majiang.db)
  majiang serve --port 9000 --db /var/lib/majiang/tables.db
  majiang serve --db postgresql://majiang@db.internal/majiang   (PostgreSQL: docs/server.md)

Open the address in a browser to play against bots. Stop with Ctrl-C; start it again with
the same --db and every room goes on where it was. The protocol: docs/server.md.
"""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "serve",
        help=SUMMARIES["serve"],
        description="Serve rooms over WebSocket (protocol majiang.server/1) and the browser "
        "table, storing every room, event and hand in SQLite (or PostgreSQL).",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (8000)")
    p.add_argument(
        "--db",
        default="majiang.db",
        help="SQLite file (majiang.db), or a PostgreSQL URL postgresql://USER@HOST/DB",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web origin (scheme://host[:port], or *) whose pages may open /ws besides the "
        "server's own; repeat for more (default: none; clients that send no Origin are "
        "always allowed)",
    )
    p.add_argument(
        "--claim-window",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how long every claim window lasts at least when a room does not say, 0-30 "
        "(1): a discard nobody may claim waits as long as one somebody may",
    )
    p.add_argument(
        "--join-secret",
        default=None,
        metavar="SECRET",
        help="the secret (16+ bytes) the operator's login service signs join tokens with "
        "(HMAC-SHA256; docs/server.md): new seats are then taken only with a signed token "
        "naming a user id; default: the environment variable MAJIANG_JOIN_SECRET, else none "
        "(anonymous seats)",
    )
    add_limit_flags(p)  # --frames-per-second, --connections-per-address, --rooms-per-minute
    p.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one of majiang.server.Limits (docs/server.md, e.g. creates=100, "
        "address_rooms=500 for a load test); repeat for more",
    )
    p.add_argument(
        "--worker-id",
        metavar="NAME",
        help="this worker's name among several on one database (default, with a PostgreSQL "
        "--db: HOSTNAME:PORT, so a restarted worker takes its rooms back at once; every "
        "worker's must differ); rooms are played under leases (docs/server.md)",
    )
    p.add_argument(
        "--lease",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="how long a room's lease lasts unless renewed (3): a killed worker's rooms are "
        "taken over within about this long",
    )
    p.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default="warning",
        help="JSON log lines on stderr from this level: info has one line per event (room "
        "created, seat joined or left, action applied, error frame, hand ended); warning "
        "(the default) only what went wrong",
    )
    p.set_defaults(run=run)


def parse_limits(items: list[str], base: dict[str, float] | None = None) -> Any:
    """``NAME=VALUE`` items as a ``Limits`` over the fields ``base`` sets (the limit
    flags'); ValueError naming a bad one.

    Example:
        >>> parse_limits(["creates=100", "address_rate=0.5"]).creates
        100
    """
    from majiang.server import Limits  # optional extra: server

    params = inspect.signature(Limits).parameters
    values: dict[str, Any] = dict(base or {})
    for item in items:
        name, _, text = item.partition("=")
        if name not in params:
            raise ValueError(f"--limit {item[:40]!r}: no such limit (one of {', '.join(params)})")
        kind = type(params[name].default)
        try:
            value = kind(text)
        except ValueError:
            raise ValueError(f"--limit {item[:40]!r}: {name} takes a {kind.__name__}") from None
        if not 0 < value < 2**53:
            raise ValueError(f"--limit {item[:40]!r}: {name} must be positive and below 2**53")
        values[name] = value
    return Limits(**values)


def shown_db(db: str) -> str:
    """``--db`` as printed: a URL's password left out.

    Example:
        >>> shown_db("postgresql://u:pw@db/majiang"), shown_db("t.db")
        ('postgresql://u@db/majiang', 't.db')
    """
    scheme, sep, rest = db.partition("://")
    auth, at, host = rest.rpartition("@")
    if not sep or not at:
        return db
    return f"{scheme}://{auth.split(':', 1)[0]}@{host}"


def run(args: argparse.Namespace) -> int:
    try:
        from majiang.server import serve  # optional extra: server (its absence is reported)
    except ImportError as e:
        print(
            f"majiang serve needs the server extra (pip install 'majiang[server]'): {e}",
            file=sys.stderr,
        )
        return 2
    if not 0 <= args.port <= 65535:
        print(f"majiang serve: port {args.port} is not 0-65535", file=sys.stderr)
        return 2
    from majiang.server import ServerConfigError, TableServer  # optional extra: server
    from majiang.server.storage import is_postgres_url  # optional extra: server

    worker = args.worker_id
    if worker is None and is_postgres_url(args.db):
        worker = f"{socket.gethostname()}:{args.port}"
    if not 0.5 <= args.lease <= 3600:
        print(f"majiang serve: --lease {args.lease:g} is not 0.5-3600 seconds", file=sys.stderr)
        return 2
    try:  # a bad --db, --allow-origin or --limit is one line, before anything is served
        limits = parse_limits(args.limit, limit_fields(args))
        secret = args.join_secret or os.environ.get("MAJIANG_JOIN_SECRET") or None
        server = TableServer(
            args.db,
            limits,
            allow_origins=args.allow_origin,
            claim_window=args.claim_window,
            worker=worker,
            lease=args.lease,
            join_secret=secret,
        )
    except (ServerConfigError, ValueError) as e:
        print(f"majiang serve: {e}", file=sys.stderr)
        return 2
    from majiang.server.logs import configure  # optional extra: server

    configure(args.log_level)
    where = shown_db(args.db)
    print(f"majiang: serving http://{args.host}:{args.port}/ (rooms in {where})", flush=True)
    serve(args.host, args.port, server=server)
    return 0
