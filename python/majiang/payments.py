"""Who pays whom, the shapes every variant's settlement shares: a win's payers (the discarder,
or each of the three others on a self-draw), a win's lines under 包牌 (the liable seat pays the
others' shares), kong lines (an exposed kong from its feeder, a concealed one from each other
seat) and lines to or from each other seat. Each helper returns
:class:`~majiang.settlement.Payment` lines whose ``detail`` is the caller's: the arithmetic
of the amount, in the variant's words.

Example:
    >>> from majiang.payments import win_payers, win_payments
    >>> payers = win_payers(1, None)
    >>> payers
    [0, 2, 3]
    >>> [(p.payer, p.reason) for p in win_payments(1, payers, 8, "4 x 2 = 8, 自摸", liable=3)]
    [(3, '包牌'), (3, '包牌'), (3, '胡牌分')]
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.meld import Meld
from majiang.settlement import Payment
from majiang.tiles import SEATS

__all__ = ["from_each", "kong_payments", "to_each", "win_payers", "win_payments"]


def win_payers(winner: int, source: int | None, *, like_self_draw: bool = False) -> list[int]:
    """Who pays a win: the discarder ``source``, or each of the three others when the winner
    drew the tile (``source`` None) or the variant settles the win as a self-draw
    (``like_self_draw``, e.g. Nanjing's 抢杠).

    Example:
        >>> win_payers(0, 2), win_payers(0, None), win_payers(0, 2, like_self_draw=True)
        ([2], [1, 2, 3], [1, 2, 3])
    """
    if source is None or like_self_draw:
        return [seat for seat in range(SEATS) if seat != winner]
    return [source]


def win_payments(
    winner: int,
    payers: Sequence[int],
    amount: int,
    detail: str,
    *,
    liable: int | None = None,
    why: str = "",
    reason: str = "胡牌分",
) -> list[Payment]:
    """Each payer's ``amount`` to ``winner`` for ``reason``; under 包牌 the ``liable`` seat
    pays every other payer's share (reason 包牌; the detail adds ``why`` and whose share it is).

    Example:
        >>> lines = win_payments(0, [1, 2, 3], 4, "1 x 4 = 4", liable=2, why="快照")
        >>> [(p.payer, p.amount, p.reason) for p in lines]
        [(2, 4, '包牌'), (2, 4, '胡牌分'), (2, 4, '包牌')]
        >>> lines[0].detail
        "1 x 4 = 4; 快照: pays seat 1's share"
    """
    out: list[Payment] = []
    for payer in payers:
        if liable is None or liable == payer:
            out.append(Payment(payer, winner, amount, reason, detail))
        else:
            note = f"{why}: " if why else ""
            out.append(
                Payment(
                    liable, winner, amount, "包牌", f"{detail}; {note}pays seat {payer}'s share"
                )
            )
    return out


def from_each(payee: int, amount: int, reason: str, detail: str) -> list[Payment]:
    """``amount`` from each of the three other seats to ``payee``.

    Example:
        >>> [(p.payer, p.payee) for p in from_each(2, 3, "暗杠", "5555m: from each")]
        [(0, 2), (1, 2), (3, 2)]
    """
    return [
        Payment(other, payee, amount, reason, detail) for other in range(SEATS) if other != payee
    ]


def to_each(payer: int, amount: int, reason: str, detail: str) -> list[Payment]:
    """``amount`` from ``payer`` to each of the three other seats.

    Example:
        >>> [(p.payer, p.payee) for p in to_each(0, 1, "跟庄", "the first four discards")]
        [(0, 1), (0, 2), (0, 3)]
    """
    return [
        Payment(payer, other, amount, reason, detail) for other in range(SEATS) if other != payer
    ]


def kong_payments(seat: int, meld: Meld, amount: int, reason: str, detail: str) -> list[Payment]:
    """What ``seat``'s kong ``meld`` earns: a concealed kong (an_gang) ``amount`` from each
    other seat, an exposed one (ming_gang, bu_gang) ``amount`` from the seat that fed it; any
    other meld (or a kong without its feeder) nothing.

    Example:
        >>> [(p.payer, p.amount) for p in kong_payments(0, Meld("bu_gang", "5555p", 3), 1,
        ...                                              "补杠", "5555p: B from seat 3")]
        [(3, 1)]
        >>> len(kong_payments(0, Meld("an_gang", "5555p"), 2, "暗杠", "5555p: B from each"))
        3
    """
    if meld.kind == "an_gang":
        return from_each(seat, amount, reason, detail)
    if meld.kind in ("ming_gang", "bu_gang") and meld.source is not None:
        return [Payment(meld.source, seat, amount, reason, detail)]
    return []
