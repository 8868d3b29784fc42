"""Guizhou settlement from a record, one part per function, each payment's arithmetic in its
``detail`` (docs/rules/guizhou.md §2-§7): the win (or 黄庄查叫), the 豆, the 鸡.

Example:
    >>> from majiang.variants.guizhou.record import EXAMPLE
    >>> s = settle(EXAMPLE)
    >>> s.deltas, s.pattern["next_dealer"]
    ((200, 40, -120, -120), 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from majiang.settlement import Payment, Settlement
from majiang.tiles import KINDS
from majiang.variants.guizhou.hands import HandValue, ready_value, win_value
from majiang.variants.guizhou.options import GuizhouOptions
from majiang.variants.guizhou.record import HandRecord
from majiang.variants.guizhou.rules import WUGU, YAOJI

__all__ = ["flipped_kinds", "ji_values", "next_dealer", "settle"]

_DOU = {"an_gang": ("闷豆", 2), "bu_gang": ("转弯豆", 1), "ming_gang": ("点豆", 1)}
"""Each 豆's name and worth in bases (闷豆 20, 转弯豆 10, 点豆 10 at base 10 [001:137])."""
_REPAO = {"an_gang": 6, "bu_gang": 3, "ming_gang": 1}
"""热炮's compensation in bases: 闷豆 60, 转弯豆 30, 点豆 10 [001:137]."""


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """The payments of one hand (a :class:`HandRecord` or its JSON form)."""
    r = record if type(record) is HandRecord else _record(record)
    items: list[Payment] = []
    ready = _ready(r)
    if r.winners:
        pattern: dict[str, Any] = {"result": "win"}
        pattern["winner"] = r.winners[0] if len(r.winners) == 1 else list(r.winners)
        pattern["self_drawn"] = r.discarder is None
        if r.discarder is not None:
            pattern["from"] = r.discarder
        _win(r, items, pattern)
        _dou(r, items)
        _ji(r, ready, items, pattern)
        if r.qiang_gang:
            pattern["qiang_gang"] = True
        if r.gang_shang:
            pattern["gang_shang"] = True
        if r.repao is not None:
            pattern["repao"] = r.repao
    else:
        pattern = {"result": "draw"}
        _chajiao(r, ready, items, pattern)
        if r.options.huangzhuang_keeps_ji_dou:
            _dou(r, items)
            _ji(r, ready, items, pattern)
    if r.flip is not None:
        pattern["flip"] = KINDS[r.flip]
    if True in r.baoting:
        pattern["baoting"] = [s for s in range(4) if r.baoting[s]]
    pattern["next_dealer"] = _next_dealer(r, ready)
    return Settlement.from_items(items, pattern)


def _record(record: Any) -> HandRecord:
    if isinstance(record, HandRecord):
        return record
    return HandRecord.from_dict(record)


def _ready(r: HandRecord) -> dict[int, HandValue]:
    if r.ready:  # the record check found them
        return {s: v for s, v in enumerate(r.ready) if v is not None}
    out = {}
    o = r.options
    for s, (hand, melds) in enumerate(zip(r.hands, r.melds, strict=True)):
        v = ready_value(hand, melds, o)
        if v is not None:
            out[s] = v
    return out


def _win(r: HandRecord, items: list[Payment], pattern: dict[str, Any]) -> None:
    o, base, tile = r.options, r.options.base, r.tile
    assert tile is not None
    hands: list[str] = []  # in the winners' order
    for i, w in enumerate(r.winners):
        hv = r.values[i] if r.values else win_value(r.hands[w], r.melds[w], tile, o)
        assert hv is not None  # the record checked it
        value, words = hv.value, [f"{hv.name} {hv.value}"]
        if r.gang_shang:
            value += base
            words.append(f"杠上胡 +{base}")
        if r.baoting[w]:
            if o.baoting_as_qingyise:
                qys = 5 * base if o.hand_scale == "seed" else 10 * base
                if qys > value:
                    words.append(f"报听 as 清一色 {qys}")
                    value = qys
            else:
                value += base
                words.append(f"报听 +{base}")
        if r.repao is not None and o.repao == "plus1":
            value += base
            words.append(f"热炮 +{base}")
        hands.append(hv.name)
        detail = " + ".join(words) + (f" = {value}" if len(words) > 1 else "")
        if r.discarder is None or r.qiang_gang:
            payers = [s for s in range(4) if s != w]
            for s in payers:
                payer = r.discarder if r.qiang_gang and r.discarder is not None else s
                why = "抢杠 (包三家)" if r.qiang_gang else "自摸"
                items.append(Payment(payer, w, value, why, f"{detail}, for seat {s}"))
            for s in payers:
                if r.baoting[s]:
                    items.append(Payment(s, w, base, "杀报", f"报听 seat pays {base}"))
        else:
            d = r.discarder
            items.append(Payment(d, w, value, "点炮", detail))
            if r.baoting[d]:
                items.append(Payment(d, w, base, "杀报", f"报听 seat pays {base}"))
            if r.repao is not None and o.repao == "seed":
                name, _ = _DOU[r.repao]
                amount = _REPAO[r.repao] * base
                items.append(Payment(d, w, amount, "热炮", f"{name} {_REPAO[r.repao]} x {base}"))
            elif r.repao is not None and o.repao == "burn_all":
                items.append(Payment(d, w, value, "热炮 (全烧)", f"one more {value}"))
    pattern["hands"] = hands


def _void_dou(r: HandRecord) -> set[tuple[int, int]]:
    """The (seat, meld index) of 豆 that do not stand: the 热炮 one (all of the discarder's
    under 全烧)."""
    out: set[tuple[int, int]] = set()
    if r.repao is not None and r.discarder is not None:
        d = r.discarder
        if r.options.repao == "burn_all":
            out.update((d, i) for i in range(len(r.melds[d])))
        elif r.options.repao == "seed":
            out.add((d, len(r.melds[d]) - 1))
    return out


def _dou(r: HandRecord, items: list[Payment]) -> None:
    base, void = r.options.base, _void_dou(r)
    for s in range(4):
        for i, m in enumerate(r.melds[s]):
            if m.kind not in _DOU or (s, i) in void:
                continue
            name, worth = _DOU[m.kind]
            payers = [m.source] if m.kind == "ming_gang" else [p for p in range(4) if p != s]
            detail = f"{m.tiles}: {worth} x {base}"
            for p in payers:
                assert p is not None
                items.append(Payment(p, s, worth * base, name, detail))


def ji_values(r: HandRecord) -> dict[int, int]:
    """Each 鸡 kind's worth in units (金鸡 doubled; 吹风鸡 voids all).

    Example:
        >>> from majiang.variants.guizhou.record import EXAMPLE
        >>> ji_values(HandRecord.from_dict(EXAMPLE))
        {18: 2, 16: 2}
    """
    return dict(_ji_table(r.options, r.flip)[0])


def flipped_kinds(r: HandRecord) -> set[int]:
    """The kinds the record's flip makes 翻牌鸡 (none without a flip).

    Example:
        >>> from majiang.variants.guizhou.record import EXAMPLE
        >>> flipped_kinds(HandRecord.from_dict(EXAMPLE))     # 9s flipped: 1s
        {18}
    """
    return set(_flipped(r.options.flip, r.flip))


@lru_cache(maxsize=256)
def _flipped(rule: str, flip: int | None) -> frozenset[int]:
    flipped: set[int] = set()
    if flip is not None:
        suit, rank = divmod(flip, 9)
        if rule in ("next", "updown", "three"):
            flipped.add(suit * 9 + (rank + 1) % 9)
        if rule in ("updown", "three"):
            flipped.add(suit * 9 + (rank - 1) % 9)
        if rule in ("self", "three"):
            flipped.add(flip)
    return frozenset(flipped)


@lru_cache(maxsize=1024)
def _ji_table(o: GuizhouOptions, flip: int | None) -> tuple[dict[int, int], bool]:
    """The 鸡 kinds' worth (in the order the settlement names them) and whether the flip
    made a 金鸡, for these options and this flip (read-only: callers copy)."""
    if o.chuifeng and flip == 13:
        return {}, False
    values = {YAOJI: 1}
    if o.wugu:
        values[WUGU] = o.wugu_value
    flipped = _flipped(o.flip, flip)
    for k in flipped:
        if k in values:
            values[k] *= 2  # 金鸡 / 金乌骨
        else:
            values[k] = 1 + (1 if o.yin_ji and k in (0, 9) else 0)
    if o.weekday:  # 星期鸡: that rank in every suit
        for suit in range(3):
            values.setdefault(suit * 9 + o.weekday - 1, 1)
    jin = bool(flipped & {YAOJI, WUGU if o.wugu else YAOJI})
    return values, jin


def _ji(r: HandRecord, ready: dict[int, HandValue], items: list[Payment],
        pattern: dict[str, Any]) -> None:  # fmt: skip
    o, unit = r.options, r.options.base
    values, jin = _ji_table(o, r.flip)
    ordered = sorted(values.items())
    pattern["ji"] = {str(k): v for k, v in ordered}
    if values and jin:
        pattern["jin_ji"] = True  # 金鸡: the flip doubled 幺鸡 (or 乌骨)
    if not values:
        return
    charges = _charges(r)
    counting = sorted(set(r.winners) | set(ready))
    get = values.get
    for c in counting:
        shown = dict.fromkeys(values, 0)
        for m in r.melds[c]:  # no chow: each meld is one kind
            if m.kinds[0] in shown:
                shown[m.kinds[0]] += len(m.kinds)
        won = r.tile if c in r.winners else None
        n, held = _held(r.hands[c], tuple(shown.values()), won, o, r.flip)
        if o.mantang:
            n += sum(get(k, 0) for k in r.discards[c])
        for kind, charged in charges:
            if charged == c:  # counted cv times in all; under 满堂鸡 once already
                n += (o.chongfeng_value - (1 if o.mantang else 0)) * get(kind, 0)
        if n:
            words = _charge_words(charges, c) if charges else ""
            why = f"{n} 鸡 x {unit} ({held}{words})"
            amount = n * unit
            items.extend([Payment(p, c, amount, "鸡", why) for p in range(4) if p != c])
    for p in range(4):
        if p in counting:
            continue
        owed, thrown = _thrown(r.discards[p], o, r.flip)
        for kind, charged in charges:
            if charged == p:
                owed += (o.chongfeng_value - 1) * get(kind, 0)
        if not owed:
            continue
        words = _charge_words(charges, p) if charges else ""
        why = f"{owed} 鸡 x {unit} ({thrown} discarded{words})"
        items.extend([Payment(p, c, owed * unit, "包鸡", why) for c in counting])
    if r.zeren is not None:
        d, claimer = r.zeren
        items.append(
            Payment(d, claimer, o.zeren_value * unit, "责任鸡", f"{o.zeren_value} x {unit}")
        )


@lru_cache(maxsize=16384)
def _held(
    hand: tuple[int, ...],
    shown: tuple[int, ...],
    won: int | None,
    o: GuizhouOptions,
    flip: int | None,
) -> tuple[int, str]:
    """A counting seat's 鸡 in its hand (the winning tile ``won`` too) and melds (``shown``:
    the copies of each 鸡 kind in its melds, in the table's order): their worth (站鸡
    doubling the concealed ones) and, in words, "2 1s at 2" for each kind held (remembered:
    the same hands recur; keyed by counts, not by the melds, whose hash is dear)."""
    values, _ = _ji_table(o, flip)
    in_melds = dict(zip(values, shown, strict=True))
    words = []
    n = 0
    for k, v in sorted(values.items()):
        in_hand = hand[k] + (1 if k == won else 0)
        if in_hand or in_melds[k]:
            words.append(f"{in_hand + in_melds[k]} {KINDS[k]} at {v}")
        n += (in_hand * (2 if o.zhanji else 1) + in_melds[k]) * v
    return n, ", ".join(words) or "none held"


@lru_cache(maxsize=16384)
def _thrown(pond: tuple[int, ...], o: GuizhouOptions, flip: int | None) -> tuple[int, str]:
    """What a seat that is not ready owes each ready seat for the 幺鸡/乌骨 it discarded
    (包鸡), and those tiles in words (remembered)."""
    values, _ = _ji_table(o, flip)
    thrown = [k for k in pond if k in (YAOJI, WUGU)]
    owed = sum(values.get(k, 0) for k in thrown)
    return owed, "".join(KINDS[k] for k in thrown if values.get(k))


def _charges(r: HandRecord) -> list[tuple[int, int]]:
    """(kind, seat) of the 冲锋鸡 and 冲锋乌骨, where the record has them."""
    out = [] if r.chongfeng is None else [(YAOJI, r.chongfeng)]
    if r.chongfeng_wugu is not None:
        out.append((WUGU, r.chongfeng_wugu))
    return out


_CHARGE_NAMES = {YAOJI: "冲锋鸡", WUGU: "冲锋乌骨"}


def _charge_words(charges: list[tuple[int, int]], seat: int) -> str:
    return "".join(f", {_CHARGE_NAMES[k]}" for k, s in charges if s == seat)


def _chajiao(r: HandRecord, ready: dict[int, HandValue], items: list[Payment],
             pattern: dict[str, Any]) -> None:  # fmt: skip
    pattern["ready"] = {str(s): v.name for s, v in sorted(ready.items())}
    if 0 < len(ready) < 4:
        for s, v in sorted(ready.items()):
            for p in range(4):
                if p not in ready:
                    items.append(Payment(p, s, v.value, "查叫", f"{v.name} {v.value}"))


def next_dealer(r: HandRecord) -> int:
    """The next hand's dealer: the winner; of several (一炮多响) the first from the
    discarder's 下家, the old dealer if among them (option ``multi_win_dealer``); after 黄庄
    the dealer if ready or nobody is, else (Guiyang) the nearest ready seat after it, the
    old dealer in Tongren (docs/rules/guizhou.md §5).

    Example:
        >>> from majiang.variants.guizhou.record import EXAMPLE
        >>> next_dealer(HandRecord.from_dict(EXAMPLE))
        0
    """
    return _next_dealer(r, None)


def _next_dealer(r: HandRecord, ready: dict[int, HandValue] | None) -> int:
    if not r.winners:
        if r.options.profile != "guiyang":
            return r.dealer
        if ready is None:
            ready = _ready(r)
        if not ready or r.dealer in ready:
            return r.dealer
        return next(s for s in ((r.dealer + i) % 4 for i in range(1, 4)) if s in ready)
    if len(r.winners) == 1:
        return r.winners[0]
    assert r.discarder is not None
    if r.options.multi_win_dealer == "discarder":
        return r.discarder
    if r.dealer in r.winners:
        return r.dealer
    return next(s for s in ((r.discarder + i) % 4 for i in range(1, 4)) if s in r.winners)
