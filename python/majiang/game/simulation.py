"""Self-play statistics.

Example:
    >>> from majiang.game.simulation import simulate
    >>> s = simulate(4, seed=1, bots="efficiency")
    >>> s["hands"], round(sum(s["mean_score"]), 6)
    (4, 0.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from majiang.game.bots import Bot, EfficiencyBot, RandomBot
from majiang.game.engine import Game, play

__all__ = ["PATTERNS", "make_bots", "simulate"]

PATTERNS = ("德国", "德中德", "精钓", "杠开", "七对", "十三烂")


def make_bots(kinds: str | Sequence[str], seed: int = 0) -> list[Bot]:
    """Four bots from names (``efficiency``/``random``; one name for all four).

    Example:
        >>> [type(b).__name__ for b in make_bots(["random", "efficiency"] * 2)]
        ['RandomBot', 'EfficiencyBot', 'RandomBot', 'EfficiencyBot']
    """
    names = [kinds] * 4 if isinstance(kinds, str) else list(kinds)
    table: dict[str, type[RandomBot] | type[EfficiencyBot]] = {
        "random": RandomBot,
        "efficiency": EfficiencyBot,
    }
    return [table[n](seed * 4 + i) for i, n in enumerate(names)]


def simulate(
    hands: int, seed: int = 0, bots: str | Sequence[str] = "efficiency", per_game: int = 1
) -> dict[str, Any]:
    """Play ``hands`` hands (matches of ``per_game`` hands each) and return statistics: win
    rate and mean score per seat, self-draw / discard-win / draw rates, average discards per
    hand and pattern frequencies over all hands.

    Example:
        >>> simulate(2, seed=3, bots="random")["win_rate"].__len__()
        4
    """
    wins = [0, 0, 0, 0]
    total = [0, 0, 0, 0]
    self_draw = discard_win = draws = turns = 0
    patterns = dict.fromkeys(PATTERNS, 0)
    played = 0
    match = 0
    while played < hands:
        n = min(per_game, hands - played)
        game = play(Game(seed=seed * 1_000_003 + match, hands=n), make_bots(bots, seed + match))
        match += 1
        played += n
        for s in range(4):
            total[s] += game.scores[s]
        turns += sum(1 for e in game.events if e["event"] == "discard")
        for record, settlement in zip(game.records, game.settlements, strict=True):
            result = record["result"]
            if result["kind"] == "draw":
                draws += 1
                continue
            wins[result["winner"]] += 1
            if result["from"] is None or result["qiang_gang"]:
                self_draw += 1
            else:
                discard_win += 1
            for p in _patterns(settlement.pattern):
                patterns[p] += 1
    return {
        "hands": hands,
        "win_rate": [w / hands for w in wins],
        "self_draw_rate": self_draw / hands,
        "discard_win_rate": discard_win / hands,
        "draw_rate": draws / hands,
        "average_turns": turns / hands,
        "patterns": {p: c / hands for p, c in patterns.items()},
        "mean_score": [t / hands for t in total],
    }


def _patterns(pattern: Mapping[str, Any]) -> list[str]:
    """The counted patterns of one won hand's settlement pattern."""
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
