"""The two-player 71-tile game (二人麻将, the seed's 麻将番数计算规则): its table, the opening
exchange, 报听, 花牌, 海底捞月, the 番 table (a data file a room can swap) and settlement.
The rules and every choice are in ``docs/rules/two_player.md``.

Example:
    >>> from majiang.variants import two_player
    >>> two_player.TwoPlayerOptions().cap, two_player.TABLE.seats
    (13, 2)
"""

from __future__ import annotations

from majiang.variants.spec import VariantSpec
from majiang.variants.two_player.describe import TALLIED, describe, highlights
from majiang.variants.two_player.fans import (
    FanTable,
    TwoPlayerScore,
    fan_table,
    register_fan_table,
    score_hand,
)
from majiang.variants.two_player.options import TwoPlayerOptions
from majiang.variants.two_player.play import TwoPlayerVariant
from majiang.variants.two_player.record import HandRecord
from majiang.variants.two_player.rules import TABLE
from majiang.variants.two_player.settle import settle

__all__ = [
    "TABLE",
    "TALLIED",
    "VARIANT",
    "FanTable",
    "HandRecord",
    "TwoPlayerOptions",
    "TwoPlayerScore",
    "TwoPlayerVariant",
    "describe",
    "fan_table",
    "highlights",
    "register_fan_table",
    "score_hand",
    "settle",
]

VARIANT = VariantSpec(
    name="two_player",
    settle=settle,
    play=TwoPlayerVariant,
    describe=describe,
    highlights=highlights,
    tallied=TALLIED,
    options=TwoPlayerOptions,
    record=HandRecord,
)
"""The two-player game, whole: the one registration :mod:`majiang.variants.registry` serves."""
