"""The two-player game's engine plug-in (docs/rules/two_player.md): the opening exchange
(开始时换牌, one tile a round with the face-down tiles), 报听 on any turn locking the hand,
the tile turned face up (花牌, no wild), 海底捞月 at exhaustion, the winner dealing next.

Example:
    >>> from majiang.game import Game
    >>> g = Game("two_player", seed=3)
    >>> g.seats, len(g.state.hands), g.state.wall.remaining - g.table.kept_back
    (2, 2, 44)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from majiang._core import shanten, winning_tiles
from majiang.game.actions import Declare, Pass
from majiang.game.events import FACE_DOWN, Exchange
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, KINDS, TILE_NAMES
from majiang.variants.protocol import FinishedHand, Variant, WinQuery, first_winner
from majiang.variants.table_view import TableView
from majiang.variants.two_player.fans import is_winning
from majiang.variants.two_player.options import TwoPlayerOptions
from majiang.variants.two_player.rules import EXCHANGES, READY, READY_SECOND, TABLE

__all__ = ["TwoPlayerVariant", "ready_order", "tian_ting_seats"]

_PASS = Pass()


def _is_ready(declared: Mapping[str, str]) -> bool:
    return READY in declared or READY_SECOND in declared


def ready_order(declared: Sequence[Mapping[str, str]]) -> list[int]:
    """The seats that declared 报听, the first first.

    Example:
        >>> ready_order([{"ready_second": "5m"}, {"ready": "1z"}]), ready_order([{}, {}])
        ([1, 0], [])
    """
    first = [s for s, d in enumerate(declared) if READY in d]
    return first + [s for s, d in enumerate(declared) if READY_SECOND in d]


def tian_ting_seats(events: Sequence[Mapping[str, Any]]) -> list[int]:
    """The seats whose 报听 was 天听: declared with the seat's first discard, before any chow,
    pong or kong of its own (ermj: "庄家打出第一张牌时报听称为天听", a dealer's 暗杠 first
    voids it; the non-dealer's declaration with its first discard stands for "发完牌后闲家
    便报听"), in seat order.

    Example:
        >>> tian_ting_seats([{"event": "declare", "seat": 0, "what": "ready", "value": "5p"},
        ...     {"event": "discard", "seat": 0, "tile": "5p"},
        ...     {"event": "pong", "seat": 1, "tile": "5p", "source": 0},
        ...     {"event": "declare", "seat": 1, "what": "ready_second", "value": "1z"}])
        [0]
    """
    acted = [False, False]
    out: list[int] = []
    for e in events:
        kind = e["event"]
        if kind == "declare" and e["what"] in (READY, READY_SECOND):
            if not acted[e["seat"]]:
                out.append(e["seat"])
        elif kind in ("discard", "chow", "pong", "kong"):
            acted[e["seat"]] = True
    return sorted(out)


def _ready_hand(hand: Sequence[int], melds: int) -> bool:
    return bool(winning_tiles(hand, rules=TABLE.shapes, melds=melds))


class TwoPlayerVariant(Variant):
    """The two-player game (``Game("two_player")``).

    Example:
        >>> TwoPlayerVariant().table.turn_declarations
        ('ready', 'ready_second')
    """

    table = TABLE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = TwoPlayerOptions.from_dict(options or {})

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy under the game's options (RecordError for bad ones).

        Example:
            >>> TwoPlayerVariant().bind({"cap": 8}).options.cap
            8
        """
        return TwoPlayerVariant(options)

    # ------------------------------------------------------------ 开始时换牌
    def opening_options(self, what: str, seat: int, state: TableView) -> list[Any]:
        """Each exchange round: one held kind to swap with a face-down tile, or ``Pass`` to
        keep the hand; a seat that passed (or swapped every tile it was dealt) is not asked
        again.

        Example:
            >>> from majiang.game import Game
            >>> g = Game("two_player", seed=1)
            >>> acts = g.legal_actions(g.to_act()[0])
            >>> acts[-1], {a.what for a in acts[:-1]}
            (Pass(), {'exchange1'})
        """
        if what not in EXCHANGES:
            return []
        round_ = EXCHANGES.index(what)
        done = state.declared[seat]
        if round_ and EXCHANGES[round_ - 1] not in done:
            return []  # it stopped
        hand = state.hands[seat]
        if round_ >= sum(hand):
            return []
        return [*(Declare(what, KINDS[k]) for k in range(34) if hand[k]), _PASS]

    def opening_values(self, what: str) -> tuple[str, ...]:
        """Every value a round or 报听 can take: a kind (swapped, or discarded with 报听).

        Example:
            >>> v = TwoPlayerVariant()
            >>> len(v.opening_values("exchange3")), len(v.opening_values("ready"))
            (34, 34)
        """
        return KINDS

    def opening_viewers(self, what: str, seat: int, state: TableView) -> Collection[int]:
        """Nobody else sees a swapped tile (it goes face down).

        Example:
            >>> TwoPlayerVariant().opening_viewers("exchange1", 0, None)
            ()
        """
        return ()

    def after_declarations(
        self, what: str, made: Mapping[int, str], state: TableView
    ) -> Exchange | None:
        """The round's swaps: each tile named goes face down, a face-down tile comes in.

        Example:
            >>> TwoPlayerVariant().after_declarations("exchange1", {1: "5m"}, _Seen([{}, {}]))
            Exchange(moves=((1, -1, (4,)),))
        """
        if what not in EXCHANGES:
            return None
        moves = tuple((s, FACE_DOWN, (KIND_INDEX[v],)) for s, v in sorted(made.items()))
        # the tiles exchanged in the rounds before lie first among the face-down ones
        before = sum(w in EXCHANGES for d in state.declared for w in d)
        return Exchange(moves, before)

    # ------------------------------------------------------------ 报听
    def turn_declarations(self, seat: int, state: TableView) -> Sequence[tuple[str, int]]:
        """报听 with a discard, once: each held kind whose discard leaves the hand ready
        (``ready_second`` when the other seat declared first).

        Example:
            >>> from majiang.game import Game, Deal
            >>> g = Game("two_player", dealer=0, deal=Deal(("1112345678999m5p",
            ...     "147m258p369s1234z"), "5z", "1z", "2z"))
            >>> for seat in g.to_act():
            ...     g.step(seat, Pass())       # no opening exchange
            >>> [a.value for a in g.legal_actions(0) if isinstance(a, Declare)]
            ['2m', '5m', '8m', '5p']
        """
        declared = state.declared
        if _is_ready(declared[seat]):
            return ()
        hand = list(state.hands[seat])
        melds = len(state.melds[seat])
        if shanten(hand, rules=TABLE.shapes, melds=melds) > 0:
            return ()  # no discard leaves it ready
        what = READY_SECOND if _is_ready(declared[1 - seat]) else READY
        out = []
        for k in range(34):
            if hand[k]:
                hand[k] -= 1
                if _ready_hand(hand, melds):
                    out.append((what, k))
                hand[k] += 1
        return out

    def allowed_discards(self, seat: int, state: TableView) -> Collection[int] | None:
        """A seat that declared 报听 keeps its hand: it discards the tile it drew when its hand
        was ready before the draw (the system plays it), else (the turn it declared) a tile
        that leaves it ready. Others: any.

        Example:
            >>> TwoPlayerVariant().allowed_discards(0, _Seen([{}, {}])) is None
            True
        """
        if not _is_ready(state.declared[seat]):
            return None
        hand = list(state.hands[seat])
        melds = len(state.melds[seat])
        drawn = state.drawn
        if drawn is not None and state.turn == seat:
            hand[drawn] -= 1
            if _ready_hand(hand, melds):
                return (drawn,)
            hand[drawn] += 1
        out = []
        for k in range(34):
            if hand[k]:
                hand[k] -= 1
                if _ready_hand(hand, melds):
                    out.append(k)
                hand[k] += 1
        return out

    def plays_for(self, seat: int, state: TableView) -> bool:
        """A seat that declared 报听 is played by the engine: a drawn tile that does not win
        is discarded for it (a winning one is asked: win, or discard it and play on).

        Example:
            >>> v = TwoPlayerVariant()
            >>> v.plays_for(1, _Seen([{}, {"ready": "5m"}])), v.plays_for(0, _Seen([{}, {}]))
            (True, False)
        """
        return _is_ready(state.declared[seat])

    def may_meld(self, seat: int, state: TableView) -> bool:
        """No chow, pong or kong after 报听 (the hand is locked).

        Example:
            >>> TwoPlayerVariant().may_meld(1, _Seen([{}, {"ready": "5m"}]))
            False
        """
        return not _is_ready(state.declared[seat])

    # ------------------------------------------------------------ winning
    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds completing the hand in a shape the scorer reads.

        Example:
            >>> import majiang
            >>> sorted(TwoPlayerVariant().waits(majiang.tiles.to_counts("123m456p789s111z5m"),
            ...        (), seat=0))
            [4]
        """
        # the standard shapes are all GB shapes: the scorer reads every one (no fifth copy)
        found = winning_tiles(concealed, rules=TABLE.shapes, melds=len(melds))
        return frozenset(
            k
            for k in map(KIND_INDEX.__getitem__, found)
            if concealed[k] + sum(m.kinds.count(k) for m in melds) < 4
        )

    def may_win(self, query: WinQuery) -> bool:
        """A tile among the waits wins (any 番: the table's minimum pays).

        Example:
            >>> import majiang
            >>> q = WinQuery(0, 4, None, majiang.tiles.to_counts("123m456p789s111z5m"), ())
            >>> TwoPlayerVariant().may_win(q)
            True
        """
        if query.waits is not None:
            return query.tile in query.waits
        return is_winning(query.concealed, query.melds, query.tile)

    # ------------------------------------------------------------ 海底捞月
    def last_chance(self, state: TableView) -> int | None:
        """The 71 tiles used up: the ready seat (the first to declare when both are) draws one
        face-down tile, 海底捞月; nobody ready: the hand is drawn (流局).

        Example:
            >>> v = TwoPlayerVariant()
            >>> v.last_chance(_Seen([{"ready_second": "9s"}, {"ready": "1z"}]))
            1
            >>> v.last_chance(_Seen([{}, {}])) is None
            True
        """
        order = ready_order(state.declared)
        return order[0] if order else None

    # ------------------------------------------------------------ the record
    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The two-player record: the shared fields, the tiles turned face up, who declared
        报听 in order and which of them 天听, 海底捞月 and whether the win was on the 71st tile.

        Example:
            >>> from majiang.game import Game, EfficiencyBot, play
            >>> r = play(Game("two_player", seed=4), [EfficiencyBot()] * 2).records[0]
            >>> len(r["players"]), len(r["flower_tiles"])
            (2, 2)
        """
        out = hand.generic_record(self.name)
        st = hand.state
        assert st is not None
        out["flower_tiles"] = "" if st.indicator is None else TILE_NAMES[st.indicator]
        out["ready"] = ready_order(st.declared)
        out["tian_ting"] = tian_ting_seats(hand.events)
        out["last_chance"] = st.last_chance
        won = hand.result.get("kind") == "win"
        out["last_tile"] = won and not st.last_chance and st.wall.remaining <= TABLE.kept_back
        return out

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """[001:149] 谁胡牌下盘当庄家, 若流局则上盘的庄家下盘继续当庄家.

        Example:
            >>> v = TwoPlayerVariant()
            >>> win = {"result": {"kind": "win", "winner": 1}}
            >>> v.next_dealer(0, 1, win, []), v.next_dealer(1, 2, win, [])
            ((1, 1), (1, 3))
            >>> v.next_dealer(0, 2, {"result": {"kind": "draw"}}, [])
            (0, 2)
        """
        winner = first_winner(record)
        if winner is None:
            return dealer, streak
        return winner, streak + 1 if winner == dealer else 1


class _Seen:
    """A stand-in table for the examples: the declarations alone."""

    def __init__(self, declared: list[dict[str, str]]) -> None:
        self.declared = declared
