"""``settle(record)``: the Nanjing settlement of one hand (``docs/rules/nanjing.md``).

On a win, each winner's flowers (x 2 after 比下胡) are paid by the discarder, or by each of the
three others on a self-draw (the whole amount, or half with ``self_draw_share="half"``); under
包牌 the liable seat pays the others' shares (§9: 快照, 清一色, 杠开, 抢杠 — 抢杠 counts as a
self-draw paid by the robbed player). Then what is paid at once (现场汇, §7), which stands on a
drawn hand too: 明杠 from the feeder, 暗杠 and 花杠 from each of the three, 罚 to each other
player.

Example:
    >>> from majiang.variants.nanjing import settle
    >>> s = settle({
    ...     "dealer": 0,
    ...     "players": [
    ...         {"hand": "123m456m789m1122p", "flowers": "1f"},
    ...         {"hand": "147m258p369s1234z"}, {"hand": "22m33m44m66s88s444z"},
    ...         {"hand": "567m567p78s8p9s123z"}],
    ...     "result": {"kind": "win", "winner": 0, "tile": "1p", "from": None}})
    >>> s.pattern["hands"], s.pattern["flowers"]
    (['门清'], 44)
    >>> s.pattern["detail"]
    '20 (跑20) + 2 x (1 hard + 1 soft: 缺一) + 20 (门清) = 44'
    >>> s.deltas
    (132, -44, -44, -44)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.errors import RecordError
from majiang.payments import from_each, kong_payments, to_each, win_payers, win_payments
from majiang.settlement import Payment, Settlement, text_error
from majiang.tiles import NUM_KINDS
from majiang.variants.nanjing.flowers import flower_kongs
from majiang.variants.nanjing.hands import HandScore, kuaizhao_feeder, score_hand
from majiang.variants.nanjing.record import HandRecord, WinResult, checked, kinds_of
from majiang.variants.nanjing.yajue import yajue_kinds

__all__ = ["bixiahu_triggered", "liability", "score_winner", "settle"]

FED_KINDS: frozenset[str] = frozenset({"peng", "ming_gang", "bu_gang"})


_record = checked
"""The checked record of a dict or a HandRecord (the last one read is not read again)."""


def score_winner(record: HandRecord | Mapping[str, Any], winner: int) -> HandScore:
    """The value of ``winner``'s hand in a won record (before 比下胡).

    Example:
        >>> r = {"dealer": 0, "players": [
        ...     {"hand": "123m456m789m1122p"}, {"hand": "147m258p369s1234z"},
        ...     {"hand": "22m33m44m66s88s444z"}, {"hand": "567m567p78s8p9s123z"}],
        ...     "result": {"kind": "win", "winner": 0, "tile": "1p", "from": 3}}
        >>> score_winner(r, 0).hands
        ('门清', '无花果')
    """
    try:
        r = _record(record)
    except UnicodeEncodeError:  # a lone surrogate in a text field
        raise text_error(record) from None
    w = r.result
    if not isinstance(w, WinResult) or winner not in w.winners:
        raise RecordError(f"result.winner: seat {winner} did not win this hand")
    if _SCORED[0] is not r:  # settle and bixiahu_triggered both score the same record
        _SCORED[:] = [r, {}]
    scored: dict[int, HandScore] = _SCORED[1]
    if winner not in scored:
        scored[winner] = _score_winner(r, w, winner)
    return scored[winner]


_SCORED: list[Any] = [None, {}]
"""The HandRecord last scored (frozen: its identity is its contents) and its winners' scores."""


def _score_winner(r: HandRecord, w: WinResult, winner: int) -> HandScore:
    p = r.players[winner]
    counts = [0] * NUM_KINDS
    for k in kinds_of(p.hand) if p.kinds is None else p.kinds:
        counts[k] += 1
    punged = yajue_kinds([q.melds for q in r.players], winner, r.options)
    score = score_hand(
        counts,
        w.tile,
        p.melds,
        flowers=p.flower_names,
        source=w.source,
        winner=winner,
        options=r.options,
        tian_hu=w.tian_hu,
        di_hu=w.di_hu,
        gang_kai=w.gang_kai,
        haidi=w.haidi,
        punged=punged,
    )
    if score is None:  # the record was checked when built: only a hand-made object gets here
        raise RecordError(f"result.tile: seat {winner}'s hand does not win")
    return score


def liability(
    record: HandRecord | Mapping[str, Any], winner: int, score: HandScore | None = None
) -> tuple[int, str] | None:
    """The seat liable for ``winner``'s hand (包牌, §9) and why, or None. In order: the
    快照 feeder (v2: only for a 对对胡 or 清一色 hand); the seat whose discard made the
    fourth meld of one suit (清一色); the first feeder of a 杠开 (``kong_feeder``); the robbed
    player of 抢杠.

    Example:
        >>> r = {"dealer": 0, "players": [
        ...     {"hand": "3m3m1p8s", "melds": [{"kind": "peng", "tiles": "111p", "from": 1},
        ...      {"kind": "an_gang", "tiles": "2222s"},
        ...      {"kind": "peng", "tiles": "999p", "from": 1}]},
        ...     {"hand": "147m258p369s1234z"}, {"hand": "22m44m66s88s444z1s3s"},
        ...     {"hand": "567m567p78s8p9s123z"}],
        ...     "result": {"kind": "win", "winner": 0, "tile": "3m", "from": 2}}
        >>> liability(r, 0)
        (1, '快照')
    """
    r = _record(record)
    w = r.result
    if not isinstance(w, WinResult):
        return None
    score = score or score_winner(r, winner)
    melds = r.players[winner].melds
    feeder = kuaizhao_feeder(melds, r.options, winner=winner)
    liable_hand = score.shape == "kuaizhao" or {"对对胡", "清一色"} & set(score.hands)
    if feeder is not None and (not r.options.v2 or liable_hand):
        return feeder, "快照"
    if score.shape == "qingyise" and w.source is not None:
        return w.source, "清一色"
    if len(melds) == 4 and "清一色" in score.hands:
        fourth = melds[3]
        suits = {m.kinds[0] // 9 for m in melds}
        if len(suits) == 1 and fourth.kind in FED_KINDS and fourth.source is not None:
            return fourth.source, "清一色"
    if w.gang_kai is not None and w.kong_feeder is not None:
        return w.kong_feeder, "杠开"
    if w.qiang_gang and w.source is not None:
        return w.source, "抢杠"
    return None


def bixiahu_triggered(record: HandRecord | Mapping[str, Any]) -> bool:
    """Whether this hand is a 比下胡 event (§10): the dealer deals again and the next hand's
    win is doubled. Both versions: a dealer win, a big hand, a penalty, a drawn hand; v1 also
    a 花杠, 大杠开花 (or 花杠开), 一炮多响 and 包牌; v2 also 海底捞.

    Example:
        >>> r = {"dealer": 1, "players": [
        ...     {"hand": "123m456m789m1122p"}, {"hand": "147m258p369s1234z"},
        ...     {"hand": "22m33m44m66s88s444z"}, {"hand": "567m567p78s8p9s123z"}],
        ...     "result": {"kind": "win", "winner": 0, "tile": "1p", "from": 3}}
        >>> bixiahu_triggered(r)            # 无花果 is a big hand
        True
        >>> bixiahu_triggered({**r, "result": {"kind": "draw"}})
        True
    """
    r = _record(record)
    w = r.result
    if not isinstance(w, WinResult) or r.penalties or r.dealer in w.winners:
        return True
    v2 = r.options.v2
    scores = {seat: score_winner(r, seat) for seat in w.winners}
    if any(s.big for s in scores.values()):
        return True
    if v2:
        return bool(w.haidi and r.options.haidilao)
    if any(flower_kongs(p.flower_names) for p in r.players):
        return True
    if w.gang_kai in ("big", "flower") or len(w.winners) > 1:
        return True
    return any(liability(r, seat, s) is not None for seat, s in scores.items())


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Settles one Nanjing hand record (a :class:`HandRecord` or its JSON form); see the
    module docstring for the order. A record that cannot have happened raises
    :class:`~majiang.errors.RecordError` naming the field.

    Example:
        >>> s = settle({"dealer": 2, "penalties": [{"kind": "four_by_one", "seat": 1}],
        ...     "players": [{"hand": "123456789m1234z"},
        ...                 {"hand": "123456789p1234z", "flowers": "5z5z5z5z"},
        ...                 {"hand": "123456789s1234z"}, {"hand": "1122334m556677p"}],
        ...     "result": {"kind": "draw"}})
        >>> s.deltas                    # 花杠 +18, 罚 -18: both stand on a drawn hand
        (0, 0, 0, 0)
        >>> [(p.reason, p.amount) for p in s.items][:2]
        [('花杠', 6), ('花杠', 6)]
    """
    r = _record(record)
    o = r.options
    items: list[Payment] = []
    pattern: dict[str, Any] = {"result": "draw"}
    w = r.result
    if isinstance(w, WinResult):
        factor = (2 if r.bixiahu else 1) if o.bixiahu_mode == "double" else 2**r.flags
        others_like = w.source is None or w.qiang_gang
        how = "自摸" if w.source is None else ("抢杠" if w.qiang_gang else "放炮")
        per_winner: list[dict[str, Any]] = []
        for winner in w.winners:
            score = score_winner(r, winner)
            liable = liability(r, winner, score)
            amount = score.flowers * factor
            detail = score.detail + (f" x {factor} (比下胡) = {amount}" if factor > 1 else "")
            payers = win_payers(winner, w.source, like_self_draw=w.qiang_gang)
            share = amount
            if others_like:
                share = amount if o.self_draw_share == "full" else (amount + 1) // 2
                if share != amount:
                    detail += f", half each = {share}"
            if liable is not None and o.waibao:
                # 外包: everyone pays as usual and the liable seat the others' shares again
                items += win_payments(winner, payers, share, f"{detail}, {how}")
                items += [
                    p
                    for p in win_payments(
                        winner,
                        payers,
                        share,
                        f"{detail}, {how}",
                        liable=liable[0],
                        why=f"{liable[1]} (外包)",
                    )
                    if p.reason == "包牌"
                ]
            else:
                items += win_payments(
                    winner,
                    payers,
                    share,
                    f"{detail}, {how}",
                    liable=None if liable is None else liable[0],
                    why="" if liable is None else liable[1],
                )
            per_winner.append(
                {
                    "winner": winner,
                    "hands": list(score.hands),
                    "flowers": amount,
                    "hard": score.hard,
                    "soft": score.soft,
                    "soft_items": list(score.soft_items),
                    "detail": detail,
                    "shape": score.shape,
                    "big": score.big,
                    "liable": None if liable is None else liable[0],
                    "liable_reason": None if liable is None else liable[1],
                }
            )
        pattern = {
            "result": "win",
            **per_winner[0],
            "winners": per_winner,
            "self_drawn": w.self_drawn,
            "bixiahu": factor,
        }
    spot = _on_the_spot(r)
    limits = _limits(r)
    if limits is not None:
        # paid in the order it happened (kongs and 罚 at once, then the win), each payer
        # only as far as its cap allows
        items = _capped(spot + items, limits)
        pattern["caps"] = list(limits)
    else:
        items += spot
    pattern["bixiahu_next"] = bixiahu_triggered(r)
    return Settlement.from_items(items, pattern=pattern)


def _limits(r: HandRecord) -> tuple[int | None, ...] | None:
    """The most each seat may pay in this hand (单把上限, what is left of its 园子), or None
    when nobody is capped."""
    o = r.options
    garden = r.yuanzi_left if o.yuanzi else None
    if not o.hand_cap and garden is None:
        return None
    caps: list[int | None] = []
    for seat in range(4):
        cap = [o.hand_cap] if o.hand_cap else []
        if garden is not None:
            cap.append(garden[seat])
        caps.append(min(cap) if cap else None)
    return tuple(caps)


def _capped(items: list[Payment], limits: tuple[int | None, ...]) -> list[Payment]:
    """The payments in order, each payer's cut to what its limit leaves (lines cut to nothing
    dropped); what a seat receives does not raise its limit within the hand."""
    left = list(limits)
    out: list[Payment] = []
    for p in items:
        room = left[p.payer]
        if room is None:
            out.append(p)
            continue
        amount = min(p.amount, room)
        left[p.payer] = room - amount
        if amount == p.amount:
            out.append(p)
        elif amount:
            out.append(Payment(p.payer, p.payee, amount, p.reason, f"{p.detail}; capped"))
    return out


def _on_the_spot(r: HandRecord) -> list[Payment]:
    """Kongs, 花杠 and penalties (§7), paid at once (现场汇)."""
    o = r.options
    items: list[Payment] = []
    for seat, p in enumerate(r.players):
        for m in p.melds:
            if m.kind == "an_gang":
                items += kong_payments(seat, m, o.kong_an, "暗杠", f"{m.tiles}: from each")
            elif m.kind in ("ming_gang", "bu_gang"):
                how = "一杠" if m.kind == "ming_gang" else "二杠"
                detail = f"{m.tiles} ({how}): the feeder"
                items += kong_payments(seat, m, o.kong_ming, "明杠", detail)
        for group in flower_kongs(p.flower_names):
            items += from_each(seat, o.flower_kong, "花杠", f"{group}: from each")
    for pen in r.penalties:
        what = (
            "four in a row, first discarder"
            if pen.kind == "same_four_in_a_row"
            else ("four identical discards")
        )
        if pen.tile:
            what += f" ({pen.tile})"
        items += to_each(pen.seat, o.penalty, "罚", what)
    return items
