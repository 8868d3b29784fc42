"""What one seat may know, as Python values, JSON and fixed-size numpy planes.

Example:
    >>> from majiang.game import Game
    >>> o = Game(seed=1, dealer=0).observation(2)
    >>> o.to_numpy().shape == (len(PLANES), 34)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from majiang.game.state import Meld, mpsz
from majiang.tiles import KINDS, TILE_NAMES

__all__ = [
    "HIDDEN_KONG",
    "PHASES",
    "PLANES",
    "Observation",
    "hide_concealed_kongs",
    "stack_observations",
]

PHASES = ("turn", "claim", "rob", "over", "declare")

PLANES: tuple[str, ...] = (
    "hand",  # own concealed counts 0-4
    "drawn",  # 1 on the tile just drawn (own turn after a draw)
    "melds_self",  # tile counts in melds, by seat relative to the observer
    "melds_next",
    "melds_across",
    "melds_previous",
    "pond_self",  # tile counts in ponds, by relative seat
    "pond_next",
    "pond_across",
    "pond_previous",
    "wild",  # 1 on each wild kind (Nanchang's 精)
    "indicator",  # 1 on the 正精 indicator
    "last_discard",  # 1 on the discard being claimed (or the added kong being robbed)
    "unseen",  # copies this seat has not seen: 4 - hand - melds - ponds - laid aside - indicators
    # - the others' tiles shown after the deal still known held
    "wall",  # every cell: tiles left in the wall (0-136)
    "dealer",  # every cell: the dealer's seat relative to the observer (0-3)
    "dealer_streak",  # every cell: the dealer's 爬楼 floor (capped at 255)
    "phase",  # every cell: index into PHASES
    "discarder",  # every cell: relative seat of the discarder, 255 when none
    "flowers_self",  # tiles of kinds 0-33 laid aside (补花; Nanjing's dragons), by relative seat
    "flowers_next",
    "flowers_across",
    "flowers_previous",
    "flower_owner",  # column i (0-7): 1 + relative seat that laid aside flower i, 0 if none
    "concealed_kongs",  # column r (0-3): concealed kongs (暗杠) of relative seat r, shown or not
    "shown_self",  # concealed tiles shown by a seat that has won and left play, by relative seat
    "shown_next",
    "shown_across",
    "shown_previous",
    "won",  # column r (0-3): 1 + the kind relative seat r won on and left play with, 0 if none
    "lower_indicator",  # 1 on the lower indicator once shown to every seat (Nanchang's 下翻)
    "revealed_self",  # tiles shown after the deal still known held (下精), by relative seat
    "revealed_next",
    "revealed_across",
    "revealed_previous",
)
"""Names of the rows of :meth:`Observation.to_numpy`, in order (documented in docs/engine.md)."""
_ROW = {name: i for i, name in enumerate(PLANES)}

HIDDEN_KONG = Meld("an_gang", (), None)
"""Another seat's concealed kong as an observer sees it: that it exists, not its kind (a
variant whose ``shows_concealed_kongs`` lays them face up shows the real meld)."""


def hide_concealed_kongs(
    melds: tuple[tuple[Meld, ...], ...],
) -> tuple[tuple[Meld, ...], ...]:
    """Every seat's melds with each concealed kong as :data:`HIDDEN_KONG` (the same tuple,
    unchanged, when there is none: the common case costs one pass).

    Example:
        >>> kong, pong = Meld("an_gang", (4, 4, 4, 4), None), Meld("peng", (0, 0, 0), 2)
        >>> hide_concealed_kongs(((kong, pong), (), (), ()))[0] == (HIDDEN_KONG, pong)
        True
    """
    if not any(melds) or not any(m.kind == "an_gang" for seat in melds for m in seat):
        return melds
    return tuple(tuple(HIDDEN_KONG if m.kind == "an_gang" else m for m in seat) for seat in melds)


class Observation(NamedTuple):
    """What one seat may know: its own concealed tiles, every meld and pond (another seat's
    concealed kong as :data:`HIDDEN_KONG`, unless the variant shows them), the wall count,
    the wild kinds, scores and whose move it is. Kinds are indices 0-33 (``hand_counts``,
    ``pond_kinds``, ``*_kind``); the properties give MPSZ text. A named tuple, so the engine
    builds one every step at little cost.

    Example:
        >>> from majiang.game import Game
        >>> o = Game(seed=1, dealer=0).observation(1)
        >>> o.seat, len(o.hand_counts), sum(o.hand_counts), o.meld_count
        (1, 34, 13, 0)
    """

    seat: int
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
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
    drawn_kind: int | None
    flowers: tuple[tuple[int, ...], ...] = ((), (), (), ())
    rules: str = "standard"
    declared: tuple[tuple[tuple[str, str], ...], ...] = ((), (), (), ())
    """Each seat's public declarations (the variant's openings) as (what, value) pairs."""
    shown: tuple[tuple[int, ...], ...] = ((), (), (), ())
    """The 34 concealed counts of each seat that has won and left play (its hand is shown;
    tables whose ``wins_to_end`` is above 1), empty for the others."""
    wins: tuple[tuple[tuple[int, ...], int], ...] = ()
    """The hand's wins so far: (winning seats, kind won on), in order."""
    variant: str = ""
    """The game's variant name (public: the rules every seat plays by), under which bots look
    the variant up for questions such as ``Variant.bot_may_win``. Not in :meth:`to_dict`."""
    options: tuple[tuple[str, Any], ...] = ()
    """The game's options as sorted (name, value) pairs (public, like the variant): bots bind
    the variant to them (a GB room's 起和). Not in :meth:`to_dict`."""
    lower_indicator_kind: int | None = None
    """The lower indicator, once the variant turns it face up for every seat after the deal
    (Nanchang's 下精 indicator under 下翻); None otherwise."""
    revealed: tuple[tuple[int, ...], ...] = ((), (), (), ())
    """Per seat, the 34 counts of the tiles it showed after the deal (Nanchang's 下精) that it
    is still known to hold (one fewer of a kind for each tile of that kind it has laid face
    up from its hand since); empty for a seat that showed none."""
    after_kong: bool = False
    """The seat to move drew its tile after its own kong (a replacement draw; public, as the
    kong and the draw are logged for every seat) and has not discarded since: a variant's
    bot hook can weigh that discard (Guizhou's 热炮). Not in :meth:`to_dict`."""

    @property
    def hand(self) -> str:
        """Own concealed tiles (MPSZ).

        Example:
            >>> from majiang.game import Game
            >>> Game(seed=2, dealer=1).observation(0).hand
            '389m2389p1249s67z'
        """
        return mpsz(self.hand_counts)

    @property
    def ponds(self) -> tuple[str, ...]:
        """Each seat's discards still in its pond, in order, as MPSZ names run together.

        Example:
            >>> from majiang.game import Game
            >>> Game(seed=2).observation(0).ponds
            ('', '', '', '')
        """
        return tuple("".join(KINDS[t] for t in p) for p in self.pond_kinds)

    @property
    def indicator(self) -> str | None:
        """The flipped indicator (MPSZ; None for variants that flip none).

        Example:
            >>> from majiang.game import Game
            >>> Game(seed=2).observation(0).indicator in KINDS
            True
            >>> Game("pingxiang", seed=2).observation(0).indicator is None
            True
        """
        return None if self.indicator_kind is None else TILE_NAMES[self.indicator_kind]

    @property
    def wilds(self) -> tuple[str, ...]:
        """The wild kinds (MPSZ).

        Example:
            >>> from majiang.game import Game
            >>> len(Game(seed=2).observation(0).wilds)
            2
        """
        return tuple(KINDS[j] for j in self.wild_kinds)

    @property
    def lower_indicator(self) -> str | None:
        """The lower indicator once shown to every seat (MPSZ; None before or without one).

        Example:
            >>> from majiang.game import Game
            >>> Game(seed=2).observation(0).lower_indicator in KINDS
            True
            >>> Game(seed=2, options={"xia_fan": False}).observation(0).lower_indicator is None
            True
        """
        k = self.lower_indicator_kind
        return None if k is None else TILE_NAMES[k]

    @property
    def last_discard(self) -> str | None:
        """The tile being claimed or robbed, if any (MPSZ).

        Example:
            >>> from majiang.game import Game
            >>> Game(seed=2).observation(0).last_discard is None
            True
        """
        return None if self.last_discard_kind is None else KINDS[self.last_discard_kind]

    @property
    def drawn(self) -> str | None:
        """The tile this seat just drew (its own turn only), if any (MPSZ).

        Example:
            >>> from majiang.game import Game
            >>> g = Game(seed=2, dealer=0); g.observation(1).drawn is None
            True
        """
        return None if self.drawn_kind is None else KINDS[self.drawn_kind]

    @property
    def meld_count(self) -> int:
        """How many melds this seat has declared.

        Example:
            >>> from majiang.game import Game
            >>> Game(seed=2).observation(0).meld_count
            0
        """
        return len(self.melds[self.seat])

    def visible(self, *, reveals: bool = False) -> list[int]:
        """34 counts of the tiles this seat sees outside its own hand (melds, another seat's
        concealed kong only where the variant shows it, ponds, tiles laid aside, the flipped
        indicator, the tile being added to a kong while it may be robbed), capped so that hand
        plus visible never exceeds four. With ``reveals``, also what the seats showed after
        the deal: the lower indicator once shown and the tiles the other seats showed that
        they are still known to hold (:attr:`revealed`) — what the ``unseen`` plane
        subtracts. The default leaves those out, as :class:`~majiang.game.EfficiencyBot` has
        always counted (its seeded self-play games are pinned: tests/test_game_fixed_games.py).

        Example:
            >>> from majiang.game import Game
            >>> o = Game(seed=2, dealer=0).observation(0)
            >>> sum(o.visible()), sum(o.visible(reveals=True)) - sum(o.visible())
            (1, 4)
        """
        counts = self._seen(reveals)
        hand = self.hand_counts
        # Rare: the indicator drawn from the tail (or a hand-made observation, whose hand of
        # other than 34 counts zip refuses).
        if len(hand) != 34 or max(map(add, counts, hand)) > 4:
            return [min(c, 4 - h) for c, h in zip(counts, hand, strict=True)]
        return counts

    def _seen(self, reveals: bool = False) -> list[int]:
        """:meth:`visible` before its cap: where hand plus visible exceeds four (the flipped
        indicator drawn into the hand) the count is not lowered. For callers whose next step
        refuses such counts anyway (the core's ``visible=`` arguments), so that the common
        case pays nothing for the cap."""
        seen = [k for seat_melds in self.melds for m in seat_melds for k in m.kinds]
        for pond in self.pond_kinds:  # (a hidden kong has no kinds)
            seen += pond
        for aside in self.flowers:
            seen += aside
        counts = [0] * 42  # tile ids: flowers (34-41) are counted, then dropped
        for k in seen:
            counts[k] += 1
        del counts[34:]
        if self.indicator_kind is not None and self.indicator_kind < 34:
            counts[self.indicator_kind] += 1
        lower = self.lower_indicator_kind
        if reveals and lower is not None and lower < 34:
            counts[lower] += 1
        if self.phase == "rob" and self.last_discard_kind is not None:
            counts[self.last_discard_kind] += 1  # the tile being added to a kong, face up
        if reveals and any(self.revealed):
            for seat, known in enumerate(self.revealed):
                if known and seat != self.seat and not (self.wins and self.shown[seat]):
                    for k, n in enumerate(known):
                        counts[k] += n
        if self.wins:
            for seat, shown in enumerate(self.shown):
                if shown and seat != self.seat:
                    for k, n in enumerate(shown):
                        counts[k] += n
            for _, k in self.wins:
                counts[k] += 1  # each win's tile, out of play face up
        return counts

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        Example:
            >>> from majiang.game import Game
            >>> sorted(Game(seed=2).observation(3).to_dict())[:4]
            ['dealer', 'dealer_streak', 'declared', 'discarder']
        """
        return {
            "seat": self.seat,
            "hand": self.hand,
            "drawn": self.drawn,
            "melds": [[m.to_dict() for m in ms] for ms in self.melds],
            "ponds": list(self.ponds),
            "flowers": ["".join(TILE_NAMES[t] for t in f) for f in self.flowers],
            "wall": self.wall,
            "indicator": self.indicator,
            "wilds": list(self.wilds),
            "scores": list(self.scores),
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "turn": self.turn,
            "phase": self.phase,
            "last_discard": self.last_discard,
            "discarder": self.discarder,
            "rules": self.rules,
            "declared": [dict(d) for d in self.declared],
            "shown": [mpsz(h) if h else None for h in self.shown],
            "wins": [{"winner": list(w), "tile": KINDS[k]} for w, k in self.wins],
            "lower_indicator": self.lower_indicator,
            "revealed": [mpsz(r) if r else None for r in self.revealed],
        }

    def to_numpy(self, out: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
        """The fixed-size encoding for learning code: a ``(len(PLANES), 34)`` uint8 array whose
        rows are named by :data:`PLANES`. Seats are relative to the observer (0 self, 1 next
        = 下家, 2 across, 3 previous); at a table of fewer seats the relative seats 0 to
        ``seats - 1`` are filled in turn order (at two seats 1 is the opponent) and the rows
        and columns of the others stay 0. Scores are left out (unbounded); read ``scores``.

        Example:
            >>> from majiang.game import Game
            >>> o = Game(seed=2, dealer=0).observation(0)
            >>> a = o.to_numpy()
            >>> a.dtype, int(a[PLANES.index("hand")].sum()), int(a[PLANES.index("wall"), 0])
            (dtype('uint8'), 14, 83)
        """
        a = np.zeros((len(PLANES), 34), np.uint8) if out is None else out
        if out is not None:
            a[:] = 0
        a[_ROW["hand"]] = self.hand_counts
        if self.drawn_kind is not None:
            a[_ROW["drawn"], self.drawn_kind] = 1
        seen = a[_ROW["unseen"]]
        n = len(self.pond_kinds)  # the table's seats
        for rel in range(n):
            seat = (self.seat + rel) % n
            melds = a[_ROW["melds_self"] + rel]
            for m in self.melds[seat]:
                for k in m.kinds:
                    melds[k] += 1
            pond = a[_ROW["pond_self"] + rel]
            for k in self.pond_kinds[seat]:
                pond[k] += 1
            kongs = sum(1 for m in self.melds[seat] if m.kind == "an_gang")
            if kongs:
                a[_ROW["concealed_kongs"], rel] = kongs
            aside = a[_ROW["flowers_self"] + rel]
            for k in self.flowers[seat]:
                if k < 34:
                    aside[k] += 1
                else:
                    a[_ROW["flower_owner"], k - 34] = rel + 1
            seen += melds
            seen += pond
            seen += aside
        a[_ROW["wild"], list(self.wild_kinds)] = 1
        flipped = self.indicator_kind is not None and self.indicator_kind < 34
        if flipped:  # only a variant that flips one (flips_wild) has an indicator
            a[_ROW["indicator"], self.indicator_kind] = 1
        if self.last_discard_kind is not None:
            a[_ROW["last_discard"], self.last_discard_kind] = 1
        seen += a[_ROW["hand"]]
        if flipped:
            seen[self.indicator_kind] += 1
        lower = self.lower_indicator_kind
        if lower is not None and lower < 34:
            a[_ROW["lower_indicator"], lower] = 1
            seen[lower] += 1
        if any(self.revealed):
            for rel in range(n):
                seat = (self.seat + rel) % n
                if self.revealed[seat]:
                    row = a[_ROW["revealed_self"] + rel]
                    row[:] = self.revealed[seat]
                    if rel and not (self.wins and self.shown[seat]):
                        seen += row
        if self.phase == "rob" and self.last_discard_kind is not None:
            seen[self.last_discard_kind] += 1  # the tile being added to a kong, face up
        if self.wins:
            for rel in range(n):
                seat = (self.seat + rel) % n
                if self.shown[seat]:
                    a[_ROW["shown_self"] + rel] = self.shown[seat]
                    if rel:
                        seen += a[_ROW["shown_self"] + rel]
            for winners, k in self.wins:
                seen[k] += 1
                for w in winners:
                    a[_ROW["won"], (w - self.seat) % n] = k + 1
        np.subtract(4, np.minimum(seen, 4), out=seen)
        a[_ROW["wall"]] = self.wall
        a[_ROW["dealer"]] = (self.dealer - self.seat) % n
        a[_ROW["dealer_streak"]] = min(self.dealer_streak, 255)
        a[_ROW["phase"]] = PHASES.index(self.phase)
        a[_ROW["discarder"]] = 255 if self.discarder is None else (self.discarder - self.seat) % n
        return a


def stack_observations(observations: Sequence[Observation]) -> npt.NDArray[np.uint8]:
    """A batch ``(N, len(PLANES), 34)`` uint8 array of many observations.

    Example:
        >>> from majiang.game import Game
        >>> g = Game(seed=4)
        >>> stack_observations([g.observation(s) for s in range(4)]).shape
        (4, 35, 34)
    """
    batch = np.zeros((len(observations), len(PLANES), 34), np.uint8)
    for i, o in enumerate(observations):
        o.to_numpy(out=batch[i])
    return batch
