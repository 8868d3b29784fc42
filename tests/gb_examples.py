"""One example hand for every 番 (the official 81 and 明暗杠): ``EXAMPLES[number]`` is
``(hand, win_tile, melds, flags)`` for :func:`majiang.gb.fan`; the hand scores that 番.
Melds are ``(kind, tiles, source)`` with the winner in seat 0 (a chow comes from seat 3)."""

from __future__ import annotations

from typing import Any

Example = tuple[str, str, list[tuple[str, str, int | None]], dict[str, Any]]

DISCARD: dict[str, Any] = {}
TSUMO: dict[str, Any] = {"self_drawn": True}

EXAMPLES: dict[int, Example] = {
    1: ("111222333444z5m", "5m", [], DISCARD),  # 大四喜
    2: ("555666777z123m4p", "4p", [], DISCARD),  # 大三元
    3: ("223344666888s6z", "6z", [], DISCARD),  # 绿一色
    4: ("1112345678999m", "5m", [], DISCARD),  # 九莲宝灯
    5: (
        "5z",
        "5z",
        [
            ("ming_gang", "1111m", 1),
            ("ming_gang", "2222p", 2),
            ("an_gang", "3333s", None),
            ("ming_gang", "4444z", 3),
        ],
        DISCARD,
    ),  # 四杠
    6: ("1122334455667m", "7m", [], DISCARD),  # 连七对
    7: ("19m19p19s1234567z", "1m", [], DISCARD),  # 十三幺
    8: ("111999m111999p1s", "1s", [], DISCARD),  # 清幺九
    9: ("234m111222333z4z", "4z", [], DISCARD),  # 小四喜
    10: ("555666z7z123m456p", "7z", [], DISCARD),  # 小三元
    11: ("111222555666z7z", "7z", [], DISCARD),  # 字一色
    12: ("111m222p333s555z6z", "6z", [], TSUMO),  # 四暗刻
    13: ("1122337788995m", "5m", [], DISCARD),  # 一色双龙会
    14: ("111122223333m5p", "5p", [], DISCARD),  # 一色四同顺
    15: ("111222333444m5p", "5p", [], {"self_drawn": True}),  # 一色四节高
    16: ("122333444556m9p", "9p", [], DISCARD),  # 一色四步高
    17: (
        "456s5z",
        "5z",
        [("ming_gang", "1111m", 1), ("ming_gang", "2222p", 2), ("ming_gang", "3333z", 3)],
        DISCARD,
    ),  # 三杠
    18: ("111m999p111222z3z", "3z", [], DISCARD),  # 混幺九
    19: ("1133m5577p2244s6z", "6z", [], DISCARD),  # 七对
    20: ("147m25p3s1234567z", "8p", [], DISCARD),  # 七星不靠
    21: ("222444m666p888s2s", "2s", [], DISCARD),  # 全双刻
    22: ("1112334556778m", "9m", [], DISCARD),  # 清一色
    23: (
        "456p7z",
        "7z",
        [("chi", "123m", 3), ("chi", "123m", 3), ("chi", "123m", 3)],
        DISCARD,
    ),  # 一色三同顺
    24: (
        "567p7z",
        "7z",
        [("peng", "222m", 1), ("peng", "333m", 2), ("peng", "444m", 3)],
        DISCARD,
    ),  # 一色三节高
    25: ("789m789p789s888m9s", "9s", [], DISCARD),  # 全大
    26: ("456m456p456s555m6s", "6s", [], DISCARD),  # 全中
    27: ("123m123p123s111m2s", "2s", [], DISCARD),  # 全小
    28: ("123456789m234p5p", "5p", [], DISCARD),  # 清龙
    29: ("123789m123789p5s", "5s", [], DISCARD),  # 三色双龙会
    30: ("122333445m567p5z", "5z", [], DISCARD),  # 一色三步高
    31: ("345m456p555s567s5m", "5m", [], DISCARD),  # 全带五
    32: ("222m222p222s456m7z", "7z", [], DISCARD),  # 三同刻
    33: ("111m333p555s789s1z", "1z", [], DISCARD),  # 三暗刻
    34: ("147m258p369s1234z", "5z", [], DISCARD),  # 全不靠
    35: ("147m258p369s123m5z", "5z", [], DISCARD),  # 组合龙
    36: ("678m789p666s789s9m", "9m", [], DISCARD),  # 大于五
    37: ("123m234p444s234s1m", "1m", [], DISCARD),  # 小于五
    38: ("111222333z123m5p", "5p", [], DISCARD),  # 三风刻
    39: ("123m456p789s234m5z", "5z", [], DISCARD),  # 花龙
    40: ("123345888p456s5z", "5z", [], DISCARD),  # 推不倒
    41: ("123m123p123s456m7z", "7z", [], DISCARD),  # 三色三同顺
    42: ("222m333p444s567m7z", "7z", [], DISCARD),  # 三色三节高
    43: ("34p678s11z", "5p", [("chi", "234m", 3), ("peng", "777p", 1)], DISCARD),  # 无番和
    44: ("123m456p789s45m55z", "6m", [], {"self_drawn": True, "last_draw": True}),  # 妙手回春
    45: ("123m456p789s45m55z", "6m", [], {"last_claim": True}),  # 海底捞月
    46: (
        "456p789s45m55z",
        "6m",
        [("an_gang", "1111m", None)],
        {"self_drawn": True, "replacement": True},
    ),  # 杠上开花
    47: ("123m456p789s45m55z", "6m", [], {"robbing": True}),  # 抢杠和
    48: ("777s888s1z", "1z", [("peng", "222m", 1), ("peng", "555p", 2)], DISCARD),  # 碰碰和
    49: ("123m345m678m111z2z", "2z", [], DISCARD),  # 混一色
    50: ("123m234p345s678m5z", "5z", [], DISCARD),  # 三色三步高
    51: ("123m456p789s111z5z", "5z", [], DISCARD),  # 五门齐
    52: (
        "9m",
        "9m",
        [("chi", "123m", 3), ("peng", "555p", 1), ("peng", "777s", 2), ("chi", "345s", 3)],
        DISCARD,
    ),  # 全求人
    53: (
        "123s456s7z",
        "7z",
        [("an_gang", "1111m", None), ("an_gang", "9999p", None)],
        DISCARD,
    ),  # 双暗杠
    54: ("555666z123m456p7s", "7s", [], DISCARD),  # 双箭刻
    55: ("123m789m123p789s1z", "1z", [], DISCARD),  # 全带幺
    56: ("123m345p789s234m5z", "5z", [], TSUMO),  # 不求人
    57: (
        "123s456s7z",
        "7z",
        [("ming_gang", "1111m", 1), ("ming_gang", "9999p", 2)],
        DISCARD,
    ),  # 双明杠
    58: ("123m456p789s45m55z", "6m", [], {"last_copy": True}),  # 和绝张
    59: ("555z123m456p789s1z", "1z", [], DISCARD),  # 箭刻
    60: ("222z123m456p789m5s", "5s", [], {"prevalent_wind": 1}),  # 圈风刻
    61: ("333z123m456p789m5s", "5s", [], {"seat_wind": 2}),  # 门风刻
    62: ("123m456p789s45m55z", "6m", [], DISCARD),  # 门前清
    63: ("123m456m789p234s5s", "5s", [], DISCARD),  # 平和
    64: ("111123m456p789s5z", "5z", [], DISCARD),  # 四归一
    65: ("222m222p123s456s7z", "7z", [], DISCARD),  # 双同刻
    66: ("222m333p123s456s7z", "7z", [], DISCARD),  # 双暗刻
    67: ("123p456s789s7z", "7z", [("an_gang", "1111m", None)], DISCARD),  # 暗杠
    68: ("234m456p678s345m2s", "2s", [], DISCARD),  # 断幺
    69: ("112233m456p789s5z", "5z", [], DISCARD),  # 一般高
    70: ("123m123p456s789s5z", "5z", [], DISCARD),  # 喜相逢
    71: ("123m456m789p345s5z", "5z", [], DISCARD),  # 连六
    72: ("123m789m456p456s5z", "5z", [], DISCARD),  # 老少副
    73: ("111m234p567s789s5s", "5s", [], DISCARD),  # 幺九刻
    74: ("123p456s789s7z", "7z", [("ming_gang", "5555m", 1)], DISCARD),  # 明杠
    75: ("123m456m789p111p5z", "5z", [], DISCARD),  # 缺一门
    76: ("222m456p789s234m5m", "5m", [], DISCARD),  # 无字
    77: ("12m456p789s234m55z", "3m", [], DISCARD),  # 边张
    78: ("13m456p789s567m55z", "2m", [], DISCARD),  # 嵌张
    79: ("123m456p789s234m5z", "5z", [], DISCARD),  # 单钓将
    80: ("456p789s45m55z", "6m", [("chi", "123m", 3)], TSUMO),  # 自摸
    81: ("123m456p789s45m55z", "6m", [], {"flowers": 2}),  # 花牌
    82: (
        "123s456s7z",
        "7z",
        [("ming_gang", "1111m", 1), ("an_gang", "9999p", None)],
        DISCARD,
    ),  # 明暗杠
}
