"""The Guangdong 推倒胡 rules the seed leaves open, as one frozen set of options.

Each field is a reading of ``docs/rules/guangdong.md`` with its default and its source
(:data:`OPTION_SOURCES`).

Example:
    >>> from majiang.variants.guangdong.options import GuangdongOptions
    >>> o = GuangdongOptions.from_dict({"horses": 4, "ghosts": "bai"})
    >>> o.horses, o.ghosts, o.profile
    (4, 'bai', 'flat')
    >>> o.overrides()
    {'horses': 4, 'ghosts': 'bai'}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

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
    "ROOM_FIELDS",
    "Ghosts",
    "GuangdongOptions",
    "HorseMap",
    "HorseValue",
    "Profile",
]

Profile = Literal["flat", "dahu"]
HorseMap = Literal["seed", "dealer"]
HorseValue = Literal["base", "hand"]
Ghosts = Literal["none", "bai", "zhong", "flip", "flip_double"]

MAX_HORSES = 20
"""The most horses a room turns up (the largest 买马 count the research notes list)."""

_CHOICES: dict[str, tuple[Any, ...]] = {
    "profile": ("flat", "dahu"),
    "horse_map": ("seed", "dealer"),
    "horse_value": ("base", "hand"),
    "ghosts": ("none", "bai", "zhong", "flip", "flip_double"),
    "zhi_gang": (3, 1),
    "fan": (1, 3, 5, 10, 50, 100),
}


@dataclass(frozen=True)
class GuangdongOptions(OptionSet):
    """The Guangdong 推倒胡 options (defaults: ``docs/rules/guangdong.md``).

    Example:
        >>> GuangdongOptions().horse_map, GuangdongOptions().zhi_gang
        ('seed', 3)
    """

    profile: Profile = "flat"
    """What a hand is worth: ``flat`` (every hand 2 points a share) or ``dahu`` (the 大胡 table,
    the largest multiplier only)."""
    qidui: bool = True
    """可胡七对: seven pairs win."""
    qidui_double: bool = False
    """七对加番: in the flat profile a seven-pairs win counts x2."""
    horses: int = 2
    """抓马: how many horses the winner turns up (0: none)."""
    horse_map: HorseMap = "seed"
    """Which seat owns each horse: the seed's map counted from the previous winner, or the
    dealer-relative map with 中 on the dealer's 1-5-9 seat."""
    horse_value: HorseValue = "base"
    """What a hit is worth: ``base`` (2 points) or ``hand`` (马跟底分: the hand's amount)."""
    horse_kongs: bool = False
    """马跟杠: each hit wins the winner's kong money once more."""
    horse_streak: bool = False
    """买马节节高: the dealer winning in its k-th hand as dealer turns up k - 1 more horses."""
    qiang_gang: bool = True
    """可抢杠胡: an added kong (补杠) may be robbed."""
    ming_gang_qiang: bool = False
    """明杠可抢: a 直杠 (a discard claimed onto a concealed triplet) may be robbed as well (with
    可抢杠胡); robbed, it does not stand and the triplet stays in the hand."""
    qiang_gang_horses: bool = False
    """抢杠抓马: horses are turned up on a 抢杠 (without them the robbed pays one 扣)."""
    qiang_gang_quan_bao: bool = True
    """抢杠全包: the robbed seat pays every share (the seed); off, each pays its own."""
    zhi_gang: int = 3
    """直杠 (a discard onto a concealed triplet): points from the feeder, 3 or 1."""
    kongs_void_on_draw: bool = False
    """Kong money only when someone wins (settled with the hand, not paid at once)."""
    gang_bao_double: bool = False
    """杠爆 (a self-draw on a kong's replacement tile) counts x2."""
    gang_bao_quan_bao: bool = False
    """杠爆全包: on a 杠爆 whose chain began with a 直杠 its feeder pays every share."""
    gang_shang_gang_double: bool = False
    """杠上杠: a win after two or more kongs in a row counts x2."""
    ghosts: Ghosts = "none"
    """鬼牌: none, 白板 (5z), 红中 (7z), the flipped tile's next (翻鬼) or next two (翻双鬼)."""
    no_ghost_double: bool = False
    """无鬼加倍: with ghosts in play, a win holding none counts x2."""
    si_gui_hu: bool = False
    """四鬼胡牌: with ghosts in play, a hand holding four ghost tiles wins on the draw, whatever
    its shape (a plain 推倒胡 hand's worth)."""
    si_gui_double: bool = False
    """四鬼加倍: under 四鬼胡牌, a win holding four ghost tiles counts x2."""
    dian_pao: bool = False
    """可点炮: a discard may be won; the discarder alone pays one share."""
    gen_zhuang: bool = False
    """跟庄: the dealer pays each other seat 1 point when the first four discards match."""
    jie_jie_gao: bool = False
    """节节高: the dealer winning in its k-th hand as dealer takes 2 x (k - 1) more points a
    share."""
    base: int = 1
    """底分: the stake every amount is a multiple of."""
    fan: int = 1
    """桌面番数: the table's multiplier of every payment."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> GuangdongOptions:
        """Options from overrides by name; an unknown name or a bad value raises RecordError
        naming it.

        Example:
            >>> GuangdongOptions.from_dict({"fan": 10}).fan
            10
            >>> GuangdongOptions.from_dict({"fan": 7})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.fan: 7 is not one of 1, 3, 5, 10, 50, 100
        """
        if data is None:
            return _DEFAULT
        values = option_values(
            data, _FIELDS, lambda name, value: _check(name, _FIELDS[name], value)
        )
        return cls(**values) if values else _DEFAULT

    @property
    def stake(self) -> int:
        """What one point is paid as: ``base`` x ``fan``.

        Example:
            >>> GuangdongOptions(base=10, fan=3).stake
            30
        """
        return self.base * self.fan


def _check(name: str, kind: str, value: Any) -> Any:
    path = f"options.{name}"
    if name in _CHOICES:
        return choice_field(value, path, _CHOICES[name])
    if kind == "bool":
        return flag_field(value, path)
    least, most = _NUMBERS[name]
    return whole_number_field(value, path, least, most)


_FIELDS: dict[str, str] = {
    f.name: "bool" if isinstance(f.default, bool) else "other"
    for f in dataclasses.fields(GuangdongOptions)
}
_NUMBERS: dict[str, tuple[int, int]] = {"horses": (0, MAX_HORSES), "base": (1, MAX_STAKE)}
"""The whole-number options and their ranges (majiang.bounds)."""
_DEFAULT = GuangdongOptions()

OPTION_SOURCES: dict[str, str] = {
    "profile": "flat: [gofish] Score() 平胡 2; dahu: [cpp] 大胡 table, largest only",
    "qidui": "[lua] kehuqidui (可胡七对)",
    "qidui_double": "[gofish] 七对加番",
    "horses": "[001:213] N agreed before play; 2 the library's choice",
    "horse_map": "seed: [001:213] A-1 B-2 C-3 D-4 ... B-中 C-发 D-白; dealer: [gofish] winHorse()",
    "horse_value": "hand: [gofish] 马跟底分",
    "horse_kongs": "[gofish] 马跟杠",
    "horse_streak": "[gofish] 买马节节高 (k - 1 extra: the library's reading)",
    "qiang_gang": "[001:213] 抢杠; [lua]/[cpp] 可抢杠胡",
    "ming_gang_qiang": "[lua] minggangkeqiang (明杠可抢); off: [001:213] only 补杠 is robbed",
    "qiang_gang_horses": "[001:213] '抢杠抓不抓马就是开玩时大家定了'",
    "qiang_gang_quan_bao": "[001:213] '抢杠后所有费用都有被抢人出'; [gofish] OptQiangGangQuanBao",
    "zhi_gang": "3: [lua] 3 x 底分 from the feeder; 1: [gofish]",
    "kongs_void_on_draw": "off: [001:213] '不管你有没有胡牌都收杠子钱'; on: [gofish]",
    "gang_bao_double": "research notes: some rooms double 杠爆",
    "gang_bao_quan_bao": "[gofish] checkAllInclude; [cpp] 杠上开花全包",
    "gang_shang_gang_double": "[001:213] 杠上杠 named; x2 the library's choice ([cpp] fan 2)",
    "ghosts": "research notes §3(b): 无鬼, 白板做鬼, 红中做鬼, 翻鬼, 翻双鬼",
    "no_ghost_double": "[gofish] 无鬼加倍",
    "si_gui_hu": "[java] 鬼牌_四鬼胡牌 (HuChecker_4MasterCard); [ts] four_jokers_win",
    "si_gui_double": "[java] 鬼牌_双倍, labelled 四鬼胡牌 (双倍); [ts] four_jokers_win_double",
    "dian_pao": "[cpp] PT_DIANPAOHU; one share from the discarder the library's choice",
    "gen_zhuang": "[gofish] 跟庄: 1 point to each",
    "jie_jie_gao": "[gofish] 节节高 +2n",
    "base": "底分: the seed's example is 10",
    "fan": "[001:161] 桌面番数 1, 3, 5, 10, 50, 100",
}
"""Option name -> where it comes from (docs/rules/guangdong.md)."""

ROOM_FIELDS: dict[str, str] = {"stake": "base"}
"""The options behind ``majiang.RoomConfig``'s common room fields."""
