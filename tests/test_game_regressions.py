"""Regression tests for the game-engine input defects of issue 11 (5-8) and the hidden
indicator of issue 12: one test per defect, named after it; each failed before its fix."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import majiang
from majiang.game import Game


def test_5_bools_and_negatives_are_not_seats() -> None:
    game = Game(seed=12, dealer=1)
    before = copy.deepcopy(game.snapshot())
    action = game.legal_actions(1)[-1]
    with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3"):
        game.step(True, action)
    for seat in (-1, 4, 5, -5):
        with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3"):
            game.step(seat, action)
        with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3, got"):
            game.observation(seat)
        with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3, got"):
            game.legal_actions(seat)
    junks: list[Any] = [True, False, "1", 1.0, None, [1]]
    for junk in junks:
        with pytest.raises(majiang.ArgumentTypeError, match="expected a seat 0-3"):
            game.observation(junk)
        with pytest.raises(majiang.ArgumentTypeError, match="expected a seat 0-3"):
            game.legal_actions(junk)
        with pytest.raises(majiang.IllegalActionError):
            game.step(junk, action)
    assert isinstance(majiang.ArgumentTypeError("x"), TypeError)
    assert game.snapshot() == before  # nothing changed, nothing logged
    game.step(1, action)  # the real seat still may
    assert all(isinstance(e.get("seat", 0), int) for e in game.events)
    assert not any(e.get("seat") is True for e in game.events)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"options": {"bogus": 1}}, majiang.RulesError, "bogus: unknown option"),
        ({"variant": "pingxiang", "options": {"bogus": 1}}, majiang.RecordError, "bogus"),
        ({"variant": "nanjing", "options": {"bogus": 1}}, majiang.RecordError, "bogus"),
        ({"options": 0}, majiang.ArgumentTypeError, "^options: expected a mapping"),
        ({"options": {1: True}}, majiang.ArgumentTypeError, "^options: option names"),
        ({"streak": 0}, majiang.RulesError, "^streak: expected a dealer streak"),
        ({"streak": -1}, majiang.RulesError, "^streak: "),
        ({"streak": "7"}, majiang.ArgumentTypeError, "^streak: expected an int"),
        ({"streak": True}, majiang.ArgumentTypeError, "^streak: expected an int"),
        ({"variant": 5}, majiang.ArgumentTypeError, "^variant: expected a variant name"),
        ({"variant": "riichi"}, majiang.RulesError, "unknown variant 'riichi'"),
        ({"seed": True}, majiang.ArgumentTypeError, "^seed: expected an int"),
        ({"seed": 1.5}, majiang.ArgumentTypeError, "^seed: expected an int"),
        ({"hands": 0}, majiang.RulesError, "^hands: expected a positive number"),
        ({"hands": 2.0}, majiang.ArgumentTypeError, "^hands: expected an int"),
        ({"dealer": True}, majiang.ArgumentTypeError, "^dealer: expected a seat"),
        ({"dealer": 4}, majiang.RulesError, "^dealer: expected a seat 0-3, got 4"),
        ({"scores": [1, 2, 3]}, majiang.RulesError, "^scores: expected four, got 3"),
        ({"scores": [1, 2, 3, "4"]}, majiang.ArgumentTypeError, "^scores: expected four ints"),
        ({"scores": [0, 0, 0, True]}, majiang.ArgumentTypeError, "^scores: expected four ints"),
        ({"carried": 5}, majiang.ArgumentTypeError, "^carried: expected a mapping"),
        ({"carried": {"x": 1}}, majiang.RulesError, "^carried: .*x: unknown field"),
        ({"variant": "nanjing", "carried": {"bixiahu": "no"}}, majiang.RulesError, "^carried"),
        ({"deal": "11m"}, majiang.ArgumentTypeError, "^deal: expected a Deal"),
    ],
)
def test_7_game_arguments_are_checked_when_the_game_is_built(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Game(**kwargs)


def test_7_a_game_built_from_good_arguments_settles_its_first_hand() -> None:
    from majiang.game import RandomBot, play

    for kwargs in (
        {"options": {"palou": False}, "streak": 3, "scores": [5, -5, 0, 0], "dealer": 2},
        {"variant": "nanjing", "carried": {"bixiahu": True}},
        {"variant": "pingxiang", "options": {"genzhuang": False}, "streak": 2},
    ):
        game = play(Game(**kwargs, hands=2), [RandomBot(s) for s in range(4)])
        assert game.over and len(game.records) == 2 and sum(game.scores) == 0
