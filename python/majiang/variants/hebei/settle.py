"""Hebei settlement parts (``docs/rules/hebei.md`` Scoring): the win, then the kongs.

Each part returns :class:`~majiang.settlement.Payment` lines whose ``detail`` holds the
arithmetic. Kongs are void on 荒庄 (黄庄黄杠).

Example:
    >>> from majiang.variants.hebei.options import HebeiOptions
    >>> s = settle_hand(winner=0, source=2, dealer=1, hand="平胡", value=3, kongs=[])
    >>> s.deltas
    (3, 0, -3, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from majiang.errors import RecordError
from majiang.meld import Meld
from majiang.payments import from_each
from majiang.settlement import Payment, Settlement, text_error
from majiang.tiles import NUM_KINDS, SEATS
from majiang.variants.hebei.hands import wait_shape
from majiang.variants.hebei.options import HebeiOptions
from majiang.variants.hebei.record import HandRecord, WinResult, kinds_of, winning_value

__all__ = ["hand_total", "kong_lines", "settle", "settle_hand", "win_lines"]

_DEFAULT = HebeiOptions()


def hand_total(
    value: int,
    *,
    options: HebeiOptions = _DEFAULT,
    wu_kui: bool = False,
    men_qing: bool = False,
    edge_wait: bool = False,
) -> tuple[int, str]:
    """The hand's value after the optional extras, with its arithmetic.

    Example:
        >>> hand_total(3, options=HebeiOptions(men_qing=True, zhuo_wu_kui=True),
        ...            wu_kui=True, men_qing=True)
        (8, '(3 + 1 门清) x 2 捉五魁 = 8')
    """
    total, text = value, str(value)
    if options.men_qing and men_qing:
        total, text = total + 1, f"{text} + 1 门清"
    if options.bian_ka_diao and edge_wait:
        total, text = total + 1, f"{text} + 1 边卡吊"
    if options.zhuo_wu_kui and wu_kui:
        text = f"({text}) x 2 捉五魁" if total != value else f"{text} x 2 捉五魁"
        total *= 2
    return total, f"{text} = {total}" if total != value else text


def _bonus(payer: int, payee: int, dealer: int, options: HebeiOptions) -> int:
    return 1 if options.dealer_bonus and dealer in (payer, payee) else 0


def win_lines(
    winner: int,
    source: int | None,
    dealer: int,
    hand: str,
    value: int,
    detail: str,
    options: HebeiOptions = _DEFAULT,
) -> list[Payment]:
    """The win's lines: 平胡 self-drawn 2 from each; a bigger hand self-drawn ``value`` from
    each; a discard ``value`` from the discarder (点炮一家出), from each (三家出), or three
    shares from the discarder (大包). 带庄闲 adds 1 to each line the dealer is in."""
    if source is not None and not (0 <= source < SEATS and source != winner):
        raise RecordError.at(
            ("result", "from"), f"must be another seat than the winner, not {source!r}"
        )
    # (payer, amount, why, the seat whose share it is: 大包 pays the others' shares)
    shares: list[tuple[int, int, str, int]] = []
    others = [s for s in range(SEATS) if s != winner]
    if source is None:
        each = 2 if hand == "平胡" else value
        why = f"{hand} 自摸: 2 each" if hand == "平胡" else f"{hand} 自摸: {detail} each"
        shares = [(o, each, why, o) for o in others]
    elif options.payment == "one":
        shares = [(source, value, f"{hand} {detail}, 点炮一家出", source)]
    elif options.payment == "three":
        shares = [(o, value, f"{hand} {detail}, 点炮三家出", o) for o in others]
    else:
        shares = [
            (source, value, f"{hand} {detail}, 点炮大包: seat {o}'s share", o) for o in others
        ]
    out: list[Payment] = []
    for payer, amount, why, share in shares:
        # The dealer bonus follows the seat whose share it is (大包 pays others' shares).
        extra = _bonus(share, winner, dealer, options)
        text = f"{why} + 1 带庄闲" if extra else why
        out.append(Payment(payer, winner, amount + extra, "胡牌分", text))
    return out


def kong_lines(kongs: Sequence[tuple[int, Meld]], *, drawn: bool) -> list[Payment]:
    """明杠 on a discard 1 from the discarder; 补杠 1 and 暗杠 2 from each other seat;
    nothing on 荒庄."""
    if drawn:
        return []
    out: list[Payment] = []
    for seat, meld in kongs:
        if meld.kind == "an_gang":
            out += from_each(seat, 2, "暗杠", f"{meld.tiles}: 2 from each")
        elif meld.kind == "bu_gang":
            out += from_each(seat, 1, "明杠", f"{meld.tiles} (补杠): 1 from each")
        elif meld.kind == "ming_gang" and meld.source is not None:
            out.append(Payment(meld.source, seat, 1, "明杠", f"{meld.tiles}: 1 from the discarder"))
    return out


def settle_hand(
    *,
    winner: int | None,
    source: int | None,
    dealer: int,
    hand: str,
    value: int,
    kongs: Sequence[tuple[int, Meld]],
    detail: str = "",
    options: HebeiOptions = _DEFAULT,
) -> Settlement:
    """The whole hand: the win (none when ``winner`` is None: 荒庄), then the kongs."""
    items = _items(winner, source, dealer, hand, value, kongs, detail, options)
    return Settlement.from_items(items, {"hand": hand if winner is not None else None})


def _items(
    winner: int | None,
    source: int | None,
    dealer: int,
    hand: str,
    value: int,
    kongs: Sequence[tuple[int, Meld]],
    detail: str,
    options: HebeiOptions,
) -> list[Payment]:
    items: list[Payment] = []
    if winner is not None:
        items += win_lines(winner, source, dealer, hand, value, detail or str(value), options)
    items += kong_lines(kongs, drawn=winner is None)
    return items


def settle(record: HandRecord | Mapping[str, Any]) -> Settlement:
    """Settles one Hebei hand record (a :class:`~majiang.variants.hebei.record.HandRecord`
    or its JSON form): the largest hand with the room's extras, then the kongs (void on
    荒庄). A record that cannot have happened raises RecordError naming the field.

    Example:
        >>> s = settle({"dealer": 0,
        ...     "players": [{"hand": "123m456p789s23s55m"}, {"hand": "147m258p369s1234z"},
        ...                 {"hand": "22m33m44m66s88s777z"}, {"hand": "567m567p78s8p9s135z"}],
        ...     "result": {"kind": "win", "winner": 0, "tile": "4s", "from": None}})
        >>> s.deltas, s.pattern["hands"]
        ((6, -2, -2, -2), ['平胡'])
    """
    try:
        r = record if isinstance(record, HandRecord) else HandRecord.from_dict(record)
    except UnicodeEncodeError:  # a lone surrogate in a text field
        raise text_error(record) from None
    kongs = [(seat, m) for seat, p in enumerate(r.players) for m in p.melds if m.is_gang]
    w = r.result
    if not isinstance(w, WinResult):
        items = _items(None, None, r.dealer, "", 0, kongs, "", r.options)
        return Settlement.from_items(items, {"result": "draw"})
    p = r.players[w.winner]
    tile = kinds_of(w.tile)[0]
    held = kinds_of(p.hand) if p.kinds is None else p.kinds
    score = r.score or winning_value((*held, tile), p.melds)
    if score is None:  # checked when built: only a hand-made object gets here
        raise RecordError.at(("result", "tile"), f"seat {w.winner}'s hand does not win")
    hand, value = score
    o = r.options
    wu_kui = edge = False
    if o.zhuo_wu_kui or o.bian_ka_diao:
        counts = [0] * NUM_KINDS
        for k in (*held, tile):
            counts[k] += 1
        wu_kui, edge = wait_shape(counts, tile, melds=len(p.melds))
    men_qing = all(m.kind == "an_gang" for m in p.melds)
    total, detail = hand_total(value, options=o, wu_kui=wu_kui, men_qing=men_qing, edge_wait=edge)
    items = _items(w.winner, w.source, r.dealer, hand, total, kongs, detail, o)
    pattern: dict[str, Any] = {
        "result": "win",
        "winner": w.winner,
        "from": w.source,
        "self_drawn": w.self_drawn,
        "gang_kai": w.gang_kai,
        "qiang_gang": w.qiang_gang,
        "hands": [hand],
        "value": total,
        "ready": w.winner in r.ready,
        "wu_kui": o.zhuo_wu_kui and wu_kui,
        "men_qing": o.men_qing and men_qing,
        "edge_wait": o.bian_ka_diao and edge,
    }
    return Settlement.from_items(items, pattern)
