"""The one place the hand in play changes: ``apply(table, event)`` for each typed event.

:meth:`Game.step <majiang.game.engine.Game.step>` checks that an action is legal, derives the
events it causes (a discard, the next seat's draw, a kong, its replacement draw, a payment,
a win...) and applies each here, in order; replay and restore fold the same steps. A function
here reads nothing but the state and the event, and changes nothing but the table it is
given: the hand state and the match's scores (:class:`Table`). The flow — whose turn comes
next, the claim, rob and declaration windows and their answers, what a passed win or pong
blocks — is the engine's: it decides which events follow, these functions what they do.

Besides the log's kinds (:mod:`majiang.game.events`) two events never logged: an
:class:`~majiang.game.events.Exchange` (the tiles a variant passes after its declarations)
and :class:`KongStands` (an added kong nobody robbed becomes a kong).

Example:
    >>> from majiang.game import Game
    >>> from majiang.game.events import Discard
    >>> g = Game("pingxiang", seed=3, dealer=0)
    >>> tile = g.legal_actions(0)[-1].tile
    >>> t = Table(g.state, g.scores, g.table)
    >>> apply(t, Discard(0, tile))
    >>> g.state.ponds[0] == (g.state.last_discard,), g.state.discarder
    (True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from majiang.game.events import (
    FACE_DOWN,
    Chow,
    Declare,
    Discard,
    Draw,
    Exchange,
    Flower,
    Kong,
    Payment,
    Pong,
    Reveal,
    Settlement,
    Win,
)
from majiang.game.state import HandState, Meld, mpsz
from majiang.tiles import KIND_INDEX, TILE_INDEX, to_counts
from majiang.variants.protocol import TableRules

__all__ = ["APPLY", "KongStands", "LoggedChange", "Table", "TableEvent", "apply"]


@dataclass(frozen=True, slots=True)
class KongStands:
    """An added kong nobody robbed stands: ``seat``'s pong of ``tile`` becomes a kong, and a
    replacement draw follows. Not a log line (the ``kong`` event was logged when the tile was
    added, before the rob window)."""

    seat: int
    tile: str
    source: int | None = None
    """The feeder of a claimed 直杠 that waited out its rob window (明杠可抢); None for an
    added kong."""


LoggedChange = (
    Draw | Flower | Discard | Chow | Pong | Kong | Reveal | Declare | Win | Payment | Settlement
)
"""A logged event that changes the table."""

TableEvent = LoggedChange | KongStands | Exchange
"""An event that changes the table (the others — ``deal``, ``horses``, ``draw-game`` — only
mark where the hand stands)."""


class Table(NamedTuple):
    """What events change: the hand state, the match's scores (a list changed in place) and
    the table's rules (read only)."""

    state: HandState
    scores: list[int]
    rules: TableRules


def apply(table: Table, event: TableEvent) -> None:
    # One look-up and one call: every draw and discard of every game passes here.
    """Change ``table`` by ``event``.

    Example:
        >>> from majiang.game import Game
        >>> g = Game("pingxiang", seed=3, dealer=0)
        >>> apply(Table(g.state, g.scores, g.table), Payment("test", (3, -1, -1, -1),
        ...       (3, -1, -1, -1)))
        >>> g.scores, g.state.paid
        ([3, -1, -1, -1], [3, -1, -1, -1])
    """
    APPLY[type(event)](table, event)


def _draw(table: Table, event: Draw) -> None:
    """The seat takes the wall's next tile (its last for a replacement); a flower goes into
    no hand (a ``flower`` event lays it aside). A seat's draw lifts its passed-win and
    passed-pong blocks. The turn is the seat's once a tile that is no flower is in its hand:
    after a kong or flower chain, ``after_kong`` / ``after_flower`` say so."""
    st, t = table.state, TILE_INDEX[event.tile]
    seat = event.seat
    if event.replacement:
        if st.wall.remaining <= table.rules.kept_back:
            st.last_chance = True  # only kept-back tiles left: the hand's last chance
        st.wall.draw_tail()
    else:
        st.wall.draw()
        st.chain = (False, False)
    st.turn = seat
    st.furiten.discard(seat)
    if st.win_passed:
        st.win_passed = {(s, k) for s, k in st.win_passed if s != seat}
    if st.pong_passed:
        st.pong_passed = {(s, k) for s, k in st.pong_passed if s != seat}
    st.turns += 1
    if t in table.rules.laid_aside:
        return
    # The seat's cached waits stay right: a kong already cleared them, a flower too.
    st.hands[seat][t] += 1
    st.drawn, st.phase = t, "turn"
    st.after_kong, st.after_flower = st.chain
    st.chain = (False, False)


def _flower(table: Table, event: Flower) -> None:
    st = table.state
    st.flowers[event.seat] += (TILE_INDEX[event.tile],)
    st.waits[event.seat] = None  # a variant's wins may depend on the flowers laid aside
    st.chain = (st.chain[0], True)


def _discard(table: Table, event: Discard) -> None:
    st, seat, t = table.state, event.seat, KIND_INDEX[event.tile]
    st.hands[seat][t] -= 1
    st.waits[seat] = None
    shown = st.revealed[seat]
    if shown and shown[t]:  # a tile shown after the deal (most discards are not)
        _unreveal(st, seat, (t,))
    st.ponds[seat] += (t,)
    st.discards_made += 1
    st.last_discard, st.discarder = t, seat
    st.drawn, st.after_kong = None, False


def _claimed(table: Table, seat: int, kind: str, own: Sequence[int]) -> None:
    """``seat`` melds the discard in play with ``own`` tiles from its hand (a chow, pong or
    exposed kong): the tile leaves its discarder's pond, the turn is the claimer's."""
    st = table.state
    t, src = st.last_discard, st.discarder
    assert t is not None and src is not None, "a claim needs a discard in play"
    hand = st.hands[seat]
    for x in own:
        hand[x] -= 1
    st.waits[seat] = None
    if st.revealed[seat]:
        _unreveal(st, seat, own)
    st.ponds[src] = st.ponds[src][:-1]
    st.melds[seat] += (Meld(kind, tuple(sorted([*own, t])), src),)
    st.interrupted = True
    if table.rules.passed_win == "any_until_draw_or_meld":
        st.furiten.discard(seat)  # a chow, pong or kong lifts a passed win's block
    st.turn, st.drawn, st.last_discard, st.discarder = seat, None, None, None


def _chow(table: Table, event: Chow) -> None:
    own = to_counts(event.tiles)
    assert table.state.last_discard is not None
    own[table.state.last_discard] -= 1
    _claimed(table, event.seat, "chi", [k for k in range(34) for _ in range(own[k])])


def _pong(table: Table, event: Pong) -> None:
    t = KIND_INDEX[event.tiles[0] + event.tiles[-1]]
    _claimed(table, event.seat, "peng", (t, t))


def _kong(table: Table, event: Kong) -> None:
    """A concealed kong stands at once; an exposed kong (of the discard in play) too; an
    added one takes the tile from the hand and waits for its rob window
    (:class:`KongStands`)."""
    st, seat, t = table.state, event.seat, KIND_INDEX[event.tile]
    if event.kind == "exposed":
        if table.rules.rob_exposed_kongs:  # 明杠可抢: the tile waits out its rob window
            src = st.discarder
            assert src is not None, "a claim needs a discard in play"
            st.ponds[src] = st.ponds[src][:-1]
            st.interrupted = True
            st.turn, st.drawn, st.last_discard = seat, None, None  # the feeder kept for the kong
            return
        _claimed(table, seat, "ming_gang", (t, t, t))
        st.chain = (True, False)
        return
    if event.kind == "concealed":
        st.hands[seat][t] -= 4
        st.waits[seat] = None
        if st.revealed[seat] and table.rules.concealed_kongs_shown:
            _unreveal(st, seat, (t, t, t, t))  # a hidden kong's kind is not learnt
        st.melds[seat] += (Meld("an_gang", (t, t, t, t), None),)
        st.interrupted = True
        st.chain = (True, False)
        return
    st.hands[seat][t] -= 1
    st.waits[seat] = None
    if st.revealed[seat]:
        _unreveal(st, seat, (t,))
    st.interrupted = True


def _kong_stands(table: Table, event: KongStands) -> None:
    st, t = table.state, KIND_INDEX[event.tile]
    if event.source is not None:  # a 直杠 nobody robbed: claimed as it would have been at once
        st.ponds[event.source] += (t,)
        st.last_discard, st.discarder = t, event.source
        _claimed(table, event.seat, "ming_gang", (t, t, t))
        st.chain = (True, False)
        return
    st.melds[event.seat] = tuple(
        Meld("bu_gang", (t, t, t, t), m.source) if m.kind == "peng" and m.kinds[0] == t else m
        for m in st.melds[event.seat]
    )
    st.chain = (True, False)


def _reveal(table: Table, event: Reveal) -> None:
    st = table.state
    st.revealed = [tuple(to_counts(text)) if text else () for text in event.tiles]
    if event.lower_indicator is not None:
        st.lower_shown = True


def _declare(table: Table, event: Declare) -> None:
    table.state.declared[event.seat][event.what] = event.value


def _exchange(table: Table, event: Exchange) -> None:
    st = table.state
    wall = st.wall
    at = wall.tail - table.rules.kept_back + event.face_down_at  # the next face-down tile
    for giver, taker, kinds in event.moves:
        for k in kinds:
            st.hands[giver][k] -= 1
            if taker == FACE_DOWN:  # swapped with a face-down tile, in wall order
                got = wall.tiles[at]
                st.hands[giver][got] += 1
                # where the given tile was dealt from now names the one taken: the wall's
                # tiles stay the set, each once
                tiles = wall.tiles
                dealt = next(
                    i for i in (*range(wall.head), *range(wall.tail, len(tiles))) if tiles[i] == k
                )
                tiles[dealt], tiles[at] = got, k
                at += 1
            else:
                st.hands[taker][k] += 1
    if st.drawn is not None and not st.hands[st.dealer][st.drawn]:
        st.drawn = None  # the dealer's 14th tile went to another seat


def _win(table: Table, event: Win) -> None:
    """The tile leaves the winner's hand (a self-draw) or its discarder's pond (a robbed
    kong's tile is in neither); the win is kept with each winner's tiles as it won."""
    st, t = table.state, KIND_INDEX[event.tile]
    winners = event.winner if isinstance(event.winner, tuple) else (event.winner,)
    if event.source is None:
        st.hands[winners[0]][t] -= 1
    elif not event.qiang_gang:
        st.ponds[event.source] = st.ponds[event.source][:-1]
    st.won_on = t
    won: dict[str, Any] = {
        "winner": list(event.winner) if isinstance(event.winner, tuple) else event.winner,
        "tile": event.tile,
        "from": event.source,
        "gang_kai": event.gang_kai,
        "qiang_gang": event.qiang_gang,
        "tian_hu": event.tian_hu,
        "di_hu": event.di_hu,
    }
    if event.after_flower is not None:
        won["after_flower"] = event.after_flower
    # the referee's: each winner's tiles as it won (a winner who stays plays on)
    won["hands"] = {str(s): mpsz(st.hands[s]) for s in winners}
    won["melds"] = {str(s): [m.to_dict() for m in st.melds[s]] for s in winners}
    st.wins.append(won)


def _payment(table: Table, event: Payment) -> None:
    st = table.state
    for s in range(len(st.paid)):
        st.paid[s] += event.deltas[s]
    table.scores[:] = event.scores


def _settlement(table: Table, event: Settlement) -> None:
    table.scores[:] = event.scores
    table.state.phase = "over"


def _unreveal(st: HandState, seat: int, kinds: Sequence[int]) -> None:
    """``seat`` laid these kinds face up from its hand: that many fewer of its tiles shown
    at the deal are still known to be held."""
    known = list(st.revealed[seat])
    for k in kinds:
        if known[k]:
            known[k] -= 1
    st.revealed[seat] = tuple(known)


APPLY: dict[type, Callable[[Table, Any], None]] = {
    Draw: _draw,
    Flower: _flower,
    Discard: _discard,
    Chow: _chow,
    Pong: _pong,
    Kong: _kong,
    KongStands: _kong_stands,
    Reveal: _reveal,
    Declare: _declare,
    Exchange: _exchange,
    Win: _win,
    Payment: _payment,
    Settlement: _settlement,
}
"""Each event class's change to the table (what :func:`apply` looks up)."""
