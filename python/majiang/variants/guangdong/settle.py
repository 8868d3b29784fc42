"""``settle(record)``: the Guangdong 推倒胡 settlement of one hand (docs/rules/guangdong.md §9).

On a win, with W the hand's points a share and H the horses on the winner's seat: 胡牌分 W from
each of the three (all three shares from the robbed seat on 抢杠, from a 直杠's feeder under
杠爆全包; one share from the discarder under 可点炮); 中马 H x 2 (H x W under 马跟底分) the same
way; 马跟杠 the winner's kong money H times more; then every kong that stands (暗杠 2 from each,
明杠 = 补杠 1 from each, 直杠 3 from its feeder), none on a drawn hand under
``kongs_void_on_draw``; then 跟庄. Every amount is points x ``base`` x ``fan``, and each
line's detail says how it was reached.

Example:
    >>> s = settle({"dealer": 0, "options": {"base": 10}, "horses": "2m8p",
    ...     "players": [{"hand": "147m258p369s1234z"}, {"hand": "123m456p789s23s55m"},
    ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
    ...     "result": {"kind": "win", "winner": 1, "tile": "4s", "from": None}})
    >>> s.deltas, s.pattern["hits"]             # A = the dealer 0: 2m falls on B = seat 1
    ((-40, 120, -40, -40), 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.errors import RecordError
from majiang.payments import win_payers, win_payments
from majiang.settlement import Payment, Settlement, text_error
from majiang.tiles import NUM_KINDS, SEATS
from majiang.variants.guangdong.hands import HandScore, ghost_kinds, score_hand
from majiang.variants.guangdong.horses import hits
from majiang.variants.guangdong.kongs import kong_lines
from majiang.variants.guangdong.options import GuangdongOptions
from majiang.variants.guangdong.record import HandRecord, WinResult, kinds_of, robs_zhi_gang

__all__ = ["settle", "share_points"]


def share_points(r: HandRecord, w: WinResult, score: HandScore) -> tuple[int, str]:
    """The win's points a share (W) and how they were reached.

    Example:
        >>> from majiang.variants.guangdong.hands import HandScore
        >>> r = HandRecord.from_dict({"dealer": 0, "dealer_streak": 3, "horses": "1z2z",
        ...     "options": {"jie_jie_gao": True, "gang_bao_double": True},
        ...     "players": [{"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"},
        ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
        ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None}})
        >>> share_points(r, r.result, HandScore(1, (), "regular", True))
        (6, '2 (推倒胡) + 4 (节节高: 2 x 2) = 6')
    """
    o = r.options
    points = score.points
    named = "+".join(score.hands) or "推倒胡"
    steps = [f"{points} ({named}" + (f" x {score.multiplier})" if score.multiplier > 1 else ")")]
    doublings = []
    if o.no_ghost_double and o.ghosts != "none" and score.ghost_free:
        doublings.append("无鬼加倍")
    if o.si_gui_double and score.four_ghosts:
        doublings.append("四鬼加倍")
    if o.gang_bao_double and w.gang_kai:
        doublings.append("杠爆")
    if o.gang_shang_gang_double and r.kong_chain >= 2:
        doublings.append("杠上杠")
    for name in doublings:
        points *= 2
        steps.append(f"x 2 ({name})")
    if o.jie_jie_gao and w.winner == r.dealer and r.dealer_streak > 1:
        more = 2 * (r.dealer_streak - 1)
        points += more
        steps.append(f"+ {more} (节节高: 2 x {r.dealer_streak - 1})")
    detail = " ".join(steps)
    return points, detail if len(steps) == 1 else f"{detail} = {points}"


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Settles one Guangdong hand record (a :class:`HandRecord` or its JSON form); see the
    module docstring for the order. A record that cannot have happened raises
    :class:`~majiang.errors.RecordError` naming the field.

    Example:
        >>> s = settle({"dealer": 2, "options": {"base": 10, "horses": 0},
        ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
        ...                 {"hand": "123456789s3z", "melds": [{"kind": "an_gang",
        ...                  "tiles": "6666z", "from": None}]}, {"hand": "1122334m556677p"}],
        ...     "result": {"kind": "draw"}})
        >>> s.deltas                                  # 暗杠: 20 from each, drawn hand or not
        (-20, -20, 60, -20)
    """
    try:
        r = record if isinstance(record, HandRecord) else HandRecord.from_dict(record)
    except UnicodeEncodeError:  # a lone surrogate in a text field
        raise text_error(record) from None
    o = r.options
    stake = o.stake
    lines: list[Payment] = []
    pattern: dict[str, Any] = {"result": "draw"}
    kongs_stand = isinstance(r.result, WinResult) or not o.kongs_void_on_draw
    if isinstance(r.result, WinResult):
        lines, pattern = _win(r, r.result)
    if kongs_stand:
        for seat, p in enumerate(r.players):
            for m in p.melds:
                for payer, pts, reason, detail in kong_lines(seat, m, o):
                    lines.append(_at_stake(payer, seat, pts, reason, detail, stake))
    genzhuang = o.gen_zhuang and r.gen_zhuang
    if genzhuang:
        for other in range(SEATS):
            if other != r.dealer:
                detail = "the first four discards matched: 1 point to each"
                lines.append(_at_stake(r.dealer, other, 1, "跟庄", detail, stake))
    pattern["gen_zhuang"] = genzhuang
    return Settlement.from_items(lines, pattern=pattern)


def _at_stake(payer: int, payee: int, points: int, reason: str, detail: str, stake: int) -> Payment:
    if stake == 1:
        return Payment(payer, payee, points, reason, detail)
    return Payment(payer, payee, points * stake, reason, f"{detail}; {points} x {stake} (stake)")


def _win(r: HandRecord, w: WinResult) -> tuple[list[Payment], dict[str, Any]]:
    o = r.options
    stake = o.stake
    score = _score(r, w)
    share, share_detail = share_points(r, w, score)
    horse_kinds = kinds_of(r.horses) if r.horses else ()
    first = r.horse_seat if o.horse_map == "seed" else r.dealer
    hit = hits(horse_kinds, w.winner, first, o.horse_map)
    liable, why, how = _who_pays(r, w, o)
    payers = win_payers(w.winner, w.source, like_self_draw=w.qiang_gang)
    amount = share * stake
    detail = f"{share_detail}, {how}" + ("" if stake == 1 else f"; {share} x {stake} (stake)")
    lines = win_payments(w.winner, payers, amount, detail, liable=liable, why=why)
    per_hit = share if o.horse_value == "hand" else 2
    if hit:
        horse_pts = hit * per_hit
        word = "马跟底分: the hand's points" if o.horse_value == "hand" else "a base unit"
        hd = f"{hit} horse(s) on the winner's seat x {per_hit} ({word}) = {horse_pts}"
        if stake != 1:
            hd += f"; {horse_pts} x {stake} (stake)"
        lines += win_payments(
            w.winner, payers, horse_pts * stake, hd, liable=liable, why=why, reason="中马"
        )
        if o.horse_kongs:
            for m in r.players[w.winner].melds:
                for payer, pts, _, kd in kong_lines(w.winner, m, o):
                    again = f"{kd}, once more for each of {hit} horse(s): {pts} x {hit}"
                    lines.append(_at_stake(payer, w.winner, pts * hit, "马跟杠", again, stake))
    pattern: dict[str, Any] = {
        "result": "win",
        "winner": w.winner,
        "from": w.source,
        "self_drawn": w.self_drawn,
        "gang_kai": w.gang_kai,
        "qiang_gang": w.qiang_gang,
        "hands": list(score.hands),
        "multiplier": score.multiplier,
        "shape": score.shape,
        "four_ghosts": score.four_ghosts,
        "points": share,
        "horses": r.horses,
        "hits": hit,
        "horse_seat": first,
        "liable": liable,
    }
    return lines, pattern


def _who_pays(r: HandRecord, w: WinResult, o: GuangdongOptions) -> tuple[int | None, str, str]:
    """The seat paying every share (None: each its own), why, and how the win came."""
    if w.qiang_gang:
        assert w.source is not None
        kong = "直杠" if robs_zhi_gang(kinds_of(w.tile)[0], r.players[w.source]) else "kong"
        if o.qiang_gang_quan_bao:
            return w.source, "抢杠", f"抢杠 of seat {w.source}'s {kong}: it pays all three"
        return None, "", f"抢杠 of seat {w.source}'s {kong}, each pays its share"
    if w.source is not None:
        return None, "", f"点炮 by seat {w.source}"
    if w.gang_kai and o.gang_bao_quan_bao and r.gang_bao_from is not None:
        feeder = r.gang_bao_from
        return feeder, "杠爆全包", f"杠爆 on a 直杠 fed by seat {feeder}: it pays all three"
    return None, "", "杠爆 (self-drawn)" if w.gang_kai else "自摸"


def _score(r: HandRecord, w: WinResult) -> HandScore:
    if r.score is not None:  # scored by the check
        return r.score
    p = r.players[w.winner]
    concealed = [0] * NUM_KINDS
    for k in (*(kinds_of(p.hand) if p.kinds is None else p.kinds), *kinds_of(w.tile)):
        concealed[k] += 1
    indicator = None if r.ghost_indicator is None else kinds_of(r.ghost_indicator)[0]
    ghosts = ghost_kinds(r.options, indicator)
    score = score_hand(concealed, p.melds, ghosts, r.options, tian_hu=w.tian_hu, di_hu=w.di_hu)
    if score is None:  # the record was checked when built: only a hand-made object gets here
        raise RecordError(f"result.tile: seat {w.winner}'s hand does not win")
    return score
