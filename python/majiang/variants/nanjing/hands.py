"""Nanjing hand scoring: whether a hand wins, and how many flowers (花) it is worth.

A hand wins with a regular shape (four blocks and any pair; melds are pungs and kongs, concealed
sequences are allowed, no honor sequences) or seven pairs (a four of a kind is two pairs), read
by the core with ``Rules(pair="any", seven_pairs="four_as_two")``. A small hand (小胡: no big
hand) also needs 门清 or at least four hard flowers (§3). Two completions win without a shape
(§9): a 快照 hand claiming its fourth 嘴, and a hand showing three melds of one suit completed by
a discard of that suit (清一色 liability).

The value (§5, §6): ``run base + 2 x (hard + soft) + bonuses``, then x 2 大杠开花 / x 4 花杠开
under the v2 table (the 比下胡 doubling is applied by the settlement).

Example:
    >>> from majiang.variants.nanjing.hands import score_hand
    >>> s = score_hand("123m456m789m1122p", "1p", flowers="1f2f3f4f")
    >>> s.hands, s.flowers
    (('门清',), 50)
    >>> s.detail
    '20 (跑20) + 2 x (4 hard + 1 soft: 缺一) + 20 (门清) = 50'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from majiang._core import Rules, decompositions, winning_tiles
from majiang.errors import InvalidHandError, quoted
from majiang.meld import GANG_KINDS, Meld, MeldInput
from majiang.tiles import KIND_INDEX, KINDS, NUM_KINDS, to_counts
from majiang.variants.nanjing.flowers import hard_flowers, missing_suit, parse_flowers, wait_kind
from majiang.variants.nanjing.options import NanjingOptions

__all__ = [
    "BIG_HANDS",
    "GANG_KINDS",
    "MELD_KINDS",
    "HandScore",
    "MeldSpec",
    "engine_waits",
    "engine_wins",
    "is_complete",
    "is_winning",
    "kuaizhao_feeder",
    "menqing",
    "score_hand",
]

_DEFAULT = NanjingOptions()
_RULES = Rules(pair="any", seven_pairs="four_as_two")
MELD_KINDS: tuple[str, ...] = ("peng", "ming_gang", "an_gang", "bu_gang")
WINDS: range = range(27, 31)

# name: (v1 跑20 value, v2 跑10 value); None: not in that table.
_VALUES: dict[str, tuple[int | None, int | None]] = {
    "门清": (20, 10),
    "混一色": (40, 30),
    "清一色": (60, 40),
    "对对胡": (40, 30),
    "全球独钓": (60, 50),
    "七对": (80, 50),
    "豪华七对": (160, None),
    "超豪华七对": (240, None),
    "超超豪华七对": (320, None),
    "双七对": (None, 100),
    "风一色": (None, 100),
    "压绝": (40, 30),
    "无花果": (40, 30),
    "天胡": (320, 50),
    "地胡": (280, 30),
    "海底捞": (10, 10),
    "小杠开花": (20, 20),
    "大杠开花": (40, None),
    "花杠开": (40, None),
}
BIG_HANDS: frozenset[str] = frozenset(
    {
        "七对",
        "豪华七对",
        "超豪华七对",
        "超超豪华七对",
        "双七对",
        "风一色",
        "清一色",
        "混一色",
        "对对胡",
        "全球独钓",
        "压绝",
        "天胡",
        "地胡",
        "无花果",
    }
)
"""The big hands (大胡): no entry condition (§3); each one is a 比下胡 trigger (§10)."""
_V1_PAIRS: tuple[str, ...] = ("七对", "豪华七对", "超豪华七对", "超超豪华七对")
_MULTIPLIERS: dict[str, int] = {"大杠开花": 2, "花杠开": 4}  # v2 only


MeldSpec = MeldInput
"""A meld: a :class:`~majiang.meld.Meld`, or ``(kind, tiles)`` / ``(kind, tiles, source)``
with MPSZ tiles."""


@dataclass(frozen=True)
class HandScore:
    """A winning hand's value: the big hands and bonuses recognised (``hands``), the total
    in flowers (before 比下胡), the hard and soft flowers, the soft items, how the total was
    reached, the shape read (``regular``, ``seven_pairs``, ``kuaizhao`` or ``qingyise``:
    the §9 completions) and whether it is a big hand.

    Example:
        >>> HandScore(("门清",), 42, 0, 1, ("缺一",), "...", "regular", False).soft
        1
    """

    hands: tuple[str, ...]
    flowers: int
    hard: int
    soft: int
    soft_items: tuple[str, ...]
    detail: str
    shape: str
    big: bool


def menqing(melds: Sequence[MeldSpec]) -> bool:
    """门清 (§4): no pung. A direct kong (一杠, ming_gang) or a concealed kong keeps it; a pung,
    or a pung turned into a kong (二杠, bu_gang), breaks it.

    Example:
        >>> menqing([("ming_gang", "5555p", 1), ("an_gang", "1111z")])
        True
        >>> menqing([("bu_gang", "5555p", 1)]), menqing([("peng", "555p", 1)])
        (False, False)
    """
    return all(m.kind not in ("peng", "bu_gang") for m in _melds(melds))


def kuaizhao_feeder(
    melds: Sequence[MeldSpec], options: NanjingOptions = _DEFAULT, *, winner: int | None = None
) -> int | None:
    """The seat that fed a 快照 (§9), from the melds in the order they were made, or None.

    v1 (default): three 嘴 fed in a row by one seat (no claim from another seat in between); a
    concealed kong anywhere stands in for a missing one (two fed + one 暗杠, one fed + two).
    v2: the first three melds are all from the first feeder, a concealed kong counting as his.

    Example:
        >>> kuaizhao_feeder([("peng", "111p", 1), ("an_gang", "2222s"), ("peng", "333p", 1)])
        1
        >>> kuaizhao_feeder([("peng", "111p", 1), ("peng", "999p", 2), ("peng", "333p", 1)])
        >>> v2 = NanjingOptions(values="v2_run10")
        >>> kuaizhao_feeder([("peng", "111p", 2), ("peng", "222p", 1), ("peng", "333p", 1),
        ...                  ("peng", "444p", 1)], v2)
        >>> kuaizhao_feeder([("peng", "111p", 2), ("peng", "222p", 1), ("peng", "333p", 1),
        ...                  ("peng", "444p", 1)])
        1
    """
    return _feeder(_melds(melds), options, winner)


def _feeder(ms: tuple[Meld, ...], options: NanjingOptions, winner: int | None) -> int | None:
    n_an = sum(m.kind == "an_gang" for m in ms)
    sources = [m.source for m in ms if m.kind != "an_gang" and m.source is not None]
    if options.v2:
        if len(ms) < 3 or not sources:
            return None
        first = sources[0]
        if all(m.kind == "an_gang" or m.source == first for m in ms[:3]):
            return first if first != winner else None
        return None
    i = 0
    while i < len(sources):
        j = i
        while j < len(sources) and sources[j] == sources[i]:
            j += 1
        if j - i + n_an >= 3 and sources[i] != winner:
            return sources[i]
        i = j
    return None


def is_complete(concealed: Sequence[int] | str, melds: int = 0) -> bool:
    """Whether ``14 - 3 * melds`` concealed tiles form four blocks and any pair (with ``melds``
    melds) or seven pairs (a four counting as two): the Nanjing shape, nothing else.

    Example:
        >>> is_complete("123m456m789m11222p"), is_complete("11112233445566m")
        (True, True)
        >>> is_complete("123m456m789m1123p"), is_complete("12m", 4)
        (False, False)
    """
    counts = _counts(concealed)
    return bool(_readings(counts, melds))


def score_hand(
    hand: Sequence[int] | str,
    tile: str | int,
    melds: Sequence[MeldSpec] = (),
    *,
    flowers: str | Sequence[str] = "",
    source: int | None = None,
    winner: int | None = None,
    options: NanjingOptions = _DEFAULT,
    tian_hu: bool = False,
    di_hu: bool = False,
    gang_kai: str | None = None,
    haidi: bool = False,
    punged: Iterable[int | str] = (),
) -> HandScore | None:
    """The best value of a finished hand, or None when it does not win under Nanjing rules.

    ``hand`` holds the concealed tiles without the winning ``tile`` (``13 - 3 * len(melds)``);
    ``melds`` in the order they were made (for 快照); ``flowers`` the hard flowers laid aside;
    ``source`` the discarder (None: self-drawn) and ``winner`` the winner's seat (only needed
    for the 快照 completion); ``gang_kai`` is None, ``"small"``, ``"big"`` or ``"flower"``;
    ``punged`` the kinds other players have punged (for 压绝).

    Example:
        >>> score_hand("123m456m789m2p", "2p", [("peng", "111s", 1)]) is None  # 平胡, no flower
        True
        >>> melds = [("peng", "111p", 1), ("an_gang", "2222s"), ("peng", "999p", 1)]
        >>> s = score_hand("3m3m1p8s", "3m", melds, source=2, winner=0)
        >>> s.shape, s.hands
        ('kuaizhao', ('对对胡', '全球独钓', '无花果'))
        >>> v2 = NanjingOptions(values="v2_run10", double_flowers=False)
        >>> s = score_hand("234m567m66p78m", "9m", [("an_gang", "2222p")], flowers="1f2f3f5z6z",
        ...                options=v2)
        >>> s.flowers, s.soft_items
        (28, ('暗杠', '暗杠', '缺一'))
    """
    counts = _counts(hand)
    k = tile if isinstance(tile, int) else _one(tile)
    ms = _melds(melds)
    names = parse_flowers(flowers) if isinstance(flowers, str) else tuple(flowers)
    _check_size(counts, ms, k)
    punged_kinds = frozenset(p if isinstance(p, int) else _one(p) for p in punged)
    return _score(
        tuple(counts),
        k,
        ms,
        hard_flowers(names),
        source,
        winner,
        options,
        (tian_hu, di_hu, gang_kai, haidi),
        punged_kinds,
    )


def is_winning(
    hand: Sequence[int] | str,
    tile: str | int,
    melds: Sequence[MeldSpec] = (),
    *,
    flowers: str | Sequence[str] = "",
    source: int | None = None,
    winner: int | None = None,
    options: NanjingOptions = _DEFAULT,
) -> bool:
    """Whether the hand wins with ``tile`` (shape and the §3 entry condition, or a §9
    completion).

    Example:
        >>> is_winning("123m456m789m1122p", "1p")                       # 门清
        True
        >>> is_winning("123m456m789m2p", "2p", [("peng", "111s", 1)])    # 平胡 with a pung
        False
        >>> is_winning("123m456m789m2p", "2p", [("peng", "111s", 1)], flowers="1f2f3f5z")
        True
    """
    score = score_hand(
        hand, tile, melds, flowers=flowers, source=source, winner=winner, options=options
    )
    return score is not None


_PLAIN: _Flags = (False, False, None, False)
_NOTHING: frozenset[int] = frozenset()
_SEATS = 4


def engine_wins(
    concealed: Sequence[int],
    tile: int,
    melds: Sequence[Meld],
    hard: int,
    *,
    source: int | None,
    winner: int,
    options: NanjingOptions = _DEFAULT,
) -> bool:
    """:func:`is_winning` of a hand the engine holds, without the argument checks: the
    concealed counts without ``tile`` (valid by construction), the melds as :class:`Meld` in
    the order they were made, ``hard`` the hard flowers laid aside. The engine plug-in's fast
    path; results equal :func:`is_winning`'s.

    Example:
        >>> engine_wins(to_counts("123m456m789m1122p"), 9, (), 0, source=None, winner=0)
        True
    """
    key = tuple(concealed)
    ms = tuple(melds)
    return _score(key, tile, ms, hard, source, winner, options, _PLAIN, frozenset()) is not None


def engine_waits(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    hard: int,
    *,
    winner: int,
    options: NanjingOptions = _DEFAULT,
) -> frozenset[int]:
    """The kinds a discard from the next seat would win with (see
    :meth:`majiang.variants.nanjing.NanjingVariant.waits`), without the argument checks: the
    candidates are the core's completions (four blocks and a pair, seven pairs) and, with
    three melds, the kinds a §9 completion could take (a third copy for 快照, the melds' suit
    for 清一色); each is scored.

    Example:
        >>> sorted(engine_waits(to_counts("123m456m789m1122p"), (), 0, winner=0))
        [9, 10]
    """
    if len(melds) != 3 and not winning_tiles(concealed, rules=_RULES, melds=len(melds)):
        return _NOTHING  # not ready (most hands), and no §9 completion without three melds
    return _engine_waits(tuple(concealed), tuple(melds), hard, winner, options)


@lru_cache(maxsize=16384)
def _engine_waits(
    counts: tuple[int, ...],
    melds: tuple[Meld, ...],
    hard: int,
    winner: int,
    options: NanjingOptions,
) -> frozenset[int]:
    found = winning_tiles(counts, rules=_RULES, melds=len(melds))
    candidates = {KIND_INDEX[n] for n in found}
    if len(melds) == 3:
        # 快照 needs the tile's third copy; 清一色 liability a tile of the three melds' suit
        candidates.update(k for k in range(31) if counts[k] >= 2)
        suits = {m.kinds[0] // 9 for m in melds}
        if len(suits) == 1 and (suit := suits.pop()) < 3:
            candidates.update(range(9 * suit, 9 * suit + 9))
    held = list(counts)
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    source = (winner + 1) % _SEATS
    out = set()
    for k in candidates:
        if k >= 31 or held[k] >= 4:
            continue
        score = _score(counts, k, melds, hard, source, winner, options, _PLAIN, frozenset())
        if score is not None:
            out.add(k)
    return frozenset(out)


def _one(name: str) -> int:
    counts = to_counts(name)
    if sum(counts) != 1:
        raise InvalidHandError(f"expected one tile, got {quoted(name)}")
    return counts.index(1)


def _counts(concealed: Sequence[int] | str) -> list[int]:
    if isinstance(concealed, str):
        return to_counts(concealed)
    counts = [int(c) for c in concealed]
    if len(counts) != NUM_KINDS or any(c < 0 for c in counts):
        raise InvalidHandError(f"expected 34 tile counts ≥ 0, got {quoted(list(concealed))}")
    return counts


def _melds(melds: Sequence[MeldSpec]) -> tuple[Meld, ...]:
    out: list[Meld] = []
    for m in melds:
        if isinstance(m, tuple):
            kind, raw = m[0], m[1]
            source = m[2] if len(m) == 3 else None
            names = _names(raw) if isinstance(raw, str) else [KINDS[k] for k in sorted(raw)]
            kinds = tuple(KIND_INDEX[n] for n in names)
        else:
            kind, kinds, source = m.kind, tuple(m.kinds), m.source
        if kind not in MELD_KINDS:
            raise InvalidHandError(
                f"meld kind {quoted(kind)} is not one of {', '.join(MELD_KINDS)}"
            )
        size = 4 if kind in GANG_KINDS else 3
        if len(kinds) != size or kinds.count(kinds[0]) != size:
            raise InvalidHandError(f"a {kind} is {size} of one kind, got {quoted(kinds)}")
        out.append(Meld(kind, kinds, source))
    return tuple(out)


def _names(text: str) -> list[str]:
    counts = to_counts(text)
    return [KINDS[k] for k in range(NUM_KINDS) for _ in range(counts[k])]


def _check_size(counts: list[int], melds: tuple[Meld, ...], tile: int) -> None:
    if len(melds) > 4:
        raise InvalidHandError(f"at most four melds, got {len(melds)}")
    want = 13 - 3 * len(melds)
    if sum(counts) != want:
        raise InvalidHandError(
            f"{sum(counts)} concealed tiles do not fit {len(melds)} meld(s): expected {want}"
        )
    held = list(counts)
    held[tile] += 1
    for m in melds:
        held[m.kinds[0]] += 4 if m.is_gang else 3
    for k, c in enumerate(held):
        if c > 4:
            raise InvalidHandError(f"{c} copies of {KINDS[k]}: only four of each tile exist")
        if c and k >= 31:
            raise InvalidHandError(f"{KINDS[k]} is a hard flower: it is laid aside, never held")


_Block = tuple[str, int]  # (pair | triplet | sequence, first kind)
_Reading = tuple[str, tuple[_Block, ...]]


@lru_cache(maxsize=65536)
def _readings_cached(counts: tuple[int, ...], melds: int) -> tuple[_Reading, ...]:
    if sum(counts) != 14 - 3 * melds:
        return ()
    out: list[_Reading] = []
    for d in decompositions(counts, rules=_RULES, melds=melds):
        out.append((d.shape, tuple((b.kind, b.kinds[0]) for b in d.blocks)))
    return tuple(out)


def _readings(counts: Sequence[int], melds: int) -> tuple[_Reading, ...]:
    return _readings_cached(tuple(counts), melds)


def _value(name: str, options: NanjingOptions) -> int:
    value = _VALUES[name][1 if options.v2 else 0]
    assert value is not None, name
    return value


def _color(held: Sequence[int], options: NanjingOptions) -> list[str]:
    suits = {k // 9 for k in range(NUM_KINDS) if held[k]}
    if suits == {3}:
        return ["风一色"] if options.v2 else []
    if len(suits) == 1:
        return ["清一色"]
    if len(suits) == 2 and 3 in suits:
        return ["混一色"]
    return []


_Flags = tuple[bool, bool, str | None, bool]  # tian_hu, di_hu, gang_kai, haidi


@lru_cache(maxsize=65536)
def _score(
    counts: tuple[int, ...],
    tile: int,
    melds: tuple[Meld, ...],
    hard: int,
    source: int | None,
    winner: int | None,
    options: NanjingOptions,
    flags: _Flags,
    punged: frozenset[int],
) -> HandScore | None:
    full = list(counts)
    full[tile] += 1
    held = list(full)
    for m in melds:
        held[m.kinds[0]] += 4 if m.is_gang else 3
    mq = all(m.kind not in ("peng", "bu_gang") for m in melds)
    color = _color(held, options)
    kongs_soft = _kong_soft(melds, options)
    peng_winds = [("风碰", m.kinds[0]) for m in melds if m.kind == "peng" and m.kinds[0] in WINDS]
    que = ["缺一"] if missing_suit(k for k in range(NUM_KINDS) if held[k]) else []

    candidates: list[tuple[list[str], list[str], str]] = []  # (hands, soft items, shape)
    for shape, blocks in _readings(full, len(melds)):
        if shape == "seven_pairs":
            if options.luxury_pairs == "any_four":
                fours = sum(c == 4 for c in full)
            else:
                fours = 1 if full[tile] == 4 else 0
            name = ("双七对" if fours else "七对") if options.v2 else _V1_PAIRS[fours]
            candidates.append(([name, *color], list(que), "seven_pairs"))
            continue
        triplets = all(b != "sequence" for b, _ in blocks)
        base = [*color]
        if triplets:
            base.append("对对胡")
        if len(melds) == 4:
            base.append("全球独钓")
        soft = [*kongs_soft, *(["风碰"] * len(peng_winds))]
        soft += ["风碰" for b, k in blocks if b == "triplet" and k in WINDS]
        # In the order the core's blocks give them: readings of equal value then settle the
        # same way in every run (a set of strings would follow PYTHONHASHSEED).
        waits = dict.fromkeys(wait_kind(b, k, tile) for b, k in blocks if _holds(b, k, tile))
        for wait in waits:
            hands = list(base)
            items = list(soft)
            closing = ("压档", "边枝") if options.v2 else ("压档",)
            if wait in closing and tile in punged:
                hands.append("压绝")
            elif wait is not None:
                items.append(wait)
            items += que
            candidates.append((hands, items, "regular"))
    if source is not None and len(melds) == 3 and full[tile] >= 3:
        feeder = _feeder(melds, options, winner)
        if feeder is not None:
            four = [*held]
            for k in range(NUM_KINDS):
                four[k] = 0
            for m in melds:
                four[m.kinds[0]] = 1
            four[tile] = 1
            hands = ["对对胡"]
            if not options.v2 or source == feeder:
                hands.append("全球独钓")
            hands += [c for c in _color(four, options) if c != "风一色"]
            items = [*kongs_soft, *(["风碰"] * len(peng_winds)), *que]
            if tile in WINDS:
                items.append("风碰")
            candidates.append((hands, items, "kuaizhao"))
    if source is not None and len(melds) == 3 and tile < 27:
        suit = tile // 9
        if all(m.kinds[0] // 9 == suit for m in melds):
            lo = 9 * suit
            if options.v2:
                run = any(
                    all(full[x] for x in (s, s + 1, s + 2))
                    for s in range(max(lo, tile - 2), min(tile, lo + 6) + 1)
                )
                made = full[tile] >= 3 or run
                hands = ["清一色"]
            else:
                made = full[tile] >= 3
                hands = ["清一色", "对对胡", "全球独钓"]
            if made:
                items = [*kongs_soft, *(["风碰"] * len(peng_winds)), *que]
                candidates.append((hands, items, "qingyise"))

    best: HandScore | None = None
    for hands, items, shape in candidates:
        score = _total(hands, items, shape, hard, mq, options, flags)
        if score is not None and (best is None or score.flowers > best.flowers):
            best = score
    return best


def _holds(block: str, start: int, tile: int) -> bool:
    if block == "sequence":
        return start <= tile <= start + 2
    return start == tile


def _kong_soft(melds: tuple[Meld, ...], options: NanjingOptions) -> list[str]:
    items: list[str] = []
    for m in melds:
        kind, k = m.kind, m.kinds[0]
        if kind not in GANG_KINDS:
            continue
        concealed = kind == "an_gang"
        if k in WINDS:
            items += ["风暗杠"] * 3 if concealed else ["风明杠"] * 2
        elif options.suit_kong_soft:
            items += ["暗杠"] * 2 if concealed else ["明杠"]
    return items


def _total(
    hands: list[str],
    items: list[str],
    shape: str,
    hard: int,
    mq: bool,
    options: NanjingOptions,
    flags: _Flags,
) -> HandScore | None:
    tian_hu, di_hu, gang_kai, haidi = flags
    hands = list(hands)
    if tian_hu:
        hands.append("天胡")
    if di_hu:
        hands.append("地胡")
    big = any(h in BIG_HANDS for h in hands)
    special = shape in ("kuaizhao", "qingyise")
    if not (big or mq or hard >= 4):
        return None
    seven = shape == "seven_pairs"
    if mq and not special and not seven and not (options.v2 and (tian_hu or di_hu)):
        hands.insert(0, "门清")
    if hard == 0 and (big or mq):
        hands.append("无花果")
        big = True
    if haidi and options.haidilao:
        hands.append("海底捞")
    multiplier = 1
    if gang_kai == "small":
        hands.append("小杠开花")
    elif gang_kai in ("big", "flower"):
        name = "大杠开花" if gang_kai == "big" else "花杠开"
        hands.append(name)
        if options.v2:
            multiplier = _MULTIPLIERS[name]
    soft = len(items)
    factor = 2 if options.double_flowers else 1
    bonuses = [(h, _value(h, options)) for h in hands if not (options.v2 and h in _MULTIPLIERS)]
    subtotal = options.run_base + factor * (hard + soft) + sum(v for _, v in bonuses)
    total = subtotal * multiplier
    base = "跑10" if options.v2 else "跑20"
    soft_text = f"{soft} soft" + (f": {', '.join(_tally(items))}" if items else "")
    flowers_text = f"{hard} hard + {soft_text}"
    parts = [f"{options.run_base} ({base})"]
    parts.append(f"2 x ({flowers_text})" if factor == 2 else f"({flowers_text})")
    parts += [f"{v} ({h})" for h, v in bonuses]
    detail = " + ".join(parts)
    if multiplier > 1:
        name = "大杠开花" if multiplier == 2 else "花杠开"
        detail = f"({detail}) x {multiplier} ({name})"
    detail += f" = {total}"
    return HandScore(tuple(hands), total, hard, soft, tuple(items), detail, shape, big)


def _tally(items: list[str]) -> list[str]:
    out: list[str] = []
    for name in dict.fromkeys(items):
        n = items.count(name)
        out.append(name if n == 1 else f"{name} x{n}")
    return out
