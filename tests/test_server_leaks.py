"""No frame the table server sends to a seat holds what that seat may not see: 500 hands of
every registered variant (thousands in all) through rooms, each frame checked against the
true state when sent (tests/server_leaks.py says what is checked;
benches/server_leak_sweep.py runs more)."""

from __future__ import annotations

import pytest
from server_leaks import play_checked

from majiang.game import replay
from majiang.server.store import Store
from majiang.variants import names

MATCHES = 250  # matches of 2 hands per variant: thousands of hands in all, as issue 16 asks


@pytest.mark.parametrize("variant", sorted(names()))
def test_every_frame_holds_only_the_seats_view(variant: str) -> None:
    store = Store(":memory:")
    frames = 0
    for match in range(MATCHES):
        # a quarter as rooms stored before claim windows were kept open
        window = None if match % 4 == 3 else 1.0
        room, n = play_checked(variant, match, 2, store, claim_window=window)
        frames += n
        # what was stored is the whole log, and it replays
        assert store.events(room.id) == room.game.events
        assert replay(store.events(room.id)).scores == tuple(room.game.scores)
        assert len(store.hands(room.id)) == 2
    assert frames > 1000
