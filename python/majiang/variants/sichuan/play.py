"""The Sichuan engine plug-in: 换三张 and 定缺 as openings, the void discarded first and never
melded, wins with at most two suits and none of the void, 最后四张自动胡, kong money paid at
once, the record of a 血战 hand, the next dealer.

Example:
    >>> v = SichuanVariant()
    >>> v.table.wins_to_end, v.table.openings
    (3, ('void',))
    >>> SichuanVariant({"exchange": True}).table.openings
    ('exchange', 'void')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations
from typing import Any

from majiang._core import parse_tiles
from majiang.game.actions import Declare
from majiang.game.events import Exchange, Kong, Win
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, SEATS, kinds_text
from majiang.variants.protocol import FinishedHand, Variant, WinQuery
from majiang.variants.sichuan import hands
from majiang.variants.sichuan.options import SichuanOptions
from majiang.variants.sichuan.rules import EXCHANGE, TABLE, VOID
from majiang.variants.sichuan.settle import kong_payments
from majiang.variants.table_view import TableView

__all__ = ["LAST_TILES", "SichuanVariant", "exchange_offset"]

LAST_TILES = 4
"""最后四张自动胡: once the wall is down to its last four tiles, a win offered must be taken."""
_KONG_KIND = {"exposed": "ming_gang", "added": "bu_gang", "concealed": "an_gang"}
_EXCHANGE_VALUES = tuple(
    kinds_text(trio)
    for suit in range(3)
    for trio in sorted(
        set(combinations([k for k in range(suit * 9, suit * 9 + 9) for _ in range(3)], 3))
    )
)
"""换三张's values: every three tiles of one suit, in a fixed order."""
_MELDABLE = tuple(frozenset(k for k in range(27) if k // 9 != void) for void in range(3))
"""The kinds a seat of each declared void may pong or kong."""


def exchange_offset(dice: Sequence[int]) -> int:
    """Where 换三张 passes the tiles, from the hand's dice: the total's remainder by 3 gives
    1 (remainder 1: to the next seat, 下家), 2 (remainder 0: across) or 3 (remainder 2: to the
    previous seat, 上家).

    Example:
        >>> exchange_offset((3, 4)), exchange_offset((2, 4)), exchange_offset((4, 4))
        (1, 2, 3)
    """
    return (2, 1, 3)[sum(dice) % 3]


class SichuanVariant(Variant):
    """Sichuan 血战到底 (docs/rules/sichuan.md), bound to a game's options.

    Example:
        >>> import majiang
        >>> v = SichuanVariant()
        >>> sorted(v.waits(majiang.tiles.to_counts("1112345678999m"), (), seat=0))[:3]
        [0, 1, 2]
    """

    table = TABLE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = SichuanOptions.from_dict(dict(options or {}))
        o = self.options
        openings = ((EXCHANGE,) if o.exchange else ()) + ((VOID,) if o.dingque else ())
        self.table = dataclasses.replace(
            TABLE,
            openings=openings,
            passed_win="any_until_draw" if o.guoshou_hu else "none",
            winners_stay=o.xueliu,
        )

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones).

        Example:
            >>> SichuanVariant().bind({"guoshou_hu": False}).table.passed_win
            'none'
        """
        return SichuanVariant(options)

    # ------------------------------------------------------------ the openings
    def opening_options(self, what: str, seat: int, state: TableView) -> list[Any]:
        """定缺: the three suits (``Declare("void", "m")`` ...); 换三张: every choice of three
        tiles of one suit the seat holds three of.

        Example:
            >>> from majiang.game import Game
            >>> g = Game("sichuan", seed=1)
            >>> [a.value for a in g.legal_actions(g.to_act()[0])]
            ['m', 'p', 's']
        """
        if what == VOID:
            return [Declare(VOID, letter) for letter in hands.SUIT_LETTERS]
        if what != EXCHANGE:
            return []
        hand = state.hands[seat]
        out: list[Any] = []
        for suit in range(3):
            tiles = [k for k in range(suit * 9, suit * 9 + 9) for _ in range(hand[k])]
            for trio in sorted(set(combinations(tiles, 3))):
                out.append(Declare(EXCHANGE, kinds_text(trio)))
        return out

    def opening_values(self, what: str) -> tuple[str, ...]:
        """Every value the openings can take, in a fixed order: 定缺 the suits; 换三张 every
        three tiles of one suit (495: 165 a suit).

        Example:
            >>> v = SichuanVariant()
            >>> v.opening_values("void"), len(v.opening_values("exchange"))
            (('m', 'p', 's'), 495)
        """
        if what == VOID:
            return tuple(hands.SUIT_LETTERS)
        if what == EXCHANGE:
            return _EXCHANGE_VALUES
        return ("",)

    def after_declarations(
        self, what: str, made: Mapping[int, str], state: TableView
    ) -> Exchange | None:
        """换三张: each seat's three tiles go to the seat the dice name (the engine moves
        them); 定缺 only changes what may win.

        Example:
            >>> from types import SimpleNamespace
            >>> st = SimpleNamespace(wall=SimpleNamespace(dice=(3, 4)))
            >>> SichuanVariant().after_declarations("exchange", {0: "1m2m3m"}, st)
            Exchange(moves=((0, 1, (0, 1, 2)),))
            >>> SichuanVariant().after_declarations("void", {0: "m"}, st) is None
            True
        """
        if what != EXCHANGE:
            return None
        offset = exchange_offset(state.wall.dice)
        return Exchange(
            tuple(
                (s, (s + offset) % SEATS, tuple(KIND_INDEX[t] for t in _tiles(v)))
                for s, v in made.items()
            )
        )

    def opening_viewers(self, what: str, seat: int, state: TableView) -> Collection[int]:
        """The receiver of a seat's three 换三张 tiles sees them.

        Example:
            >>> from types import SimpleNamespace
            >>> st = SimpleNamespace(wall=SimpleNamespace(dice=(3, 4)))
            >>> SichuanVariant().opening_viewers("exchange", 1, st)
            (2,)
        """
        if what != EXCHANGE:
            return ()
        return ((seat + exchange_offset(state.wall.dice)) % SEATS,)

    def allowed_discards(self, seat: int, state: TableView) -> Collection[int] | None:
        """A seat holding tiles of its declared void must discard them first.

        Example:
            >>> from types import SimpleNamespace
            >>> hand = [1] * 27 + [0] * 7
            >>> st = SimpleNamespace(declared=[{"void": "p"}] + [{}] * 3, hands=[hand] * 4)
            >>> sorted(SichuanVariant().allowed_discards(0, st))
            [9, 10, 11, 12, 13, 14, 15, 16, 17]
        """
        if self.options.xueliu and state.drawn is not None and seat in _out(state.wins):
            return (state.drawn,)  # 血流: a winner's hand is locked, it discards what it drew
        void = _void(state, seat)
        if void is None:
            return None
        hand = state.hands[seat]
        held = [k for k in range(void * 9, void * 9 + 9) if hand[k]]
        return held or None

    def may_meld(self, seat: int, state: TableView) -> bool:
        """血流成河: a seat that has won claims no discard (its concealed kongs and added kongs
        stay allowed).

        Example:
            >>> from types import SimpleNamespace
            >>> st = SimpleNamespace(wins=[{"winner": 1}], discarder=2)
            >>> SichuanVariant({"xueliu": True}).may_meld(1, st), SichuanVariant().may_meld(1, st)
            (False, True)
        """
        if not self.options.xueliu or state.discarder in (None, seat):
            return True
        return seat not in _out(state.wins)

    def meld_kinds(self, seat: int, state: TableView) -> Collection[int] | None:
        """No pong or kong of the declared void suit.

        Example:
            >>> from types import SimpleNamespace
            >>> st = SimpleNamespace(declared=[{"void": "s"}] + [{}] * 3)
            >>> len(SichuanVariant().meld_kinds(0, st))
            18
        """
        void = _void(state, seat)
        return None if void is None else _MELDABLE[void]

    # ------------------------------------------------------------ wins
    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds that complete the hand with at most two suits (the void, once declared,
        is asked of :meth:`may_win`).

        Example:
            >>> import majiang
            >>> sorted(SichuanVariant().waits(majiang.tiles.to_counts("123m456m789p123s5s"), (),
            ...                               seat=0))
            []
        """
        return hands.winning_kinds(concealed, melds)

    def may_win(self, query: WinQuery) -> bool:
        """A completing tile wins unless the seat holds its declared void (read from the
        query's state; the waits are computed without it).

        Example:
            >>> import majiang
            >>> q = WinQuery(0, 4, 2, majiang.tiles.to_counts("1112345678999m"), ())
            >>> SichuanVariant().may_win(q)
            True
        """
        if query.waits is not None and query.tile not in query.waits:
            return False
        void = None if query.state is None else _void(query.state, query.seat)
        return hands.is_winning(query.full(), query.melds, void)

    def must_win(self, query: WinQuery, state: TableView) -> bool:
        """最后四张自动胡: once the last four tiles are being drawn (fewer than four left), a
        seat offered a win must win.

        Example:
            >>> from types import SimpleNamespace
            >>> q = WinQuery(0, 4, 2, [0] * 34, ())
            >>> v = SichuanVariant()
            >>> v.must_win(q, SimpleNamespace(wall=SimpleNamespace(remaining=3)))
            True
            >>> v.must_win(q, SimpleNamespace(wall=SimpleNamespace(remaining=4)))
            False
        """
        if self.options.xueliu and query.seat in _out(state.wins):
            return True  # 血流: a winner wins whenever it can
        return bool(state.wall.remaining < LAST_TILES)

    def payment(self, event: Kong | Win, state: TableView) -> tuple[str, Sequence[int]] | None:
        """刮风下雨, paid at once: a kong's money from the seats still in play.

        Example:
            >>> from types import SimpleNamespace
            >>> st = SimpleNamespace(wins=[{"winner": 2}])
            >>> SichuanVariant().payment(Kong(0, "concealed", "5m"), st)
            ('刮风下雨', [4, -2, 0, -2])
        """
        if not isinstance(event, Kong):
            return None
        out = _out(state.wins)
        lines = kong_payments(
            event.seat, _KONG_KIND[event.kind], KIND_INDEX[event.tile], event.source, out,
            self.options.base,
        )  # fmt: skip
        deltas = [0, 0, 0, 0]
        for p in lines:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        return "刮风下雨", deltas

    # ------------------------------------------------------------ the record
    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The Sichuan record (:mod:`majiang.variants.sichuan.record`) from the engine's
        facts: the players with their 定缺, every win (杠上炮 and 海底 read from the events),
        every kong that stood, and ``draw`` unless three seats won.

        Example:
            >>> from majiang.game import Game, EfficiencyBot, play
            >>> g = play(Game("sichuan", seed=3), [EfficiencyBot() for _ in range(4)])
            >>> sorted(g.records[0])[:4]
            ['dealer', 'dealer_streak', 'kongs', 'options']
        """
        declared = hand.state.declared if hand.state is not None else [{}] * SEATS
        players = [
            {
                "hand": p["hand"],
                "melds": p["melds"],
                "discards": p["discards"],
                "void": declared[s].get(VOID) or None,
            }
            for s, p in enumerate(hand.players)
        ]
        wins, kongs = _read_events(hand.events, hand.wins)
        winners = {s for w in wins for s in _seats(w["winner"])}
        if self.options.xueliu:  # each win with the winners' tiles as they won
            for w, engine in zip(wins, hand.wins, strict=True):
                w["hands"], w["melds"] = dict(engine["hands"]), dict(engine["melds"])
        return {
            "variant": self.name,
            "options": self.options.overrides(),
            "dealer": hand.dealer,
            "dealer_streak": hand.dealer_streak,
            "players": players,
            "wins": wins,
            "kongs": kongs,
            "result": {"kind": "win" if len(winners) >= 3 and not self.options.xueliu else "draw"},
        }

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """The dice choose (-1) by default; under the option ``dealer`` the first winner deals
        (or, for ``first_winner_or_discarder``, the discarder of a first win with several
        winners); without a win the dealer stays.

        Example:
            >>> rec = {"wins": [{"winner": [1, 2], "from": 0}]}
            >>> SichuanVariant().next_dealer(0, 1, rec, [])
            (-1, 1)
            >>> v = SichuanVariant({"dealer": "first_winner_or_discarder"})
            >>> v.next_dealer(3, 1, rec, []), v.next_dealer(3, 1, {"wins": []}, [])
            ((0, 1), (3, 2))
        """
        rule = self.options.dealer
        if rule == "dice":
            return -1, 1
        wins = record.get("wins") or []
        if not wins:
            return dealer, streak + 1
        first = wins[0]
        seats = _seats(first["winner"])
        nxt = seats[0]
        if rule == "first_winner_or_discarder" and len(seats) > 1 and first["from"] is not None:
            nxt = first["from"]
        return nxt, streak + 1 if nxt == dealer else 1


def _tiles(text: str) -> list[str]:
    return list(parse_tiles(text))


def _seats(winner: Any) -> list[int]:
    return list(winner) if isinstance(winner, list) else [winner]


def _out(wins: Sequence[Mapping[str, Any]]) -> set[int]:
    return {s for w in wins for s in _seats(w["winner"])}


def _void(state: Any, seat: int) -> int | None:
    letter = state.declared[seat].get(VOID)
    return None if not letter else hands.SUIT_LETTERS.index(letter)


def _read_events(
    events: Sequence[Mapping[str, Any]], engine_wins: Sequence[Mapping[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The record's wins (the engine's, with 杠上炮 and 海底 from the events) and kongs."""
    wins: list[dict[str, Any]] = []
    kongs: list[dict[str, Any]] = []
    left = 0
    previous: Mapping[str, Any] = {}
    gang_discard = False
    pending: dict[str, Any] | None = None  # an added kong that may still be robbed
    for e in events:
        kind = e.get("event")
        if kind == "payment":
            continue
        if pending is not None:
            if not (kind == "win" and e.get("qiang_gang")):
                kongs.append(pending)
            pending = None
        if kind == "deal":
            left = len(e.get("wall", ()))
        elif kind == "draw":
            left -= 1
        elif kind == "discard":
            gang_discard = (
                previous.get("event") == "draw"
                and bool(previous.get("replacement"))
                and previous.get("seat") == e.get("seat")
            )
        elif kind == "kong":
            entry = {
                "seat": e["seat"],
                "kind": _KONG_KIND[e["kind"]],
                "tile": e["tile"],
                "from": e.get("source") if e["kind"] == "exposed" else None,
                "after_wins": len(wins),
            }
            if e["kind"] == "added":
                pending = entry
            else:
                kongs.append(entry)
        elif kind == "win":
            w = {k: e[k] for k in ("winner", "tile", "from", "gang_kai", "qiang_gang",
                                   "tian_hu", "di_hu")}  # fmt: skip
            w["gang_pao"] = bool(
                e["from"] is not None and not e["qiang_gang"] and gang_discard
                and previous.get("event") == "discard"
            )  # fmt: skip
            w["haidi"] = left == 0 and not e["qiang_gang"]
            wins.append(w)
        previous = e
    if pending is not None:
        kongs.append(pending)
    assert len(wins) == len(engine_wins)
    return wins, kongs
