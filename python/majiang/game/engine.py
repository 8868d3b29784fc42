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
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

import majiang
from majiang.bounds import MAX_HANDS, MAX_SCORE, MAX_STREAK
from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError, quoted
from majiang.game.actions import (
    DISCARDS,
    PASS,
    PONG,
    WIN,
    Action,
    Chow,
    Declare,
    Discard,
    Kong,
    Pass,
    Pong,
    Win,
    _chow_kinds,
    from_dict,
    kong,
)
from majiang.game.observation import Observation, hide_concealed_kongs
from majiang.game.state import HandState, Meld, kinds_text, mpsz
from majiang.game.wall import Wall
from majiang.room import RoomConfig
from majiang.settlement import Settlement
from majiang.tiles import KIND_INDEX as INDEX
from majiang.tiles import KINDS, TILE_INDEX, TILE_NAMES
from majiang.typed_records import engine_settle
from majiang.variants import Variant, get_variant
from majiang.variants.protocol import DealReveal, FinishedHand, WinQuery, chow_options
from majiang.variants.protocol import last_drawer as last_drawer  # replay's import
from majiang.variants.registry import DEFAULT

__all__ = ["Deal", "Game", "Observation", "play"]

AFTER = ((1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2))
"""``AFTER[s]``: the other seats in turn order after ``s``."""
FROM = ((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))
"""``FROM[s]``: every seat in turn order from ``s``."""
_CHOWS: dict[tuple[int, int, int], Chow] = {}
_MISSING = object()
_NO_DECLARATIONS: tuple[tuple[tuple[str, str], ...], ...] = ((), (), (), ())
_NOTHING_SHOWN: tuple[tuple[int, ...], ...] = ((), (), (), ())
_new_observation = tuple.__new__  # Observation's fields in order, without its keyword parsing
ACTION_TYPES = (Discard, Chow, Pong, Kong, Win, Pass, Declare)


def _counts(text: str) -> list[int]:
    return list(majiang.tiles.to_counts(text))


def _chow(seq: tuple[int, int, int]) -> Chow:
    found = _CHOWS.get(seq)
    if found is None:
        found = _CHOWS[seq] = Chow(kinds_text(seq))
    return found


@dataclass(frozen=True)
class Deal:
    """A chosen deal for tests, puzzles and replays: the four ``hands`` (the dealer's 14
    tiles, 13 for the others), the ``wall`` in draw order (head first; replacement draws take
    its last tile), the wild-tile ``indicator`` / ``lower`` indicator (needed by a variant that
    flips one, ``TableRules.flips_wild``; ignored by the others), the ``dice`` (for the log) and
    the dealer's 14th tile ``drawn``, the tile a 天胡 wins on (default: its highest kind), and
    for variants with flowers the tiles each seat has laid aside (``flowers``).

    Example:
        >>> d = Deal(("11122233344455m", "1p", "1p", "1p"), "9s", "1z", "2z")
        >>> d.wall
        '9s'
    """

    hands: tuple[str, str, str, str]
    wall: str | Sequence[str]
    indicator: str | None = None
    lower: str | None = None
    dice: tuple[int, int] = (0, 0)
    drawn: str | None = None
    flowers: tuple[str, str, str, str] | None = None


class Game:
    """A match of ``hands`` hands of ``variant`` from ``seed`` (``options`` go into every hand
    record, i.e. the settlement options). ``deal`` fixes the first hand (tests, puzzles,
    replays); ``dealer``/``streak`` fix its dealer and 爬楼 floor; ``scores`` are the scores
    carried in; ``carried`` the fields the first record carries from an earlier hand (the
    deal event's ``carry``, e.g. Nanjing's 比下胡; default: the variant's ``carry``).

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
        variant: str | Variant | RoomConfig = DEFAULT,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        hands: int = 1,
        deal: Deal | None = None,
        dealer: int | None = None,
        streak: int = 1,
        scores: Sequence[int] | None = None,
        carried: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(variant, RoomConfig):  # a room: its variant, options and match length
            variant, options, hands = variant.game_arguments(options, hands)
        _check_arguments(variant, seed, options, hands, deal, dealer, streak, scores, carried)
        self.options = dict(options or {})
        chosen = get_variant(variant) if isinstance(variant, str) else variant
        self.variant = chosen.bind(self.options)  # the variant's option parser
        self.hands = hands
        self.rng = random.Random(seed)
        self.scores = [0, 0, 0, 0] if scores is None else list(scores)
        self.events: list[dict[str, Any]] = []
        self.records: list[dict[str, Any]] = []
        self.settlements: list[Settlement] = []
        self.over = False
        self._legal: dict[int, list[Action]] = {}
        self._deal_at: int | None = None  # the index of the hand in play's deal event
        self._melds_view: tuple[Any, Any] | None = None  # the melds, as the others see them
        self._shared: tuple[Any, ...] | None = None
        self._setup_variant()
        first = self.rng.randrange(4) if dealer is None else dealer
        self._begin(first, streak, deal, carried)
        if self._carried and carried is not None:
            self._check_carried()

    def _check_carried(self) -> None:
        """RulesError unless the first record can carry the given ``carried`` fields: the
        fresh hand's record, as a draw, must settle (a variant refuses fields it does not
        know) and keep each field as given. Only for a non-empty ``carried``, so a plain game
        pays nothing for it.

        Example:
            >>> Game("nanjing", carried={"bixiahu": "yes"})
            Traceback (most recent call last):
            ...
            majiang.errors.RulesError: carried: bixiahu: 'yes' is not a value the record keeps
        """
        st = self.state
        hand, drawn = st.hands[st.dealer], st.drawn
        assert drawn is not None
        hand[drawn] -= 1  # the dealer's 14th tile set aside: four hands of 13
        try:
            record = self._record({"kind": "draw"})
            self._settle(record)
        except MajiangError as e:
            raise majiang.RulesError(f"carried: {_short(dict(self._carried))} ({e})") from None
        finally:
            hand[drawn] += 1
        for key, value in self._carried.items():  # kept as given, not coerced or dropped
            kept = record.get(key, _MISSING)
            if kept is _MISSING or type(kept) is not type(value) or kept != value:
                raise majiang.RulesError(
                    f"carried: {key}: {_short(value)} is not a value the record keeps"
                )

    def _setup_variant(self) -> None:
        table = self.table = self.variant.table
        self._settle = engine_settle(self.variant.name)  # the engine's record typed, no text
        self._option_items = tuple(sorted(self.options.items()))  # observations' `options`
        # Looked up on every draw, so a tuple rather than a set.
        self._flower = tuple(t in table.laid_aside for t in range(len(TILE_NAMES)))
        self._has_flowers = any(self._flower[t] for t in set(table.tiles))
        self._kept = table.kept_back
        self._openings = table.openings
        # the restriction hooks are asked only with openings or winners who stay in play
        self._restricts = bool(table.openings) or table.winners_stay
        self._carried: dict[str, Any] = {}
        self._out = [False, False, False, False]  # seats that have won and left play (血战)

    # ----------------------------------------------------------------- hand start
    def _begin(
        self,
        dealer: int,
        streak: int,
        deal: Deal | None,
        carried: Mapping[str, Any] | None = None,
    ) -> None:
        self._carried = dict(self.variant.carry(self.records) if carried is None else carried)
        if dealer < 0:  # the variant lets the dice choose this hand's dealer
            dealer = self.rng.randrange(4)
        self._out = [False, False, False, False]
        hand_seed = self.rng.getrandbits(64)
        flowers: list[tuple[int, ...]] = [(), (), (), ()]
        if deal is None:
            wall = Wall.build(hand_seed, list(self.table.tiles))
            dealt = wall.tiles[wall.head : wall.head + 53]
            wall.head += 53
            received = [dealt[(s - dealer) % 4 : 52 : 4] for s in range(4)]  # 13 rounds
            received[dealer].append(dealt[52])
            up, low = wall.flip() if self.table.flips_wild else (None, None)
            hands = [[0] * 34 for _ in range(4)]
            last = dealt[52]
            for s in (dealer, (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4):
                for t in received[s]:  # 补花 in turn from the dealer: grows while flowers come
                    if self._flower[t]:
                        flowers[s] += (t,)
                        received[s].append(wall.draw_tail())
                    else:
                        hands[s][t] += 1
                        if s == dealer:
                            last = t
        else:
            wall, hands, flowers, last, up, low = self._fixed_deal(deal, dealer)
        self.state = HandState(
            dealer=dealer,
            streak=streak,
            wall=wall,
            indicator=up,
            lower=low,
            wilds=() if up is None else self.variant.wilds(up),
            hands=hands,
            dealt=[list(h) for h in hands],
            flowers=flowers,
            turn=dealer,
            drawn=last,
        )
        self._legal, self._shared = {}, None
        extra: dict[str, Any] = {}
        if up is not None and low is not None:
            extra.update(indicator=TILE_NAMES[up], lower_indicator=TILE_NAMES[low])
        if self._has_flowers:
            extra["flowers"] = [_text(f) for f in flowers]
        self._deal_at = len(self.events)
        self._log(
            "deal",
            hand=len(self.records),
            variant=self.variant.name,
            options=dict(self.options),
            dealer=dealer,
            dealer_streak=streak,
            dice=list(wall.dice),
            hands=[mpsz(h) for h in hands],
            drawn=KINDS[last],
            wall=[TILE_NAMES[t] for t in wall.live()],
            scores=list(self.scores),
            **extra,
            **({"carry": dict(self._carried)} if self._carried else {}),
        )
        reveal = self.variant.reveal_after_deal(self.state)
        if reveal is not None:
            self._reveal(reveal)
        self._open_declarations(0)

    def _reveal(self, reveal: DealReveal) -> None:
        """Every seat sees what the variant has the seats show after the deal (their tiles
        laid face up and taken back, the lower indicator turned up): kept in the state and
        logged as a public ``reveal`` event. RulesError for a variant that shows tiles a
        seat does not hold, or a lower indicator the table does not flip."""
        st = self.state
        if len(reveal.tiles) != 4:
            raise majiang.RulesError(f"{self.variant.name}: a reveal names four seats' tiles")
        for s, shown in enumerate(reveal.tiles):
            if any(not isinstance(k, int) or not 0 <= k < 34 for k in shown):
                raise majiang.RulesError(f"{self.variant.name}: seat {s} reveals {shown!r}")
            counts = [0] * 34
            for k in shown:
                counts[k] += 1
            if any(n > h for n, h in zip(counts, st.hands[s], strict=True)):
                raise majiang.RulesError(
                    f"{self.variant.name}: seat {s} reveals {kinds_text(shown)}, not all held"
                )
            st.revealed[s] = tuple(counts) if shown else ()
        event: dict[str, Any] = {"tiles": [mpsz(r) if r else "" for r in st.revealed]}
        if reveal.lower_indicator:
            if st.lower is None:
                raise majiang.RulesError(f"{self.variant.name}: no lower indicator to show")
            st.lower_shown = True
            event["lower_indicator"] = TILE_NAMES[st.lower]
        self._log("reveal", **event)

    def _forget_reveal(self) -> None:
        """The hand in play as if its deal showed nothing (a log written before reveals)."""
        st = self.state
        st.revealed, st.lower_shown = [(), (), (), ()], False
        events = self.events
        for i in range(len(events) - 1, -1, -1):
            kind = events[i].get("event")
            if kind == "reveal":
                del events[i]
                break
            if kind == "deal":
                break
        self._legal, self._shared = {}, None

    def _unreveal(self, seat: int, kinds: Sequence[int]) -> None:
        """``seat`` laid these kinds face up from its hand: that many fewer of its tiles shown
        at the deal are still known to be held."""
        known = list(self.state.revealed[seat])
        for k in kinds:
            if known[k]:
                known[k] -= 1
        self.state.revealed[seat] = tuple(known)

    def _open_declarations(self, first: int) -> None:
        """Ask the table's opening declarations from ``first`` on; the first one some seat has
        options for opens the ``declare`` phase, else the dealer's turn begins."""
        st = self.state
        for what in self._openings[first:]:
            options = {}
            for s in FROM[st.dealer]:  # from the dealer, in turn order
                offered = self.variant.opening_options(what, s, st)
                if offered:
                    options[s] = list(offered)
            if options:
                st.phase, st.declaring = "declare", what
                st.claimants, st.responses, st.options = list(options), {}, options
                return
        st.phase, st.declaring = "turn", None

    def _resolve_declarations(self) -> None:
        st = self.state
        what, responses = st.declaring, st.responses
        assert what is not None
        st.claimants, st.responses, st.options = [], {}, {}
        made: dict[int, str] = {}
        for s in FROM[st.dealer]:
            act = responses.get(s)
            if isinstance(act, Declare):
                st.declared[s][act.what] = made[s] = act.value
                viewers: tuple[
                    int, ...
                ] = ()  # who else learns a private value (seat_events shows it them)
                if act.what in self.table.private_openings:
                    viewers = tuple(sorted(self.variant.opening_viewers(act.what, s, st)))
                if viewers:
                    self._log("declare", seat=s, what=act.what, value=act.value, seen_by=[*viewers])
                else:
                    self._log("declare", seat=s, what=act.what, value=act.value)
        if made and self.variant.after_declarations(what, made, st):
            st.waits = [None, None, None, None]  # the variant moved tiles (换三张)
            if st.drawn is not None and not st.hands[st.dealer][st.drawn]:
                st.drawn = None  # the dealer's 14th tile went to another seat
        self._legal, self._shared = {}, None
        self._open_declarations(self._openings.index(what) + 1)

    def _log(self, event: str, **data: Any) -> None:
        self.events.append({"event": event, **data})

    def _fixed_deal(
        self, deal: Deal, dealer: int
    ) -> tuple[Wall, list[list[int]], list[tuple[int, ...]], int, int | None, int | None]:
        """The wall, hands, laid-aside flowers, dealer's drawn tile and indicators of a Deal."""
        _check_deal_types(deal)
        hands = [_counts(h) for h in deal.hands]
        sizes = [sum(h) for h in hands]
        if sizes[dealer] != 14 or any(sizes[s] != 13 for s in range(4) if s != dealer):
            raise majiang.InvalidHandError(
                f"deal: the dealer (seat {dealer}) needs 14 tiles and the others 13, got {sizes}"
            )
        names = majiang.parse_tiles(deal.wall) if isinstance(deal.wall, str) else list(deal.wall)
        aside = deal.flowers or ("", "", "", "")
        try:
            tiles = [TILE_INDEX[t] for t in names]
            flowers = [tuple(TILE_INDEX[t] for t in majiang.parse_tiles(f)) for f in aside]
            up = low = None
            if self.table.flips_wild:
                if deal.indicator is None or deal.lower is None:
                    raise majiang.InvalidHandError(
                        f"deal: {self.variant.name} flips a wild-tile indicator: give indicator "
                        "and lower"
                    )
                up, low = TILE_INDEX[deal.indicator], TILE_INDEX[deal.lower]
        except KeyError as e:
            raise majiang.InvalidHandError(f"deal: not a tile of this set: {e}") from None
        if len(flowers) != 4 or any(not self._flower[t] for f in flowers for t in f):
            raise majiang.InvalidHandError("deal: flowers must be four lists of flower tiles")
        held = [t for h in hands for t in range(34) if self._flower[t] and h[t]]
        if held:
            raise majiang.InvalidHandError(f"deal: {TILE_NAMES[held[0]]} is laid aside, not held")
        # The dealt tiles go first, as if drawn from the head, so the wall holds every tile in
        # play; no tile may appear more often than the variant's set has it.
        dealt = [k for h in hands for k in range(34) for _ in range(h[k])]
        dealt += [t for f in flowers for t in f]
        every = dealt + tiles
        limit = Counter(self.table.tiles)
        over = [t for t, n in Counter(every).items() if n > limit[t]]
        if over:
            raise majiang.InvalidHandError(f"deal: more {TILE_NAMES[over[0]]} than the set has")
        dice = (int(deal.dice[0]), int(deal.dice[1]))
        wall = Wall(every, dice, 0, len(dealt), len(every))
        if deal.drawn is None:
            last = next(k for k in range(33, -1, -1) if hands[dealer][k])
        elif deal.drawn in INDEX and hands[dealer][INDEX[deal.drawn]]:
            last = INDEX[deal.drawn]
        else:
            raise majiang.InvalidHandError(
                f"deal: the dealer holds no {deal.drawn!r} to have drawn"
            )
        return wall, hands, flowers, last, up, low

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

    def _waits(self, seat: int) -> frozenset[int]:
        """The seat's winning kinds, cached until its hand changes."""
        st = self.state
        found = st.waits[seat]
        if found is None:
            found = self.variant.waits(
                st.hands[seat], st.melds[seat], seat=seat, wilds=st.wilds, flowers=st.flowers[seat]
            )
            st.waits[seat] = found
        return found

    def _can_win_discard(self, seat: int, tile: int, robbing: bool) -> bool:
        query = self._discard_query(seat, tile, robbing)
        return query is not None and self.variant.may_win(query)

    def _discard_query(self, seat: int, tile: int, robbing: bool) -> WinQuery | None:
        """The win ``seat`` may ask for on a discard (or robbed kong), None when the tile is
        not among its waits or a passed win blocks it (unless the variant makes it win:
        Sichuan's 最后四张自动胡 overrides 过手胡)."""
        st = self.state
        blocked = seat in st.furiten or (st.win_passed and (seat, tile) in st.win_passed)
        waits = self._waits(seat)
        if tile not in waits:
            return None
        source = st.turn if robbing else st.discarder
        first = not robbing and self._dealers_first_discard()
        query = WinQuery(
            seat,
            tile,
            source,
            st.hands[seat],
            st.melds[seat],
            st.flowers[seat],
            st.wilds,
            robbing=robbing,
            waits=waits,
            first_discard=first,
            state=st,
        )
        if blocked and not self.variant.must_win(query, st):
            return None
        return query

    def _forced(self, seats: Sequence[int], tile: int, robbing: bool) -> set[int]:
        """Those of ``seats`` (each offered a win on ``tile``) the variant makes win."""
        forced = set()
        for s in seats:
            query = self._discard_query(s, tile, robbing)
            if query is not None and self.variant.must_win(query, self.state):
                forced.add(s)
        return forced

    def _dealers_first_discard(self) -> bool:
        """Whether the discard in play is the dealer's first, before any claim or kong (the
        tile a 地胡 is won on)."""
        st = self.state
        return st.discarder == st.dealer and st.discards_made == 1 and not st.interrupted

    def _claim_options(self, seat: int, tile: int) -> list[Action]:
        st = self.state
        held = st.hands[seat][tile]
        opts: list[Action] = []
        if self._can_win_discard(seat, tile, robbing=False):
            opts.append(WIN)
        if self.table.last_discard_wins_only and st.wall.remaining <= self._kept:
            return opts  # the wall's last tile: only a win may claim it
        if self._restricts:
            if not self.variant.may_meld(seat, st):
                return opts
            kinds = self.variant.meld_kinds(seat, st)
            if kinds is not None and tile not in kinds:
                held = 0  # no pong or kong of this kind (a chow may still be offered)
        if held >= 2:
            if held == 3 and st.wall.remaining > self._kept:
                opts.append(kong(tile, "exposed"))
            if (seat, tile) not in st.pong_passed:
                opts.append(PONG)
        if st.discarder is not None and seat == (st.discarder + 1) % 4:
            for seq in chow_options(self.table.chows, tile, st.hands[seat]):
                opts.append(_chow(seq))
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
        if seat.__class__ is not int or not 0 <= seat <= 3:  # a bool is no seat (True == 1)
            seat = _seat_argument(seat, "legal_actions")
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = self._compute_legal(seat)
        return list(found)

    def _compute_legal(self, seat: int) -> list[Action]:
        st = self.state
        if self.over:
            return []
        if st.phase == "turn":
            if seat != st.turn:
                return []
        elif seat not in st.claimants or seat in st.responses:  # not among to_act()
            return []
        if st.phase in ("claim", "rob"):
            if st.forced and seat in st.forced:
                return [WIN]  # a win it must take: no pass, no pong or kong
            return [*st.options[seat], PASS]
        if st.phase == "declare":
            return list(st.options[seat])
        hand = st.hands[seat]
        out: list[Action] = []
        if st.drawn is not None:
            query = self._self_drawn_query(seat, hand, st.drawn)
            if query is not None and self.variant.may_win(query):
                if self.variant.must_win(query, st):
                    return [WIN]  # a win it must take
                out.append(WIN)
            first_dealer_turn = (
                not self.table.dealer_first_kong
                and seat == st.dealer
                and st.discards_made == 0
                and st.turns == 0
            )
            melds = not self._restricts or self.variant.may_meld(seat, st)
            if melds and st.wall.remaining > self._kept:
                if not first_dealer_turn and 4 in hand:
                    out += [kong(t, "concealed") for t in range(34) if hand[t] == 4]
                for m in st.melds[seat]:
                    if m.kind == "peng" and hand[m.kinds[0]]:
                        out.append(kong(m.kinds[0], "added"))
                if self._restricts:
                    kinds = self.variant.meld_kinds(seat, st)
                    if kinds is not None:
                        out = [a for a in out if not isinstance(a, Kong) or INDEX[a.tile] in kinds]
        elif self.table.kong_after_pong and st.melds[seat] and st.wall.remaining > self._kept:
            last = st.melds[seat][-1]  # right after a pong, before its discard
            if last.kind == "peng" and last.source is not None and hand[last.kinds[0]]:
                out.append(kong(last.kinds[0], "added"))
        allowed = self.variant.allowed_discards(seat, st) if self._restricts else None
        if allowed is None:
            out += compress(DISCARDS, hand)
        else:
            out += [DISCARDS[k] for k in sorted(allowed) if hand[k]]
        return out

    def _self_drawn_query(self, seat: int, hand: list[int], drawn: int) -> WinQuery | None:
        st = self.state
        before = st.waits[seat]  # the waits of the hand before this draw, if still known
        if before is not None and drawn not in before:
            return None
        concealed = list(hand)
        concealed[drawn] -= 1
        return WinQuery(
            seat,
            drawn,
            None,
            concealed,
            st.melds[seat],
            st.flowers[seat],
            st.wilds,
            after_kong=st.after_kong,
            waits=before,
            state=st,
        )

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now.

        Example:
            >>> "hands" in Game(seed=1).observation(0).to_dict()
            False
        """
        if seat.__class__ is not int or not 0 <= seat <= 3:
            seat = _seat_argument(seat, "observation")
        st = self.state
        shared = self._shared
        if shared is None:  # what every seat sees alike, built once per step
            shared = self._shared = self._shared_view()
        seen = shared[4]
        if seen is not shared[0]:  # another seat's concealed kong: its own seat sees it whole
            seen = (*seen[:seat], shared[0][seat], *seen[seat + 1 :])
        phase = "over" if self.over else st.phase
        return _new_observation(
            Observation,
            (
                seat,
                tuple(st.hands[seat]),
                seen,
                shared[1],
                st.wall.remaining - self._kept,
                st.indicator,
                st.wilds,
                shared[2],
                st.dealer,
                st.streak,
                st.turn,
                phase,
                st.rob_tile if st.phase == "rob" else st.last_discard,
                st.discarder,
                st.drawn if phase == "turn" and st.turn == seat else None,
                shared[3],
                self.table.shapes,
                shared[5] if not self.table.private_openings else self._declared_view(shared, seat),
                shared[7],
                shared[8],
                self.variant.name,
                self._option_items,
                st.lower if st.lower_shown else None,
                shared[9],
            ),
        )

    def _shared_view(self) -> tuple[Any, ...]:
        """The parts of an observation every seat sees alike: melds, ponds, scores, flowers,
        the melds as the others see them, the declarations (as the others and as all), the
        hands shown by seats that have won and left play, the hand's wins and the tiles
        shown after the deal still known to be held."""
        st = self.state
        melds = tuple(st.melds)
        last = self._melds_view
        if last is not None and last[0] == melds:  # no meld since the last step (most steps)
            melds, public = last
        else:
            public = melds if self.table.concealed_kongs_shown else hide_concealed_kongs(melds)
            self._melds_view = (melds, public)
        if any(st.declared):
            private = self.table.private_openings
            declared = tuple(tuple(d.items()) for d in st.declared)
            others = tuple(tuple((w, "" if w in private else v) for w, v in d) for d in declared)
        else:
            declared = others = _NO_DECLARATIONS
        going_on = st.wins and (self.table.wins_to_end > 1 or self.table.winners_stay)
        shown, won = _shown(st.wins, st.hands, self._out) if going_on else (_NOTHING_SHOWN, ())
        return (
            melds,
            tuple(st.ponds),
            tuple(self.scores),
            tuple(st.flowers),
            public,
            others,
            declared,
            shown,
            won,
            tuple(st.revealed),
        )

    def _declared_view(self, shared: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
        """The declarations ``seat`` sees: the public ones, its own private ones, and those
        private ones the variant shows it (:meth:`Variant.opening_viewers`)."""
        view = list(_own(shared[5], shared[6], seat))
        private = self.table.private_openings
        for s in AFTER[seat]:
            full = shared[6][s]
            if any(w in private and seat in self.variant.opening_viewers(w, s, self.state)
                   for w, _ in full):  # fmt: skip
                view[s] = tuple(
                    (w, v if w not in private or seat in self.variant.opening_viewers(
                        w, s, self.state) else "")
                    for w, v in full
                )  # fmt: skip
        return tuple(view)

    def tile_count(self) -> int:
        """Tiles in the wall, hands, melds, ponds and laid aside: the variant's set (136, 144 for
        Nanjing) at every step (fewer in a fixed
        :class:`Deal` with a short wall); the flipped indicators stay in the wall; during a 抢杠
        window the added tile counts once, after a win the tile won on.

        Example:
            >>> Game(seed=9).tile_count()
            136
        """
        st = self.state
        n = st.wall.remaining + sum(map(sum, st.hands)) + sum(len(p) for p in st.ponds)
        robbed = 0 if st.rob_tile is None else 1  # an added kong's tile while it can be robbed
        won = len(st.wins) if st.wins else (0 if st.won_on is None else 1)
        aside = sum(map(len, st.flowers))
        return n + robbed + won + aside + sum(len(m.kinds) for ms in st.melds for m in ms)

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
        if isinstance(action, ACTION_TYPES):
            act = action
        elif isinstance(action, Mapping):
            act = from_dict(action)
            for name in ("tile", "tiles"):
                text = action.get(name)
                if text is not None and (not isinstance(text, str) or not _valid_tiles(text)):
                    raise IllegalActionError(f"unknown tile in {_short(dict(action), 200)}")
        else:
            raise IllegalActionError(f"expected an action or its dict, got {_short(action)}")
        if seat.__class__ is not int or not 0 <= seat <= 3:
            try:
                seat = _seat_argument(seat, "step")
            except MajiangError as e:  # whatever is wrong with the seat, the step is illegal
                raise IllegalActionError(str(e)) from None
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self._compute_legal(seat)
        for offered in legal:  # identity first: dataclass == is slow and bots return our objects
            if offered is act:
                break
        else:
            if act not in legal:
                name = type(act).__name__.lower()
                raise IllegalActionError(f"{name} is not legal for seat {seat} now")
        st = self.state
        self._legal, self._shared = {}, None
        if st.phase == "turn":
            self._turn_action(seat, act)
        else:
            st.responses[seat] = act
            if len(st.responses) == len(st.claimants):
                if st.phase == "declare":
                    self._resolve_declarations()
                elif st.phase == "claim":
                    self._resolve_claims()
                else:
                    self._resolve_rob()

    def _turn_action(self, seat: int, act: Action) -> None:
        st = self.state
        if isinstance(act, Discard):
            self._discard(seat, INDEX[act.tile])
        elif isinstance(act, Win):
            assert st.drawn is not None
            tian = seat == st.dealer and st.discards_made == 0 and st.turns == 0
            self._finish_win(
                seat,
                st.drawn,
                None,
                gang_kai=st.after_kong,
                tian_hu=tian,
                after_flower=st.after_flower,
            )
        elif isinstance(act, Kong) and act.kind == "concealed":
            t = INDEX[act.tile]
            st.hands[seat][t] -= 4
            st.waits[seat] = None
            if st.revealed[seat] and self.table.concealed_kongs_shown:
                self._unreveal(seat, (t, t, t, t))  # a hidden kong's kind is not learnt
            st.melds[seat] += (Meld("an_gang", (t, t, t, t), None),)
            st.interrupted = True
            self._log("kong", seat=seat, kind="concealed", tile=act.tile)
            self._pay_now()
            self._replacement(seat)
        elif isinstance(act, Kong):
            t = INDEX[act.tile]
            st.hands[seat][t] -= 1
            st.waits[seat] = None
            if st.revealed[seat]:
                self._unreveal(seat, (t,))
            self._log("kong", seat=seat, kind="added", tile=act.tile)
            st.interrupted = True
            out = self._out
            robbers = [
                s for s in AFTER[seat] if not out[s] and self._can_win_discard(s, t, robbing=True)
            ]
            if robbers:
                st.phase, st.rob_tile, st.turn = "rob", t, seat
                st.claimants, st.responses = robbers, {}
                st.options = {s: [WIN] for s in robbers}
                st.forced = self._forced(robbers, t, robbing=True)
            else:
                self._complete_added_kong(seat, t)

    def _complete_added_kong(self, seat: int, t: int) -> None:
        melds = self.state.melds
        melds[seat] = tuple(
            Meld("bu_gang", (t, t, t, t), m.source) if m.kind == "peng" and m.kinds[0] == t else m
            for m in melds[seat]
        )
        self._pay_now()
        self._replacement(seat)

    def _discard(self, seat: int, t: int) -> None:
        st = self.state
        st.hands[seat][t] -= 1
        st.waits[seat] = None
        if st.revealed[seat]:
            self._unreveal(seat, (t,))
        st.ponds[seat] += (t,)
        st.discards_made += 1
        st.last_discard, st.discarder = t, seat
        st.drawn, st.after_kong = None, False
        self.events.append({"event": "discard", "seat": seat, "tile": KINDS[t]})  # hot: no **
        options: dict[int, list[Action]] = {}
        after = AFTER[seat]
        hands, chows, out = st.hands, self.table.chows, self._out
        for s in after:
            if out[s]:
                continue  # won and left play
            # Most discards interest nobody: a cheap test first (no pair of it, no chow for the
            # 下家, not waiting on it), the full options only when it fails.
            if hands[s][t] < 2 and (s != after[0] or not chow_options(chows, t, hands[s])):
                waits = st.waits[s]
                if waits is None:
                    waits = self._waits(s)
                if t not in waits:
                    continue
            opts = self._claim_options(s, t)
            if opts:
                options[s] = opts
        if options:
            st.phase, st.claimants, st.responses, st.options = "claim", list(options), {}, options
            winners = [s for s, o in options.items() if o[0] is WIN]
            if winners:
                st.forced = self._forced(winners, t, robbing=False)
        else:
            self._draw(self._next_seat(seat))

    def _resolve_claims(self) -> None:
        st = self.state
        t, src = st.last_discard, st.discarder
        assert t is not None and src is not None
        responses, options = st.responses, st.options
        st.phase, st.claimants, st.responses, st.options = "turn", [], {}, {}
        st.forced = set()
        winners = [s for s in AFTER[src] if isinstance(responses.get(s), Win)]
        for s, opts in options.items():
            if WIN in opts and s not in winners:
                self._passed_win(s, t)  # before a win too: a 血战 hand goes on after it
        if winners:
            di_hu = self._dealers_first_discard()
            several = len(winners) > 1 and self.table.multiple_winners
            self._finish_win(winners[0], t, src, di_hu=di_hu, also=winners[1:] if several else ())
            return
        blocks_pong = self.table.pass_blocks_pong
        for s, opts in options.items():
            if blocks_pong and PONG in opts and not isinstance(responses.get(s), Pong | Kong):
                st.pong_passed.add((s, t))
        for s in AFTER[src]:
            act = responses.get(s)
            if isinstance(act, Kong | Pong):
                self._claim(s, src, t, "ming_gang" if isinstance(act, Kong) else "peng", [t])
                return
        for s in AFTER[src]:
            act = responses.get(s)
            if isinstance(act, Chow):
                seq = list(_chow_kinds(act.tiles))
                seq.remove(t)
                self._claim(s, src, t, "chi", seq)
                return
        self._draw(self._next_seat(src))

    def _claim(self, seat: int, src: int, t: int, kind: str, own: list[int]) -> None:
        st = self.state
        if kind == "ming_gang":
            own = [t, t, t]
        elif kind == "peng":
            own = [t, t]
        hand = st.hands[seat]
        for x in own:
            hand[x] -= 1
        st.waits[seat] = None
        if st.revealed[seat]:
            self._unreveal(seat, own)
        st.ponds[src] = st.ponds[src][:-1]
        st.melds[seat] += (Meld(kind, tuple(sorted([*own, t])), src),)
        st.interrupted = True
        if self.table.passed_win == "any_until_draw_or_meld":
            st.furiten.discard(seat)  # a chow, pong or kong lifts a passed win's block
        st.turn, st.drawn, st.last_discard, st.discarder = seat, None, None, None
        if kind == "ming_gang":
            self._log("kong", seat=seat, kind="exposed", tile=KINDS[t], source=src)
            self._pay_now()
            self._replacement(seat)
        else:
            name = "chow" if kind == "chi" else "pong"
            self._log(name, seat=seat, tiles=kinds_text([*own, t]), source=src)

    def _resolve_rob(self) -> None:
        st = self.state
        t, seat = st.rob_tile, st.turn
        assert t is not None
        responses = st.responses
        st.phase, st.claimants, st.responses, st.options, st.rob_tile = "turn", [], {}, {}, None
        st.forced = set()
        winners = [s for s in AFTER[seat] if isinstance(responses.get(s), Win)]
        for s in responses:
            if s not in winners:
                self._passed_win(s, t)  # before a win too: a 血战 hand goes on after it
        if winners:
            several = len(winners) > 1 and self.table.multiple_winners
            also = winners[1:] if several else ()
            self._finish_win(winners[0], t, seat, qiang_gang=True, also=also)
            return
        self._complete_added_kong(seat, t)

    def _passed_win(self, seat: int, tile: int) -> None:
        """``seat`` passed a win on ``tile``: what it may not win now (the table's 弃先胡后)."""
        rule = self.table.passed_win
        if rule == "same_until_draw":
            self.state.win_passed.add((seat, tile))
        elif rule != "none":
            self.state.furiten.add(seat)

    def _next_seat(self, seat: int) -> int:
        """The next seat after ``seat`` in turn order still in play."""
        out = self._out
        for s in AFTER[seat]:
            if not out[s]:
                return s
        return (seat + 1) % 4

    def _pay_now(self) -> None:
        """The variant's payment for the event just logged, made at once (kong money)."""
        paid = self.variant.payment(self.events[-1], self.state)
        if paid is None:
            return
        reason, deltas = paid
        st = self.state
        for s in range(4):
            st.paid[s] += deltas[s]
            self.scores[s] += deltas[s]
        self._log("payment", reason=reason, deltas=list(deltas), scores=list(self.scores))

    def _draw(self, seat: int) -> None:
        st = self.state
        st.turn, st.last_discard, st.discarder = seat, None, None
        self._draw_into(seat, from_tail=False, kong=False)

    def _replacement(self, seat: int, kong: bool = True) -> None:
        """A draw from the tail after a kong."""
        self.state.turn = seat
        self._draw_into(seat, from_tail=True, kong=kong)

    def _draw_into(self, seat: int, from_tail: bool, kong: bool) -> None:
        """Draw for ``seat`` (from the head or the tail); a flower drawn is laid aside and
        replaced from the tail (补花), as often as it takes. An empty wall ends the hand."""
        st = self.state
        flower = False
        while True:
            if st.wall.remaining <= self._kept:
                self._finish_draw()
                return
            t = st.wall.draw_tail() if from_tail else st.wall.draw()
            st.furiten.discard(seat)
            if st.win_passed:
                st.win_passed = {(s, k) for s, k in st.win_passed if s != seat}
            if st.pong_passed:
                st.pong_passed = {(s, k) for s, k in st.pong_passed if s != seat}
            st.turns += 1
            if not self._flower[t]:
                break
            self._log_draw(seat, t, from_tail)
            st.flowers[seat] += (t,)
            st.waits[seat] = None  # a variant's wins may depend on the flowers laid aside
            self._log("flower", seat=seat, tile=TILE_NAMES[t])
            from_tail = flower = True
        # The seat's cached waits stay right: a kong already cleared them, a flower too.
        st.hands[seat][t] += 1
        st.drawn, st.after_kong, st.after_flower, st.phase = t, kong, flower, "turn"
        self._log_draw(seat, t, from_tail)

    def _log_draw(self, seat: int, t: int, from_tail: bool) -> None:
        event = {"event": "draw", "seat": seat, "tile": TILE_NAMES[t]}
        if from_tail:
            event["replacement"] = True
        self.events.append(event)

    # ----------------------------------------------------------------- hand end
    def _record(self, result: dict[str, Any]) -> dict[str, Any]:
        st = self.state
        players = [
            {
                "hand": mpsz(st.hands[s]),
                "melds": [m.to_dict() for m in st.melds[s]],
                "discards": kinds_text(st.ponds[s]),
                "dealt": mpsz(st.dealt[s]),
            }
            | ({"flowers": _text(st.flowers[s])} if self._has_flowers else {})
            for s in range(4)
        ]
        indicators = None
        if st.indicator is not None and st.lower is not None:
            indicators = (TILE_NAMES[st.indicator], TILE_NAMES[st.lower])
        horses = self._turn_up_horses(result) if result["kind"] == "win" else ()
        finished = FinishedHand(
            options=self.options,
            dealer=st.dealer,
            dealer_streak=st.streak,
            players=players,
            result=result,
            events=self._hand_events(),
            indicators=indicators,
            carried=self._carried,
            state=st,
            wins=tuple(st.wins),
            horses=horses,
        )
        return self.variant.record(finished)

    def _turn_up_horses(self, result: Mapping[str, Any]) -> tuple[str, ...]:
        """抓马: the next tiles of the wall, as many as the variant asks after this win (fewer
        when the wall is shorter), shown to every seat. They stay in the wall: the hand is
        over and nobody draws them."""
        wanted = self.variant.horses(result, self.state)
        if wanted <= 0:
            return ()
        horses = tuple(TILE_NAMES[t] for t in self.state.wall.live()[:wanted])
        self._log("horses", seat=result["winner"], tiles="".join(horses))
        return horses

    def _hand_events(self) -> list[dict[str, Any]]:
        """The events of the hand in play, from its deal event on."""
        events = self.events
        at = getattr(self, "_deal_at", None)  # where _begin logged it (None after a restore)
        if at is not None and at < len(events) and events[at].get("event") == "deal":
            return events[at:]
        for i in range(len(events) - 1, -1, -1):
            if events[i].get("event") == "deal":
                return events[i:]
        return list(events)

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
        after_flower: bool = False,
        also: Sequence[int] = (),
    ) -> None:
        """End the hand with ``seat``'s win (and ``also`` those seats' on the same discard:
        一炮多响, for variants that allow it; the record's ``winner`` is then a list)."""
        st = self.state
        if source is None:
            st.hands[seat][tile] -= 1
        elif not qiang_gang:
            st.ponds[source] = st.ponds[source][:-1]
        st.won_on = tile
        for s in (seat, *also):
            query = WinQuery(
                s,
                tile,
                source,
                st.hands[s],
                st.melds[s],
                st.flowers[s],
                st.wilds,
                robbing=qiang_gang,
                after_kong=gang_kai,
                state=st,
            )  # the win as it was offered: robbing a kong or on a replacement draw
            if not self.variant.may_win(query):
                raise AssertionError("engine accepted a hand the variant does not call winning")
        result = {
            "kind": "win",
            "winner": [seat, *also] if also else seat,
            "tile": KINDS[tile],
            "from": source,
            "gang_kai": gang_kai,
            "qiang_gang": qiang_gang,
            "tian_hu": tian_hu,
            "di_hu": di_hu,
        }
        if self._has_flowers:
            result["after_flower"] = after_flower
        won = {k: v for k, v in result.items() if k != "kind"}
        winners = (seat, *also)
        if self.table.wins_to_end > 1 and not self.table.winners_stay:
            # A winner leaves play with its hand face up (血战): the log says what is shown.
            self._log("win", **won, shown={str(s): mpsz(st.hands[s]) for s in winners})
        else:
            self._log("win", **won)
        st.wins.append(
            {
                **won,
                # the referee's: each winner's tiles as it won (a winner who stays plays on)
                "hands": {str(s): mpsz(st.hands[s]) for s in winners},
                "melds": {str(s): [m.to_dict() for m in st.melds[s]] for s in winners},
            }
        )
        stay = self.table.winners_stay
        if not stay:
            for s in winners:
                self._out[s] = True
        going_on = stay or sum(self._out) < self.table.wins_to_end
        if going_on and st.wall.remaining > self._kept:
            self._go_on(seat, source, also)  # 血战 (血流): the others (and the winners) play on
            return
        self._end(self._record(result))

    def _go_on(self, seat: int, source: int | None, also: Sequence[int]) -> None:
        """After a win that does not end the hand: the payment it makes at once, and the next
        seat in play after the (last) winner draws."""
        st = self.state
        st.won_on = None  # each win's tile is counted in ``wins``
        st.drawn, st.after_kong, st.after_flower = None, False, False
        st.last_discard, st.discarder, st.rob_tile = None, None, None
        self._legal, self._shared = {}, None
        self._pay_now()
        last = (also or (seat,))[-1]
        self._draw(self._next_seat(last))

    def _finish_draw(self) -> None:
        self._log("draw-game")
        self._end(self._record({"kind": "draw"}))

    def _end(self, record: dict[str, Any]) -> None:
        st = self.state
        settlement = self._settle(record, st)
        self.records.append(record)
        self.settlements.append(settlement)
        for s in range(4):  # what was paid during the hand is part of the settlement
            self.scores[s] += settlement.deltas[s] - st.paid[s]
        self._log("settlement", deltas=list(settlement.deltas), scores=list(self.scores))
        st.phase = "over"
        if len(self.records) >= self.hands or self.variant.match_over(self.records):
            self.over = True
        else:
            following = self.variant.next_dealer(st.dealer, st.streak, record, self._hand_events())
            self._begin(*following, None)

    # ----------------------------------------------------------------- saving
    def snapshot(self) -> dict[str, Any]:
        """The whole game as JSON-ready data; :meth:`restore` continues it identically.

        Example:
            >>> import json
            >>> g = Game(seed=6, hands=2)
            >>> h = Game.restore(json.loads(json.dumps(g.snapshot())))
            >>> h.state == g.state and h.legal_actions(h.to_act()[0]) == g.legal_actions(
            ...     g.to_act()[0])
            True
        """
        from majiang.game.snapshot import to_snapshot

        return to_snapshot(self)

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> Game:
        """A game from :meth:`snapshot` data; RecordError naming what is wrong (every field
        checked, the events replayed and the state required to be the replayed one, so a
        restored game is one that can have happened: :mod:`majiang.game.snapshot`).

        Example:
            >>> Game.restore({"format": "something else"})
            Traceback (most recent call last):
            ...
            majiang.errors.RecordError: format: expected 'majiang.game/1', got 'something else'
        """
        from majiang.game.snapshot import from_snapshot

        game = cls.__new__(cls)
        from_snapshot(game, data)
        return game

    def _restored(self) -> None:
        """Rebuild the caches of a game whose fields were just restored."""
        self._legal, self._shared, self._deal_at, self._melds_view = {}, None, None, None
        self._setup_variant()
        deal: dict[str, Any] = next(
            (e for e in reversed(self.events) if e.get("event") == "deal"), {}
        )
        carried = deal.get("carry")
        self._carried = dict(carried) if isinstance(carried, Mapping) else {}
        self._out = [False, False, False, False]
        if self.table.wins_to_end > 1 and not self.table.winners_stay:
            for w in self.state.wins:
                winners = w.get("winner")
                for s in winners if isinstance(winners, list) else [winners]:
                    if isinstance(s, int) and 0 <= s < 4:
                        self._out[s] = True

    def clone(self) -> Game:
        """A deep copy (for tests and search).

        Example:
            >>> g = Game(seed=1); g.clone().state == g.state
            True
        """
        return copy.deepcopy(self)


def _shown(
    wins: Sequence[Mapping[str, Any]], hands: Sequence[list[int]], out: Sequence[bool]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, ...], int], ...]]:
    """The concealed hands shown by the seats that have won and left play (empty for the
    others), and each win as (winners, kind won on).

    Example:
        >>> hands = [[0] * 34, [1] * 13 + [0] * 21, [0] * 34, [0] * 34]
        >>> shown, won = _shown([{"winner": 1, "tile": "5m"}], hands, [False, True, False, False])
        >>> sum(shown[1]), shown[0], won
        (13, (), (((1,), 4),))
    """
    shown = tuple(tuple(hands[s]) if out[s] else () for s in range(4))
    won = []
    for w in wins:
        winner = w["winner"]
        seats = tuple(winner) if isinstance(winner, list) else (winner,)
        won.append((seats, INDEX[w["tile"]]))
    return shown, tuple(won)


def _own(others: tuple[Any, ...], full: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
    """The declarations ``seat`` sees: every seat's public ones, and its own private ones.

    Example:
        >>> _own(((), (("pass", ""),)), ((), (("pass", "5m"),)), 1)
        ((), (('pass', '5m'),))
    """
    return (*others[:seat], full[seat], *others[seat + 1 :])


def _check_arguments(
    variant: object,
    seed: object,
    options: object,
    hands: object,
    deal: object,
    dealer: object,
    streak: object,
    scores: object,
    carried: object,
) -> None:
    """:class:`Game`'s arguments checked before anything is built: ArgumentTypeError for a
    wrong type, RulesError for a value out of range (the options themselves are checked by
    the variant's parser, a deal by :meth:`Game._fixed_deal`).

    Example:
        >>> _check_arguments("nanchang", 0, None, 1, None, None, 0, None, None)
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: streak: expected a dealer streak (爬楼 floor) of at least 1, ...
    """
    if not isinstance(variant, str | Variant):
        raise ArgumentTypeError(
            f"variant: expected a variant name or a Variant, got {_short(variant)}"
        )
    if not _is_int(seed):
        raise ArgumentTypeError(f"seed: expected an int, got {_short(seed)}")
    if options is not None:
        if not isinstance(options, Mapping):
            raise ArgumentTypeError(
                f"options: expected a mapping of option names, got {_short(options)}"
            )
        if not all(isinstance(k, str) for k in options):
            raise ArgumentTypeError(
                f"options: option names are strings, got {_short(dict(options))}"
            )
    if not isinstance(hands, int) or isinstance(hands, bool):
        raise ArgumentTypeError(f"hands: expected an int, got {_short(hands)}")
    if hands < 1:
        raise majiang.RulesError(f"hands: expected a positive number, got {_short(hands)}")
    if hands > MAX_HANDS:
        raise majiang.RulesError(f"hands: at most {MAX_HANDS} hands a match, got {_short(hands)}")
    if deal is not None and not isinstance(deal, Deal):
        raise ArgumentTypeError(f"deal: expected a Deal, got {_short(deal)}")
    if dealer is not None:
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise ArgumentTypeError(f"dealer: expected a seat 0-3 (an int), got {_short(dealer)}")
        if not 0 <= dealer <= 3:
            raise majiang.RulesError(f"dealer: expected a seat 0-3, got {_short(dealer)}")
    if not isinstance(streak, int) or isinstance(streak, bool):
        raise ArgumentTypeError(f"streak: expected an int, got {_short(streak)}")
    if streak < 1:
        raise majiang.RulesError(
            f"streak: expected a dealer streak (爬楼 floor) of at least 1, got {_short(streak)}"
        )
    if streak + hands - 1 > MAX_STREAK:  # the streak grows by at most one a hand
        raise majiang.RulesError(
            f"streak: {_short(streak)} with {hands} hands could pass the dealer streak bound "
            f"{MAX_STREAK} (streak + hands - 1 ≤ {MAX_STREAK})"
        )
    if scores is not None:
        if not isinstance(scores, Sequence) or isinstance(scores, str):
            raise ArgumentTypeError(f"scores: expected four ints, got {_short(scores)}")
        if len(scores) != 4:
            raise majiang.RulesError(f"scores: expected four, got {len(scores)}")
        if not all(_is_int(x) for x in scores):
            raise ArgumentTypeError(f"scores: expected four ints, got {_short(list(scores))}")
        if not all(-MAX_SCORE <= x <= MAX_SCORE for x in scores):
            raise majiang.RulesError(
                f"scores: expected four whole numbers within ±{MAX_SCORE}, "
                f"got {_short(list(scores))}"
            )
    if carried is not None and (
        not isinstance(carried, Mapping) or not all(isinstance(k, str) for k in carried)
    ):
        raise ArgumentTypeError(
            f"carried: expected a mapping of record fields, got {_short(carried)}"
        )


def _check_deal_types(deal: Deal) -> None:
    """ArgumentTypeError naming the first field of ``deal`` of the wrong type.

    Example:
        >>> _check_deal_types(Deal(("1m", "2m", "3m", "4m"), "5m", "1z", "2z", dice=(1, "2")))
        Traceback (most recent call last):
        ...
        majiang.errors.ArgumentTypeError: deal: dice: expected two ints, got (1, '2')
    """

    def texts(value: object, n: int | None) -> bool:
        return (
            isinstance(value, tuple | list)
            and (n is None or len(value) == n)
            and all(isinstance(x, str) for x in value)
        )

    problems = (
        ("hands", not texts(deal.hands, 4), "four MPSZ strings"),
        ("wall", not (isinstance(deal.wall, str) or texts(deal.wall, None)), "tiles"),
        ("indicator", not isinstance(deal.indicator, str | None), "a tile name"),
        ("lower", not isinstance(deal.lower, str | None), "a tile name"),
        ("dice", not (isinstance(deal.dice, tuple | list) and len(deal.dice) == 2
                      and all(_is_int(d) for d in deal.dice)), "two ints"),
        ("drawn", not isinstance(deal.drawn, str | None), "a tile name or None"),
        ("flowers", deal.flowers is not None and not texts(deal.flowers, 4), "four strings"),
    )  # fmt: skip
    for name, wrong, expected in problems:
        if wrong:
            value = _short(getattr(deal, name))
            raise ArgumentTypeError(f"deal: {name}: expected {expected}, got {value}")


def _is_int(value: object) -> bool:
    """An int that is not a bool.

    Example:
        >>> _is_int(3), _is_int(True), _is_int(3.0)
        (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_argument(seat: object, where: str) -> int:
    """``seat`` checked as a seat argument: an int 0-3 (an int subclass too, but never a
    bool); ArgumentTypeError for another type, IllegalActionError for another number. The
    engine's hot paths test ``seat.__class__ is int and 0 <= seat <= 3`` and call this only
    when that fails.

    Example:
        >>> _seat_argument(2, "step")
        2
        >>> _seat_argument(True, "observation")
        Traceback (most recent call last):
        ...
        majiang.errors.ArgumentTypeError: observation: expected a seat 0-3 (an int), got True
        >>> _seat_argument(-1, "observation")
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: observation: expected a seat 0-3, got -1
    """
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ArgumentTypeError(f"{where}: expected a seat 0-3 (an int), got {_short(seat)}")
    if not 0 <= seat <= 3:
        raise IllegalActionError(f"{where}: expected a seat 0-3, got {_short(seat)}")
    return int(seat)


def _short(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages that quote input
    (:func:`majiang.errors.quoted`).

    Example:
        >>> _short("x" * 100, 10)
        "'xxxxxx..."
    """
    return quoted(value, limit)


def _text(tiles: Sequence[int]) -> str:
    """Tile ids as names run together, flowers included (``"1f3f5z"``)."""
    return "".join(TILE_NAMES[t] for t in tiles)


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
