"""Where a record is wrong: every RecordError of a hand record carries ``loc``, the key path
of the field (pydantic's form, the record's own key names) and ``msg``, and its text is
``<path>: <msg>``; a malformed record (an engine record mutated) raises RecordError and
nothing else, naming a field that is in the record or would be in its parent. And a hand the
engine finishes settles from its typed record exactly as its record dict does."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from bounds_records import VARIANTS, records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import majiang
import majiang.variants.registry
from majiang import Game, settle
from majiang.errors import RecordError, loc_text
from majiang.game.engine import play
from majiang.game.simulation import make_bots
from majiang.record_parts import parse_loc
from majiang.record_schema import counts_kinds
from majiang.typed_records import engine_settle

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _error(record: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        settle(record)
    return info.value


def _win(variant: str) -> dict[str, Any]:
    """A won record of ``variant`` with a meld somewhere (the seeded match has both)."""
    for r in records(variant):
        if r["result"]["kind"] == "win" and any(p["melds"] for p in r["players"]):
            return r
    raise AssertionError(f"no won record with a meld in {variant}'s seeded match")


def _melder(record: dict[str, Any]) -> int:
    return next(s for s, p in enumerate(record["players"]) if p["melds"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_shared_fields_carry_their_location(variant: str) -> None:
    r = records(variant)[0]
    cases: list[tuple[dict[str, Any], tuple[Any, ...]]] = []
    cases.append(({**r, "dealer": 4}, ("dealer",)))
    cases.append(({**r, "variant": "nowhere"}, ("variant",)))
    cases.append(({**r, "bogus": 1}, ("bogus",)))
    # Nanchang's options are read by its rules (a RulesError naming the option, quoted under
    # ``options``); the others' by the record's option check.
    option = ("options",) if variant == "nanchang" else ("options", "no_such_option")
    cases.append(({**r, "options": {"no_such_option": 1}}, option))
    bad = records(variant)[0]
    bad["players"][2]["extra"] = True
    cases.append((bad, ("players", 2, "extra")))
    bad = records(variant)[0]
    del bad["players"][1]["hand"]
    cases.append((bad, ("players", 1, "hand")))
    bad = records(variant)[0]
    bad["players"][3]["hand"] = 12
    cases.append((bad, ("players", 3, "hand")))
    for record, loc in cases:
        e = _error(record)
        assert e.loc == loc, (str(e), e.loc)
        assert str(e) == f"{loc_text(loc)}: {e.msg}"
        if loc == option:
            assert "no_such_option" in str(e)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_meld_error_names_the_meld_field(variant: str) -> None:
    r = _win(variant)
    seat = _melder(r)
    r["players"][seat]["melds"][0]["from"] = seat  # a claim of one's own tile
    e = _error(r)
    assert e.loc == ("players", seat, "melds", 0, "from")
    assert e.msg.startswith(f"a {r['players'][seat]['melds'][0]['kind']} ")
    r = _win(variant)
    r["players"][seat]["melds"][0]["tiles"] = "12m"
    assert _error(r).loc == ("players", seat, "melds", 0, "tiles")


def test_each_variant_s_own_fields_carry_their_location() -> None:
    gb = records("gb")[0]
    assert _error({**gb, "prevalent_wind": 4}).loc == ("prevalent_wind",)
    gb["players"][0]["flowers"] = "1f1f"
    gb["options"] = {"flowers": True}
    assert _error(gb).loc == ("players", 0, "flowers")
    nanjing = records("nanjing")[0]
    nanjing["players"][1]["ready"] = "yes"
    assert _error(nanjing).loc == ("players", 1, "ready")
    sichuan = records("sichuan")[0]
    sichuan["players"][1]["void"] = 5
    assert _error(sichuan).loc == ("players", 1, "void")
    nanchang = records("nanchang")[0]
    assert _error({**nanchang, "jing_indicator": "55m"}).loc == ("jing_indicator",)
    pingxiang = records("pingxiang")[0]
    assert _error({**pingxiang, "chao_zhuang": 1}).loc == ("chao_zhuang",)
    assert _error({**pingxiang, "result": {"kind": "lost"}}).loc == ("result", "kind")
    assert _error({**pingxiang, "variant": 5}).loc == ("variant",)
    with pytest.raises(RecordError) as info:
        majiang.variants.registry.lookup("gb").settle([])
    assert info.value.loc == () and str(info.value) == "record: expected an object, got list"


def test_the_text_form_and_the_location_agree() -> None:
    assert parse_loc("players[2].melds[0].from") == ("players", 2, "melds", 0, "from")
    assert loc_text(("players", 2, "melds", 0, "from")) == "players[2].melds[0].from"
    assert parse_loc("record") == () and loc_text(()) == "record"
    e = RecordError.at(("wins", 1, "tile"), "expected one tile, got 2")
    copy = pickle.loads(pickle.dumps(e))
    assert (copy.loc, copy.msg, str(copy)) == (e.loc, e.msg, str(e))


# ------------------------------------------------------------------ malformed records
def _seeds() -> list[dict[str, Any]]:
    found = [r for v in VARIANTS for r in records(v)]
    found += [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES.glob("*-hand.json")]
    return found


SEEDS = _seeds()
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def _get(value: Any, loc: tuple[Any, ...]) -> Any:
    for part in loc:
        value = value[part]
    return value


def _resolves(record: Any, loc: tuple[Any, ...]) -> bool:
    """Whether ``loc`` is a path in ``record``, or its last key would be in a present object."""
    value = record
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(value, dict):
            if part not in value:
                return last
            value = value[part]
        elif isinstance(value, list) and type(part) is int:
            if not 0 <= part < len(value):
                return False
            value = value[part]
        else:
            return False
    return True


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_record_raises_record_error_at_a_real_location(data: st.DataObject) -> None:
    record = json.loads(json.dumps(data.draw(st.sampled_from(SEEDS))))
    for _ in range(data.draw(st.integers(1, 2))):
        paths = _paths(record)
        at = data.draw(st.sampled_from(paths))
        how = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if not at:
            continue
        parent = _get(record, at[:-1])
        if how == "replace":
            parent[at[-1]] = data.draw(JSON)
        elif how == "delete":
            del parent[at[-1]]
        else:
            target = _get(record, at)
            if isinstance(target, dict):
                target[data.draw(st.text(min_size=1, max_size=5))] = data.draw(JSON)
            else:
                parent[at[-1]] = data.draw(JSON)
    try:
        settle(record)
    except RecordError as e:
        if e.loc:
            assert _resolves(record, e.loc), (str(e), e.loc)
            assert str(e) == f"{loc_text(e.loc)}: {e.msg}", (str(e), e.loc)
    except majiang.RulesError:  # an unknown variant name
        assert record.get("variant") not in VARIANTS


# ------------------------------------------------------------------ typed vs dict
@pytest.mark.parametrize(
    ("variant", "options"),
    [(v, {}) for v in VARIANTS] + [("sichuan", {"xueliu": True}), ("gb", {"flowers": True})],
)
def test_the_engine_settles_each_hand_as_its_record_dict_does(
    variant: str, options: dict[str, Any]
) -> None:
    for seed in range(4):
        game = Game(variant, seed=seed, hands=3, options=options)
        play(game, make_bots("efficiency", seed))
        for record, settled in zip(game.records, game.settlements, strict=True):
            assert settle(record) == settled


@pytest.mark.parametrize(
    "variant", ["nanchang", "pingxiang", "nanjing", "guangdong", "gb", "sichuan", "hebei"]
)
def test_the_typed_record_is_the_record_dict_s(variant: str) -> None:
    module = __import__(f"majiang.variants.{variant}.record", fromlist=["HandRecord"])
    for seed in range(6):
        game = Game(variant, seed=seed, hands=1)
        play(game, make_bots("efficiency", seed))
        record = game.records[-1]
        typed = module.from_engine(record, game.state)
        assert typed == module.HandRecord.from_dict(record)
        assert typed.to_dict() == module.HandRecord.from_dict(record).to_dict()
        assert engine_settle(variant).typed is module.from_engine
        assert engine_settle(variant)(record, game.state) == settle(record)


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_counts_kinds_matches_the_brute_force(counts: list[int]) -> None:
    brute = tuple(k for k in range(34) for _ in range(counts[k]))
    assert counts_kinds(counts) == brute


def test_nanjing_s_typed_record_holds_the_checked_tiles_and_flowers() -> None:
    from majiang.variants.nanjing import record as nanjing

    seen_flowers = 0
    for seed in range(6):
        game = Game("nanjing", seed=seed, hands=1)
        play(game, make_bots("efficiency", seed))
        record = game.records[-1]
        typed = nanjing.from_engine(record, game.state)
        read = nanjing.HandRecord.from_dict(record)
        for mine, theirs in zip(typed.players, read.players, strict=True):
            assert mine.kinds == theirs.kinds and mine.kinds is not None
            assert mine.laid == theirs.laid == mine.flower_names
            seen_flowers += len(mine.flower_names)
    assert seen_flowers > 0


def test_nanjing_s_remembered_record_is_dropped_when_its_dict_changes() -> None:
    from majiang.variants.nanjing import record as nanjing

    game = Game("nanjing", seed=3, hands=1)
    play(game, make_bots("efficiency", 3))
    record = json.loads(json.dumps(game.records[-1]))
    typed = nanjing.from_engine(record, game.state)
    assert nanjing.checked(record) is typed
    record["dealer"] = 9
    with pytest.raises(RecordError) as info:
        nanjing.checked(record)
    assert info.value.loc == ("dealer",)


def test_a_xueliu_win_s_tiles_are_located_under_the_win() -> None:
    """血流成河: each winner's tiles as it won are checked as a seat is, and an error names
    the winner's entry in the win's ``hands`` or ``melds`` (keyed by the seat as text)."""
    game = Game("sichuan", seed=0, hands=1, options={"xueliu": True})
    play(game, make_bots("efficiency", 0))
    record = json.loads(json.dumps(game.records[-1]))
    assert settle(record) == game.settlements[-1]
    win = record["wins"][0]
    seat = next(iter(win["hands"]))
    bad = json.loads(json.dumps(record))
    bad["wins"][0]["hands"][seat] = "1z" + bad["wins"][0]["hands"][seat][2:]
    e = _error(bad)
    assert e.loc == ("wins", 0, "hands", seat) and _resolves(bad, e.loc), (str(e), e.loc)
    bad = json.loads(json.dumps(record))
    bad["wins"][0]["melds"][seat] = [{"kind": "peng", "tiles": "123m", "from": None}]
    e = _error(bad)
    assert e.loc[:4] == ("wins", 0, "melds", seat) and _resolves(bad, e.loc), (str(e), e.loc)
    assert str(e) == f"{loc_text(e.loc)}: {e.msg}"
