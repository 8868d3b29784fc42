"""Hebei room options (``docs/rules/hebei.md`` Options); every value is the library's choice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from majiang.errors import MajiangError

__all__ = ["HebeiOptions", "OptionError"]

Payment = Literal["one", "three", "big"]


class OptionError(MajiangError, ValueError):
    """A Hebei option that does not exist or has a bad value."""


@dataclass(frozen=True)
class HebeiOptions:
    """``payment``: 点炮一家出 ``one`` (default), 点炮三家出 ``three``, 点炮大包 ``big``;
    ``dealer_bonus`` 带庄闲; ``zhuo_wu_kui`` 捉五魁 (x2); ``men_qing`` 门清 (+1);
    ``bian_ka_diao`` 边卡吊 (+1)."""

    payment: Payment = "one"
    dealer_bonus: bool = False
    zhuo_wu_kui: bool = False
    men_qing: bool = False
    bian_ka_diao: bool = False

    def __post_init__(self) -> None:
        if self.payment not in ("one", "three", "big"):
            raise OptionError(f"payment must be 'one', 'three' or 'big', not {self.payment!r}")
        for name in ("dealer_bonus", "zhuo_wu_kui", "men_qing", "bian_ka_diao"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError(f"{name} must be a bool, not {getattr(self, name)!r}")
