"""Per-seat event streams (majiang.game.seat_events), checked from the true state.

Over 300 mixed-bot hands of every built-in variant (and a test variant with a public and a
private opening declaration), after every step and for every seat:

- the seat's view rebuilt from its stream alone (its own concealed tiles, every pond, every
  meld as it may see it, the tiles laid aside, the wall's size, the declarations) is what
  the true ``game.state`` says that seat may see: the stream is enough to follow the game;
- the stream does not change when everything hidden from the seat in the true log is
  replaced by other values (the other hands dealt, the wall, the lower indicator, the other
  seats' draws, their concealed kongs where the variant hides them, their private
  declarations): it holds nothing of another seat's concealed tiles.

Thousands of hands: ``benches/rl_fuzz_streams.py``.
"""

from __future__ import annotations

import copy
import itertools
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hidden_information import lower_jing

from majiang.errors import MajiangError, RecordError
from majiang.game import EfficiencyBot, Game, RandomBot, seat_events
from majiang.game.bots import Bot
from majiang.game.streams import seat_event
from majiang.tiles import KINDS, TILE_INDEX, TILE_NAMES
from majiang.variants.protocol import TableRules
from rl_states import VoidAndPass, with_test_variant

VARIANTS = ("nanchang", "pingxiang", "nanjing", "gb")
# Matches a variant, two hands each: 300 hands in CI; benches/rl_fuzz_streams.py sets more.
MATCHES = int(os.environ.get("MAJIANG_STREAM_MATCHES", "50"))


@pytest.fixture(autouse=True)
def test_variant() -> Iterator[None]:
    yield from with_test_variant()


def bots_for(match: int) -> list[Bot]:
    return [EfficiencyBot() if (match >> s) & 1 else RandomBot(match * 4 + s) for s in range(4)]


def tiles_of(text: str) -> list[int]:
    """Tile ids of a run-length MPSZ text ("123m55z", flowers "1f")."""
    out: list[int] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        else:
            out += [TILE_INDEX[d + ch] for d in digits]
            digits = []
    return out


class View:
    """One seat's view of the table, kept from its stream alone."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand = [0] * 42
        self.ponds: list[list[int]] = [[], [], [], []]
        self.melds: list[list[tuple[str, tuple[int, ...]]]] = [[], [], [], []]
        self.flowers: list[list[int]] = [[], [], [], []]
        self.declared: list[dict[str, str]] = [{}, {}, {}, {}]
        self.wall = 0
        self.shown: list[list[int] | None] = [None] * 4  # hands face up after a win (血战)
        self.adding: tuple[int, int] | None = None  # an added kong that may still be robbed
        self.lower: int | None = None  # the lower indicator, once shown to every seat (下翻)
        self.revealed: list[list[int]] | None = None  # each seat's tiles shown after the deal

    def apply(self, e: Mapping[str, Any]) -> None:
        kind, who = e["event"], int(e.get("seat", -1))
        if self.adding is not None and kind != "win":
            s, t = self.adding  # not robbed: the pong became a kong
            self.melds[s] = [
                ("bu_gang", (t,) * 4) if m == ("peng", (t,) * 3) else m for m in self.melds[s]
            ]
            self.adding = None
        if kind == "deal":
            self.__init__(self.seat)  # type: ignore[misc]
            assert e["hands"][self.seat] is not None
            assert all(h is None for s, h in enumerate(e["hands"]) if s != self.seat)
            for t in tiles_of(e["hands"][self.seat]):
                self.hand[t] += 1
            for s, text in enumerate(e.get("flowers", ())):
                self.flowers[s] = tiles_of(text)
            self.wall = e["wall_size"]
        elif kind == "reveal":
            assert self.revealed is None, "one reveal a hand, right after the deal"
            self.revealed = [[0] * 34 for _ in range(4)]
            for s, text in enumerate(e["tiles"]):
                for t in tiles_of(text):
                    self.revealed[s][t] += 1
            if "lower_indicator" in e:
                self.lower = TILE_INDEX[e["lower_indicator"]]
        elif kind == "draw":
            self.wall -= 1
            if who == self.seat:
                self.hand[TILE_INDEX[e["tile"]]] += 1
            else:
                assert "tile" not in e
        elif kind == "flower":
            t = TILE_INDEX[e["tile"]]
            self.flowers[who].append(t)
            if who == self.seat:
                self.hand[t] -= 1
        elif kind == "discard":
            t = TILE_INDEX[e["tile"]]
            self.ponds[who].append(t)
            if who == self.seat:
                self.hand[t] -= 1
        elif kind in ("chow", "pong"):
            meld = tuple(sorted(tiles_of(e["tiles"])))
            claimed = self.ponds[e["source"]].pop()
            self.melds[who].append(("chi" if kind == "chow" else "peng", meld))
            if who == self.seat:
                rest = list(meld)
                rest.remove(claimed)
                for t in rest:
                    self.hand[t] -= 1
        elif kind == "kong":
            how = e["kind"]
            if how == "exposed":
                t = self.ponds[e["source"]].pop()
                self.melds[who].append(("ming_gang", (t,) * 4))
                if who == self.seat:
                    self.hand[t] -= 3
            elif how == "concealed":
                if "tile" in e:
                    t = TILE_INDEX[e["tile"]]
                    self.melds[who].append(("an_gang", (t,) * 4))
                    if who == self.seat:
                        self.hand[t] -= 4
                else:
                    self.melds[who].append(("an_gang", ()))
            else:
                t = TILE_INDEX[e["tile"]]
                self.adding = (who, t)
                if who == self.seat:
                    self.hand[t] -= 1
        elif kind == "declare":
            self.declared[who][e["what"]] = e["value"]
            # A private value another seat learns (seen_by) is tiles passed to it: 换三张, and
            # the test variant's one tile to the next seat.
            receivers = e.get("seen_by", ())
            if receivers and e["value"] and (who == self.seat or self.seat in receivers):
                for t in tiles_of(e["value"]):
                    self.hand[t] += -1 if who == self.seat else 1
        elif kind == "win":
            # The hand may go on after it (血战): the tile leaves the winner's hand or the
            # pond (a robbed kong's tile left its hand already), and the hands the win lays
            # face up are in the event.
            t = TILE_INDEX[e["tile"]]
            winners = e["winner"] if isinstance(e["winner"], list) else [e["winner"]]
            if e["from"] is None:
                if self.seat in winners:
                    self.hand[t] -= 1
            elif not e.get("qiang_gang"):
                assert self.ponds[e["from"]].pop() == t
            self.adding = None
            for s, text in e.get("shown", {}).items():
                counts = [0] * 34
                for k in tiles_of(text):
                    counts[k] += 1
                self.shown[int(s)] = counts

    def check(self, game: Game) -> None:
        """This view against the true state."""
        state, seat = game.state, self.seat
        table = game.table
        # 下翻 (Nanchang, xia_fan): the lower indicator and every seat's dealt 下精, public.
        kinds = lower_jing(game)
        assert self.lower == (state.lower if kinds else None)
        if kinds:
            assert self.revealed == [
                [d[k] if k in kinds else 0 for k in range(34)] for d in state.dealt
            ]
        else:
            assert self.revealed is None
        out = set()
        if table.wins_to_end > 1 and not table.winners_stay:  # winners leave play (血战)
            for w in state.wins:
                out.update(w["winner"] if isinstance(w["winner"], list) else [w["winner"]])
        assert self.shown == [state.hands[s] if s in out else None for s in range(4)]
        assert self.hand[:34] == state.hands[seat] and not any(self.hand[34:])
        assert self.ponds == [list(p) for p in state.ponds]
        shown = game.table.concealed_kongs_shown
        expected = [
            [
                (m.kind, () if m.kind == "an_gang" and s != seat and not shown else m.kinds)
                for m in ms
            ]
            for s, ms in enumerate(state.melds)
        ]
        assert self.melds == expected
        assert self.flowers == [list(f) for f in state.flowers]
        assert self.wall == state.wall.remaining
        private = game.table.private_openings
        assert self.declared == [
            {
                w: v
                if s == seat
                or w not in private
                or seat in game.variant.opening_viewers(w, s, state)
                else ""
                for w, v in d.items()
            }
            for s, d in enumerate(state.declared)
        ]


def disguise(events: Sequence[Mapping[str, Any]], seat: int, rng: random.Random) -> list[Any]:
    """The log with everything hidden from ``seat`` in the true game replaced by other
    values: the others' dealt hands and the wall (the same sizes), the lower indicator, the
    others' draws, their concealed kongs where hidden, their private declarations."""
    out: list[dict[str, Any]] = [copy.deepcopy(dict(e)) for e in events]
    table: TableRules | None = None
    for e in out:
        kind, who = e["event"], e.get("seat")
        if kind == "deal":
            from majiang.variants import get_variant

            table = get_variant(e["variant"]).table
            for s, text in enumerate(e["hands"]):
                if s != seat:
                    n = len(tiles_of(text))
                    e["hands"][s] = "".join(rng.choice(KINDS) for _ in range(n))
            e["wall"] = [rng.choice(TILE_NAMES) for _ in e["wall"]]
            if "lower_indicator" in e:
                e["lower_indicator"] = rng.choice(KINDS)
            if e["dealer"] != seat:
                e["drawn"] = rng.choice(KINDS)
        elif kind == "draw" and who != seat:
            e["tile"] = rng.choice(TILE_NAMES)
        elif kind == "kong" and e["kind"] == "concealed" and who != seat:
            assert table is not None
            if not table.concealed_kongs_shown:
                e["tile"] = rng.choice(KINDS)
        elif kind == "declare" and who != seat and seat not in e.get("seen_by", ()):
            assert table is not None
            if e["what"] in table.private_openings:
                e["value"] = rng.choice(KINDS)
    return out


def play_checked(variant: str, match: int, options: dict[str, Any] | None = None) -> Game:
    game = Game(variant, seed=match, hands=2, options=options)
    bots = bots_for(match)
    views = [View(s) for s in range(4)]
    seen = 0
    while True:
        new = game.events[seen:]
        seen = len(game.events)
        for view in views:
            for e in seat_events(new, view.seat, game.table):
                view.apply(e)
            if not game.over:
                view.check(game)
        if game.over:
            return game
        seat = game.to_act()[0]
        game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))


def test_sichuan_exchange_is_seen_by_its_receiver_only() -> None:
    """换三张: the engine logs the receiver of each seat's three tiles (``seen_by``); the
    stream shows the value to the giver and the receiver, whose rebuilt hands are the true
    ones after the exchange, and to nobody else."""
    rng = random.Random(13)
    exchanges = 0
    for match in range(12):
        game = play_checked("sichuan", match, options={"exchange": True})
        for seat in range(4):
            stream = seat_events(game.events, seat)
            for e in stream:
                if e["event"] == "declare" and e["what"] == "exchange":
                    exchanges += 1
                    seen = seat == e["seat"] or seat in e.get("seen_by", ())
                    assert (e["value"] != "") == seen
            assert seat_events(disguise(game.events, seat, rng), seat) == stream
    assert exchanges >= 12 * 2 * 4 * 4


def test_sichuan_winners_hands_are_shown_to_every_seat() -> None:
    """血战: a winner leaves play with its hand face up. The win event names the hands shown
    (``shown``: each winner's concealed tiles without the winning tile), every seat's stream
    carries them, and every seat's view rebuilt from its stream follows the hand on after
    the win (``play_checked`` checks the shown hands and the rest against the true state at
    every step)."""
    shown = went_on = 0
    for match in range(8):
        game = play_checked("sichuan", 200 + match)
        wins = [e for e in game.events if e["event"] == "win"]
        for seat in range(4):
            streamed = [e for e in seat_events(game.events, seat) if e["event"] == "win"]
            assert streamed == wins  # public, whole
        for e in wins:
            winners = e["winner"] if isinstance(e["winner"], list) else [e["winner"]]
            assert sorted(e["shown"]) == sorted(str(s) for s in winners)
            shown += len(winners)
        kinds = [e["event"] for e in game.events]
        went_on += sum(1 for a, b in itertools.pairwise(kinds) if a == "win" and b == "draw")
    assert shown >= 16 and went_on >= 8  # hands that went on after a win, followed


def test_no_hand_is_shown_where_winners_stay_or_the_first_win_ends_it() -> None:
    """血流成河 (winners stay in play) and the tables whose hand ends at the first win log no
    ``shown`` hands."""
    for variant, options in (("sichuan", {"xueliu": True}), ("nanchang", None)):
        game = play_checked(variant, 7, options=options)
        wins = [e for e in game.events if e["event"] == "win"]
        assert wins and all("shown" not in e for e in wins)


@pytest.mark.parametrize("variant", VARIANTS)
def test_streams_follow_the_game_and_hide_what_is_hidden(variant: str) -> None:
    rng = random.Random(variant)
    kinds: set[str] = set()
    for match in range(MATCHES):
        game = play_checked(variant, match)
        kinds.update(e["event"] for e in game.events)
        for seat in range(4):
            stream = seat_events(game.events, seat)
            assert len(stream) == len(game.events)
            assert seat_events(disguise(game.events, seat, rng), seat) == stream
    assert {"deal", "draw", "discard", "win", "settlement"} <= kinds


def test_private_declarations_and_passed_tiles() -> None:
    """The test variant's private pass: the engine names the receiver (``seen_by``), the
    stream shows the value to giver and receiver only, whose rebuilt hands stay true."""
    rng = random.Random(5)
    for match in range(10):
        game = play_checked(VoidAndPass.table.name, match)
        for seat in range(4):
            stream = seat_events(game.events, seat)
            declared = [e for e in stream if e["event"] == "declare"]
            assert {e["what"] for e in declared} == {"void", "pass"}
            for e in declared:
                private = e["what"] == "pass" and seat not in (e["seat"], (e["seat"] + 1) % 4)
                assert (e["value"] == "") == private
            assert seat_events(disguise(game.events, seat, rng), seat) == stream


def test_the_deal_as_a_seat_sees_it() -> None:
    game = Game(seed=8, dealer=3)
    full = game.events[0]
    for seat in range(4):
        deal, reveal = seat_events(game.events, seat)[:2]
        assert deal["hands"][seat] == full["hands"][seat]
        assert deal["hand_sizes"] == [13, 13, 13, 14]
        assert ("drawn" in deal) == (seat == 3)
        assert deal["wall_size"] == len(full["wall"]) and "wall" not in deal
        assert deal["indicator"] == full["indicator"] and "lower_indicator" not in deal
        assert full["lower_indicator"] and full["wall"]  # the full log keeps both
        # 下翻: the lower indicator is public in the reveal after the deal, with each 下精
        assert reveal == game.events[1] and reveal["lower_indicator"] == full["lower_indicator"]
    hidden = Game(seed=8, dealer=3, options={"xia_fan": False})  # 无下精: never shown
    assert [e["event"] for e in seat_events(hidden.events, 0)] == ["deal"]
    assert "lower_indicator" not in seat_events(hidden.events, 0)[0]


def test_an_unknown_event_is_withheld_from_the_others() -> None:
    table = Game(seed=0).table
    event = {"event": "exchange", "seat": 1, "tiles": "123m", "to": 2}
    assert seat_event(event, 1, table) == event
    assert seat_event(event, 2, table) == {"event": "exchange", "seat": 1}
    assert seat_event({"event": "secret", "tiles": "1m"}, 0, table) == {"event": "secret"}


@pytest.mark.parametrize(
    ("events", "seat", "message"),
    [
        ([{"event": "draw", "seat": 0, "tile": "1m"}], 0, "first event is not a deal"),
        ([{"event": "deal", "variant": "nope", "options": {}}], 0, "nope"),
        ([{"event": "deal", "variant": "nanchang", "hands": 3, "wall": []}], 0, "hands"),
        (["draw"], 0, "event objects"),
        ([], 4, "seat"),
    ],
)
def test_bad_logs_are_refused(events: list[Any], seat: int, message: str) -> None:
    with pytest.raises(MajiangError, match=message):
        seat_events(events, seat)


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.data())
def test_mutated_logs_give_a_stream_or_a_majiang_error(data: st.DataObject) -> None:
    events = [*Game("nanjing", seed=1).events, {"event": "draw", "seat": 1, "tile": "1m"}]
    mutated = copy.deepcopy(events)
    e = mutated[data.draw(st.integers(0, len(mutated) - 1))]
    key = data.draw(st.sampled_from(sorted(e)))
    e[key] = data.draw(
        st.one_of(
            st.none(), st.integers(), st.text(max_size=5), st.lists(st.text(max_size=3), max_size=5)
        )
    )
    try:
        stream = seat_events(mutated, data.draw(st.integers(0, 3)))
    except MajiangError:
        return
    assert len(stream) == len(mutated)


def test_a_record_error_names_the_deal() -> None:
    with pytest.raises(RecordError, match="deal: wall"):
        seat_events([{"event": "deal", "variant": "nanchang", "hands": ["1m"] * 4, "wall": 5}], 0)
