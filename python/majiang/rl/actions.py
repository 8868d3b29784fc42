"""Action ids: one fixed integer space per variant, legal-action masks and stepping by id.

The space is built from the variant's :class:`~majiang.variants.protocol.TableRules` and
its declarations alone, so a new variant maps in without a change here. Ids, in order:

=========  =========================================================================
ids        action
=========  =========================================================================
0-33       ``Discard`` of kind k (MPSZ index: 1m-9m, 1p-9p, 1s-9s, 1z-7z)
34-67      ``Kong(k, "concealed")`` (暗杠) of kind k - 34
68-101     ``Kong(k, "added")`` (补杠) of kind k - 68
102        ``Pong`` of the discard
103        ``Kong(tile, "exposed")`` of the discard (明杠)
104        ``Win`` (self-drawn, on the discard or robbing a kong)
105        ``Pass``
106-...     ``Chow``: every sequence the table's ``chows`` allows, as sorted kinds (21 suit
           sequences 123m … 789s; with ``honors`` also the four wind triples and 中发白)
then       ``Declare(what, value)``: for each of the table's ``openings``, then of its
           ``turn_declarations``, in order, each value :meth:`Variant.opening_values` lists
=========  =========================================================================

The first 106 ids mean the same in every variant. A claim's tile is the discard being
claimed, so one id serves every pong and every exposed kong; a chow names its sequence.

Example:
    >>> from majiang.game import Game
    >>> space = action_space("nanchang")
    >>> space.size, space.label(104), space.label(106)
    (132, 'win', 'chow 123m')
    >>> g = Game(seed=3, dealer=0)
    >>> mask = legal_mask(g, 0)
    >>> int(mask.sum()) == len(g.legal_actions(0)), bool(mask[34:].any())
    (True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from majiang._core import parse_tiles
from majiang.errors import IllegalActionError, RulesError, quoted
from majiang.game.actions import Action, Chow, Declare, Discard, Kong, Pass
from majiang.game.actions import Pong as PongAction
from majiang.game.actions import Win as WinAction
from majiang.rl.arguments import check_out, seat_of
from majiang.tiles import KIND_INDEX, KINDS, kinds_text
from majiang.variants import Variant, get_variant

if TYPE_CHECKING:
    from majiang.game import Game

__all__ = [
    "ADDED",
    "CHOWS",
    "CONCEALED",
    "DISCARD",
    "EXPOSED",
    "PASS_ID",
    "PONG_ID",
    "WIN_ID",
    "ActionSpace",
    "action_space",
    "legal_ids",
    "legal_mask",
    "step_id",
]

DISCARD = 0
"""Id of ``Discard`` of kind 0; kind k is ``DISCARD + k``."""
CONCEALED = 34
"""Id of the concealed kong of kind 0; kind k is ``CONCEALED + k``."""
ADDED = 68
"""Id of the added kong of kind 0; kind k is ``ADDED + k``."""
PONG_ID = 102
EXPOSED = 103
WIN_ID = 104
PASS_ID = 105
CHOWS = 106
"""Id of the first chow (a variant without chows has none)."""

_KEPT = 4096
"""The most action objects an :class:`ActionSpace` remembers by identity."""
_SUIT_CHOWS = tuple((b, b + 1, b + 2) for s in (0, 9, 18) for b in range(s, s + 7))
_HONOR_CHOWS = (*combinations((27, 28, 29, 30), 3), (31, 32, 33))


def _chow_sequences(rule: str) -> tuple[tuple[int, int, int], ...]:
    if rule == "none":
        return ()
    if rule == "suits":
        return _SUIT_CHOWS
    if rule == "honors":
        return _SUIT_CHOWS + _HONOR_CHOWS
    raise RulesError(f"chows: unknown chow rule {rule!r}")


@dataclass(frozen=True)
class ActionSpace:
    """The action ids of one variant (see the module's table): ``size`` ids, each with a
    ``label``; ``chows`` the chow sequences from id :data:`CHOWS` on, ``declarations`` the
    (what, value) pairs after them.

    Example:
        >>> s = action_space("nanjing")
        >>> s.size, s.chows, s.declarations, s.label(s.size - 1)
        (107, (), (('ready', ''),), 'declare ready')
    """

    variant: str
    chows: tuple[tuple[int, int, int], ...]
    declarations: tuple[tuple[str, str], ...]
    _ids: dict[Action, int] = field(default_factory=dict, repr=False, compare=False)
    # The id of each action object seen, by identity (the engine shares one object per
    # action): a lookup without the dataclass's Python __hash__. The objects are kept, so no
    # id() is reused while its entry lives; at most _KEPT of them.
    _by_object: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    _kept: list[Action] = field(default_factory=list, repr=False, compare=False)

    @property
    def size(self) -> int:
        """How many ids the space has (the mask's length).

        Example:
            >>> action_space("pingxiang").size
            127
        """
        return CHOWS + len(self.chows) + len(self.declarations)

    @property
    def labels(self) -> tuple[str, ...]:
        """Every id's label, in id order.

        Example:
            >>> action_space("pingxiang").labels[:2]
            ('discard 1m', 'discard 2m')
        """
        return tuple(self.label(i) for i in range(self.size))

    def label(self, action_id: int) -> str:
        """What ``action_id`` means, in words; IllegalActionError outside the space.

        Example:
            >>> s = action_space("nanchang")
            >>> s.label(0), s.label(40), s.label(70), s.label(103), s.label(131)
            ('discard 1m', 'kong concealed 7m', 'kong added 3m', 'kong exposed', 'chow 567z')
        """
        i = self._check_id(action_id)
        if i < CONCEALED:
            return f"discard {KINDS[i]}"
        if i < ADDED:
            return f"kong concealed {KINDS[i - CONCEALED]}"
        if i < PONG_ID:
            return f"kong added {KINDS[i - ADDED]}"
        fixed = {PONG_ID: "pong", EXPOSED: "kong exposed", WIN_ID: "win", PASS_ID: "pass"}
        if i in fixed:
            return fixed[i]
        if i < CHOWS + len(self.chows):
            return f"chow {kinds_text(self.chows[i - CHOWS])}"
        what, value = self.declarations[i - CHOWS - len(self.chows)]
        return f"declare {what}" + (f" {value}" if value else "")

    def _check_id(self, action_id: object) -> int:
        # A numpy timedelta64 is a numpy integer, but no id (int() of it fails).
        if isinstance(action_id, bool | np.timedelta64) or not isinstance(
            action_id, int | np.integer
        ):
            raise IllegalActionError(f"action id: expected an int, got {quoted(action_id)}")
        i = int(action_id)
        if not 0 <= i < self.size:
            raise IllegalActionError(
                f"action id {quoted(i)} is outside the {self.variant} space (0-{self.size - 1})"
            )
        return i

    def id_of(self, action: Action) -> int:
        """The id of ``action`` (an engine action value); IllegalActionError for an action
        the space has no id for (a chow the table does not allow, an undeclared value).

        Example:
            >>> from majiang.game import Chow, Discard, Kong
            >>> s = action_space("nanchang")
            >>> s.id_of(Discard("5p")), s.id_of(Kong("1z", "added")), s.id_of(Chow("234z"))
            (13, 95, 130)
        """
        found = self._ids.get(action)
        if found is None:
            found = self._ids[action] = self._compute_id(action)
        return found

    def ids_of(self, actions: Iterable[Action]) -> list[int]:
        """The ids of ``actions``, in order (as :meth:`id_of` each; the objects the engine
        shares are looked up by identity).

        Example:
            >>> from majiang.game import Discard, Pass
            >>> action_space("nanchang").ids_of([Discard("2m"), Pass()])
            [1, 105]
        """
        if not isinstance(actions, list | tuple):
            actions = list(actions)
        found = list(map(self._by_object.get, map(id, actions)))
        if None in found:
            pairs = zip(actions, found, strict=True)
            return [self._remember(a) if i is None else i for a, i in pairs]
        return cast("list[int]", found)

    def _remember(self, action: Action) -> int:
        i = self.id_of(action)
        if len(self._kept) < _KEPT:
            self._kept.append(action)
            self._by_object[id(action)] = i
        return i

    def _compute_id(self, action: Action) -> int:
        if isinstance(action, Discard) and action.tile in KIND_INDEX:
            return DISCARD + KIND_INDEX[action.tile]
        if isinstance(action, PongAction):
            return PONG_ID
        if isinstance(action, WinAction):
            return WIN_ID
        if isinstance(action, Pass):
            return PASS_ID
        if isinstance(action, Kong) and action.tile in KIND_INDEX:
            k = KIND_INDEX[action.tile]
            if action.kind == "exposed":
                return EXPOSED
            return (CONCEALED if action.kind == "concealed" else ADDED) + k
        if isinstance(action, Chow):
            try:
                seq = tuple(sorted(KIND_INDEX[t] for t in parse_tiles(action.tiles)))
            except (KeyError, ValueError):
                seq = ()
            for n, chow in enumerate(self.chows):
                if chow == seq:
                    return CHOWS + n
        if isinstance(action, Declare) and (action.what, action.value) in self.declarations:
            return CHOWS + len(self.chows) + self.declarations.index((action.what, action.value))
        raise IllegalActionError(f"{action!r} has no id in the {self.variant} action space")

    def mask(self, actions: Sequence[Action], out: npt.NDArray[np.bool_] | None = None) -> Any:
        """A bool array of :attr:`size`, true at the ids of ``actions`` (written into ``out``
        when given: a bool array of that shape, else ArgumentTypeError).

        Example:
            >>> from majiang.game import Pass, Pong
            >>> m = action_space("nanjing").mask([Pong(), Pass()])
            >>> m.shape, [int(i) for i in m.nonzero()[0]]
            ((107,), [102, 105])
        """
        if out is None:
            out = np.zeros(self.size, np.bool_)
        else:
            check_out(out, (self.size,), np.bool_, "out")
            out[:] = False
        out[self.ids_of(actions)] = True
        return out


_SPACES: dict[tuple[str, str, tuple[str, ...], int], ActionSpace] = {}


def action_space(variant: str | Variant | Game) -> ActionSpace:
    """The action space of a variant (a registered name, a :class:`Variant` or a game's).

    Example:
        >>> action_space("nanchang").size, action_space("nanjing").size
        (132, 107)
    """
    if isinstance(variant, str):
        chosen: Variant = get_variant(variant)
    elif isinstance(variant, Variant):
        chosen = variant
    else:
        chosen = variant.variant
    table = chosen.table
    whats = table.openings + table.turn_declarations
    key = (chosen.name, table.chows, whats, id(type(chosen)))
    found = _SPACES.get(key)
    if found is None:
        declarations = tuple(
            (what, str(value)) for what in whats for value in chosen.opening_values(what)
        )
        if len(set(declarations)) != len(declarations):
            raise RulesError(f"{chosen.name}: opening_values lists a value twice")
        found = _SPACES[key] = ActionSpace(chosen.name, _chow_sequences(table.chows), declarations)
    return found


def legal_mask(
    game: Game, seat: int | np.integer[Any], out: npt.NDArray[np.bool_] | None = None
) -> Any:
    """The legal actions of ``seat`` now as a bool array over the game's action space (all
    false when the seat need not act; never all false when it must).

    Example:
        >>> from majiang.game import Game
        >>> g = Game(seed=1, dealer=2)
        >>> m = legal_mask(g, 2)
        >>> m.dtype, m.shape, bool(m[:34].any()), bool(legal_mask(g, 0).any())
        (dtype('bool'), (132,), True, False)
    """
    return action_space(game).mask(game.legal_actions(seat_of(seat)), out)


def legal_ids(game: Game, seat: int | np.integer[Any]) -> list[int]:
    """The ids of ``seat``'s legal actions now, in the engine's order.

    Example:
        >>> from majiang.game import Game
        >>> g = Game(seed=1, dealer=2)
        >>> all(i < 34 or 34 <= i < 106 for i in legal_ids(g, 2))
        True
    """
    return action_space(game).ids_of(game.legal_actions(seat_of(seat)))


def step_id(game: Game, seat: int | np.integer[Any], action_id: int) -> Action:
    """Apply the legal action of ``seat`` with id ``action_id`` and return it;
    IllegalActionError naming the id and its meaning (the game unchanged) when it is
    outside the space or not legal now.

    Example:
        >>> from majiang.game import Game
        >>> g = Game(seed=1, dealer=2)
        >>> step_id(g, 2, PASS_ID)
        Traceback (most recent call last):
        ...
        majiang.errors.IllegalActionError: action id 105 (pass) is not legal for seat 2 now
        >>> i = legal_ids(g, 2)[-1]
        >>> type(step_id(g, 2, i)).__name__
        'Discard'
    """
    space = action_space(game)
    i = space._check_id(action_id)
    seat = seat_of(seat)
    for action in game.legal_actions(seat):
        if space.id_of(action) == i:
            game.step(seat, action)
            return action
    raise IllegalActionError(f"action id {i} ({space.label(i)}) is not legal for seat {seat} now")
