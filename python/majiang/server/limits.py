"""The open WebSocket connections of each client address, and the bounds of the limits
``majiang serve`` takes as flags (docs/server.md, "Limits").

Example:
    >>> open_now = AddressConnections(2)
    >>> open_now.open("10.0.0.1"), open_now.open("10.0.0.1"), open_now.open("10.0.0.1")
    (True, True, False)
    >>> open_now.close("10.0.0.1"); open_now.open("10.0.0.1"), open_now.total
    (True, 2)
"""

from __future__ import annotations

__all__ = ["CONNECTIONS_PER_ADDRESS", "TOO_MANY_CONNECTIONS", "AddressConnections"]

CONNECTIONS_PER_ADDRESS = 64
"""Open connections one client address may hold at once, by default (a household or an
office behind one NAT, each person with a reconnecting browser tab or two)."""

TOO_MANY_CONNECTIONS = 1013
"""The close code of a connection refused for its address's count: 1013 *Try Again Later*
(IANA's WebSocket close codes), after an ``error`` frame ``too_many_connections``."""


class AddressConnections:
    """How many connections each address has open (an address with none is forgotten, so
    the table holds only addresses connected now)."""

    def __init__(self, per_address: int = CONNECTIONS_PER_ADDRESS) -> None:
        self.per_address = per_address
        self.counts: dict[str, int] = {}
        self.total = 0

    def open(self, address: str) -> bool:
        """Counts a new connection from ``address``; False (and not counted) when the
        address already holds ``per_address``."""
        n = self.counts.get(address, 0)
        if n >= self.per_address:
            return False
        self.counts[address] = n + 1
        self.total += 1
        return True

    def close(self, address: str) -> None:
        """A connection counted by :meth:`open` closed."""
        n = self.counts.get(address, 0)
        if n <= 1:
            self.counts.pop(address, None)
        else:
            self.counts[address] = n - 1
        if n:
            self.total -= 1
