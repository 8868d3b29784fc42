"""The Nanjing rules the seed leaves open, as one frozen set of options.

Each field is a conflict of ``docs/rules/nanjing.md`` §13 (N1-N13) with the proposed default.
``values`` picks the value table (v1 跑20 or v2 跑10); the options that follow it
(``luxury_pairs``, ``suit_kong_soft``, ``haidilao``) are None when not given and are resolved
from ``values`` when the options are built, so reading them always gives a concrete value.

Example:
    >>> from majiang.variants.nanjing.options import NanjingOptions
    >>> o = NanjingOptions.from_dict({"values": "v2_run10"})
    >>> o.run_base, o.luxury_pairs, o.suit_kong_soft, o.haidilao
    (10, 'winning_tile_fourth', True, True)
    >>> o.overrides()
    {'values': 'v2_run10'}
    >>> NanjingOptions().luxury_pairs, NanjingOptions().haidilao
    ('any_four', False)
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

__all__ = [
    "OPTION_SOURCES",
    "ROOM_FIELDS",
    "BixiahuMode",
    "LuxuryPairs",
    "NanjingOptions",
    "SelfDrawShare",
    "Values",
]

Values = Literal["v1_run20", "v2_run10"]
LuxuryPairs = Literal["any_four", "winning_tile_fourth"]
SelfDrawShare = Literal["full", "half"]
BixiahuMode = Literal["double", "per_flag"]

_CHOICES: dict[str, tuple[Any, ...]] = {
    "values": ("v1_run20", "v2_run10"),
    "luxury_pairs": ("any_four", "winning_tile_fourth"),
    "self_draw_share": ("full", "half"),
    "bixiahu_mode": ("double", "per_flag"),
}
_FOLLOWING: dict[str, tuple[Any, Any]] = {
    # option: (value under v1_run20, value under v2_run10)
    "luxury_pairs": ("any_four", "winning_tile_fourth"),
    "suit_kong_soft": (False, True),
    "haidilao": (False, True),
}
_NUMBERS: dict[str, tuple[int, int]] = {
    "kong_ming": (0, MAX_POINTS),
    "kong_an": (0, MAX_POINTS),
    "flower_kong": (0, MAX_POINTS),
    "penalty": (0, MAX_POINTS),
    "yuanzi": (0, MAX_STAKE),
    "hand_cap": (0, MAX_STAKE),
    "rounds": (0, MAX_POINTS),
}
"""The whole-number options and their ranges (majiang.bounds)."""


@dataclass(frozen=True)
class NanjingOptions(OptionSet):
    """The Nanjing scoring and settlement options (defaults: ``nanjing.md`` §13).

    Example:
        >>> NanjingOptions().values, NanjingOptions().kong_ming
        ('v1_run20', 6)
        >>> NanjingOptions(values="v2_run10").v2
        True
    """

    values: Values = "v1_run20"
    """N1: the value table: ``v1_run20`` (跑20) or ``v2_run10`` (跑10)."""
    luxury_pairs: LuxuryPairs | None = None
    """N2: 豪华七对 from ``any_four`` in the seven pairs (v1), or only when the winning tile is
    the fourth (``winning_tile_fourth``, v2 双七对). None: follow ``values``."""
    suit_kong_soft: bool | None = None
    """N4: suit kongs give soft flowers (exposed 1, concealed 2; v2). None: follow ``values``."""
    haidilao: bool | None = None
    """N10: 海底捞 is played (+10). None: follow ``values`` (off in v1, on in v2)."""
    kong_ming: int = 6
    """N5: what the feeder pays for a 明杠 (一杠 or 二杠)."""
    kong_an: int = 3
    """N5: what each of the three pays for a 暗杠."""
    flower_kong: int = 6
    """N5: what each of the three pays for a 花杠 (0: not played)."""
    penalty: int = 6
    """N5: what a penalised player (罚) pays each other player."""
    double_flowers: bool = True
    """N6: 砸2: hard and soft flowers count double on a win."""
    self_draw_share: SelfDrawShare = "full"
    """N7: on a self-draw each of the three pays the whole amount, or half (rounded up)."""
    multiple_winners: bool = True
    """N12: one discard may give several winners (一炮多响)."""
    bixiahu_mode: BixiahuMode = "double"
    """N13: after 比下胡 the win is doubled (``double``), or doubled once per flag
    (``per_flag``, the record's ``bixiahu_flags``: the engine plants one flag per 比下胡 hand
    in a row)."""
    yuanzi: int = 0
    """进园子: the score each player brings (总分 100/200/300/500 in the Nanjing room lists);
    nobody loses more than what is left of it (the record's ``yuanzi_left``), and the match
    ends when two players have nothing left (两家干). 0: 敞开头, no cap."""
    hand_cap: int = 0
    """单把上限 (结算上限): the most a player pays in one hand (100/200/300 in the room
    lists). 0: 无限制."""
    waibao: bool = False
    """外包: the liable seat of a 包牌 (快照, 清一色, 杠开, 抢杠) pays the others' shares on top
    of them (they pay their own too). False: it pays in their place."""
    jiezhuang_bi: bool = False
    """接庄比: when the dealer does not win and the next seat (the next dealer) wins, the next
    hand is 比下胡 (doubled) too; the deal still passes."""
    rounds: int = 0
    """局数 in 圈 (1, 2 or 4 in the room lists): the match ends when the deal has gone round
    the table that many times (a 比下胡 hand keeps the dealer, so a round may last more than
    four hands); 0: the number of hands decides."""
    yajue: bool = True
    """压绝 is played (the room lists' 压绝 switch)."""
    yajue_own_pong: bool = True
    """压绝 counts the winner's own pung of the kind (自己对的牌)."""
    yajue_other_pong: bool = True
    """压绝 counts another player's pung of the kind that the winner did not feed (别人对的牌)."""
    yajue_fed_pong: bool = True
    """压绝 counts another player's pung of a tile the winner discarded (自己出的牌)."""

    def __post_init__(self) -> None:
        column = 1 if self.values == "v2_run10" else 0
        for name, by_values in _FOLLOWING.items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, by_values[column])

    @property
    def v2(self) -> bool:
        """Whether the v2 (跑10) table is used.

        Example:
            >>> NanjingOptions().v2
            False
        """
        return self.values == "v2_run10"

    @property
    def run_base(self) -> int:
        """Every win's base: 20 (跑20) or 10 (跑10).

        Example:
            >>> NanjingOptions(values="v2_run10").run_base
            10
        """
        return 10 if self.v2 else 20

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> NanjingOptions:
        """Options from overrides by name; an unknown name or a bad value raises RecordError
        naming it.

        Example:
            >>> NanjingOptions.from_dict({"self_draw_share": "half"}).self_draw_share
            'half'
            >>> NanjingOptions.from_dict({"nanjing_values": "v1_run20"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.nanjing_values: unknown option (known: ...)
            >>> NanjingOptions.from_dict({"kong_an": -1})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.kong_an: expected a whole number ≥ 0 and ≤ 1000, ...
        """
        if data is None:
            return _DEFAULT
        values = option_values(data, _FIELDS, _check)
        return cls(**values) if values else _DEFAULT

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the defaults (the following ones: from what
        ``values`` gives), by name: what a record stores.

        Example:
            >>> NanjingOptions(values="v2_run10", haidilao=False).overrides()
            {'values': 'v2_run10', 'haidilao': False}
        """
        base = NanjingOptions(values=self.values)
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            reference = f.default if f.name == "values" else getattr(base, f.name)
            if value != reference:
                out[f.name] = value
        return out


def _check(name: str, value: Any) -> Any:
    path = f"options.{name}"
    if name in _FOLLOWING and value is None:
        return None
    if name in _CHOICES:
        return choice_field(value, path, _CHOICES[name])
    if name in _NUMBERS:
        least, most = _NUMBERS[name]
        return whole_number_field(value, path, least, most)
    return flag_field(value, path)


_FIELDS: frozenset[str] = frozenset(f.name for f in dataclasses.fields(NanjingOptions))
_DEFAULT = NanjingOptions()

OPTION_SOURCES: dict[str, str] = {
    "values": "N1: v1 跑20 and v2 跑10 tables [004 v1] [004 v2]",
    "luxury_pairs": "N2: v1 any four, v2 双七对 [004]",
    "suit_kong_soft": "N4: v2 only [004 v2]",
    "haidilao": "N10: v2 [004 v2]; 'some places have no 海底捞'",
    "kong_ming": "N5: 6 [004 v1]; agreed beforehand [004 v2]",
    "kong_an": "N5: 3 [004 v1]; agreed beforehand [004 v2]",
    "flower_kong": "N5: 6 [004 v1]",
    "penalty": "N5: 6 [004 v1]; room switch 罚分 / 东南西北罚分 (Nanjing clients)",
    "double_flowers": "N6: 砸2 [004]; room switch 砸2 / 花砸2 (Nanjing clients)",
    "self_draw_share": "N7: full [004] rule text; half the v2 worked example",
    "multiple_winners": "N12: [004 v1] (一炮多响 as a 比下胡 trigger)",
    "bixiahu_mode": "N13: double [004 v1]; flags [004 v2] 插旗",
    "yuanzi": "room option 进园子 总分 100/200/300/500 (Nanjing clients); [004 v2] names 进园子; "
    "两家干 (Nanjing client rule page)",
    "rounds": "room option 局数 1/2/4 圈 (Nanjing client create-room box)",
    "hand_cap": "room option 单把上限 / 结算上限 100/200/300 (Nanjing clients)",
    "waibao": "room rule 外包 (Nanjing client rule page); [004 v2] names 外包",
    "jiezhuang_bi": "room switch 接庄比 (Nanjing clients; NJMJRoom server, denghai/MJ)",
    "yajue": "room switch 压绝 (Nanjing client create-room box); [004] 压绝",
    "yajue_own_pong": "room sub-switch 自己对的牌 (Nanjing client create-room box)",
    "yajue_other_pong": "room sub-switch 别人对的牌 (Nanjing client create-room box)",
    "yajue_fed_pong": "room sub-switch 自己出的牌 (Nanjing client create-room box)",
}
"""Option name -> where it comes from (docs/rules/nanjing.md §13, §14)."""

ROOM_FIELDS: dict[str, str] = {"hand_cap": "hand_cap", "match_cap": "yuanzi"}
"""The options behind ``majiang.RoomConfig``'s common room fields (stake, hand_cap,
match_cap)."""
