"""Snapshot and restore: a JSON round trip that continues identically, and bad snapshots."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import majiang
from majiang.game import (
    Deal,
    Discard,
    EfficiencyBot,
    Game,
    Kong,
    Pass,
    Pong,
    RandomBot,
    Win,
    play,
)
from majiang.game.bots import Bot


def advance(game: Game, bots: list[Bot], steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))


@pytest.mark.parametrize("steps", [0, 1, 7, 40, 95, 180])
def test_restored_game_continues_identically(steps: int) -> None:
    bots: list[Bot] = [RandomBot(1), EfficiencyBot(), RandomBot(2), EfficiencyBot()]
    game = Game(seed=21, hands=3, options={"palou": True})
    advance(game, bots, steps)
    data = json.loads(json.dumps(game.snapshot()))
    restored = Game.restore(data)
    assert restored.state == game.state
    assert restored.snapshot() == game.snapshot()
    twins = copy.deepcopy(bots)
    play(game, bots)
    play(restored, twins)
    assert restored.events == game.events
    assert restored.records == game.records
    assert restored.scores == game.scores


def test_restore_mid_claim_window_keeps_the_answers_given() -> None:
    hands = (
        "258m369p258s1234z5p",
        "46p258m258s13z3p6z4z",
        "55p368m367s1357z8p",
        "234s456s234m777z5p",
    )
    game = Game(seed=0, dealer=0, deal=Deal(hands, "7p7p7p1s1s1s9s9s9s", "9m", "5z"))
    game.step(0, Discard("5p"))
    game.step(1, Pass())  # seat 1 answered; seats 2 and 3 still to answer
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.to_act() == game.to_act() == [2, 3]
    assert restored.legal_actions(3) == game.legal_actions(3)
    restored.step(2, Pass())
    restored.step(3, Pass())
    assert restored.state.turn == 1 and restored.state.phase == "turn"


def pass_all(game: Game) -> None:
    while game.state.phase == "claim":
        game.step(game.to_act()[0], Pass())


def test_restore_in_a_rob_window() -> None:
    # Seat 1 pongs 5m and later draws the fourth; seat 2 waits on 2m/5m and may rob the kong.
    hands = ("5m19p1379s1234567z", "55m2345678p2468s", "34678m22299p456s", "1279m18p15s12346z")
    game = Game(seed=0, dealer=0, deal=Deal(hands, "9s9s9s5m1p", "5z", "6z"))
    game.step(0, Discard("5m"))
    game.step(1, Pong())
    game.step(2, Pass())  # passes a win: no win on a discard until its next draw (弃先胡后)
    game.step(1, Discard("8s"))
    pass_all(game)
    for seat in (2, 3, 0):
        game.step(seat, Discard("9s"))
        pass_all(game)
    game.step(1, Kong("5m", "added"))
    assert game.state.phase == "rob" and game.to_act() == [2]
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.to_act() == [2] and restored.legal_actions(2) == [Win(), Pass()]
    for g in (game, restored):
        g.step(2, Win())
    assert restored.events == game.events
    assert restored.records[0]["result"]["qiang_gang"] is True


BAD: list[tuple[str, Any, str | None]] = [
    ("format", "v0", r"^format: expected 'majiang\.game/1'"),
    ("variant", "riichi", r"^variant: unknown variant 'riichi'"),
    ("rng", [3], r"^snapshot: rng: expected \[version, 625 numbers, gauss\]"),
    ("hands", "many", r"^snapshot: hands: expected int, got 'many'"),
    ("scores", [1, 2, 3], r"^snapshot: scores: expected four whole numbers"),
    ("over", True, r"^snapshot: over: True does not fit 0 of 2 hands"),
    ("state.wilds", ["1m"], r"^state\.wilds: not the variant's wild kinds"),
    ("state.turn", 3, r"^state\.hands\[\d\]: \d+ tiles do not fit"),
    # The dealer's first turn always has its 14th tile drawn: None cannot have happened.
    ("state.drawn", None, r"^state\.drawn: not the state the events lead to"),
    ("hands", 5, None),  # a longer match: still a possible game
    ("state.wall.head", 999, r"^state\.wall: head 999 and tail"),
    ("state.hands", ["123m"], r"^state\.hands: expected a list of four"),
    ("state.turn", 9, r"^state\.turn: expected a seat 0-3, got 9"),
    ("state.phase", "lunch", r"^state\.phase: expected turn, claim, rob, declare or over"),
    ("state.drawn", "0x", r"^state\.drawn: expected a tile name"),
    ("state.melds", [[{"kind": "kan", "tiles": "111m"}], [], [], []], r"^meld kind"),
    ("state.responses", {"1": {"type": "fly"}}, r"^state: bad action"),
    ("state.hands", ["1m", "1m", "1m", "1m"], r"^state: tiles out of place"),
]


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    keys = path.split(".")
    for k in keys[:-1]:
        data = data[k]
    data[keys[-1]] = value


@pytest.mark.parametrize(("path", "value", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_snapshots_are_named(path: str, value: Any, message: str | None) -> None:
    data = Game(seed=3, hands=2, dealer=1).snapshot()
    _set(data, path, value)
    if message is None:  # a change that is still a possible game
        Game.restore(data)
        return
    with pytest.raises(majiang.RecordError, match=message):
        Game.restore(data)


def test_snapshot_of_a_finished_game_restores_as_finished() -> None:
    game = play(Game(seed=2, hands=2), [EfficiencyBot() for _ in range(4)])
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.over and restored.records == game.records
    assert [s.deltas for s in restored.settlements] == [s.deltas for s in game.settlements]
    assert restored.legal_actions(0) == []


def test_kongs_survive_the_round_trip() -> None:
    """Random play until a seat declares a concealed and an added kong; restore after each."""
    kinds_seen: set[str] = set()
    for seed in range(200):
        game = Game(seed=seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            kongs = [a for a in legal if isinstance(a, Kong) and a.kind != "exposed"]
            act = kongs[0] if kongs else bots[seat].act(game.observation(seat), legal)
            game.step(seat, act)
            if kongs and not game.over:
                kinds_seen.add(kongs[0].kind)
                restored = Game.restore(json.loads(json.dumps(game.snapshot())))
                assert restored.state == game.state
                assert restored.state.melds[seat] == game.state.melds[seat]
        if kinds_seen == {"concealed", "added"}:
            return
    raise AssertionError(f"no seed gave both kongs: {kinds_seen}")
