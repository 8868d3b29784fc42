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
from majiang.cli.table_view import event_line
from majiang.game import (
    Chow,
    Declare,
    EfficiencyBot,
    Game,
    RandomBot,
    Variant,
    Win,
    play,
    replay,
)
from majiang.game.bots import Bot
from majiang.game.events import Exchange
from majiang.game.events import Kong as KongEvent
from majiang.game.events import Win as WinEvent
from majiang.settlement import Payment, Settlement
from majiang.tiles import KINDS
from majiang.variants.protocol import FinishedHand, TableRules, standard_tiles
from majiang.variants.registry import register, unregister
from majiang.variants.table_view import TableView

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


# A test-only variant with a private opening that moves tiles, shaped like Sichuan's 换三张:
# every seat must pass one tile (a kind it holds) to the next seat; the others see that it
# passed, not what.
class PassOne(Variant):
    table = TableRules(
        name="test-pass-one",
        shapes="standard",
        openings=("pass",),
        private_openings=frozenset({"pass"}),
    )

    def opening_options(self, what: str, seat: int, state: Any) -> list[Any]:
        hand = state.hands[seat]
        return [Declare("pass", KINDS[k]) for k in range(34) if hand[k]]

    def after_declarations(
        self, what: str, made: Mapping[int, str], state: TableView
    ) -> Exchange | None:
        return Exchange(tuple((s, (s + 1) % 4, (KINDS.index(v),)) for s, v in made.items()))


@pytest.fixture
def pass_one() -> Iterator[None]:
    register(PassOne.table.name, flower_settle, PassOne)
    yield
    unregister(PassOne.table.name)


def test_a_private_opening_moves_tiles_and_shows_only_its_own_value(pass_one: None) -> None:
    game = Game("test-pass-one", seed=4, dealer=0)
    assert game.state.phase == "declare" and game.to_act() == [0, 1, 2, 3]
    before = [list(h) for h in game.state.hands]
    for seat in range(4):
        legal = game.legal_actions(seat)
        assert all(isinstance(a, Declare) for a in legal)
        assert {a.value for a in legal if isinstance(a, Declare)} == {
            KINDS[k] for k in range(34) if before[seat][k]
        }
    chosen = [KINDS[next(k for k in range(34) if before[s][k])] for s in range(4)]
    for seat in range(4):
        game.step(seat, Declare("pass", chosen[seat]))
    assert game.state.phase == "turn" and game.tile_count() == 136
    for seat in range(4):
        expected = list(before[seat])
        expected[KINDS.index(chosen[seat])] -= 1
        expected[KINDS.index(chosen[(seat + 3) % 4])] += 1
        assert game.state.hands[seat] == expected
        seen = game.observation(seat).declared
        assert seen[seat] == (("pass", chosen[seat]),)
        assert all(seen[o] == (("pass", ""),) for o in range(4) if o != seat)
        shown = game.observation(seat).to_dict()["declared"]
        assert shown == [{"pass": chosen[o] if o == seat else ""} for o in range(4)]


def test_the_log_view_of_a_seat_hides_the_others_private_declarations(pass_one: None) -> None:
    game = Game("test-pass-one", seed=2, dealer=1)
    for seat in game.to_act():
        game.step(seat, game.legal_actions(seat)[0])
    private = game.table.private_openings
    for event in (e for e in game.events if e["event"] == "declare"):
        for viewer in range(4):
            line = str(event_line(event, viewer, private_openings=private))
            if viewer == event["seat"]:
                assert line.endswith(f"declares pass {event['value']}")
            else:
                assert line.endswith("declares pass"), line


def test_private_openings_replay_and_restore(pass_one: None) -> None:
    for seed in range(6):
        bots = mixed(seed)
        game = Game("test-pass-one", seed=seed, hands=2)
        steps = 0
        while not game.over:
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
            steps += 1
            if steps == 7:
                restored = Game.restore(json.loads(json.dumps(game.snapshot())))
                assert restored.state == game.state
            assert game.tile_count() == 136
        assert replay(game.events).scores == tuple(game.scores)


# ------------------------------------------------------------------ the hand goes on (血战-like)
class TwoWinners(Variant):
    """Test-only: the hand goes on after the first win and ends at the second (or the wall);
    every kong pays 1 from each other seat in play at once; a win offered while fewer than 10
    tiles are left must be taken; passing the next seat's tile to it is seen by the receiver;
    the dice choose each hand's dealer. Its settlement: 1 from each other seat per winner,
    plus the kong money again (the engine adds only what was not paid during the hand)."""

    table = TableRules(name="test-two-winners", shapes="standard", chows="none", wins_to_end=2,
                       multiple_winners=True, openings=("pass",),
                       private_openings=frozenset({"pass"}))  # fmt: skip

    def opening_options(self, what: str, seat: int, state: Any) -> list[Any]:
        return PassOne.opening_options(self, what, seat, state)  # type: ignore[arg-type]

    def after_declarations(
        self, what: str, made: Mapping[int, str], state: TableView
    ) -> Exchange | None:
        return PassOne.after_declarations(self, what, made, state)  # type: ignore[arg-type]

    def opening_viewers(self, what: str, seat: int, state: Any) -> tuple[int, ...]:
        return ((seat + 1) % 4,)

    def must_win(self, query: Any, state: Any) -> bool:
        return bool(state.wall.remaining < 10)

    def payment(
        self, event: KongEvent | WinEvent, state: TableView
    ) -> tuple[str, list[int]] | None:
        if not isinstance(event, KongEvent):
            return None
        return "kong", _kong_deltas(event.seat, _out_of(state.wins))

    def record(self, hand: Any) -> dict[str, Any]:
        paid = [e["deltas"] for e in hand.events if e["event"] == "payment"]
        return {"variant": self.name, "wins": list(hand.wins), "kongs": paid}

    def next_dealer(self, dealer: int, streak: int, record: Mapping[str, Any],
                    events: Sequence[Mapping[str, Any]]) -> tuple[int, int]:  # fmt: skip
        return -1, 1


def _out_of(wins: Sequence[Mapping[str, Any]]) -> set[int]:
    return {s for w in wins for s in (w["winner"] if isinstance(w["winner"], list)
            else [w["winner"]])}  # fmt: skip


def _kong_deltas(seat: int, out: set[int]) -> list[int]:
    deltas = [0, 0, 0, 0]
    for s in range(4):
        if s != seat and s not in out:
            deltas[s] -= 1
            deltas[seat] += 1
    return deltas


def two_winners_settle(record: dict[str, Any]) -> Settlement:
    items = []
    for w in record["wins"]:
        for s in w["winner"] if isinstance(w["winner"], list) else [w["winner"]]:
            items += [Payment(o, s, 1, "胡牌分") for o in range(4) if o != s]
    for deltas in record["kongs"]:
        seat = max(range(4), key=lambda s: deltas[s])
        items += [Payment(s, seat, -deltas[s], "kong") for s in range(4) if deltas[s] < 0]
    return Settlement.from_items(items, {"wins": record["wins"]})


@pytest.fixture
def two_winners() -> Iterator[None]:
    register(TwoWinners.table.name, two_winners_settle, TwoWinners)
    yield
    unregister(TwoWinners.table.name)


def test_winners_leave_play_and_the_hand_goes_on(two_winners: None) -> None:
    went_on = forced = paid = 0
    for seed in range(40):
        bots = mixed(seed)
        game = Game("test-two-winners", seed=seed, hands=2)
        while not game.over:
            assert game.tile_count() == 136
            out = _out_of(game.state.wins)
            assert not out & set(game.to_act()), "a seat that has won never acts again"
            for s in out:
                assert game.observation((s + 1) % 4).shown[s] == tuple(game.state.hands[s])
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if Win() in legal and game.state.wall.remaining < 10:
                assert legal == [Win()]  # must win: no pass, nothing else
                forced += 1
            game.step(seat, bots[seat].act(game.observation(seat), legal))
        went_on += sum(1 for r in game.records if len(r["wins"]) > 1)
        paid += sum(1 for e in game.events if e["event"] == "payment")
        assert sum(game.scores) == 0
        assert replay(game.events).scores == tuple(game.scores)
    assert went_on > 0 and forced > 0 and paid > 0


def test_payments_made_during_the_hand_are_in_the_scores_once(two_winners: None) -> None:
    for seed in range(30):
        game = Game("test-two-winners", seed=seed)
        play(game, mixed(seed))
        if any(e["event"] == "payment" for e in game.events):
            assert tuple(game.scores) == game.settlements[0].deltas
            return
    raise AssertionError("no kong was paid in 30 hands")


def test_the_receiver_of_a_private_opening_sees_its_value(two_winners: None) -> None:
    game = Game("test-two-winners", seed=3, dealer=0)
    chosen: dict[int, Declare] = {}
    for seat in range(4):
        first = game.legal_actions(seat)[0]
        assert isinstance(first, Declare)
        chosen[seat] = first
        game.step(seat, first)
    for viewer in range(4):
        seen = dict(enumerate(game.observation(viewer).declared))
        for giver in range(4):
            value = dict(seen[giver])["pass"]
            visible = viewer in (giver, (giver + 1) % 4)
            assert value == (chosen[giver].value if visible else ""), (viewer, giver)


def test_restore_mid_hand_after_a_win(two_winners: None) -> None:
    for seed in range(40):
        bots = mixed(seed)
        game = Game("test-two-winners", seed=seed, hands=2)
        while not game.over and not game.state.wins:
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        if game.over or game.state.phase == "over":
            continue
        restored = Game.restore(json.loads(json.dumps(game.snapshot())))
        assert restored.state == game.state and restored.to_act() == game.to_act()
        assert restored.observation(0) == game.observation(0)
        return
    raise AssertionError("no hand went on after a win")


# A test-only variant with horses (抓马, seed 001's Guangdong part): after a win the engine
# turns up the next wall tiles; a horse whose rank is 1, 5 or 9 is the winner's (the seed's
# ) and doubles one seat's payment. ``many`` turns up more than any wall holds.
class HorseTable(Variant):
    table = TableRules(name="test-horses", shapes="standard")
    count = 2

    def horses(self, result: Mapping[str, Any], state: Any) -> int:
        return self.count

    def record(self, hand: FinishedHand) -> dict[str, Any]:
        return hand.generic_record(self.name) | {"horses": list(hand.horses)}


class ManyHorses(HorseTable):
    table = TableRules(name="test-many-horses", shapes="standard")
    count = 500


def horse_settle(record: dict[str, Any]) -> Settlement:
    result = record["result"]
    if result["kind"] == "draw":
        return Settlement.from_items([])
    w = result["winner"]
    hits = sum(h[1] != "z" and int(h[0]) in (1, 5, 9) for h in record["horses"])
    return Settlement.from_items(
        [Payment(s, w, 1 + hits, "胡牌分") for s in range(4) if s != w], {"hits": hits}
    )


@pytest.fixture
def horse_tables() -> Iterator[None]:
    register(HorseTable.table.name, horse_settle, HorseTable)
    register(ManyHorses.table.name, horse_settle, ManyHorses)
    yield
    unregister(HorseTable.table.name)
    unregister(ManyHorses.table.name)


def horse_names(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def test_horses_are_the_next_wall_tiles_turned_up_after_a_win(horse_tables: None) -> None:
    wins = draws = 0
    for seed in range(40):
        # Four random bots seldom win: their hands are the draws.
        bots = mixed(seed) if seed % 2 else [RandomBot(seed * 4 + s) for s in range(4)]
        game = play(Game("test-horses", seed=seed), bots)
        record, events = game.records[0], game.events
        kinds = [e["event"] for e in events]
        if record["result"]["kind"] == "draw":
            draws += 1
            assert "horses" not in kinds and record["horses"] == []
            continue
        wins += 1
        at = kinds.index("horses")
        assert kinds[at - 1] == "win" and kinds[at + 1] == "settlement"
        shown = events[at]
        assert shown["seat"] == record["result"]["winner"]
        live = [majiang.tiles.TILE_NAMES[t] for t in game.state.wall.live()]
        assert horse_names(shown["tiles"]) == record["horses"] == live[:2]
        hits = sum(h[1] != "z" and int(h[0]) in (1, 5, 9) for h in record["horses"])
        assert game.scores[shown["seat"]] == 3 * (1 + hits)
    assert wins > 10 and draws > 0


def test_a_short_wall_turns_up_what_it_holds(horse_tables: None) -> None:
    game = play(Game("test-many-horses", seed=5), mixed(5))
    assert game.records[0]["result"]["kind"] == "win"
    left = game.state.wall.remaining
    assert 0 < left < 500 and len(game.records[0]["horses"]) == left
    assert game.tile_count() == 136  # turned up, not taken


def test_horses_replay_restore_and_show_in_every_seats_log(horse_tables: None) -> None:
    for seed in range(8):
        game = play(Game("test-horses", seed=seed, hands=3), mixed(seed))
        again = replay(game.events)
        assert again.scores == tuple(game.scores)
        assert [h.record["horses"] for h in again.hands] == [r["horses"] for r in game.records]
        restored = Game.restore(json.loads(json.dumps(game.snapshot())))
        assert restored.records == game.records
    shown = next(e for e in game.events if e["event"] == "horses")
    for viewer in (None, 0, 1, 2, 3):
        line = str(event_line(shown, viewer))
        assert "horses" in line and all(h in line for h in horse_names(shown["tiles"]))


def test_a_log_with_other_horses_does_not_replay(horse_tables: None) -> None:
    game = play(Game("test-horses", seed=1), mixed(1))
    events = [dict(e) for e in game.events]
    at = next(i for i, e in enumerate(events) if e["event"] == "horses")
    events[at]["tiles"] = "7z7z" if events[at]["tiles"] != "7z7z" else "1m1m"
    with pytest.raises(majiang.ReplayError, match=f"line {at + 1}: horses event differs"):
        replay(events)
