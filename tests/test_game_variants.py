"""A new variant plugs into the engine without touching it.

``FlowerTable`` is a test-only variant shaped like Nanjing (docs/rules/nanjing.md): 144 tiles
with the 8 flowers, dragons laid aside as hard flowers (补花 from the tail), no chow, no wild
tiles, and a flag carried from one hand's record to the next (like 比下胡). Its settlement is
a stand-in: the winner takes one point from every other seat.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

import majiang
from majiang.game import Chow, EfficiencyBot, Game, RandomBot, Variant, play, replay
from majiang.game.bots import Bot
from majiang.settlement import Payment, Settlement
from majiang.variants.protocol import TableRules, standard_tiles
from majiang.variants.registry import register, unregister

DRAGONS = (31, 32, 33)


def flower_settle(record: dict[str, Any]) -> Settlement:
    result = record["result"]
    if result["kind"] == "draw":
        return Settlement.from_items([])
    w = result["winner"]
    return Settlement.from_items(
        [Payment(s, w, 1, "胡牌分") for s in range(4) if s != w], {"winner": w}
    )


class FlowerTable(Variant):
    table = TableRules(
        name="test-flowers",
        shapes="nanjing",
        tiles=standard_tiles(flowers=8),
        laid_aside=frozenset(range(34, 42)) | frozenset(DRAGONS),
        chows="none",
    )

    def carry(self, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        return {"after_a_draw": bool(records) and records[-1]["result"]["kind"] == "draw"}


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(FlowerTable.table.name, flower_settle, FlowerTable)
    yield
    unregister(FlowerTable.table.name)


def mixed(seed: int) -> list[Bot]:
    return [EfficiencyBot(), RandomBot(seed), EfficiencyBot(), RandomBot(seed + 1)]


def test_flowers_are_laid_aside_and_replaced_from_the_tail() -> None:
    flowers_seen = 0
    for seed in range(30):
        bots = mixed(seed)
        game = Game("test-flowers", seed=seed, hands=2)
        while not game.over:
            assert game.tile_count() == 144
            for hand in game.state.hands:
                assert not any(hand[k] for k in DRAGONS)  # dragons are never held
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            assert not any(isinstance(a, Chow) for a in legal)  # no chow in this variant
            game.step(seat, bots[seat].act(game.observation(seat), legal))
        events = game.events
        for i, e in enumerate(events):
            if e["event"] == "flower":
                flowers_seen += 1
                before = events[i - 1]
                assert before["event"] in ("draw", "deal", "flower")
                assert events[i + 1]["event"] in ("draw", "flower", "draw-game", "deal")
        assert sum(game.scores) == 0
        assert all("flowers" in p for r in game.records for p in r["players"])
        laid = sum(len(p["flowers"]) // 2 for p in game.records[-1]["players"])
        assert laid == sum(map(len, game.state.flowers))
    assert flowers_seen > 100


def test_initial_flower_replacement_is_in_the_deal() -> None:
    game = Game("test-flowers", seed=3)
    deal = game.events[0]
    assert len(deal["flowers"]) == 4
    aside = sum(len(majiang.parse_tiles(f)) for f in deal["flowers"])
    assert aside == sum(map(len, game.state.flowers)) > 0
    assert game.tile_count() == 144


def test_carried_fields_reach_the_next_record() -> None:
    game = play(Game("test-flowers", seed=1, hands=6), mixed(1))
    assert game.records[0]["after_a_draw"] is False
    for before, after in zip(game.records, game.records[1:], strict=False):
        assert after["after_a_draw"] == (before["result"]["kind"] == "draw")


def test_logs_replay_and_snapshots_restore_with_flowers() -> None:
    for seed in range(5):
        game = play(Game("test-flowers", seed=seed, hands=3), mixed(seed))
        assert replay(game.events).scores == tuple(game.scores)
    game = Game("test-flowers", seed=8, hands=2)
    bots = mixed(8)
    for _ in range(60):
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.state == game.state and restored.tile_count() == 144
    assert restored.observation(1) == game.observation(1)


def test_flower_planes_show_who_laid_aside_what() -> None:
    from majiang.game import PLANES

    game = Game("test-flowers", seed=3)
    planes = game.observation(0).to_numpy()
    owner = planes[PLANES.index("flower_owner")]
    for seat, aside in enumerate(game.state.flowers):
        for t in aside:
            if t >= 34:
                assert owner[t - 34] == (seat - 0) % 4 + 1
            else:
                assert planes[PLANES.index("flowers_self") + seat, t] >= 1
