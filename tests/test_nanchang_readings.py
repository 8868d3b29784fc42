"""The fast hand reader against the shape engine's full list of decompositions.

For random complete hands (some tiles replaced by jing), every (shape, 德国, 精钓) combination
:func:`majiang.variants.nanchang.readings.readings` reports must come from a decomposition,
and every decomposition's combination must be reported.
"""

from __future__ import annotations

import random

import pytest
from nanchang_records import random_block

import majiang
from majiang.tiles import KINDS
from majiang.variants.nanchang.readings import (
    DA_QI_DUI,
    PING_HU,
    QI_XING,
    SHI_SAN_LAN,
    XIAO_QI_DUI,
    Reading,
    readings,
)
from majiang.variants.nanchang.tile_counts import counts, jing_kinds, kinds_of

HONORS = {KINDS[k] for k in range(27, 34)}


def _shapes(d: majiang.Decomposition, chi_free: bool) -> set[str]:
    """The score shapes one decomposition is."""
    if d.shape == "seven_pairs":
        return {XIAO_QI_DUI}
    if d.shape == "thirteen_rotten":
        natural = {t for b in d.blocks for t, s in zip(b.tiles, b.sources, strict=True) if t == s}
        return {SHI_SAN_LAN, QI_XING} if natural >= HONORS else {SHI_SAN_LAN}
    kinds = {b.kind for b in d.blocks}
    if chi_free and not kinds & {"sequence", "honor_sequence"}:
        return {PING_HU, DA_QI_DUI}
    return {PING_HU}


def _far_pair(rest: list[int], jing: tuple[int, int]) -> int:
    """A number kind that no tile of ``rest`` can share a block with, and no jing."""
    for k in range(27):
        suit = k // 9
        near = [j for j in range(k - 2, k + 3) if j // 9 == suit and 0 <= j < 27]
        if k not in jing and all(rest[j] == 0 for j in near):
            return k
    raise LookupError("no isolated kind")


def reference(
    concealed: list[int], win: int, jing: tuple[int, int], melds: int, chi_free: bool
) -> set[Reading]:
    """Every combination, read off majiang.decompositions (slow)."""
    names = [KINDS[jing[0]], KINDS[jing[1]]]
    c = counts(concealed)
    out: set[Reading] = set()
    for d in majiang.decompositions(c, rules="nanchang", jing=names, melds=melds, limit=10**6):
        for shape in _shapes(d, chi_free):
            out.add(Reading(shape, False, False))
            if d.wilds_as_themselves:
                out.add(Reading(shape, True, False))
    # 精钓: the hand before the winning tile is blocks (or six pairs) and one lone jing. Test
    # "the rest is blocks" as "the rest plus a far-away plain pair completes with that pair".
    before = list(c)
    before[win] -= 1
    for lone in set(jing):
        if before[lone] == 0:
            continue
        rest = list(before)
        rest[lone] -= 1
        far = _far_pair(rest, jing)
        rest[far] += 2
        far_name = KINDS[far]
        for natural in (False, True):
            if natural and win != lone:
                continue
            wild = [] if natural else names
            for d in majiang.decompositions(
                rest, rules="nanchang", jing=wild, melds=melds, limit=10**6
            ):
                pair = [b for b in d.blocks if b.sources == (far_name, far_name)]
                if not pair or pair[0].wild != (False, False):
                    continue
                for shape in _shapes(d, chi_free) - {QI_XING, SHI_SAN_LAN}:
                    out.add(Reading(shape, natural, True))
                    out.add(Reading(shape, False, True))
    return out


def _random_hand(rng: random.Random) -> tuple[list[int], int, tuple[int, int], int]:
    """A complete hand (tiles, winning tile, jing, melds) with a few tiles turned into jing."""
    jing = jing_kinds(KINDS[rng.randrange(34)])
    while True:
        melds = rng.choice([0, 0, 1, 2])
        wall = [4] * 34
        tiles: list[int] = []
        shape = rng.random()
        if melds == 0 and shape < 0.2:
            tiles = [k for k in rng.sample(range(34), 7) for _ in range(2)]
        elif melds == 0 and shape < 0.45:  # 十三烂: numbers 3 apart per suit, honors distinct
            numbers = [
                s * 9 + n for s in range(3) for n in rng.choice([(0, 3, 6), (1, 4, 8), (2, 5, 8)])
            ]
            honors = rng.sample(range(27, 34), rng.choice([5, 6, 7, 7]))
            tiles = rng.sample(numbers, 14 - len(honors)) + honors
        else:
            while len(tiles) < 12 - 3 * melds:
                tiles += random_block(rng)
            tiles += [rng.randrange(34)] * 2
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            tiles[rng.randrange(len(tiles))] = rng.choice(jing)
        for k in tiles:
            wall[k] -= 1
        if min(wall) >= 0:
            break
    rng.shuffle(tiles)
    return tiles, tiles[-1], jing, melds


@pytest.mark.parametrize("seed", range(8))
def test_readings_match_the_decompositions(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        tiles, win, jing, melds = _random_hand(rng)
        chi_free = rng.random() < 0.7
        fast = set(readings(tuple(tiles), win, jing, melds, chi_free=chi_free))
        slow = reference(tiles, win, jing, melds, chi_free)
        assert fast == slow, (KINDS[win], majiang.to_mpsz([KINDS[k] for k in tiles]), jing)


def test_seven_stars_need_the_seven_honors_as_real_tiles() -> None:
    # 东 is the 副精 (indicator 北): with 东 in hand as itself the hand is 七星; when the 东 is
    # missing and a jing (中 here stands in) would have to play it, it is only 十三烂.
    jing = jing_kinds("4z")  # 正精 北, 副精 东
    with_east = kinds_of("147m25p39s1234567z")
    assert Reading(QI_XING, True, False) in readings(with_east, with_east[-1], jing, 0)
    jing = jing_kinds("7z")  # 正精 中, 副精 发
    missing_white = kinds_of("147m25p39s12346z7z7z")
    shapes = {r.shape for r in readings(missing_white, missing_white[-1], jing, 0)}
    assert SHI_SAN_LAN in shapes
    assert QI_XING not in shapes


def test_a_lone_jing_pairing_the_drawn_tile_is_jing_diao() -> None:
    hand = kinds_of("123m456p789s234z1z")  # 东 is the 正精 (indicator 东), alone
    drawn = kinds_of("5s")
    ways = readings((*hand, *drawn), drawn[0], jing_kinds("1z"), 0)
    assert Reading(PING_HU, False, True) in ways
    assert not any(r.de_guo for r in ways)  # the 东 must stand in for 5s
