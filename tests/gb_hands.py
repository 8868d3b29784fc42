"""Random complete 国标 hands for the cross-checks against PyMahjongGB (tests and benches).

A hand is a :class:`GbHand`: concealed tiles (34 counts, before the winning tile), declared
melds as ``(kind, tiles, source)`` with absolute seats, the winning tile and every flag, drawn
so that the flags hold together (the calculator refuses the others). Shapes: four melds and a
pair (with themed tile choices so that flushes, terminal, honor, range and chow-set 番 come up
often), seven pairs, 连七对, 十三幺, 全不靠 / 七星不靠, 组合龙 with the rest, 九莲宝灯.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

GB_NAMES = (
    [f"W{n}" for n in range(1, 10)]
    + [f"B{n}" for n in range(1, 10)]
    + [f"T{n}" for n in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
"""PyMahjongGB's name of each MPSZ kind: W 万, B 饼 (p), T 条 (s); J1 中, J2 发, J3 白."""

MeldTuple = tuple[str, tuple[int, ...], int | None]


@dataclass
class GbHand:
    """One complete hand and how it was won."""

    concealed: list[int]
    win: int
    melds: list[MeldTuple] = field(default_factory=list)
    self_drawn: bool = False
    last_copy: bool = False
    replacement: bool = False
    robbing: bool = False
    last_draw: bool = False
    last_claim: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    flowers: int = 0
    seat: int = 0

    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments of ``majiang.gb.fan`` after ``hand`` and ``win_tile``."""
        return {
            "melds": self.melds,
            "self_drawn": self.self_drawn,
            "last_copy": self.last_copy,
            "replacement": self.replacement,
            "robbing": self.robbing,
            "last_draw": self.last_draw,
            "last_claim": self.last_claim,
            "seat_wind": self.seat_wind,
            "prevalent_wind": self.prevalent_wind,
            "flowers": self.flowers,
            "seat": self.seat,
        }

    def pymahjonggb_args(self) -> dict[str, Any]:
        """The same hand as PyMahjongGB's ``MahjongFanCalculator`` keyword arguments."""
        packs = []
        for kind, tiles, source in self.melds:
            offset = 0 if source is None else (source - self.seat) % 4
            # PyMahjongGB's offer: 1 the seat before (上家), 2 opposite, 3 the next (下家).
            offer = 0 if kind == "an_gang" else 4 - offset
            if kind == "chi":
                packs.append(("CHI", GB_NAMES[tiles[1]], 1))
            elif kind == "peng":
                packs.append(("PENG", GB_NAMES[tiles[0]], offer))
            else:
                packs.append(("GANG", GB_NAMES[tiles[0]], offer))
        hand = tuple(GB_NAMES[k] for k in range(34) for _ in range(self.concealed[k]))
        return {
            "pack": tuple(packs),
            "hand": hand,
            "winTile": GB_NAMES[self.win],
            "flowerCount": self.flowers,
            "isSelfDrawn": self.self_drawn,
            "is4thTile": self.last_copy,
            "isAboutKong": self.replacement or self.robbing,
            "isWallLast": self.last_draw or self.last_claim,
            "seatWind": self.seat_wind,
            "prevalentWind": self.prevalent_wind,
            "verbose": True,
        }


def _suit_tile(suit: int, rank: int) -> int:
    return suit * 9 + rank - 1


# Tile pools a themed hand draws its melds from (MPSZ indices).
_GREEN = [19, 20, 21, 23, 25, 32]
_REVERSIBLE = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]
_TERMINALS_HONORS = [0, 8, 9, 17, 18, 26, *range(27, 34)]


def _theme(rng: random.Random) -> list[int]:
    """The kinds a themed regular hand may use."""
    pick = rng.randrange(12)
    suits = rng.sample(range(3), rng.choice([1, 1, 2, 3]))
    honors = list(range(27, 34))
    if pick == 0:
        return list(range(34))
    if pick == 1:
        return [_suit_tile(s, r) for s in suits for r in range(1, 10)]
    if pick == 2:
        return [_suit_tile(s, r) for s in suits for r in range(1, 10)] + honors
    if pick == 3:
        return _TERMINALS_HONORS
    if pick == 4:
        lo, hi = rng.choice([(1, 4), (6, 9), (4, 6), (1, 3), (7, 9), (2, 8)])
        return [_suit_tile(s, r) for s in range(3) for r in range(lo, hi + 1)]
    if pick == 5:
        return _GREEN
    if pick == 6:
        return _REVERSIBLE
    if pick == 7:
        return honors + [_suit_tile(s, r) for s in suits for r in (1, 9)]
    if pick == 8:
        return [_suit_tile(s, r) for s in range(3) for r in (2, 4, 5, 6, 8)]
    return list(range(34))


def _meld_pattern(rng: random.Random, pool: list[int]) -> list[tuple[str, int]]:
    """Up to four (kind, tile) melds, often in a chow- or pung-set pattern."""
    numbered = [k for k in pool if k < 27]
    kind = rng.randrange(7)
    if kind == 6:
        # 123 and 789 chows: 老少副, and with a 5 pair 一色双龙会 / 三色双龙会
        suits = rng.choice([[0, 0], [1, 1], [2, 2], [0, 1], [1, 2], [0, 2]])
        return [("chow", _suit_tile(s, r)) for s in suits for r in (1, 7)]
    if kind == 0 and numbered:
        # chows of one rank step or one rank across suits (三同顺, 三步高, 清龙, 花龙, ...)
        s = rng.randrange(3)
        start = rng.randrange(1, 8)
        step = rng.choice([0, 1, 2, 3])
        mixed = rng.random() < 0.5
        out = []
        for i in range(rng.choice([3, 4])):
            suit = (s + i) % 3 if mixed else s
            r = start + step * i
            if r > 7:
                r = rng.randrange(1, 8)
            out.append(("chow", _suit_tile(suit, r)))
        return out
    if kind == 1 and numbered:
        s = rng.randrange(3)
        start = rng.randrange(1, 10)
        mixed = rng.random() < 0.5
        step = rng.choice([0, 1])
        out = []
        for i in range(rng.choice([2, 3, 4])):
            suit = (s + i) % 3 if mixed else s
            r = start + step * i
            if r > 9:
                r = rng.randrange(1, 10)
            out.append(("pung", _suit_tile(suit, r)))
        return out
    if kind == 2:
        winds = rng.sample(range(27, 31), rng.choice([2, 3, 4]))
        return [("pung", w) for w in winds]
    if kind == 3:
        return [("pung", d) for d in rng.sample(range(31, 34), rng.choice([2, 3]))]
    return []


def _regular(rng: random.Random) -> tuple[list[int], list[tuple[str, int]], int] | None:
    """Four melds and a pair as (counts of all 14 tiles, melds, pair)."""
    pool = _theme(rng)
    melds = _meld_pattern(rng, pool)[:4]
    while len(melds) < 4:
        k = rng.choice(pool)
        if k < 27 and k % 9 <= 6 and rng.random() < 0.55 and (k + 2 in pool or rng.random() < 0.3):
            melds.append(("chow", k))
            continue
        melds.append(("pung", k))
    counts = [0] * 34
    for kind, k in melds:
        for t in (k, k + 1, k + 2) if kind == "chow" else (k, k, k):
            counts[t] += 1
    pair = rng.choice(pool) if rng.random() < 0.8 else _suit_tile(rng.randrange(3), 5)
    counts[pair] += 2
    if max(counts) > 4:
        return None
    return counts, melds, pair


def _declare(
    rng: random.Random, hand: GbHand, counts: list[int], melds: list[tuple[str, int]]
) -> None:
    """Declares some melds (chow from the seat before; pung and kong from another seat;
    concealed kongs), leaving the rest concealed in `counts`."""
    n = rng.choice([0, 0, 1, 1, 2, 3, 4])
    for kind, k in rng.sample(melds, n):
        before = (hand.seat + 3) % 4
        other = (hand.seat + rng.randrange(1, 4)) % 4
        if kind == "chow":
            hand.melds.append(("chi", (k, k + 1, k + 2), before))
            for t in (k, k + 1, k + 2):
                counts[t] -= 1
            continue
        counts[k] -= 3
        r = rng.random()
        if r < 0.6:
            hand.melds.append(("peng", (k, k, k), other))
        elif r < 0.8:
            hand.melds.append(("ming_gang", (k,) * 4, other))
        else:
            hand.melds.append(("an_gang", (k,) * 4, None))


def _totals(hand: GbHand) -> list[int]:
    """Every kind's count over the concealed tiles, the winning tile and the melds."""
    totals = list(hand.concealed)
    totals[hand.win] += 1
    for _, tiles, _ in hand.melds:
        for k in tiles:
            totals[k] += 1
    return totals


def _special(rng: random.Random) -> list[int] | None:
    """The 14 tiles of a closed special shape."""
    pick = rng.randrange(6)
    counts = [0] * 34
    if pick == 0:  # seven pairs, sometimes with four of a kind
        pool = _theme(rng)
        for _ in range(7):
            counts[rng.choice(pool)] += 2
    elif pick == 1:  # 连七对
        s, start = rng.randrange(3), rng.randrange(1, 4)
        for r in range(start, start + 7):
            counts[_suit_tile(s, r)] += 2
    elif pick == 2:  # 十三幺
        for k in _TERMINALS_HONORS:
            counts[k] += 1
        counts[rng.choice(_TERMINALS_HONORS)] += 1
    elif pick == 3:  # 全不靠 / 七星不靠
        perm = rng.sample(range(3), 3)
        knitted = [_suit_tile(s, perm[s] + 1 + 3 * j) for s in range(3) for j in range(3)]
        honors = list(range(27, 34))
        n_honor = rng.choice([5, 6, 7, 7])
        for k in rng.sample(knitted, 14 - n_honor) + rng.sample(honors, n_honor):
            counts[k] += 1
    elif pick == 4:  # 组合龙 + meld + pair
        perm = rng.sample(range(3), 3)
        for s in range(3):
            for j in range(3):
                counts[_suit_tile(s, perm[s] + 1 + 3 * j)] += 1
        k = rng.randrange(34)
        if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
            for t in (k, k + 1, k + 2):
                counts[t] += 1
        else:
            counts[k] += 3
        counts[rng.randrange(34)] += 2
    else:  # 九莲宝灯
        s = rng.randrange(3)
        for r, c in zip(range(1, 10), [3, 1, 1, 1, 1, 1, 1, 1, 3], strict=True):
            counts[_suit_tile(s, r)] += c
        counts[_suit_tile(s, rng.randrange(1, 10))] += 1
    if max(counts) > 4:
        return None
    return counts


def _knitted_with_meld(rng: random.Random, seat: int) -> tuple[list[int], MeldTuple] | None:
    """组合龙 with a declared fourth meld: 11 concealed tiles (with the winning one) + meld."""
    perm = rng.sample(range(3), 3)
    counts = [0] * 34
    for s in range(3):
        for j in range(3):
            counts[_suit_tile(s, perm[s] + 1 + 3 * j)] += 1
    counts[rng.randrange(34)] += 2
    k = rng.randrange(34)
    if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
        meld: MeldTuple = ("chi", (k, k + 1, k + 2), (seat + 3) % 4)
    else:
        other = (seat + rng.randrange(1, 4)) % 4
        meld = rng.choice(
            [("peng", (k,) * 3, other), ("ming_gang", (k,) * 4, other), ("an_gang", (k,) * 4, None)]
        )
    extra = list(meld[1])
    if any(counts[t] + extra.count(t) > 4 for t in extra) or max(counts) > 4:
        return None
    return counts, meld


def random_gb_hand(rng: random.Random) -> GbHand:
    """A random complete hand with consistent flags."""
    while True:
        hand = GbHand(concealed=[], win=0, seat=rng.randrange(4))
        r = rng.random()
        if r < 0.7:
            built = _regular(rng)
            if built is None:
                continue
            counts, melds, _pair = built
            _declare(rng, hand, counts, melds)
        elif r < 0.93:
            special = _special(rng)
            if special is None:
                continue
            counts = special
        else:
            built2 = _knitted_with_meld(rng, hand.seat)
            if built2 is None:
                continue
            counts, meld = built2
            hand.melds.append(meld)
        concealed_tiles = [k for k in range(34) for _ in range(counts[k])]
        hand.win = rng.choice(concealed_tiles)
        counts[hand.win] -= 1
        hand.concealed = counts
        totals = _totals(hand)
        if max(totals) > 4:
            continue
        _flags(rng, hand, totals[hand.win] - 1)
        return hand


def _flags(rng: random.Random, hand: GbHand, elsewhere: int) -> None:
    """Draws the flags; ``elsewhere``: copies of the winning tile outside it."""
    hand.self_drawn = rng.random() < 0.5
    hand.seat_wind = rng.randrange(4)
    hand.prevalent_wind = rng.randrange(4)
    hand.flowers = rng.choice([0, 0, 0, 1, 2, 3, 8])
    has_kong = any(kind in ("ming_gang", "an_gang") for kind, _, _ in hand.melds)
    if hand.self_drawn:
        hand.replacement = has_kong and rng.random() < 0.3
        hand.last_draw = rng.random() < 0.15
    else:
        hand.robbing = elsewhere == 0 and rng.random() < 0.3
        hand.last_claim = not hand.robbing and rng.random() < 0.15
    if hand.concealed[hand.win] == 0:
        hand.last_copy = rng.random() < 0.25


def theirs(gb: Any, hand: GbHand) -> list[tuple[int, int]]:
    """PyMahjongGB's answer as sorted ``(fan number, count)`` pairs."""
    out = gb.MahjongFanCalculator(**hand.pymahjonggb_args())
    return sorted((_THEIR_NUMBER[zh], cnt) for _pts, cnt, zh, _en in out)


def ours(hand: GbHand) -> list[tuple[int, int]]:
    """majiang's answer as sorted ``(fan number, count)`` pairs."""
    from majiang import gb

    result = gb.fan(hand.concealed, hand.win, **hand.kwargs())
    return sorted(result.numbers)


def batch_arrays(hands: list[GbHand]) -> dict[str, Any]:
    """The hands as ``majiang.gb.fan_batch``'s arrays (keyword arguments), each array built
    from Python lists in one call."""
    import numpy as np

    from majiang import gb

    codes = gb.MELD_CODES
    bits = [(name, bit) for name, bit in gb.FLAG_BITS.items()]
    none = (0, 0, 0)
    melds = []
    flags = []
    for h in hands:
        rows = [
            (codes[kind], min(tiles), 0 if source is None else (source - h.seat) % 4)
            for kind, tiles, source in h.melds
        ]
        melds.append(rows + [none] * (4 - len(rows)))
        flags.append(sum(bit for name, bit in bits if getattr(h, name)))
    u8 = np.uint8
    return {
        "concealed": np.array([h.concealed for h in hands], dtype=u8),
        "win_tiles": np.array([h.win for h in hands], dtype=u8),
        "melds": np.array(melds, dtype=u8).reshape(len(hands), 4, 3),
        "flags": np.array(flags, dtype=u8),
        "seat_winds": np.array([h.seat_wind for h in hands], dtype=u8),
        "prevalent_winds": np.array([h.prevalent_wind for h in hands], dtype=u8),
        "flowers": np.array([h.flowers for h in hands], dtype=u8),
    }


def _their_numbers() -> dict[str, int]:
    from majiang.gb import FAN_TABLE

    names = {zh: n for n, zh, _en, _pts in FAN_TABLE}
    names.update({"独听・边张": 77, "独听・嵌张": 78, "独听・单钓": 79})
    return names


_THEIR_NUMBER = _their_numbers()
