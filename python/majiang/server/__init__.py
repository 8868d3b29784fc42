"""The table server: rooms over WebSocket, per-seat views, SQLite storage, reconnection,
托管 and a browser table (``majiang serve``; docs/server.md). Needs the ``server`` extra
(``pip install majiang[server]``).

Example:
    >>> from majiang.server import TableServer
    >>> TableServer(":memory:").rooms
    {}
"""

from __future__ import annotations

from majiang.server.app import Limits, TableServer
from majiang.server.protocol import PROTOCOL, ProtocolError, parse_frame

__all__ = [
    "PROTOCOL",
    "Limits",
    "ProtocolError",
    "TableServer",
    "parse_frame",
    "serve",
]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "majiang.db") -> None:
    """Runs the server (uvicorn) until interrupted.

    Example:
        >>> callable(serve)
        True
    """
    import uvicorn

    server = TableServer(db)
    config = uvicorn.Config(
        server.app(),
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=server.limits.frame,
        log_level="warning",
        lifespan="on",
    )
    uvicorn.Server(config).run()
