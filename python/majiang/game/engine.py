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
from itertools import compress
from typing import Any

from majiang.errors import ArgumentTypeError, IllegalActionError, MajiangError, RulesError, quoted
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
from majiang.game.arguments import (
    check_game_arguments,
    kind_argument,
    seat_argument,
    valid_tiles,
)
from majiang.game.dealing import Deal, deal_from_wall, fixed_deal
from majiang.game.events import (
    FACE_DOWN,
    DrawGame,
    Exchange,
    Payment,
    discard_event,
    draw_event,
)
from majiang.game.events import Chow as ChowEvent
from majiang.game.events import Deal as DealEvent
from majiang.game.events import Declare as DeclareEvent
from majiang.game.events import Flower as FlowerEvent
from majiang.game.events import Horses as HorsesEvent
from majiang.game.events import Kong as KongEvent
from majiang.game.events import Pong as PongEvent
from majiang.game.events import Reveal as RevealEvent
from majiang.game.events import Settlement as SettlementEvent
from majiang.game.events import Win as WinEvent
from majiang.game.observation import Observation
from majiang.game.seating import after, every_from
from majiang.game.snapshot import check_snapshot, read_snapshot, snapshot_errors, to_snapshot
from majiang.game.state import HandState, kinds_text, mpsz, seat_lists
from majiang.game.transition import APPLY, KongStands, LoggedChange, Table, apply
from majiang.game.views import PublicView, observation_of, public_view
from majiang.room import RoomConfig
from majiang.settlement import Settlement
from majiang.tiles import KIND_INDEX as INDEX
from majiang.tiles import KINDS, TILE_NAMES
from majiang.typed_records import engine_settle
from majiang.variants import Variant, get_variant
from majiang.variants.protocol import (
    DealReveal,
    FinishedHand,
    TableRules,
    WinQuery,
    chow_options,
    may_chow,
)
from majiang.variants.registry import DEFAULT

__all__ = ["Deal", "Game", "Observation", "play"]

AFTER = after(4)
"""``AFTER[s]``: the other seats in turn order after ``s`` at four seats (a game reads its
table's, :func:`majiang.game.seating.after`)."""
FROM = every_from(4)
"""``FROM[s]``: every seat in turn order from ``s`` at four seats."""
_CHOWS: dict[tuple[int, int, int], Chow] = {}
_MISSING = object()
ACTION_TYPES = (Discard, Chow, Pong, Kong, Win, Pass, Declare)


_FLOWER_MASKS: dict[int, tuple[TableRules, tuple[bool, ...], bool]] = {}


def _flower_mask(table: TableRules) -> tuple[tuple[bool, ...], bool]:
    """Whether each tile id is laid aside when drawn (looked up on every draw, so a tuple
    rather than a set) and whether the set holds any: made once per table (kept with the
    table, so its id is not reused while the entry lives)."""
    found = _FLOWER_MASKS.get(id(table))
    if found is None or found[0] is not table:
        if len(_FLOWER_MASKS) >= 64:  # bound: tables made per option set come and go
            _FLOWER_MASKS.clear()
        mask = tuple(t in table.laid_aside for t in range(len(TILE_NAMES)))
        found = _FLOWER_MASKS[id(table)] = (table, mask, any(mask[t] for t in set(table.tiles)))
    return found[1], found[2]


def _chow(seq: tuple[int, int, int]) -> Chow:
    found = _CHOWS.get(seq)
    if found is None:
        found = _CHOWS[seq] = Chow(kinds_text(seq))
    return found


class Game:
    """A match of ``hands`` hands of ``variant`` from ``seed`` (``options`` go into every hand
    record, i.e. the settlement options). ``deal`` fixes the first hand (tests, puzzles,
    replays); ``dealer``/``streak`` fix its dealer and 爬楼 floor; ``scores`` are the scores
    carried in; ``carried`` the fields the first record carries from an earlier hand (the
    deal event's ``carry``, e.g. Nanjing's 比下胡; default: the variant's ``carry``).
    ``open_windows`` is for a table server: every discard and added kong then opens a claim
    window, empty when nobody may claim, that only :meth:`close_window` resolves, so a seat
    not asked cannot tell from what follows a discard whether anyone was (the log is the
    default flow's, event for event).

    Example:
        >>> g = Game(seed=5)
        >>> g.to_act() == [g.state.dealer], len(g.legal_actions(g.state.dealer)) > 0
        (True, True)
        >>> g.step((g.state.dealer + 1) % 4, Pass())
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: pass is not legal for seat ... now
    """

    open_windows = False  # see __init__; a restored game never has a window to keep open

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
        open_windows: bool = False,
    ) -> None:
        if not isinstance(open_windows, bool):
            raise ArgumentTypeError(f"open_windows: expected True or False, got {open_windows!r}")
        self.open_windows = open_windows
        if isinstance(variant, RoomConfig):  # a room: its variant, options and match length
            variant, options, hands = variant.game_arguments(options, hands)
        chosen = _chosen(variant)
        seats = chosen.table.seats if chosen is not None else 4
        check_game_arguments(
            variant, seed, options, hands, deal, dealer, streak, scores, carried, seats
        )
        self.options = dict(options or {})
        chosen = get_variant(variant) if isinstance(variant, str) else variant
        self.variant = chosen.bind(self.options)  # the variant's option parser
        self.hands = hands
        self.rng = random.Random(seed)
        self.scores = [0] * seats if scores is None else list(scores)
        self.events: list[dict[str, Any]] = []
        self.records: list[dict[str, Any]] = []
        self.settlements: list[Settlement] = []
        self.over = False
        self._legal: dict[int, list[Action]] = {}
        self._deal_at: int | None = None  # the index of the hand in play's deal event
        self._melds_cache: list[Any] = []  # the last melds, as the others see them
        self._shared: PublicView | None = None
        self._setup_variant()
        first = self.rng.randrange(seats) if dealer is None else dealer
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
        hand[drawn] -= 1  # the dealer's 14th tile set aside: every hand of 13
        try:
            record = self._record({"kind": "draw"})
            self._settle(record)
        except MajiangError as e:
            raise RulesError(f"carried: {quoted(dict(self._carried))} ({e})") from None
        finally:
            hand[drawn] += 1
        for key, value in self._carried.items():  # kept as given, not coerced or dropped
            kept = record.get(key, _MISSING)
            if kept is _MISSING or type(kept) is not type(value) or kept != value:
                raise RulesError(f"carried: {key}: {quoted(value)} is not a value the record keeps")

    def _setup_variant(self) -> None:
        table = self.table = self.variant.table
        self._settle = engine_settle(self.variant.name)  # the engine's record typed, no text
        self._option_items = tuple(sorted(self.options.items()))  # observations' `options`
        self._flower, self._has_flowers = _flower_mask(table)
        self._kept = table.kept_back
        self._openings = table.openings
        # the restriction hooks are asked only with openings, turn declarations or winners
        # who stay in play
        self._turn_declares = bool(table.turn_declarations)
        self._restricts = bool(table.openings) or table.winners_stay or self._turn_declares
        self._carried: dict[str, Any] = {}
        self.seats = table.seats
        self._after, self._from = after(table.seats), every_from(table.seats)
        # a last chance (海底捞月) only where tiles are kept back and the variant names a seat
        self._chance = (
            table.kept_back > 0
            and type(self.variant).last_chance is not Variant.last_chance
            and not self._has_flowers
        )
        self._out = [False] * table.seats  # seats that have won and left play (血战)
        # turns the engine plays for a seat with one choice (a locked 报听 hand)
        self._plays_for = type(self.variant).plays_for is not Variant.plays_for

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
            dealer = self.rng.randrange(self.seats)
        self._out = [False] * self.seats
        hand_seed = self.rng.getrandbits(64)
        if deal is None:
            dealt = deal_from_wall(hand_seed, dealer, self.table)
        else:
            dealt = fixed_deal(deal, dealer, self.table, self.variant.name)
        wall, hands, flowers, last, up, low = dealt
        self.state = HandState(
            dealer=dealer,
            streak=streak,
            wall=wall,
            indicator=up,
            lower=low,
            wilds=self.variant.fixed_wilds() if up is None else self.variant.wilds(up),
            hands=hands,
            dealt=[list(h) for h in hands],
            flowers=flowers,
            turn=dealer,
            drawn=last,
            **seat_lists(self.seats),
        )
        self._legal, self._shared = {}, None
        flipped = up is not None and low is not None
        self._deal_at = len(self.events)
        begun = DealEvent(
            hand=len(self.records),
            variant=self.variant.name,
            options=dict(self.options),
            dealer=dealer,
            dealer_streak=streak,
            dice=wall.dice,
            hands=tuple(mpsz(h) for h in hands),
            drawn=KINDS[last],
            wall=tuple(map(TILE_NAMES.__getitem__, wall.live())),
            scores=tuple(self.scores),
            indicator=TILE_NAMES[up] if flipped and up is not None else None,
            lower_indicator=TILE_NAMES[low] if flipped and low is not None else None,
            flowers=tuple(_text(f) for f in flowers) if self._has_flowers else None,
            carry=dict(self._carried) if self._carried else None,
        )
        self.events.append(begun.to_json())
        self._table = Table(self.state, self.scores, self.table)
        reveal = self.variant.reveal_after_deal(self.state) if deal is None or deal.reveal else None
        if reveal is not None:
            self._reveal(reveal)
        self._open_declarations(0)

    def _reveal(self, reveal: DealReveal) -> None:
        """Every seat sees what the variant has the seats show after the deal (their tiles
        laid face up and taken back, the lower indicator turned up): kept in the state and
        logged as a public ``reveal`` event. RulesError for a variant that shows tiles a
        seat does not hold, or a lower indicator the table does not flip."""
        st = self.state
        if len(reveal.tiles) != self.seats:
            raise RulesError(f"{self.variant.name}: a reveal names {self.seats} seats' tiles")
        shown_text = []
        for s, shown in enumerate(reveal.tiles):
            if any(not isinstance(k, int) or not 0 <= k < 34 for k in shown):
                raise RulesError(f"{self.variant.name}: seat {s} reveals {shown!r}")
            if not shown:
                shown_text.append("")
                continue
            counts = [0] * 34
            for k in shown:
                counts[k] += 1
            hand = st.hands[s]
            if any(counts[k] > hand[k] for k in set(shown)):  # the shown kinds only
                raise RulesError(
                    f"{self.variant.name}: seat {s} reveals {kinds_text(shown)}, not all held"
                )
            shown_text.append(mpsz(counts))
        lower = None
        if reveal.lower_indicator:
            if st.lower is None:
                raise RulesError(f"{self.variant.name}: no lower indicator to show")
            lower = TILE_NAMES[st.lower]
        self._do(RevealEvent(tuple(shown_text), lower))

    def _open_declarations(self, first: int) -> None:
        """Ask the table's opening declarations from ``first`` on; the first one some seat has
        options for opens the ``declare`` phase, else the dealer's turn begins."""
        st = self.state
        for what in self._openings[first:]:
            options = {}
            for s in self._from[st.dealer]:  # from the dealer, in turn order
                offered = self.variant.opening_options(what, s, st)
                if offered:
                    options[s] = list(offered)
            if options:
                st.phase, st.declaring = "declare", what
                st.claimants, st.responses, st.options = list(options), {}, options
                return
        st.phase, st.declaring = "turn", None

    def _resolve_declarations(self) -> None:
        """Every seat asked has answered: the variant's exchange (if any) is asked and checked
        first, so a refused one changes nothing; then the declarations are recorded and
        logged in turn from the dealer, the exchange applied and the next opening asked."""
        st = self.state
        what, responses = st.declaring, st.responses
        assert what is not None
        made = {
            s: a.value for s in self._from[st.dealer] if isinstance(a := responses.get(s), Declare)
        }
        exchange = self.variant.after_declarations(what, made, st) if made else None
        if exchange is not None:
            self._check_exchange(exchange)
        st.claimants, st.responses, st.options = [], {}, {}
        private = what in self.table.private_openings
        for s, value in made.items():
            # who else learns a private value (seat_events shows it them)
            viewers = tuple(sorted(self.variant.opening_viewers(what, s, st))) if private else ()
            self._do(DeclareEvent(s, what, value, viewers or None))
        if exchange is not None:
            apply(self._table, exchange)
        if made:
            st.waits = [None] * self.seats  # a declaration may change what wins (定缺)
        self._legal, self._shared = {}, None
        self._open_declarations(self._openings.index(what) + 1)

    def _check_exchange(self, exchange: Exchange) -> None:
        """RulesError for a variant's :class:`Exchange` with a move between unknown seats or
        of tiles the giver does not hold (all its moves together)."""
        st = self.state
        seats = range(self.seats)
        given = [[0] * 34 for _ in seats]
        face_down = sum(len(m[2]) for m in exchange.moves if m[1] == FACE_DOWN)
        if face_down and not 0 <= exchange.face_down_at <= self._kept - face_down:
            raise RulesError(f"{self.variant.name}: {face_down} tiles to swap face down")
        for move in exchange.moves:
            giver, taker, kinds = move
            if giver not in seats or (taker not in seats and taker != FACE_DOWN) or giver == taker:
                raise RulesError(f"{self.variant.name}: exchange move {move!r}")
            for k in kinds:
                if k not in range(34):
                    raise RulesError(f"{self.variant.name}: exchange of kind {k!r}")
                given[giver][k] += 1
        for seat in seats:
            if any(n > held for n, held in zip(given[seat], st.hands[seat], strict=True)):
                raise RulesError(f"{self.variant.name}: seat {seat} passes tiles it does not hold")

    def _do(self, event: LoggedChange) -> None:
        """Apply a logged event to the table and log its line."""
        APPLY[type(event)](self._table, event)  # apply(), without its own call (hot)
        self.events.append(event.to_json())

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
            kong_discard=not robbing and self._kong_discard(),
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

    def _kong_discard(self) -> bool:
        """Whether the hand's last discard came right after its discarder's kong and
        replacement draw (a 杠上炮), read back from the log (asked only for a possible win)."""
        events = self.events
        i = len(events) - 1
        while i >= 0 and events[i].get("event") != "discard":  # past the win being made
            i -= 1
        seat = events[i].get("seat") if i >= 0 else None
        i -= 1
        while i >= 0 and events[i].get("event") in ("draw", "flower", "payment"):
            if events[i].get("event") == "draw" and not events[i].get("replacement"):
                return False
            i -= 1
        return i >= 0 and events[i].get("event") == "kong" and events[i].get("seat") == seat

    def _dealers_first_discard(self) -> bool:
        """Whether the discard in play is the dealer's first, before any claim or kong (the
        tile a 地胡 is won on)."""
        st = self.state
        return st.discarder == st.dealer and st.discards_made == 1 and not st.interrupted

    def claim_options(self, seat: int, tile: int) -> list[Action]:
        """What ``seat`` may claim on a discard of kind ``tile`` now (a win first, then kong,
        pong and chows; no pass): what a claim window offers it.

        Example:
            >>> from majiang.game import Deal
            >>> g = Game("pingxiang", dealer=0, deal=Deal(("123456789m1234p5p",
            ...     "555m123456p1199s", "123456789s1234z", "147m258p369s1234z"), "8m"))
            >>> [type(a).__name__ for a in g.claim_options(1, 4)]
            ['Kong', 'Pong']
            >>> g.claim_options(1, 34)
            Traceback (most recent call last):
            ...
            majiang.errors.IllegalActionError: claim_options: expected a kind 0-33, got 34
        """
        if seat.__class__ is not int or not 0 <= seat < self.seats:
            seat = seat_argument(seat, "claim_options", self.seats)
        if tile.__class__ is not int or not 0 <= tile < 34:
            tile = kind_argument(tile, "claim_options")
        st = self.state
        held = st.hands[seat][tile]
        opts: list[Action] = []
        if self._can_win_discard(seat, tile, robbing=False):
            opts.append(WIN)
        if self.table.last_discard_wins_only and st.wall.remaining <= self._kept:
            return opts  # the wall's last tile: only a win may claim it
        claims = None
        if self._restricts:
            if not self.variant.may_meld(seat, st):
                return opts
            kinds = self.variant.meld_kinds(seat, st)
            if kinds is not None and tile not in kinds:
                held = 0  # no pong or kong of this kind (a chow may still be offered)
            claims = self.variant.claim_kinds(seat, tile, st)
        if held >= 2:
            if (
                held == 3
                and st.wall.remaining > self._kept
                and (claims is None or "kong" in claims)
            ):
                opts.append(kong(tile, "exposed"))
            if (seat, tile) not in st.pong_passed and (claims is None or "pong" in claims):
                opts.append(PONG)
        if claims is not None and "chow" not in claims:
            return opts
        if st.discarder is not None and seat == self._after[st.discarder][0]:  # 下家
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
        if seat.__class__ is not int or not 0 <= seat < self.seats:  # a bool is no seat
            seat = seat_argument(seat, "legal_actions", self.seats)
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
            melds = not self._restricts or self.variant.may_meld(seat, st)
            wall = st.wall
            if melds and wall.tail - wall.head > self._kept:
                first_dealer_turn = (
                    seat == st.dealer
                    and st.discards_made == 0
                    and st.turns == 0
                    and not self.table.dealer_first_kong
                )
                if 4 in hand and not first_dealer_turn:
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
        if self._turn_declares:
            declares = self.variant.turn_declarations(seat, st)
            out += [Declare(what, KINDS[k]) for what, k in declares if hand[k]]
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
        """What ``seat`` may know now (:mod:`majiang.game.views`).

        Example:
            >>> "hands" in Game(seed=1).observation(0).to_dict()
            False
        """
        if seat.__class__ is not int or not 0 <= seat < self.seats:
            seat = seat_argument(seat, "observation", self.seats)
        shared = self._shared
        if shared is None:  # what every seat sees alike, built once per step
            shared = self._shared = public_view(  # in its parameters' order (hot: no keywords)
                self.state,
                self.table,
                self.scores,
                self.over,
                self._kept,
                self._out,
                self.variant.name,
                self._option_items,
                self._melds_cache,
            )
        return observation_of(shared, self.state, seat, self.variant)

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
                if text is not None and (not isinstance(text, str) or not valid_tiles(text)):
                    raise IllegalActionError(f"unknown tile in {quoted(dict(action), 200)}")
        else:
            raise IllegalActionError(f"expected an action or its dict, got {quoted(action)}")
        if seat.__class__ is not int or not 0 <= seat < self.seats:
            try:
                seat = seat_argument(seat, "step", self.seats)
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
            if self._plays_for:
                self._play_forced()
        else:
            st.responses[seat] = act
            if len(st.responses) == len(st.claimants):
                if self.open_windows and st.phase != "declare":
                    return  # the window stays open until close_window()
                if st.phase == "declare":
                    try:
                        self._resolve_declarations()
                    except RulesError:
                        del st.responses[seat]  # the variant refused the exchange: no change
                        raise
                elif st.phase == "claim":
                    self._resolve_claims()
                else:
                    self._resolve_rob()
                if self._plays_for:
                    self._play_forced()

    def close_window(self) -> None:
        """Resolve the open claim or rob window of an ``open_windows`` game once every seat
        asked has answered; IllegalActionError (state unchanged) if none is open or a seat
        asked has not answered yet.
        """
        st = self.state
        if self.over or st.phase not in ("claim", "rob"):
            raise IllegalActionError("no claim window is open")
        if len(st.responses) != len(st.claimants):
            raise IllegalActionError("a seat asked in the claim window has not answered")
        self._legal, self._shared = {}, None
        if st.phase == "claim":
            self._resolve_claims()
        else:
            self._resolve_rob()
        if self._plays_for:
            self._play_forced()

    def _play_forced(self) -> None:
        """Play the turns the variant plays for their seats (after a draw, one legal action):
        each applied as the seat's own step would, until a seat has a choice or the game ends
        (a loop, not recursion: two locked seats can play out the wall)."""
        while not self.over:
            st = self.state  # a finished hand deals the next one afresh
            if st.phase != "turn" or st.drawn is None or not self.variant.plays_for(st.turn, st):
                return
            seat = st.turn
            legal = self._legal.get(seat)
            if legal is None:
                legal = self._legal[seat] = self._compute_legal(seat)
            if len(legal) != 1:
                return
            self._legal, self._shared = {}, None
            self._turn_action(seat, legal[0])

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
        elif isinstance(act, Declare):  # a turn declaration, made with its discard
            self._do(DeclareEvent(seat, act.what, act.value))
            self._discard(seat, INDEX[act.value])
        elif isinstance(act, Kong) and act.kind == "concealed":
            made = KongEvent(seat, "concealed", act.tile)
            self._do(made)
            self._pay_now(made)
            self._replacement(seat)
        elif isinstance(act, Kong):
            t = INDEX[act.tile]
            self._do(KongEvent(seat, "added", act.tile))
            out = self._out
            robbers = [
                s
                for s in self._after[seat]
                if not out[s] and self._can_win_discard(s, t, robbing=True)
            ]
            if robbers or self.open_windows:
                st.phase, st.rob_tile, st.turn = "rob", t, seat
                st.claimants, st.responses = robbers, {}
                st.options = {s: [WIN] for s in robbers}
                st.forced = self._forced(robbers, t, robbing=True)
            else:
                self._complete_added_kong(seat, t)

    def _complete_added_kong(self, seat: int, t: int) -> None:
        apply(self._table, KongStands(seat, KINDS[t]))
        self._pay_now(KongEvent(seat, "added", KINDS[t]))  # the kong logged before its rob window
        self._replacement(seat)

    def _discard(self, seat: int, t: int) -> None:
        st = self.state
        self._do(discard_event(seat, KINDS[t]))
        after = self._after[seat]
        if st.last_chance:  # the last chance's tile, not won: the hand is drawn, unclaimed
            if not self.open_windows:
                self._finish_draw()
                return
            after = ()  # a table server's window opens empty; its close draws the hand
        options: dict[int, list[Action]] = {}
        hands, chows, out = st.hands, self.table.chows, self._out
        for s in after:
            if out[s]:
                continue  # won and left play
            # Most discards interest nobody: a cheap test first (no pair of it, no chow for the
            # 下家, not waiting on it), the full options only when it fails.
            if hands[s][t] < 2 and (s != after[0] or not may_chow(chows, t, hands[s])):
                waits = st.waits[s]
                if waits is None:
                    waits = self._waits(s)
                if t not in waits:
                    continue
            opts = self.claim_options(s, t)
            if opts:
                options[s] = opts
        if options or self.open_windows:
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
        order = self._after[src]
        winners = [s for s in order if isinstance(responses.get(s), Win)]
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
        for s in order:
            act = responses.get(s)
            if isinstance(act, Kong | Pong):
                self._claim(s, src, t, "ming_gang" if isinstance(act, Kong) else "peng", [t])
                return
        for s in order:
            act = responses.get(s)
            if isinstance(act, Chow):
                seq = list(_chow_kinds(act.tiles))
                seq.remove(t)
                self._claim(s, src, t, "chi", seq)
                return
        self._draw(self._next_seat(src))

    def _claim(self, seat: int, src: int, t: int, kind: str, own: list[int]) -> None:
        if kind == "ming_gang":
            made = KongEvent(seat, "exposed", KINDS[t], src)
            self._do(made)
            if self.table.rob_exposed_kongs:
                self._exposed_kong_window(seat, src, t)
                return
            self._pay_now(made)
            self._replacement(seat)
        elif kind == "peng":
            self._do(PongEvent(seat, kinds_text([t, t, t]), src))
        else:
            self._do(ChowEvent(seat, kinds_text([*own, t]), src))

    def _exposed_kong_window(self, seat: int, src: int, t: int) -> None:
        """明杠可抢: the seats other than the feeder that can win on the claimed tile may rob
        the 直杠; it stands only when none can or none does."""
        st, out = self.state, self._out
        robbers = [
            s
            for s in AFTER[seat]
            if s != src and not out[s] and self._can_win_discard(s, t, robbing=True)
        ]
        if not robbers and not self.open_windows:
            self._complete_exposed_kong(seat, src, t)
            return
        st.phase, st.rob_tile = "rob", t
        st.claimants, st.responses = robbers, {}
        st.options = {s: [WIN] for s in robbers}
        st.forced = self._forced(robbers, t, robbing=True)

    def _complete_exposed_kong(self, seat: int, src: int, t: int) -> None:
        apply(self._table, KongStands(seat, KINDS[t], src))
        self._pay_now(KongEvent(seat, "exposed", KINDS[t], src))
        self._replacement(seat)

    def _resolve_rob(self) -> None:
        st = self.state
        t, seat = st.rob_tile, st.turn
        assert t is not None
        feeder, st.discarder = st.discarder, None  # set only in a 直杠's window (明杠可抢)
        responses = st.responses
        st.phase, st.claimants, st.responses, st.options, st.rob_tile = "turn", [], {}, {}, None
        st.forced = set()
        winners = [s for s in self._after[seat] if isinstance(responses.get(s), Win)]
        for s in responses:
            if s not in winners:
                self._passed_win(s, t)  # before a win too: a 血战 hand goes on after it
        if winners:
            several = len(winners) > 1 and self.table.multiple_winners
            also = winners[1:] if several else ()
            self._finish_win(winners[0], t, seat, qiang_gang=True, also=also)
            return
        if feeder is not None:
            self._complete_exposed_kong(seat, feeder, t)
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
        for s in self._after[seat]:
            if not out[s]:
                return s
        return (seat + 1) % self.seats

    def _pay_now(self, event: KongEvent | WinEvent) -> None:
        """The variant's payment for ``event`` (just logged), made at once (kong money)."""
        paid = self.variant.payment(event, self.state)
        if paid is None:
            return
        reason, deltas = paid
        if len(deltas) != self.seats:
            raise RulesError(f"{self.variant.name}: a payment of {len(deltas)} deltas")
        after = tuple(self.scores[s] + deltas[s] for s in range(self.seats))
        self._do(Payment(reason, tuple(deltas), after))

    def _draw(self, seat: int) -> None:
        st = self.state
        st.turn, st.last_discard, st.discarder = seat, None, None
        self._draw_into(seat, from_tail=False)

    def _replacement(self, seat: int) -> None:
        """A draw from the tail after a kong."""
        self.state.turn = seat
        self._draw_into(seat, from_tail=True)

    def _draw_into(self, seat: int, from_tail: bool) -> None:
        """Draw for ``seat`` (from the head or the tail); a flower drawn is laid aside and
        replaced from the tail (补花), as often as it takes. An empty wall ends the hand."""
        wall, flower = self.state.wall, self._flower
        while True:
            if wall.remaining <= self._kept:
                chance = self._last_chance() if self._chance else None
                if chance is None:
                    self._finish_draw()
                else:  # one kept-back tile from the tail (the two-player game's 海底捞月)
                    t = wall.tiles[wall.tail - 1]
                    self._do(draw_event(chance, TILE_NAMES[t], True))
                return
            t = wall.tiles[wall.tail - 1] if from_tail else wall.tiles[wall.head]
            self._do(draw_event(seat, TILE_NAMES[t], from_tail))
            if not flower[t]:
                return
            self._do(FlowerEvent(seat, TILE_NAMES[t]))
            from_tail = True

    def _last_chance(self) -> int | None:
        """The seat the variant names for the hand's last chance, once a hand (None: none,
        or the chance was taken); RulesError for a seat that is not in play."""
        st = self.state
        if st.last_chance or st.wall.remaining <= 0:
            return None
        seat = self.variant.last_chance(st)
        if seat is None:
            return None
        if type(seat) is not int or not 0 <= seat < self.seats or self._out[seat]:
            raise RulesError(f"{self.variant.name}: last chance for seat {seat!r}")
        st.last_discard, st.discarder = None, None
        return seat

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
            for s in range(self.seats)
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
        winner = result["winner"]  # several on one discard (一炮多响): the event names the first
        seat = winner[0] if isinstance(winner, list) else winner
        self.events.append(HorsesEvent(seat, "".join(horses)).to_json())
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
        winners = (seat, *also)
        shown = None
        if self.table.wins_to_end > 1 and not self.table.winners_stay:
            # A winner leaves play with its hand face up (血战): the log says what is shown.
            shown = {}
            for s in winners:
                hand = list(st.hands[s])
                if source is None:
                    hand[tile] -= 1  # a self-draw's tile is shown as the winning tile
                shown[str(s)] = mpsz(hand)
        won = WinEvent(
            winners if also else seat,
            KINDS[tile],
            source,
            gang_kai,
            qiang_gang,
            tian_hu,
            di_hu,
            after_flower if self._has_flowers else None,
            shown,
        )
        self._do(won)
        for s in winners:
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
                kong_discard=source is not None and not qiang_gang and self._kong_discard(),
            )  # the win as it was offered: robbing a kong or on a replacement draw
            if not self.variant.may_win(query):
                raise AssertionError("engine accepted a hand the variant does not call winning")
        result = {"kind": "win"}
        result.update((k, v) for k, v in st.wins[-1].items() if k not in ("hands", "melds"))
        stay = self.table.winners_stay
        if not stay:
            for s in winners:
                self._out[s] = True
        going_on = stay or sum(self._out) < self.table.wins_to_end
        if going_on and st.wall.remaining > self._kept:
            self._go_on(won)  # 血战 (血流): the others (and the winners) play on
            return
        self._end(self._record(result))

    def _go_on(self, won: WinEvent) -> None:
        """After a win that does not end the hand: the payment it makes at once, and the next
        seat in play after the (last) winner draws."""
        st = self.state
        st.won_on = None  # each win's tile is counted in ``wins``
        st.drawn, st.after_kong, st.after_flower = None, False, False
        st.last_discard, st.discarder, st.rob_tile = None, None, None
        self._legal, self._shared = {}, None
        self._pay_now(won)
        last = won.winner[-1] if isinstance(won.winner, tuple) else won.winner
        self._draw(self._next_seat(last))

    def _finish_draw(self) -> None:
        self.events.append(DrawGame().to_json())
        self._end(self._record({"kind": "draw"}))

    def _end(self, record: dict[str, Any]) -> None:
        st = self.state
        settlement = self._settle(record, st)
        self.records.append(record)
        self.settlements.append(settlement)
        # what was paid during the hand is part of the settlement
        if len(settlement.deltas) != self.seats:  # a settle function for another table size
            many = len(settlement.deltas)
            raise RulesError(f"{self.variant.name}: a settlement of {many} deltas")
        after = tuple(self.scores[s] + settlement.deltas[s] - st.paid[s] for s in range(self.seats))
        self._do(SettlementEvent(tuple(settlement.deltas), after))
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
        if self.open_windows:  # its log is the default flow's: an open window is not in it
            raise IllegalActionError(
                "snapshot: a game with open_windows is saved as its actions (the table"
                " server's store), not as a snapshot"
            )
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
        game = cls.__new__(cls)
        with snapshot_errors():
            read_snapshot(game, data)
            game._restored()
            check_snapshot(game, cls)
        return game

    def _restored(self) -> None:
        """Rebuild the caches of a game whose fields were just restored."""
        self._legal, self._shared, self._deal_at, self._melds_cache = {}, None, None, []
        self._setup_variant()
        self._table = Table(self.state, self.scores, self.table)
        deal: dict[str, Any] = next(
            (e for e in reversed(self.events) if e.get("event") == "deal"), {}
        )
        carried = deal.get("carry")
        self._carried = dict(carried) if isinstance(carried, Mapping) else {}
        self._out = [False] * self.seats
        if self.table.wins_to_end > 1 and not self.table.winners_stay:
            for w in self.state.wins:
                winners = w.get("winner")
                for s in winners if isinstance(winners, list) else [winners]:
                    if isinstance(s, int) and 0 <= s < self.seats:
                        self._out[s] = True

    def clone(self) -> Game:
        """A deep copy (for tests and search).

        Example:
            >>> g = Game(seed=1); g.clone().state == g.state
            True
        """
        return copy.deepcopy(self)


def _chosen(variant: object) -> Variant | None:
    """The variant a ``Game`` argument names (None when it names none: the argument checks
    then say what is wrong), for the seat count the other arguments are checked against."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str):
        try:
            return get_variant(variant)
        except MajiangError:
            return None
    return None


def _text(tiles: Sequence[int]) -> str:
    """Tile ids as names run together, flowers included (``"1f3f5z"``)."""
    return "".join(TILE_NAMES[t] for t in tiles)


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
