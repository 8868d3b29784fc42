"""What a settled Sichuan hand is called: each win's named hand and its 番, in order.

Example:
    >>> describe({"wins": [{"winners": [1], "scores": [{"hands": ["清对"], "fan": 4}]}]})
    'seat 1 清对 (4 番)'
    >>> describe({"wins": [], "result": "draw"})
    '流局 (no win)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.variants.protocol import named_hands

__all__ = ["TALLIED", "describe", "highlights"]

TALLIED: tuple[str, ...] = ("清一色", "七对", "对对胡", "查花猪", "查大叫")
"""Listed by a simulation even when never seen."""


def describe(pattern: Mapping[str, Any]) -> str:
    """The hand's wins in words (each winner's named hand and 番), and 查花猪/查大叫 after a
    draw.

    Example:
        >>> describe({"wins": [], "result": "draw", "huazhu": [2], "not_ready": [1]})
        '流局 查花猪 seat 2, 查大叫 seat 1'
    """
    parts = []
    for w in pattern.get("wins", ()):
        for s, score in zip(w.get("winners", ()), w.get("scores", ()), strict=False):
            parts.append(f"seat {s} {' '.join(score['hands'])} ({score['fan']} 番)")
    text = "; ".join(parts)
    if pattern.get("result") == "draw":
        extra = []
        if pattern.get("huazhu"):
            extra.append("查花猪 " + ", ".join(f"seat {s}" for s in pattern["huazhu"]))
        if pattern.get("not_ready"):
            extra.append("查大叫 " + ", ".join(f"seat {s}" for s in pattern["not_ready"]))
        tail = "流局 " + (", ".join(extra) if extra else "(no win)" if not parts else "")
        text = f"{text}; {tail}".strip("; ") if text else tail
    return text.strip() or "a win"


def highlights(pattern: Mapping[str, Any]) -> list[str]:
    """The named hands the hand's wins had, and 查花猪 / 查大叫 when they were paid.

    Example:
        >>> highlights({"hands": ["清一色", "平胡"], "huazhu": [1], "not_ready": []})
        ['清一色', '平胡', '查花猪']
    """
    out = named_hands(pattern)
    if pattern.get("huazhu"):
        out.append("查花猪")
    if pattern.get("not_ready"):
        out.append("查大叫")
    return out
