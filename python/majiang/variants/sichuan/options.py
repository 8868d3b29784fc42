"""The Sichuan (血战到底) rules the seed leaves open, as one frozen set of options.

Each field is an option of ``docs/rules/sichuan.md`` ("Options") with its default and source:
the seed ([001]) where it speaks, else the reading open-source 血战 servers share
(guogeer/gofishing-game, ``games/migrate/mahjong/sichuan.go``).

Example:
    >>> from majiang.variants.sichuan.options import SichuanOptions
    >>> o = SichuanOptions.from_dict({"cap": 4, "exchange": True})
    >>> o.cap, o.exchange, o.overrides()
    (4, True, {'cap': 4, 'exchange': True})
    >>> SichuanOptions().self_draw, SichuanOptions().dealer
    ('add_fan', 'dice')
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
    "DealerRule",
    "GangHuaRule",
    "SelfDrawRule",
    "SichuanOptions",
]

SelfDrawRule = Literal["add_fan", "add_base", "none"]
GangHuaRule = Literal["self_draw", "discard"]
DealerRule = Literal["dice", "first_winner", "first_winner_or_discarder"]

_CHOICES: dict[str, tuple[Any, ...]] = {
    "self_draw": ("add_fan", "add_base", "none"),
    "dian_gang_hua": ("self_draw", "discard"),
    "dealer": ("dice", "first_winner", "first_winner_or_discarder"),
}
_NUMBERS: dict[str, tuple[int, int]] = {"base": (1, MAX_STAKE), "cap": (1, 10)}
"""The whole-number options and their ranges (majiang.bounds; a 番 cap past 10 is x 1024)."""


@dataclass(frozen=True)
class SichuanOptions(OptionSet):
    """The Sichuan scoring and play options (defaults and sources: ``sichuan.md``).

    Example:
        >>> SichuanOptions().cap, SichuanOptions().dingque, SichuanOptions().exchange
        (3, True, False)
    """

    base: int = 1
    """底分: the base every amount is a multiple of."""
    cap: int = 3
    """封顶: the most 番 a hand counts (its amount at most base x 2^cap)."""
    self_draw: SelfDrawRule = "add_fan"
    """自摸加番 (+1 番), 自摸加底 (``add_base``: +1 base from each payer) or neither."""
    dian_gang_hua: GangHuaRule = "self_draw"
    """点杠花: a 杠上花 after a 直杠 paid as a self-draw (every seat in play pays) or as a
    discard (the kong's feeder alone pays)."""
    hujiao_zhuanyi: bool = True
    """呼叫转移: on a 杠上炮 the kong's money goes to the (nearest) winner."""
    tiandi_hu: bool = True
    """天胡 and 地胡 are scored (5 番, their 根 not counted)."""
    yaojiu_jiangdui: bool = True
    """带幺九 and 将对 (and 将金钩钓) are scored; off: such hands score as their other hands."""
    menqing_zhongzhang: bool = False
    """门清 (no pong and no exposed kong) and 中张 (no 1 or 9) add 1 番 each."""
    dingque: bool = True
    """定缺: every seat declares the suit it voids after the deal (and after 换三张)."""
    exchange: bool = False
    """换三张: three tiles of one suit passed in a dice-chosen direction before 定缺."""
    guoshou_hu: bool = True
    """过手胡: a win passed on a discard may not be taken on a discard until the next draw."""
    huazhu_pays_winners: bool = True
    """查花猪: a 花猪 pays every seat that is not 花猪, winners included (the seed's words);
    off: only the seats still in play (gofishing-game)."""
    xueliu: bool = False
    """血流成河: winners stay in play (their hands locked: they discard what they draw, win
    whenever they can, claim nothing) and may win again; the hand goes on until the wall is
    out."""
    dealer: DealerRule = "dice"
    """Who deals next: the dice each hand (the seed), the first winner, or the first winner
    but the discarder of a 一炮多响 (gofishing-game); after a hand without a win the dealer
    stays (the seed's 流局连庄)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> SichuanOptions:
        """Options from overrides by name; an unknown name or a bad value raises RecordError
        naming it.

        Example:
            >>> SichuanOptions.from_dict({"cap": 0})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.cap: expected a whole number ≥ 1 and ≤ 10, got 0
            >>> SichuanOptions.from_dict({"xueliuchenghe": True})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.xueliuchenghe: unknown option (known: ...)
        """
        if data is None:
            return _DEFAULT
        values = option_values(data, _FIELDS, _check)
        return cls(**values) if values else _DEFAULT

    def __hash__(self) -> int:
        # Options key the record check's and the settlement's caches: hash the fields once
        # per instance (kept out of the pickled state: a text's hash differs between runs).
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple([getattr(self, name) for name in _ORDER]))
            self.__dict__["_hash"] = cached
        return cached

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the defaults, by name: what a record stores.

        Example:
            >>> SichuanOptions(base=2).overrides()
            {'base': 2}
        """
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default
        }


def _check(name: str, value: Any) -> Any:
    path = f"options.{name}"
    if name in _CHOICES:
        return choice_field(value, path, _CHOICES[name])
    if name in _NUMBERS:
        least, most = _NUMBERS[name]
        return whole_number_field(value, path, least, most)
    return flag_field(value, path)


_ORDER: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SichuanOptions))
_FIELDS: frozenset[str] = frozenset(_ORDER)
_DEFAULT = SichuanOptions()

OPTION_SOURCES: dict[str, str] = {
    "base": "底分: gofishing-game sichuan.go (room unit)",
    "cap": "封顶: 3 番 the classic Chengdu cap; 3/4/5 in rooms (issue #13); gofishing-game "
    "LimitPoints",
    "self_draw": "自摸加番 (default) / 自摸加底: gofishing-game OptZiMoJiaFan, OptZiMoJiaDi",
    "dian_gang_hua": "点杠花 自摸 (default) / 放炮: gofishing-game OptDianGangHuaZiMo/FangPao",
    "hujiao_zhuanyi": "呼叫转移: issue #13; gofishing-game moveKong",
    "tiandi_hu": "天地胡: gofishing-game OptTianDiHu (on)",
    "yaojiu_jiangdui": "幺九将对: issue #13's table (on); gofishing-game OptYaoJiuJiangDui (off)",
    "menqing_zhongzhang": "门清中张: gofishing-game OptMenQingZhongZhang (off)",
    "dingque": "定缺: issue #13 ('common practice, and the default'); gofishing-game "
    "OptChooseColor",
    "exchange": "换三张: gofishing-game OptHuanSanZhang (off unless the room's tag)",
    "guoshou_hu": "过手胡: issue #13",
    "huazhu_pays_winners": "查花猪 '花猪赔给非花猪玩家16倍点数' [001]; gofishing-game: seats "
    "in play only",
    "xueliu": "血流成河: issue #13; gofishing-game xlch",
    "dealer": "'血战: 每局投骰' [001] (dice, default); first winner / 一炮多响 discarder: "
    "gofishing-game room.go",
}
"""Option name -> where it comes from (docs/rules/sichuan.md §10)."""

ROOM_FIELDS: dict[str, str] = {"stake": "base"}
"""The options behind ``majiang.RoomConfig``'s common room fields (stake, hand_cap,
match_cap)."""
