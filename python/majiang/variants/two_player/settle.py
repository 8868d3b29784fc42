"""Settling a two-player hand: the loser pays the winner the win's 番 (capped at 13, the
seed's 封顶) times the stake; a drawn hand moves nothing (docs/rules/two_player.md §7).

Example:
    >>> s = settle({"dealer": 0, "flower_tiles": "1z", "options": {"base": 2},
    ...     "players": [{"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None}})
    >>> s.deltas, s.pattern["hands"]
    ((12, -12), ['不求人', '平胡'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.settlement import Payment, Settlement, text_error
from majiang.variants.two_player.record import SEATS, score_record

__all__ = ["settle"]


def settle(record: Mapping[str, Any]) -> Settlement:
    """The settlement of a two-player record (RecordError naming a field that cannot be).

    Example:
        >>> settle({"dealer": 1, "flower_tiles": "9m", "players": [
        ...     {"hand": "123456789m1234p"}, {}], "result": {"kind": "draw"}})
        Traceback (most recent call last):
        ...
        majiang.errors.RecordError: players[1].hand: missing
    """
    try:
        checked, score = score_record(record)
    except UnicodeEncodeError:
        raise text_error(record) from None
    options = checked.options
    w = checked.values["result"]
    pattern: dict[str, Any] = {"dealer": checked.values["dealer"]}
    if w is None or score is None:
        return Settlement.from_items((), {**pattern, "draw": True}, seats=SEATS)
    loser = 1 - w.winner
    amount = score.paid * options.base
    detail = f"{score.detail} x {options.base}" if options.base != 1 else score.detail
    pattern.update(
        winner=w.winner,
        hands=[name for name, _v, _c in score.fans],
        fan=score.total,
        paid=score.paid,
        self_drawn=w.source is None or w.qiang_gang,
        qiang_gang=w.qiang_gang,
        last_chance=bool(checked.values["last_chance"]),
    )
    return Settlement.from_items(
        [Payment(loser, w.winner, amount, "胡牌", detail)], pattern, seats=SEATS
    )
