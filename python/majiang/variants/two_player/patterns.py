"""The two-player table's hands that GB has no counterpart for, read from the tile counts of
a won hand (the shape search already said that it wins): 大七星, 四喜七对, 三元七对 (seven
pairs of honours), 四字刻 and 小三风 (honour triplets). Values come from the 番 table; what
each suppresses is the ermj table's exclusion list (docs/rules/two_player.md §6, after
shared/research/next-variants.md §5(b)).

Example:
    >>> from majiang.tiles import to_counts
    >>> [h.name for h in extra_hands(to_counts("11223344556677z"), pairs=True)]
    ['大七星']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ExtraHand", "extra_hands"]

WINDS = range(27, 31)
DRAGONS = range(31, 34)
HONOURS = range(27, 34)


@dataclass(frozen=True)
class ExtraHand:
    """A recognised hand: its table name, the entries it suppresses and those that suppress
    it (ermj's exclusion table read both ways).

    Example:
        >>> ExtraHand("小三风", (), ("大四喜",)).suppressed_by
        ('大四喜',)
    """

    name: str
    excludes: tuple[str, ...]
    suppressed_by: tuple[str, ...] = ()


# ermj: 大七星 {字一色, 七对, 三元七对, 四喜七对, 门前清, 单钓将, 自摸}
_BIG_SEVEN = ExtraHand(
    "大七星", ("字一色", "七对", "三元七对", "四喜七对", "门前清", "单钓将", "自摸")
)
# ermj: 三元七对 / 四喜七对 {七对, 门前清, 单钓将, 自摸}
_PAIRS_EXCLUDE = ("七对", "门前清", "单钓将", "自摸")
_WIND_PAIRS = ExtraHand("四喜七对", _PAIRS_EXCLUDE)
_DRAGON_PAIRS = ExtraHand("三元七对", _PAIRS_EXCLUDE)
# ermj: 四字刻 {幺九刻, 碰碰胡, 混一色}; 大四喜 and 字一色 exclude it
_FOUR_HONOURS = ExtraHand("四字刻", ("幺九刻", "碰碰胡", "混一色"), ("大四喜", "字一色"))
# ermj: 小三风 excludes nothing; 大四喜, 小四喜 and 大三风 exclude it
_SMALL_WINDS = ExtraHand("小三风", (), ("大四喜", "小四喜", "大三风"))


def extra_hands(counts: Sequence[int], *, pairs: bool) -> list[ExtraHand]:
    """The hands of this module that ``counts`` (all 14+ tiles of a won hand, melds and the
    winning tile included) form; ``pairs``: the win is read as seven pairs.

    Example:
        >>> from majiang.tiles import to_counts
        >>> [h.name for h in extra_hands(to_counts("113355m11223344z"), pairs=True)]
        ['四喜七对']
        >>> [h.name for h in extra_hands(to_counts("111222555666z11m"), pairs=False)]
        ['四字刻']
        >>> [h.name for h in extra_hands(to_counts("111222z33z123m456p"), pairs=False)]
        ['小三风']
    """
    found: list[ExtraHand] = []
    if pairs:
        winds = sum(counts[k] >= 2 for k in WINDS)
        dragons = sum(counts[k] >= 2 for k in DRAGONS)
        if winds + dragons == 7:
            found.append(_BIG_SEVEN)
        elif winds == 4:
            found.append(_WIND_PAIRS)
        elif dragons == 3:
            found.append(_DRAGON_PAIRS)
        return found
    if sum(counts[k] >= 3 for k in HONOURS) == 4:
        found.append(_FOUR_HONOURS)
    wind_sets = sum(counts[k] >= 3 for k in WINDS)
    if wind_sets >= 2 and any(counts[k] == 2 for k in WINDS):
        found.append(_SMALL_WINDS)
    return found
