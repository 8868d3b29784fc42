"""Event logs: written as JSON Lines, replayed step by step, and every kind of tampering named."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import majiang
from majiang.game import (
    EfficiencyBot,
    Game,
    RandomBot,
    iter_replay,
    play,
    read_events,
    replay,
    write_events,
)


def match_log(seed: int = 3, hands: int = 4) -> Game:
    bots: list[Any] = [EfficiencyBot(), RandomBot(seed), EfficiencyBot(), RandomBot(seed + 1)]
    return play(Game(seed=seed, hands=hands), bots)


def test_log_file_round_trip_replays_to_the_same_scores(tmp_path: Path) -> None:
    game = match_log()
    path = tmp_path / "match.jsonl"
    write_events(path, game.events)
    assert list(read_events(path)) == game.events
    result = replay(path)
    assert result.scores == tuple(game.scores)
    assert [h.record for h in result.hands] == game.records
    assert [h.settlement.deltas for h in result.hands] == [s.deltas for s in game.settlements]
    assert [h.index for h in result.hands] == list(range(4))


def test_every_event_kind_is_logged_and_replayed() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        game = play(Game(seed=seed, hands=3), [RandomBot(seed * 4 + s) for s in range(4)])
        kinds |= {e["event"] for e in game.events}
        assert replay(game.events).scores == tuple(game.scores)
    assert kinds >= {"deal", "draw", "discard", "chow", "pong", "kong", "win", "draw-game"}
    assert "settlement" in kinds


def test_a_single_hand_replays_on_its_own() -> None:
    game = match_log()
    steps = list(iter_replay(game.events, hand=2))
    assert {s.hand for s in steps} == {2}
    assert steps[0].event["event"] == "deal" and steps[0].event["hand"] == 2
    assert steps[-1].event == [e for e in game.events if e["event"] == "settlement"][2]
    with pytest.raises(majiang.ReplayError, match="the log has no hand 9"):
        list(iter_replay(game.events, hand=9))


def test_replay_steps_show_the_state_after_each_event() -> None:
    game = match_log(hands=1)
    for step in iter_replay(game.events):
        assert step.game.tile_count() == 136
        if step.event["event"] == "discard":
            pond = step.game.state.ponds[step.event["seat"]]
            assert majiang.tiles.KINDS[pond[-1]] == step.event["tile"]


def tampered(events: list[dict[str, Any]], index: int, **changes: Any) -> list[dict[str, Any]]:
    out = copy.deepcopy(events)
    out[index].update(changes)
    return out


def first(events: list[dict[str, Any]], kind: str) -> int:
    return next(i for i, e in enumerate(events) if e["event"] == kind)


def test_tampering_is_named_by_line() -> None:
    events = match_log().events
    d = first(events, "discard")
    held = majiang.tiles.to_counts(events[0]["hands"][events[d]["seat"]] + events[0]["drawn"])
    unheld = majiang.tiles.KINDS[held.index(0)]
    cases = [
        (tampered(events, d, tile=unheld), rf"^line {d + 1}: discard is not legal here"),
        (tampered(events, d, tile="9z"), rf"^line {d + 1}: discard event: tile: expected a tile"),
        (tampered(events, d, why="x"), rf"^line {d + 1}: discard event: unknown field 'why'"),
        (tampered(events, d, seat=(events[d]["seat"] + 1) % 4), rf"^line {d + 1}: seat \d is"),
        (tampered(events, 0, indicator="1m"), r"^line \d+: "),  # other jing: play diverges
        (tampered(events, 0, hands=["1m"] * 4), r"^line 1: the deal does not make a hand"),
        (tampered(events, first(events, "settlement"), deltas=[1, 2, 3, -6]),
         r"settlement event differs \(deltas: logged \[1, 2, 3, -6\]"),
    ]  # fmt: skip
    draw = first(events, "draw")
    cases.append((tampered(events, draw, tile="1m" if events[draw]["tile"] != "1m" else "2m"),
                  rf"^line {draw + 1}: draw event differs \(tile"))  # fmt: skip
    for log, message in cases:
        with pytest.raises(majiang.ReplayError, match=message):
            replay(log)


def test_match_continuity_is_checked() -> None:
    events = match_log().events
    second = [i for i, e in enumerate(events) if e["event"] == "deal"][1]
    bad_scores = tampered(events, second, scores=[5, -5, 0, 0])
    with pytest.raises(majiang.ReplayError, match=rf"^line {second + 1}: "):
        replay(bad_scores)
    dealer = events[second]["dealer"]
    bad_dealer = tampered(events, second, dealer=(dealer + 2) % 4)
    with pytest.raises(majiang.ReplayError, match=rf"^line {second + 1}: "):
        replay(bad_dealer)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (['{"event": "draw", "seat": 0}'], r"^line 1: expected a deal event, got 'draw'"),
        (["not json"], r"^line 1: not JSON"),
        (["", "[1, 2]"], r"^line 2: expected an event object"),
        (['{"seat": 1}'], r"^line 1: expected an event object"),
    ],
)
def test_unreadable_logs(lines: list[str], message: str) -> None:
    with pytest.raises(majiang.ReplayError, match=message):
        replay(lines)


def test_truncated_and_overlong_hands() -> None:
    events = match_log(hands=1).events
    with pytest.raises(majiang.ReplayError, match="has no settlement"):
        replay(events[:-1])
    with pytest.raises(majiang.ReplayError, match="a deal before the settlement"):
        replay(events[:5] + events)
    extra = [*events[:-1], {"event": "discard", "seat": 0, "tile": "1m"}, events[-1]]
    with pytest.raises(majiang.ReplayError, match="the log has a discard event, the rules give"):
        replay(extra)


def test_missing_file_is_a_replay_error(tmp_path: Path) -> None:
    with pytest.raises(majiang.ReplayError, match="cannot read"):
        replay(tmp_path / "nope.jsonl")


def test_json_lines_survive_non_ascii() -> None:
    game = match_log(hands=2)
    lines = [json.dumps(e, ensure_ascii=False) for e in game.events]
    assert replay(lines).scores == tuple(game.scores)


@pytest.mark.parametrize("variant", ["pingxiang", "nanjing"])
def test_logs_written_before_the_protocol_still_replay(variant: str) -> None:
    """Until the variant protocol, variants without wild tiles still flipped and logged an
    indicator; their logs (kept in tests/data) replay, and the replayed game logs none."""
    path = Path(__file__).parent / "data" / f"logged-before-protocol-{variant}.jsonl"
    logged = [json.loads(line) for line in path.read_text().splitlines()]
    assert all("indicator" in e for e in logged if e["event"] == "deal")
    result = replay(path)
    assert len(result.hands) == sum(e["event"] == "deal" for e in logged) > 1
    last = [e for e in logged if e["event"] == "settlement"][-1]
    assert list(result.scores) == last["scores"]
    fresh = Game(variant, seed=3)
    assert "indicator" not in fresh.events[0] and fresh.observation(0).indicator is None
