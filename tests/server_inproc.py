"""The table server in this process for tests: a connection whose frames are read from its
queue, fed through ``TableServer.receive_text`` as the ``/ws`` endpoint does."""

from __future__ import annotations

import json
from collections.abc import MutableMapping
from typing import Any

from majiang.server import Limits, TableServer
from majiang.server.app import Connection


class NoSocket:
    """The socket of an in-process connection (its frames are read from the queue)."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}

    async def send_text(self, text: str) -> None:
        text.encode("utf-8")  # what the real socket does: a lone surrogate would fail

    async def close(self, code: int = 1000) -> None:
        pass


class Local:
    """One client of ``server``: ``send`` a frame (text or object), ``take`` what came back."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.conn = Connection(NoSocket(), server.limits)  # type: ignore[arg-type]

    def send(self, frame: dict[str, Any] | str) -> None:
        text = frame if isinstance(frame, str) else json.dumps(frame)
        self.server.receive_text(self.conn, text)

    def take(self) -> list[dict[str, Any]]:
        out = []
        while not self.conn.queue.empty():
            item = self.conn.queue.get_nowait()
            if item is not None:
                out.append(json.loads(item[0]))
                self.conn.queued -= item[1]
        return out


def local_server(limits: Limits | None = None) -> TableServer:
    return TableServer(":memory:", limits or Limits(rate=1e9, burst=1e9))


def http_get(server: TableServer, path: str, query: str = "") -> tuple[int, dict[str, str], Any]:
    """``GET path?query`` through the ASGI application, in this process: status, headers
    and the JSON body (None when it is not JSON)."""
    import asyncio

    app = server.app()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode("utf-8", "surrogatepass"),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    return start["status"], headers, data
