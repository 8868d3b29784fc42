"""``settle(record)``: the Sichuan (血战到底) settlement of one hand (docs/rules/sichuan.md §8).

In order: the kongs (刮风下雨, paid when made: 直杠 1 x base from the feeder, 面下杠 1 x base
and 暗杠 2 x base from each seat still in play); each win (base x 2^番, 番 capped, from the
discarder, or from each seat still in play on a self-draw; 自摸加底 adds a base; 点杠花 under
its option paid by the kong's feeder alone; 呼叫转移: on a 杠上炮 the kong's money passes to
the nearest winner); after an exhaustive draw (two or more seats still in play when the wall
ran out) 查花猪 (a seat holding three suits pays 16 x base to every seat that is not 花猪)
and 查大叫 (each seat in play that is not ready, 花猪 excepted, pays every ready seat that
seat's largest possible hand), then every seat in play that is not ready (花猪 included)
hands back its kong money (退税).

Example:
    >>> from majiang.variants.sichuan.record import EXAMPLE
    >>> s = settle(EXAMPLE)
    >>> s.deltas
    (-17, 24, 0, -7)
    >>> [(p.payer, p.payee, p.amount, p.reason) for p in s.items][:4]
    [(0, 1, 8, '自摸'), (2, 1, 8, '自摸'), (3, 1, 8, '自摸'), (0, 2, 8, '点炮')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from majiang.meld import Meld
from majiang.settlement import Payment, Settlement, text_error
from majiang.tiles import KINDS, SEATS
from majiang.variants.sichuan.hands import HandScore, ready_hand, scored, suits_held
from majiang.variants.sichuan.options import SichuanOptions
from majiang.variants.sichuan.record import HandRecord, Kong, Win

__all__ = ["HUAZHU", "kong_payments", "settle", "win_amount"]

HUAZHU = 16
"""What a 花猪 pays each seat that is not 花猪, in bases (the seed: 16 倍)."""
_KONG = {"ming_gang": ("直杠", 1), "bu_gang": ("面下杠", 1), "an_gang": ("暗杠", 2)}
_line = lru_cache(maxsize=65536)(Payment)
"""A payment line (frozen, compared by value): the same line serves every settlement that
makes it, its texts built once."""


@lru_cache(maxsize=4096)
def _kong_terms(kind: str, tile: int, base: int) -> tuple[str, int, str]:
    """A kong's reason, amount and detail (for the feeder under ming_gang, else for each
    seat in play)."""
    reason, times = _KONG[kind]
    tiles = KINDS[tile] * 4
    tiles = tiles[::2] + tiles[1]  # "5m5m5m5m" -> "5555m"
    whom = "the feeder" if kind == "ming_gang" else "each seat in play"
    return reason, times * base, f"{tiles}: {times} x {base} (base) from {whom}"


def kong_payments(
    seat: int, kind: str, tile: int, source: int | None, out: set[int], base: int
) -> list[Payment]:
    """刮风下雨: what ``seat``'s kong earns at once: a 直杠 (ming_gang) 1 x base from its
    feeder ``source``, a 面下杠 (bu_gang) 1 x base and a 暗杠 (an_gang) 2 x base from each
    seat still in play (not in ``out``).

    Example:
        >>> [(p.payer, p.amount) for p in kong_payments(0, "an_gang", 4, None, {2}, 1)]
        [(1, 2), (3, 2)]
        >>> kong_payments(0, "ming_gang", 4, 2, set(), 3)[0].detail
        '5555m: 1 x 3 (base) from the feeder'
    """
    reason, amount, detail = _kong_terms(kind, tile, base)
    if kind == "ming_gang":
        assert source is not None
        return [_line(source, seat, amount, reason, detail)]
    return [
        _line(s, seat, amount, reason, detail) for s in range(SEATS) if s != seat and s not in out
    ]


def win_amount(capped: int, base: int, add_base: bool) -> int:
    """What each payer pays for a win of ``capped`` 番: base x 2^番, and a base more under
    自摸加底 (``add_base``).

    Example:
        >>> win_amount(3, 1, False), win_amount(2, 2, True)
        (8, 10)
    """
    return int(base * (1 << capped) + (base if add_base else 0))


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Settles one Sichuan hand record (a :class:`HandRecord` or its JSON form); see the
    module docstring for the order. A record that cannot have happened raises
    :class:`~majiang.errors.RecordError` naming the field.

    Example:
        >>> from majiang.variants.sichuan.record import EXAMPLE
        >>> settle(EXAMPLE).pattern["wins"][0]["detail"]
        '清一色 2 + 自摸加番 1 = 3 番'
    """
    try:
        r = record if isinstance(record, HandRecord) else HandRecord.from_dict(record)
    except UnicodeEncodeError:  # a lone surrogate in a text field
        raise text_error(record) from None
    o = r.options
    items: list[Payment] = []
    income: list[list[Payment]] = [[], [], [], []]  # each seat's kong money, for 退税
    last_kong: dict[int, tuple[Kong, list[Payment]]] = {}
    kongs = r.kongs
    next_kong = 0
    described: list[dict[str, Any]] = []
    out: set[int] = set()  # the seats out of play (none under 血流成河)
    for index in range(len(r.wins) + 1):
        while next_kong < len(kongs) and kongs[next_kong].after_wins == index:
            k = kongs[next_kong]
            next_kong += 1
            lines = kong_payments(k.seat, k.kind, k.tile, k.source, out, o.base)
            items += lines
            income[k.seat] += lines
            last_kong[k.seat] = (k, lines)
        if index < len(r.wins):
            described.append(_win(r, index, out, items, last_kong, income))
            if not o.xueliu:
                out.update(r.wins[index].winners)
    winners = [s for w in r.wins for s in w.winners]
    pattern: dict[str, Any] = {
        "result": "draw" if r.drawn else "win",
        "winners": winners,
        "wins": described,
        "hands": [h for d in described for h in d["hands"]],
    }
    if r.drawn:
        pattern.update(_exhaustive_draw(r, set(winners), items, income))
    # Settlement.from_items without its copies: the lines that move points and their sums.
    deltas = [0, 0, 0, 0]
    kept = []
    for line in items:
        amount = line.amount
        if amount:
            kept.append(line)
            deltas[line.payer] -= amount
            deltas[line.payee] += amount
    settlement = object.__new__(Settlement)
    settlement.__dict__.update(deltas=tuple(deltas), items=tuple(kept), pattern=pattern)
    return settlement


def _win(
    r: HandRecord,
    index: int,
    out: set[int],
    items: list[Payment],
    last_kong: dict[int, tuple[Kong, list[Payment]]],
    income: list[list[Payment]],
) -> dict[str, Any]:
    """Adds the lines of ``r.wins[index]`` (``out``: the seats out of play before it) to
    ``items``; what was recognised."""
    o = r.options
    w: Win = r.wins[index]
    scores: list[dict[str, Any]] = []
    named: list[str] = []
    feeder = None
    if w.gang_kai and o.dian_gang_hua == "discard":
        kong = last_kong.get(w.winners[0])
        if kong is not None and kong[0].kind == "ming_gang":
            feeder = kong[0].source  # 点杠花 paid as a discard: the feeder alone
    self_drawn = w.source is None and feeder is None
    add_base = self_drawn and o.self_draw == "add_base" and not w.tian_hu
    t = w.tile
    for at, seat in enumerate(w.winners):
        if w.scores and self_drawn == (w.source is None):
            s: HandScore | None = w.scores[at]  # as the record check scored it
        else:
            p = r.players[seat]
            counts, melds = (w.hands[at], w.melds[at]) if w.hands else (p.counts, p.melds)
            s = scored(
                (*counts[:t], counts[t] + 1, *counts[t + 1 :]), melds, self_drawn, w.gang_kai,
                w.gang_pao, w.qiang_gang, w.haidi, w.tian_hu, w.di_hu, p.void_suit, o,
            )  # fmt: skip
        assert s is not None  # checked with the record
        amount = (o.base << s.capped) + (o.base if add_base else 0)  # win_amount
        plus = f" + {o.base} (自摸加底)" if add_base else ""
        arithmetic = f"{s.detail}: {o.base} x 2^{s.capped}{plus} = {amount}"
        if feeder is not None:
            items.append(_line(feeder, seat, amount, "点杠花", arithmetic))
        elif w.source is None:
            for payer in range(SEATS):
                if payer != seat and payer not in out:
                    items.append(_line(payer, seat, amount, "自摸", arithmetic))
        else:
            reason = "抢杠胡" if w.qiang_gang else "点炮"
            items.append(_line(w.source, seat, amount, reason, arithmetic))
        named += s.hands
        scores.append({"seat": seat, "hands": list(s.hands), "fan": s.fan, "capped": s.capped,
                       "extras": dict(s.extras), "detail": s.detail})  # fmt: skip
    if w.gang_pao and o.hujiao_zhuanyi and w.source is not None:
        kong = last_kong.pop(w.source, None)
        if kong is not None:
            money = sum(p.amount for p in kong[1])
            k = kong[0]
            items.append(_line(w.source, w.winners[0], money, "呼叫转移",
                                 f"the {_KONG[k.kind][0]} of {KINDS[k.tile]} earned {money}: "
                                 "it passes to the winner of the 杠上炮"))  # fmt: skip
            income[w.source] = [x for x in income[w.source] if x not in kong[1]]
    return {
        "winners": list(w.winners),
        "tile": KINDS[w.tile],
        "from": w.source,
        "hands": named,
        "scores": scores,
        "detail": scores[0]["detail"],
    }


@lru_cache(maxsize=65536)
def _at_the_end(
    counts: tuple[int, ...], melds: tuple[Meld, ...], void: str | None, options: SichuanOptions
) -> tuple[bool, HandScore | None]:
    """What 查花猪 and 查大叫 read of a seat in play when the wall ran out: whether it holds
    three suits (花猪), else its largest possible hand (None: not ready)."""
    if len(suits_held(counts, melds)) == 3:
        return True, None
    return False, ready_hand(counts, melds, None if void is None else "mps".index(void), options)


def _exhaustive_draw(
    r: HandRecord, out: set[int], items: list[Payment], income: Sequence[list[Payment]]
) -> dict[str, Any]:
    """查花猪, 查大叫 and 退税 after the wall ran out with two or more seats in play (``out``:
    the seats that won)."""
    o = r.options
    playing = [s for s in range(SEATS) if s not in out]
    if len(playing) < 2:  # 血流成河: at most one seat never won: nothing to check
        return {"huazhu": [], "ready": [], "not_ready": []}
    huazhu: list[int] = []
    ready: dict[int, int] = {}
    details: dict[int, str] = {}
    for s in playing:
        p = r.players[s]
        three_suits, best = _at_the_end(p.counts, p.melds, p.void, o)
        if three_suits:
            huazhu.append(s)
        elif best is not None:
            ready[s] = best.capped
            details[s] = best.detail
    amount = HUAZHU * o.base
    detail = f"holds three suits: {HUAZHU} x {o.base} (base)"
    for pig in huazhu:
        for other in range(SEATS):
            if other == pig or other in huazhu or (other in out and not o.huazhu_pays_winners):
                continue
            items.append(_line(pig, other, amount, "查花猪", detail))
    not_ready = [s for s in playing if s not in ready and s not in huazhu]
    for s in not_ready:
        for seat, capped in ready.items():
            amount = win_amount(capped, o.base, False)
            items.append(_line(s, seat, amount, "查大叫",
                                 f"seat {seat}'s largest hand {details[seat]}: "
                                 f"{o.base} x 2^{capped} = {amount}"))  # fmt: skip
    for s in [*huazhu, *not_ready]:
        for line in income[s]:
            back = f"not ready: hands back its {line.reason} ({line.detail})"
            items.append(_line(s, line.payer, line.amount, "退税", back))
    return {"huazhu": huazhu, "ready": sorted(ready), "not_ready": not_ready}
