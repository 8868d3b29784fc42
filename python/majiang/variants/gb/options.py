"""The GB (国标) settlement and play options: what competitions vary (docs/rules/gb.md,
"Options").

Two profiles name their defaults (:data:`PROFILES`): ``competition`` (the 2006 competition
rules, the default) and ``platform`` (the seed's 144-tile platform game, "打麻将的规则": the
winner deals next, and the 联众 extra hands count).

Example:
    >>> from majiang.variants.gb.options import GbOptions
    >>> o = GbOptions.from_dict({"min_fan": 0})
    >>> o.min_fan, o.flowers, o.extras
    (0, True, False)
    >>> o.overrides()
    {'min_fan': 0}
    >>> p = GbOptions.from_dict({"profile": "platform"})
    >>> p.winner_deals, p.extras, p.overrides()
    (True, True, {'profile': 'platform'})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from majiang.bounds import MAX_POINTS, MAX_STAKE
from majiang.record_parts import (
    OptionSet,
    choice_field,
    flag_field,
    option_values,
    whole_number_field,
)

__all__ = ["OPTION_SOURCES", "PROFILES", "ROOM_FIELDS", "GbOptions", "Profile"]

Profile = Literal["competition", "platform"]


@dataclass(frozen=True)
class GbOptions(OptionSet):
    """The GB options (defaults: the 2006 competition rules; the ``platform`` profile's in
    :data:`PROFILES`).

    Example:
        >>> GbOptions().min_fan, GbOptions().base
        (8, 8)
    """

    profile: Profile = "competition"
    """Whose defaults: ``competition`` (the 2006 rules) or ``platform`` (the seed's 144-tile
    platform game: ``winner_deals`` and ``extras`` on)."""
    min_fan: int = 8
    """起和: the fewest 番 a win needs, flowers not counted (0: no minimum)."""
    flowers: bool = True
    """The 8 flowers are in play (144 tiles, 补花, 1 番 each); False: 136 tiles, no flowers."""
    extras: bool = False
    """The seed's non-GB (联众) hands count: 天和 168, 地和 158, 人和 108 (each added to the
    hand's 番, any winning shape) and 四方大发 168 (in 大四喜's place, with its exclusions)."""
    mingan_gang: bool = True
    """One concealed and one exposed kong score 明暗杠 5 番 (PyMahjongGB's reading); False:
    暗杠 2 + 明杠 1."""
    base: int = 8
    """底分: the base every loser pays besides the 番."""
    winner_deals: bool = False
    """The winner deals the next hand (a drawn hand keeps the dealer); False: the dealer
    passes to the next seat after every hand."""

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
        if not values:
            return _DEFAULT
        start = PROFILES[values.get("profile", "competition")]
        return dataclasses.replace(start, **values)

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the profile's defaults, by name, the profile first
        when it is not ``competition`` (what a record stores).

        Example:
            >>> GbOptions.from_dict({"profile": "platform", "extras": False}).overrides()
            {'profile': 'platform', 'extras': False}
        """
        start = PROFILES.get(self.profile, _DEFAULT)
        out: dict[str, Any] = {} if self.profile == "competition" else {"profile": self.profile}
        for f in dataclasses.fields(self):
            if f.name != "profile" and getattr(self, f.name) != getattr(start, f.name):
                out[f.name] = getattr(self, f.name)
        return out


def _check(name: str, kind: str, value: Any) -> Any:
    path = f"options.{name}"
    if name == "profile":
        return choice_field(value, path, ("competition", "platform"))
    if kind == "bool":
        return flag_field(value, path)
    least, most = _NUMBERS[name]
    return whole_number_field(value, path, least, most)


_FIELDS: dict[str, str] = {
    f.name: "bool" if isinstance(f.default, bool) else "int" for f in dataclasses.fields(GbOptions)
}  # (profile: a choice, checked by name)
_NUMBERS: dict[str, tuple[int, int]] = {"min_fan": (0, MAX_POINTS), "base": (1, MAX_STAKE)}
"""The whole-number options and their ranges (majiang.bounds)."""
_DEFAULT = GbOptions()
PROFILES: dict[str, GbOptions] = {
    "competition": _DEFAULT,
    "platform": GbOptions(profile="platform", winner_deals=True, extras=True),
}
"""Each profile's defaults (docs/rules/gb.md, "Profiles")."""

OPTION_SOURCES: dict[str, str] = {
    "min_fan": "[001] '起和 8 番' (flowers not counted), [MCR] ch. 8",
    "flowers": "[001] 144 tiles with 8 flowers, [MCR] ch. 2",
    "extras": "[001] 国标麻将番种图解: 天和, 地和, 人和, 四方大发 marked 非国标",
    "mingan_gang": "[PMG] SUPPORT_CONCEALED_KONG_AND_MELDED_KONG; absent from the 2006 list",
    "base": "[001] 底分 8, [MCR] ch. 9",
    "profile": "competition: [001] 比赛规则, [MCR]; platform: [001] 打麻将的规则",
    "winner_deals": "on: [001] 打麻将的规则 '谁胡牌 下一轮由他做庄'; off: [001] '庄家不连庄'",
}
"""Option name -> where it comes from (docs/rules/gb.md, "Options")."""

ROOM_FIELDS: dict[str, str] = {"stake": "base"}
"""The options behind ``majiang.RoomConfig``'s common room fields (stake, hand_cap,
match_cap)."""
