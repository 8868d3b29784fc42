"""The reveal after the deal (``Variant.reveal_after_deal``, docs/engine.md): Nanchang's 下翻
([000] line 83, [001 打法]; docs/rules/nanchang.md §3) turns the lower indicator face up and
every seat shows the 下精 it holds, for every seat to see, then takes them back.

Deals use jing indicator 9m (jing 9m and 1m) and lower indicator 2p: the 下精 are 2p and 3p.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import majiang
from majiang.errors import ReplayError
from majiang.game import PLANES, Deal, Discard, Game, Pass, Pong, RandomBot, play, replay
from majiang.game.streams import seat_events
from majiang.variants import names
from majiang.variants.nanchang.play import NanchangVariant
from majiang.variants.protocol import DealReveal

HANDS = ("223p456m789s12345z", "33p123456789s16z", "123m567m888m99s67z", "11125557779p66z")
"""Seat 0 (the dealer) holds 2p 2p 3p, seat 1 3p 3p, seat 2 no 下精, seat 3 one 2p."""
WALL = "4s4s4s5s5s5s"
SHOWN = ["223p", "33p", "", "2p"]
UNSEEN = PLANES.index("unseen")
P2, P3 = majiang.tile_index("2p"), majiang.tile_index("3p")


def dealt(hands: tuple[str, str, str, str] = HANDS, **options: Any) -> Game:
    return Game(seed=0, dealer=0, deal=Deal(hands, WALL, "9m", "2p"), options=options or None)


def partly_played(seed: int, steps: int) -> Game:
    """A Nanchang match of two hands after ``steps`` random actions (still in play)."""
    g = Game(seed=seed, hands=2)
    bots = [RandomBot(s) for s in range(4)]
    for _ in range(steps):
        seat = g.to_act()[0]
        g.step(seat, bots[seat].act(g.observation(seat), g.legal_actions(seat)))
    assert not g.over
    return g


def test_every_seat_sees_the_lower_indicator_and_each_seats_lower_jing() -> None:
    g = dealt()
    assert g.events[1] == {"event": "reveal", "tiles": SHOWN, "lower_indicator": "2p"}
    for seat in range(4):
        o = g.observation(seat)
        assert o.lower_indicator == "2p" and o.lower_indicator_kind == P2
        assert o.to_dict()["lower_indicator"] == "2p"
        assert o.to_dict()["revealed"] == [t or None for t in SHOWN]
        planes = o.to_numpy()
        assert planes[PLANES.index("lower_indicator")].tolist() == [int(k == P2) for k in range(34)]
        for rel in range(4):
            row = planes[PLANES.index("revealed_self") + rel]
            text = SHOWN[(seat + rel) % 4]
            assert row.tolist() == list(majiang.tiles.to_counts(text) if text else [0] * 34)
        stream = seat_events(g.events, seat)
        assert stream[1] == g.events[1]  # public, whole
        assert "lower_indicator" not in stream[0]  # the deal itself still hides it
        assert [h is None for h in stream[0]["hands"]] == [s != seat for s in range(4)]


def test_nothing_else_of_the_other_hands_is_seen() -> None:
    """Seat 0's view and stream are the same when the others' tiles that are no 下精 differ
    (seat 1's 1s and seat 2's 1m swapped, the wall's 4s and seat 3's 9p too)."""
    twin = ("223p456m789s12345z", "33p1m23456789s16z", "1s23m567m888m99s67z", "11125557774p66z")
    wall = "9p4s4s5s5s5s"
    a = dealt()
    b = Game(seed=0, dealer=0, deal=Deal(twin, wall, "9m", "2p"))
    assert a.state.hands[1] != b.state.hands[1] and a.state.hands[3] != b.state.hands[3]
    assert a.observation(0) == b.observation(0)
    assert (a.observation(0).to_numpy() == b.observation(0).to_numpy()).all()
    assert seat_events(a.events, 0) == seat_events(b.events, 0)


def test_wu_xia_jing_shows_nothing() -> None:
    """无下精 (``xia_fan`` false): no lower indicator turned up, no 下精 shown."""
    g = dealt(xia_fan=False)
    assert [e["event"] for e in g.events] == ["deal"]
    for seat in range(4):
        o = g.observation(seat)
        assert o.lower_indicator_kind is None and o.revealed == ((), (), (), ())
        assert not o.to_numpy()[PLANES.index("lower_indicator") :].any()
        assert "lower_indicator" not in seat_events(g.events, seat)[0]
    # Seat 2 (no 下精) sees only the 正精 indicator face up: 2p's unseen is 4 - 0.
    assert g.observation(2).to_numpy()[UNSEEN, P2] == 4
    # Under 下翻 it sees the lower indicator, seat 0's two and seat 3's one: none unseen.
    assert dealt().observation(2).to_numpy()[UNSEEN, P2] == 4 - 1 - 2 - 1


@pytest.mark.parametrize("variant", sorted(set(names()) - {"nanchang"}))
def test_other_variants_reveal_nothing(variant: str) -> None:
    g = play(Game(variant, seed=4, hands=2), [RandomBot(s) for s in range(4)])
    assert not any(e["event"] == "reveal" for e in g.events)
    o = Game(variant, seed=4).observation(1)
    assert o.lower_indicator_kind is None and o.revealed == ((),) * g.seats  # nothing, each seat


def test_tiles_laid_face_up_are_no_longer_counted_as_held() -> None:
    """The dealer discards a shown 3p, seat 1 pongs it with its two shown 3p: each copy is
    counted once, where it now lies (pond, then meld), never also as held."""
    g = dealt()
    assert g.observation(2).to_numpy()[UNSEEN, P3] == 1  # 3 shown, the fourth unseen
    g.step(0, Discard("3p"))
    for seat in (1, 2, 3):
        o = g.observation(seat)
        assert o.revealed[0][P3] == 0 and o.revealed[0][P2] == 2
        assert o.to_numpy()[UNSEEN, P3] == 1
    for seat in g.to_act():  # seat 1 pongs, any other seat asked passes
        g.step(seat, Pong() if seat == 1 else Pass())
    assert g.state.melds[1][0].kind == "peng"
    o = g.observation(2)
    assert o.revealed[1][P3] == 0 and o.to_numpy()[UNSEEN, P3] == 1  # the pong's three
    assert o.visible(reveals=True)[P2] == 1 + 2 + 1  # the lower indicator, seat 0's, seat 3's
    assert o.visible()[P2] == 0  # EfficiencyBot's count leaves the reveal out


def test_replay_and_restore_keep_the_reveal() -> None:
    g = play(Game(seed=11, hands=3), [RandomBot(s) for s in range(4)])
    reveals = [e for e in g.events if e["event"] == "reveal"]
    assert len(reveals) == 3
    r = replay(g.events)
    assert r.scores == tuple(g.scores)
    assert [e for h in r.hands for e in h.events if e["event"] == "reveal"] == reveals
    tampered = [dict(e) for e in g.events]
    at = tampered.index(reveals[0])
    tampered[at]["tiles"] = ["1m" if reveals[0]["tiles"][0] != "1m" else "", *SHOWN[1:]]
    with pytest.raises(ReplayError, match="reveal event differs"):
        replay(tampered)

    live = partly_played(11, 9)
    back = Game.restore(json.loads(json.dumps(live.snapshot())))
    assert back.state == live.state and back.state.lower_shown
    assert [back.observation(s) for s in range(4)] == [live.observation(s) for s in range(4)]


def test_older_logs_and_snapshots_without_the_reveal_still_work() -> None:
    """A log written before reveals were logged replays to the same records and scores, as
    a hand where nothing was shown; so does a snapshot without them."""
    g = play(Game(seed=12, hands=3), [RandomBot(s) for s in range(4)])
    old = [e for e in g.events if e["event"] != "reveal"]
    r = replay(old)
    assert r.scores == tuple(g.scores) and [h.record for h in r.hands] == g.records

    live = partly_played(12, 7)
    snap = json.loads(json.dumps(live.snapshot()))
    snap["events"] = [e for e in snap["events"] if e["event"] != "reveal"]
    del snap["state"]["revealed"], snap["state"]["lower_shown"]
    back = Game.restore(snap)
    assert back.state.hands == live.state.hands and not back.state.lower_shown
    assert back.observation(0).lower_indicator_kind is None
    assert back.observation(0).revealed == ((), (), (), ())


def test_a_snapshot_whose_reveal_is_not_the_logged_one_is_refused() -> None:
    live = partly_played(13, 5)
    snap = json.loads(json.dumps(live.snapshot()))
    for field, value, message in (
        ("revealed", ["9z", None, None, None], "state.revealed"),
        ("revealed", "223p", "state.revealed"),
        ("lower_shown", "yes", "state.lower_shown: expected true or false"),
        ("lower_shown", not live.state.lower_shown, "state.lower_shown: not the state"),
        ("revealed", [None, None, None, None], "state.revealed: not the state"),
    ):
        if field == "revealed" and value == [None] * 4 and not any(live.state.revealed):
            continue  # nothing was shown: nothing to take away
        bad = json.loads(json.dumps(snap))
        bad["state"][field] = value
        with pytest.raises(majiang.RecordError, match=message):
            Game.restore(bad)


def test_a_variant_showing_tiles_not_held_is_refused() -> None:
    class ShowsWhatItLacks(NanchangVariant):
        def reveal_after_deal(self, state: Any) -> DealReveal | None:
            return DealReveal(((33,), (), (), ()))  # seat 0 holds no 中

    with pytest.raises(majiang.RulesError, match="seat 0 reveals 7z, not all held"):
        Game(ShowsWhatItLacks(), seed=0, dealer=0, deal=Deal(HANDS, WALL, "9m", "2p"))


def test_the_reveal_counts_in_the_first_unseen_plane() -> None:
    """Seat 2 at the deal: 136 tiles less its 13, both indicators and the 6 下精 the others
    showed."""
    unseen = dealt().observation(2).to_numpy()[UNSEEN]
    assert int(np.asarray(unseen, np.int64).sum()) == 136 - 13 - 2 - 6
