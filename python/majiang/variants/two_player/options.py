"""The two-player game's options: the stake, the 番 table a room plays and its cap.

Example:
    >>> o = TwoPlayerOptions.from_dict({"base": 5})
    >>> o.base, o.fan_table, o.overrides()
    (5, 'ermj', {'base': 5})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.bounds import MAX_STAKE
from majiang.errors import MajiangError
from majiang.record_parts import (
    OptionSet,
    choice_field,
    fail,
    option_values,
    whole_number_field,
)
from majiang.variants.two_player.fans import DEFAULT_TABLE, FanTable, fan_table, fan_tables

__all__ = ["OPTION_SOURCES", "ROOM_FIELDS", "TwoPlayerOptions"]


@dataclass(frozen=True)
class TwoPlayerOptions(OptionSet):
    """The two-player options (docs/rules/two_player.md §8).

    Example:
        >>> TwoPlayerOptions().cap, TwoPlayerOptions(cap=8).table.cap
        (13, 8)
    """

    base: int = 1
    """底分: what one 番 is paid as."""
    fan_table: str = DEFAULT_TABLE
    """The 番 table (a registered name: :func:`~majiang.variants.two_player.fans.fan_table`)."""
    cap: int = 13
    """封顶: the most 番 a win is paid ([001:149] 上限封顶即役满牌型, 为13番)."""
    tian_ting: str = "beside"
    """天听 (32, a 报听 with the seat's first discard): ``beside`` 报听 (the default: the seed's
    报听 still counts), ``ermj`` (in place of 报听, as the ermj table excludes it) or
    ``off`` (not scored)."""

    @property
    def table(self) -> FanTable:
        """The 番 table with this room's cap.

        Example:
            >>> TwoPlayerOptions().table.values["门前清"]
            2
        """
        chosen = fan_table(self.fan_table)
        if chosen.cap == self.cap:
            return chosen
        return dataclasses.replace(chosen, cap=self.cap, minimum=min(chosen.minimum, self.cap))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> TwoPlayerOptions:
        """Options from overrides by name; RecordError naming an unknown name or a bad value.

        Example:
            >>> TwoPlayerOptions.from_dict({"cap": 0})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.cap: expected a whole number ≥ 1 and ≤ 88, got 0
        """
        if data is None:
            return _DEFAULT
        values = option_values(data, _NAMES, _check)
        return cls(**values) if values else _DEFAULT


def _check(name: str, value: Any) -> Any:
    path = f"options.{name}"
    if name == "fan_table":
        if not isinstance(value, str):
            raise fail(path, f"expected a table name, got {value!r}")
        try:
            fan_table(value)
        except MajiangError as e:
            raise fail(path, str(e)) from None
        return value
    if name in _CHOICES:
        return choice_field(value, path, _CHOICES[name])
    least, most = _NUMBERS[name]
    return whole_number_field(value, path, least, most)


_NAMES = tuple(f.name for f in dataclasses.fields(TwoPlayerOptions))
_NUMBERS: dict[str, tuple[int, int]] = {"base": (1, MAX_STAKE), "cap": (1, 88)}
"""The whole-number options and their ranges (majiang.bounds)."""
_CHOICES: dict[str, tuple[Any, ...]] = {
    "fan_table": fan_tables(),
    "tian_ting": ("beside", "ermj", "off"),
}
"""The bundled 番 tables (:func:`~majiang.variants.two_player.fans.register_fan_table` adds
more, which ``from_dict`` accepts as well)."""
_DEFAULT = TwoPlayerOptions()

OPTION_SOURCES: dict[str, str] = {
    "base": "the library's choice (the seed names no stake)",
    "fan_table": "ermj: research notes §5(b), gofishing ermj.go.bak (the library's choice)",
    "cap": "[001:149] 上限封顶即役满牌型, 为13番",
    "tian_ting": "ermj 天听 32 (its ignorePointsTable: not with 报听); `beside` is the library's "
    "choice keeping the seed's 报听 (docs/rules/two_player.md §7)",
}
"""Option name -> where it comes from."""

ROOM_FIELDS: dict[str, str] = {"stake": "base", "hand_cap": "cap"}
"""The options behind ``majiang.RoomConfig``'s common room fields."""
