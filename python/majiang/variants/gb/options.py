"""The GB (国标) settlement and play options: what competitions vary (docs/rules/gb.md,
"Options").

Example:
    >>> from majiang.variants.gb.options import GbOptions
    >>> o = GbOptions.from_dict({"min_fan": 0})
    >>> o.min_fan, o.flowers, o.extras
    (0, True, False)
    >>> o.overrides()
    {'min_fan': 0}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.bounds import MAX_POINTS, MAX_STAKE
from majiang.record_parts import (
    OptionSet,
    flag_field,
    option_values,
    whole_number_field,
)

__all__ = ["OPTION_SOURCES", "ROOM_FIELDS", "GbOptions"]


@dataclass(frozen=True)
class GbOptions(OptionSet):
    """The GB options (defaults: the 2006 competition rules).

    Example:
        >>> GbOptions().min_fan, GbOptions().base
        (8, 8)
    """

    min_fan: int = 8
    """起和: the fewest 番 a win needs, flowers not counted (0: no minimum)."""
    flowers: bool = True
    """The 8 flowers are in play (144 tiles, 补花, 1 番 each); False: 136 tiles, no flowers."""
    extras: bool = False
    """The seed's non-GB 番 count: 天和 168, 地和 158, 人和 108, 四方大发 168 (each replacing
    the hand's other 番, as the seed's 番种图解 lists them at their own value)."""
    mingan_gang: bool = True
    """One concealed and one exposed kong score 明暗杠 5 番 (PyMahjongGB's reading); False:
    暗杠 2 + 明杠 1."""
    base: int = 8
    """底分: the base every loser pays besides the 番."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> GbOptions:
        """Options from overrides by name; an unknown name or a bad value raises RecordError
        naming it.

        Example:
            >>> GbOptions.from_dict({"min_fan": -1})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.min_fan: expected a whole number ≥ 0 and ≤ 1000, ...
        """
        if data is None:
            return _DEFAULT
        values = option_values(
            data, _FIELDS, lambda name, value: _check(name, _FIELDS[name], value)
        )
        return cls(**values) if values else _DEFAULT


def _check(name: str, kind: str, value: Any) -> Any:
    path = f"options.{name}"
    if kind == "bool":
        return flag_field(value, path)
    least, most = _NUMBERS[name]
    return whole_number_field(value, path, least, most)


_FIELDS: dict[str, str] = {
    f.name: "bool" if isinstance(f.default, bool) else "int" for f in dataclasses.fields(GbOptions)
}
_NUMBERS: dict[str, tuple[int, int]] = {"min_fan": (0, MAX_POINTS), "base": (1, MAX_STAKE)}
"""The whole-number options and their ranges (majiang.bounds)."""
_DEFAULT = GbOptions()

OPTION_SOURCES: dict[str, str] = {
    "min_fan": "[001] '起和 8 番' (flowers not counted), [MCR] ch. 8",
    "flowers": "[001] 144 tiles with 8 flowers, [MCR] ch. 2",
    "extras": "[001] 国标麻将番种图解: 天和, 地和, 人和, 四方大发 marked 非国标",
    "mingan_gang": "[PMG] SUPPORT_CONCEALED_KONG_AND_MELDED_KONG; absent from the 2006 list",
    "base": "[001] 底分 8, [MCR] ch. 9",
}
"""Option name -> where it comes from (docs/rules/gb.md, "Options")."""

ROOM_FIELDS: dict[str, str] = {"stake": "base"}
"""The options behind ``majiang.RoomConfig``'s common room fields (stake, hand_cap,
match_cap)."""
