"""Hebei room options (``docs/rules/hebei.md`` Options); every value is the library's choice
(the seed has no scores), each with its source in :data:`OPTION_SOURCES`.

Example:
    >>> o = HebeiOptions.from_dict({"payment": "three", "men_qing": True})
    >>> o.payment, o.overrides()
    ('three', {'payment': 'three', 'men_qing': True})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from majiang.errors import MajiangError
from majiang.record_parts import OptionSet, choice_field, flag_field, option_values

__all__ = ["OPTION_SOURCES", "ROOM_FIELDS", "HebeiOptions", "OptionError", "Payment"]

Payment = Literal["one", "three", "big"]


class OptionError(MajiangError, ValueError):
    """A Hebei option that does not exist or has a bad value."""


@dataclass(frozen=True)
class HebeiOptions(OptionSet):
    """The Hebei 河北推倒胡 options (defaults: ``docs/rules/hebei.md``).

    Example:
        >>> HebeiOptions().payment, HebeiOptions().men_qing
        ('one', False)
    """

    payment: Payment = "one"
    """Who pays a discard win: 点炮一家出 ``one`` (the discarder, the hand's value), 点炮三家出
    ``three`` (each of the three), 点炮大包 ``big`` (the discarder, all three shares)."""
    dealer_bonus: bool = False
    """带庄闲: every payment line the dealer is in is one more."""
    zhuo_wu_kui: bool = False
    """捉五魁: a win on 5万 filling a 4万-6万 closed wait counts x2."""
    men_qing: bool = False
    """门清: +1 for a winner with no pong and no claimed or added kong (暗杠 keeps it)."""
    bian_ka_diao: bool = False
    """边卡吊: +1 for a win on an edge, closed or single wait."""

    def __post_init__(self) -> None:
        if self.payment not in ("one", "three", "big"):
            raise OptionError(f"payment must be 'one', 'three' or 'big', not {self.payment!r}")
        for name in ("dealer_bonus", "zhuo_wu_kui", "men_qing", "bian_ka_diao"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError(f"{name} must be a bool, not {getattr(self, name)!r}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> HebeiOptions:
        """Options from overrides by name; an unknown name or a bad value raises RecordError
        naming it.

        Example:
            >>> HebeiOptions.from_dict({"payment": "all"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: options.payment: 'all' is not one of one, three, big
        """
        if data is None:
            return _DEFAULT
        values = option_values(data, _FIELDS, _check)
        return cls(**values) if values else _DEFAULT


def _check(name: str, value: Any) -> Any:
    path = f"options.{name}"
    if name == "payment":
        return choice_field(value, path, ("one", "three", "big"))
    return flag_field(value, path)


_FIELDS = tuple(f.name for f in dataclasses.fields(HebeiOptions))
_DEFAULT = HebeiOptions()

OPTION_SOURCES: dict[str, str] = {
    "payment": "research §4(b) Payment: a Hebei client's 点炮一家出 / 三家出 / 大包; "
    "one the library's default (the flat 推倒胡 text: the discarder pays the whole value)",
    "dealer_bonus": "research §4(b) Payment: 带庄闲, one extra unit",
    "zhuo_wu_kui": "research §4(b): 捉五魁 x2 in the Hebei sources",
    "men_qing": "research §4(b): 门清 1 番 in a C++ multi-variant table",
    "bian_ka_diao": "research §4(b): 边卡吊 +1, an option of a Hebei client",
}
"""Option name -> where it comes from (docs/rules/hebei.md)."""

ROOM_FIELDS: dict[str, str] = {}
"""Hebei has no stake option behind ``majiang.RoomConfig``'s common room fields."""
