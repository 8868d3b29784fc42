"""Hands played through the table server's rooms with every frame to every seat checked
against the referee's true state at the moment it is sent (used by tests/test_server_leaks.py
and, for thousands of hands, benches/server_leak_sweep.py).

What a frame to seat ``s`` may hold, from the true state:
- its ``view`` is exactly the observation computed independently from ``game.state``
  (tests/test_hidden_information.py's ``expected_view``), and the prompt (view, legal
  actions, who acts) built from a twin game whose hidden tiles (the other seats' concealed
  tiles and kongs, the live wall) are dealt anew is the same prompt;
- its events are the logged events one for one: a deal with only ``s``'s hand (the dealer's
  14th tile only to the dealer), no wall and no lower indicator; another seat's draw and
  hidden concealed kong without their tile; a private declaration without its value; every
  other field as logged;
- its legal actions are the engine's for ``s`` (none when ``s`` is not to act);
- no frame of seat ``s`` goes to another seat's client, and a settlement only after the hand;
- in a room that keeps claim windows open (``claim_window``), a frame that tells a discard or
  an added kong ends with it, whether or not anyone may claim: what follows comes only when
  the room closes the window, so a seat not asked cannot tell that nobody was.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from test_hidden_information import expected_dict, expected_view, reshuffled

import majiang
from majiang.game import EfficiencyBot, RandomBot
from majiang.game.bots import Bot
from majiang.server.room import Room
from majiang.server.store import Store
from majiang.tiles import TILE_NAMES
from majiang.variants import get_variant

HIDDEN_DEAL = ("hands", "drawn", "wall", "lower_indicator", "indicator")
PUBLIC = {"flower", "discard", "chow", "pong", "kong", "win", "horses", "draw-game", "settlement"}
PUBLIC |= {"declare", "payment"}  # a public opening (报听), a payment made in the hand
PUBLIC |= {"reveal"}  # what every seat shows after the deal (下翻: the lower indicator, 下精)
parse_tiles = majiang.parse_tiles


def check_event(view: dict[str, Any], true: dict[str, Any], seat: int, room: Room) -> None:
    table = room.table
    kind = true["event"]
    assert view["event"] == kind
    if kind == "deal":
        assert "wall" not in view and "lower_indicator" not in view, "the wall is hidden"
        assert view["wall_size"] == len(true["wall"])
        assert view["hands"] == [h if s == seat else None for s, h in enumerate(true["hands"])]
        assert view["hand_sizes"] == [len(parse_tiles(h)) for h in true["hands"]]
        assert view.get("drawn") == (true["drawn"] if true["dealer"] == seat else None)
        assert table.flips_wild or "indicator" not in view
        rest = {k: v for k, v in view.items() if k not in (*HIDDEN_DEAL, "wall_size", "hand_sizes")}
        assert rest == {k: v for k, v in true.items() if k not in HIDDEN_DEAL}
        if table.flips_wild:
            assert view["indicator"] == true["indicator"]
        return
    other = true.get("seat") != seat
    expected = dict(true)
    if kind == "draw" and other:
        del expected["tile"]
    elif kind == "kong" and true["kind"] == "concealed" and other:
        if not table.concealed_kongs_shown:
            del expected["tile"]
    elif kind == "declare" and other and true["what"] in table.private_openings:
        if seat not in (true.get("seen_by") or []):  # 换三张: the receiver learns the tiles
            expected["value"] = ""
    elif kind == "reveal":  # exactly the 下精 each seat was dealt, and the lower indicator
        assert room.game.variant.name == "nanchang", "only Nanchang (下翻) reveals"
        events = room.game.events
        deal = events[next(i for i, e in enumerate(events) if e is true) - 1]  # the full log's
        assert deal["event"] == "deal" and true["lower_indicator"] == deal["lower_indicator"]
        kinds = majiang.jing_pair(deal["lower_indicator"])
        order = TILE_NAMES.index
        assert [sorted(parse_tiles(t), key=order) for t in true["tiles"]] == [
            sorted((t for t in parse_tiles(h) if t in kinds), key=order) for h in deal["hands"]
        ]
    elif kind not in PUBLIC and other:  # a variant's own event: only its type and seat
        expected = {k: v for k, v in true.items() if k in ("event", "seat")}
    assert view == expected, (seat, true, view)


class CheckingClient:
    """A client bound to one seat that checks each frame when the room sends it."""

    def __init__(self, room: Room, seat: int, rng: random.Random) -> None:
        self.room, self.seat, self.rng = room, seat, rng
        self.frames = 0
        self.last_seq = 0
        self.ends: list[int] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames += 1
        room, seat, g = self.room, self.seat, self.room.game
        kind = frame["type"]
        if kind in ("events", "state"):
            first = frame["from"] if kind == "state" else frame["seq"]
            if kind == "events":
                assert first == self.last_seq, "events arrive in order, none lost or doubled"
            self.last_seq = first + len(frame["events"])
            if kind == "events":
                assert self.last_seq == len(g.events)
            for i, view in enumerate(frame["events"]):
                check_event(view, g.events[first + i], seat, room)
            if g.open_windows and kind == "events":
                for view in frame["events"][:-1]:
                    assert not opens_window(view), ("a window's opening ends its frame", view)
            assert frame["view"] == expected_dict(expected_view(g, seat))
            acting = room.status == "playing" and seat in g.to_act()
            legal = g.legal_actions(seat) if acting else []
            assert frame["legal"] == [a.to_dict() for a in legal]
            if room.status != "playing":
                expected: list[int] = []
            elif g.state.phase == "turn" or g.over:
                expected = g.to_act()
            else:  # claimants (and openings) hidden: only whether this seat is asked
                expected = [seat] if acting else []
            assert frame["to_act"] == expected
            if kind == "events" and not frame["events"]:
                assert room.last_actor == seat, "an answer is told only to its seat"
            if not g.over and self.rng.random() < 0.3:  # the hidden tiles dealt anew
                twin = copy.copy(room)
                twin.game = reshuffled(g, seat, self.rng)
                assert twin._prompt(seat) == room._prompt(seat)
        elif kind == "hand_end":
            assert frame["hand"] < len(g.records), "a settlement only after its hand"
            assert g.events[frame["seq"]]["event"] == "settlement"
            self.ends.append(frame["hand"])
        elif kind == "joined":
            assert frame["seat"] == seat
        else:
            assert kind in ("room", "auto"), kind


def opens_window(event: dict[str, Any]) -> bool:
    """A discard or an added kong: what opens a claim (or rob) window."""
    kind = event["event"]
    return kind == "discard" or (kind == "kong" and event.get("kind") == "added")


def bots_for(match: int, seat: int) -> Bot:
    return EfficiencyBot() if (match >> seat) & 1 else RandomBot(match * 4 + seat)


def play_checked(
    variant: str,
    match: int,
    hands: int,
    store: Store,
    seed: int | None = None,
    claim_window: float | None = 1.0,
) -> tuple[Room, int]:
    """One match in a room, seats mixed people (played here) and server bots; every frame
    checked. Returns the room and the number of frames checked. ``claim_window`` None: a
    room stored before windows were kept open."""
    rng = random.Random(match)
    seats = get_variant(variant).table.seats  # a kind for each seat of the table
    kinds = ["person" if (match * 7 >> s) % 3 else "bot" for s in range(seats)]
    if "person" not in kinds:
        kinds[match % seats] = "person"
    config = {
        "variant": variant,
        "options": {},
        "hands": hands,
        "seats": kinds,
        "time_limit": 0.0,
    }
    if claim_window is not None:
        config["claim_window"] = claim_window
    room = Room.create(config, store, seed=match if seed is None else seed)
    clients: dict[int, CheckingClient] = {}
    for s, kind in enumerate(kinds):
        if kind == "person":
            clients[s] = CheckingClient(room, s, rng)
            room.join(clients[s], s)
    for s in clients:
        room.ready(s)
    bots = {s: bots_for(match, s) for s in clients}
    while room.status == "playing":
        g = room.game
        seat = next(s for s in g.to_act() if s in clients)
        action = bots[seat].act(g.observation(seat), g.legal_actions(seat))
        room.act(seat, action.to_dict(), len(g.events))
    assert room.game.over and room.status == "finished"
    for c in clients.values():
        assert c.ends == list(range(hands)), "one settlement frame per hand, in order"
        assert c.last_seq == len(room.game.events)
    return room, sum(c.frames for c in clients.values())
