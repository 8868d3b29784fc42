"""The table server in this process for tests: a connection whose frames are read from its
queue, fed through ``TableServer.receive_text`` as the ``/ws`` endpoint does."""

from __future__ import annotations

import json
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
