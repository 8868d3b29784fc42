"""Shared helpers of the learning-layer tests: random game states of every playable variant,
and a test-only variant with Sichuan-shaped opening declarations (a public void suit, then a
private tile passed to the next seat) declared through ``opening_values`` alone."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from majiang.game import Declare, Game
from majiang.game.events import Exchange
from majiang.settlement import Payment, Settlement
from majiang.tiles import KINDS
from majiang.variants import Variant, names
from majiang.variants.protocol import TableRules
from majiang.variants.registry import lookup, register, unregister
from majiang.variants.table_view import TableView

SUITS = ("m", "p", "s")


def settle_one(record: dict[str, Any]) -> Settlement:
    """1 from each loser to the winner, nothing on a draw."""
    result = record["result"]
    if result["kind"] == "draw":
        return Settlement.from_items([])
    w = result["winner"]
    w = w[0] if isinstance(w, list) else w
    return Settlement.from_items([Payment(s, w, 1, "胡牌分") for s in range(4) if s != w])


class VoidAndPass(Variant):
    """Every seat declares a void suit (public, any of three), then passes one tile of its
    choice to the next seat (private, seen by the receiver; no pass: every seat gives one and
    gets one); a seat holding its void suit must discard it."""

    table = TableRules(
        name="test-void-and-pass",
        shapes="standard",
        openings=("void", "pass"),
        private_openings=frozenset({"pass"}),
    )

    def opening_values(self, what: str) -> tuple[str, ...]:
        return SUITS if what == "void" else KINDS

    def opening_options(self, what: str, seat: int, state: Any) -> list[Any]:
        if what == "void":
            return [Declare("void", s) for s in SUITS]
        hand = state.hands[seat]
        return [Declare("pass", KINDS[k]) for k in range(34) if hand[k]]

    def after_declarations(
        self, what: str, made: Mapping[int, str], state: TableView
    ) -> Exchange | None:
        if what != "pass":
            return None
        return Exchange(tuple((s, (s + 1) % 4, (KINDS.index(v),)) for s, v in made.items()))

    def opening_viewers(self, what: str, seat: int, state: Any) -> tuple[int, ...]:
        return ((seat + 1) % 4,) if what == "pass" else ()

    def allowed_discards(self, seat: int, state: Any) -> list[int] | None:
        void = state.declared[seat].get("void")
        if void is None:
            return None
        start = SUITS.index(void) * 9
        held = [k for k in range(start, start + 9) if state.hands[seat][k]]
        return held or None


def with_test_variant() -> Iterator[None]:
    """Register :class:`VoidAndPass` for the duration of a test (a fixture body)."""
    register(VoidAndPass.table.name, settle_one, VoidAndPass)
    yield
    unregister(VoidAndPass.table.name)


def playable() -> list[str]:
    """Every registered variant the engine plays."""
    return [n for n in names() if lookup(n).play is not None]


def walk(
    variant: str, seed: int, steps: int, hands: int = 2, options: Mapping[str, Any] | None = None
) -> Iterator[Game]:
    """A game of ``variant`` after each of up to ``steps`` random legal steps (the same game
    object, yielded before each step and once at the end)."""
    game = Game(variant, seed=seed, hands=hands, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        yield game
        if game.over:
            return
        seats = game.to_act()
        seat = seats[rng.randrange(len(seats))]
        legal = game.legal_actions(seat)
        game.step(seat, legal[rng.randrange(len(legal))])
    yield game
