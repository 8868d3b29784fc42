"""What ``majiang analyze`` applies of a variant beyond its shapes: the tiles its set holds
(Sichuan's 108 have no honours) and Sichuan's suit rule (缺一门: a hand wins with at most two
suits) with the 番 of a complete hand.

Example:
    >>> from majiang.tiles import to_counts
    >>> outside_set("sichuan", to_counts("123m11z"))
    ['1z']
    >>> sichuan_facts(to_counts("123m456m789p123s55s"), [])["suits"]
    ['m', 'p', 's']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.errors import InvalidHandError
from majiang.meld import Meld
from majiang.tiles import KINDS
from majiang.variants import get_variant

__all__ = [
    "SUIT_NAMES",
    "check_in_set",
    "outside_set",
    "sichuan_facts",
    "sichuan_fan",
    "sichuan_waits",
]

SUIT_NAMES = {"m": "万", "p": "筒", "s": "条"}
"""The suits by letter, as players name them."""

MeldTuple = tuple[str, tuple[int, ...], int | None]
"""A ``--meld`` as analyze reads it: (kind, kinds, source)."""


def outside_set(variant: str, counts: Sequence[int]) -> list[str]:
    """The kinds of ``counts`` the variant's tile set does not hold (MPSZ names).

    Example:
        >>> from majiang.tiles import to_counts
        >>> outside_set("nanjing", to_counts("123m11z")), outside_set("sichuan", to_counts("9s"))
        ([], [])
    """
    kinds = set(get_variant(variant).table.tiles)
    return [KINDS[k] for k in range(34) if counts[k] and k not in kinds]


def check_in_set(variant: str, counts: Sequence[int], what: str) -> None:
    """InvalidHandError when ``what`` (the hand, a meld, the jing) holds a tile the variant's
    set has none of (Sichuan: honours).

    Example:
        >>> from majiang.tiles import to_counts
        >>> check_in_set("sichuan", to_counts("123m5z"), "hand")
        Traceback (most recent call last):
        ...
        majiang.errors.InvalidHandError: hand: sichuan plays without 5z (its 108 tiles: m, p, s)
    """
    bad = outside_set(variant, counts)
    if bad:
        tiles = get_variant(variant).table.tiles
        suits = sorted({"mpsz"[k // 9] for k in tiles if k < 34}, key="mpsz".index)
        raise InvalidHandError(
            f"{what}: {variant} plays without {''.join(bad)} "
            f"(its {len(tiles)} tiles: {', '.join(suits)})"
        )


def _melds(tuples: Sequence[MeldTuple]) -> list[Meld]:
    return [Meld(kind, kinds, source) for kind, kinds, source in tuples]


def sichuan_facts(counts: Sequence[int], tuples: Sequence[MeldTuple]) -> dict[str, Any]:
    """The suits held (concealed tiles and ``--meld`` melds) and whether 缺一门 holds (at most
    two suits; one must be given up before the hand can win).

    Example:
        >>> from majiang.tiles import to_counts
        >>> sichuan_facts(to_counts("123m456m789m123p55p"), [])
        {'suits': ['m', 'p'], 'que_yi_men': True, 'fewest': None}
        >>> sichuan_facts(to_counts("123m456m789p123s5s"), [("peng", (9, 9, 9), 2)])["fewest"]
        {'suit': 's', 'tiles': 4}
    """
    # Imported here: only a Sichuan analysis needs it, and the variant's package loads its
    # whole plug-in (record, settlement, engine hooks) that `majiang analyze` does without.
    from majiang.variants.sichuan import hands as sichuan

    melds = _melds(tuples)
    held = sorted(sichuan.suits_held(counts, melds))
    fewest = None
    if len(held) > 2:  # the suit with fewest tiles is the cheapest to give up
        per = {s: sum(counts[s * 9 : s * 9 + 9]) + 3 * sum(m.kinds[0] // 9 == s for m in melds)
               for s in held}  # fmt: skip
        suit = min(held, key=lambda s: (per[s], s))
        fewest = {"suit": sichuan.SUIT_LETTERS[suit], "tiles": per[suit]}
    return {
        "suits": [sichuan.SUIT_LETTERS[s] for s in held],
        "que_yi_men": len(held) <= 2,
        "fewest": fewest,
    }


def sichuan_waits(counts: Sequence[int], tuples: Sequence[MeldTuple]) -> list[int]:
    """The kinds that complete a waiting hand under Sichuan's rules (at most two suits).

    Example:
        >>> from majiang.tiles import to_counts
        >>> sichuan_waits(to_counts("123m456m789m123p5s"), [])
        []
    """
    # Imported here: only a Sichuan analysis needs it, and the variant's package loads its
    # whole plug-in (record, settlement, engine hooks) that `majiang analyze` does without.
    from majiang.variants.sichuan import hands as sichuan

    return sorted(sichuan.winning_kinds(counts, _melds(tuples)))


def sichuan_fan(
    counts: Sequence[int], tuples: Sequence[MeldTuple], win: int, self_drawn: bool
) -> dict[str, Any] | None:
    """The 番 of a complete hand won on ``win`` (default options, before the cap and with
    it), None when the hand does not win under Sichuan's rules.

    Example:
        >>> from majiang.tiles import to_counts
        >>> sichuan_fan(to_counts("11223344556677p"), [], 16, True)["detail"]
        '清七对 4 + 自摸加番 1 = 5 番, 封顶 3'
    """
    # Imported here: only a Sichuan analysis needs it, and the variant's package loads its
    # whole plug-in (record, settlement, engine hooks) that `majiang analyze` does without.
    from majiang.variants.sichuan import hands as sichuan

    s = sichuan.score_hand(counts, _melds(tuples), tile=win, self_drawn=self_drawn)
    if s is None:
        return None
    return {
        "win": KINDS[win],
        "self_drawn": self_drawn,
        "hands": list(s.hands),
        "extras": [{"name": n, "fan": f} for n, f in s.extras],
        "total": s.fan,
        "capped": s.capped,
        "detail": s.detail,
    }
