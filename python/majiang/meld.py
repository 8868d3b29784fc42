"""The one meld type: what the engine, the hand records, the scorers and the observations hold.

A :class:`Meld` is a ``kind`` (``chi``, ``peng``, ``ming_gang``, ``an_gang``, ``bu_gang``), its
tiles as sorted kind indices (``kinds``) and ``source``, the seat the claimed tile came from
(None for an an_gang). Its JSON form is ``{"kind", "tiles", "from"}`` with the tiles as MPSZ text;
a meld read from a record keeps the tiles as the record spelled them. This module needs nothing
of the engine or of any variant, so the settlement can import it.

Example:
    >>> from majiang.meld import Meld
    >>> m = Meld("peng", (0, 0, 0), 2)
    >>> m.tiles, m.to_dict()
    ('111m', {'kind': 'peng', 'tiles': '111m', 'from': 2})
    >>> Meld("chi", "546p", 3).kinds, Meld("chi", "546p", 3).tiles
    ((12, 13, 14), '546p')
    >>> Meld("peng", "555p", 1) == Meld("peng", (13, 13, 13), 1)
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from majiang.errors import MajiangError, RecordError, quoted
from majiang.tiles import NUM_KINDS, kinds_text, mpsz, to_counts

__all__ = ["GANG_KINDS", "MELD_KINDS", "Meld", "MeldInput", "kinds_text", "mpsz"]

MELD_KINDS: tuple[str, ...] = ("chi", "peng", "ming_gang", "an_gang", "bu_gang")
"""Every meld kind a variant may have, in the order messages list them."""
GANG_KINDS: frozenset[str] = frozenset({"ming_gang", "an_gang", "bu_gang"})
"""The kongs (四张)."""


@lru_cache(maxsize=4096)
def _text(kinds: tuple[int, ...]) -> str:
    """:func:`kinds_text` of a meld's kinds (few distinct melds exist: remembered)."""
    return kinds_text(kinds)


@lru_cache(maxsize=4096)
def _parse(text: str) -> tuple[int, ...]:
    counts = to_counts(text)  # InvalidHandError for a flower or a bad name
    return tuple(k for k in range(NUM_KINDS) for _ in range(counts[k]))


@dataclass(frozen=True, init=False)
class Meld:
    """A declared meld: ``kind``, its tiles as sorted kind indices (``kinds``; given as MPSZ
    text, they are read and the text kept as spelled) and ``source``, the seat the claimed
    tile came from (JSON ``"from"``; None for an an_gang; a bu_gang keeps its pung's). Two
    melds are equal when kind, kinds and source are, however the tiles were spelled.

    Example:
        >>> Meld("an_gang", "5555m").to_dict()
        {'kind': 'an_gang', 'tiles': '5555m', 'from': None}
        >>> Meld("chi", (27, 28, 30), 3).tiles
        '124z'
        >>> Meld("peng", "东东东", 0).tiles, Meld("peng", "东东东", 0).is_gang
        ('东东东', False)
    """

    kind: str
    kinds: tuple[int, ...]
    source: int | None
    spelled: str | None = field(repr=False, compare=False)
    """The tiles as a record spelled them (None: the canonical MPSZ text of ``kinds``)."""

    def __init__(self, kind: str, kinds: Iterable[int] | str, source: int | None = None) -> None:
        # One dict update instead of four object.__setattr__ calls (the engine and the record
        # checks make many of these); the instance stays frozen (assignment raises).
        if isinstance(kinds, str):
            self.__dict__.update(kind=kind, kinds=_parse(kinds), source=source, spelled=kinds)
        else:
            self.__dict__.update(kind=kind, kinds=tuple(kinds), source=source, spelled=None)

    @property
    def tiles(self) -> str:
        """The tiles as MPSZ text (as the record spelled them, if it did).

        Example:
            >>> Meld("bu_gang", (4,) * 4, 1).tiles
            '5555m'
        """
        return self.spelled if self.spelled is not None else _text(self.kinds)

    @property
    def is_gang(self) -> bool:
        """Whether the meld is a kong.

        Example:
            >>> Meld("ming_gang", (4,) * 4, 1).is_gang, Meld("peng", (4,) * 3, 1).is_gang
            (True, False)
        """
        return self.kind in GANG_KINDS

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form.

        Example:
            >>> Meld("an_gang", (33,) * 4, None).to_dict()
            {'kind': 'an_gang', 'tiles': '7777z', 'from': None}
        """
        return {"kind": self.kind, "tiles": self.tiles, "from": self.source}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Meld:
        """Inverse of :meth:`to_dict` (RecordError when the kind or the tiles are malformed;
        a hand record's melds are checked in full by the variant's record check).

        Example:
            >>> Meld.from_dict({"kind": "peng", "tiles": "555p", "from": 1}).kinds
            (13, 13, 13)
            >>> Meld.from_dict({"kind": "an_gang", "tiles": "1111z"})
            Meld(kind='an_gang', kinds=(27, 27, 27, 27), source=None)
        """
        kind = data.get("kind")
        if kind not in MELD_KINDS:
            raise RecordError(f"meld kind: expected one of {MELD_KINDS}, got {quoted(kind)}")
        text = data.get("tiles")
        if not isinstance(text, str):
            raise RecordError(f"expected MPSZ text, got {quoted(text)}")
        try:
            return cls(str(kind), text, data.get("from"))
        except MajiangError as e:
            raise RecordError(f"not 34-kind tiles: {quoted(text)}") from e


MeldInput = Meld | tuple[str, str | Sequence[int]] | tuple[str, str | Sequence[int], int | None]
"""What the scorers take for a meld: a :class:`Meld`, or ``(kind, tiles)`` /
``(kind, tiles, source)`` with the tiles as MPSZ text or kind indices."""
