"""A room keeps every claim window open for its ``claim_window`` (docs/server.md, "Claim
windows"): a seat not asked cannot tell from the frames, nor from their pace while the seats
asked answer in time, whether anybody may claim a discard.

A room stored before windows were kept open (no ``claim_window`` in its config) still plays
and restores as it did; its frames are the leak these tests show the new rooms close."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_leaks import opens_window

from majiang.game import EfficiencyBot
from majiang.server.room import CLOSE_WINDOW, Room
from majiang.server.store import Store


class Sink:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)


def people_room(seed: int, window: float | None, store: Store | None = None) -> Room:
    config: dict[str, Any] = {
        "variant": "nanchang",
        "options": {},
        "hands": 1,
        "seats": ["person"] * 4,
        "time_limit": 0.0,
    }
    if window is not None:
        config["claim_window"] = window
    return Room.create(config, store or Store(":memory:"), seed=seed)


def play_people(room: Room, until: int | None = None) -> list[Sink]:
    """Four people joined and played by EfficiencyBot through ``room.act`` (to the end, or
    until ``until`` actions were stored)."""
    sinks = [Sink() for _ in range(4)]
    for s in range(4):
        room.join(sinks[s], s)
    for s in range(4):
        room.ready(s)
    bot, g = EfficiencyBot(), room.game
    while not g.over and (until is None or room.actions < until):
        seat = g.to_act()[0]
        room.act(seat, bot.act(g.observation(seat), g.legal_actions(seat)).to_dict())
    return sinks


def window_frames(sinks: list[Sink]) -> list[tuple[int, dict[str, Any]]]:
    """(seat, frame) for every events frame that tells a discard or an added kong."""
    return [
        (s, f)
        for s, sink in enumerate(sinks)
        for f in sink.frames
        if f["type"] == "events" and any(opens_window(e) for e in f["events"])
    ]


@pytest.mark.parametrize("seed", range(4))
def test_a_discard_nobody_may_claim_ends_its_frame_like_one_somebody_may(seed: int) -> None:
    frames = window_frames(play_people(people_room(seed, 1.0)))
    assert len(frames) > 12  # four seats, several discards each
    for seat, f in frames:
        assert opens_window(f["events"][-1]), (seat, f["events"])
        if f["view"] is not None and not f["legal"]:  # not asked: told only that it is not
            assert f["view"]["phase"] in ("claim", "rob") and f["to_act"] == []


def test_a_room_stored_before_windows_were_kept_open_shows_the_leak() -> None:
    # the old flow draws the next tile in the discard's own frame when nobody may claim:
    # exactly what the check above would catch
    frames = window_frames(play_people(people_room(0, None)))
    assert any(not opens_window(f["events"][-1]) for _, f in frames)


def test_the_log_is_the_old_flows_and_closings_are_stored_as_the_rooms_actions() -> None:
    new, old = people_room(3, 0.5), people_room(3, None)
    play_people(new), play_people(old)
    assert new.game.events == old.game.events
    rows = new.store.actions(new.id)
    closings = [(seat, a, who) for seat, a, who in rows if a == CLOSE_WINDOW]
    assert closings and all(seat == -1 and who == "room" for seat, _, who in closings)
    assert len(rows) == len(old.store.actions(old.id)) + len(closings)


def window_stops(seed: int) -> list[int]:
    """The numbers of stored actions after which a window is open with somebody asked."""
    room, stops = people_room(seed, 1.0), []
    play_people(room, until=0)  # joined and ready
    bot, g = EfficiencyBot(), room.game
    while not g.over:
        seat = g.to_act()[0]
        room.act(seat, bot.act(g.observation(seat), g.legal_actions(seat)).to_dict())
        if g.state.phase in ("claim", "rob") and g.to_act():
            stops.append(room.actions)
    return stops


@pytest.mark.parametrize("at", [0, 1, -1])
def test_a_restart_inside_a_window_restores_it_and_plays_on_identically(at: int) -> None:
    stop = window_stops(5)[at]
    store = Store(":memory:")
    room = people_room(5, 1.0, store)
    play_people(room, until=stop)
    assert room.game.state.phase in ("claim", "rob") and room.game.to_act()
    again = Room.load(store.rooms()[0], store)
    assert again.game.events == room.game.events and again.game.state == room.game.state
    assert again.game.to_act() == room.game.to_act() and again._window_since is not None
    reference = people_room(5, 1.0)
    play_people(reference)
    bot, g = EfficiencyBot(), again.game
    while not g.over:
        seat = g.to_act()[0]
        again.act(seat, bot.act(g.observation(seat), g.legal_actions(seat)).to_dict())
    assert g.events == reference.game.events


def timed_windows(seats: list[str], window: float, count: int) -> list[float]:
    """How long each of the first ``count`` windows lasted (room clock), the room driven by
    its event loop: bots, and 托管 for the person seats."""

    async def run() -> list[float]:
        config = {
            "variant": "nanchang",
            "options": {},
            "hands": 1,
            "seats": seats,
            "time_limit": 0.0,
            "claim_window": window,
        }
        room = Room.create(config, Store(":memory:"), seed=2)
        lasted: list[float] = []
        close = room._close_window

        def timed_close() -> None:
            assert room._window_since is not None
            lasted.append(room.clock() - room._window_since)
            close()

        room._close_window = timed_close  # type: ignore[method-assign]
        for s, kind in enumerate(seats):
            if kind == "person":
                room.join(Sink(), s)
                room.set_auto(s, True)
                room.ready(s)
        room.kick()
        while len(lasted) < count and not room.game.over:
            await asyncio.sleep(0.01)
        room.close()
        return lasted

    return asyncio.run(run())


def test_a_window_lasts_its_length_even_when_nobody_is_asked() -> None:
    lasted = timed_windows(["person", "bot", "bot", "bot"], 0.05, 6)
    assert len(lasted) >= 6 and min(lasted) >= 0.05  # nobody asked in most of them


def test_a_table_of_bots_alone_does_not_wait() -> None:
    # nobody sits there to be told anything: a 30 s window closes as soon as it is answered
    lasted = timed_windows(["bot"] * 4, 30.0, 6)
    assert len(lasted) >= 6 and max(lasted) < 30.0
