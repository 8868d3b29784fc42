"""Text renderings of a table for the environments' ``render_mode="ansi"``: what every seat
may see (a spectator's view: no concealed hand, no wall order, and in a claim window not who
is being asked), or one seat's own view.

Example:
    >>> from majiang.game import Game
    >>> print(public_text(Game(seed=1, dealer=2)).splitlines()[0])
    nanchang: turn, seat 2 to act; wall 83; scores [0, 0, 0, 0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from majiang.game import Game

__all__ = ["public_text", "seat_text"]


def _melds(game: Game, seat: int) -> str:
    # As another seat sees them: a concealed kong only where the variant shows it.
    melds = game.observation((seat + 1) % game.seats).to_dict()["melds"][seat]
    return " ".join(f"{m['kind']}:{m['tiles'] or '????'}" for m in melds) or "-"


def public_text(game: Game) -> str:
    """The table as every seat sees it: each seat's melds and pond, the wall, the scores,
    and whose turn it is (in a claim window, only the discard or kong it follows).

    Example:
        >>> from majiang.game import Game
        >>> "seat 0: melds -" in public_text(Game(seed=0))
        True
    """
    o = game.observation(0)
    phase = "over" if game.over else o.phase
    if phase == "turn":
        head = f"turn, seat {o.turn} to act"
    elif phase in ("claim", "rob"):  # not "a claim window": who may claim is no one's business
        what = "discard" if phase == "claim" else "kong"
        head = (
            f"after seat {o.discarder if phase == 'claim' else o.turn}'s {what} of {o.last_discard}"
        )
    else:
        head = phase
    lines = [f"{game.variant.name}: {head}; wall {o.wall}; scores {list(o.scores)}"]
    ponds = o.ponds
    rows = range(game.seats)
    lines += [f"seat {s}: melds {_melds(game, s)}; pond {ponds[s] or '-'}" for s in rows]
    return "\n".join(lines)


def seat_text(game: Game, seat: int) -> str:
    """What ``seat`` sees: its hand and drawn tile, then the public table.

    Example:
        >>> from majiang.game import Game
        >>> seat_text(Game(seed=1, dealer=2), 2).splitlines()[0].startswith("seat 2 hand ")
        True
    """
    o = game.observation(seat)
    return f"seat {seat} hand {o.hand} drawn {o.drawn}\n{public_text(game)}"
