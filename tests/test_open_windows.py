"""Game(open_windows=True): every discard opens a window that close_window() resolves."""

import copy
import random
from typing import Any

import pytest

from majiang import Game
from majiang.errors import ArgumentTypeError, IllegalActionError
from majiang.variants import names


def _play(
    seed: int, open_windows: bool, variant: str = "nanchang", options: dict[str, Any] | None = None
) -> tuple[Game, int]:
    g = Game(variant, seed=seed, options=options, hands=2, open_windows=open_windows)
    rng = random.Random(seed)
    closes = 0
    while not g.over:
        seats = g.to_act()
        if not seats:
            assert open_windows and g.state.phase in ("claim", "rob")
            g.close_window()
            closes += 1
            continue
        for s in seats:
            acts = g.legal_actions(s)
            g.step(s, acts[rng.randrange(len(acts))])
            break
    return g, closes


@pytest.mark.parametrize("seed", range(6))
def test_logs_identical_to_default_flow(seed: int) -> None:
    a, _ = _play(seed, False)
    b, closes = _play(seed, True)
    assert closes > 0
    assert a.events == b.events and a.records == b.records


ROOMS = [(name, None) for name in names()] + [
    ("guangdong", {"ming_gang_qiang": True, "dian_pao": True}),  # a 直杠's rob window
]


@pytest.mark.parametrize(("variant", "options"), ROOMS)
def test_every_variant_logs_what_the_default_flow_logs(
    variant: str, options: dict[str, Any] | None
) -> None:
    for seed in range(3):
        a, _ = _play(seed, False, variant, options)
        b, closes = _play(seed, True, variant, options)
        assert closes > 0
        assert a.events == b.events and a.records == b.records


def test_close_window_without_window_is_illegal() -> None:
    g = Game(seed=1, open_windows=True)
    before = copy.deepcopy(g.state), list(g.events)
    with pytest.raises(IllegalActionError, match="no claim window is open"):
        g.close_window()
    assert (g.state, g.events) == before


def test_open_windows_is_checked() -> None:
    with pytest.raises(ArgumentTypeError, match="open_windows"):
        Game(seed=1, open_windows=1)  # type: ignore[arg-type]


def test_an_open_windows_game_is_saved_by_its_actions_not_a_snapshot() -> None:
    with pytest.raises(IllegalActionError, match="saved as its actions"):
        Game(seed=1, open_windows=True).snapshot()


def test_every_discard_opens_a_window() -> None:
    g = Game(seed=3, open_windows=True)
    seat = g.to_act()[0]
    discard = next(a for a in g.legal_actions(seat) if type(a).__name__ == "Discard")
    g.step(seat, discard)
    assert g.state.phase == "claim"
    n = len(g.events)
    if g.to_act():
        with pytest.raises(IllegalActionError):
            g.close_window()
    for s in g.to_act():
        g.step(s, g.legal_actions(s)[-1])
    assert len(g.events) == n  # nothing happens until the driver closes it
    g.close_window()
    assert g.state.phase != "claim" or g.to_act()
