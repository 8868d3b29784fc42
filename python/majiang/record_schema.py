"""What a variant's record may hold, read from its :class:`~majiang.variants.protocol.TableRules`:
the tiles a hand may name (:class:`TileSet`, the one tile-text reader every record uses) and
the melds it may declare (:func:`table_melds`: the chow rule decides whether a chi exists and
what it is).

A variant's record check (:class:`majiang.record_check.RecordSpec`) is built from these and
its own fields; errors name the field by its location (:data:`majiang.errors.Loc`).

Example:
    >>> from majiang.variants.protocol import TableRules
    >>> table = TableRules(name="demo", shapes="standard")
    >>> tiles = TileSet(table, "{name} is a flower; Demo has no flowers")
    >>> tiles("55p 中"), table_melds(table, tiles, "three in a row").kinds[0]
    ((13, 13, 33), 'chi')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import compress
from typing import Any, TypeVar

from majiang._core import parse_tiles
from majiang.errors import MajiangError, RecordError
from majiang.meld import MELD_KINDS
from majiang.record_check import ChiRule, MeldRules
from majiang.tiles import NUM_KINDS, TILE_INDEX
from majiang.variants.protocol import DRAGONS, WINDS, TableRules

__all__ = ["TileSet", "built", "counts_kinds", "is_honor_chi", "is_suit_chi", "table_melds"]

T = TypeVar("T")

_CACHED = 8192
"""How many tile texts each variant's reader remembers (a record names a few dozen)."""


class TileSet:
    """A variant's tile-text reader: ``tiles(text)`` is the kind (0-33) of every tile in
    ``text`` (MPSZ, Chinese names or glyphs), in order. Only the kinds of ``table.tiles`` that
    are not laid aside may be held: a laid-aside tile raises RecordError ``"<tile> is a
    flower: it goes in flowers, never in a hand"`` (``aside`` names what other laid-aside
    kinds are), a tile outside the set RecordError ``absent`` (``{name}``: the tile); ``error``
    is the class raised instead of RecordError (Nanchang's reader, used outside its record,
    raises TileParseError). Texts are read once (a bounded cache).

    Example:
        >>> from majiang.variants.sichuan.rules import TABLE
        >>> tiles = TileSet(TABLE, "{name} is not one of Sichuan's 108 tiles")
        >>> tiles("19m5p")
        (0, 8, 13)
        >>> tiles("5z")
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: 5z is not one of Sichuan's 108 tiles
    """

    def __init__(
        self,
        table: TableRules,
        absent: str,
        aside: Mapping[int, str] | None = None,
        error: type[MajiangError] = RecordError,
    ):
        in_set = set(table.tiles)
        self.held = frozenset(k for k in in_set if k < NUM_KINDS and k not in table.laid_aside)
        """The kinds a hand may hold."""
        self.flowers = frozenset(t for t in in_set if t in table.laid_aside)
        """The tile ids laid aside when drawn (flowers, and Nanjing's dragons)."""
        self._absent = absent
        self._aside = dict(aside or {})
        self._error = error
        index = {name: t for name, t in TILE_INDEX.items() if t in self.held}
        self._read = lru_cache(maxsize=_CACHED)(self._uncached)
        self._index = index

    def __call__(self, text: str) -> tuple[int, ...]:
        if type(text) is not str:  # only text keys the cache
            return self._uncached(text)
        return self._read(text)

    def _uncached(self, text: str) -> tuple[int, ...]:
        names = parse_tiles(text)
        try:
            return tuple(map(self._index.__getitem__, names))  # every name held: the usual case
        except KeyError:
            pass
        for name in names:
            if name not in self._index:
                raise self._error(self.refusal(name))
        raise AssertionError("unreachable: a name was not held")

    def cache_info(self) -> Any:
        """The text cache's statistics (``functools.lru_cache``'s).

        Example:
            >>> from majiang.variants.gb.rules import TABLE
            >>> tiles = TileSet(TABLE, "{name} is not a GB tile")
            >>> _ = tiles("19m"), tiles("19m")
            >>> tiles.cache_info().hits
            1
        """
        return self._read.cache_info()

    def cache_clear(self) -> None:
        """Forgets the texts read (they only save time)."""
        self._read.cache_clear()

    def refusal(self, name: str) -> str:
        """Why the tile ``name`` cannot be in a hand.

        Example:
            >>> from majiang.variants.gb.rules import TABLE
            >>> TileSet(TABLE, "{name} is not a GB tile").refusal("1f")
            '1f is a flower: it goes in flowers, never in a hand'
        """
        t = TILE_INDEX[name]
        if t in self.flowers:
            what = self._aside.get(t, "a flower")
            return f"{name} is {what}: it goes in flowers, never in a hand"
        return self._absent.format(name=name)


def is_suit_chi(kinds: tuple[int, ...]) -> bool:
    """Whether three sorted kinds are a sequence of one suit.

    Example:
        >>> is_suit_chi((6, 7, 8)), is_suit_chi((7, 8, 9)), is_suit_chi((27, 28, 29))
        (True, False, False)
    """
    a, b, c = kinds
    return c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2


def is_honor_chi(kinds: tuple[int, ...]) -> bool:
    """Whether three sorted kinds are a suit sequence, three different winds or 中发白.

    Example:
        >>> is_honor_chi((27, 29, 30)), is_honor_chi((31, 32, 33)), is_honor_chi((30, 31, 32))
        (True, True, False)
    """
    if kinds[0] < 27:
        return is_suit_chi(kinds)
    a, b, c = kinds
    return a != b != c and ({a, b, c} <= set(WINDS) or {a, b, c} <= set(DRAGONS))


def table_melds(table: TableRules, tiles: TileSet, describes: str, note: str = "") -> MeldRules:
    """The melds a record of ``table`` may declare: peng and the kongs, and a chi when the
    table has chows (``describes``: how a message names its sequence; ``note``: what the
    message adds to the kinds, such as there being no chow).

    Example:
        >>> from majiang.variants.sichuan.rules import TABLE
        >>> tiles = TileSet(TABLE, "{name} is not one of Sichuan's 108 tiles")
        >>> table_melds(TABLE, tiles, "", " (no chi)").kinds
        ('peng', 'ming_gang', 'an_gang', 'bu_gang')
    """
    if table.chows == "none":
        kinds = tuple(k for k in MELD_KINDS if k != "chi")
        return MeldRules(kinds, tiles, None, note, table.seats)
    fits = is_honor_chi if table.chows == "honors" else is_suit_chi
    return MeldRules(MELD_KINDS, tiles, ChiRule(fits, describes), note, table.seats)


def built(cls: type[T], **fields: Any) -> T:
    """An instance of the frozen dataclass ``cls`` holding ``fields`` (every field, values
    already checked or the engine's own), without the generated ``__init__``'s one
    ``object.__setattr__`` per field: how a typed record is built from typed values.

    Example:
        >>> from majiang.record_parts import WinResult
        >>> flags = dict.fromkeys(WinResult.FLAGS, False)
        >>> built(WinResult, winner=1, tile="5p", source=3, **flags) == WinResult(1, "5p", 3)
        True
    """
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def counts_kinds(counts: Sequence[int]) -> tuple[int, ...]:
    """The kinds of a hand held as 34 counts, sorted (the engine's form of a hand).

    Example:
        >>> counts_kinds([2, 0, 1] + [0] * 31)
        (0, 0, 2)
    """
    out: list[int] = []
    for k in compress(_KINDS, counts):  # the held kinds only (at most 14 of 34)
        out += _COPIES[k][counts[k]]
    return tuple(out)


_KINDS = range(NUM_KINDS)
_COPIES = tuple(tuple((k,) * n for n in range(5)) for k in range(NUM_KINDS))
"""Each kind's copies, none to four: a hand's kinds are built from these."""
