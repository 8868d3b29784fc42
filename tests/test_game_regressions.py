"""Regression tests for the game-engine input defects of issue 11 (5-8) and the hidden
indicator of issue 12: one test per defect, named after it; each failed before its fix."""

from __future__ import annotations

import copy

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
    for junk in (True, False, "1", 1.0, None, [1]):
        with pytest.raises(majiang.ArgumentTypeError, match="expected a seat 0-3"):
            game.observation(junk)  # type: ignore[arg-type]
        with pytest.raises(majiang.ArgumentTypeError, match="expected a seat 0-3"):
            game.legal_actions(junk)  # type: ignore[arg-type]
        with pytest.raises(majiang.IllegalActionError):
            game.step(junk, action)  # type: ignore[arg-type]
    assert isinstance(majiang.ArgumentTypeError("x"), TypeError)
    assert game.snapshot() == before  # nothing changed, nothing logged
    game.step(1, action)  # the real seat still may
    assert all(isinstance(e.get("seat", 0), int) for e in game.events)
    assert not any(e.get("seat") is True for e in game.events)
