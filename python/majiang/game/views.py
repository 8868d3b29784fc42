"""Seat views by name: what every seat sees alike at one step (:class:`PublicView`, built
once a step) and what only one seat sees (:class:`SeatPart`), put together into that seat's
:class:`~majiang.game.observation.Observation` field by field name (:func:`observation_of`).

A field of :class:`Observation` comes from exactly one of the two parts, matched by name when
this module is imported (a part that misses a field, or two that give one, fail the import),
so reordering a field cannot hand a seat the wrong data or another seat's tiles.

Example:
    >>> from majiang.game import Game
    >>> g = Game(seed=1, dealer=0)
    >>> shared = public_view(g.state, g.table, g.scores, over=False, kept=g.table.kept_back,
    ...                      out=(False,) * 4, variant="nanchang", options=())
    >>> o = observation_of(shared, g.state, 2, g.variant)
    >>> o.seat, o.hand_counts == tuple(g.state.hands[2]), o.turn == g.state.turn
    (2, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from majiang.game.observation import Observation, hide_concealed_kongs
from majiang.game.state import HandState, Meld
from majiang.tiles import KIND_INDEX
from majiang.variants.protocol import TableRules, Variant

__all__ = ["PublicFields", "PublicView", "SeatPart", "observation_of", "public_view"]

# per table size: no seat's declarations, no hand shown
_NO_DECLARATIONS: dict[int, tuple[tuple[tuple[str, str], ...], ...]] = {
    n: ((),) * n for n in (2, 3, 4)
}
_NOTHING_SHOWN: dict[int, tuple[tuple[int, ...], ...]] = {n: ((),) * n for n in (2, 3, 4)}


class PublicFields(NamedTuple):
    """The :class:`Observation` fields every seat sees alike (named as there)."""

    pond_kinds: tuple[tuple[int, ...], ...]
    wall: int
    indicator_kind: int | None
    wild_kinds: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    dealer_streak: int
    turn: int
    phase: str
    last_discard_kind: int | None
    discarder: int | None
    flowers: tuple[tuple[int, ...], ...]
    rules: str
    shown: tuple[tuple[int, ...], ...]
    wins: tuple[tuple[tuple[int, ...], int], ...]
    variant: str
    options: tuple[tuple[str, Any], ...]
    lower_indicator_kind: int | None
    revealed: tuple[tuple[int, ...], ...]
    after_kong: bool


class SeatPart(NamedTuple):
    """The :class:`Observation` fields that differ by seat (named as there)."""

    seat: int
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    drawn_kind: int | None
    declared: tuple[tuple[tuple[str, str], ...], ...]


class PublicView(NamedTuple):
    """One step's public view: the public fields, and what each seat's part is made from
    (every meld as its owner sees it and as the others do, every declaration in full and
    with the private values blanked)."""

    fields: PublicFields
    melds: tuple[tuple[Meld, ...], ...]
    melds_seen: tuple[tuple[Meld, ...], ...]
    declared: tuple[tuple[tuple[str, str], ...], ...]
    declared_seen: tuple[tuple[tuple[str, str], ...], ...]


def picker(parts: Sequence[tuple[str, ...]], wanted: tuple[str, ...]) -> itemgetter[Any]:
    """The item getter that orders the parts' fields, run together, as the ``wanted`` fields,
    matched by name; ValueError when the parts do not give every wanted field exactly once.

    Example:
        >>> picker([("b", "c"), ("a",)], ("a", "b", "c"))((2, 3, 1))
        (1, 2, 3)
        >>> picker([("b",), ("a", "b")], ("a", "b"))
        Traceback (most recent call last):
        ...
        ValueError: seat views: fields missing [], extra or twice ['b']
    """
    given = tuple(name for part in parts for name in part)
    if sorted(given) != sorted(wanted):
        missing = sorted(set(wanted) - set(given))
        twice = sorted({f for f in given if given.count(f) > 1} | (set(given) - set(wanted)))
        raise ValueError(f"seat views: fields missing {missing}, extra or twice {twice}")
    return itemgetter(*(given.index(name) for name in wanted))


_PICK = picker((PublicFields._fields, SeatPart._fields), Observation._fields)
"""``PublicFields + SeatPart`` in Observation's order (its making checks the parts at import)."""
# Each named tuple from its fields in order, without the named-tuple call's argument parsing
# (three of them a step: the views' cost is most of an observation's).
_new_observation = _new_fields = _new_view = tuple.__new__


def public_view(
    st: HandState,
    table: TableRules,
    scores: Sequence[int],
    over: bool,
    kept: int,
    out: Sequence[bool],
    variant: str,
    options: tuple[tuple[str, Any], ...],
    melds_cache: list[Any] | None = None,
) -> PublicView:
    """What every seat sees alike now: the hand state, the match's scores, whether it is
    over, the tiles kept back at the wall's end, the seats out of play, the variant's name
    and options. ``melds_cache`` (a one-item list the caller keeps) holds the last (melds,
    melds as the others see them): most steps make no meld."""
    melds = tuple(st.melds)
    last = melds_cache[0] if melds_cache else None
    if last is not None and last[0] == melds:
        melds, seen = last
    else:
        seen = melds if table.concealed_kongs_shown else hide_concealed_kongs(melds)
        if melds_cache is not None:
            melds_cache[:] = [(melds, seen)]
    if any(st.declared):
        private = table.private_openings
        declared = tuple(tuple(d.items()) for d in st.declared)
        seen_declared = tuple(tuple((w, "" if w in private else v) for w, v in d) for d in declared)
    else:
        declared = seen_declared = _NO_DECLARATIONS[len(st.declared)]
    going_on = st.wins and (table.wins_to_end > 1 or table.winners_stay)
    shown, won = _shown(st.wins, st.hands, out) if going_on else (_NOTHING_SHOWN[len(out)], ())
    phase = "over" if over else st.phase
    # In PublicFields's order, built as a tuple (a keyword build costs eight times as much,
    # once a step): tests/test_game_views.py checks each field by name from a state whose
    # every public field differs.
    fields: PublicFields = _new_fields(
        PublicFields,
        (
            tuple(st.ponds),  # pond_kinds
            max(st.wall.remaining - kept, 0),  # wall (a last chance draws a kept-back tile)
            st.indicator,  # indicator_kind
            st.wilds,  # wild_kinds
            tuple(scores),  # scores
            st.dealer,  # dealer
            st.streak,  # dealer_streak
            st.turn,  # turn
            phase,  # phase
            st.rob_tile if st.phase == "rob" else st.last_discard,  # last_discard_kind
            st.discarder,  # discarder
            tuple(st.flowers),  # flowers
            table.shapes,  # rules
            shown,  # shown
            won,  # wins
            variant,  # variant
            options,  # options
            st.lower if st.lower_shown else None,  # lower_indicator_kind
            tuple(st.revealed),  # revealed
            st.after_kong,  # after_kong
        ),
    )
    return _new_view(PublicView, (fields, melds, seen, declared, seen_declared))


def observation_of(view: PublicView, st: HandState, seat: int, variant: Variant) -> Observation:
    """``seat``'s observation: the public fields and the seat's own part (its concealed
    tiles, its drawn tile on its turn, its concealed kongs whole, its private declarations
    and those the variant shows it)."""
    seen = view.melds_seen
    if seen is not view.melds:  # another seat's concealed kong: its own seat sees it whole
        seen = (*seen[:seat], view.melds[seat], *seen[seat + 1 :])
    public = view.fields
    own_turn = public.phase == "turn" and st.turn == seat
    part = (  # SeatPart's fields in its order (a plain tuple: concatenated at once)
        seat,
        tuple(st.hands[seat]),
        seen,
        st.drawn if own_turn else None,
        view.declared_seen
        if not variant.table.private_openings
        else _declared_for(view, st, seat, variant),
    )
    return _new_observation(Observation, _PICK(public + part))


def _declared_for(
    view: PublicView, st: HandState, seat: int, variant: Variant
) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The declarations ``seat`` sees: the public ones, its own private ones, and those
    private ones the variant shows it (:meth:`Variant.opening_viewers`)."""
    seen = list(view.declared_seen)
    seen[seat] = view.declared[seat]
    private = variant.table.private_openings
    for s in range(len(seen)):
        if s == seat:
            continue
        full = view.declared[s]
        shown_to = {w: seat in variant.opening_viewers(w, s, st) for w, _ in full if w in private}
        if any(shown_to.values()):
            seen[s] = tuple((w, "" if shown_to.get(w) is False else v) for w, v in full)
    return tuple(seen)


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
    shown = tuple(tuple(hands[s]) if out[s] else () for s in range(len(hands)))
    won = []
    for w in wins:
        winner = w["winner"]
        seats = tuple(winner) if isinstance(winner, list) else (winner,)
        won.append((seats, KIND_INDEX[w["tile"]]))
    return shown, tuple(won)
