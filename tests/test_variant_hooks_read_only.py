"""Variant hooks read the table and return answers or events; the engine applies them. Every
hook of every built-in variant is watched over whole matches: the hand state is the same
after each call as before it. An Exchange a variant returns is checked before any tile
moves."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import majiang
from majiang.game import Declare, Game, RandomBot
from majiang.game.events import Exchange
from majiang.tiles import KINDS
from majiang.variants import Variant, names
from majiang.variants.protocol import TableRules
from majiang.variants.registry import register, unregister
from majiang.variants.table_view import TableView

HOOKS = (
    "reveal_after_deal",
    "opening_options",
    "after_declarations",
    "allowed_discards",
    "may_meld",
    "meld_kinds",
    "opening_viewers",
    "must_win",
    "payment",
    "horses",
    "may_win",
)


def _watched(game: Game, calls: dict[str, int]) -> None:
    """Wrap the bound variant's hooks: each call must leave the hand state as it found it."""
    variant = game.variant
    for name in HOOKS:
        hook = getattr(variant, name)

        def watch(*args: Any, _hook: Callable[..., Any] = hook, _name: str = name) -> Any:
            before = copy.deepcopy(game.state)
            answer = _hook(*args)
            assert game.state == before, f"{variant.name}.{_name} changed the table"
            assert game.state.hands == before.hands
            calls[_name] = calls.get(_name, 0) + 1
            return answer

        setattr(variant, name, watch)


@pytest.mark.parametrize("variant", names())
def test_no_hook_changes_the_table(variant: str) -> None:
    calls: dict[str, int] = {}
    for seed in range(3):
        game = Game(variant, seed=seed, hands=3)
        _watched(game, calls)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    assert calls.get("may_win", 0) > 0  # the watch did see the hooks being asked


class Meddler(Variant):
    """Test-only: a variant whose discard hook moves a tile (what the watch must catch)."""

    table = TableRules(name="test-meddler", shapes="standard", openings=("none",))

    def allowed_discards(self, seat: int, state: TableView) -> list[int] | None:
        state.hands[seat][0] += 1  # type: ignore[index]
        return None


def test_the_watch_catches_a_hook_that_changes_the_table() -> None:
    register(Meddler.table.name, lambda record: majiang.Settlement.from_items([]), Meddler)
    try:
        game = Game("test-meddler", seed=1, dealer=0)
        _watched(game, {})
        with pytest.raises(AssertionError, match="allowed_discards changed the table"):
            game.legal_actions(0)
    finally:
        unregister(Meddler.table.name)


class BadExchange(Variant):
    """Test-only: every seat must pass a kind it holds, but the variant passes a tile of a kind
    the giver does not hold (seat 0 passes two of its chosen kind when it holds one)."""

    table = TableRules(name="test-bad-exchange", shapes="standard", openings=("pass",))

    def opening_options(self, what: str, seat: int, state: TableView) -> list[Any]:
        hand = state.hands[seat]
        return [Declare("pass", KINDS[k]) for k in range(34) if hand[k] == 1][:1]

    def after_declarations(
        self, what: str, made: Mapping[int, str], state: TableView
    ) -> Exchange | None:
        moves = [
            (s, (s + 1) % 4, (KINDS.index(v),) * (2 if s == 0 else 1)) for s, v in made.items()
        ]
        return Exchange(tuple(moves))


def test_an_exchange_of_tiles_not_held_is_refused_and_moves_nothing() -> None:
    register(BadExchange.table.name, lambda record: majiang.Settlement.from_items([]), BadExchange)
    try:
        for seed in range(20):
            game = Game("test-bad-exchange", seed=seed, dealer=0)
            if game.to_act() and 0 in game.to_act():
                break
        else:
            pytest.skip("no deal offered seat 0 a single-copy kind")
        asked = game.to_act()
        for seat in asked[:-1]:
            game.step(seat, game.legal_actions(seat)[0])
        before, logged = copy.deepcopy(game.state), len(game.events)
        last = asked[-1]
        with pytest.raises(majiang.RulesError, match="passes tiles it does not hold"):
            game.step(last, game.legal_actions(last)[0])
        assert game.state == before and game.state.responses == before.responses
        assert len(game.events) == logged
    finally:
        unregister(BadExchange.table.name)
