"""The Guizhou 捉鸡 engine plug-in, one class per profile (:class:`GuiyangVariant`,
:class:`TongrenVariant`): 平胡 takes a discard only with a 豆 (or on a 热炮, a 报听 seat's
discard), 过水, Tongren's 报听 locking the hand, the 鸡 flipped after a win (the engine's
public ``horses`` event, one tile), the record settlement reads (热炮, 冲锋鸡 and 责任鸡 read
from the log) and the next dealer (docs/rules/guizhou.md).

Example:
    >>> v = TongrenVariant()
    >>> v.table.chows, v.table.openings, v.horses({"kind": "win", "winner": 1}, None)
    ('none', ('baoting',), 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from majiang.game.actions import Declare, Pass
from majiang.meld import Meld
from majiang.tiles import KINDS, mpsz
from majiang.variants.guizhou import hands
from majiang.variants.guizhou.options import PROFILES, GuizhouOptions
from majiang.variants.guizhou.record import HandRecord
from majiang.variants.guizhou.rules import BAOTING, TABLES, WUGU, YAOJI
from majiang.variants.guizhou.settle import next_dealer
from majiang.variants.protocol import FinishedHand, Variant, WinQuery
from majiang.variants.table_view import TableView

__all__ = [
    "GuiyangVariant",
    "GuizhouVariant",
    "TongrenVariant",
    "first_wugu",
    "first_yaoji",
    "repao_kong",
]

_KONG_KIND = {"exposed": "ming_gang", "added": "bu_gang", "concealed": "an_gang"}
_YAOJI = "1s"
_WUGU = "8p"


class GuizhouVariant(Variant):
    """One Guizhou profile bound to a game's options (:class:`GuizhouOptions` over the
    profile's defaults).

    Example:
        >>> import majiang
        >>> hand = majiang.tiles.to_counts("123m456m789p123s5s")
        >>> v = GuiyangVariant()
        >>> v.may_win(WinQuery(0, 22, None, hand, ())), v.may_win(WinQuery(0, 22, 2, hand, ()))
        (True, False)
    """

    profile = "guiyang"
    table = TABLES["guiyang"]

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: GuizhouOptions = PROFILES[self.profile].from_dict(
            dict(options or {}), self.profile
        )
        o = self.options
        self.table = dataclasses.replace(
            TABLES[self.profile],
            passed_win="any_until_draw" if o.guoshui else "none",
            openings=(BAOTING,) if o.baoting else (),
        )
        self._keeps = frozenset((YAOJI, WUGU) if o.wugu else (YAOJI,))

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """A copy applying the game's options (RecordError for unknown or unbuilt ones).

        Example:
            >>> GuiyangVariant().bind({"guoshui": False}).table.passed_win
            'none'
        """
        return type(self)(options)

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
        """The kinds that complete the hand (the family's shapes, and 地龙 where it is on),
        from any source: :meth:`may_win` decides whether a discard may be taken.

        Example:
            >>> import majiang
            >>> sorted(GuiyangVariant().waits(majiang.tiles.to_counts("1112345678999m"), (),
            ...                               seat=0))
            [0, 1, 2, 3, 4, 5, 6, 7, 8]
        """
        return hands.winning_kinds(concealed, melds, self.options)

    def may_win(self, query: WinQuery) -> bool:
        """A completing tile self-drawn or robbed from a 转弯豆 (the engine robs added kongs
        only) always wins; on a discard a hand bigger than 平胡 wins, and a 平胡 only with a
        豆 of its own, on a 热炮 (the discard right after its discarder's 豆) or on a 报听
        seat's discard (option ``pinghu_needs_dou``).

        Example:
            >>> import majiang
            >>> hand = majiang.tiles.to_counts("123m456m789p123s5s")
            >>> v = GuiyangVariant()
            >>> v.may_win(WinQuery(0, 22, 2, hand, (), kong_discard=True))   # 热炮
            True
        """
        if query.waits is not None and query.tile not in query.waits:
            return False
        value = hands.classify(query.full(), query.melds, query.tile, self.options)
        if value is None:
            return False
        if query.source is None or query.robbing:
            return True
        told = query.state is not None and BAOTING in query.state.declared[query.source]
        return self._takes_discard(value.name, query.melds, query.kong_discard or told)

    def _takes_discard(self, name: str, melds: Sequence[Meld], excepted: bool) -> bool:
        """平胡 takes a discard only with a 豆 [001:135], save the seed's exceptions."""
        if name != "平胡" or not self.options.pinghu_needs_dou or excepted:
            return True
        return any(m.is_gang for m in melds)

    def bot_may_win(
        self, observation: Any, concealed: Sequence[int], tile: int, *, self_drawn: bool
    ) -> bool:
        """Whether the seat could win on ``tile`` from what it sees: any completing tile
        self-drawn, a discard unless the hand is a 平胡 without a 豆 (热炮 and 报听
        discards are not foreseen, so the answer errs low).

        Example:
            >>> import majiang
            >>> from majiang.game import Game
            >>> obs = Game("guiyang", seed=1).observation(0)
            >>> hand = majiang.tiles.to_counts("123m456m789p123s5s")
            >>> v = GuiyangVariant()
            >>> v.bot_may_win(obs, hand, 22, self_drawn=True), v.bot_may_win(
            ...     obs, hand, 22, self_drawn=False)
            (True, False)
        """
        melds = observation.melds[observation.seat]
        full = list(concealed)
        full[tile] += 1
        value = hands.classify(full, melds, tile, self.options)
        if value is None:
            return False
        return self_drawn or self._takes_discard(value.name, melds, False)

    def bot_risky_discards(self, observation: Any) -> frozenset[int]:
        """幺鸡 (and 乌骨 where it is a 鸡): a seat not ready at the end pays each ready seat
        for each it discarded (包鸡), a ready one is paid for each it holds; a bot lets one go
        only when no discard as near to winning is left. Right after the seat's own kong (its
        replacement draw, ``after_kong``) the discard is a 热炮's: won on, it voids the 豆 and
        pays the winner on top, so every kind with no copy in sight (nobody discarded or
        melded one: the likeliest to be another seat's wait) is risky too, at that moment only.

        Example:
            >>> sorted(GuiyangVariant().bot_risky_discards(None)), sorted(GuiyangVariant(
            ...     {"wugu": False}).bot_risky_discards(None))
            ([16, 18], [18])
        """
        if observation is None or not observation.after_kong:
            return self._keeps
        seen = observation.visible()
        unseen = (k for k in range(27) if observation.hand_counts[k] and not seen[k])
        return self._keeps.union(unseen)

    # ------------------------------------------------------------ 报听 (Tongren)
    def opening_options(self, what: str, seat: int, state: TableView) -> list[Any]:
        """报听 as 天听 only (docs/rules/guizhou.md §7): the dealer when some discard of its
        dealt 14 leaves it ready, a non-dealer when its dealt 13 are ready (it declares
        before its first draw). Declining is a pass.

        Example:
            >>> from majiang.game import Deal, Game
            >>> g = Game("tongren", dealer=0, deal=Deal(("123456789m1122p5s",
            ...     "123456789p1234s", "147m258p369s1239m", "13579m1357p1357s"), "9s9s"))
            >>> g.state.phase, g.to_act(), g.legal_actions(0)
            ('declare', [0, 1], [Declare(what='baoting', value=''), Pass()])
        """
        if what != BAOTING or not self._ready_discards(seat, state):
            return []
        return [Declare(BAOTING, ""), Pass()]

    def allowed_discards(self, seat: int, state: TableView) -> Collection[int] | None:
        """A 报听 hand is locked: the seat discards what it drew; a dealer who declared on its
        dealt 14 first discards a tile that leaves it ready.

        Example:
            >>> from types import SimpleNamespace
            >>> st = SimpleNamespace(declared=[{}, {"baoting": ""}, {}, {}], dealer=0, drawn=4)
            >>> TongrenVariant().allowed_discards(1, st), TongrenVariant().allowed_discards(0, st)
            ([4], None)
        """
        if BAOTING not in state.declared[seat]:
            return None
        if seat == state.dealer and state.discards_made == 0 and state.turns == 0:
            return self._ready_discards(seat, state)
        return None if state.drawn is None else [state.drawn]

    def may_meld(self, seat: int, state: TableView) -> bool:
        """No pong or kong after 报听 [001:169].

        Example:
            >>> from types import SimpleNamespace
            >>> st = SimpleNamespace(declared=[{}, {"baoting": ""}, {}, {}])
            >>> TongrenVariant().may_meld(1, st), TongrenVariant().may_meld(0, st)
            (False, True)
        """
        return BAOTING not in state.declared[seat]

    def _ready_discards(self, seat: int, state: TableView) -> list[int]:
        """The kinds whose discard leaves the seat ready ([-1]: 13 tiles, ready as dealt)."""
        hand, melds = state.hands[seat], state.melds[seat]
        if sum(hand) + 3 * len(melds) == 13:
            return [-1] if self.waits(hand, melds, seat=seat) else []
        out = []
        for k in range(27):
            if hand[k]:
                after = list(hand)
                after[k] -= 1
                if self.waits(after, melds, seat=seat):
                    out.append(k)
        return out

    # ------------------------------------------------------------ the hand's end
    def horses(self, result: Mapping[str, Any], state: TableView) -> int:
        """翻牌鸡: one tile of the wall turned up after a win, logged as a public event; none
        when the wall is empty.

        Example:
            >>> GuiyangVariant().horses({"kind": "win", "winner": 0}, None)
            1
        """
        return 1 if state is None or state.wall.remaining > 0 else 0

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The Guizhou record (:mod:`majiang.variants.guizhou.record`) from the engine's
        facts: each seat's tiles (the winning tile apart), melds, pond and 报听; the win with
        杠上胡, 抢杠 and 热炮 (the 豆 made right before the winning discard, read from the
        log and listed last of its maker's melds); the flipped tile; 冲锋鸡 and 责任鸡 from
        the first 幺鸡 discarded, 冲锋乌骨 from the first 8p. ``result`` is kept for the
        tools that read every variant.

        Example:
            >>> from majiang.game import EfficiencyBot, Game, play
            >>> g = play(Game("guiyang", seed=3), [EfficiencyBot() for _ in range(4)])
            >>> sorted(g.records[0])[:5]
            ['chongfeng', 'chongfeng_wugu', 'dealer', 'dealer_streak', 'flip']
        """
        st = hand.state
        assert st is not None
        result = hand.result
        repao = None
        win = None
        if result.get("kind") == "win":
            source = result.get("from")
            if source is not None and not result.get("qiang_gang"):
                repao = repao_kong(hand.events)
            winners = result["winner"] if isinstance(result["winner"], list) else [result["winner"]]
            win = {
                "winners": list(winners),
                "from": source,
                "tile": result["tile"],
                "gang_shang": bool(result.get("gang_kai")),
                "qiang_gang": bool(result.get("qiang_gang")),
                "repao": None if repao is None else repao[1],
            }
        players = []
        for s in range(4):
            melds = list(st.melds[s])
            if repao is not None and s == repao[0]:
                made = next(m for m in melds if m.is_gang and KINDS[m.kinds[0]] == repao[2])
                melds.remove(made)
                melds.append(made)  # the 热炮 豆 last, as the record reads it
            players.append(
                {
                    "hand": mpsz(st.hands[s]),
                    "melds": [m.to_dict() for m in melds],
                    "discards": "".join(KINDS[k] for k in st.ponds[s]),
                    "baoting": BAOTING in st.declared[s],
                }
            )
        chongfeng, zeren = first_yaoji(hand.events, self.options.shouquan_chongfeng)
        wugu = (
            first_wugu(hand.events, self.options.shouquan_chongfeng) if self.options.wugu else None
        )
        return {
            "variant": self.name,
            "options": dict(hand.options),
            "dealer": hand.dealer,
            "dealer_streak": hand.dealer_streak,
            "players": players,
            "win": win,
            "flip": hand.horses[0] if hand.horses else None,
            "chongfeng": chongfeng,
            "chongfeng_wugu": wugu,
            "zeren": zeren,
            "result": result,
        }

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """The settlement's next dealer (:func:`majiang.variants.guizhou.settle.next_dealer`:
        the winner; 一炮多响 and 黄庄 by the profile's rules); the streak counts the dealer's
        hands in a row.

        Example:
            >>> from majiang.variants.guizhou.record import EXAMPLE
            >>> GuiyangVariant().next_dealer(0, 1, EXAMPLE, []), GuiyangVariant().next_dealer(
            ...     2, 1, EXAMPLE, [])
            ((0, 2), (0, 1))
        """
        following = next_dealer(HandRecord.from_dict(record))
        return following, streak + 1 if following == dealer else 1


class GuiyangVariant(GuizhouVariant):
    """The Guiyang 贵阳捉鸡 profile (docs/rules/guizhou.md §1-§6).

    Example:
        >>> GuiyangVariant().name, GuiyangVariant().table.openings
        ('guiyang', ())
    """

    profile = "guiyang"
    table = TABLES["guiyang"]


class TongrenVariant(GuizhouVariant):
    """The Tongren 铜仁 profile: Guiyang's with 报听/杀报, 地龙 and 热炮 +1 (§7).

    Example:
        >>> TongrenVariant().name, TongrenVariant().options.dilong
        ('tongren', True)
    """

    profile = "tongren"
    table = TABLES["tongren"]


def repao_kong(events: Sequence[Mapping[str, Any]]) -> tuple[int, str, str] | None:
    """The 豆 (seat, record kind, tile) made right before the hand's last discard, by its
    discarder (the kong, its payment and replacement draw, then the discard): a 热炮's 豆;
    None when the last discard followed an ordinary draw or a pong.

    Example:
        >>> ev = [{"event": "kong", "seat": 1, "kind": "concealed", "tile": "5m"},
        ...       {"event": "draw", "seat": 1, "tile": "6p", "replacement": True},
        ...       {"event": "discard", "seat": 1, "tile": "6p"},
        ...       {"event": "win", "winner": 2}]
        >>> repao_kong(ev)
        (1, 'an_gang', '5m')
    """
    i = len(events) - 1
    while i >= 0 and events[i].get("event") != "discard":
        i -= 1
    if i < 0:
        return None
    seat = events[i].get("seat")
    i -= 1
    while i >= 0 and events[i].get("event") in ("draw", "payment"):
        if events[i].get("event") == "draw" and not events[i].get("replacement"):
            return None
        i -= 1
    e = events[i] if i >= 0 else {}
    if e.get("event") != "kong" or e.get("seat") != seat:
        return None
    return int(e["seat"]), _KONG_KIND[e["kind"]], str(e["tile"])


def first_yaoji(
    events: Sequence[Mapping[str, Any]], first_round: bool = False
) -> tuple[int | None, list[int] | None]:
    """冲锋鸡 and 责任鸡 from the hand's first 幺鸡 discarded: ponged or konged, its
    discarder owes the claimer (责任鸡, ``[discarder, claimer]``); won on, neither; else its
    discarder holds the 冲锋鸡 (under ``first_round``, 首圈冲锋鸡, only when it was among the
    hand's first four discards).

    Example:
        >>> ev = [{"event": "discard", "seat": 2, "tile": "1s"},
        ...       {"event": "pong", "seat": 0, "tiles": "111s", "source": 2}]
        >>> first_yaoji(ev), first_yaoji(ev[:1])
        ((None, [2, 0]), (2, None))
    """
    return _first_discard(events, _YAOJI, first_round)


def first_wugu(events: Sequence[Mapping[str, Any]], first_round: bool = False) -> int | None:
    """冲锋乌骨: the seat whose 8p was the hand's first 8p discarded and not claimed (ponged,
    konged or won on: none), read from the log as :func:`first_yaoji` reads the 冲锋鸡.

    Example:
        >>> ev = [{"event": "discard", "seat": 3, "tile": "8p"},
        ...       {"event": "discard", "seat": 0, "tile": "8p"}]
        >>> first_wugu(ev), first_wugu(ev[1:] + [{"event": "win", "winner": 1}])
        (3, None)
    """
    return _first_discard(events, _WUGU, first_round)[0]


def _first_discard(
    events: Sequence[Mapping[str, Any]], tile: str, first_round: bool
) -> tuple[int | None, list[int] | None]:
    """The first discard of ``tile``: (its discarder if it went unclaimed, [discarder,
    claimer] if it was ponged or exposed-konged)."""
    discards = 0
    for i, e in enumerate(events):
        if e.get("event") != "discard":
            continue
        discards += 1
        if e.get("tile") != tile:
            continue
        after = events[i + 1] if i + 1 < len(events) else {}
        kind = after.get("event")
        if kind == "pong" or (kind == "kong" and after.get("kind") == "exposed"):
            return None, [int(e["seat"]), int(after["seat"])]
        if kind == "win" or (first_round and discards > 4):
            return None, None
        return int(e["seat"]), None
    return None, None
