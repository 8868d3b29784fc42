"""Sichuan wins and their 番, read from the Rust core's decompositions.

A hand wins when the core's shapes (:data:`~majiang.variants.sichuan.rules.SHAPES`: the
regular hand, seven pairs with a four as two pairs) complete it, it holds at most two suits
(缺一门) and none of the declared void suit. Its 番 (docs/rules/sichuan.md §6) are the
highest named hand any decomposition gives, plus one for each 根 not already in the named
hand and one for each extra (杠上花, 杠上炮, 抢杠胡, 海底捞月, 海底炮, 自摸加番, and under the
option 门清 and 中张); 天胡 and 地胡 are 5 番 on their own. The amount is base x 2^番, the 番
capped at the option ``cap`` (封顶). Python reads the blocks; it searches no shapes itself.

Example:
    >>> from majiang.tiles import to_counts
    >>> s = score_hand(to_counts("11122233344455m"), (), tile=4, self_drawn=True)
    >>> s.hands, s.fan, s.extras
    (('清对',), 4, (('自摸加番', 1),))
    >>> is_winning(to_counts("123m456m789m123p55p"), ()), is_winning(
    ...     to_counts("123m456m789p123s55s"), ())
    (True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from majiang._core import decompositions, winning_tiles
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX
from majiang.variants.sichuan.options import SichuanOptions
from majiang.variants.sichuan.rules import SHAPES

__all__ = [
    "FAN",
    "SUIT_LETTERS",
    "HandScore",
    "best_ready_hand",
    "holds_void",
    "is_winning",
    "ready_hand",
    "score_hand",
    "scored",
    "suits_held",
    "winning_kinds",
]

SUIT_LETTERS = "mps"
"""The suit letters, by suit index (kind // 9)."""

FAN: dict[str, int] = {
    "平胡": 0,
    "对对胡": 1,
    "清一色": 2,
    "七对": 2,
    "带幺九": 2,
    "金钩钓": 2,
    "清对": 3,
    "将对": 3,
    "龙七对": 3,
    "清七对": 4,
    "清幺九": 4,
    "清金钩钓": 4,
    "将金钩钓": 4,
    "清龙七对": 5,
    "十八罗汉": 6,
    "清十八罗汉": 8,
    "天胡": 5,
    "地胡": 5,
}
"""Each named hand's 番 (the whole hand: 清对 is 清一色 with 对对胡, not added to them)."""
_ROOTS_IN = {"龙七对": 1, "清龙七对": 1, "十八罗汉": 4, "清十八罗汉": 4}
"""How many of the hand's fours a named hand already counts (not 根 again)."""
_YAOJIU_JIANG = frozenset({"带幺九", "清幺九", "将对", "将金钩钓"})
"""The named hands of the option ``yaojiu_jiangdui``."""
_DEFAULT = SichuanOptions()


@dataclass(frozen=True)
class HandScore:
    """A scored win: the named hand (``hands``, one name), the extras with their 番
    (``extras``: 根 counted, 杠上花, ...), the total ``fan`` before the cap, ``capped`` (at
    most the option ``cap``) and ``detail``, the arithmetic in words.

    Example:
        >>> HandScore(("清一色",), (("根", 1),), 3, 3, "清一色 2 + 根 1 = 3 番").capped
        3
    """

    hands: tuple[str, ...]
    extras: tuple[tuple[str, int], ...]
    fan: int
    capped: int
    detail: str


def suits_held(concealed: Sequence[int], melds: Sequence[Meld]) -> set[int]:
    """The suits (0 m, 1 p, 2 s) among the concealed tiles and the melds.

    Example:
        >>> from majiang.tiles import to_counts
        >>> sorted(suits_held(to_counts("19m"), [Meld("peng", "555s", 1)]))
        [0, 2]
    """
    held = {k // 9 for k in range(27) if concealed[k]}
    held.update(m.kinds[0] // 9 for m in melds)
    return held


def holds_void(concealed: Sequence[int], melds: Sequence[Meld], void: int | None) -> bool:
    """Whether a tile of the declared void suit (0-2; None: no 定缺) is held or melded.

    Example:
        >>> from majiang.tiles import to_counts
        >>> holds_void(to_counts("19m"), (), 0), holds_void(to_counts("19m"), (), 1)
        (True, False)
    """
    return void is not None and void in suits_held(concealed, melds)


def _suits_allow(full: Sequence[int], melds: Sequence[Meld], void: int | None) -> bool:
    held = suits_held(full, melds)
    return len(held) <= 2 and (void is None or void not in held) and not any(full[27:34])


def is_winning(full: Sequence[int], melds: Sequence[Meld], void: int | None = None) -> bool:
    """Whether 14 - 3 x melds concealed tiles (``full``, the winning tile included) win beside
    ``melds``: a core shape, at most two suits (缺一门), none of the ``void`` suit.

    Example:
        >>> from majiang.tiles import to_counts
        >>> is_winning(to_counts("11223344556677m"), ()), is_winning(
        ...     to_counts("11223344556677m"), (), void=0)
        (True, False)
    """
    if len(full) < 34 or not _suits_allow(full, melds, void):
        return False
    return bool(_readings(tuple(full[:34]), len(melds)))


def winning_kinds(
    concealed: Sequence[int], melds: Sequence[Meld], void: int | None = None
) -> frozenset[int]:
    """The kinds that complete 13 - 3 x melds concealed tiles under Sichuan's rules (one
    core ``winning_tiles`` call, then the suit rules).

    Example:
        >>> from majiang.tiles import to_counts
        >>> sorted(winning_kinds(to_counts("1112345678999m"), ()))
        [0, 1, 2, 3, 4, 5, 6, 7, 8]
        >>> sorted(winning_kinds(to_counts("123m456m789m123p5s"), ()))
        []
    """
    return _winning_kinds(tuple(concealed[:34]), tuple(melds), void)


@lru_cache(maxsize=65536)
def _winning_kinds(
    concealed: tuple[int, ...], melds: tuple[Meld, ...], void: int | None
) -> frozenset[int]:
    if any(concealed[27:]):
        return frozenset()
    held = suits_held(concealed, melds)
    if len(held) > 2 or (void is not None and void in held):
        return frozenset()  # a tile more never takes a suit away
    found = frozenset(
        KIND_INDEX[t] for t in winning_tiles(list(concealed), rules=SHAPES, melds=len(melds))
    )
    out = []
    for k in found:
        full = list(concealed)
        full[k] += 1
        if k < 27 and _suits_allow(full, melds, void):
            out.append(k)
    return frozenset(out)


_Reading = tuple[str, tuple[tuple[str, tuple[int, ...]], ...]]


@lru_cache(maxsize=65536)
def _readings(counts: tuple[int, ...], melds: int) -> tuple[_Reading, ...]:
    if sum(counts) != 14 - 3 * melds:
        return ()
    return tuple(
        (d.shape, tuple((b.kind, b.kinds) for b in d.blocks))
        for d in decompositions(list(counts), rules=SHAPES, melds=melds)
    )


def _named(reading: _Reading, melds: Sequence[Meld], one_suit: bool, full: Sequence[int],
           options: SichuanOptions) -> str:  # fmt: skip
    shape, blocks = reading
    qing = "清" if one_suit else ""
    if shape == "seven_pairs":
        dragon = any(c == 4 for c in full[:27])
        return f"{qing}龙七对" if dragon else ("清七对" if one_suit else "七对")
    kinds = [b[1] for b in blocks] + [m.kinds for m in melds]
    triplets = all(kind != "sequence" for kind, _ in blocks)
    yaojiu = all(any(k % 9 in (0, 8) for k in ks) for ks in kinds)
    jiang = triplets and all(k % 9 in (1, 4, 7) for ks in kinds for k in ks)
    single = len(melds) == 4  # 金钩钓: every set melded, the pair the single wait
    candidates = ["清一色" if one_suit else "平胡"]
    if triplets:
        candidates.append("清对" if one_suit else "对对胡")
    if single:
        candidates.append("清金钩钓" if one_suit else "金钩钓")
        if all(m.is_gang for m in melds):
            candidates.append("清十八罗汉" if one_suit else "十八罗汉")
    if options.yaojiu_jiangdui:
        if yaojiu:
            candidates.append("清幺九" if one_suit else "带幺九")
        if jiang:
            candidates.append("将金钩钓" if single else "将对")
    return max(candidates, key=lambda name: FAN[name] + _ROOTS_IN.get(name, 0))


def score_hand(
    full: Sequence[int],
    melds: Sequence[Meld],
    *,
    tile: int,
    self_drawn: bool,
    gang_kai: bool = False,
    gang_pao: bool = False,
    qiang_gang: bool = False,
    haidi: bool = False,
    tian_hu: bool = False,
    di_hu: bool = False,
    void: int | None = None,
    options: SichuanOptions = _DEFAULT,
) -> HandScore | None:
    """The 番 of a win (``full``: the concealed tiles with the winning ``tile``), None when it
    does not win. ``haidi`` is a win on the wall's last tile (海底捞月 self-drawn, 海底炮 on
    the discard after it).

    Example:
        >>> from majiang.tiles import to_counts
        >>> s = score_hand(to_counts("11223344556666p"), (), tile=14, self_drawn=False)
        >>> s.hands, s.fan, s.detail
        (('清龙七对',), 5, '清龙七对 5 = 5 番, 封顶 3')
        >>> s.capped
        3
        >>> score_hand(to_counts("123m456m789p123s55s"), (), tile=4, self_drawn=True) is None
        True
    """
    return scored(
        tuple(full[:34]), tuple(melds), self_drawn, gang_kai, gang_pao, qiang_gang, haidi,
        tian_hu, di_hu, void, options,
    )  # fmt: skip


@lru_cache(maxsize=65536)
def scored(
    counts: tuple[int, ...],
    melds: tuple[Meld, ...],
    self_drawn: bool,
    gang_kai: bool,
    gang_pao: bool,
    qiang_gang: bool,
    haidi: bool,
    tian_hu: bool,
    di_hu: bool,
    void: int | None,
    options: SichuanOptions,
) -> HandScore | None:
    """:func:`score_hand` with every argument in order and hashable (34 counts as a tuple,
    melds as a tuple), cached: what the settlement calls for each win.

    Example:
        >>> from majiang.tiles import to_counts
        >>> full = tuple(to_counts("11223344556677s"))
        >>> flags = (False,) * 7   # self-drawn, 杠上花, 杠上炮, 抢杠, 海底, 天胡, 地胡
        >>> scored(full, (), *flags, None, _DEFAULT).detail
        '清七对 4 = 4 番, 封顶 3'
    """
    if not is_winning(counts, melds, void):
        return None
    one_suit = len(suits_held(counts, melds)) == 1
    fours = sum(1 for c in counts[:27] if c == 4) + sum(1 for m in melds if m.is_gang)
    fours += sum(1 for m in melds if m.kind == "peng" and counts[m.kinds[0]])  # 根 of a pong
    best = ("", -1, 0)
    for reading in _readings(counts, len(melds)):
        name = _named(reading, melds, one_suit, counts, options)
        roots = max(0, fours - _ROOTS_IN.get(name, 0))
        if FAN[name] + roots > best[1] + best[2]:
            best = (name, FAN[name], roots)
    name, fan, roots = best
    extras: list[tuple[str, int]] = []
    special = ("天胡" if tian_hu else "地胡") if (tian_hu or di_hu) and options.tiandi_hu else ""
    if special:
        name, fan, roots = special, FAN[special], 0
    if roots:
        extras.append(("根", roots))
    if not special:
        for on, what in (
            (gang_kai, "杠上花"),
            (gang_pao, "杠上炮"),
            (qiang_gang, "抢杠胡"),
            (haidi and self_drawn, "海底捞月"),
            (haidi and not self_drawn, "海底炮"),
            (self_drawn and options.self_draw == "add_fan", "自摸加番"),
        ):
            if on:
                extras.append((what, 1))
        if options.menqing_zhongzhang:
            if all(m.kind == "an_gang" for m in melds):
                extras.append(("门清", 1))
            tiles = [k for k in range(27) if counts[k]] + [m.kinds[0] for m in melds]
            if all(k % 9 not in (0, 8) for k in tiles):
                extras.append(("中张", 1))
    total = fan + sum(n for _, n in extras)
    capped = min(total, options.cap)
    words = " + ".join([f"{name} {fan}", *(f"{w} {n}" for w, n in extras)])
    cap_note = f", 封顶 {options.cap}" if capped < total else ""
    return HandScore((name,), tuple(extras), total, capped, f"{words} = {total} 番{cap_note}")


def best_ready_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    void: int | None = None,
    options: SichuanOptions = _DEFAULT,
) -> HandScore | None:
    """The largest hand a ready seat could win on a discard (查大叫's 大叫), None when it is
    not ready (no kind completes it under Sichuan's rules).

    Example:
        >>> from majiang.tiles import to_counts
        >>> best_ready_hand(to_counts("1112223334445p"), ()).detail   # 2p-5p: 3 番, 6p: 2
        '清一色 2 + 根 1 = 3 番'
        >>> best_ready_hand(to_counts("1112223334445p"), ()).hands   # the first of the best
        ('清一色',)
        >>> best_ready_hand(to_counts("1357m2468p1357s9s"), ()) is None
        True
    """
    return ready_hand(tuple(concealed[:34]), tuple(melds), void, options)


@lru_cache(maxsize=65536)
def ready_hand(
    concealed: tuple[int, ...], melds: tuple[Meld, ...], void: int | None, options: SichuanOptions
) -> HandScore | None:
    """:func:`best_ready_hand` of hashable tiles and melds, cached (查大叫 asks it of every
    seat still in play after an exhaustive draw).

    Example:
        >>> from majiang.tiles import to_counts
        >>> ready_hand(tuple(to_counts("1112223334445p")), (), None, _DEFAULT).fan
        3
    """
    best: HandScore | None = None
    for k in sorted(_winning_kinds(concealed, melds, void)):
        full = (*concealed[:k], concealed[k] + 1, *concealed[k + 1 :])
        s = scored(full, melds, False, False, False, False, False, False, False, void, options)
        if s is not None and (best is None or s.fan > best.fan):
            best = s
    return best
