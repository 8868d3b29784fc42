"""Regression tests for the game-engine input defects of issue 11 (5-8) and the hidden
indicator of issue 12: one test per defect, named after it; each failed before its fix."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import majiang
from majiang.game import EfficiencyBot, Game, play
from majiang.tiles import KINDS


def test_5_bools_and_negatives_are_not_seats() -> None:
    game = Game(seed=12, dealer=1)
    before = copy.deepcopy(game.snapshot())
    action = game.legal_actions(1)[-1]
    with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3"):
        game.step(True, action)
    for seat in (-1, 4, 5, -5, 10**5000):  # a huge int is quoted, not printed
        with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3"):
            game.step(seat, action)
        with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3, got"):
            game.observation(seat)
        with pytest.raises(majiang.IllegalActionError, match="expected a seat 0-3, got"):
            game.legal_actions(seat)
    junks: list[Any] = [True, False, "1", 1.0, None, [1]]
    for junk in junks:
        with pytest.raises(majiang.ArgumentTypeError, match="expected a seat 0-3"):
            game.observation(junk)
        with pytest.raises(majiang.ArgumentTypeError, match="expected a seat 0-3"):
            game.legal_actions(junk)
        with pytest.raises(majiang.IllegalActionError):
            game.step(junk, action)
    assert isinstance(majiang.ArgumentTypeError("x"), TypeError)
    assert game.snapshot() == before  # nothing changed, nothing logged
    game.step(1, action)  # the real seat still may
    assert all(isinstance(e.get("seat", 0), int) for e in game.events)
    assert not any(e.get("seat") is True for e in game.events)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"options": {"bogus": 1}}, majiang.RulesError, "bogus: unknown option"),
        ({"variant": "pingxiang", "options": {"bogus": 1}}, majiang.RecordError, "bogus"),
        ({"variant": "nanjing", "options": {"bogus": 1}}, majiang.RecordError, "bogus"),
        ({"options": 0}, majiang.ArgumentTypeError, "^options: expected a mapping"),
        ({"options": {1: True}}, majiang.ArgumentTypeError, "^options: option names"),
        ({"streak": 0}, majiang.RulesError, "^streak: expected a dealer streak"),
        ({"streak": -1}, majiang.RulesError, "^streak: "),
        ({"streak": "7"}, majiang.ArgumentTypeError, "^streak: expected an int"),
        ({"streak": True}, majiang.ArgumentTypeError, "^streak: expected an int"),
        ({"variant": 5}, majiang.ArgumentTypeError, "^variant: expected a variant name"),
        ({"variant": "riichi"}, majiang.RulesError, "unknown variant 'riichi'"),
        ({"seed": True}, majiang.ArgumentTypeError, "^seed: expected an int"),
        ({"seed": 1.5}, majiang.ArgumentTypeError, "^seed: expected an int"),
        ({"hands": 0}, majiang.RulesError, "^hands: expected a positive number"),
        ({"hands": 2.0}, majiang.ArgumentTypeError, "^hands: expected an int"),
        ({"dealer": True}, majiang.ArgumentTypeError, "^dealer: expected a seat"),
        ({"dealer": 4}, majiang.RulesError, "^dealer: expected a seat 0-3, got 4"),
        ({"scores": [1, 2, 3]}, majiang.RulesError, "^scores: expected four, got 3"),
        ({"scores": [1, 2, 3, "4"]}, majiang.ArgumentTypeError, "^scores: expected four ints"),
        ({"scores": [0, 0, 0, True]}, majiang.ArgumentTypeError, "^scores: expected four ints"),
        ({"carried": 5}, majiang.ArgumentTypeError, "^carried: expected a mapping"),
        ({"carried": {"x": 1}}, majiang.RulesError, "^carried: .*x: unknown field"),
        ({"variant": "nanjing", "carried": {"bixiahu": "no"}}, majiang.RulesError, "^carried"),
        ({"deal": "11m"}, majiang.ArgumentTypeError, "^deal: expected a Deal"),
    ],
)
def test_7_game_arguments_are_checked_when_the_game_is_built(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Game(**kwargs)


def test_7_a_game_built_from_good_arguments_settles_its_first_hand() -> None:
    from majiang.game import RandomBot, play

    for kwargs in (
        {"options": {"palou": False}, "streak": 3, "scores": [5, -5, 0, 0], "dealer": 2},
        {"variant": "nanjing", "carried": {"bixiahu": True}},
        {"variant": "pingxiang", "options": {"genzhuang": False}, "streak": 2},
    ):
        game = play(Game(**kwargs, hands=2), [RandomBot(s) for s in range(4)])
        assert game.over and len(game.records) == 2 and sum(game.scores) == 0


@pytest.mark.parametrize("variant", ["pingxiang", "nanjing"])
def test_12_no_indicator_leaks_from_a_variant_without_a_flip(variant: str) -> None:
    from majiang.game import PLANES, RandomBot, play, replay

    game = Game(variant, seed=3, dealer=0)
    assert game.state.indicator is None and game.state.lower is None
    assert "indicator" not in game.events[0] and "lower_indicator" not in game.events[0]
    for seat in range(4):
        o = game.observation(seat)
        assert o.indicator is None and o.indicator_kind is None
        assert o.to_dict()["indicator"] is None
        planes = o.to_numpy()
        assert not planes[PLANES.index("indicator")].any()
        aside = sum(1 for f in game.state.flowers for t in f if t < 34)  # Nanjing's dragons
        unseen = int(planes[PLANES.index("unseen")].sum())
        assert unseen == 136 - sum(game.state.hands[seat]) - aside  # 122 for the dealer
    play(game, [RandomBot(s) for s in range(4)])
    assert all("jing_indicator" not in r for r in game.records)
    # A log written before the fix holds an indicator in its deal event: it still replays.
    old = [dict(e) for e in game.events]
    old[0].update(indicator="5m", lower_indicator="6m")
    assert replay(old).scores == tuple(game.scores)


def test_12_nanchang_still_flips_and_shows_the_lower_indicator_only_under_xia_fan() -> None:
    """Nanchang flips both indicators; the lower one (下精) is shown to every seat after the
    deal under 下翻 (docs/rules/nanchang.md §3), and under 无下精 (``xia_fan`` false) no seat
    ever sees it."""
    game = Game(seed=3)
    assert game.state.indicator is not None and game.state.lower is not None
    deal = game.events[0]
    assert {"indicator", "lower_indicator"} <= set(deal)
    assert game.observation(1).indicator_kind == game.state.indicator
    assert game.events[1]["lower_indicator"] == KINDS[game.state.lower]
    assert all(game.observation(s).lower_indicator_kind == game.state.lower for s in range(4))
    hidden = Game(seed=3, options={"xia_fan": False})
    assert hidden.state.lower == game.state.lower and len(hidden.events) == 1  # no reveal
    other = hidden.clone()
    other.state.lower = (hidden.state.lower + 1) % 34
    for seat in range(4):
        assert other.observation(seat) == hidden.observation(seat)
        assert hidden.observation(seat).lower_indicator_kind is None
        assert (other.observation(seat).to_numpy() == hidden.observation(seat).to_numpy()).all()
        assert other.observation(seat).to_dict() == hidden.observation(seat).to_dict()


def _until_concealed_kong(game: Game) -> int:
    """Play ``game`` with EfficiencyBots until a seat declares a concealed kong; its seat."""
    from majiang.game import EfficiencyBot, Kong

    bots = [EfficiencyBot() for _ in range(4)]
    while not game.over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        kongs = [a for a in legal if isinstance(a, Kong) and a.kind == "concealed"]
        game.step(seat, kongs[0] if kongs else bots[seat].act(game.observation(seat), legal))
        if kongs:
            return seat
    raise AssertionError("no concealed kong")


def test_8_another_seats_concealed_kong_is_hidden() -> None:
    from majiang.game import PLANES
    from majiang.game.state import Meld

    hidden = Meld("an_gang", (), None)  # that a concealed kong exists, not its kind
    game = Game(seed=50)
    owner = _until_concealed_kong(game)
    kong = next(m for m in game.state.melds[owner] if m.kind == "an_gang")
    kind = kong.kinds[0]
    assert kong in game.observation(owner).melds[owner]  # its own seat sees it whole
    for other in (s for s in range(4) if s != owner):
        o = game.observation(other)
        assert kong not in o.melds[owner] and hidden in o.melds[owner]
        assert "an_gang" in [m["kind"] for m in o.to_dict()["melds"][owner]]
        assert all(m["tiles"] == "" for m in o.to_dict()["melds"][owner] if m["kind"] == "an_gang")
        planes = o.to_numpy()
        rel = (owner - other) % 4
        assert planes[PLANES.index("melds_self") + rel, kind] == 0
        assert planes[PLANES.index("concealed_kongs"), rel] == 1  # that it exists is public
        held = game.state.hands[other][kind]
        seen_elsewhere = sum(p.count(kind) for p in game.state.ponds) + sum(
            m.kinds.count(kind) for s, ms in enumerate(game.state.melds) if s != owner for m in ms
        )
        seen = held + seen_elsewhere + (game.state.indicator == kind)
        assert planes[PLANES.index("unseen"), kind] == 4 - min(seen, 4)  # its tiles unseen
        assert o.visible()[kind] == min(seen - held, 4 - held)


def test_8_nanjing_lays_concealed_kongs_face_up() -> None:
    from majiang.game import PLANES

    for seed in range(200):
        game = Game("nanjing", seed=seed)
        try:
            owner = _until_concealed_kong(game)
        except AssertionError:
            continue
        kong = next(m for m in game.state.melds[owner] if m.kind == "an_gang")
        for other in range(4):
            o = game.observation(other)
            assert kong in o.melds[owner]
            rel = (owner - other) % 4
            assert o.to_numpy()[PLANES.index("melds_self") + rel, kong.kinds[0]] == 4
        return
    raise AssertionError("no Nanjing concealed kong in 200 seeds")


def _snapshot_with_a_meld(variant: str = "nanchang") -> dict[str, Any]:
    """A JSON snapshot of a game in play in which some seat has declared a meld."""
    from majiang.game import EfficiencyBot

    for seed in range(100):
        game = Game(variant, seed=seed, hands=2)
        bots = [EfficiencyBot() for _ in range(4)]
        while not game.over and len(game.records) == 0:
            seat = game.to_act()[0]
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
            if any(game.state.melds) and game.state.phase == "turn" and game.state.discards_made:
                data: dict[str, Any] = json.loads(json.dumps(game.snapshot()))
                return data
    raise AssertionError("no meld")


def _mutated(data: dict[str, Any], change: str) -> dict[str, Any]:
    out = copy.deepcopy(data)
    st = out["state"]
    live = st["wall"]["tiles"][st["wall"]["head"] : st["wall"]["tail"]]
    meld = next(ms[0] for ms in st["melds"] if ms)
    if change == "live wall all 1m":
        w = st["wall"]
        w["tiles"][w["head"] : w["tail"]] = ["1m"] * len(live)
    elif change == "live wall all 1m, deal event too":
        w = st["wall"]
        w["tiles"][w["head"] : w["tail"]] = ["1m"] * len(live)
        out["events"][0]["wall"] = ["1m"] * len(out["events"][0]["wall"])
    elif change == "meld from 9":
        meld["from"] = 9
    elif change == "meld kind changed":
        meld["kind"] = {"peng": "chi", "chi": "peng"}.get(meld["kind"], "peng")
    elif change.startswith("streak "):
        st["streak"] = json.loads(change.split(" ", 1)[1])
    elif change == "options bogus":
        out["options"] = {"bogus": 1}
    elif change == "events emptied":
        out["events"] = []
    elif change == "deal event dropped":
        out["events"] = out["events"][1:]
    elif change == "a discard's seat NaN":
        d = next(e for e in out["events"] if e["event"] == "discard")
        d["seat"] = float("nan")
    elif change == "after_kong 'no'":
        st["after_kong"] = "no"
    elif change == "discards_made -1":
        st["discards_made"] = -1
    elif change == "turns -1":
        st["turns"] = -1
    else:
        raise AssertionError(change)
    return out


CHANGES = [
    "live wall all 1m",
    "live wall all 1m, deal event too",
    "meld from 9",
    "meld kind changed",
    "streak 0",
    "streak -1",
    'streak "7"',
    "options bogus",
    "events emptied",
    "deal event dropped",
    "a discard's seat NaN",
    "after_kong 'no'",
    "discards_made -1",
    "turns -1",
]


@pytest.mark.parametrize("variant", ["nanchang", "pingxiang", "nanjing"])
@pytest.mark.parametrize("change", CHANGES)
def test_6_restore_refuses_snapshots_that_could_not_have_happened(
    variant: str, change: str
) -> None:
    data = _snapshot_with_a_meld(variant)
    Game.restore(data)  # the snapshot itself restores
    with pytest.raises(majiang.RecordError):
        Game.restore(_mutated(data, change))


def test_6_restore_takes_a_game_with_scores_carried_in() -> None:
    from majiang.game import RandomBot, play

    game = Game(seed=4, hands=2, scores=[10, -10, 0, 0], dealer=1, streak=2)
    play(game, [RandomBot(s) for s in range(4)])
    restored = Game.restore(json.loads(json.dumps(game.snapshot())))
    assert restored.scores == game.scores and restored.records == game.records


def test_a_nanjing_record_too_big_to_repr_is_a_record_error() -> None:
    # The speed branch's cache of the last Nanjing record read keys it by its repr, which
    # raises ValueError for an int of more than 4,300 digits (found by
    # test_input_properties.py): such a record is read without the cache, a RecordError as
    # before.
    game = play(Game("nanjing", seed=3), [EfficiencyBot() for _ in range(4)])
    record = copy.deepcopy(game.records[0])
    record["dealer"] = 10**5000
    with pytest.raises(majiang.RecordError, match="dealer"):
        majiang.settle(record)
    assert majiang.settle(game.records[0]).deltas == game.settlements[0].deltas
