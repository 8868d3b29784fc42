"""Which web pages may open the table server's WebSocket: the ``Origin`` check against
cross-site WebSocket hijacking (any page a user opens could otherwise drive a server on
loopback).

A handshake is accepted when it has no ``Origin`` (clients that are not browsers send none),
when its origin is the server's own (the same host and port as the ``Host`` header; the
loopback names ``localhost``, ``127.0.0.1`` and ``::1`` count as one), or when it is listed
(``--allow-origin``; ``*`` allows every origin).

Example:
    >>> origin_allowed(None, "127.0.0.1:8000")
    True
    >>> origin_allowed("http://localhost:8000", "127.0.0.1:8000")
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000")
    False
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", ["https://evil.example"])
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

__all__ = ["LOOPBACK", "normalize_origin", "origin_allowed"]

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
"""Host names that all mean this machine."""

_DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}
_MAX_ORIGIN = 2048


def _host_port(netloc: str, scheme: str) -> tuple[str, int | None] | None:
    try:
        parts = urlsplit(f"//{netloc}")
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not host:
        return None
    return host.lower(), port if port is not None else _DEFAULT_PORTS.get(scheme)


def normalize_origin(origin: str) -> str | None:
    """An origin as ``scheme://host[:port]`` in lower case without a default port (None:
    not an origin).

    Example:
        >>> normalize_origin("HTTPS://Example.org:443/"), normalize_origin("null")
        ('https://example.org', None)
    """
    if not origin or len(origin) > _MAX_ORIGIN:
        return None
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS:
        return None
    found = _host_port(parts.netloc, scheme)
    if found is None:
        return None
    host, port = found
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}" + ("" if port == _DEFAULT_PORTS[scheme] else f":{port}")


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str] = ()) -> bool:
    """True when a handshake with this ``Origin`` and ``Host`` header may open the socket."""
    if origin is None:
        return True
    listed = set(allowed)
    if "*" in listed:
        return True
    mine = normalize_origin(origin)
    if mine is None:
        return False
    if mine in {normalize_origin(o) for o in listed}:
        return True
    scheme = mine.split("://", 1)[0]
    theirs = _host_port(urlsplit(mine).netloc, scheme)
    served = _host_port(host, scheme) if host and len(host) <= _MAX_ORIGIN else None
    if theirs is None or served is None:
        return False
    (a, port_a), (b, port_b) = theirs, served
    same_host = a == b or (a in LOOPBACK and b in LOOPBACK)
    return same_host and port_a == port_b
