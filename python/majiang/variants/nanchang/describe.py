"""What a settled Nanchang hand is called: its headline and the patterns simulations tally.

Example:
    >>> describe({"shape": "平胡", "de_guo": "德国", "jing_diao": True})
    '平胡 德国 精钓'
    >>> highlights({"shape": "小七对", "gang_kai": True})
    ['杠开', '七对']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from majiang.tiles import KIND_INDEX, KINDS

__all__ = ["DECOMPOSITION_TAGS", "TALLIED", "analysis_notes", "describe", "highlights"]

TALLIED = ("德国", "德中德", "精钓", "杠开", "七对", "十三烂")
"""The patterns a simulation always lists for Nanchang, even at zero."""


def describe(pattern: Mapping[str, Any]) -> str:
    """A won hand in words: its shape and what it was won with (德国, 精钓, 杠开, 抢杠, 天胡,
    地胡).

    Example:
        >>> describe({"shape": "十三烂", "tian_hu": True})
        '十三烂 天胡'
    """
    extras = [
        name
        for name, on in (
            (str(pattern.get("de_guo") or ""), bool(pattern.get("de_guo"))),
            ("精钓", pattern.get("jing_diao")),
            ("杠开", pattern.get("gang_kai")),
            ("抢杠", pattern.get("qiang_gang")),
            ("天胡", pattern.get("tian_hu")),
            ("地胡", pattern.get("di_hu")),
        )
        if on
    ]
    return " ".join([str(pattern.get("shape", "")), *extras])


def highlights(pattern: Mapping[str, Any]) -> list[str]:
    """The tallied patterns (:data:`TALLIED`) of a won hand's settlement pattern.

    Example:
        >>> highlights({"shape": "七星十三烂", "de_guo": "德中德"})
        ['德中德', '十三烂']
    """
    shape = str(pattern.get("shape") or "")
    found = [str(pattern["de_guo"])] if pattern.get("de_guo") in ("德国", "德中德") else []
    if pattern.get("jing_diao"):
        found.append("精钓")
    if pattern.get("gang_kai"):
        found.append("杠开")
    if shape == "小七对":
        found.append("七对")
    if "十三烂" in shape:
        found.append("十三烂")
    return found


DECOMPOSITION_TAGS = {"wilds_as_themselves": "jing as themselves (德国-shaped)"}
"""What ``majiang analyze`` calls a decomposition with each flag of the core's set."""


def analysis_notes(
    counts: Sequence[int], waits: Collection[str], wilds: Collection[str]
) -> list[tuple[str, bool, str]]:
    """What ``majiang analyze`` adds about a waiting hand, as (JSON key, value, line shown
    when true): 精钓, a held jing with every tile not held completing the hand (the lone jing
    pairs with anything), which Nanchang lets win only by self-draw.

    Example:
        >>> from majiang.tiles import KINDS, to_counts
        >>> notes = analysis_notes(to_counts("123m456p789s111z4p"), set(KINDS), {"4p", "5p"})
        >>> [(key, on) for key, on, _ in notes]
        [('jing_diao', True)]
    """
    held = any(counts[KIND_INDEX[j]] for j in wilds)
    every = all(kind in waits for kind, c in zip(KINDS, counts, strict=True) if c == 0)
    return [("jing_diao", held and every, JING_DIAO_NOTE)]


JING_DIAO_NOTE = "精钓    a lone jing pairs with anything: self-draw only, no win on a discard"
