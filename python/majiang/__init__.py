"""majiang: Chinese regional mahjong with a Rust core.

Tiles are MPSZ strings (``"123m456p789s1234567z"``; 1z-4z E S W N, 5z 白, 6z 发, 7z 中),
Chinese names or Unicode glyphs; a hand can also be 34 counts. Shape queries take
``rules=`` (a preset name or :class:`Rules`), ``jing=`` (wild kinds) and ``melds=``.

Example:
    >>> import majiang
    >>> majiang.shanten("123m456p789s123z5m5m")          # Nanchang: 东南西 is a sequence
    -1
    >>> majiang.jing_pair("3p")
    ('3p', '4p')
    >>> majiang.winning_tiles("123m456p789s12z5m5m", jing=("5s", "6s"))
    ['5s', '6s', '3z', '4z']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from majiang import tiles
from majiang._core import (
    Block,
    Decomposition,
    Rules,
    __version__,
    best_discard,
    decompositions,
    discard_options,
    is_winning,
    jing_pair,
    parse_tiles,
    shanten,
    shanten_detail,
    tile_index,
    to_chinese,
    to_glyphs,
    to_mpsz,
    winning_tiles,
)
from majiang.errors import (
    ArgumentTypeError,
    IllegalActionError,
    InvalidHandError,
    MajiangError,
    NotWinningError,
    RecordError,
    ReplayError,
    RulesError,
    TileParseError,
    WinFlagsError,
)
from majiang.lazy import lazy_attributes
from majiang.results import BlockDict, DecompositionDict, DiscardOption

if TYPE_CHECKING:
    from majiang import batch, gb
    from majiang.discard_advice import Advice, advice
    from majiang.game import Game, replay
    from majiang.room import RoomConfig
    from majiang.settlement import Payment, Settlement, settle
    from majiang.variants import nanchang, nanjing, pingxiang, sichuan

# Imported on first use, so that a shape query does not pay for numpy (the batch API and the
# GB calculator), the game engine or the variants: name -> (module, attribute or None for
# the module itself).
_LAZY: dict[str, tuple[str, str | None]] = {
    "Advice": ("majiang.discard_advice", "Advice"),
    "advice": ("majiang.discard_advice", "advice"),
    "batch": ("majiang.batch", None),
    "gb": ("majiang.gb", None),
    "Game": ("majiang.game", "Game"),
    "replay": ("majiang.game.replays", "replay"),
    "RoomConfig": ("majiang.room", "RoomConfig"),
    "Payment": ("majiang.settlement", "Payment"),
    "Settlement": ("majiang.settlement", "Settlement"),
    "settle": ("majiang.settlement", "settle"),
    "nanchang": ("majiang.variants.nanchang", None),
    "nanjing": ("majiang.variants.nanjing", None),
    "pingxiang": ("majiang.variants.pingxiang", None),
    "sichuan": ("majiang.variants.sichuan", None),
}

if not TYPE_CHECKING:  # mypy reads the imports above, and still flags a misspelt name
    __getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())

__all__ = [
    "Advice",
    "ArgumentTypeError",
    "Block",
    "BlockDict",
    "Decomposition",
    "DecompositionDict",
    "DiscardOption",
    "Game",
    "IllegalActionError",
    "InvalidHandError",
    "MajiangError",
    "NotWinningError",
    "Payment",
    "RecordError",
    "ReplayError",
    "RoomConfig",
    "Rules",
    "RulesError",
    "Settlement",
    "TileParseError",
    "WinFlagsError",
    "__version__",
    "advice",
    "batch",
    "best_discard",
    "decompositions",
    "discard_options",
    "gb",
    "is_winning",
    "jing_pair",
    "nanchang",
    "nanjing",
    "parse_tiles",
    "pingxiang",
    "replay",
    "settle",
    "shanten",
    "shanten_detail",
    "sichuan",
    "tile_index",
    "tiles",
    "to_chinese",
    "to_glyphs",
    "to_mpsz",
    "winning_tiles",
]
