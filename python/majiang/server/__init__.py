"""The table server: rooms over WebSocket, per-seat views, SQLite or PostgreSQL storage
(several workers on one PostgreSQL), reconnection, 托管 and a browser table
(``majiang serve``; docs/server.md). Needs the ``server`` extra
(``pip install majiang[server]``).

Example:
    >>> from majiang.server import TableServer
    >>> TableServer(":memory:").rooms
    {}
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from majiang.server.app import Limits, TableServer
from majiang.server.protocol import PROTOCOL, ProtocolError, ServerConfigError, parse_frame

__all__ = [
    "PROTOCOL",
    "Limits",
    "ProtocolError",
    "ServerConfigError",
    "TableServer",
    "parse_frame",
    "serve",
]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "majiang.db",
    allow_origins: Sequence[str] = (),
    server: TableServer | None = None,
) -> None:
    """Runs the server (uvicorn) until interrupted; ``allow_origins``: web origins besides
    the server's own whose pages may open ``/ws`` (:mod:`majiang.server.origin`); ``server``:
    one already built (then ``db`` and ``allow_origins`` are its own).

    Example:
        >>> callable(serve)
        True
    """
    import uvicorn  # optional extra: server, imported only to run one

    if server is None:
        server = TableServer(db, allow_origins=allow_origins)
    config = uvicorn.Config(
        server.app(),
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=server.limits.frame,
        # frames are small JSON; permessage-deflate would keep two zlib streams per
        # connection (about 20 KB a connection, 80 KB a table) and cost CPU on every frame
        ws_per_message_deflate=False,
        log_level="warning",
        lifespan="on",
    )
    table = server

    class Draining(uvicorn.Server):
        """On SIGTERM a worker hands its rooms over before uvicorn closes the sockets."""

        async def shutdown(self, sockets: Any = None) -> None:
            if table.worker is not None:
                table.worker.drain()
                await asyncio.sleep(0.2)  # the closes with MOVED go out
            await super().shutdown(sockets)

    Draining(config).run()
