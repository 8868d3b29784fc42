"""``settle(record)``: the complete Nanchang settlement (南昌麻将算子) of one hand.

In the order [000] settles: 下翻 (lower jing on the dealt hands, when given), then the 上翻 jing
(正精, 副精, 冲关, 霸王精), kongs and 杠精, then the hand score (胡牌分 and the 德国 extra) or
荒庄, then 抄庄. With 爬楼 every amount except the penalties is x ``dealer_streak``.

Example:
    >>> from majiang.variants.nanchang import settle
    >>> s = settle({
    ...     "dealer": 0, "jing_indicator": "9p",
    ...     "players": [
    ...         {"hand": "123m456m789m23s55p", "discards": "1z"},
    ...         {"hand": "147m258p369s1234z", "discards": "6z"},
    ...         {"hand": "22m33m44m66s88s777z", "discards": "2z"},
    ...         {"hand": "567m567p78s8p9s",
    ...          "melds": [{"kind": "peng", "tiles": "555z", "from": 0}]},
    ...     ],
    ...     "result": {"kind": "win", "winner": 1, "tile": "5z", "from": 3}})
    >>> s.pattern["shape"], s.pattern["de_guo"]      # nobody holds a jing (9p, 1p)
    ('十三烂', '德中德')
    >>> for p in s.items:
    ...     print(p.payer, "->", p.payee, p.amount, p.reason, p.detail)
    0 -> 1 16 胡牌分 2 (十三烂) x 2 (庄家) x 4 (德中德) = 16
    2 -> 1 8 胡牌分 2 (十三烂) x 4 (德中德) = 8
    3 -> 1 16 胡牌分 2 (十三烂) x 2 (放炮) x 4 (德中德) = 16
    3 -> 1 5 德中德 +5 (德中德)
    >>> s.deltas
    (-16, 45, -8, -21)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import chain
from typing import Any

from majiang.settlement import Payment, Settlement, deltas_of, text_error
from majiang.tiles import KINDS, SEATS
from majiang.variants.nanchang import facts, hands, jing, kongs, tile_counts
from majiang.variants.nanchang import readings as reading_module
from majiang.variants.nanchang.facts import HandFacts, WinFacts, check_record
from majiang.variants.nanchang.hands import WinContext, best_score, hand_lines
from majiang.variants.nanchang.jing import (
    ba_wang_seat,
    fed_chong_guan,
    feed_lines,
    jing_lines,
    jing_values,
)
from majiang.variants.nanchang.kongs import kong_lines
from majiang.variants.nanchang.options import BawangMode, NanchangOptions
from majiang.variants.nanchang.readings import QI_XING, readings
from majiang.variants.nanchang.record import HandRecord

__all__ = ["clear_caches", "settle", "settle_facts"]


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Settles one Nanchang hand record (a :class:`HandRecord` or its JSON form).

    Raises :class:`~majiang.errors.RecordError` naming the field for a record that cannot have
    happened. See the module docstring for the order and ``docs/rules/nanchang.md`` for every
    rule and option.

    Example:
        >>> from majiang.variants.nanchang import settle
        >>> s = settle({
        ...     "dealer": 2, "jing_indicator": "1z",
        ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
        ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
        ...     "result": {"kind": "draw"}})
        >>> s.deltas                               # 荒庄: the dealer pays 5 to each
        (5, 5, -15, 5)
    """
    if isinstance(record, HandRecord) and record.facts is not None:
        return settle_facts(record.facts)
    try:
        facts = check_record(record)
    except UnicodeEncodeError:  # a lone surrogate in a text field
        raise text_error(record) from None
    return settle_facts(facts)


def settle_facts(f: HandFacts) -> Settlement:
    """Settles checked facts (see :func:`settle`).

    Example:
        >>> from majiang.variants.nanchang.facts import check_record
        >>> f = check_record({"dealer": 0, "jing_indicator": "1z", "chao_zhuang": True,
        ...     "players": [{"hand": "123456789m3457z"}, {"hand": "123456789p3457z"},
        ...                 {"hand": "123456789s3456z"}, {"hand": "1122334m556677p"}],
        ...     "result": {"kind": "draw"}})
        >>> [(p.payee, p.amount, p.reason) for p in settle_facts(f).items if p.payee == 1]
        [(1, 5, '荒庄'), (1, 5, '抄庄')]
    """
    o = f.options
    zheng, fu = f.jing
    factor = f.dealer_streak if o.palou else 1
    win = f.win
    pattern: dict[str, Any] = {
        "variant": "nanchang",
        "result": "win" if win else "draw",
        "dealer": f.dealer,
        "dealer_streak": f.dealer_streak,
        "palou_factor": factor,
        "jing": [KINDS[zheng], KINDS[fu]],
    }
    parts: list[Lines] = []

    if o.xia_fan and f.lower is not None and f.dealt is not None:
        lz, lf = f.lower
        lower = tuple((d.count(lz), d.count(lf)) for d in f.dealt)
        parts.append(jing_lines(lower, o.bawang_mode, factor, "下翻"))
        pattern["xia_fan"] = {**_jing_pattern(lower, o.bawang_mode), "jing": [KINDS[lz], KINDS[lf]]}

    counts = [(h.count(zheng), h.count(fu)) for h in f.held]
    if win is not None and win.tile in f.jing:
        z, c = counts[win.winner]
        counts[win.winner] = (z + (win.tile == zheng), c + (win.tile == fu))
    nobody_holds_jing = not any(z or c for z, c in counts)
    if o.jing_count_discards:
        counts = [
            (z + pond.count(zheng), c + pond.count(fu)) if pond else (z, c)
            for (z, c), pond in zip(counts, f.ponds, strict=True)
        ]
    counted = tuple(counts)
    upper = jing_lines(counted, o.bawang_mode, factor, "")
    fed = fed_chong_guan(counted, f.fed, zheng) if o.chong_guan_feeder_pays and f.fed else {}
    if fed:
        fed_items = feed_lines(upper[0], counted, fed, o.bawang_mode, factor)
        upper = fed_items, deltas_of(fed_items)
    parts.append(upper)
    pattern.update(_jing_pattern(counted, o.bawang_mode))
    if fed:
        pattern["chong_guan_fed_by"] = {str(seat): feeder for seat, feeder in fed.items()}

    if f.gangs is not None:
        parts.append(kong_lines(f.gangs, f.jing, o, factor, win is None))

    penalty_factor = factor if o.palou_on_penalties else 1
    if win is not None:
        lines, hand_pattern = _hand(f, win, nobody_holds_jing, factor)
        parts.append(lines)
        pattern.update(hand_pattern)
        pattern["multipliers"] = [
            None if m is None else list(m) for m in hand_pattern["multipliers"]
        ]
        pattern["hand_points"] = list(hand_pattern["hand_points"])
    elif o.huang_zhuang_penalty:
        parts.append(_penalty(f.dealer, o.huang_zhuang_penalty * penalty_factor, "荒庄"))
    if f.chao_zhuang and o.chao_zhuang_penalty:
        parts.append(_penalty(f.dealer, o.chao_zhuang_penalty * penalty_factor, "抄庄"))
    if o.di_fen != 1:
        return _times_di_fen(parts, pattern, o.di_fen)
    if len(parts) == 1:
        return Settlement(parts[0][1], parts[0][0], pattern)
    items = tuple(chain.from_iterable(lines for lines, _ in parts))
    deltas = tuple(map(sum, zip(*(d for _, d in parts), strict=True)))
    return Settlement(deltas, items, pattern)


def _times_di_fen(parts: list[Lines], pattern: dict[str, Any], di_fen: int) -> Settlement:
    """Every line x 底分 (the room's stake); the pattern's hand points too."""
    items = tuple(
        Payment(p.payer, p.payee, p.amount * di_fen, p.reason, f"{p.detail}, x {di_fen} (底分)")
        for p in chain.from_iterable(lines for lines, _ in parts)
    )
    pattern["di_fen"] = di_fen
    if "hand_points" in pattern:
        pattern["hand_points"] = [x * di_fen for x in pattern["hand_points"]]
    return Settlement(deltas_of(items), items, pattern)


Lines = tuple[tuple[Payment, ...], tuple[int, int, int, int]]
"""Payments and what they move per seat."""


@lru_cache(maxsize=256)
def _penalty(dealer: int, amount: int, reason: str) -> Lines:
    lines = tuple(
        Payment(dealer, seat, amount, reason, "the dealer pays each")
        for seat in range(SEATS)
        if seat != dealer
    )
    return lines, deltas_of(lines)


@lru_cache(maxsize=2048)
def _jing_summary(
    counts: tuple[tuple[int, int], ...], bawang_mode: BawangMode
) -> tuple[tuple[int, ...], tuple[int, ...], int | None, tuple[int, ...]]:
    points = tuple(2 * z + c for z, c in counts)
    values = tuple(jing_values(points, bawang_mode))
    chong = tuple(seat for seat, n in enumerate(points) if n >= 5)
    return points, values, ba_wang_seat(points), chong


def _jing_pattern(counts: tuple[tuple[int, int], ...], bawang_mode: BawangMode) -> dict[str, Any]:
    points, values, sole, chong = _jing_summary(counts, bawang_mode)
    return {
        "jing_points": list(points),
        "jing_values": list(values),
        "ba_wang": sole,
        "chong_guan": list(chong),
    }


def _hand(
    f: HandFacts, win: WinFacts, nobody_holds_jing: bool, factor: int
) -> tuple[Lines, dict[str, Any]]:
    melds = f.melds[win.winner]
    return _hand_result(
        tuple(sorted(f.hands[win.winner] + (win.tile,))),
        win,
        f.dealer,
        f.jing,
        len(melds),
        all(m.kind != "chi" for m in melds),
        nobody_holds_jing,
        f.options,
        factor,
    )


@lru_cache(maxsize=4096)
def _hand_result(
    concealed: tuple[int, ...],
    win: WinFacts,
    dealer: int,
    jing: tuple[int, int],
    melds: int,
    chi_free: bool,
    nobody_holds_jing: bool,
    options: NanchangOptions,
    factor: int,
) -> tuple[Lines, dict[str, Any]]:
    """The hand's lines and pattern (cached: the same hand settles the same way; the caller
    copies the pattern's lists)."""
    ways = readings(
        concealed,
        win.tile,
        jing,
        melds,
        chi_free=chi_free,
        any_tile_wins=win.tian_hu,
        jing_diao=win.source is None or win.qiang_gang or win.tian_hu or win.di_hu,
    )
    context = WinContext(
        winner=win.winner,
        dealer=dealer,
        discarder=None if win.qiang_gang else win.source,
        gang_kai=win.gang_kai,
        qiang_gang=win.qiang_gang,
        tian_hu=win.tian_hu,
        di_hu=win.di_hu,
        nobody_holds_jing=nobody_holds_jing,
    )
    score = best_score(ways, context, options)
    multipliers: list[tuple[str, ...] | None] = [None] * SEATS
    hand_points = [0] * SEATS
    for pay in score.pays:
        multipliers[pay.loser] = tuple(f"{name} x{x}" for name, x in pay.factors)
        hand_points[pay.loser] = (pay.main + pay.bonus) * factor
    pattern = {
        "winner": win.winner,
        "from": win.source,
        "self_drawn": win.source is None,
        "shape": score.reading.shape,
        "de_guo": score.de_label,
        "jing_diao": score.jing_diao,
        "qi_xing": score.reading.shape == QI_XING,
        "gang_kai": win.gang_kai,
        "qiang_gang": win.qiang_gang,
        "tian_hu": win.tian_hu,
        "di_hu": win.di_hu,
        "hand_reason": score.reason,
        "multipliers": tuple(multipliers),
        "hand_points": tuple(hand_points),
    }
    return hand_lines(score, win.winner, factor), pattern


def clear_caches() -> None:
    """Empties the settlement's caches (parsed tiles, checked melds, hand readings and scores,
    jing and kong lines). They only save time; results never depend on them.

    Example:
        >>> from majiang.variants.nanchang.settle import clear_caches
        >>> clear_caches()
        >>> from majiang.variants.nanchang.tile_counts import kinds_of
        >>> kinds_of.cache_info().currsize
        0
    """
    for cached in (
        tile_counts.kinds_of,
        facts._meld,
        facts._win,
        reading_module._readings,
        hands._best_score,
        hands.hand_lines,
        jing.jing_lines,
        kongs.kong_lines,
        _penalty,
        _jing_summary,
        _hand_result,
    ):
        cached.cache_clear()
