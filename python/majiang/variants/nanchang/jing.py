"""Jing points (精), 冲关, 霸王精 and the settlement of them, for 上翻 and 下翻 alike.

Each 正精 is worth 2 points, each 副精 1. A player's points n are worth n x (n - 3) from 5 up
(冲关: 5→10, 6→18, ... 12→108), else n. If exactly one player has points (霸王精) that value is
doubled (or +10 under ``bawang_mode="plus_10"``). Each player receives their value from each
of the other three. Kong points are not part of 冲关 or 霸王 ([000] [002] [003]).

Example:
    >>> from majiang.variants.nanchang.jing import chong_guan, jing_values
    >>> [chong_guan(n) for n in (4, 5, 6, 10, 12)]
    [4, 10, 18, 70, 108]
    >>> jing_values([5, 0, 0, 0], "double")       # 霸王精: 10 doubled
    [20, 0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from majiang.settlement import Payment, deltas_of
from majiang.tiles import SEATS
from majiang.variants.nanchang.options import BawangMode

__all__ = [
    "JingCount",
    "ba_wang_seat",
    "chong_guan",
    "count_jing",
    "fed_chong_guan",
    "feed_lines",
    "jing_lines",
    "jing_payments",
    "jing_values",
]


def chong_guan(points: int) -> int:
    """What ``points`` jing points are worth: n x (n - 3) from 5 up (冲关), else n.

    Example:
        >>> chong_guan(7), chong_guan(11)
        (28, 88)
    """
    return points * (points - 3) if points >= 5 else points


class JingCount(NamedTuple):
    """How many 正精 and 副精 one player holds, and the points (2 and 1 each)."""

    zheng: int = 0
    fu: int = 0

    @property
    def points(self) -> int:
        """2 per 正精, 1 per 副精."""
        return 2 * self.zheng + self.fu


def count_jing(tiles: Iterable[int], zheng: int, fu: int) -> JingCount:
    """Counts the 正精 and 副精 among kind indices.

    Example:
        >>> count_jing([11, 11, 12, 0], 11, 12).points
        5
    """
    z = f = 0
    for k in tiles:
        if k == zheng:
            z += 1
        elif k == fu:
            f += 1
    return JingCount(z, f)


def ba_wang_seat(points: Sequence[int]) -> int | None:
    """The seat of the only player with jing points (霸王精), or None.

    Example:
        >>> ba_wang_seat([0, 3, 0, 0]), ba_wang_seat([0, 3, 1, 0]), ba_wang_seat([0] * 4)
        (1, None, None)
    """
    holders = [s for s, p in enumerate(points) if p > 0]
    return holders[0] if len(holders) == 1 else None


def jing_values(points: Sequence[int], bawang_mode: BawangMode) -> list[int]:
    """Each player's jing value: 冲关 applied, then 霸王精 if only one player has points.

    Example:
        >>> jing_values([8, 0, 0, 0], "double"), jing_values([8, 0, 0, 0], "plus_10")
        ([80, 0, 0, 0], [50, 0, 0, 0])
    """
    values = [chong_guan(p) for p in points]
    sole = ba_wang_seat(points)
    if sole is not None:
        values[sole] = values[sole] * 2 if bawang_mode == "double" else values[sole] + 10
    return values


def jing_payments(
    jing: Sequence[JingCount], bawang_mode: BawangMode, factor: int, label: str = ""
) -> tuple[Payment, ...]:
    """The payments of one jing settlement: every player pays each other player that player's
    value, x ``factor`` (爬楼). With ``label`` (e.g. "下翻") one line per payer and payee under
    that reason; without, the value is split into its parts: 正精, 副精, 冲关, 霸王精.

    Example:
        >>> from majiang.variants.nanchang.jing import JingCount, jing_payments
        >>> lines = jing_payments([JingCount(2, 1), JingCount(), JingCount(0, 1), JingCount()],
        ...                       "double", 1)
        >>> [(p.payer, p.payee, p.amount, p.reason) for p in lines if p.payer == 1]
        [(1, 0, 4, '正精'), (1, 0, 1, '副精'), (1, 0, 5, '冲关'), (1, 2, 1, '副精')]
    """
    return jing_lines(tuple(jing), bawang_mode, factor, label)[0]


@lru_cache(maxsize=2048)
def jing_lines(
    jing: tuple[tuple[int, int], ...], bawang_mode: BawangMode, factor: int, label: str = ""
) -> tuple[tuple[Payment, ...], tuple[int, int, int, int]]:
    """:func:`jing_payments` and what they move per seat; ``jing`` holds (正精, 副精) counts
    per seat (cached: few jing patterns recur).

    Example:
        >>> jing_lines((JingCount(0, 1), JingCount(), JingCount(), JingCount()), "double", 1)[1]
        (6, -2, -2, -2)
    """
    points = [2 * z + f for z, f in jing]
    holders = [seat for seat in range(SEATS) if points[seat]]
    sole = holders[0] if len(holders) == 1 else None
    double = bawang_mode == "double"
    streak = f", x {factor} (爬楼)" if factor > 1 else ""
    out: list[Payment] = []
    for payee in holders:
        z, f = jing[payee]
        n = points[payee]
        worth = n * (n - 3) if n >= 5 else n
        value = worth
        if payee == sole:
            value = worth * 2 if double else worth + 10
        if label:
            detail = f"{z} 正精 + {f} 副精 = {n}"
            if n >= 5:
                detail += f", 冲关 {n} x {n - 3} = {worth}"
            if payee == sole:
                detail += ", 霸王精 " + ("x 2" if double else "+ 10")
            parts = [(label, value * factor, detail + streak)]
        else:
            parts = []
            if z:
                parts.append(("正精", 2 * z * factor, f"{z} 正精 x 2{streak}"))
            if f:
                parts.append(("副精", f * factor, f"{f} 副精 x 1{streak}"))
            if worth > n:
                detail = f"{n} points are worth {n} x {n - 3} = {worth}{streak}"
                parts.append(("冲关", (worth - n) * factor, detail))
            if value > worth:
                detail = f"only jing at the table: {worth} {'x 2' if double else '+ 10'}{streak}"
                parts.append(("霸王精", (value - worth) * factor, detail))
        for payer in range(SEATS):
            if payer != payee:
                out += [Payment(payer, payee, a, reason, d) for reason, a, d in parts]
    return tuple(out), deltas_of(out)


def fed_chong_guan(
    counts: Sequence[tuple[int, int]],
    fed: Iterable[tuple[int, int, int]],
    zheng: int,
) -> dict[int, int]:
    """Who fed whose 冲关 ([000] 算子规则 §5): seat -> the feeder, for each seat whose jing
    points reach 5 only because of jing it claimed from that one other seat's discards
    (``fed``: (claimer, discarder, kind) each). A seat that two feeders could each have
    pushed over, or that reaches 5 without the fed jing, is not in it.

    Example:
        >>> fed_chong_guan([(0, 1), (2, 1), (0, 1), (0, 0)], [(1, 0, 12)], 11)
        {1: 0}
        >>> fed_chong_guan([(0, 1), (3, 0), (0, 0), (0, 0)], [(1, 0, 12)], 11)
        {}
    """
    points = [2 * z + f for z, f in counts]
    by_feeder: dict[int, dict[int, int]] = {}
    for seat, source, kind in fed:
        if source != seat:
            row = by_feeder.setdefault(seat, {})
            row[source] = row.get(source, 0) + (2 if kind == zheng else 1)
    out: dict[int, int] = {}
    for seat, row in by_feeder.items():
        n = points[seat]
        if n < 5:
            continue
        feeders = [source for source, fed_points in row.items() if n - fed_points < 5]
        if len(feeders) == 1:
            out[seat] = feeders[0]
    return out


def feed_lines(
    lines: Sequence[Payment],
    counts: Sequence[tuple[int, int]],
    fed: Mapping[int, int],
    bawang_mode: BawangMode,
    factor: int,
) -> tuple[Payment, ...]:
    """The 上翻 jing lines with [000]'s rule for a 冲关 fed by a discard: for each fed seat the
    other payers pay its jing at face value (their 冲关 and 霸王精 lines to it dropped) and the
    feeder pays its whole value for the three payers (one more 冲关 line of twice the value).
    The seed's example: A 4 points, B 1, C 1, D 0; C discards a jing A claims: D pays 4+1+1,
    B pays 5 - 1 x 3, C pays 5 x 2 x 3 + 1.

    Example:
        >>> counts = [(0, 0), (2, 1), (0, 1), (0, 0)]       # C = 0 fed A = 1; B = 2, D = 3
        >>> base = jing_lines(tuple(counts), "double", 1)[0]
        >>> out = feed_lines(base, counts, {1: 0}, "double", 1)
        >>> deltas_of(out)
        (-31, 39, -2, -6)
    """
    points = [2 * z + f for z, f in counts]
    values = jing_values(points, bawang_mode)
    face = frozenset({"正精", "副精"})
    out = [
        p
        for p in lines
        if not (p.payee in fed and p.payer != fed[p.payee] and p.reason not in face)
    ]
    for seat, feeder in sorted(fed.items()):
        extra = 2 * values[seat] * factor
        others = ", ".join(f"players[{s}]" for s in range(SEATS) if s not in (seat, feeder))
        detail = f"jing fed by a discard: pays {values[seat]} for {others} too"
        out.append(Payment(feeder, seat, extra, "冲关", detail))
    return tuple(out)
