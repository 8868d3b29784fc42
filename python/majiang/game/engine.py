"""The game engine: whole matches of a rule variant, one seat's action at a time.

Example:
    >>> from majiang.game import Game, EfficiencyBot
    >>> g = Game(seed=3, hands=1)
    >>> bots = [EfficiencyBot(s) for s in range(4)]
    >>> while not g.over:
    ...     seat = g.to_act()[0]
    ...     g.step(seat, bots[seat].act(g.observation(seat), g.legal_actions(seat)))
    >>> len(g.records), sum(g.scores)
    (1, 0)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import majiang
from majiang.errors import IllegalActionError
from majiang.game.actions import Action, Chow, Discard, Kong, Pass, Pong, Win, from_dict
from majiang.game.state import HandState, MeldState, kinds_text, mpsz
from majiang.game.variant import Variant, get_variant
from majiang.game.wall import Wall
from majiang.settlement import Settlement
from majiang.tiles import KINDS

__all__ = ["Deal", "Game", "Observation"]

INDEX = {name: i for i, name in enumerate(KINDS)}


def _counts(text: str) -> list[int]:
    return list(majiang.tiles.to_counts(text))


@dataclass(frozen=True)
class Deal:
    """A chosen deal for tests and puzzles: the four ``hands`` (the dealer's 14 tiles, 13 for
    the others), the ``wall`` in draw order (head first; replacement draws take its last
    tile), and the jing ``indicator`` / ``lower`` indicator.

    Example:
        >>> d = Deal(("11122233344455m", "1p", "1p", "1p"), "9s", "1z", "2z")
        >>> d.wall
        '9s'
    """

    hands: tuple[str, str, str, str]
    wall: str
    indicator: str
    lower: str


@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own concealed tiles, every meld and pond, the wall count,
    the jing, scores, and whose move it is.

    Example:
        >>> o = Game(seed=1, dealer=0).observation(1)
        >>> o.seat, len(o.hand_counts), sum(o.hand_counts)
        (1, 34, 13)
    """

    seat: int
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[dict[str, Any], ...], ...]
    ponds: tuple[str, ...]
    wall: int
    indicator: str
    jing: tuple[str, ...]
    scores: tuple[int, ...]
    dealer: int
    turn: int
    phase: str
    last_discard: str | None
    discarder: int | None

    @property
    def hand(self) -> str:
        """Own concealed tiles (MPSZ).

        Example:
            >>> len(majiang.parse_tiles(Game(seed=2).observation(0).hand)) in (13, 14)
            True
        """
        return mpsz(self.hand_counts)

    @property
    def meld_count(self) -> int:
        """How many melds this seat has declared.

        Example:
            >>> Game(seed=2).observation(0).meld_count
            0
        """
        return len(self.melds[self.seat])

    def visible(self) -> list[int]:
        """34 counts of the tiles this seat sees outside its own hand (melds, ponds, indicator).

        Example:
            >>> sum(Game(seed=2).observation(0).visible())
            1
        """
        counts = [0] * 34
        for seat_melds in self.melds:
            for m in seat_melds:
                for t in majiang.parse_tiles(m["tiles"]):
                    counts[INDEX[t]] += 1
        for pond in self.ponds:
            for t in majiang.parse_tiles(pond) if pond else ():
                counts[INDEX[t]] += 1
        counts[INDEX[self.indicator]] += 1
        return [min(c, 4 - h) for c, h in zip(counts, self.hand_counts, strict=True)]

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> sorted(Game(seed=2).observation(3).to_dict())[:3]
            ['dealer', 'discarder', 'hand']
        """
        return {
            "seat": self.seat,
            "hand": self.hand,
            "melds": [list(m) for m in self.melds],
            "ponds": list(self.ponds),
            "wall": self.wall,
            "indicator": self.indicator,
            "jing": list(self.jing),
            "scores": list(self.scores),
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase,
            "last_discard": self.last_discard,
            "discarder": self.discarder,
        }


class Game:
    """A match of ``hands`` hands of ``variant`` from ``seed`` (``options`` go into every hand
    record, i.e. the settlement options). ``deal`` fixes the first hand (tests, puzzles).

    Example:
        >>> g = Game(seed=5)
        >>> g.to_act() == [g.state.dealer], len(g.legal_actions(g.state.dealer)) > 0
        (True, True)
        >>> g.step((g.state.dealer + 1) % 4, Pass())
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: pass is not legal for seat ... now
    """

    def __init__(
        self,
        variant: str | Variant = "nanchang",
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        hands: int = 1,
        deal: Deal | None = None,
        dealer: int | None = None,
    ) -> None:
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        self.options = dict(options or {})
        self.hands = hands
        self.rng = random.Random(seed)
        self.scores = [0, 0, 0, 0]
        self.events: list[dict[str, Any]] = []
        self.records: list[dict[str, Any]] = []
        self.settlements: list[Settlement] = []
        self.over = False
        first = self.rng.randrange(4) if dealer is None else dealer
        self._begin(first, 1, deal)

    # ----------------------------------------------------------------- hand start
    def _begin(self, dealer: int, streak: int, deal: Deal | None) -> None:
        hand_seed = self.rng.getrandbits(64)
        wall = Wall.build(hand_seed, self.variant.kinds)
        hands = [[0] * 34 for _ in range(4)]
        if deal is None:
            for _ in range(13):
                for s in range(4):
                    hands[(dealer + s) % 4][wall.draw()] += 1
            last = wall.draw()
            hands[dealer][last] += 1
            up, low = wall.flip()
        else:
            for s in range(4):
                hands[s] = _counts(deal.hands[s])
            every = _counts(deal.wall)
            for h in hands:
                every = [a + b for a, b in zip(every, h, strict=True)]
            if max(every) > 4:
                worst = KINDS[every.index(max(every))]
                raise majiang.InvalidHandError(f"deal: more than four {worst}")
            wall = Wall([INDEX[t] for t in majiang.parse_tiles(deal.wall)], (0, 0), 0, 0, 0)
            wall.tail = len(wall.tiles)
            last = next(k for k in range(33, -1, -1) if hands[dealer][k])
            up, low = INDEX[deal.indicator], INDEX[deal.lower]
        self.state = HandState(
            dealer=dealer,
            streak=streak,
            wall=wall,
            indicator=up,
            lower=low,
            jing=self.variant.jing_kinds(up),
            hands=hands,
            dealt=[list(h) for h in hands],
            turn=dealer,
            drawn=last,
        )
        self._log(
            "deal",
            dealer=dealer,
            dealer_streak=streak,
            dice=list(wall.dice),
            indicator=KINDS[up],
            lower_indicator=KINDS[low],
            hands=[mpsz(h) for h in hands],
        )

    def _log(self, event: str, **data: Any) -> None:
        self.events.append({"event": event, **data})

    # ----------------------------------------------------------------- queries
    def to_act(self) -> list[int]:
        """Seats that must act now (the turn seat, or the seats still to answer a claim).

        Example:
            >>> Game(seed=0, dealer=2).to_act()
            [2]
        """
        st = self.state
        if self.over:
            return []
        if st.phase == "turn":
            return [st.turn]
        return [s for s in st.claimants if s not in st.responses]

    def _wins_with(self, seat: int, tile: int) -> bool:
        st = self.state
        hand = list(st.hands[seat])
        hand[tile] += 1
        return self.variant.is_winning(hand, st.jing, len(st.melds[seat]))

    def _jing_diao(self, seat: int) -> bool:
        """Whether the seat's wait is 精钓: it holds a jing and every tile it does not hold
        completes the hand (the lone jing pairs with anything)."""
        st = self.state
        hand = st.hands[seat]
        if not any(hand[j] for j in st.jing):
            return False
        names = tuple(KINDS[j] for j in st.jing)
        waits = majiang.winning_tiles(
            list(hand), rules=self.variant.rules, jing=names, melds=len(st.melds[seat])
        )
        return all(KINDS[k] in waits for k in range(34) if hand[k] == 0)

    def _can_win_discard(self, seat: int, tile: int, robbing: bool) -> bool:
        st = self.state
        if seat in st.furiten or not self._wins_with(seat, tile):
            return False
        return robbing or not self._jing_diao(seat)

    def _claim_options(self, seat: int, tile: int) -> list[Action]:
        st = self.state
        hand = st.hands[seat]
        opts: list[Action] = []
        if self._can_win_discard(seat, tile, robbing=False):
            opts.append(Win())
        if hand[tile] == 3 and st.wall.remaining > 0:
            opts.append(Kong(KINDS[tile], "exposed"))
        if hand[tile] >= 2:
            opts.append(Pong())
        if st.discarder is not None and seat == (st.discarder + 1) % 4:
            for seq in self.variant.chow_options(tile, hand):
                opts.append(Chow(kinds_text(seq)))
        return opts

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when it need not act).

        Example:
            >>> g = Game(seed=4, dealer=0)
            >>> g.legal_actions(1)
            []
            >>> all(type(a).__name__ in ("Discard", "Kong", "Win") for a in g.legal_actions(0))
            True
        """
        st = self.state
        if self.over or seat not in self.to_act():
            return []
        if st.phase in ("claim", "rob"):
            return [*st.options[seat], Pass()]
        hand = st.hands[seat]
        k = len(st.melds[seat])
        out: list[Action] = []
        if st.drawn is not None:
            if self.variant.is_winning(hand, st.jing, k):
                out.append(Win())
            first_dealer_turn = seat == st.dealer and st.discards_made == 0 and st.turns == 0
            if st.wall.remaining > 0:
                if not first_dealer_turn:
                    out += [Kong(KINDS[t], "concealed") for t in range(34) if hand[t] == 4]
                for m in st.melds[seat]:
                    if m.kind == "peng" and hand[m.tiles[0]]:
                        out.append(Kong(KINDS[m.tiles[0]], "added"))
        out += [Discard(KINDS[t]) for t in range(34) if hand[t]]
        return out

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now.

        Example:
            >>> "hands" in Game(seed=1).observation(0).to_dict()
            False
        """
        st = self.state
        return Observation(
            seat=seat,
            hand_counts=tuple(st.hands[seat]),
            melds=tuple(tuple(m.to_dict() for m in ms) for ms in st.melds),
            ponds=tuple(kinds_text(p) if p else "" for p in st.ponds),
            wall=st.wall.remaining,
            indicator=KINDS[st.indicator],
            jing=tuple(KINDS[j] for j in st.jing),
            scores=tuple(self.scores),
            dealer=st.dealer,
            turn=st.turn,
            phase="over" if self.over else st.phase,
            last_discard=None if st.last_discard is None else KINDS[st.last_discard],
            discarder=st.discarder,
        )

    def tile_count(self) -> int:
        """Tiles in the wall, hands, melds and ponds (136 at every step; the flipped
        indicators stay in the wall; during a 抢杠 window the added tile counts once).

        Example:
            >>> Game(seed=9).tile_count()
            136
        """
        st = self.state
        n = st.wall.remaining + sum(map(sum, st.hands)) + sum(len(p) for p in st.ponds)
        robbed = 0 if st.rob_tile is None else 1  # an added kong's tile while it can be robbed
        return n + robbed + sum(len(m.tiles) for ms in st.melds for m in ms)

    # ----------------------------------------------------------------- stepping
    def step(self, seat: int, action: Action | Mapping[str, Any]) -> None:
        """Apply ``seat``'s action; IllegalActionError (state unchanged) if it is not legal.

        Example:
            >>> g = Game(seed=2, dealer=0)
            >>> g.step(0, {"type": "discard", "tile": "9z"})
            Traceback (most recent call last):
            ...
            majiang.errors.IllegalActionError: unknown tile in {'type': 'discard', 'tile': '9z'}
        """
        if isinstance(action, Mapping):
            act = from_dict(action)
            for name in ("tile", "tiles"):
                text = action.get(name)
                if text is not None and not _valid_tiles(str(text)):
                    raise IllegalActionError(f"unknown tile in {dict(action)!r}")
        else:
            act = action
        if not isinstance(seat, int) or not 0 <= seat < 4:
            raise IllegalActionError(f"expected a seat 0-3, got {seat!r}")
        legal = self.legal_actions(seat)
        if act not in legal:
            name = type(act).__name__.lower()
            raise IllegalActionError(f"{name} is not legal for seat {seat} now")
        st = self.state
        if st.phase == "turn":
            self._turn_action(seat, act)
        else:
            st.responses[seat] = act
            if all(s in st.responses for s in st.claimants):
                if st.phase == "claim":
                    self._resolve_claims()
                else:
                    self._resolve_rob()

    def _turn_action(self, seat: int, act: Action) -> None:
        st = self.state
        if isinstance(act, Win):
            assert st.drawn is not None
            tian = seat == st.dealer and st.discards_made == 0 and st.turns == 0
            self._finish_win(seat, st.drawn, None, gang_kai=st.after_kong, tian_hu=tian)
        elif isinstance(act, Discard):
            self._discard(seat, INDEX[act.tile])
        elif isinstance(act, Kong) and act.kind == "concealed":
            t = INDEX[act.tile]
            st.hands[seat][t] -= 4
            st.melds[seat].append(MeldState("an_gang", [t] * 4, None))
            st.interrupted = True
            self._log("kong", seat=seat, kind="concealed", tile=act.tile)
            self._replacement(seat)
        elif isinstance(act, Kong):
            t = INDEX[act.tile]
            st.hands[seat][t] -= 1
            self._log("kong", seat=seat, kind="added", tile=act.tile)
            st.interrupted = True
            robbers = [s for s in _after(seat) if self._can_win_discard(s, t, robbing=True)]
            if robbers:
                st.phase, st.rob_tile, st.turn = "rob", t, seat
                st.claimants, st.responses = robbers, {}
                st.options = {s: [Win()] for s in robbers}
            else:
                self._complete_added_kong(seat, t)

    def _complete_added_kong(self, seat: int, t: int) -> None:
        st = self.state
        for m in st.melds[seat]:
            if m.kind == "peng" and m.tiles[0] == t:
                m.kind, m.tiles = "bu_gang", [t] * 4
                break
        self._replacement(seat)

    def _discard(self, seat: int, t: int) -> None:
        st = self.state
        st.hands[seat][t] -= 1
        st.ponds[seat].append(t)
        st.discards_made += 1
        if not st.interrupted:
            st.first_discards.append((seat, t))
        st.last_discard, st.discarder = t, seat
        st.drawn, st.after_kong = None, False
        self._log("discard", seat=seat, tile=KINDS[t])
        options = {s: self._claim_options(s, t) for s in _after(seat)}
        options = {s: o for s, o in options.items() if o}
        if options:
            st.phase, st.claimants, st.responses, st.options = "claim", list(options), {}, options
        else:
            self._draw((seat + 1) % 4)

    def _resolve_claims(self) -> None:
        st = self.state
        t, src = st.last_discard, st.discarder
        assert t is not None and src is not None
        responses, options = st.responses, st.options
        st.phase, st.claimants, st.responses, st.options = "turn", [], {}, {}
        winners = [s for s in _after(src) if isinstance(responses.get(s), Win)]
        if winners:
            di_hu = src == st.dealer and st.discards_made == 1 and not st.interrupted
            self._finish_win(winners[0], t, src, di_hu=di_hu)
            return
        for s, opts in options.items():
            if any(isinstance(o, Win) for o in opts):
                st.furiten.add(s)
        for s in _after(src):
            act = responses.get(s)
            if isinstance(act, Kong | Pong):
                self._claim(s, src, t, "ming_gang" if isinstance(act, Kong) else "peng", [t])
                return
        for s in _after(src):
            act = responses.get(s)
            if isinstance(act, Chow):
                seq = [INDEX[x] for x in majiang.parse_tiles(act.tiles)]
                seq.remove(t)
                self._claim(s, src, t, "chi", seq)
                return
        self._draw((src + 1) % 4)

    def _claim(self, seat: int, src: int, t: int, kind: str, own: list[int]) -> None:
        st = self.state
        if kind == "ming_gang":
            own = [t, t, t]
        elif kind == "peng":
            own = [t, t]
        for x in own:
            st.hands[seat][x] -= 1
        st.ponds[src].pop()
        st.melds[seat].append(MeldState(kind, sorted([*own, t]), src))
        st.interrupted = True
        st.turn, st.drawn, st.last_discard, st.discarder = seat, None, None, None
        name = {"chi": "chow", "peng": "pong", "ming_gang": "kong"}[kind]
        self._log(name, seat=seat, tiles=kinds_text([*own, t]), source=src)
        if kind == "ming_gang":
            self._replacement(seat)

    def _resolve_rob(self) -> None:
        st = self.state
        t, seat = st.rob_tile, st.turn
        assert t is not None
        responses = st.responses
        st.phase, st.claimants, st.responses, st.options, st.rob_tile = "turn", [], {}, {}, None
        winners = [s for s in _after(seat) if isinstance(responses.get(s), Win)]
        if winners:
            self._finish_win(winners[0], t, seat, qiang_gang=True)
            return
        for s in responses:
            st.furiten.add(s)
        self._complete_added_kong(seat, t)

    def _draw(self, seat: int) -> None:
        st = self.state
        st.turn, st.last_discard, st.discarder = seat, None, None
        if st.wall.remaining == 0:
            self._finish_draw()
            return
        t = st.wall.draw()
        st.hands[seat][t] += 1
        st.drawn, st.after_kong, st.phase = t, False, "turn"
        st.furiten.discard(seat)
        st.turns += 1
        self._log("draw", seat=seat)

    def _replacement(self, seat: int) -> None:
        st = self.state
        if st.wall.remaining == 0:
            self._finish_draw()
            return
        t = st.wall.draw_tail()
        st.hands[seat][t] += 1
        st.turn, st.drawn, st.after_kong, st.phase = seat, t, True, "turn"
        st.furiten.discard(seat)
        st.turns += 1
        self._log("draw", seat=seat, replacement=True)

    # ----------------------------------------------------------------- hand end
    def _chao_zhuang(self) -> bool:
        fd = self.state.first_discards[:4]
        d = self.state.dealer
        return (
            len(fd) == 4
            and [s for s, _ in fd] == [d, (d + 1) % 4, (d + 2) % 4, (d + 3) % 4]
            and len({t for _, t in fd}) == 1
        )

    def _record(self, result: dict[str, Any]) -> dict[str, Any]:
        st = self.state
        return {
            "variant": self.variant.name,
            "options": dict(self.options),
            "dealer": st.dealer,
            "dealer_streak": st.streak,
            "jing_indicator": KINDS[st.indicator],
            "lower_jing_indicator": KINDS[st.lower],
            "players": [
                {
                    "hand": mpsz(st.hands[s]),
                    "melds": [m.to_dict() for m in st.melds[s]],
                    "discards": kinds_text(st.ponds[s]),
                    "dealt": mpsz(st.dealt[s]),
                }
                for s in range(4)
            ],
            "result": result,
            "chao_zhuang": self._chao_zhuang(),
        }

    def _finish_win(
        self,
        seat: int,
        tile: int,
        source: int | None,
        *,
        gang_kai: bool = False,
        qiang_gang: bool = False,
        tian_hu: bool = False,
        di_hu: bool = False,
    ) -> None:
        st = self.state
        if source is None:
            st.hands[seat][tile] -= 1
        elif not qiang_gang:
            st.ponds[source].pop()
        full = list(st.hands[seat])
        full[tile] += 1
        if not self.variant.is_winning(full, st.jing, len(st.melds[seat])):
            raise AssertionError("engine accepted a hand the core does not call winning")
        result = {
            "kind": "win",
            "winner": seat,
            "tile": KINDS[tile],
            "from": source,
            "gang_kai": gang_kai,
            "qiang_gang": qiang_gang,
            "tian_hu": tian_hu,
            "di_hu": di_hu,
        }
        self._log("win", **{k: v for k, v in result.items() if k != "kind"})
        self._end(self._record(result), seat == st.dealer, False)

    def _finish_draw(self) -> None:
        self._log("draw-game")
        self._end(self._record({"kind": "draw"}), False, True)

    def _end(self, record: dict[str, Any], dealer_won: bool, drawn: bool) -> None:
        st = self.state
        settlement = self.variant.settle(record)
        self.records.append(record)
        self.settlements.append(settlement)
        for s in range(4):
            self.scores[s] += settlement.deltas[s]
        self._log("settlement", deltas=list(settlement.deltas), scores=list(self.scores))
        st.phase = "over"
        if len(self.records) >= self.hands:
            self.over = True
        elif dealer_won:
            self._begin(st.dealer, st.streak + 1, None)
        elif drawn:
            self._begin(st.dealer, st.streak, None)
        else:
            self._begin((st.dealer + 1) % 4, 1, None)

    def clone(self) -> Game:
        """A deep copy (for tests and search).

        Example:
            >>> g = Game(seed=1); g.clone().state == g.state
            True
        """
        return copy.deepcopy(self)


def _after(seat: int) -> list[int]:
    return [(seat + i) % 4 for i in (1, 2, 3)]


def _valid_tiles(text: str) -> bool:
    try:
        return all(t in INDEX for t in majiang.parse_tiles(text))
    except majiang.MajiangError:
        return False


def play(game: Game, bots: Sequence[Any]) -> Game:
    """Run ``game`` to its end with one bot per seat.

    Example:
        >>> from majiang.game.bots import RandomBot
        >>> play(Game(seed=8, hands=2), [RandomBot(s) for s in range(4)]).over
        True
    """
    while not game.over:
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    return game
