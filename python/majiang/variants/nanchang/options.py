"""Every Nanchang settlement rule the seeds disagree on, as one frozen set of options.

Each field has the default the project issue states (or the seeds agree on), its alternatives
and the seed each comes from (``[000]`` 南昌麻将算子规则, ``[001]`` the compilation's Nanchang
tables and quick guide, ``[002]`` 南昌麻雀, ``[003]`` 新南昌麻将算子规则);
``docs/rules/nanchang.md`` ("Settlement options") lists the same.

Example:
    >>> from majiang.variants.nanchang.options import NanchangOptions
    >>> o = NanchangOptions.from_dict({"da_qidui_base": 4})
    >>> o.da_qidui_base, o.ming_gang_points
    (4, 1)
    >>> o.overrides()
    {'da_qidui_base': 4}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from majiang.bounds import MAX_POINTS, MAX_STAKE, in_range, range_text
from majiang.errors import RulesError, quoted
from majiang.record_parts import OptionSet

__all__ = ["OPTION_SOURCES", "ROOM_FIELDS", "NanchangOptions"]

BawangMode = Literal["double", "plus_10"]
DealerDouble = Literal["involved", "winner_or_discarder"]
DeBonusPayers = Literal["discarder_or_all_on_self_draw", "every_loser"]
TianDiHuScoring = Literal["flat", "seed003_variant"]
PassedWin = Literal["any_until_draw_or_meld", "same_until_draw"]
DiscardPayers = Literal["all_three", "discarder"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "bawang_mode": ("double", "plus_10"),
    "dealer_double": ("involved", "winner_or_discarder"),
    "de_bonus_payers": ("discarder_or_all_on_self_draw", "every_loser"),
    "tian_di_hu_scoring": ("flat", "seed003_variant"),
    "passed_win": ("any_until_draw_or_meld", "same_until_draw"),
    "discard_payers": ("all_three", "discarder"),
}


@dataclass(frozen=True)
class NanchangOptions(OptionSet):
    """The Nanchang settlement rules. Defaults follow the project issue; see OPTION_SOURCES."""

    jing_count_discards: bool = True
    """Jing in the player's own pond score too ([002]); False: hand and melds only ([000])."""
    bawang_mode: BawangMode = "double"
    """霸王精 (only one player has jing): "double" that player's value (all seeds) or "plus_10"."""
    an_gang_points: int = 2
    """暗杠, from each other player ([000] [002])."""
    ming_gang_points: int = 1
    """明杠 and 补杠, from each other player ([000] list, [002]); 2 in [000] settlement A.1."""
    gang_jing_bonus_fu: int = 10
    """杠精 bonus for a kong of the 副精, from each other player ([000] [002])."""
    gang_jing_bonus_zheng: int = 10
    """杠精 bonus for a kong of the 正精 (issue: 10); [003] 20, "some rules" 40."""
    gang_jing_double_count: bool = False
    """True: the 杠精 line also pays the kong's jing points again, as [002]'s example (32)."""
    gang_points_on_draw: bool = True
    """Kong points (and 杠精 bonuses) settle on an exhaustive draw too; False voids them."""
    da_qidui_base: int = 2
    """大七对 base when not 德国 ([000] [002] [003] main: 2; [001 tables], [003] variant: 4)."""
    dealer_double: DealerDouble = "involved"
    """x2 when the winner or that loser is the dealer (all seeds); "winner_or_discarder"."""
    de_bonus: int = 5
    """The 德国/德中德 extra paid after the multipliers ([000] [002] [001])."""
    de_bonus_payers: DeBonusPayers = "discarder_or_all_on_self_draw"
    """Who pays the 德国 extra: the discarder, or every loser on a self-draw; or "every_loser"."""
    de_pairs_extra_double: bool = True
    """x2 more for 德国/德中德 seven pairs or all-triplets ([000] [001 tables] [003])."""
    jingdiao_doubles_de_bonus: bool = False
    """True: 精钓 doubles the 德国 extra too, as [003]'s 精钓 rows."""
    qiang_gang_extra_double: bool = False
    """抢杠 pays as a self-draw (x2, [002] example 3); True: x2 self-draw and x2 抢杠 again."""
    tian_di_hu_scoring: TianDiHuScoring = "flat"
    """天胡/地胡: "flat" 20 each (40 with 精钓) [000] [002] [003]; "seed003_variant"."""
    tian_di_hu_points: int = 20
    """The 天胡/地胡 amount from each player before 精钓 (and the variant's factors)."""
    palou: bool = True
    """爬楼: every amount of the hand x dealer_streak ([000]); False: no streak factor ([002])."""
    palou_on_penalties: bool = False
    """Whether 爬楼 also multiplies the 荒庄 and 抄庄 penalties (no seed says)."""
    huang_zhuang_penalty: int = 5
    """荒庄: the dealer pays each other player this ([000] [002])."""
    chao_zhuang_penalty: int = 5
    """抄庄: the dealer pays each other player this ([002])."""
    xia_fan: bool = True
    """下翻 ([000] [001 打法]): after the deal the lower indicator is turned up and every seat
    shows its 下精 to all (the engine's reveal), and the settlement pays them when the record
    gives the lower jing; false (无下精): nothing shown, no 下翻 payments."""
    passed_win: PassedWin = "any_until_draw_or_meld"
    """弃先胡后 (a play rule): a seat that passed a winning discard may win no discard until its
    next draw, chow, pong or kong ([002]); "same_until_draw": only not that tile, until its next
    draw ([000])."""
    indicator_back_in_wall: bool = True
    """The flipped indicators go back to the wall ([000] [001 打法]); False: they are out of
    play, so record validation counts them among the four copies of their kind."""
    discard_payers: DiscardPayers = "all_three"
    """Who pays the hand on a discard win: "all_three" (点炮三家付: the discarder x 2, the
    other two x 1, [000] [002]) or "discarder" (点炮一家付: the discarder alone, its own
    share; room option of a 闲来 Jiangxi client). 天胡/地胡 and self-draws are not affected."""
    di_fen: int = 1
    """底分: every amount of the hand's settlement x this (room option 1 or 4 of a 闲来 Jiangxi
    client; any whole number from 1 to 10**6)."""
    chong_guan_feeder_pays: bool = False
    """冲关 fed by a discarded jing ([000] 算子规则 §5): when a player reaches 冲关 only
    because of jing claimed from one other player's discards (the record's ``fed_jing``), the
    others pay that player's jing at face value and the feeder pays its whole value for all
    three payers. False: everyone settles as usual ([001] [002] [003] are silent)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> NanchangOptions:
        """Options from overrides by name; unknown names and bad values raise RulesError.

        Example:
            >>> NanchangOptions.from_dict({"bawang_mode": "plus_10"}).bawang_mode
            'plus_10'
            >>> NanchangOptions.from_dict({"bawang": 1})
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: bawang: unknown option (known: an_gang_points, ...)
            >>> NanchangOptions.from_dict([])
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: expected an object of option overrides, got []
        """
        if data is None:
            return _DEFAULT
        if not isinstance(data, Mapping):  # 0, "", [] or false are not "no overrides"
            raise RulesError(f"expected an object of option overrides, got {quoted(data)}")
        if not data:
            return _DEFAULT
        key, cached = None, None
        # Only option values of JSON's scalar types key the cache: hashing a deeply nested
        # tuple overflows CPython's C stack (a crash, not an exception).
        if all(type(v) in _SCALARS for v in data.values()):
            try:
                key = tuple(sorted((k, type(v).__name__, v) for k, v in data.items()))
                cached = _CACHE.get(key)
            except TypeError:  # names that do not sort: checked (and refused) below
                key, cached = None, None
        if cached is not None:
            return cached
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name not in _FIELDS:
                known = ", ".join(sorted(_FIELDS))
                shown = name if isinstance(name, str) and len(name) <= 60 else quoted(name)
                raise RulesError(f"{shown}: unknown option (known: {known})")
            values[name] = _check(name, _FIELDS[name], value)
        options = cls(**values)
        if key is not None and len(_CACHE) < 256:
            _CACHE[key] = options
        return options

    def __hash__(self) -> int:
        # Options key the settlement's caches: hash the fields once per instance.
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, name) for name in _FIELDS))
            self.__dict__["_hash"] = cached
        return cached


def _check(name: str, kind: str, value: Any) -> Any:
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise RulesError(f"{name}: {quoted(value)} is not one of {', '.join(_CHOICES[name])}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{name}: expected true or false, got {quoted(value)}")
        return value
    least, most = _NUMBERS[name]
    if not in_range(value, least, most):
        raise RulesError(f"{name}: expected {range_text(least, most)}, got {quoted(value)}")
    return value


_FIELDS: dict[str, str] = {
    f.name: ("bool" if isinstance(f.default, bool) else "int" if isinstance(f.default, int) else "")
    for f in dataclasses.fields(NanchangOptions)
}
_NUMBERS: dict[str, tuple[int, int]] = {
    name: (1, MAX_STAKE) if name == "di_fen" else (0, MAX_POINTS)
    for name, kind in _FIELDS.items()
    if kind == "int"
}
"""The whole-number options and their ranges: the stake 底分 up to ``MAX_STAKE``, every point
amount up to ``MAX_POINTS`` (majiang.bounds)."""
_DEFAULT = NanchangOptions()
_SCALARS = (bool, int, str, type(None))
_CACHE: dict[tuple[tuple[str, str, Any], ...], NanchangOptions] = {}

OPTION_SOURCES: dict[str, tuple[str, str]] = {
    "jing_count_discards": (
        "true: [002]; room option 打出精牌算分 (闲来 client)",
        "false: [000] [001 quick guide] (hand and melds); room option 打出精牌不算分",
    ),
    "bawang_mode": (
        "double: [000] [001] [002] [003]; room option 霸王x2 (闲来 client)",
        "plus_10: room option 霸王+10 (闲来 client; no seed)",
    ),
    "an_gang_points": ("2: [000] [002]", "any amount"),
    "ming_gang_points": ("1: [000] 奖励分 list, [002]", "2: [000] settlement A.1"),
    "gang_jing_bonus_fu": ("10: [000] [002]", "any amount"),
    "gang_jing_bonus_zheng": ("10: issue, [002] (generic 10)", "20: [003]; 40: [003] some rules"),
    "gang_jing_double_count": ("false: [003] (60 = 20 + 40)", "true: [002] example (32)"),
    "gang_points_on_draw": ("true: [000] [002]", "false: issue option"),
    "da_qidui_base": ("2: [000] [002] [003] main table", "4: [001 tables], [003] variant"),
    "dealer_double": ("involved: [000] [002] [001 tables] [003]", "winner_or_discarder: issue"),
    "de_bonus": ("5: [000] [002] [001]", "any amount"),
    "de_bonus_payers": (
        "discarder_or_all_on_self_draw: [000] [002] [001 quick guide], all tables",
        "every_loser: issue option",
    ),
    "de_pairs_extra_double": ("true: [000] [001 tables] [003]", "false: [002] (silent)"),
    "jingdiao_doubles_de_bonus": ("false: [000] [002]", "true: [003] 精钓 rows"),
    "qiang_gang_extra_double": ("false: [002] example 3", "true: issue's other reading"),
    "tian_di_hu_scoring": ("flat: [000] [002] [003] general", "seed003_variant: [003]"),
    "tian_di_hu_points": ("20: [000] [002] [003]", "any amount"),
    "palou": ("true: [000] [001 quick guide]", "false: [002] (冧莊無獎勵)"),
    "palou_on_penalties": ("false: no seed", "true"),
    "huang_zhuang_penalty": ("5: [000] [002]", "any amount"),
    "chao_zhuang_penalty": ("5: [002]", "any amount"),
    "xia_fan": (
        "true: [000] [001 打法]; room play mode 上下翻 (闲来 client)",
        "false: room play mode 无下精 (闲来 client; no 下翻)",
    ),
    "indicator_back_in_wall": ("true: [000] [001 打法] [002]", "false"),
    "passed_win": ("any_until_draw_or_meld: [002]", "same_until_draw: [000]"),
    "discard_payers": (
        "all_three: [000] [002]; room option 点炮三家付 (闲来 client)",
        "discarder: room option 点炮一家付 (闲来 client)",
    ),
    "di_fen": ("1: [000] [002] (no stake named)", "4: room option 底分 (闲来 client); any ≥ 1"),
    "chong_guan_feeder_pays": (
        "false: [001] [002] [003] (silent)",
        "true: [000] 算子规则 §5 and its worked example (C15)",
    ),
}
"""Option name -> (default and its seeds, alternatives and theirs)."""

ROOM_FIELDS: dict[str, str] = {"stake": "di_fen"}
"""The options behind ``majiang.RoomConfig``'s common room fields (stake, hand_cap,
match_cap)."""
