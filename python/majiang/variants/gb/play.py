"""The GB engine plug-in: a win is offered only when it reaches 起和 (8 番 without flowers,
option ``min_fan``) with its real flags; the dealer passes on every hand (the winner deals
under ``winner_deals``, the platform profile) and the prevalent wind advances after four hands
(docs/rules/gb.md, "The engine").

The engine's ``dealer_streak`` counts the hands of the match here (GB has no 连庄: "无论是否和
牌, 庄家不连庄" `[001]`): hand n (from 1) has the prevalent wind ``(n - 1) // 4 % 4``, and a
match of 16 hands (four rounds, 东南西北圈) ends there.

Example:
    >>> GbVariant().table.chows, len(GbVariant({"flowers": False}).table.tiles)
    ('suits', 136)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from majiang.errors import InvalidHandError, WinFlagsError
from majiang.meld import Meld
from majiang.tiles import SEATS
from majiang.variants.gb import hands
from majiang.variants.gb.options import GbOptions
from majiang.variants.gb.rules import NO_FLOWERS, TABLE
from majiang.variants.protocol import FinishedHand, Variant, WinQuery, first_winner

__all__ = ["MATCH_HANDS", "GbVariant", "prevalent_wind"]

MATCH_HANDS = 16
"""Four rounds of four hands (圈风 东南西北, each seat dealing once a round `[001]`)."""


def prevalent_wind(streak: int) -> int:
    """The prevalent wind (0 East .. 3 North) of the match's hand number ``streak`` (from 1).

    Example:
        >>> [prevalent_wind(n) for n in (1, 4, 5, 16, 17)]
        [0, 0, 1, 3, 0]
    """
    return (streak - 1) // 4 % 4


class GbVariant(Variant):
    """国标: 144 tiles with flowers (补花), chows by the 下家, one winner per discard, the
    8-番 minimum checked before a win is offered.

    Example:
        >>> import majiang
        >>> v = GbVariant()
        >>> hand = majiang.tiles.to_counts("123m456m789m234p5p")
        >>> v.may_win(WinQuery(0, 13, 2, hand, ()))       # 清龙 门前清 平和 缺一门: 21
        True
        >>> hand = majiang.tiles.to_counts("123m456m789p234s5p")
        >>> v.may_win(WinQuery(0, 13, 2, hand, ()))       # 门前清 平和 ...: below 8
        False
    """

    table = TABLE

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = GbOptions.from_dict(dict(options or {}))
        if not self.options.flowers:
            self.table = NO_FLOWERS

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown ones).

        Example:
            >>> GbVariant().bind({"min_fan": 0}).options.min_fan
            0
        """
        return GbVariant(options)

    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds completing the hand in a GB shape, any 番 (:func:`hands.engine_waits`).

        Example:
            >>> import majiang
            >>> sorted(GbVariant().waits(majiang.tiles.to_counts("123m456p789s123s5m"), (),
            ...                          seat=0))
            [4]
        """
        return hands.engine_waits(concealed, melds)

    def may_win(self, query: WinQuery) -> bool:
        """Whether the tile completes the hand with at least ``min_fan`` 番 without flowers,
        scored by :func:`majiang.gb.fan` with the flags the table shows: self-drawn, 和绝张
        (no other copy in the wall or a hidden hand), 杠上开花, 抢杠和, 妙手回春 / 海底捞月
        (the wall is empty), seat wind (from the dealer) and prevalent wind.

        Example:
            >>> import majiang
            >>> hand = majiang.tiles.to_counts("123m456m789p234s5p")
            >>> GbVariant({"min_fan": 0}).may_win(WinQuery(0, 13, 2, hand, ()))
            True
        """
        if query.waits is not None and query.tile not in query.waits:
            return False
        facts = _facts(query)
        if self.options.extras and query.state is not None:
            facts["special"] = _special(query)
        try:
            score = hands.score_win(
                query.concealed,
                query.melds,
                query.tile,
                self_drawn=query.self_drawn,
                seat=query.seat,
                flowers=sum(1 for t in query.flowers if t >= 34),
                options=self.options,
                **facts,
            )
        except (InvalidHandError, WinFlagsError):  # NotWinningError is an InvalidHandError
            return False
        return score.counted >= self.options.min_fan

    def bot_may_win(
        self, observation: Any, concealed: Sequence[int], tile: int, *, self_drawn: bool
    ) -> bool | None:
        """Whether a win on ``tile`` would reach 起和 from what the seat sees: its melds and
        flowers, its seat wind (from the dealer) and the prevalent wind; the flags only the
        table knows (和绝张, the wall's last tile) are left out, so the answer errs low.

        Example:
            >>> import majiang
            >>> from majiang.game import Game
            >>> obs = Game("gb", seed=1).observation(0)
            >>> v = GbVariant()
            >>> hand = majiang.tiles.to_counts("123m456m789m234p5p")      # 清龙: 16 and more
            >>> v.bot_may_win(obs, hand, 13, self_drawn=False)
            True
            >>> hand = majiang.tiles.to_counts("123m456m789p234s5p")      # 平和 ...: below 8
            >>> v.bot_may_win(obs, hand, 13, self_drawn=False)
            False
        """
        seat = observation.seat
        try:
            score = hands.score_win(
                concealed,
                observation.melds[seat],
                tile,
                self_drawn=self_drawn,
                seat=seat,
                seat_wind=(seat - observation.dealer) % SEATS,
                prevalent_wind=prevalent_wind(observation.dealer_streak),
                flowers=sum(1 for t in observation.flowers[seat] if t >= 34),
                options=self.options,
            )
        except (InvalidHandError, WinFlagsError):
            return False
        return score.counted >= self.options.min_fan

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The GB record (docs/rules/gb.md, "Record"): the shared fields, each seat's flowers,
        the prevalent wind, and the win's flags as GB names them.

        Example:
            >>> r = GbVariant().record(FinishedHand({}, 0, 5, [], {"kind": "draw"}, []))
            >>> r["prevalent_wind"], r["result"]
            (1, {'kind': 'draw'})
        """
        out = hand.generic_record(self.name)
        out["prevalent_wind"] = prevalent_wind(hand.dealer_streak)
        out["players"] = [
            {
                "hand": p["hand"],
                "melds": p.get("melds", []),
                "flowers": p.get("flowers", ""),
                "discards": p.get("discards", ""),
            }
            for p in hand.players
        ]
        r = hand.result
        if r.get("kind") == "win":
            st = hand.state
            winner = r["winner"]
            self_drawn = r.get("from") is None
            nothing = st is not None and not any(st.melds)
            made = st.discards_made if st is not None else 99
            dealer = hand.dealer
            out["result"] = {
                "kind": "win",
                "winner": winner,
                "tile": r["tile"],
                "from": r.get("from"),
                "gang_kai": bool(r.get("gang_kai")),
                "qiang_gang": bool(r.get("qiang_gang")),
                "last_tile": st is not None and _wall_empty(st),
                "tian_hu": bool(r.get("tian_hu")),
                "di_hu": nothing and self_drawn and winner == (dealer + 1) % SEATS and made == 1,
                "ren_hu": False,
            }
            if out["result"]["di_hu"] or out["result"]["tian_hu"]:
                return out
            ponds = st.ponds if st is not None else [()] * SEATS
            out["result"]["ren_hu"] = nothing and all(len(p) <= 1 for p in ponds) and made <= 4
        return out

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """The dealer passes to the next seat after every hand, won or drawn `[001]` 比赛规则;
        under ``winner_deals`` (the platform profile, `[001]` 打麻将的规则 "谁胡牌 下一轮由他
        做庄") the winner deals and a drawn hand keeps the dealer. The streak counts the
        match's hands either way (the prevalent wind and the match's end follow it).

        Example:
            >>> GbVariant().next_dealer(3, 4, {"result": {"kind": "draw"}}, [])
            (0, 5)
            >>> platform = GbVariant({"profile": "platform"})
            >>> win = {"result": {"kind": "win", "winner": 2}}
            >>> platform.next_dealer(0, 4, win, []), platform.next_dealer(
            ...     0, 4, {"result": {"kind": "draw"}}, [])
            ((2, 5), (0, 5))
        """
        if self.options.winner_deals:
            winner = first_winner(record)
            return (dealer if winner is None else winner), streak + 1
        return (dealer + 1) % SEATS, streak + 1

    def match_over(self, records: Sequence[Mapping[str, Any]]) -> bool:
        """After the 16th hand (four rounds of prevalent wind).

        Example:
            >>> GbVariant().match_over([{"dealer_streak": 16}])
            True
        """
        return bool(records) and int(records[-1].get("dealer_streak", 1)) >= MATCH_HANDS


def _wall_empty(st: Any) -> bool:
    return int(st.wall.remaining) == 0


def _special(query: WinQuery) -> str | None:
    """天和, 地和 or 人和 as the record reads them (``[001]`` 番种图解)."""
    st = query.state
    if st is None or any(st.melds):
        return None
    made = st.discards_made
    if query.self_drawn and query.seat == st.dealer and made == 0:
        return "天和"
    if query.self_drawn and query.seat == (st.dealer + 1) % SEATS and made == 1:
        return "地和"
    if made <= 4 and all(len(p) <= 1 for p in st.ponds):
        return "人和"
    return None


def _facts(query: WinQuery) -> dict[str, Any]:
    """The win flags and winds the engine's state shows (none outside a game)."""
    st = query.state
    if st is None:
        return {"robbing": query.robbing, "replacement": query.after_kong and query.self_drawn}
    robbing = query.robbing or (st.phase == "rob" and not query.self_drawn)
    replacement = query.self_drawn and (query.after_kong or bool(st.after_kong))
    hidden = sum(st.hands[s][query.tile] for s in range(SEATS) if s != query.seat)
    hidden += sum(
        m.kinds.count(query.tile)
        for s in range(SEATS)
        if s != query.seat
        for m in st.melds[s]
        if m.kind == "an_gang"
    )
    hidden += st.wall.live().count(query.tile)
    last_copy = not robbing and hidden == 0 and query.concealed[query.tile] == 0
    facts: dict[str, Any] = {
        "robbing": robbing,
        "replacement": replacement,
        "last_copy": last_copy,
        "last_tile": _wall_empty(st) and not robbing,
        "seat_wind": (query.seat - st.dealer) % SEATS,
        "prevalent_wind": prevalent_wind(st.streak),
    }
    return facts
