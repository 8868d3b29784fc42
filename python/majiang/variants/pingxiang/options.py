"""The Pingxiang rules the seed leaves open, as one frozen set of options.

Each field is a conflict of ``docs/rules/pingxiang.md`` §15 (P1-P11) with the proposed default,
plus the cap and the stake B.

Example:
    >>> from majiang.variants.pingxiang.options import PingxiangOptions
    >>> o = PingxiangOptions.from_dict({"luanjiang_fan": 8})
    >>> o.luanjiang_fan, o.cap, o.genzhuang
    (8, 32, True)
    >>> o.overrides()
    {'luanjiang_fan': 8}
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

__all__ = ["OPTION_SOURCES", "ROOM_FIELDS", "PingxiangOptions", "ShisanlanHonors"]

ShisanlanHonors = Literal["at_least_5", "exactly_5"]

_CHOICES: dict[str, tuple[Any, ...]] = {
    "luanjiang_fan": (4, 8),
    "qys_yitiaolong_fan": (8, 16),
    "shisanlan_honors": ("at_least_5", "exactly_5"),
}


@dataclass(frozen=True)
class PingxiangOptions(OptionSet):
    """The Pingxiang scoring and settlement options (defaults: ``pingxiang.md`` §15).

    Example:
        >>> PingxiangOptions().qys_yitiaolong_fan
        16
    """

    pinghu_self_draw_only: bool = False
    """P1: True: a 平胡 (no big hand) wins only self-drawn and without a chow."""
    luanjiang_fan: int = 4
    """P2: 乱将 / 将一色 is 4 番 (detailed list) or 8 (summary)."""
    qys_yitiaolong_fan: int = 16
    """P3: 清一色一条龙 is 16 番 (explicit entry) or 8 (stacking rule)."""
    genzhuang: bool = True
    """P4: 跟庄 is played (the dealer pays each non-dealer B)."""
    duiduihu_needs_258: bool = True
    """P6: 对对胡 needs a 2/5/8 pair (unless 清一色 or 字一色 makes the hand 不带)."""
    ziyise_shapeless: bool = True
    """P7: any 14 honors win as 字一色; False: 字一色 needs a regular or seven-pairs shape."""
    shisanlan_honors: ShisanlanHonors = "at_least_5"
    """P8: 十三烂 is any 14 of the 16 knitted kinds, or exactly five honors."""
    baopai_excludes_pengpenghu: bool = True
    """P9: no 包牌 when the winner's hand is 对对胡 (大碰胡)."""
    luohan_18: bool = True
    """P11: 18罗汉 (four kongs and a 2/5/8 pair) is a 32-番 hand."""
    cap: int = 32
    """The most 番 a hand scores."""
    base: int = 1
    """The stake B (最低赔率): every amount is a multiple of it."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> PingxiangOptions:
        """Options from overrides by name; an unknown name or a bad value raises RecordError
        naming it.

        Example:
            >>> PingxiangOptions.from_dict({"genzhuang": False}).genzhuang
            False
            >>> PingxiangOptions.from_dict({"gen_zhuang": False})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.gen_zhuang: unknown option (known: ...)
            >>> PingxiangOptions.from_dict({"luanjiang_fan": 6})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.luanjiang_fan: 6 is not one of 4, 8
        """
        if data is None:
            return _DEFAULT
        values = option_values(
            data, _FIELDS, lambda name, value: _check(name, _FIELDS[name], value)
        )
        return cls(**values) if values else _DEFAULT


def _check(name: str, kind: str, value: Any) -> Any:
    path = f"options.{name}"
    if name in _CHOICES:
        return choice_field(value, path, _CHOICES[name])
    if kind == "bool":
        return flag_field(value, path)
    least, most = _NUMBERS[name]
    return whole_number_field(value, path, least, most)


_FIELDS: dict[str, str] = {
    f.name: "bool" if isinstance(f.default, bool) else "int"
    for f in dataclasses.fields(PingxiangOptions)
}
_NUMBERS: dict[str, tuple[int, int]] = {"cap": (1, MAX_POINTS), "base": (1, MAX_STAKE)}
"""The whole-number options and their ranges (majiang.bounds)."""
_DEFAULT = PingxiangOptions()

OPTION_SOURCES: dict[str, str] = {
    "pinghu_self_draw_only": "P1: [001] '1番平胡是可以碰不能吃并且只能自摸不能放炮'",
    "luanjiang_fan": "P2: 4 [001] detailed list; 8 [001] summary",
    "qys_yitiaolong_fan": "P3: 16 [001] explicit entry; 8 the stacking rule",
    "genzhuang": "P4: [001] 跟庄",
    "duiduihu_needs_258": "P6: [001] general 258 rule",
    "ziyise_shapeless": "P7: [001] example",
    "shisanlan_honors": "P8: [001]",
    "baopai_excludes_pengpenghu": "P9: [001] '(这个大碰胡除外)'",
    "luohan_18": "P11: [001] summary",
    "cap": "[001] 32 番 cap",
    "base": "[001] B (最低赔率); room option 底分 1/5/10 (萍乡258 room, 闲来 Jiangxi client)",
}
"""Option name -> where it comes from (docs/rules/pingxiang.md §15)."""

ROOM_FIELDS: dict[str, str] = {"stake": "base"}
"""The options behind ``majiang.RoomConfig``'s common room fields (stake, hand_cap,
match_cap)."""
