"""Pingxiang hand scoring: whether 14 tiles win, and their big hands (大胡) and 番.

A hand wins with a regular shape (four blocks and a pair, melds counting as blocks, no honor
sequences) whose pair (老板) is a 2, 5 or 8 of a suit, or with any pair when a 不带 hand applies
(清一色, 字一色, and 对对胡 when ``duiduihu_needs_258`` is off); or as seven pairs (a four of a kind
is two pairs: 龙七, 双龙七, 三龙七), 十三烂 (knitted), 乱将 (all 2/5/8, no chow, no shape) or 字一色
(all honors, shapeless by default). Big hands stack: a hand worth ``4 x 2^(n-1)`` counts as
``n`` 和子 and the 番 is ``4 x 2^(total - 1)``, capped (``docs/rules/pingxiang.md`` §6).

The shapes come from the core: one :func:`majiang.decompositions` call (blocks with any pair,
seven pairs with fours as two, 十三烂 under the P8 honor rule, ``Rules.knitted_honors``) gives
every reading, and the scorer keeps those whose pair the big hands allow.

Example:
    >>> from majiang.variants.pingxiang.hands import score_hand
    >>> from majiang.tiles import to_counts
    >>> s = score_hand(to_counts("11122233355588m"), [], self_drawn=True)
    >>> s.hands, s.fan
    (('清一色', '对对胡', '带真将'), 16)
    >>> s.detail
    '4 (清一色) x 2 (对对胡) x 2 (带真将) = 16'
    >>> score_hand(to_counts("123m456p789s234s33m"), [], self_drawn=True) is None  # 3m pair
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from majiang._core import Rules, decompositions, winning_tiles
from majiang._core import is_winning as _core_is_winning
from majiang.errors import InvalidHandError, quoted
from majiang.meld import GANG_KINDS, MELD_KINDS, Meld, MeldInput
from majiang.tiles import KIND_INDEX, KINDS, NUM_KINDS, to_counts
from majiang.variants.pingxiang.options import PingxiangOptions

__all__ = [
    "HandScore",
    "MeldSpec",
    "engine_waits",
    "is_258",
    "is_chow",
    "is_knitted",
    "is_winning",
    "score_hand",
    "winning_kinds",
]

_DEFAULT = PingxiangOptions()
HONORS: range = range(27, 34)
TWO_FIVE_EIGHT: tuple[int, ...] = tuple(k for k in range(27) if k % 9 in (1, 4, 7))
_NOT_258: tuple[int, ...] = tuple(k for k in range(34) if k not in TWO_FIVE_EIGHT)
_NOTHING: frozenset[int] = frozenset()

# The core reads every Pingxiang shape but the shapeless 乱将 and 字一色: blocks and any pair
# (the 258 rule and the big hands that waive it are judged per reading), seven pairs with a
# four as two pairs, 十三烂 (knitted) with the P8 honor rule.
_SHAPES: dict[str, Rules] = {
    honors: Rules(
        pair="any",
        seven_pairs="four_as_two",
        thirteen_rotten="knitted",
        knitted_honors=honors,
    )
    for honors in ("at_least_5", "exactly_5")
}
# 十三烂 alone: 14 distinct tiles never make a pair, so the regular shape cannot win here.
_KNITTED_ONLY: dict[str, Rules] = {
    honors: rules.replace(seven_pairs="off") for honors, rules in _SHAPES.items()
}

# Big hands in the order the detail lists them when they count as many 和子.
_ORDER: tuple[str, ...] = (
    "18罗汉",
    "十三烂",
    "字一色",
    "清一色一条龙",
    "三龙七",
    "双龙七",
    "龙七",
    "清一色",
    "乱将",
    "七对子",
    "对对胡",
    "一条龙",
    "带真将",
)
_SEVEN_PAIR_NAMES: tuple[str, ...] = ("七对子", "龙七", "双龙七", "三龙七")


MeldSpec = MeldInput
"""A meld: a :class:`~majiang.meld.Meld`, or ``(kind, tiles)`` with tiles as kind indices or
MPSZ text."""

_Entry = tuple[str, int]  # (big hand, 和子)


@dataclass(frozen=True)
class HandScore:
    """A winning hand's score: the big hands recognised (empty for a 平胡), the 番 after
    stacking and the cap, how it was reached, and the shape read (``regular``,
    ``seven_pairs``, ``shisanlan``, ``luanjiang``, ``ziyise``).

    Example:
        >>> HandScore(("七对子",), 4, "4 (七对子) = 4", "seven_pairs").fan
        4
    """

    hands: tuple[str, ...]
    fan: int
    detail: str
    shape: str


def is_258(kind: int) -> bool:
    """Whether ``kind`` is a 2, 5 or 8 of a suit (a 将 tile).

    Example:
        >>> is_258(1), is_258(4 + 9), is_258(2), is_258(28)
        (True, True, False, False)
    """
    return kind < 27 and kind % 9 in (1, 4, 7)


def is_chow(tiles: tuple[int, ...]) -> bool:
    """Whether three sorted kinds are a Pingxiang chi: three numbers in a row of one suit
    (honors cannot be chowed). The one chi test of the record check and the scorer.

    Example:
        >>> is_chow((3, 4, 5)), is_chow((7, 8, 9)), is_chow((27, 28, 29))
        (True, False, False)
    """
    a = tiles[0]
    return len(tiles) == 3 and a < 27 and a % 9 <= 6 and tiles == (a, a + 1, a + 2)


def is_knitted(counts: Sequence[int], honors: str = "at_least_5") -> bool:
    """Whether 14 tiles are 十三烂: distinct kinds, each suit's numbers within one of 147, 258,
    369 (a different pattern per suit), and at least (or, with ``"exactly_5"``, exactly) five
    honors. The core's knitted shape (``Rules(thirteen_rotten="knitted",
    knitted_honors=honors)``) decides.

    Example:
        >>> is_knitted(to_counts("147m258p369s12345z"))
        True
        >>> is_knitted(to_counts("147m258p36s123456z"), "exactly_5")
        False
        >>> is_knitted(to_counts("147m147p369s12345z"))
        False
    """
    if len(counts) != NUM_KINDS or sum(counts) != 14 or any(c not in (0, 1) for c in counts):
        return False
    rule = "exactly_5" if honors == "exactly_5" else "at_least_5"
    return _core_is_winning(list(counts), rules=_KNITTED_ONLY[rule])


def score_hand(
    concealed: Sequence[int] | str,
    melds: Sequence[MeldSpec] = (),
    *,
    self_drawn: bool,
    tian_hu: bool = False,
    di_hu: bool = False,
    options: PingxiangOptions = _DEFAULT,
) -> HandScore | None:
    """The best score of a finished hand, or None when it does not win under Pingxiang rules.

    ``concealed`` holds the concealed tiles with the winning tile (34 counts or MPSZ text,
    ``14 - 3 * len(melds)`` tiles); ``melds`` are ``(kind, tiles)`` pairs or record melds.
    天胡 / 地胡 score 32 on any winning shape (a 平胡 suffices, big hands are not added).

    Example:
        >>> score_hand("11223344556677m", [], self_drawn=False).detail
        '4 (清一色) x 2 (七对子) = 8'
        >>> score_hand("11112233445566m", [], self_drawn=False).hands
        ('龙七', '清一色')
        >>> melds = [("peng", "777p"), ("chi", (18, 19, 20))]
        >>> s = score_hand("234m789m55s", melds, self_drawn=False)
        >>> s.hands, s.fan, s.detail
        ((), 1, '1 (平胡) = 1')
        >>> score_hand("123m456p789s99s155z", [], self_drawn=True, tian_hu=True) is None
        True
        >>> score_hand("123m456p789s234s55m", [], self_drawn=True, tian_hu=True).fan
        32
    """
    counts = _counts(concealed)
    meld_tuple = _melds(melds)
    _check_size(counts, meld_tuple, 14)
    return _score(counts, meld_tuple, self_drawn, tian_hu, di_hu, options)


def is_winning(
    concealed: Sequence[int] | str,
    melds: Sequence[MeldSpec] = (),
    *,
    self_drawn: bool = True,
    options: PingxiangOptions = _DEFAULT,
) -> bool:
    """Whether a 14 - 3k tile hand wins (``self_drawn`` matters only under
    ``pinghu_self_draw_only``).

    Example:
        >>> is_winning("123m456p789s234s55m"), is_winning("123m456p789s234s33m")
        (True, False)
        >>> is_winning("123m456m789m234m33m")           # 清一色 is 不带: any pair
        True
        >>> is_winning("22588m2558p22558s")              # 乱将: all 2/5/8, no shape
        True
    """
    return score_hand(concealed, melds, self_drawn=self_drawn, options=options) is not None


def winning_kinds(
    concealed: Sequence[int] | str,
    melds: Sequence[MeldSpec] = (),
    *,
    self_drawn: bool = True,
    options: PingxiangOptions = _DEFAULT,
) -> frozenset[int]:
    """The kinds that complete a 13 - 3k tile hand (a kind whose four copies are all in the
    hand and melds is left out).

    Example:
        >>> sorted(KINDS[k] for k in winning_kinds("123m456p789s2345s"))
        ['2s', '5s']
        >>> sorted(KINDS[k] for k in winning_kinds("123m456m789m2345m"))
        ['2m', '5m']
    """
    counts = _counts(concealed)
    meld_tuple = _melds(melds)
    _check_size(counts, meld_tuple, 13)
    return _winning_kinds(counts, meld_tuple, self_drawn, options)


def engine_waits(
    concealed: Sequence[int], melds: Sequence[Meld], options: PingxiangOptions = _DEFAULT
) -> frozenset[int]:
    """:func:`winning_kinds` of a hand the engine holds (self-drawn), without the argument
    checks: a 13 - 3k tile hand that is valid by construction, its melds as :class:`Meld`.
    The engine plug-in's fast path; results equal :func:`winning_kinds`'s.

    Example:
        >>> sorted(engine_waits(to_counts("123m456p789s2345s"), ()))
        [19, 22]
    """
    # Not ready in any shape the core reads (most hands): only a shapeless 乱将 or 字一色 could
    # still wait, and only if the concealed tiles are all 2/5/8 or all honors.
    if (
        not winning_tiles(concealed, rules=_SHAPES[options.shisanlan_honors], melds=len(melds))
        and any(concealed[k] for k in _NOT_258)
        and any(concealed[:27])
    ):
        return _NOTHING
    return _engine_waits(tuple(concealed), tuple((m.kind, m.kinds) for m in melds), options)


@lru_cache(maxsize=16384)
def _engine_waits(
    counts: tuple[int, ...],
    melds: tuple[tuple[str, tuple[int, ...]], ...],
    options: PingxiangOptions,
) -> frozenset[int]:
    ms = tuple(Meld(kind, tuple(sorted(kinds))) for kind, kinds in melds)
    return _winning_kinds(counts, ms, True, options)


@lru_cache(maxsize=16384)
def _winning_kinds(
    counts: tuple[int, ...], melds: tuple[Meld, ...], self_drawn: bool, options: PingxiangOptions
) -> frozenset[int]:
    # The candidates: the kinds the core completes in some Pingxiang shape (blocks with any
    # pair, seven pairs, 十三烂: nothing at all when the hand is not ready in one, which is
    # most hands), and for the shapeless hands the 2/5/8 or honor kinds. Each is then scored.
    found = winning_tiles(counts, rules=_SHAPES[options.shisanlan_honors], melds=len(melds))
    candidates = {KIND_INDEX[n] for n in found}
    held = list(counts)
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    if all(held[k] == 0 for k in _NOT_258) and all(m.kind != "chi" for m in melds):
        candidates.update(TWO_FIVE_EIGHT)  # 乱将
    if not any(held[:27]):
        candidates.update(HONORS)  # 字一色
    out = set()
    for k in candidates:
        if held[k] >= 4:
            continue
        hand = list(counts)
        hand[k] += 1
        if _score(tuple(hand), melds, self_drawn, False, False, options) is not None:
            out.add(k)
    return frozenset(out)


def _counts(concealed: Sequence[int] | str) -> tuple[int, ...]:
    if isinstance(concealed, str):
        return tuple(to_counts(concealed))
    counts = tuple(map(int, concealed))
    if len(counts) != NUM_KINDS or min(counts) < 0:
        raise InvalidHandError(f"expected 34 tile counts ≥ 0, got {quoted(list(concealed))}")
    return counts


def _melds(melds: Sequence[MeldSpec]) -> tuple[Meld, ...]:
    out: list[Meld] = []
    for m in melds:
        if isinstance(m, tuple):
            kind, raw = m[0], m[1]
            tiles = (
                tuple(KIND_INDEX[n] for n in _names(raw)) if isinstance(raw, str) else tuple(raw)
            )
        else:
            kind, tiles = m.kind, tuple(m.kinds)
        # the source plays no part in the score: left out, so the caches share the melds
        out.append(Meld(kind, tuple(sorted(tiles))))
        _check_meld(kind, out[-1].kinds)
    return tuple(out)


def _names(text: str) -> list[str]:
    counts = to_counts(text)
    return [KINDS[k] for k in range(NUM_KINDS) for _ in range(counts[k])]


def _check_meld(kind: str, tiles: tuple[int, ...]) -> None:
    if kind not in MELD_KINDS:
        raise InvalidHandError(f"meld kind {quoted(kind)} is not one of {', '.join(MELD_KINDS)}")
    if any(not 0 <= k < NUM_KINDS for k in tiles):
        raise InvalidHandError(f"meld tiles must be kinds 0-33, got {quoted(tiles)}")
    size = 4 if kind in GANG_KINDS else 3
    if len(tiles) != size:
        raise InvalidHandError(f"a {kind} has {size} tiles, got {len(tiles)}")
    if kind == "chi":
        if not is_chow(tiles):
            raise InvalidHandError(
                f"a chi is three numbers in a row of one suit (honors cannot be chowed), "
                f"got {' '.join(KINDS[k] for k in tiles)}"
            )
    elif tiles.count(tiles[0]) != size:
        raise InvalidHandError(f"a {kind} is {size} of one kind, got {quoted(tiles)}")


def _check_size(counts: tuple[int, ...], melds: tuple[Meld, ...], full: int) -> None:
    if len(melds) > 4:
        raise InvalidHandError(f"at most four melds, got {len(melds)}")
    want = full - 3 * len(melds)
    if sum(counts) != want:
        raise InvalidHandError(
            f"{sum(counts)} concealed tiles do not fit {len(melds)} meld(s): expected {want}"
        )
    held = list(counts)
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    for k, c in enumerate(held):
        if c > 4:
            raise InvalidHandError(f"{c} copies of {KINDS[k]}: only four of each tile exist")


_Reading = tuple[int, tuple[tuple[str, int], ...]]  # (pair kind, ((triplet | sequence, first)))


@lru_cache(maxsize=65536)
def _readings(
    counts: tuple[int, ...], melds: int, honors: str
) -> tuple[tuple[_Reading, ...], bool, bool]:
    """The core's readings of the concealed tiles: every (pair, blocks) reading of four blocks
    less the melds (triplets and number sequences, any pair), and whether the tiles are seven
    pairs (a four as two) and 十三烂 under the P8 honor rule."""
    regular: list[_Reading] = []
    seven_pairs = knitted = False
    for d in decompositions(counts, rules=_SHAPES[honors], melds=melds):
        shape = d.shape
        if shape == "regular":
            pair = -1
            blocks: list[tuple[str, int]] = []
            for b in d.blocks:
                if b.kind == "pair":
                    pair = b.kinds[0]
                else:
                    blocks.append((b.kind, b.kinds[0]))
            regular.append((pair, tuple(blocks)))
        elif shape == "seven_pairs":
            seven_pairs = True
        elif shape == "knitted":
            knitted = True
    return tuple(regular), seven_pairs, knitted


def _hezi_fan(entries: list[_Entry], cap: int) -> tuple[int, int, str]:
    """(番 after the cap, 番 before it, detail) of stacked big hands."""
    if not entries:
        return min(1, cap), 1, "1 (平胡) = 1"
    entries = sorted(entries, key=lambda e: (-e[1], _ORDER.index(e[0])))
    total = 4 * 2 ** (sum(h for _, h in entries) - 1)
    name, hezi = entries[0]
    parts = [f"{4 * 2 ** (hezi - 1)} ({name})"]
    parts += [f"x {2**h} ({n})" for n, h in entries[1:]]
    detail = " ".join(parts) + f" = {total}"
    if total > cap:
        detail += f", capped at {cap}"
    return min(total, cap), total, detail


@lru_cache(maxsize=65536)
def _score(
    counts: tuple[int, ...],
    melds: tuple[Meld, ...],
    self_drawn: bool,
    tian_hu: bool,
    di_hu: bool,
    options: PingxiangOptions,
) -> HandScore | None:
    held = list(counts)
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    present = [k for k in range(NUM_KINDS) if held[k]]
    suits = {k // 9 for k in present}
    qys = len(suits) == 1 and 3 not in suits
    zys = suits == {3}
    no_chi = all(m.kind != "chi" for m in melds)
    luanjiang = no_chi and all(is_258(k) for k in present)
    luanjiang_hezi = 1 if options.luanjiang_fan == 4 else 2
    kongs = sum(m.is_gang for m in melds)
    strict_pinghu = options.pinghu_self_draw_only and not (tian_hu or di_hu)

    readings: list[tuple[list[_Entry], str]] = []
    regular, seven_pairs, knitted = _readings(counts, len(melds), options.shisanlan_honors)
    for pair, blocks in regular:
        all_triplets = no_chi and all(b == "triplet" for b, _ in blocks)
        sequences = {k for b, k in blocks if b == "sequence"}
        long = any({9 * s, 9 * s + 3, 9 * s + 6} <= sequences for s in range(3))
        entries: list[_Entry] = []
        if options.luohan_18 and kongs == 4 and is_258(pair):
            entries.append(("18罗汉", 4))
        elif all_triplets:
            entries.append(("对对胡", 1))
        if qys and long and options.qys_yitiaolong_fan == 16:
            entries.append(("清一色一条龙", 3))
        else:
            if qys:
                entries.append(("清一色", 1))
            if long:
                entries.append(("一条龙", 1))
        if qys and is_258(pair):
            entries.append(("带真将", 1))
        if zys:
            entries.append(("字一色", 2))
        if luanjiang:
            entries.append(("乱将", luanjiang_hezi))
        budai = qys or zys or (all_triplets and not options.duiduihu_needs_258)
        if not (is_258(pair) or budai):
            continue
        if not entries and strict_pinghu and not (self_drawn and no_chi):
            continue
        readings.append((entries, "regular"))
    if not melds:
        if seven_pairs:
            fours = sum(c == 4 for c in counts)
            entries = [(_SEVEN_PAIR_NAMES[min(fours, 3)], 1 + fours)]
            if qys:
                entries.append(("清一色", 1))
            if zys:
                entries.append(("字一色", 2))
            if luanjiang:
                entries.append(("乱将", luanjiang_hezi))
            readings.append((entries, "seven_pairs"))
        if knitted:
            readings.append(([("十三烂", 2)], "shisanlan"))
    if luanjiang:
        readings.append(([("乱将", luanjiang_hezi)], "luanjiang"))
    if zys and options.ziyise_shapeless:
        readings.append(([("字一色", 2)], "ziyise"))
    if not readings:
        return None
    best: tuple[int, int, str, tuple[str, ...], str] | None = None
    for entries, shape in readings:
        fan, total, detail = _hezi_fan(entries, options.cap)
        ordered = sorted(entries, key=lambda e: (-e[1], _ORDER.index(e[0])))
        names = tuple(n for n, _ in ordered)
        if best is None or (fan, total) > (best[0], best[1]):
            best = (fan, total, detail, names, shape)
    assert best is not None
    if tian_hu or di_hu:
        name = "天胡" if tian_hu else "地胡"
        fan = min(32, options.cap)
        return HandScore(
            (name,), fan, f"32 ({name})" + ("" if fan == 32 else f", capped at {fan}"), best[4]
        )
    return HandScore(best[3], best[0], best[2], best[4])
