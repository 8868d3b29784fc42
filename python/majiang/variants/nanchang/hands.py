"""The hand score (胡牌分): what each loser pays the winner, and which reading counts.

Each loser L pays (defaults; options in
:class:`~majiang.variants.nanchang.options.NanchangOptions`)::

    base                       平胡 1; 小七对, 大七对, 十三烂 2; 七星十三烂 4
    x 2 庄家                    the winner or L is the dealer
    x 2 自摸                    self-drawn (杠开 too); 抢杠 pays the same x2, the robbed
                               player like the others
    x 2 放炮                    L discarded the winning tile
    x 2 杠开                    on top of the self-draw x2
    x 2 精钓                    the pair is the winning tile and a lone jing, self-drawn
    x 2 德国 / x 4 德中德         no jing stands for another kind / and nobody holds jing
    x 2 德国七对 / 德国大七对      德国 with seven pairs or all triplets
    + 5 德国                    from the discarder, or from each loser on a self-draw
    x dealer_streak            爬楼 (applied by the caller)

天胡 and 地胡 are 20 from each (40 with 精钓) and nothing else. When the hand reads several
ways, the reading paying the winner most counts.

Example:
    >>> from majiang.variants.nanchang.hands import WinContext, best_score
    >>> from majiang.variants.nanchang.readings import Reading
    >>> from majiang.variants.nanchang.options import NanchangOptions
    >>> win = WinContext(winner=1, dealer=0, discarder=2)
    >>> score = best_score([Reading("平胡", True, False)], win, NanchangOptions())
    >>> [(p.loser, p.main, p.bonus) for p in score.pays]    # the 德国 table, N←N
    [(0, 4, 0), (2, 4, 5), (3, 2, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from majiang.settlement import Payment, deltas_of
from majiang.tiles import SEATS
from majiang.variants.nanchang.options import NanchangOptions
from majiang.variants.nanchang.readings import DA_QI_DUI, XIAO_QI_DUI, Reading

__all__ = [
    "BASE",
    "HandScore",
    "LoserPay",
    "WinContext",
    "best_score",
    "hand_lines",
    "hand_payments",
]

BASE: dict[str, int] = {"平胡": 1, "大七对": 2, "小七对": 2, "十三烂": 2, "七星十三烂": 4}
"""Base points per shape (大七对 follows ``da_qidui_base`` unless 德国)."""


class WinContext(NamedTuple):
    """Who won how: ``discarder`` is None on a self-draw (and on 抢杠, which pays like one)."""

    winner: int
    dealer: int
    discarder: int | None = None
    gang_kai: bool = False
    qiang_gang: bool = False
    tian_hu: bool = False
    di_hu: bool = False
    nobody_holds_jing: bool = False
    """No player holds a jing in hand or melds (德国 is then 德中德)."""

    @property
    def self_drawn(self) -> bool:
        """Paid as a self-draw: drawn by the winner, 杠开 or 抢杠."""
        return self.discarder is None


class LoserPay(NamedTuple):
    """What one loser pays: ``main`` = base x factors, ``bonus`` the 德国 extra."""

    loser: int
    base: int
    factors: tuple[tuple[str, int], ...]
    main: int
    bonus: int

    @property
    def total(self) -> int:
        """main + bonus."""
        return self.main + self.bonus


class HandScore(NamedTuple):
    """The reading that counts and what each loser pays for it."""

    reading: Reading
    de_label: str | None
    """None, "德国" or "德中德"."""
    jing_diao: bool
    """Whether the 精钓 doubling applied."""
    reason: str
    """The payment reason: 胡牌分, 天胡 or 地胡."""
    pays: tuple[LoserPay, ...]

    @property
    def total(self) -> int:
        """Everything the winner receives for the hand."""
        return sum(p.total for p in self.pays)


def best_score(readings: Iterable[Reading], win: WinContext, options: NanchangOptions) -> HandScore:
    """The score of the reading paying the winner most (ties: the first in ``readings``, which
    :func:`~majiang.variants.nanchang.readings.readings` sorts, so a hand reads the plainer way when
    that pays the same).

    Example:
        >>> from majiang.variants.nanchang.readings import Reading
        >>> rs = (Reading("大七对", False, False), Reading("平胡", False, False))
        >>> best_score(rs, WinContext(winner=0, dealer=0), NanchangOptions()).reading.shape
        '大七对'
    """
    return _best_score(tuple(readings), win, options)


@lru_cache(maxsize=4096)
def _best_score(
    readings: tuple[Reading, ...], win: WinContext, options: NanchangOptions
) -> HandScore:
    if win.tian_hu or win.di_hu:
        return _tian_di(readings, win, options)
    self_drawn = win.discarder is None
    every_loser = options.de_bonus_payers == "every_loser"
    losers = [seat for seat in range(SEATS) if seat != win.winner]
    if options.discard_payers == "discarder" and win.discarder is not None:
        losers = [win.discarder]  # 点炮一家付: the discarder alone pays its share
    common = [_loser_factors(loser, win, options) for loser in losers]
    weight = 0
    for factors in common:
        product = 1
        for _, x in factors:
            product *= x
        weight += product
    bonus_payers = 3 if every_loser or self_drawn else 1
    best: tuple[int, Reading, list[tuple[str, int]], int, int] | None = None
    for reading in readings:
        base, factors, bonus = _reading_factors(reading, win, options)
        product = base
        for _, x in factors:
            product *= x
        total = product * weight + bonus * bonus_payers
        if best is None or total > best[0]:
            best = (total, reading, factors, base, bonus)
    if best is None:
        raise ValueError("a winning hand has at least one reading")
    _, reading, factors, base, bonus = best
    pays = []
    for loser, own in zip(losers, common, strict=True):
        chain = (*own, *factors)
        main = base
        for _, x in chain:
            main *= x
        pays_bonus = every_loser or self_drawn or loser == win.discarder
        pays.append(LoserPay(loser, base, chain, main, bonus if pays_bonus else 0))
    de_label = _de_label(reading, win)
    return HandScore(reading, de_label, reading.jing_diao and self_drawn, "胡牌分", tuple(pays))


def _de_label(reading: Reading, win: WinContext) -> str | None:
    if not reading.de_guo:
        return None
    return "德中德" if win.nobody_holds_jing else "德国"


def _loser_factors(loser: int, win: WinContext, o: NanchangOptions) -> list[tuple[str, int]]:
    """The factors that depend on who pays, not on the reading."""
    f: list[tuple[str, int]] = []
    discards = loser == win.discarder
    if o.dealer_double == "involved":
        dealer = win.dealer in (win.winner, loser)
    else:
        dealer = win.dealer == win.winner or (win.dealer == loser and discards)
    if dealer:
        f.append(("庄家", 2))
    if win.self_drawn:
        f.append(("抢杠" if win.qiang_gang else "自摸", 2))
        if win.qiang_gang and o.qiang_gang_extra_double:
            f.append(("抢杠", 2))
    elif discards:
        f.append(("放炮", 2))
    if win.gang_kai:
        f.append(("杠开", 2))
    return f


def _reading_factors(
    reading: Reading, win: WinContext, o: NanchangOptions
) -> tuple[int, list[tuple[str, int]], int]:
    """(base, factors, 德国 extra) of a reading, the same for every loser."""
    if reading.shape == DA_QI_DUI and not reading.de_guo:
        base = o.da_qidui_base
    else:
        base = BASE[reading.shape]
    f: list[tuple[str, int]] = []
    jing_diao = reading.jing_diao and win.self_drawn
    if jing_diao:
        f.append(("精钓", 2))
    bonus = 0
    de_label = _de_label(reading, win)
    if de_label:
        f.append((de_label, 4 if de_label == "德中德" else 2))
        if o.de_pairs_extra_double and reading.shape in (XIAO_QI_DUI, DA_QI_DUI):
            f.append((f"{de_label}{reading.shape}", 2))
        bonus = o.de_bonus * (2 if jing_diao and o.jingdiao_doubles_de_bonus else 1)
    return base, f, bonus


def _tian_di(readings: Iterable[Reading], win: WinContext, o: NanchangOptions) -> HandScore:
    """天胡/地胡: a fixed amount (x 2 with 精钓); [003]'s variant also x 2 德国 and halves what
    the non-dealers pay on 地胡."""
    variant = o.tian_di_hu_scoring == "seed003_variant"
    best: HandScore | None = None
    for reading in readings:
        de_label = _de_label(reading, win) if variant else None
        pays = []
        for loser in range(SEATS):
            if loser == win.winner:
                continue
            base = o.tian_di_hu_points
            if variant and win.di_hu and loser != win.dealer:
                base //= 2  # [003]: 地胡 dealer 20, each non-dealer 10
            f: list[tuple[str, int]] = []
            if reading.jing_diao:
                f.append(("精钓", 2))
            if de_label:
                f.append((de_label, 2))
            main = base
            for _, x in f:
                main *= x
            pays.append(LoserPay(loser, base, tuple(f), main, 0))
        reason = "天胡" if win.tian_hu else "地胡"
        score = HandScore(reading, de_label, reading.jing_diao, reason, tuple(pays))
        if best is None or score.total > best.total:
            best = score
    if best is None:
        raise ValueError("a winning hand has at least one reading")
    return best


def hand_payments(score: HandScore, winner: int, factor: int) -> tuple[Payment, ...]:
    """The payment lines of a hand score, x ``factor`` (爬楼).

    Example:
        >>> from majiang.variants.nanchang.readings import Reading
        >>> s = best_score([Reading("平胡", False, False)], WinContext(winner=2, dealer=0,
        ...                discarder=0), NanchangOptions())
        >>> [(p.payer, p.amount, p.detail) for p in hand_payments(s, 2, 1)][0]
        (0, 4, '1 (平胡) x 2 (庄家) x 2 (放炮) = 4')
    """
    return hand_lines(score, winner, factor)[0]


@lru_cache(maxsize=4096)
def hand_lines(
    score: HandScore, winner: int, factor: int
) -> tuple[tuple[Payment, ...], tuple[int, int, int, int]]:
    """:func:`hand_payments` and what they move per seat (cached).

    Example:
        >>> from majiang.variants.nanchang.readings import Reading
        >>> s = best_score([Reading("平胡", False, False)], WinContext(winner=0, dealer=0),
        ...                NanchangOptions())
        >>> hand_lines(s, 0, 1)[1]
        (12, -4, -4, -4)
    """
    out = []
    shape = score.reading.shape
    streak = f" x {factor} (爬楼)" if factor > 1 else ""
    for pay in score.pays:
        label = score.reason if score.reason != "胡牌分" else shape
        parts = [f"{pay.base} ({label})"] + [f"{x} ({name})" for name, x in pay.factors]
        detail = f"{' x '.join(parts)} = {pay.main}"
        if factor > 1:
            detail += f", x {factor} (爬楼) = {pay.main * factor}"
        out.append(Payment(pay.loser, winner, pay.main * factor, score.reason, detail))
        if pay.bonus:
            de_label = score.de_label or "德国"
            extra = f"+{pay.bonus} ({de_label}){streak}"
            out.append(Payment(pay.loser, winner, pay.bonus * factor, de_label, extra))
    return tuple(out), deltas_of(out)
