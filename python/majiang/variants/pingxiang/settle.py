"""``settle(record)``: the Pingxiang settlement of one hand (``docs/rules/pingxiang.md``).

On a win: the hand's 番 x B from the discarder (the robbed player on 抢杠) or from each of the
three others on a self-draw, all of it from the liable seat under 包牌; then the kongs (明杠 and
补杠 B from the seat that fed the tile, 暗杠 B from each other player); then 跟庄 (the dealer pays
each non-dealer B). A drawn hand (黄牌) scores nothing: kongs and 跟庄 are void.

Example:
    >>> from majiang.variants.pingxiang import settle
    >>> s = settle({
    ...     "dealer": 0,
    ...     "players": [
    ...         {"hand": "1112223335m", "melds": [{"kind": "peng", "tiles": "888m", "from": 2}]},
    ...         {"hand": "147m258p369s1234z"},
    ...         {"hand": "22p33p44p66s88s777z"},
    ...         {"hand": "567m567p78s8p9s135z"},
    ...     ],
    ...     "result": {"kind": "win", "winner": 0, "tile": "5m", "from": None}})
    >>> s.pattern["hands"], s.pattern["fan"]
    (['清一色', '对对胡', '带真将'], 16)
    >>> s.deltas
    (48, -16, -16, -16)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.errors import RecordError
from majiang.payments import kong_payments, to_each, win_payers, win_payments
from majiang.settlement import Settlement, text_error
from majiang.tiles import NUM_KINDS, SEATS
from majiang.variants.pingxiang.hands import HandScore, score_hand
from majiang.variants.pingxiang.record import HandRecord, WinResult, kinds_of

__all__ = ["liable_seat", "settle"]

FED_KINDS: frozenset[str] = frozenset({"chi", "peng", "ming_gang", "bu_gang"})
"""Melds made on another player's tile: what counts towards 包牌 (a bu_gang was a peng)."""


def liable_seat(record: HandRecord) -> int | None:
    """The seat that fed the winner three or more melds (包牌), if any, before the 对对胡
    exception.

    Example:
        >>> r = HandRecord.from_dict({"dealer": 0, "players": [
        ...     {"hand": "23m55p", "melds": [{"kind": "chi", "tiles": "123s", "from": 3},
        ...      {"kind": "chi", "tiles": "456s", "from": 3},
        ...      {"kind": "chi", "tiles": "789s", "from": 3}]},
        ...     {"hand": "147m258p369s1234z"}, {"hand": "22p33p44p66s88s777z"},
        ...     {"hand": "567m567p89p135z22s"}],
        ...     "result": {"kind": "win", "winner": 0, "tile": "4m", "from": 1}})
        >>> liable_seat(r)
        3
    """
    if not isinstance(record.result, WinResult):
        return None
    fed = [0] * SEATS
    for m in record.players[record.result.winner].melds:
        if m.kind in FED_KINDS and m.source is not None:
            fed[m.source] += 1
    for seat in range(SEATS):
        if fed[seat] >= 3:
            return seat
    return None


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Settles one Pingxiang hand record (a :class:`HandRecord` or its JSON form); see the
    module docstring for the order. A record that cannot have happened raises
    :class:`~majiang.errors.RecordError` naming the field.

    Example:
        >>> s = settle({"dealer": 2, "chao_zhuang": True,
        ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
        ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
        ...     "result": {"kind": "draw"}})
        >>> s.deltas, s.pattern                   # 黄牌: nothing is scored
        ((0, 0, 0, 0), {'result': 'draw'})
    """
    try:
        r = record if isinstance(record, HandRecord) else HandRecord.from_dict(record)
    except UnicodeEncodeError:  # a lone surrogate in a text field
        raise text_error(record) from None
    if not isinstance(r.result, WinResult):
        return Settlement.from_items([], pattern={"result": "draw"})
    o = r.options
    b = o.base
    w = r.result
    score = _score(r, w)
    winner = w.winner
    liable = liable_seat(r)
    triplets_hand = "对对胡" in score.hands or "18罗汉" in score.hands
    if liable is not None and o.baopai_excludes_pengpenghu and triplets_hand:
        liable = None
    amount = score.fan * b
    how = "自摸" if w.source is None else ("抢杠" if w.qiang_gang else "放炮")
    detail = f"{score.detail} 番 x {b} (B) = {amount}, {how}"
    items = win_payments(winner, win_payers(winner, w.source), amount, detail, liable=liable)
    for seat, p in enumerate(r.players):
        for m in p.melds:
            if m.kind == "an_gang":
                items += kong_payments(seat, m, b, "暗杠", f"{m.tiles}: B from each")
            elif m.kind in ("ming_gang", "bu_gang"):
                reason = "明杠" if m.kind == "ming_gang" else "补杠"
                items += kong_payments(seat, m, b, reason, f"{m.tiles}: B from seat {m.source}")
    genzhuang = o.genzhuang and r.chao_zhuang
    if genzhuang:
        items += to_each(r.dealer, b, "跟庄", "the first four discards matched")
    pattern: dict[str, Any] = {
        "result": "win",
        "winner": winner,
        "from": w.source,
        "qiang_gang": w.qiang_gang,
        "hands": list(score.hands),
        "fan": score.fan,
        "detail": score.detail,
        "shape": score.shape,
        "self_drawn": w.self_drawn,
        "baopai": liable,
        "genzhuang": genzhuang,
    }
    return Settlement.from_items(items, pattern=pattern)


def _score(r: HandRecord, w: WinResult) -> HandScore:
    if r.score is not None:  # scored by the check
        return r.score
    p = r.players[w.winner]
    concealed = [0] * NUM_KINDS
    for k in (*(kinds_of(p.hand) if p.kinds is None else p.kinds), *kinds_of(w.tile)):
        concealed[k] += 1
    score = score_hand(
        concealed,
        r.players[w.winner].melds,
        self_drawn=w.self_drawn,
        tian_hu=w.tian_hu,
        di_hu=w.di_hu,
        options=r.options,
    )
    if score is None:  # the record was checked when built: only a hand-made object gets here
        raise RecordError(f"result.tile: seat {w.winner}'s hand does not win")
    return score
