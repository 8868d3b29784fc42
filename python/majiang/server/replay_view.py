"""The replay of a finished hand as table states, one per logged event, for the browser's
replay view (a finished hand is public: every hand is shown).

Example:
    >>> from majiang.game import Game, EfficiencyBot, play, iter_replay
    >>> g = play(Game(seed=4), [EfficiencyBot()] * 4)
    >>> steps = replay_steps(iter_replay(g.events))
    >>> len(steps) == len(g.events), steps[0]["event"]["event"], len(steps[0]["hands"])
    (True, 'deal', 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from majiang.game.replays import ReplayStep
from majiang.game.state import mpsz
from majiang.tiles import KINDS, TILE_NAMES

__all__ = ["replay_steps"]


def replay_steps(steps: Iterable[ReplayStep]) -> list[dict[str, Any]]:
    """Each replayed event with the whole table after it: every hand (MPSZ), meld, pond and
    tile laid aside, the wall count, the wild tiles, the indicators and the scores."""
    out = []
    for step in steps:
        g = step.game
        st = g.state
        out.append(
            {
                "event": step.event,
                "hands": [mpsz(h) for h in st.hands],
                "melds": [[m.to_dict() for m in ms] for ms in st.melds],
                "ponds": ["".join(KINDS[k] for k in p) for p in st.ponds],
                "flowers": ["".join(TILE_NAMES[t] for t in f) for f in st.flowers],
                "wall": st.wall.remaining - g.table.kept_back,
                "wilds": [KINDS[k] for k in st.wilds],
                "indicator": None if st.indicator is None else TILE_NAMES[st.indicator],
                # turned up for every seat after the deal (Nanchang's 下翻)
                "lower_indicator": TILE_NAMES[st.lower]
                if st.lower_shown and st.lower is not None
                else None,
                "dealer": st.dealer,
                "turn": st.turn,
                "scores": list(g.scores),
            }
        )
    return out
