"""A 托管 timeout inside a claim window tells nobody but the seat who was asked (issue 25,
item 1): for every variant, a room of four people is driven to a claim window where exactly
one seat is asked and its deadline passes; the other seats' frames, from the window's
opening to its resolution, are exactly those they get when the asked seat answers the same
thing in time, and their ``room`` frames show its 托管 only after the hand."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.game import EfficiencyBot
from majiang.server.room import Room
from majiang.server.store import Store
from majiang.variants import get_variant, names

LIMIT = 10.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Sink:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)


def people_room(variant: str, seed: int, window: float | None) -> tuple[Room, list[Sink], Clock]:
    seats = get_variant(variant).table.seats  # a person in every seat of the table
    config: dict[str, Any] = {
        "variant": variant,
        "options": {},
        "hands": 1,
        "seats": ["person"] * seats,
        "time_limit": LIMIT,
    }
    if window is not None:  # None: a room stored before claim windows were kept open
        config["claim_window"] = window
    room = Room.create(config, Store(":memory:"), seed=seed)
    clock = Clock()
    room.clock = clock
    sinks = [Sink() for _ in range(seats)]
    for s in range(seats):
        room.join(sinks[s], s)
    for s in range(seats):
        room.ready(s)
    return room, sinks, clock


Moves = list[tuple[int, dict[str, Any]]]


def to_window(room: Room) -> tuple[int, Moves] | None:
    """Plays EfficiencyBot's moves to the first claim window with exactly one seat asked;
    returns that seat and the moves (None: the hand ended without one)."""
    bot, g = EfficiencyBot(), room.game
    played: Moves = []
    while not g.over:
        acting = g.to_act()
        if g.state.phase == "claim" and len(acting) == 1:
            return acting[0], played
        seat = acting[0]
        action = bot.act(g.observation(seat), g.legal_actions(seat)).to_dict()
        room.act(seat, action, len(g.events))
        played.append((seat, action))
    return None


def window_frames(sinks: list[Sink], start: list[int], seat: int) -> list[list[dict[str, Any]]]:
    """Each other seat's frames from ``start`` to the first with new events (inclusive)."""
    out: list[list[dict[str, Any]]] = []
    for s, sink in enumerate(sinks):
        if s == seat:
            out.append([])
            continue
        frames = sink.frames[start[s] :]
        end = next(
            (i for i, f in enumerate(frames) if f["type"] == "events" and f["events"]),
            len(frames) - 1,
        )
        out.append(frames[: end + 1])
    return out


@pytest.mark.parametrize("window", [1.0, None])
@pytest.mark.parametrize("variant", sorted(names()))
def test_a_timeout_in_a_claim_window_tells_the_others_nothing(
    variant: str, window: float | None
) -> None:
    for seed in range(40):
        room, sinks, clock = people_room(variant, seed, window)
        found = to_window(room)
        if found is not None:
            break
    else:
        raise AssertionError(f"no claim window with one seat asked in {variant}")
    asked, moves = found
    g = room.game
    answer = EfficiencyBot().act(g.observation(asked), g.legal_actions(asked)).to_dict()
    opened = list(g.events)
    start = [len(s.frames) for s in sinks]
    clock.now += LIMIT + 1
    room._timeout()  # the deadline passes: 托管 answers for the seat
    actors = [who for _, _, who in room.store.actions(room.id) if who != "room"]
    assert room.seats[asked].auto and actors[-1] == "auto"  # "room": a window's closing
    timed_out = window_frames(sinks, start, asked)
    assert {"type": "auto", "on": True, "reason": "time"} in sinks[asked].frames[start[asked] :]

    # the same window, the seat answering the same in time
    twin, twin_sinks, twin_clock = people_room(variant, seed, window)
    for seat, action in moves:
        twin.act(seat, action, len(twin.game.events))
    assert twin.game.events == opened and twin.game.to_act() == [asked]
    twin_start = [len(s.frames) for s in twin_sinks]
    twin_clock.now += LIMIT / 2
    twin.act(asked, answer, len(twin.game.events))
    in_time = window_frames(twin_sinks, twin_start, asked)
    assert timed_out == in_time
    assert any(timed_out), "the window's resolution reached the others"

    # the 托管 is the seat's own until the hand ends, then shown to all
    others = [s for s in range(room.game.seats) if s != asked]
    for s in others:
        assert room.state(s)["room"]["seats"][asked]["auto"] is False
    assert room.state(asked)["room"]["seats"][asked]["auto"] is True
    bot = EfficiencyBot()
    while not room.game.records:
        acting = [s for s in room.game.to_act() if not room.seats[s].auto]
        s = acting[0]
        act = bot.act(room.game.observation(s), room.game.legal_actions(s))
        room.act(s, act.to_dict(), len(room.game.events))
    rooms = [f for f in sinks[others[0]].frames if f["type"] == "room"]
    assert rooms[-1]["seats"][asked]["auto"] is True
