"""Seeded games pinned to the engine as it played before the self-play speed work (branch
`speed`, from 713f94a): the complete event log of each game, and every observation, legal
action list and bot choice on the way, must hash to what that code produced.

The digests below were computed by this file's own functions from the unoptimized engine at
713f94a, before any of the speed changes. They fix behaviour, not an answer: a faster engine,
observation or bot that plays one step differently (another event, another legal action,
another discard chosen, a plane that differs) fails here. Regenerate them only for a change
that is meant to change play, and say so in its commit:
``python tests/test_game_fixed_games.py`` prints the current digests.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from majiang.game import EfficiencyBot, Game, RandomBot
from majiang.game.bots import Bot
from majiang.game.engine import Observation


def _bots(mix: str, match: int) -> list[Bot]:
    if mix == "efficiency":
        return [EfficiencyBot() for _ in range(4)]
    if mix == "random":  # hands to the end of the wall: kongs, robbed kongs, draws
        return [RandomBot(match * 4 + s) for s in range(4)]
    # Random seats claim, kong and pass wins far more often than EfficiencyBots do.
    return [EfficiencyBot() if s % 2 == 0 else RandomBot(match * 4 + s) for s in range(4)]


CASES: tuple[tuple[str, str, int, int], ...] = (
    # variant, bots, first seed, matches (of 4 hands each)
    ("nanchang", "efficiency", 0, 4),
    ("nanchang", "mixed", 100, 2),
    ("pingxiang", "efficiency", 0, 3),
    ("pingxiang", "mixed", 100, 1),
    ("nanjing", "efficiency", 0, 3),
    ("nanjing", "mixed", 100, 1),
    ("nanchang", "random", 200, 2),
    ("pingxiang", "random", 200, 1),
    ("nanjing", "random", 200, 1),
)


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


# What observations gained since 713f94a for tables whose hand goes on after a win (Sichuan's
# 血战): the hands shown by seats that have won and the wins so far. These tables end the hand
# at the first win, so the new parts must stay empty; the rest is hashed as it was.
PLANES_BEFORE = 25


# What observations gained with the reveal after the deal (Nanchang's 下翻: the lower
# indicator and each seat's 下精, public from the deal on): the observation is hashed as it
# would be without them (what every seat saw before), and the reveal events are left out of
# the log's hash. The bots play on the observation as it is: EfficiencyBot does not count the
# revealed tiles (``Observation.visible`` without ``reveals``), so the very same games must
# come out, event for event, settlement for settlement.
NOTHING_REVEALED: dict[str, Any] = {"lower_indicator_kind": None, "revealed": ((), (), (), ())}


def _unrevealed(obs: Observation) -> Observation:
    return obs._replace(**NOTHING_REVEALED)


def _as_before(obs: Observation) -> dict[str, Any]:
    view = _unrevealed(obs).to_dict()
    assert view.pop("shown") == [None] * 4 and view.pop("wins") == []
    assert view.pop("lower_indicator") is None and view.pop("revealed") == [None] * 4
    return view


def _planes_as_before(obs: Observation) -> bytes:
    planes = _unrevealed(obs).to_numpy()
    assert not planes[PLANES_BEFORE:].any()
    return planes[:PLANES_BEFORE].tobytes()


def _events_as_before(events: list[dict[str, Any]], variant: str) -> list[dict[str, Any]]:
    reveals = [e for e in events if e["event"] == "reveal"]
    deals = [e for e in events if e["event"] == "deal"]
    # Nanchang (下翻 by default) reveals after every deal; the others never do.
    assert len(reveals) == (len(deals) if variant == "nanchang" else 0)
    return [e for e in events if e["event"] != "reveal"]


def digests(variant: str, mix: str, first: int, matches: int) -> tuple[str, str]:
    """The sha256 of the matches' event logs (and settlements), and of every step's view: the
    acting seat's observation (``to_dict``, ``visible()``, ``to_numpy``), its legal actions,
    the bot's choice and the other seats' observations."""
    events = hashlib.sha256()
    views = hashlib.sha256()
    for m in range(first, first + matches):
        game = Game(variant, seed=m, hands=4)
        bots = _bots(mix, m)
        while not game.over:
            seat = game.to_act()[0]
            obs = game.observation(seat)
            legal = game.legal_actions(seat)
            action = bots[seat].act(obs, legal)
            before = _unrevealed(obs).visible()
            assert obs.visible() == before  # what EfficiencyBot counts: no revealed tile
            views.update(_dump([_as_before(obs), before, [a.to_dict() for a in legal]]))
            views.update(_planes_as_before(obs))
            views.update(_dump([_as_before(game.observation(s)) for s in range(4) if s != seat]))
            views.update(_dump(action.to_dict()))
            game.step(seat, action)
        events.update(_dump(_events_as_before(game.events, variant)))
        events.update(_dump([s.deltas for s in game.settlements]))
    return events.hexdigest()[:20], views.hexdigest()[:20]


# Computed at 713f94a (before the speed work) by `digests`.
EXPECTED: dict[tuple[str, str, int, int], tuple[str, str]] = {
    ("nanchang", "efficiency", 0, 4): ("8fa9cd8d11f49e8d4d95", "f3d6216871e97994c095"),
    ("nanchang", "mixed", 100, 2): ("8c36eb48e427c7df2bde", "77f694f2af59ac042cb2"),
    ("pingxiang", "efficiency", 0, 3): ("96860b0ffcf54eecd45c", "20e6b6bbc9ddca9813ea"),
    ("pingxiang", "mixed", 100, 1): ("91331c96765f49f287e1", "b8f5fac52086190e9193"),
    ("nanjing", "efficiency", 0, 3): ("df8ba04a8e75b07b1474", "29c4aadc1b2473ff0cb3"),
    ("nanjing", "mixed", 100, 1): ("3f634b7d547b17c837da", "f9cf1c6ecb5e9479728e"),
    ("nanchang", "random", 200, 2): ("feeb6a940a2c98853426", "4da724fa39cb3a7bfdd5"),
    ("pingxiang", "random", 200, 1): ("64c521e365cf4a7ce8f7", "78bc4e38c276897737f9"),
    ("nanjing", "random", 200, 1): ("907b98daba73a47ac4de", "9107e5981345b7e4b6ab"),
}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}")
def test_seeded_games_play_as_before(case: tuple[str, str, int, int]) -> None:
    assert digests(*case) == EXPECTED[case]


if __name__ == "__main__":
    for case in CASES:
        print(f"    {case!r}: {digests(*case)!r},".replace("'", '"'))
