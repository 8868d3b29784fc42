"""The Guizhou 捉鸡 rules the seed leaves open, as one frozen set of options per profile.

Each field is an option of ``docs/rules/guizhou.md`` with its default and source. The two
profiles differ only in their defaults: :data:`PROFILES` (``guiyang``, ``tongren``), each its
own class (:class:`GuizhouOptions`, :class:`TongrenOptions`) so that each registered variant's
options class declares its own defaults.

Example:
    >>> o = GuizhouOptions.from_dict({"hand_scale": "common"})
    >>> o.hand_scale, o.overrides()
    ('common', {'hand_scale': 'common'})
    >>> PROFILES["tongren"].repao, PROFILES["tongren"].dilong
    ('plus1', True)
    >>> t = TongrenOptions.from_dict({"base": 20})
    >>> t.profile, t.base, t.overrides()
    ('tongren', 20, {'base': 20})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from majiang.bounds import MAX_STAKE
from majiang.record_parts import (
    OptionSet,
    choice_field,
    flag_field,
    option_values,
    whole_number_field,
)

__all__ = [
    "OPTION_SOURCES",
    "PROFILES",
    "ROOM_FIELDS",
    "FlipRule",
    "GuizhouOptions",
    "HandScale",
    "RepaoRule",
    "TongrenOptions",
]

HandScale = Literal["seed", "common"]
RepaoRule = Literal["seed", "burn_all", "plus1"]
FlipRule = Literal["next", "updown", "self", "three"]

_CHOICES: dict[str, tuple[Any, ...]] = {
    "hand_scale": ("seed", "common"),
    "repao": ("seed", "burn_all", "plus1"),
    "flip": ("next", "updown", "self", "three"),
    "multi_win_dealer": ("first_after_discarder", "discarder"),
}
_NUMBERS: dict[str, tuple[int, int]] = {
    "base": (1, MAX_STAKE),
    "wugu_value": (1, 4),
    "chongfeng_value": (1, 6),
    "zeren_value": (1, 6),
    "weekday": (0, 7),
}


@dataclass(frozen=True)
class GuizhouOptions(OptionSet):
    """The Guizhou scoring and play options (defaults: the ``guiyang`` profile).

    Example:
        >>> GuizhouOptions().base, GuizhouOptions().wugu, GuizhouOptions().guoshui
        (10, True, True)
    """

    profile: ClassVar[str] = "guiyang"
    """Which profile's rules (not an option: each profile is its own class and variant)."""
    base: int = 10
    """底注: the seed's 10番; every amount scales by base / 10."""
    hand_scale: HandScale = "seed"
    """The hand values: the seed's 10/30/40/50/50/80/100 or ``common`` (QQ/百科 1/5/7/10/...)."""
    pinghu_needs_dou: bool = True
    """平胡 takes a discard only with a 豆 (热炮, 抢杠 and a 报听 seat's discard excepted)."""
    repao: RepaoRule = "seed"
    """热炮: the seed's void 豆 + 60/30/10, 全烧 (``burn_all``) or +1 base (``plus1``)."""
    guoshui: bool = True
    """过水: no win on a passed tile until one's next draw."""
    wugu: bool = True
    """乌骨鸡: 8筒 is a 鸡."""
    wugu_value: int = 2
    """乌骨鸡's worth in 鸡 units (幺鸡 is 1)."""
    flip: FlipRule = "next"
    """翻牌鸡: the next rank (``next``), 摇摆/上下鸡 (``updown``), 本鸡 (``self``) or both."""
    yin_ji: bool = False
    """银鸡: a flip that makes 1万 or 1筒 the 鸡 adds one to them."""
    chongfeng_value: int = 2
    """冲锋鸡: the first unclaimed 幺鸡 discarded, worth this many units to its discarder."""
    shouquan_chongfeng: bool = False
    """首圈冲锋鸡: 冲锋鸡 only when that 幺鸡 is among the hand's first four discards (the
    first go-round)."""
    zeren_value: int = 1
    """责任鸡: the first 幺鸡 ponged or konged: its discarder pays the claimer this much."""
    mantang: bool = False
    """满堂鸡: a counting seat's own discarded 鸡 count too."""
    zhanji: bool = False
    """站鸡: 鸡 in a counting seat's concealed hand count double."""
    chuifeng: bool = False
    """吹风鸡: a flipped 5筒 voids every 鸡."""
    weekday: int = 0
    """星期鸡: this rank (1-7, 7 Sunday) is a 鸡 in every suit; 0 off."""
    huangzhuang_keeps_ji_dou: bool = False
    """黄庄不黄鸡杠: on 黄庄 the 豆 and 鸡 are still paid."""
    dilong: bool = False
    """地龙 (Tongren, always on there): one pong, pairs, won on the pong's fourth tile."""
    baoting: bool = False
    """报听 (Tongren): 天听 declared, the hand locked, +10 on a win, 杀报 10."""
    baoting_as_qingyise: bool = False
    """百科's 报听: the hand scores as 清一色 instead of hand + 10."""
    multi_win_dealer: str = "first_after_discarder"
    """一炮多响's next dealer: the first winner from the discarder's 下家 (the old dealer if
    among them), or the discarder (QQ, three winners)."""

    def __hash__(self) -> int:
        # Options key the record check's and the settlement's caches: hash the fields once
        # per instance (kept out of the pickled state: a text's hash differs between runs).
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple([getattr(self, f.name) for f in dataclasses.fields(self)]))
            self.__dict__["_hash"] = cached
        return cached

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any] | None, profile: str | None = None
    ) -> GuizhouOptions:
        """Options from overrides by name over ``profile``'s defaults (None: this class's);
        an unknown name or a bad value raises RecordError naming it.

        Example:
            >>> GuizhouOptions.from_dict({"wugu_value": 9})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.wugu_value: expected a whole number ≥ 1 and ≤ 4, ...
        """
        start = cls() if profile is None else PROFILES[profile]
        if not data:
            return start
        values = option_values(data, _FIELDS, _check)
        return dataclasses.replace(start, **values) if values else start

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the profile's defaults, by name.

        Example:
            >>> GuizhouOptions(base=20).overrides()
            {'base': 20}
        """
        start = PROFILES.get(self.profile, _GUIYANG)
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(start, f.name)
        }


def _check(name: str, value: Any) -> Any:
    path = f"options.{name}"
    if name in _CHOICES:
        return choice_field(value, path, _CHOICES[name])
    if name in _NUMBERS:
        least, most = _NUMBERS[name]
        return whole_number_field(value, path, least, most)
    return flag_field(value, path)


@dataclass(frozen=True)
class TongrenOptions(GuizhouOptions):
    """The Tongren profile's options: Guiyang's, with 报听/杀报, 地龙 and 热炮 +1 on
    (docs/rules/guizhou.md §7).

    Example:
        >>> o = TongrenOptions()
        >>> o.profile, o.baoting, o.dilong, o.repao, o.overrides()
        ('tongren', True, True, 'plus1', {})
    """

    profile: ClassVar[str] = "tongren"
    """Which profile's rules: Tongren's 报听, 杀报, 地龙 and dealer rules."""
    __hash__ = GuizhouOptions.__hash__  # defined here, the dataclass keeps it
    repao: RepaoRule = "plus1"
    """热炮: the seed's void 豆 + 60/30/10, 全烧 (``burn_all``) or +1 base (``plus1``)."""
    dilong: bool = True
    """地龙 (Tongren, always on there): one pong, pairs, won on the pong's fourth tile."""
    baoting: bool = True
    """报听 (Tongren): 天听 declared, the hand locked, +10 on a win, 杀报 10."""


_FIELDS: frozenset[str] = frozenset(f.name for f in dataclasses.fields(GuizhouOptions))
_GUIYANG = GuizhouOptions()
PROFILES: dict[str, GuizhouOptions] = {"guiyang": _GUIYANG, "tongren": TongrenOptions()}
"""Each profile's defaults (docs/rules/guizhou.md)."""

OPTION_SOURCES: dict[str, str] = {
    "base": "底注 10番 [001:135]",
    "hand_scale": "seed [001:135-137] (default) / QQ, 百科 via mobingchong 规则对比.md",
    "pinghu_needs_dou": "'平胡可以自摸胡牌, 或在有“豆”情况下允许点胡' [001:135]",
    "repao": "seed 60/30/10 [001:137]; 全烧 百科/多乐; +1 Table_GY and 铜仁 [001:169]",
    "guoshui": "过水: QQ/百科 via mobingchong; Python ZhuojiGame enable_pass_lock",
    "wugu": "乌骨鸡: Table_GY, 多乐, Go server index 3",
    "wugu_value": "2: Table_GY, 多乐, rlcards JI_PAI_SCORES; 1: roiding via mobingchong",
    "flip": "翻牌鸡, 摇摆/上下鸡, 本鸡: Go server, Python server",
    "yin_ji": "银鸡: Python server yin_ji",
    "chongfeng_value": "冲锋鸡 x2: 百科; 3: 多乐",
    "shouquan_chongfeng": "首圈鸡: Go server index 14",
    "zeren_value": "责任鸡 1: 百科, Table_GY; 3: rlcards/多乐",
    "mantang": "满堂鸡: Go server index 0",
    "zhanji": "站鸡: rlcards calc_stand_ji, Go server index 12",
    "chuifeng": "吹风鸡: Table_GY, Go server index 7",
    "weekday": "星期鸡: Table_GY, Go server index 5",
    "huangzhuang_keeps_ji_dou": "黄庄: 豆 void [001:201]; 黄庄不黄鸡杠 Python server",
    "dilong": "地龙 '铜仁麻将必须有的' [001:169]",
    "baoting": "报听/杀报 [001:169]",
    "baoting_as_qingyise": "百科《贵阳捉鸡》 '报听者的牌一律按清一色10番计'",
    "multi_win_dealer": "铜仁 [001:167]; QQ via mobingchong",
}
"""Option name -> where it comes from (docs/rules/guizhou.md)."""

ROOM_FIELDS: dict[str, str] = {"stake": "base"}
"""The options behind ``majiang.RoomConfig``'s common room fields (the 底注 is the stake)."""
