"""The table server as a real process on loopback for tests and benchmarks: start it on a
free port with a database file, wait until it answers, stop it (or SIGKILL it)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``majiang serve`` in a subprocess (``start``, ``kill``, ``stop``)."""

    def __init__(
        self,
        db: Path | str,
        port: int | None = None,
        args: tuple[str, ...] = ("--claim-window", "0"),
    ) -> None:
        # tests are not about the windows' length unless they say (args)
        self.db, self.port, self.args = db, port or free_port(), args
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> ServerProcess:
        cmd = [sys.executable, "-m", "majiang", "serve", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*cmd, "--db", str(self.db), *self.args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"the server exited: {err}")
            try:
                with urllib.request.urlopen(self.url + "/api/variants", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer")

    def kill(self) -> None:
        """SIGKILL: no cleanup at all."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return json.loads(r.read())

    def client(self) -> Client:
        ws = connect(f"ws://127.0.0.1:{self.port}/ws", open_timeout=10)
        return Client(ws.__enter__())  # used as a context manager (websockets 17)


class Client:
    """A synchronous protocol client: send frames, read frames of a type."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        assert self.recv()["type"] == "welcome"

    def send(self, **frame: Any) -> None:
        self.ws.send(json.dumps(frame))

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout))
        self.seen.append(frame)
        return frame

    def until(self, kind: str, timeout: float = 20.0) -> dict[str, Any]:
        while True:
            frame = self.recv(timeout)
            if frame["type"] == kind:
                return frame

    def close(self) -> None:
        self.ws.close()


def raw_socket(
    port: int, headers: dict[str, str] | None = None, rcvbuf: int = 4096
) -> tuple[socket.socket, str]:
    """A WebSocket opened by hand on a plain socket with a small receive buffer (a client
    that need not read anything); returns ``(socket, status line)`` of the handshake."""
    import base64

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        "GET /ws HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
        *(f"{k}: {v}" for k, v in (headers or {}).items()),
    ]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        if not chunk:
            break
        head += chunk
    return sock, head.split(b"\r\n", 1)[0].decode()


def send_raw(sock: socket.socket, text: str) -> None:
    """One masked text frame (RFC 6455)."""
    data = text.encode("utf-8", "surrogatepass")
    mask = os.urandom(4)
    size = len(data)
    if size < 126:
        head = bytes([0x81, 0x80 | size])
    elif size < 65536:
        head = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
    sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
