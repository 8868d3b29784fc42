"""What a variant's hooks may read of the hand in play: :class:`TableView`, a read-only
Protocol (properties only, no setters). The engine hands its hand state to every hook as a
``TableView``; a hook answers a question or returns events (an
:class:`~majiang.game.events.Exchange`, a payment), and the engine applies them. Under
``mypy --strict`` a hook that assigns to the view, or changes a hand through it, does not
type-check (the sequences are read-only ``Sequence``/``Mapping`` types).

Example:
    >>> from majiang.game import Game
    >>> view: TableView = Game(seed=1, dealer=0).state
    >>> view.dealer, sum(view.hands[0]), view.wall.remaining
    (0, 14, 83)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from majiang.meld import Meld

__all__ = ["TableView", "WallView"]


class WallView(Protocol):
    """The wall as a hook sees it (the referee's view): how many tiles are left, the dice
    rolled and the tiles still to be drawn."""

    @property
    def remaining(self) -> int:
        """Tiles still in the wall (the kept-back tail included)."""
        ...

    @property
    def dice(self) -> tuple[int, int]:
        """The two dice totals rolled at the deal."""
        ...

    def live(self) -> list[int]:
        """The kinds still in the wall, in draw order (a new list)."""
        ...


class TableView(Protocol):
    """The hand in play, read-only: seat numbers 0-3, kinds 0-33 (flowers 34-41).

    ``hands`` are each seat's 34 concealed counts (the turn seat's drawn tile included),
    ``melds`` its melds in order, ``ponds`` its discards still in its pond, ``flowers`` what it
    laid aside, ``declared`` its opening declarations (what → value), ``wins`` the hand's
    wins so far (each as its win event's fields), ``paid`` what the payments made at once
    moved per seat. ``drawn`` is the tile the turn seat just drew (None after a claim),
    ``discarder``/``last_discard`` the discard being answered, ``discards_made`` and
    ``turns`` the discards and draws of the hand so far, ``last_chance`` whether a seat drew
    a kept-back tile as the hand's last chance (海底捞月).
    """

    @property
    def dealer(self) -> int: ...
    @property
    def streak(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def wall(self) -> WallView: ...
    @property
    def indicator(self) -> int | None: ...
    @property
    def lower(self) -> int | None: ...
    @property
    def wilds(self) -> tuple[int, ...]: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def melds(self) -> Sequence[Sequence[Meld]]: ...
    @property
    def ponds(self) -> Sequence[Sequence[int]]: ...
    @property
    def flowers(self) -> Sequence[Sequence[int]]: ...
    @property
    def declared(self) -> Sequence[Mapping[str, str]]: ...
    @property
    def wins(self) -> Sequence[Mapping[str, Any]]: ...
    @property
    def paid(self) -> Sequence[int]: ...
    @property
    def drawn(self) -> int | None: ...
    @property
    def discarder(self) -> int | None: ...
    @property
    def last_discard(self) -> int | None: ...
    @property
    def discards_made(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def last_chance(self) -> bool: ...
    @property
    def after_kong(self) -> bool: ...
