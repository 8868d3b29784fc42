"""What a settled Hebei hand is called: its hand, how it was won and the room's extras.

Example:
    >>> describe({"hands": ["清一色"], "value": 9, "self_drawn": True})
    '清一色 9 自摸'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ("平胡", "清一色", "七小对", "一条龙", "豪华七小对", "十三幺", "听")
"""The patterns a simulation lists even when never seen (the table's hands and 听)."""

_EXTRAS = (("qiang_gang", "抢杠"), ("gang_kai", "杠开"), ("men_qing", "门清"),
           ("edge_wait", "边卡吊"), ("wu_kui", "捉五魁"))  # fmt: skip


def highlights(pattern: Mapping[str, Any]) -> list[str]:
    """The patterns a simulation tallies: the hand, 听 when the winner had declared it, and
    the ways of winning and extras that applied.

    Example:
        >>> highlights({"hands": ["七小对"], "ready": True, "gang_kai": True})
        ['七小对', '听', '杠开']
    """
    out = named_hands(pattern)
    if pattern.get("ready"):
        out.append("听")
    out += [name for key, name in _EXTRAS if pattern.get(key)]
    return out


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words: the hand and its value, then 自摸 or 点炮 and the extras.

    Example:
        >>> describe({"hands": ["平胡"], "value": 4, "from": 2, "men_qing": True})
        '平胡 4 点炮 门清'
    """
    words = [" ".join(named_hands(pattern)) or "平胡"]
    if "value" in pattern:
        words.append(str(pattern["value"]))
    if pattern.get("self_drawn"):
        words.append("自摸")
    elif pattern.get("from") is not None:
        words.append("点炮")
    words += [name for key, name in _EXTRAS if pattern.get(key)]
    return " ".join(words)
