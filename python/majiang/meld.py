"""The one declared-meld type, shared by the engine, the records, the scorers and the
observations.

Example:
    >>> Meld("peng", (0, 0, 0), 2).to_dict()
    {'kind': 'peng', 'tiles': '111m', 'from': 2}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.errors import RecordError
from majiang.tiles import KIND_INDEX, kinds_text

__all__ = ["MELD_KINDS", "Meld"]

MELD_KINDS = ("chi", "peng", "ming_gang", "an_gang", "bu_gang")


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld: record kind (``chi``, ``peng``, ``ming_gang``, ``an_gang``,
    ``bu_gang``), its tiles as sorted kind indices, and the seat it was claimed from.

    Example:
        >>> m = Meld("peng", (0, 0, 0), 2)
        >>> m.tiles, m.to_dict()
        ('111m', {'kind': 'peng', 'tiles': '111m', 'from': 2})
    """

    kind: str
    kinds: tuple[int, ...]
    source: int | None

    @property
    def tiles(self) -> str:
        """The tiles as MPSZ text.

        Example:
            >>> Meld("chi", (27, 28, 30), 3).tiles
            '124z'
        """
        return kinds_text(self.kinds)

    def to_dict(self) -> dict[str, Any]:
        """Record form.

        Example:
            >>> Meld("an_gang", (33,) * 4, None).to_dict()
            {'kind': 'an_gang', 'tiles': '7777z', 'from': None}
        """
        return {"kind": self.kind, "tiles": self.tiles, "from": self.source}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Meld:
        """Inverse of :meth:`to_dict` (RecordError when malformed).

        Example:
            >>> Meld.from_dict({"kind": "peng", "tiles": "555p", "from": 1}).kinds
            (13, 13, 13)
        """
        kind = data.get("kind")
        if kind not in MELD_KINDS:
            raise RecordError(f"meld kind: expected one of {MELD_KINDS}, got {kind!r}")
        return cls(str(kind), tuple(sorted(_kinds(data.get("tiles")))), data.get("from"))


def _kinds(text: Any) -> list[int]:
    from majiang import parse_tiles

    if not isinstance(text, str):
        raise RecordError(f"expected MPSZ text, got {text!r}")
    try:
        return [KIND_INDEX[t] for t in parse_tiles(text)]
    except (KeyError, ValueError) as e:
        raise RecordError(f"not 34-kind tiles: {text!r}") from e
