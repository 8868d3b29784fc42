"""How a complete Nanchang hand can be read, as far as the score cares.

A reading is summed up by its shape (平胡, 大七对, 小七对, 十三烂, 七星十三烂), whether it is 德国
(no jing stands for another kind; jing used as themselves are 精还原, still 德国) and whether it
is 精钓 (the pair is the winning tile and one lone jing: before the winning tile the hand was
complete but for that jing). :func:`readings` returns every such combination the hand allows.

Enumerating :func:`majiang.decompositions` would answer the same, but with several jing a hand
has thousands of decompositions; here each question is one cheap test: the shape engine's
:func:`majiang.shanten_detail` with the jing wild (any reading) and without (德国 readings),
plus small counting tests for what the engine has no knob for (all triplets, 七星 with natural
honors, the blocks left beside a 精钓 pair). Like the engine, a jing never makes a fifth copy of
a kind within the concealed tiles. ``tests/test_nanchang_readings.py`` checks this module
against the decompositions on random hands.

Example:
    >>> from majiang.variants.nanchang.readings import readings
    >>> from majiang.variants.nanchang.tile_counts import kinds_of
    >>> hand = kinds_of("111m222p333s55z44z5z")        # jing 4z (北) and 1z (东), drew 5z
    >>> for r in readings(hand, 31, (30, 27), 0):
    ...     print(r.shape, "德国" if r.de_guo else "-", "精钓" if r.jing_diao else "-")
    大七对 - -
    大七对 - 精钓
    大七对 德国 -
    平胡 - -
    平胡 - 精钓
    平胡 德国 -
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from majiang._core import shanten_detail
from majiang.variants.nanchang.tile_counts import HONORS, WINDS, counts

__all__ = ["SHAPES", "Reading", "readings"]

PING_HU = "平胡"
DA_QI_DUI = "大七对"
XIAO_QI_DUI = "小七对"
SHI_SAN_LAN = "十三烂"
QI_XING = "七星十三烂"
SHAPES: tuple[str, ...] = (PING_HU, DA_QI_DUI, XIAO_QI_DUI, SHI_SAN_LAN, QI_XING)
"""Shape names, as players say them."""


class Reading(NamedTuple):
    """One way the hand reads: ``shape``, ``de_guo`` (德国: no jing stands for another kind)
    and ``jing_diao`` (the pair is the winning tile and a lone jing)."""

    shape: str
    de_guo: bool
    jing_diao: bool


def readings(
    concealed: tuple[int, ...],
    win: int,
    jing: tuple[int, int],
    melds: int,
    *,
    chi_free: bool = True,
    any_tile_wins: bool = False,
    jing_diao: bool = True,
) -> tuple[Reading, ...]:
    """Every (shape, 德国, 精钓) combination a complete hand can be read as, sorted.

    ``concealed`` are the 14 - 3 x ``melds`` concealed kinds including the winning tile
    ``win``; ``jing`` the (正精, 副精) kinds; ``chi_free`` whether no meld is a chi (大七对
    needs that); ``any_tile_wins`` (天胡) lets any tile of the hand play the winning tile's part
    for 精钓; ``jing_diao`` False skips the 精钓 readings (they only count when self-drawn).
    A combination listed with ``de_guo`` or ``jing_diao`` False may only exist with
    them True (a hand whose every reading is 德国); scoring takes the best reading, which is
    then a real one.

    Example:
        >>> from majiang.variants.nanchang.tile_counts import kinds_of
        >>> hand = kinds_of("123m456p789s234z1z1z")        # lone 正精 1z, drew 1z
        >>> [(r.shape, r.de_guo, r.jing_diao) for r in readings(hand, 27, (27, 28), 0)]
        [('平胡', False, False), ('平胡', False, True), ('平胡', True, False), ('平胡', True, True)]
    """
    key = tuple(sorted(concealed))
    return _readings(key, win, jing[0], jing[1], melds, chi_free, any_tile_wins, jing_diao)


@lru_cache(maxsize=4096)
def _readings(
    concealed: tuple[int, ...],
    win: int,
    zheng: int,
    fu: int,
    melds: int,
    chi_free: bool,
    any_tile_wins: bool,
    jing_diao: bool,
) -> tuple[Reading, ...]:
    c = counts(concealed)
    out: set[Reading] = set()
    blocks = 4 - melds
    wild_detail = shanten_detail(c, rules="nanchang", jing=(zheng, fu), melds=melds)
    natural_detail = shanten_detail(c, rules="nanchang", melds=melds)
    for de_guo, detail in ((False, wild_detail), (True, natural_detail)):
        plain, wild = _split(c, zheng, fu, de_guo)
        if detail.get("regular") == -1:
            out.add(Reading(PING_HU, de_guo, False))
            if chi_free and _triplets_and_pair(plain, wild, blocks):
                out.add(Reading(DA_QI_DUI, de_guo, False))
        if detail.get("seven_pairs") == -1:
            out.add(Reading(XIAO_QI_DUI, de_guo, False))
        if detail.get("thirteen_rotten") == -1:
            out.add(Reading(SHI_SAN_LAN, de_guo, False))
            if _seven_stars(plain, wild, c, de_guo):
                out.add(Reading(QI_XING, de_guo, False))
    if not jing_diao or (c[zheng] == 0 and c[fu] == 0):
        return tuple(sorted(out))
    extras = sorted(set(concealed)) if any_tile_wins else [win]
    for extra in extras:
        before = list(c)
        before[extra] -= 1
        for lone in {zheng, fu}:
            if before[lone] == 0:
                continue
            rest = list(before)
            rest[lone] -= 1
            for de_guo in (False, True):
                if de_guo and extra != lone:
                    continue  # the pair is natural only when the tile is the lone jing's kind
                plain, wild = _split(rest, zheng, fu, de_guo)
                if _blocks(plain, list(plain), wild, blocks):
                    out.add(Reading(PING_HU, de_guo, True))
                    if chi_free and _triplets(plain, wild, blocks):
                        out.add(Reading(DA_QI_DUI, de_guo, True))
                if melds == 0 and _pairs(plain, wild):
                    out.add(Reading(XIAO_QI_DUI, de_guo, True))
    return tuple(sorted(out))


def _split(c: list[int], zheng: int, fu: int, natural: bool) -> tuple[list[int], int]:
    """(plain counts, wild count): with ``natural`` every tile is plain."""
    if natural:
        return list(c), 0
    plain = list(c)
    wild = plain[zheng] + (plain[fu] if fu != zheng else 0)
    plain[zheng] = plain[fu] = 0
    return plain, wild


def _block_table() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    table: list[list[tuple[int, int, int]]] = [[] for _ in range(34)]
    for k in range(34):
        table[k].append((k, k, k))
    for suit in range(3):
        for start in range(suit * 9, suit * 9 + 7):
            for k in range(start, start + 3):
                table[k].append((start, start + 1, start + 2))
    winds = sorted(WINDS)
    for a in range(4):
        for b in range(a + 1, 4):
            for d in range(b + 1, 4):
                block = (winds[a], winds[b], winds[d])
                for k in block:
                    table[k].append(block)
    for k in (31, 32, 33):
        table[k].append((31, 32, 33))
    return tuple(tuple(row) for row in table)


BLOCKS_WITH = _block_table()
"""For each kind, the three-tile blocks (triplet, sequences, honor sequences) holding it."""


def _blocks(plain: list[int], reading: list[int], wild: int, n: int) -> bool:
    """Whether ``plain`` tiles and ``wild`` wild tiles make exactly ``n`` blocks, no pair.

    The leftmost plain tile goes into each block that can hold it; other slots take a plain
    tile when one is there (swapping a wild for an equal plain tile never hurts) or a wild one
    that does not read a fifth copy of its kind. Mutates and restores ``plain``/``reading``.
    """
    first = next((k for k in range(34) if plain[k]), -1)
    if first < 0:
        return wild == 3 * n
    if n == 0:
        return False
    for block in BLOCKS_WITH[first]:
        took_plain: list[int] = []
        took_wild: list[int] = []
        ok = True
        for k in block:
            if plain[k]:
                plain[k] -= 1
                took_plain.append(k)
            elif len(took_wild) < wild and reading[k] < 4:
                reading[k] += 1
                took_wild.append(k)
            else:
                ok = False
                break
        found = ok and _blocks(plain, reading, wild - len(took_wild), n - 1)
        for k in took_plain:
            plain[k] += 1
        for k in took_wild:
            reading[k] -= 1
        if found:
            return True
    return False


def _triplets(plain: list[int], wild: int, n: int) -> bool:
    """Whether the tiles make ``n`` triplets (no pair); no kind read five times."""
    cost = 0
    kinds = 0
    for c in plain:
        if c:
            if c > 3:
                return False
            cost += 3 - c
            kinds += 1
    return kinds <= n and cost <= wild


def _triplets_and_pair(plain: list[int], wild: int, n: int) -> bool:
    """Whether the tiles make ``n`` triplets and a pair (大七对's concealed part)."""
    held = [k for k in range(34) if plain[k]]
    if any(plain[k] > 3 for k in held):
        return False
    triplet_cost = sum(3 - plain[k] for k in held)
    if len(held) <= n and triplet_cost + 2 <= wild:
        return True  # the pair is two wild tiles
    for p in held:
        if plain[p] <= 2:
            cost = triplet_cost - (3 - plain[p]) + (2 - plain[p])
            if len(held) - 1 <= n and cost <= wild:
                return True
    return False


def _pairs(plain: list[int], wild: int) -> bool:
    """Whether the tiles make pairs only (a four of a kind is two pairs)."""
    odd = sum(c & 1 for c in plain)
    return odd <= wild and (wild - odd) % 2 == 0


def _rotten_masks() -> tuple[int, ...]:
    valid = [
        all(b - a >= 3 for a in range(9) for b in range(a + 1, 9) if m >> a & 1 and m >> b & 1)
        for m in range(512)
    ]
    best = [-1] * 512
    for m in range(512):
        if valid[m]:
            best[m] = max(bin(s).count("1") for s in range(512) if valid[s] and s & m == m)
    return tuple(best)


MOST_ROTTEN = _rotten_masks()
"""For a set of numbers of one suit (bit mask of 1-9): the most tiles a 十三烂 can hold in that
suit around them (-1 if they are already too close)."""


def _seven_stars(plain: list[int], wild: int, c: list[int], natural: bool) -> bool:
    """Whether a 十三烂 reading holds the seven honors as real tiles (七星十三烂)."""
    if any(c[h] != 1 for h in HONORS) if natural else any(c[h] == 0 for h in HONORS):
        return False
    rest = list(plain)
    spare = wild
    for h in HONORS:
        if rest[h]:
            rest[h] -= 1
        else:
            spare -= 1  # the honor is a jing, used as itself
        if rest[h]:
            return False
    room = 0
    for suit in range(3):
        mask = 0
        for n in range(9):
            held = rest[suit * 9 + n]
            if held > 1:
                return False
            mask |= held << n
        most = MOST_ROTTEN[mask]
        if most < 0:
            return False
        room += most - bin(mask).count("1")
    return 0 <= spare <= room
