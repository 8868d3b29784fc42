"""Every number of a room, an options object, a game's arguments and a hand record has an
upper bound (``majiang.bounds``), checked before anything is built or changed (issue 25,
item 6): ``RoomConfig(stake=10**5000)`` fails at construction, ``settle()`` of a record with a
huge ``di_fen`` or ``dealer_streak`` is a RecordError, and a game built within the bounds
plays to its end (no step fails after its events were appended)."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import random
from typing import Any

import pytest
from bounds_records import VARIANTS, records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang import Game, settle
from majiang.bounds import (
    MAX_COUNT,
    MAX_FLAGS,
    MAX_GARDEN,
    MAX_HANDS,
    MAX_POINTS,
    MAX_SCORE,
    MAX_STAKE,
    MAX_STREAK,
)
from majiang.errors import MajiangError, RecordError, RulesError
from majiang.game.engine import play
from majiang.game.simulation import make_bots
from majiang.room import RoomConfig
from majiang.variants.options_doc import VARIANT_OPTIONS, number_range
from majiang.variants.registry import package_of

HUGE = 10**5000
INT64 = 2**63 - 1
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _module(variant: str) -> Any:
    return importlib.import_module(f"majiang.variants.{package_of(variant)}.options")


def _numbers(variant: str) -> dict[str, tuple[int, int]]:
    """Every whole-number option of ``variant`` and its range."""
    module = _module(variant)
    cls = getattr(module, VARIANT_OPTIONS[variant])
    choices = getattr(module, "_CHOICES", {})
    return {
        f.name: number_range(module, f.name)
        for f in dataclasses.fields(cls)
        if type(f.default) is int and f.name not in choices
    }


OPTION_CASES = [(v, name, span) for v in VARIANTS for name, span in _numbers(v).items()]


def test_every_whole_number_option_has_a_range() -> None:
    for variant in VARIANTS:
        numbers = _numbers(variant)  # number_range raises for an option without one
        assert numbers, variant
        for name, (least, most) in numbers.items():
            assert 0 <= least < most <= MAX_STAKE, (variant, name)


# ------------------------------------------------------------------ the room
@pytest.mark.parametrize(
    ("field", "least", "most"),
    [("hands", 1, MAX_HANDS), ("stake", 1, MAX_STAKE)],
)
@pytest.mark.parametrize("beyond", [1, 2**63, HUGE], ids=["one", "int64", "huge"])
def test_room_numbers_are_bounded_at_construction(
    field: str, least: int, most: int, beyond: int
) -> None:
    good: dict[str, Any] = {field: most}
    bad: dict[str, Any] = {field: most + beyond}
    assert getattr(RoomConfig(**good), field) == most
    with pytest.raises(RulesError, match=rf"^{field}: expected a whole number ≥ {least} and ≤"):
        RoomConfig(**bad)
    with pytest.raises(RulesError, match=rf"^{field}: "):
        RoomConfig.from_dict({field: most + beyond})


@pytest.mark.parametrize("field", ["hand_cap", "match_cap"])
def test_room_caps_are_bounded(field: str) -> None:
    good: dict[str, Any] = {field: MAX_STAKE}
    assert getattr(RoomConfig("nanjing", **good), field) == MAX_STAKE
    for value in (MAX_STAKE + 1, HUGE):
        bad: dict[str, Any] = {field: value}
        with pytest.raises(RulesError, match=rf"^{field}: expected a whole number ≥ 0 and ≤"):
            RoomConfig("nanjing", **bad)


def test_a_huge_stake_fails_before_any_game_exists() -> None:
    with pytest.raises(RulesError, match=r"^stake: .*16610-bit integer"):
        RoomConfig(stake=HUGE)
    for variant in ("nanchang", "pingxiang", "sichuan", "gb"):
        room = RoomConfig(variant, stake=MAX_STAKE, hands=2)
        game = play(Game(room, seed=3), make_bots("efficiency", 3))
        assert game.over and len(game.records) == 2
        assert all(abs(x) <= INT64 for x in game.scores)


@pytest.mark.parametrize(("variant", "name", "span"), OPTION_CASES)
def test_option_bounds_in_a_room_a_game_and_a_record(
    variant: str, name: str, span: tuple[int, int]
) -> None:
    least, most = span
    RoomConfig(variant, options={name: most})
    Game(variant, options={name: most})
    for value in (least - 1, most + 1, HUGE, -HUGE):
        with pytest.raises(RulesError, match=rf"^options\.{name}: expected a whole number"):
            RoomConfig(variant, options={name: value})
        with pytest.raises(MajiangError, match=name):
            Game(variant, options={name: value})
        record = records(variant)[0]
        record["options"] = {name: value}
        with pytest.raises(RecordError, match=rf"^options[.:] ?{name}"):
            settle(record)


# ------------------------------------------------------------------ records
@pytest.mark.parametrize("variant", ["nanchang", "pingxiang", "sichuan", "gb"])
def test_dealer_streak_is_bounded(variant: str) -> None:
    record = records(variant)[0]
    record["dealer_streak"] = MAX_STREAK
    s = settle(record)
    assert sum(s.deltas) == 0
    for value in (MAX_STREAK + 1, 2**63, HUGE):
        record["dealer_streak"] = value
        with pytest.raises(RecordError, match=r"^dealer_streak: expected a whole number ≥ 1"):
            settle(record)


@pytest.mark.parametrize(
    ("variant", "option"),
    [("nanchang", "di_fen"), ("pingxiang", "base"), ("sichuan", "base"), ("gb", "base")],
)
def test_a_huge_stake_in_a_record_is_a_record_error(variant: str, option: str) -> None:
    record = records(variant)[0]
    record["options"] = {option: HUGE}
    with pytest.raises(RecordError, match=option):
        settle(record)
    record["options"] = {option: MAX_STAKE}
    assert sum(settle(record).deltas) == 0


def _nanjing(**fields: Any) -> dict[str, Any]:
    record = records("nanjing")[0]
    record.update(fields)
    return record


def test_nanjing_record_numbers_are_bounded() -> None:
    flags = {"options": {"bixiahu_mode": "per_flag"}, "bixiahu": True}
    settle(_nanjing(**flags, bixiahu_flags=MAX_FLAGS))
    for value in (MAX_FLAGS + 1, HUGE):
        with pytest.raises(RecordError, match=r"^bixiahu_flags: expected a whole number ≥ 0"):
            settle(_nanjing(**flags, bixiahu_flags=value))
    garden = {"options": {"yuanzi": MAX_STAKE}}
    settle(_nanjing(**garden, yuanzi_left=[MAX_GARDEN, 0, 0, 0]))
    with pytest.raises(RecordError, match=r"^yuanzi_left\[1\]: expected a whole number"):
        settle(_nanjing(**garden, yuanzi_left=[0, HUGE, 0, 0]))
    with pytest.raises(RecordError, match=r"^yuanzi_left: the four 园子 hold at most 4000000"):
        settle(_nanjing(**garden, yuanzi_left=[MAX_GARDEN, 1, 0, 0]))
    with pytest.raises(RulesError, match=r"^carried: "):  # a game checks what it carries in
        Game("nanjing", options=garden["options"], carried={"yuanzi_left": [MAX_GARDEN] * 4})
    penalty = {"kind": "four_by_one", "seat": 0}
    with pytest.raises(RecordError, match=r"^penalties: at most 34"):
        settle(_nanjing(penalties=[penalty] * 35))


def test_sichuan_after_wins_is_bounded() -> None:
    for record in records("sichuan"):
        record["kongs"] = [{"seat": 0, "kind": "an_gang", "tile": "1m", "after_wins": HUGE}]
        with pytest.raises(RecordError, match=r"^kongs\[0\]\.after_wins: expected .* ≤ 1000"):
            settle(record)
    assert MAX_COUNT == 1000


def test_the_largest_hand_stays_an_exact_float() -> None:
    """A Nanchang 杠开 with four concealed kongs (a 正精 among them) at every maximum: the most
    one hand moves that we could build, far under 2**53, and a whole match of such hands from
    the largest starting score stays a 64-bit integer."""
    options: dict[str, Any] = {name: most for name, (_, most) in _numbers("nanchang").items()}
    options.update(palou_on_penalties=True, gang_jing_double_count=True)
    record = {
        "variant": "nanchang",
        "options": options,
        "dealer": 0,
        "dealer_streak": MAX_STREAK,
        "jing_indicator": "4m",
        "lower_jing_indicator": "4p",
        "players": [
            {
                "hand": "5m",
                "melds": [{"kind": "an_gang", "tiles": t} for t in ("5555p", "6666p", "1111z")]
                + [{"kind": "an_gang", "tiles": "2222z"}],
            },
            {"hand": "123789m123789s5z"},
            {"hand": "123789m123789s6z"},
            {"hand": "123456789s3337z"},
        ],
        "result": {"kind": "win", "winner": 0, "tile": "5m", "from": None, "gang_kai": True},
    }
    most = max(abs(d) for d in settle(record).deltas)
    assert 10**13 < most < 2**53
    assert MAX_SCORE + MAX_HANDS * most < INT64


# ------------------------------------------------------------------ games
def test_game_arguments_are_bounded() -> None:
    Game(hands=MAX_HANDS)
    Game(streak=MAX_STREAK)
    Game(streak=MAX_STREAK - 9, hands=10)
    Game(scores=[MAX_SCORE, -MAX_SCORE, 0, 0])
    with pytest.raises(RulesError, match=r"^hands: at most 1000"):
        Game(hands=MAX_HANDS + 1)
    with pytest.raises(RulesError, match=r"^streak: .* could pass the dealer streak bound"):
        Game(streak=MAX_STREAK - 9, hands=11)
    with pytest.raises(RulesError, match=r"^streak: "):
        Game(streak=HUGE)
    with pytest.raises(RulesError, match=r"^scores: expected four whole numbers within"):
        Game(scores=[0, 0, MAX_SCORE + 1, 0])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_at_every_maximum_plays_to_its_end(variant: str) -> None:
    """Every option at its largest, the streak as high as the match allows: each hand settles
    (a record beyond a bound would fail the step after its events were appended)."""
    options: dict[str, Any] = {name: most for name, (_, most) in _numbers(variant).items()}
    if variant == "nanjing":
        options["bixiahu_mode"] = "per_flag"
    game = Game(variant, seed=5, options=options, hands=6, streak=MAX_STREAK - 5)
    play(game, make_bots("random", 5))
    assert game.over
    assert all(r.get("dealer_streak", 1) <= MAX_STREAK for r in game.records)
    assert all(abs(d) < 2**53 for s in game.settlements for d in s.deltas)
    assert all(abs(x) <= INT64 for x in game.scores)


def test_sichuan_streak_grows_to_the_bound_and_no_further() -> None:
    """Sichuan keeps the dealer after a drawn hand (流局连庄; with ``dealer`` first_winner no
    dice move it): random bots draw nearly every hand, so the streak climbs a hand at a time,
    and the game's check keeps it within the bound."""
    options = {"dealer": "first_winner"}
    game = Game("sichuan", seed=2, hands=12, streak=MAX_STREAK - 11, options=options)
    play(game, make_bots("random", 2))
    streaks = [r["dealer_streak"] for r in game.records]
    assert streaks[0] < max(streaks) <= MAX_STREAK


def test_nanjing_flags_stop_at_the_bound() -> None:
    """Under ``per_flag`` the engine plants one flag per 比下胡 hand in a row (random bots
    draw every hand, and a draw triggers 比下胡): the flags stop at MAX_FLAGS, so each win
    is doubled at most ten times and every record the engine writes settles."""
    game = Game("nanjing", seed=1, hands=14, options={"bixiahu_mode": "per_flag"})
    play(game, make_bots("random", 1))
    flags = [r.get("bixiahu_flags") or 0 for r in game.records]
    assert max(flags) == MAX_FLAGS and flags.count(MAX_FLAGS) >= 2
    for record in game.records:
        settle(record)


def test_a_snapshot_that_could_pass_the_streak_bound_is_refused() -> None:
    game = Game("sichuan", seed=2, hands=3, streak=MAX_STREAK - 2)
    data = game.snapshot()
    Game.restore(data)
    for key, value in (("hands", 4), ("hands", MAX_HANDS + 1)):
        with pytest.raises(RecordError, match=r"^snapshot: (hands|state\.streak): "):
            Game.restore({**data, key: value})


# ------------------------------------------------------------------ property tests
NUMBERS = st.one_of(
    st.integers(-3, 40),
    st.integers(),
    st.sampled_from([0, 1, MAX_POINTS, MAX_POINTS + 1, MAX_STAKE, MAX_STAKE + 1, 2**63, -(2**63)]),
    st.just(0).map(lambda _: HUGE),  # (its repr would exceed Python's 4300 digits)
)
LEAVES = NUMBERS | st.none() | st.booleans() | st.floats() | st.text(max_size=6)
JSONISH = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
DEEP = st.integers(0, 3000).map(lambda n: _nest(n))


def _nest(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"x": value}
    return value


@st.composite
def rooms(draw: st.DrawFn) -> dict[str, Any]:
    variant = draw(st.sampled_from([*VARIANTS, "x"]))
    names = list(_numbers(variant)) if variant in VARIANTS else ["di_fen"]
    option_names = st.sampled_from([*names, "nope"]) if names else st.just("nope")
    values = st.one_of(NUMBERS, NUMBERS, JSONISH, DEEP)
    data: dict[str, Any] = {"variant": variant}
    data["options"] = draw(st.dictionaries(option_names, values, max_size=3))
    for field in draw(st.lists(st.sampled_from(["hands", "stake", "hand_cap", "match_cap"]))):
        data[field] = draw(st.one_of(NUMBERS, JSONISH))
    return data


@SLOW
@given(rooms())
def test_any_room_builds_within_its_bounds_or_is_a_majiang_error(data: dict[str, Any]) -> None:
    try:
        room = RoomConfig.from_dict(data)
    except MajiangError:
        return
    assert 1 <= room.hands <= MAX_HANDS and 1 <= room.stake <= MAX_STAKE
    for name, value in room.game_options().items():
        if type(value) is int:
            least, most = number_range(_module(room.variant), name)
            assert least <= value <= most
    Game(room, seed=0)


def _numeric_paths(record: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(container, key) of every number, flag and seat of ``record`` and of the numbers a
    record of its variant may hold."""
    out: list[tuple[Any, Any]] = []
    stack: list[Any] = [record]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, dict | list):
                stack.append(value)
            elif isinstance(value, int) or value is None:
                out.append((node, key))
    options = record.setdefault("options", {})
    out += [(options, name) for name in _numbers(record["variant"])]
    out += [(record, "dealer_streak"), (record, "dealer")]
    if record["variant"] == "nanjing":
        out += [(record, "bixiahu_flags")]
    return out


@SLOW
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1), st.lists(NUMBERS, min_size=1))
def test_records_with_random_numbers_settle_or_raise_record_error(
    variant: str, seed: int, values: list[int]
) -> None:
    rng = random.Random(seed)
    record = copy.deepcopy(rng.choice(records(variant)))
    paths = _numeric_paths(record)
    for value in values[:4]:
        node, key = rng.choice(paths)
        node[key] = value
    try:
        s = settle(record)
    except RecordError:
        return
    assert sum(s.deltas) == 0 and all(abs(d) < 2**53 for d in s.deltas)


DEEP_TUPLE_SCRIPT = r"""
import copy, sys
sys.path.insert(0, sys.argv[1])
from bounds_records import VARIANTS, records
from majiang import settle
from majiang.errors import MajiangError, RecordError, RulesError
from majiang.room import RoomConfig

deep = 1
for _ in range(300_000):
    deep = (deep,)
names = {"nanchang": "di_fen", "nanjing": "kong_ming"}
for variant in VARIANTS:
    try:
        RoomConfig(variant, options={names.get(variant, "base"): deep})
    except RulesError:
        pass
    for where in ("options", "hand", "discards", "melds", "from", "winner", "tile", "flag"):
        for record in records(variant):
            p = record["players"][0]
            if where == "options":
                record["options"] = {names.get(variant, "base"): deep}
            elif where in ("hand", "discards"):
                p[where] = deep
            elif where in ("melds", "from"):
                seat = next((q for q in record["players"] if q["melds"]), None)
                if seat is None:
                    continue
                seat["melds"][0]["tiles" if where == "melds" else "from"] = deep
            elif where == "flag" and "result" in record:
                record["result"]["gang_kai"] = deep
            elif "result" in record and variant != "sichuan":
                record["result"][where] = deep
            try:
                settle(record)
            except RecordError:
                pass
print("survived")
"""


def test_deeply_nested_tuples_are_refused_not_a_crash(tmp_path: Any) -> None:
    """A tuple nested 300,000 deep (only a Python caller can pass one) as an option or a
    record field: hashing it, as the option and record caches did, overflowed CPython's C
    stack (a segfault); now it keys no cache and is refused like any bad value."""
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parent)
    done = subprocess.run(
        [sys.executable, "-c", DEEP_TUPLE_SCRIPT, here],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and done.stdout.strip() == "survived", done.stderr[-2000:]


@pytest.mark.parametrize(
    ("variant", "option"), [("nanchang", "di_fen"), ("gb", "base"), ("nanjing", "kong_ming")]
)
def test_the_server_refuses_a_room_with_an_unbounded_option(variant: str, option: str) -> None:
    """A ``create`` frame's options reach ``RoomConfig``: a 4,300-digit ``di_fen`` is
    ``bad_room`` before anything is stored (it used to be accepted, and the hand-ending step
    failed in ``store.append`` after it was applied in memory)."""
    from majiang.server.protocol import parse_frame
    from majiang.server.room import Room, RoomError
    from majiang.server.store import Store

    frame_text = json.dumps(
        {"type": "create", "variant": variant, "options": {option: 0}, "seats": ["bot"] * 4}
    )
    text = frame_text.replace(f'"{option}": 0', f'"{option}": {"9" * 4299}')
    frame = parse_frame(text)
    store = Store(":memory:")
    config = {k: v for k, v in frame.items() if k not in ("type", "id")}
    with pytest.raises(RoomError, match=rf"options\.{option}: expected a whole number"):
        Room.create(config, store)
    assert store.rooms() == []


def test_simulate_checks_the_match_length_before_any_work() -> None:
    from majiang.cli import main
    from majiang.game.simulation import simulate

    with pytest.raises(RulesError, match=r"^per_game: at most 1000 hands a match"):
        simulate(MAX_HANDS + 1, per_game=MAX_HANDS + 1, workers=2)
    assert main(["simulate", "--hands", "1", "--per-game", str(MAX_HANDS + 1)]) == 2
