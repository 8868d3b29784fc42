"""Kong points (暗杠, 明杠, 补杠) and the 杠精 bonus.

Each kong earns its points from each of the other three (暗杠 2, 明杠 and 补杠 1 by default). A
kong of four jing of one kind (杠精) earns the 杠精 bonus instead (10 by default for either kind;
[003] prices a 正精 kong at 20 or 40) and no kong points; its four jing still count as jing.
Under ``gang_jing_double_count`` the bonus line also carries the kong's jing points again, as
[002]'s example does (14 = 10 + 4).

Example:
    >>> from majiang.variants.nanchang.kongs import kong_payments
    >>> from majiang.variants.nanchang.options import NanchangOptions
    >>> from majiang.meld import Meld
    >>> an_gang, bu_gang = Meld("an_gang", (4,) * 4, None), Meld("bu_gang", (12,) * 4, 0)
    >>> melds = [[an_gang], [], [bu_gang], []]
    >>> [(p.payer, p.payee, p.amount, p.reason)
    ...  for p in kong_payments(melds, (11, 12), NanchangOptions(), 1) if p.payer == 3]
    [(3, 0, 2, '暗杠'), (3, 2, 10, '杠精')]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from majiang.meld import Meld
from majiang.settlement import Payment, deltas_of
from majiang.tiles import KINDS, SEATS
from majiang.variants.nanchang.options import NanchangOptions

__all__ = ["REASONS", "kong_lines", "kong_payments"]

REASONS: dict[str, str] = {"an_gang": "暗杠", "ming_gang": "明杠", "bu_gang": "补杠"}


def kong_payments(
    melds: Sequence[Sequence[Meld]],
    jing: tuple[int, int],
    options: NanchangOptions,
    factor: int,
    *,
    drawn: bool = False,
) -> tuple[Payment, ...]:
    """The kong and 杠精 payments for each seat's melds, x ``factor`` (爬楼). On an exhaustive
    draw (``drawn``) with ``gang_points_on_draw`` off, kong points are void (杠精 stays: it is
    a jing reward).

    Example:
        >>> lines = kong_payments([[Meld("ming_gang", (26,) * 4, 2)], [], [], []], (0, 1),
        ...                       NanchangOptions(), 2)
        >>> [(p.payer, p.amount, p.reason) for p in lines]
        [(1, 2, '明杠'), (2, 2, '明杠'), (3, 2, '明杠')]
    """
    gangs = tuple(tuple(m for m in seat_melds if m.is_gang) for seat_melds in melds)
    return kong_lines(gangs, jing, options, factor, drawn)[0]


@lru_cache(maxsize=2048)
def kong_lines(
    gangs: tuple[tuple[Meld, ...], ...],
    jing: tuple[int, int],
    options: NanchangOptions,
    factor: int,
    drawn: bool,
) -> tuple[tuple[Payment, ...], tuple[int, int, int, int]]:
    """:func:`kong_payments` for each seat's kongs, and what they move per seat (cached).

    Example:
        >>> gangs = ((), (Meld("an_gang", (0,) * 4, None),), (), ())
        >>> kong_lines(gangs, (11, 12), NanchangOptions(), 1, False)[1]
        (-2, 6, -2, -2)
    """
    melds = gangs
    zheng, fu = jing
    out: list[Payment] = []
    streak = f", x {factor} (爬楼)" if factor > 1 else ""
    for seat, seat_melds in enumerate(melds):
        for m in seat_melds:
            if not m.is_gang:
                continue
            kind = m.kinds[0]
            if kind in (zheng, fu):
                bonus = (
                    options.gang_jing_bonus_zheng if kind == zheng else options.gang_jing_bonus_fu
                )
                which = "正精" if kind == zheng else "副精"
                detail = f"kong of four {which}: {bonus}"
                if options.gang_jing_double_count:
                    face = 4 * (2 if kind == zheng else 1)
                    bonus += face
                    detail += f" + {face} (their jing points again)"
                reason, amount = "杠精", bonus
            else:
                if drawn and not options.gang_points_on_draw:
                    continue
                amount = options.an_gang_points if m.kind == "an_gang" else options.ming_gang_points
                name = KINDS[kind]
                reason, detail = REASONS[m.kind], f"{name[0] * 4}{name[1]}: {amount}"
            for payer in range(SEATS):
                if payer != seat and amount:
                    out.append(Payment(payer, seat, amount * factor, reason, detail + streak))
    return tuple(out), deltas_of(out)
