"""The variant protocol: what the engine asks a rule variant, and nothing more.

A variant is two things. Its :class:`TableRules` say declaratively what the table is (the
tile set, what is laid aside, hand sizes, kept-back tiles, which claims exist and in what
order, which chows, whether a wild tile is flipped, one or several winners per discard, what
a passed claim blocks); the engine reads them once. Its :class:`Variant` object answers the
questions that need the variant's own judgement, each asked with full context — never
guessed: the kinds a hand waits on (:meth:`Variant.waits`), whether a seat may win now
(:meth:`Variant.may_win`, given a :class:`WinQuery`), the wild kinds of a flip, the record a
finished hand leaves (:meth:`Variant.record`, from a :class:`FinishedHand`), the fields the
next hand carries and the next dealer. Settling a record goes through the one registry
(:mod:`majiang.variants.registry`), not through the variant object.

This module imports neither the engine nor any variant: settlement code can use it.

Example:
    >>> suit_chows(0, majiang.tiles.to_counts("23m"))
    [(0, 1, 2)]
    >>> chow_options("honors", 27, majiang.tiles.to_counts("34z"))   # W + N take E
    [(27, 29, 30)]
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from majiang._core import is_winning, winning_tiles
from majiang.errors import RulesError
from majiang.meld import Meld
from majiang.tiles import KIND_INDEX, KINDS, SEATS
from majiang.variants.table_view import TableView

if TYPE_CHECKING:  # the events a hook returns or is given (the game package imports this one)
    from majiang.game.events import Exchange, Kong, Win

__all__ = [
    "DRAGONS",
    "WINDS",
    "ChowRule",
    "DealReveal",
    "FinishedHand",
    "TableRules",
    "Variant",
    "WinQuery",
    "chow_options",
    "jing_names",
    "last_drawer",
    "meld_pairs",
    "named_hands",
    "same_first_discards",
    "standard_tiles",
    "suit_chows",
]

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
_JING_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}

PassedWin = Literal["any_until_draw", "any_until_draw_or_meld", "same_until_draw", "none"]
"""What a passed win blocks (:class:`TableRules` ``passed_win``)."""
ChowRule = Literal["none", "suits", "honors"]
"""Which chows the 下家 may claim: ``none``; ``suits`` (sequences of a suit); ``honors`` (suit
sequences, and any three different winds or 中发白 as well)."""


def standard_tiles(flowers: int = 0) -> tuple[int, ...]:
    """The 136 tiles (four of each kind 0-33) and ``flowers`` flower tiles from id 34.

    Example:
        >>> len(standard_tiles()), len(standard_tiles(8)), standard_tiles(8)[-1]
        (136, 144, 41)
    """
    return tuple(k for k in range(34) for _ in range(4)) + tuple(range(34, 34 + flowers))


@dataclass(frozen=True)
class TableRules:
    """A table, declaratively: read by the engine once, never asked again.

    - ``shapes``: the core's shape preset (:class:`majiang.Rules`) bots and hints use.
    - ``tiles``: every tile of the set as ids (kinds 0-33, flowers 34-41).
    - ``laid_aside``: ids a seat lays aside when drawn (or dealt) and replaces from the tail
      (补花).
    - ``kept_back``: tiles at the end of the wall never drawn; the hand is drawn (荒庄) when
      only they remain, and no kong is declared then.
    - ``chows``: see :data:`ChowRule`.
    - ``flips_wild``: whether an indicator (and a lower one) is flipped from the tail at the
      deal and :meth:`Variant.wilds` names the wild kinds; without it no seat sees an
      indicator, and none is logged.
    - ``multiple_winners``: every seat that declares a win on one discard wins (一炮多响);
      otherwise the nearest after the discarder.
    - ``pass_blocks_pong``: a seat that passes a pong may not pong that kind again before its
      next draw (no 弃先碰后).
    - ``passed_win``: what a passed win blocks (弃先胡后): ``any_until_draw`` (every discard
      until the seat's next draw), ``any_until_draw_or_meld`` (until its next draw, chow, pong
      or kong) or ``same_until_draw`` (that tile only, until its next draw); ``none``: nothing.
    - ``dealer_first_kong``: whether the dealer may declare a concealed kong on its first
      turn (before its first discard); Nanchang's "庄家起手不能开暗杠" [000] forbids it.
    - ``last_discard_wins_only``: the discard of the wall's last tile may be claimed only by a
      win (no pong, kong or chow): the hand is drawn if nobody wins it.
    - ``kong_after_pong``: right after a pong, before discarding, the seat may add the fourth
      tile it holds to that pong (Nanjing's 碰后可以立马杠); otherwise only on a later turn.
    - ``streak_label``: what players call the dealer's streak when it matters to the score
      (Nanchang's 爬楼 floor); None: the command line does not show it.
    - ``concealed_kongs_shown``: others see a concealed kong's kind (else only that it exists).
    - ``openings``: declarations asked of every seat at once after the deal, in this order,
      before the dealer's first turn (Nanjing's ``ready`` 报听; 定缺, 换三张): the options are
      :meth:`Variant.opening_options`; what a seat declares is public and stays in the state,
      and :meth:`Variant.allowed_discards` and :meth:`Variant.may_meld` may then restrict it.
    - ``private_openings``: those of the openings whose value only the declaring seat sees
      (the three tiles of 换三张): the others see that it declared, not what (and the seats
      :meth:`Variant.opening_viewers` names, such as the receiver of passed tiles, see it too).
    - ``wins_to_end``: the hand ends when this many seats have won (1: at the first win) or
      the wall runs out. Until then a seat that wins leaves play (血战): it is skipped in turn
      order and in claims, and its concealed hand is shown to every seat.
    - ``winners_stay``: a seat that wins stays in play (血流成河): it draws and may win again,
      the hand ends only when the wall runs out (``wins_to_end`` then plays no part).
    - ``rob_exposed_kongs``: a discard claimed onto a concealed triplet (直杠) may be robbed
      like an added kong (明杠可抢) by the seats other than its feeder: it stands, is paid and
      draws its replacement only when nobody robs it; robbed, the triplet stays in the hand.
    - ``turn_declarations``: declarations a seat makes with a discard on its turn (Hebei's
      听): the engine offers ``Declare(what, tile)`` for each (what, kind) pair
      :meth:`Variant.turn_declarations` gives, logs the public declaration and discards the
      tile; what a seat declared stays in the state, as the openings' do, and the
      restriction hooks (:meth:`Variant.allowed_discards`, :meth:`Variant.may_meld`,
      :meth:`Variant.meld_kinds`, :meth:`Variant.claim_kinds`) are asked.
    - ``seats``: how many players the table seats, 2-4 (seats 0 to ``seats - 1`` in turn
      order; a chow takes the previous seat's discard, at two seats the opponent's). Every
      per-seat list the engine keeps, logs, shows or settles has this many entries.

    Example:
        >>> TableRules(name="demo", shapes="standard").kept_back, TableRules("d", "standard").seats
        (0, 4)
        >>> TableRules(name="demo", shapes="standard", seats=5)
        Traceback (most recent call last):
        ...
        majiang.errors.RulesError: TableRules demo: seats: expected 2, 3 or 4, got 5
    """

    name: str
    shapes: str
    tiles: tuple[int, ...] = field(default_factory=standard_tiles)
    laid_aside: frozenset[int] = frozenset(range(34, 42))
    kept_back: int = 0
    chows: ChowRule = "suits"
    flips_wild: bool = False
    multiple_winners: bool = False
    pass_blocks_pong: bool = False
    passed_win: PassedWin = "any_until_draw"
    concealed_kongs_shown: bool = False
    dealer_first_kong: bool = False
    last_discard_wins_only: bool = False
    kong_after_pong: bool = False
    streak_label: str | None = None
    openings: tuple[str, ...] = ()
    private_openings: frozenset[str] = frozenset()
    wins_to_end: int = 1
    winners_stay: bool = False
    rob_exposed_kongs: bool = False
    turn_declarations: tuple[str, ...] = ()
    seats: int = SEATS

    def __post_init__(self) -> None:
        if type(self.seats) is not int or not 2 <= self.seats <= SEATS:
            raise RulesError(
                f"TableRules {self.name}: seats: expected 2, 3 or 4, got {self.seats!r}"
            )


@dataclass(frozen=True, slots=True)
class WinQuery:
    """Everything about one possible win, for :meth:`Variant.may_win`.

    ``concealed`` are the seat's counts without the winning ``tile``; ``source`` the seat the
    tile came from (None: self-drawn); ``robbing`` whether it is an added kong's tile (抢杠);
    ``after_kong`` a replacement draw after a kong; ``first_discard`` the dealer's first
    discard before any claim or kong (a 地胡's tile); ``waits`` the kinds
    :meth:`Variant.waits` gave for ``concealed`` when the engine knows them (None: not
    computed, ask the shapes directly); ``state`` the engine's hand state (read-only: what
    the seats declared, the wall), None outside a game; ``kong_discard`` whether a discard
    came right after its discarder's kong and replacement draw (杠上炮, Guizhou's 热炮).

    Example:
        >>> q = WinQuery(0, 4, None, majiang.tiles.to_counts("123m456p789s123z5m"), ())
        >>> q.self_drawn, q.full()[4]
        (True, 2)
    """

    seat: int
    tile: int
    source: int | None
    concealed: Sequence[int]
    melds: Sequence[Meld]
    flowers: Sequence[int] = ()
    wilds: tuple[int, ...] = ()
    robbing: bool = False
    after_kong: bool = False
    waits: frozenset[int] | None = None
    first_discard: bool = False
    state: TableView | None = None
    kong_discard: bool = False

    @property
    def self_drawn(self) -> bool:
        """Whether the tile was drawn by the seat itself.

        Example:
            >>> WinQuery(0, 4, 2, [0] * 34, ()).self_drawn
            False
        """
        return self.source is None

    def full(self) -> list[int]:
        """The seat's concealed counts with the winning tile.

        Example:
            >>> sum(WinQuery(0, 4, 2, [1] * 13 + [0] * 21, ()).full())
            14
        """
        counts = list(self.concealed)
        counts[self.tile] += 1
        return counts


@dataclass(frozen=True)
class DealReveal:
    """What every seat sees right after the deal (after 初始补花, before any opening
    declaration and the dealer's first turn), for :meth:`Variant.reveal_after_deal`: the
    tiles each seat lays face up from its hand for all to see and then takes back
    (``tiles``: per seat, the kinds shown, repeats included; Nanchang's 下翻 shows every
    下精 held), and whether the table's lower indicator (``TableRules.flips_wild``) is turned
    face up for every seat too (``lower_indicator``). The engine logs it as a public
    ``reveal`` event.

    Example:
        >>> DealReveal(((0, 0), (), (1,), ()), lower_indicator=True).tiles[0]
        (0, 0)
    """

    tiles: tuple[tuple[int, ...], ...] = ((), (), (), ())
    lower_indicator: bool = False


@dataclass(frozen=True)
class FinishedHand:
    """What the engine knows of a finished hand, for :meth:`Variant.record`.

    ``players`` are the engine's plain facts per seat (``hand``, ``melds``, ``discards``,
    ``dealt`` and, with flowers in the set, ``flowers``), JSON-ready; ``result`` is
    ``{"kind": "draw"}`` or the win's facts (``winner``, ``tile``, ``from``, ``gang_kai``,
    ``qiang_gang``, ``tian_hu``, ``di_hu``, ``after_flower``); ``wins`` every win of the
    hand in order, each in the form of ``result`` without ``kind`` (several for a table whose
    ``wins_to_end`` is above 1 or ``winners_stay``, where ``result`` is the last win or the
    draw when the wall ran out; each also holds ``hands`` and ``melds``: every winner's tiles,
    by seat as text, as it won); ``events`` the hand's events
    from its deal on; ``indicators`` the flipped (indicator, lower) tile names for variants
    that flip; ``carried`` the fields carried in from earlier hands; ``horses`` the tiles turned
    up after a win (:meth:`Variant.horses`, 抓马), in wall order; ``state`` the engine's state
    (read-only) for whatever else a variant needs.

    Example:
        >>> FinishedHand({}, 0, 1, [], {"kind": "draw"}, []).indicators is None
        True
    """

    options: Mapping[str, Any]
    dealer: int
    dealer_streak: int
    players: list[dict[str, Any]]
    result: dict[str, Any]
    events: Sequence[Mapping[str, Any]]
    indicators: tuple[str, str] | None = None
    carried: Mapping[str, Any] = field(default_factory=dict)
    state: TableView | None = None
    wins: Sequence[Mapping[str, Any]] = ()
    horses: tuple[str, ...] = ()

    def generic_record(self, variant: str) -> dict[str, Any]:
        """The record fields every variant shares: variant, options, dealer, floor, players,
        result and the carried fields.

        Example:
            >>> FinishedHand({}, 2, 1, [], {"kind": "draw"}, []).generic_record("x")["dealer"]
            2
        """
        return {
            "variant": variant,
            "options": dict(self.options),
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "players": self.players,
            "result": self.result,
            **self.carried,
        }


class Variant(ABC):
    """A rule variant as the engine sees it: ``table`` (its :class:`TableRules`) and a few
    questions. Every method has the common answer as its default; a variant overrides only
    what its rules change. Instances are bound to a game's options by :meth:`bind`.

    Example:
        >>> from majiang.variants import get_variant
        >>> v = get_variant("nanchang")
        >>> v.table.flips_wild, v.wilds(2)      # flip 3m: jing 3m and 4m
        (True, (2, 3))
    """

    table: TableRules

    @property
    def name(self) -> str:
        """The variant's registered name.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("pingxiang").name
            'pingxiang'
        """
        return self.table.name

    def bind(self, options: Mapping[str, Any]) -> Variant:
        """This variant bound to a game's ``options`` (the settlement options; a variant whose
        options change what may win checks them here: RulesError or RecordError for bad ones).
        Default: ``self``.

        Example:
            >>> from majiang.variants import get_variant
            >>> v = get_variant("nanchang"); v.bind({"de_bonus": 10}) is v
            True
        """
        return self

    def wilds(self, indicator: int) -> tuple[int, ...]:
        """The wild kinds for a flipped ``indicator`` (asked only when ``table.flips_wild``).
        Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanjing").wilds(5)
            ()
        """
        return ()

    def fixed_wilds(self) -> tuple[int, ...]:
        """The wild kinds of a hand with no flipped indicator (a variant whose wild tiles are
        named by its rules, not by the table): the engine holds them as the hand's wilds, so
        observations, bots and win checks treat them as wild. Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanjing").fixed_wilds()
            ()
        """
        return ()

    def waits(
        self,
        concealed: Sequence[int],
        melds: Sequence[Meld],
        *,
        seat: int,
        wilds: tuple[int, ...] = (),
        flowers: Sequence[int] = (),
    ) -> frozenset[int]:
        """The kinds that would complete ``concealed`` (13 - 3 x len(melds) tiles) beside
        ``melds``, from any source; the engine caches them until the seat's hand or flowers
        change, and only asks :meth:`may_win` about tiles among them. Default: the shape
        rules' winning tiles.

        Example:
            >>> from majiang.variants import get_variant
            >>> hand = majiang.tiles.to_counts("123m456p789s123z5m")
            >>> sorted(get_variant("nanchang").waits(hand, (), seat=0))
            [4]
        """
        names = jing_names(wilds)
        found = winning_tiles(concealed, rules=self.table.shapes, jing=names, melds=len(melds))
        return frozenset(map(KIND_INDEX.__getitem__, found))

    def may_win(self, query: WinQuery) -> bool:
        """Whether the seat may win now, on ``query.tile`` from ``query.source``. The engine
        asks only about tiles in the cached waits when it has them. Default: the tile
        completes the hand (by the waits, else by the shape rules).

        Example:
            >>> from majiang.variants import get_variant
            >>> hand = majiang.tiles.to_counts("123m456p789s123z5m")
            >>> get_variant("nanchang").may_win(WinQuery(0, 4, 1, hand, ()))
            True
        """
        if query.waits is not None:
            return query.tile in query.waits
        names = jing_names(query.wilds)
        full = query.full()
        return bool(is_winning(full, rules=self.table.shapes, jing=names, melds=len(query.melds)))

    def bot_may_win(
        self, observation: Any, concealed: Sequence[int], tile: int, *, self_drawn: bool
    ) -> bool | None:
        """For bots weighing waits: whether the observing seat could win on ``tile`` with
        ``concealed`` (its counts without the tile, beside its melds), judged from what the
        ``observation`` shows (no hidden tiles); None: any completing tile could (a variant
        with no further condition). Default: None, and bots ask nothing more.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").bot_may_win(None, [0] * 34, 0, self_drawn=True) is None
            True
        """
        return None

    def bot_declares(self, what: str) -> bool:
        """For bots on their turn: whether to make the turn declaration ``what`` (one of the
        table's ``turn_declarations``) when it is offered with the discard the bot chose.
        Default: no, and bots only discard.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").bot_declares("ready")
            False
        """
        return False

    def bot_risky_discards(self, observation: Any) -> frozenset[int]:
        """For bots choosing a discard: the kinds the observing seat would rather not throw now,
        judged from what the ``observation`` shows (no hidden tiles), e.g. a tile another seat
        may claim as a kong the thrower would pay for. A bot throws one only when no discard
        as near to winning is outside them. Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").bot_risky_discards(None)
            frozenset()
        """
        return frozenset()

    def reveal_after_deal(self, state: TableView) -> DealReveal | None:
        """What the seats show right after the deal, given the engine's ``state`` (read-only;
        ``state.hands`` are the dealt hands, ``state.indicator`` and ``state.lower`` the
        flipped indicators): a :class:`DealReveal` (each seat's tiles shown from its hand,
        taken back at once, and whether the lower indicator is turned face up for all), or
        None when nothing is shown. The engine asks once a hand, logs a public ``reveal``
        event and keeps what was shown in every seat's observation. Default: None.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("pingxiang").reveal_after_deal(None) is None
            True
        """
        return None

    def opening_options(self, what: str, seat: int, state: TableView) -> list[Any]:
        """The actions (``Declare`` values, and ``Pass`` where declining is allowed) ``seat``
        has for the opening declaration ``what``, given the engine's ``state`` after the
        deal (read-only). No options: the seat is not asked. Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").opening_options("ready", 0, None)
            []
        """
        return []

    def opening_values(self, what: str) -> tuple[str, ...]:
        """Every ``Declare.value`` :meth:`opening_options` can ever offer for the opening
        ``what``, in a fixed order (the learning layer, :mod:`majiang.rl`, gives each an
        action id: 定缺 lists its suits, 换三张 its tile triples). Default: the plain
        declaration ``""`` alone (Nanjing's 报听).

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanjing").opening_values("ready")
            ('',)
        """
        return ("",)

    def last_chance(self, state: TableView) -> int | None:
        """When a draw is due and only the table's ``kept_back`` tiles are left: the seat that
        draws one of them from the tail as the hand's last chance (the two-player game's
        海底捞月), or None (the hand is drawn). That seat may win on the tile (a self-draw);
        its discard ends the hand as drawn, unclaimed. Asked at most once a hand, only of
        tables that keep tiles back. Default: None.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanjing").last_chance(None) is None
            True
        """
        return None

    def after_declarations(
        self, what: str, made: Mapping[int, str], state: TableView
    ) -> Exchange | None:
        """What the declarations ``made`` (seat -> value) of the opening ``what`` do to the
        hand: an :class:`~majiang.game.events.Exchange` of tiles between seats (换三张), which
        the engine applies, or None. The hook reads ``state``; it never changes it. After any
        declaration the engine asks each seat's waits anew (a 定缺 changes what may win).
        Default: nothing (a declaration is only recorded).

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanjing").after_declarations("ready", {1: ""}, None) is None
            True
        """
        return None

    def turn_declarations(self, seat: int, state: TableView) -> Sequence[tuple[str, int]]:
        """The declarations ``seat`` may make with a discard now, on its turn, for tables
        with ``turn_declarations``: (what, the kind discarded with it) pairs. Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").turn_declarations(0, None)
            ()
        """
        return ()

    def allowed_discards(self, seat: int, state: TableView) -> Collection[int] | None:
        """The kinds ``seat`` may discard now, for tables with ``openings`` (None: any kind
        it holds). Default: None.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").allowed_discards(0, None) is None
            True
        """
        return None

    def plays_for(self, seat: int, state: TableView) -> bool:
        """Whether the engine plays ``seat``'s turn for it after a draw when the seat has one
        legal action (the two-player game's locked 报听 hand discards the tile it drew): that
        action is applied without asking and logged as the seat's own, so ``to_act`` never
        names a seat with no choice. A turn with a choice (a winning draw) is asked as usual.
        Default: never.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").plays_for(0, None)
            False
        """
        return False

    def may_meld(self, seat: int, state: TableView) -> bool:
        """Whether ``seat`` may claim a chow, pong or kong or declare a kong now, for tables
        with ``openings`` (a declared 报听 fixes the hand). Default: yes.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").may_meld(0, None)
            True
        """
        return True

    def meld_kinds(self, seat: int, state: TableView) -> Collection[int] | None:
        """The kinds ``seat`` may pong or kong now, for tables with ``openings`` (None: any;
        a declared void suit is never melded). Default: None.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").meld_kinds(0, None) is None
            True
        """
        return None

    def claim_kinds(self, seat: int, tile: int, state: TableView) -> Collection[str] | None:
        """The claims (``"chow"``, ``"pong"``, ``"kong"``) ``seat`` may make on a discard of
        kind ``tile`` now, for tables with restriction hooks, once :meth:`may_meld` and
        :meth:`meld_kinds` allow it (None: each the seat holds the tiles for): so a variant may
        offer a 明杠 without the pong beside it (Hebei after 听). Default: None.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").claim_kinds(0, 4, None) is None
            True
        """
        return None

    def opening_viewers(self, what: str, seat: int, state: TableView) -> Collection[int]:
        """The seats besides ``seat`` that see the value of its private opening ``what``
        (the receiver of tiles passed in an exchange). Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").opening_viewers("pass", 0, None)
            ()
        """
        return ()

    def must_win(self, query: WinQuery, state: TableView) -> bool:
        """Whether the seat, offered the win ``query`` (already known to be a win), must take
        it: then no ``Pass`` (in a claim or rob window) and no other action (on its turn) is
        offered. Default: never.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").must_win(WinQuery(0, 4, 1, [0] * 34, ()), None)
            False
        """
        return False

    def payment(self, event: Kong | Win, state: TableView) -> tuple[str, Sequence[int]] | None:
        """A payment made at once for ``event`` (a :class:`~majiang.game.events.Kong` once it
        stands, or a :class:`~majiang.game.events.Win` that does not end the hand): its reason
        and the four seats' deltas (summing to zero), logged as a ``payment`` event and added
        to the scores during the hand. The hand's settlement still holds every payment: the
        engine adds only what was not paid yet. Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> from majiang.game.events import Kong
            >>> get_variant("nanchang").payment(Kong(0, "concealed", "5m"), None) is None
            True
        """
        return None

    def horses(self, result: Mapping[str, Any], state: TableView) -> int:
        """How many tiles to turn up from the wall after a win (抓马/买马), given the win's
        ``result`` (the record's, with ``winner``) and the engine's ``state``. The engine turns
        up that many of the next tiles to be drawn (fewer when the wall holds fewer), logs them
        in a public ``horses`` event and hands them to :meth:`record` as
        :attr:`FinishedHand.horses`; what a horse is worth is the settlement's business.
        Default: none.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanjing").horses({"kind": "win", "winner": 0}, None)
            0
        """
        return 0

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        """The record the settlement gets for a finished hand. Default: the shared fields
        (:meth:`FinishedHand.generic_record`).

        Example:
            >>> from majiang.variants import get_variant
            >>> hand = FinishedHand({}, 0, 1, [], {"kind": "draw"}, [])
            >>> sorted(get_variant("pingxiang").record(hand))[:3]
            ['chao_zhuang', 'dealer', 'dealer_streak']
        """
        return hand.generic_record(self.name)

    def carry(self, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """Fields the next hand's record carries from the hands before it (Nanjing's 比下胡
        doubling, for instance). Default: nothing.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").carry([])
            {}
        """
        return {}

    def match_over(self, records: Sequence[Mapping[str, Any]]) -> bool:
        """Whether the match ends after these hands, before its number of hands is reached
        (a room's rounds played, its players' stakes lost). Default: never.

        Example:
            >>> from majiang.variants import get_variant
            >>> get_variant("nanchang").match_over([])
            False
        """
        return False

    def next_dealer(
        self,
        dealer: int,
        streak: int,
        record: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
    ) -> tuple[int, int]:
        """The next hand's dealer and dealer streak after the hand whose ``record`` and
        ``events`` (from its deal on) are given; a dealer of -1: the dice choose (the engine
        draws one from the match's random state). Default: a dealer win or a draw keeps the
        dealer (a win one floor up); any other win passes the deal on at floor 1.

        Example:
            >>> from majiang.variants import get_variant
            >>> v = get_variant("nanchang")
            >>> win = {"result": {"kind": "win", "winner": 2}}
            >>> v.next_dealer(2, 1, win, []), v.next_dealer(0, 3, win, [])
            ((2, 2), (1, 1))
        """
        winner = first_winner(record)
        if winner is None:
            return dealer, streak
        if winner == dealer:
            return dealer, streak + 1
        return (dealer + 1) % self.table.seats, 1


def first_winner(record: Mapping[str, Any]) -> int | None:
    """The winning seat of a record (the first of several; None for a drawn hand).

    Example:
        >>> first_winner({"result": {"kind": "win", "winner": [2, 3]}})
        2
        >>> first_winner({"result": {"kind": "draw"}}) is None
        True
    """
    result = record.get("result")
    if not isinstance(result, Mapping) or result.get("kind") != "win":
        return None
    winner = result.get("winner")
    if isinstance(winner, list):
        return int(winner[0])
    return int(winner) if isinstance(winner, int) else None


def named_hands(pattern: Mapping[str, Any]) -> list[str]:
    """The hands a settlement's pattern names (``pattern["hands"]``; none when absent): what
    a variant without its own wording calls a won hand.

    Example:
        >>> named_hands({"hands": ["清一色", "七对"]}), named_hands({})
        (['清一色', '七对'], [])
    """
    return [str(h) for h in pattern.get("hands", ())]


def jing_names(jing: tuple[int, ...]) -> tuple[str, ...]:
    """The MPSZ names of wild kinds, made once per set (the engine asks on every check).

    Example:
        >>> jing_names((2, 3))
        ('3m', '4m')
    """
    found = _JING_NAMES.get(jing)
    if found is None:
        found = _JING_NAMES[jing] = tuple(KINDS[k] for k in jing)
    return found


def suit_chows(tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
    """The sequences of a suit tile with two held tiles of its suit (none for an honor).

    Example:
        >>> suit_chows(4, majiang.tiles.to_counts("3467m"))   # 5m: 345, 456, 567
        [(2, 3, 4), (3, 4, 5), (4, 5, 6)]
    """
    out: list[tuple[int, int, int]] = []
    if tile >= 27:
        return out
    n = tile % 9
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if 0 <= n + a <= 8 and 0 <= n + b <= 8 and counts[tile + a] and counts[tile + b]:
            seq = sorted((tile, tile + a, tile + b))
            out.append((seq[0], seq[1], seq[2]))
    return out


def chow_options(rule: ChowRule, tile: int, counts: Sequence[int]) -> list[tuple[int, int, int]]:
    """The chows (sorted kinds) a 下家 holding ``counts`` may make with ``tile`` under ``rule``.

    Example:
        >>> chow_options("honors", 27, majiang.tiles.to_counts("234z"))
        [(27, 28, 29), (27, 28, 30), (27, 29, 30)]
        >>> chow_options("suits", 27, majiang.tiles.to_counts("234z"))
        []
    """
    if rule == "none":
        return []
    if tile < 27:
        return suit_chows(tile, counts)
    if rule != "honors":
        return []
    out: list[tuple[int, int, int]] = []
    group = WINDS if tile in WINDS else DRAGONS
    others = [k for k in group if k != tile and counts[k]]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            seq = sorted((tile, a, b))
            out.append((seq[0], seq[1], seq[2]))
    return out


def _chow_partners(rule: ChowRule, tile: int) -> tuple[tuple[int, int], ...]:
    if rule == "none" or (tile >= 27 and rule != "honors"):
        return ()
    if tile < 27:
        n = tile % 9
        steps = ((-2, -1), (-1, 1), (1, 2))
        return tuple((tile + a, tile + b) for a, b in steps if n + a >= 0 and n + b <= 8)
    others = [k for k in (WINDS if tile in WINDS else DRAGONS) if k != tile]
    return tuple((a, b) for i, a in enumerate(others) for b in others[i + 1 :])


CHOW_PARTNERS: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
    rule: tuple(_chow_partners(rule, t) for t in range(34)) for rule in ("none", "suits", "honors")
}
"""``CHOW_PARTNERS[rule][tile]``: the pairs of kinds that make a chow with ``tile``; a hand may
chow it when it holds both kinds of one pair (the test :func:`chow_options` answers in full).

Example:
    >>> CHOW_PARTNERS["suits"][0], CHOW_PARTNERS["honors"][31], CHOW_PARTNERS["suits"][31]
    (((1, 2),), ((32, 33),), ())
"""


def may_chow(rule: ChowRule, tile: int, counts: Sequence[int]) -> bool:
    """Whether :func:`chow_options` has any chow for ``tile`` (cheaper: no list is built).

    Example:
        >>> may_chow("suits", 4, majiang.tiles.to_counts("46m")), may_chow("suits", 4, [0] * 34)
        (True, False)
    """
    for a, b in CHOW_PARTNERS[rule][tile]:  # noqa: SIM110 - a loop, not any(): no generator (hot)
        if counts[a] and counts[b]:
            return True
    return False


def meld_pairs(melds: Sequence[Meld]) -> list[tuple[str, tuple[int, ...]]]:
    """Declared melds as (kind, kinds) pairs, the form the variants' hand checks take.

    Example:
        >>> meld_pairs([Meld("peng", (4, 4, 4), 1)])
        [('peng', (4, 4, 4))]
    """
    return [(m.kind, m.kinds) for m in melds]


def last_drawer(events: Sequence[Mapping[str, Any]]) -> int | None:
    """The seat of the last draw in the hand the events end with (None before any draw):
    after an exhaustive draw, the seat that drew the wall's last tile.

    Example:
        >>> last_drawer([{"event": "deal"}, {"event": "draw", "seat": 2},
        ...              {"event": "discard", "seat": 2}, {"event": "draw-game"}])
        2
        >>> last_drawer([{"event": "draw", "seat": 1}, {"event": "deal"}]) is None
        True
    """
    for event in reversed(events):
        kind = event.get("event")
        if kind == "draw":
            return int(event["seat"])
        if kind == "deal":
            return None
    return None


def same_first_discards(
    events: Sequence[Mapping[str, Any]], dealer: int, seats: int = SEATS
) -> bool:
    """Whether the hand's first ``seats`` discards were the dealer's and then each other
    seat's in turn, all of one kind, before any claim or kong (Nanchang's 抄庄, Pingxiang's
    跟庄).

    Example:
        >>> ev = [{"event": "discard", "seat": s, "tile": "1z"} for s in (1, 2, 3, 0)]
        >>> same_first_discards(ev, 1), same_first_discards(ev, 0)
        (True, False)
    """
    seen: list[tuple[Any, Any]] = []
    for e in events:
        kind = e.get("event")
        if kind in ("chow", "pong", "kong"):
            break
        if kind == "discard":
            seen.append((e.get("seat"), e.get("tile")))
            if len(seen) == seats:
                break
    return (
        len(seen) == seats
        and [s for s, _ in seen] == [(dealer + i) % seats for i in range(seats)]
        and len({t for _, t in seen}) == 1
    )
