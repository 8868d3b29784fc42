"""Type stubs for the native module ``majiang._core`` (built from ``src/bindings``)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, final

import numpy as np
import numpy.typing as npt

from majiang.meld import MeldInput
from majiang.results import BlockDict, BlockKind, DecompositionDict, DiscardOption, ShapeName

__version__: str

__all__ = [
    "Block",
    "Decomposition",
    "GbFanResult",
    "Rules",
    "__version__",
    "_panic_for_test",
    "advice",
    "batch",
    "best_discard",
    "claim_scan",
    "counts_mpsz",
    "decompositions",
    "discard_options",
    "gb_fan",
    "gb_fan_batch",
    "gb_fan_table",
    "is_winning",
    "jing_pair",
    "parse_tiles",
    "shanten",
    "shanten_detail",
    "tile_index",
    "to_chinese",
    "to_glyphs",
    "to_mpsz",
    "winning_tiles",
]

# Bad arguments (see docs/reliability.md): a wrong type, and a bool anywhere a count, tile
# index, meld number, limit or thread count is read, is ArgumentTypeError (a MajiangError and
# a TypeError); a right type with an unusable value is InvalidHandError, TileParseError or
# RulesError (`melds` 0-4, tile indices 0-41, `limit` and `threads` >= 0; `decompositions`
# returns at most 10,000 readings, and refuses a larger `limit` on a hand that has more).

_Hand = str | Sequence[str] | Sequence[int] | bytes | bytearray | npt.NDArray[np.integer]
"""A hand: an MPSZ/Chinese/glyph string, tile names, or 34 counts."""
_TileList = str | Sequence[str] | Sequence[int]
"""Tiles as text, names or indices (0-41)."""
_RulesArg = str | "Rules" | None
_JingArg = str | Sequence[str] | Sequence[int] | None

@final
class Rules:
    def __new__(
        cls,
        *,
        honor_sequences: bool = False,
        pair: Literal["any", "258"] = "any",
        seven_pairs: Literal["off", "distinct", "four_as_two"] = "distinct",
        thirteen_orphans: bool = False,
        thirteen_rotten: Literal["off", "nanchang", "knitted"] = "off",
        all_258: bool = False,
        knitted_honors: Literal["at_least_5", "exactly_5"] = "at_least_5",
        knitted_straight: bool = False,
    ) -> Rules: ...
    def replace(
        self,
        *,
        honor_sequences: bool | None = None,
        pair: Literal["any", "258"] | None = None,
        seven_pairs: Literal["off", "distinct", "four_as_two"] | None = None,
        thirteen_orphans: bool | None = None,
        thirteen_rotten: Literal["off", "nanchang", "knitted"] | None = None,
        all_258: bool | None = None,
        knitted_honors: Literal["at_least_5", "exactly_5"] | None = None,
        knitted_straight: bool | None = None,
    ) -> Rules: ...
    @staticmethod
    def preset(name: str) -> Rules: ...
    @staticmethod
    def preset_names() -> list[str]: ...
    @property
    def honor_sequences(self) -> bool: ...
    @property
    def pair(self) -> Literal["any", "258"]: ...
    @property
    def seven_pairs(self) -> Literal["off", "distinct", "four_as_two"]: ...
    @property
    def thirteen_orphans(self) -> bool: ...
    @property
    def thirteen_rotten(self) -> Literal["off", "nanchang", "knitted"]: ...
    @property
    def all_258(self) -> bool: ...
    @property
    def knitted_honors(self) -> Literal["at_least_5", "exactly_5"]: ...
    @property
    def knitted_straight(self) -> bool: ...
    def to_dict(self) -> dict[str, bool | str]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Block:
    @property
    def kind(self) -> BlockKind: ...
    @property
    def kinds(self) -> tuple[int, ...]: ...
    @property
    def tiles(self) -> tuple[str, ...]: ...
    @property
    def source_kinds(self) -> tuple[int, ...]: ...
    @property
    def sources(self) -> tuple[str, ...]: ...
    @property
    def wild(self) -> tuple[bool, ...]: ...
    @property
    def stands_for(self) -> tuple[tuple[str, str], ...]: ...
    def to_dict(self) -> BlockDict: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Decomposition:
    @property
    def shape(self) -> ShapeName: ...
    @property
    def blocks(self) -> tuple[Block, ...]: ...
    @property
    def wilds_as_themselves(self) -> bool: ...
    def to_dict(self) -> DecompositionDict: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def shanten(
    tiles: _Hand, *, rules: _RulesArg = None, jing: _JingArg = None, melds: int = 0
) -> int: ...
def shanten_detail(
    tiles: _Hand, *, rules: _RulesArg = None, jing: _JingArg = None, melds: int = 0
) -> dict[str, int]: ...
def is_winning(
    tiles: _Hand, *, rules: _RulesArg = None, jing: _JingArg = None, melds: int = 0
) -> bool: ...
def winning_tiles(
    tiles: _Hand, *, rules: _RulesArg = None, jing: _JingArg = None, melds: int = 0
) -> list[str]: ...
def discard_options(
    tiles: _Hand,
    *,
    rules: _RulesArg = None,
    jing: _JingArg = None,
    melds: int = 0,
    visible: _Hand | None = None,
) -> list[DiscardOption]: ...
def best_discard(
    tiles: _Hand,
    *,
    rules: _RulesArg = None,
    jing: _JingArg = None,
    melds: int = 0,
    visible: _Hand | None = None,
    keep: _JingArg = None,
) -> DiscardOption: ...
def decompositions(
    tiles: _Hand,
    *,
    rules: _RulesArg = None,
    jing: _JingArg = None,
    melds: int = 0,
    limit: int = 1000,
) -> list[Decomposition]: ...
def advice(
    tiles: _Hand,
    *,
    rules: _RulesArg = None,
    jing: _JingArg = None,
    melds: int | None = None,
    unseen: _Hand | None = None,
    seen: _Hand | None = None,
    draws: int | None = None,
    samples: int | None = None,
    states: int | None = None,
    seed: int | None = None,
    chances: bool | None = None,
    exact: bool | None = None,
    may_win: Callable[[list[int], int], bool] | None = None,
) -> list[dict[str, Any]]: ...
def parse_tiles(tiles: _TileList) -> list[str]: ...
def to_mpsz(tiles: _TileList) -> str: ...
def counts_mpsz(counts: object) -> str | None: ...
def to_glyphs(tiles: _TileList) -> str: ...
def to_chinese(tiles: _TileList) -> list[str]: ...
def tile_index(tile: str | int) -> int: ...
def jing_pair(indicator: str | int) -> tuple[str, str]: ...

# 国标 (majiang.gb): the 番 calculator; the typed wrapper is majiang.gb.fan.
@final
class GbFanResult:
    @property
    def total(self) -> int: ...
    @property
    def total_without_flowers(self) -> int: ...
    @property
    def fans(self) -> list[tuple[str, str, int, int]]: ...
    @property
    def numbers(self) -> list[tuple[int, int]]: ...
    @property
    def shape(
        self,
    ) -> Literal[
        "regular",
        "seven_pairs",
        "thirteen_orphans",
        "honors_and_knitted",
        "knitted_straight",
        "nine_gates",
    ]: ...
    @property
    def blocks(self) -> list[tuple[str, str, bool]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def gb_fan(
    hand: _Hand,
    win_tile: str | int,
    *,
    melds: Iterable[MeldInput] = (),
    self_drawn: bool = False,
    last_copy: bool = False,
    replacement: bool = False,
    robbing: bool = False,
    last_draw: bool = False,
    last_claim: bool = False,
    seat_wind: int = 0,
    prevalent_wind: int = 0,
    flowers: int = 0,
    seat: int = 0,
    mingan_gang: bool = True,
) -> GbFanResult: ...
def gb_fan_table() -> list[tuple[int, str, str, int]]: ...
def gb_fan_batch(
    concealed: npt.NDArray[np.uint8],
    win_tiles: npt.NDArray[np.uint8],
    melds: npt.NDArray[np.uint8] | None = None,
    flags: npt.NDArray[np.uint8] | None = None,
    seat_winds: npt.NDArray[np.uint8] | None = None,
    prevalent_winds: npt.NDArray[np.uint8] | None = None,
    flowers: npt.NDArray[np.uint8] | None = None,
    threads: int | None = None,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint16]]: ...
def claim_scan(
    hands: Sequence[_Hand],
    tile: int,
    discarder: int,
    chows: str,
    waits: Sequence[int],
    out: int | None = None,
) -> tuple[int, int, int, int]: ...
def _panic_for_test() -> None: ...

# The `batch` submodule; its typed wrappers live in `majiang.batch`.
batch: Any
