"""``settle(record)``: the GB settlement of one hand (docs/rules/gb.md, "Settlement").

底分 8 (option ``base``) from every loser plus the hand's 番 (flowers included): on a
self-draw each of the three others pays 8 + 番; on a discard (and on 抢杠和, the robbed seat
counting as the discarder) the discarder pays 8 + 番 and the two others 8 each `[001]` `[MCR]`.
A drawn hand (荒牌) pays nothing. A win below 起和 is a 错和 and its record a RecordError.

Example:
    >>> from majiang.variants.gb import settle
    >>> s = settle({
    ...     "dealer": 0,
    ...     "players": [{"hand": "123m456m789m234p5p"}, {"hand": "147m258p369s1234z"},
    ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "5p", "from": 2}})
    >>> s.pattern["fan"], s.deltas
    (21, (45, -8, -29, -8))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.errors import RecordError
from majiang.payments import from_each
from majiang.settlement import Payment, Settlement, text_error
from majiang.tiles import SEATS
from majiang.variants.gb.hands import HandScore
from majiang.variants.gb.record import HandRecord, WinResult, score_record

__all__ = ["settle"]


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Settles one GB hand record (a :class:`HandRecord` or its JSON form); a record that
    cannot have happened (a 错和 included) raises :class:`~majiang.errors.RecordError` naming
    the field.

    Example:
        >>> s = settle({"dealer": 2,
        ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
        ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
        ...     "result": {"kind": "draw"}})
        >>> s.deltas, s.pattern
        ((0, 0, 0, 0), {'result': 'draw'})
    """
    if (
        isinstance(record, HandRecord)
        and record.checked
        and (record.score is not None or not isinstance(record.result, WinResult))
    ):  # the engine's typed record, scored
        options, score = record.options, record.score
        if score is None or not isinstance(record.result, WinResult):
            return Settlement.from_items([], pattern={"result": "draw"})
        w = record.result
    else:
        data = record.to_dict() if isinstance(record, HandRecord) else record
        try:
            options, score = score_record(data)
        except UnicodeEncodeError:  # a lone surrogate in a text field
            raise text_error(record) from None
        if score is None:
            return Settlement.from_items([], pattern={"result": "draw"})
        w = WinResult.from_dict(data["result"])
    base = options.base
    amount = base + score.total
    detail = f"{base} (底分) + {score.total} 番 ({score.detail}) = {amount}"
    items: list[Payment]
    if w.self_drawn:
        items = from_each(w.winner, amount, "自摸", f"{detail} from each")
    else:
        if w.source is None:  # unreachable: checked
            raise RecordError("result.from: missing")
        items = [Payment(w.source, w.winner, amount, "点和", f"{detail} from the discarder")]
        items += [
            Payment(seat, w.winner, base, "底分", f"{base} (底分) from each other loser")
            for seat in range(SEATS)
            if seat not in (w.winner, w.source)
        ]
    return Settlement.from_items(items, pattern=_pattern(w, score))


def _pattern(w: WinResult, score: HandScore) -> dict[str, Any]:
    return {
        "result": "win",
        "winner": w.winner,
        "from": w.source,
        "self_drawn": w.self_drawn,
        "qiang_gang": w.qiang_gang,
        "hands": [zh for zh, _p, _n in score.fans],
        "fans": [[zh, p, n] for zh, p, n in score.fans],
        "fan": score.total,
        "fan_without_flowers": score.counted,
        "detail": score.detail,
        "shape": score.shape,
    }
