"""The generic turn-declaration hook (``TableRules.turn_declarations``,
``Variant.turn_declarations``; docs/engine.md "Turn declarations") through a test-only
variant, without Hebei: a seat may ``call`` once a hand with any discard of an honor, after
which it may discard nothing but honors when it holds one."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Sequence
from typing import Any

import pytest

from majiang.errors import IllegalActionError
from majiang.game import Declare, Discard, EfficiencyBot, Game, RandomBot, replay
from majiang.game.bots import Bot
from majiang.game.streams import seat_events
from majiang.rl import action_space, legal_mask
from majiang.settlement import Payment, Settlement
from majiang.tiles import KINDS
from majiang.variants.protocol import TableRules, Variant
from majiang.variants.registry import register, unregister
from majiang.variants.table_view import TableView

NAME = "test-call"


def settle(record: dict[str, Any]) -> Settlement:
    result = record["result"]
    if result["kind"] == "draw":
        return Settlement.from_items([])
    w = result["winner"]
    return Settlement.from_items([Payment(s, w, 1, "胡牌分") for s in range(4) if s != w])


class CallTable(Variant):
    table = TableRules(name=NAME, shapes="standard", turn_declarations=("call",))

    def turn_declarations(self, seat: int, state: TableView) -> Sequence[tuple[str, int]]:
        if "call" in state.declared[seat]:
            return ()
        return [("call", k) for k in range(27, 34) if state.hands[seat][k]]

    def opening_values(self, what: str) -> tuple[str, ...]:
        return KINDS[27:]

    def allowed_discards(self, seat: int, state: TableView) -> Collection[int] | None:
        if "call" not in state.declared[seat]:
            return None
        honors = [k for k in range(27, 34) if state.hands[seat][k]]
        return honors or None


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(NAME, settle, CallTable)
    yield
    unregister(NAME)


def calling_seat() -> tuple[Game, int, str]:
    for seed in range(50):
        g = Game(NAME, seed=seed)
        seat = g.state.turn
        calls = [a for a in g.legal_actions(seat) if isinstance(a, Declare)]
        if calls:
            return g, seat, calls[0].value
    raise AssertionError("no dealer holds an honor")


def test_a_turn_declaration_is_offered_with_its_discard_and_logged_before_it() -> None:
    g, seat, tile = calling_seat()
    held = [KINDS[k] for k in range(27, 34) if g.state.hands[seat][k]]
    assert [a.value for a in g.legal_actions(seat) if isinstance(a, Declare)] == held
    before = sum(g.state.hands[seat])
    g.step(seat, Declare("call", tile))
    at = next(i for i, e in enumerate(g.events) if e["event"] == "declare")
    assert g.events[at] == {"event": "declare", "seat": seat, "what": "call", "value": tile}
    assert g.events[at + 1] == {"event": "discard", "seat": seat, "tile": tile}
    assert sum(g.state.hands[seat]) == before - 1
    assert g.state.declared[seat] == {"call": tile}
    for other in range(4):  # public
        assert g.observation(other).to_dict()["declared"][seat] == {"call": tile}
        stream = seat_events(g.events, other)
        assert {"event": "declare", "seat": seat, "what": "call", "value": tile} in stream


def test_a_declaration_not_offered_is_illegal_and_changes_nothing() -> None:
    g, seat, _ = calling_seat()
    missing = next(KINDS[k] for k in range(34) if not g.state.hands[seat][k])
    before = json.dumps(g.snapshot())
    with pytest.raises(IllegalActionError):
        g.step(seat, Declare("call", missing))
    with pytest.raises(IllegalActionError):
        g.step(seat, Declare("other", KINDS[27]))
    assert json.dumps(g.snapshot()) == before


def test_the_restriction_hooks_are_asked_after_a_turn_declaration() -> None:
    g, seat, tile = calling_seat()
    g.step(seat, Declare("call", tile))
    while not g.over:
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        if s == seat and g.state.phase == "turn":
            assert not any(isinstance(a, Declare) for a in legal)  # once a hand
            if any(g.state.hands[seat][k] for k in range(27, 34)):
                assert all(a.tile in KINDS[27:] for a in legal if isinstance(a, Discard))
        g.step(s, EfficiencyBot().act(g.observation(s), legal))


def test_action_ids_cover_the_turn_declarations() -> None:
    space = action_space(NAME)
    assert space.declarations == tuple(("call", t) for t in KINDS[27:])
    g, seat, _ = calling_seat()
    assert int(legal_mask(g, seat).sum()) == len(g.legal_actions(seat))


def play_checked(g: Game, bots: Sequence[Bot], steps: int | None = None) -> None:
    n = 0
    while not g.over and (steps is None or n < steps):
        s = g.to_act()[0]
        legal = g.legal_actions(s)
        calls = [a for a in legal if isinstance(a, Declare)]
        g.step(s, calls[0] if calls and s % 2 else bots[s].act(g.observation(s), legal))
        n += 1


def test_replay_and_restore_reproduce_turn_declarations() -> None:
    for seed in range(6):
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        g = Game(NAME, seed=seed, hands=2)
        play_checked(g, bots, steps=25)
        restored = Game.restore(json.loads(json.dumps(g.snapshot())))
        again = [RandomBot(seed * 4 + s) for s in range(4)]
        for b, a in zip(bots, again, strict=True):
            a.rng.setstate(b.rng.getstate())
        play_checked(g, bots)
        play_checked(restored, again)
        assert restored.events == g.events
        assert any(e["event"] == "declare" for e in g.events)
        r = replay(json.dumps(e) for e in g.events)
        assert r.scores == tuple(g.scores)
        assert [h.record for h in r.hands] == g.records
