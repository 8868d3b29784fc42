"""Regression tests for the Python input paths of issue 11: one test per defect (9-15, and the
judgement calls), each failing before its fix. The property tests that keep the whole class of
defect out are in test_input_properties.py."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import majiang
from majiang import tiles
from majiang.cli import main
from majiang.game import EfficiencyBot, Game, play
from majiang.game.actions import from_dict
from majiang.game.simulation import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def nanchang_record() -> dict[str, Any]:
    record: dict[str, Any] = json.loads((EXAMPLES / "nanchang-hand.json").read_text("utf-8"))
    return record


def played_records() -> list[dict[str, Any]]:
    """A finished hand record of every variant."""
    out = []
    for variant in ("nanchang", "pingxiang", "nanjing"):
        game = play(Game(variant, seed=7), [EfficiencyBot() for _ in range(4)])
        out.append(copy.deepcopy(game.records[0]))
    return out


def log_lines(hands: int = 2) -> list[str]:
    game = play(Game(seed=3, hands=hands), [EfficiencyBot() for _ in range(4)])
    return [json.dumps(e, ensure_ascii=False) for e in game.events]


def one_line_exit_2(code: int, capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_9_lone_surrogates_are_majiang_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Tile fields of a hand record, of every variant (valid JSON: "\ud800").
    for record in [nanchang_record(), *played_records()]:
        bad = copy.deepcopy(record)
        bad["players"][2]["hand"] = "\ud800"
        with pytest.raises(majiang.RecordError, match=r"^players\[2\]\.hand: not valid Unicode"):
            majiang.settle(json.loads(json.dumps(bad)))
    with pytest.raises(majiang.RecordError, match=r"^jing_indicator: "):
        majiang.settle({**nanchang_record(), "jing_indicator": "\ud800"})
    with pytest.raises(majiang.TileParseError):
        tiles.to_counts("5m\ud800")
    # Dict actions: refused, and the game is unchanged.
    game = Game(seed=1)
    seat = game.to_act()[0]
    before = game.snapshot()
    for action in (
        {"type": "discard", "tile": "\ud800"},
        {"type": "chow", "tiles": "\udcff"},
        {"type": "kong", "tile": "\ud800", "kind": "added"},
        {"type": "pong", "tile": "\ud800"},
    ):
        with pytest.raises(majiang.IllegalActionError):
            game.step(seat, action)
        assert game.snapshot() == before
    # `majiang analyze $'\xff'`: the shell's bytes arrive as a lone surrogate.
    err = one_line_exit_2(main(["analyze", "\udcff"]), capsys)
    assert "not UTF-8 text" in err
    # Non-UTF-8 answers to `majiang play`: an answer not understood, then the end of input.
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n")))
    assert main(["play", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "not understood" in out and "no more input" in out


def test_10_replay_errors_name_the_line(tmp_path: Path) -> None:
    lines = log_lines()
    deal = json.loads(lines[0])
    cases: list[tuple[list[str], str]] = [
        (["[" * 100_000], "line 1: not JSON"),
        ([lines[0], '{"event": "draw", "x": ' + "[" * 5000 + "]" * 5000 + "}"], "line 2: not JSON"),
        ([json.dumps({**deal, "variant": 5}), *lines[1:]], "line 1: deal event: variant"),
        ([json.dumps({**deal, "dealer_streak": 0}), *lines[1:]], "line 1: deal event: dealer_"),
    ]
    for log, fragment in cases:
        with pytest.raises(majiang.ReplayError, match=rf"^{fragment}"):
            majiang.replay(log)
    path = tmp_path / "bad.jsonl"
    path.write_bytes("\n".join(lines[:3]).encode() + b"\n\xff\xfe junk\n")
    with pytest.raises(majiang.ReplayError, match=r"^line 4: not UTF-8 text"):
        majiang.replay(path)
    with pytest.raises(majiang.ReplayError, match=r"^line 4: not UTF-8 text"):
        majiang.replay(io.BytesIO(path.read_bytes()))


def test_11_cli_bad_files_exit_2_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\xff\xfe\x00\x81 junk")
    brackets = tmp_path / "brackets.json"
    brackets.write_text("[" * 100_000, encoding="utf-8")
    for argv, fragment in (
        (["settle", str(junk)], "not UTF-8 text"),
        (["replay", str(junk)], "line 1: not UTF-8 text"),
        (["settle", str(brackets)], "nested too deeply"),
        (["replay", str(brackets)], "nested too deeply"),
    ):
        assert fragment in one_line_exit_2(main(argv), capsys)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xff{}")))
    assert "stdin: not UTF-8" in one_line_exit_2(main(["settle", "-"]), capsys)
    if Path("/dev/full").exists():
        code = main(["simulate", "--hands", "3", "--log", "/dev/full"])
        assert "/dev/full: cannot write" in one_line_exit_2(code, capsys)
    # `printf '²\n' | majiang play`: "²".isdigit() but no number; a hint, no traceback.
    monkeypatch.setattr("sys.stdin", io.StringIO("²\nchi ²\n" + "9" * 5000 + "\n"))
    assert main(["play", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "not understood: '²'" in out and "no action '999" in out and err == ""


def test_12_simulate_memory_stays_flat() -> None:
    # A trillion hands under a 2 GB address-space limit: the first hand is played at once
    # (before the fix every work chunk was built first, ~60 MB/s, with no hand played).
    script = textwrap.dedent(
        """
        import resource, sys, time
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        from majiang.game.simulation import simulate
        start = time.perf_counter()
        class Done(Exception):
            pass
        def stop(hands):
            raise Done
        try:
            simulate(10**12, seed=1, progress=stop)
        except Done:
            print(f"first hand after {time.perf_counter() - start:.1f}s")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("first hand after")


def test_13_out_of_range_integers_are_majiang_errors(capsys: pytest.CaptureFixture[str]) -> None:
    huge = str(2**70)
    for argv in (
        ["analyze", "123m456p789s1234z", "--melds", huge],
        ["analyze", "123m456p789s1234z", "--limit", huge],
        ["analyze", "123m456p789s1234z", "--limit", "-1"],
    ):
        one_line_exit_2(main(argv), capsys)
    # A number too long to print (Python refuses int -> str beyond 4300 digits) in a record or
    # an action: the message quotes it in words instead of failing to be built.
    with pytest.raises(
        majiang.RecordError, match=r"^dealer: expected a seat 0-3, got <a 16610-bit integer>$"
    ):
        majiang.settle({**nanchang_record(), "dealer": 10**5000})
    with pytest.raises(majiang.IllegalActionError, match=r"^tile: expected tiles as text"):
        from_dict({"type": "discard", "tile": 10**5000})
    with pytest.raises(majiang.InvalidHandError, match=r"0 to 4 copies"):
        tiles.from_counts([2**70] + [0] * 33)


def test_14_options_must_be_an_object_in_every_variant() -> None:
    refused: list[Any] = [0, "", [], False]
    for record in [nanchang_record(), *played_records()]:
        for options in refused:
            with pytest.raises(majiang.RecordError, match=r"^options: expected an object"):
                majiang.settle({**record, "options": options})
        expected = majiang.settle(record).deltas
        defaults: list[Any] = [None, {}]
        for accepted in defaults:
            assert majiang.settle({**record, "options": accepted}).deltas == expected


def test_15_from_counts_checks_its_counts() -> None:
    with pytest.raises(majiang.InvalidHandError, match=r"counts\[0\]: a kind has 0 to 4"):
        tiles.from_counts([5] * 34)
    with pytest.raises(majiang.InvalidHandError, match=r"counts\[0\]: a kind has 0 to 4"):
        tiles.from_counts([-1] * 34)
    with pytest.raises(majiang.InvalidHandError, match=r"34 entries"):
        tiles.from_counts([0] * 35)
    for junk in ([True] + [0] * 33, [1.0] * 34, ["1"] * 34, "1" * 34, 34, None):
        with pytest.raises(majiang.ArgumentTypeError):
            tiles.from_counts(junk)  # type: ignore[arg-type]
    assert tiles.from_counts(tiles.to_counts("1112345678999m")) == "1112345678999m"


def test_judgement_wrong_types_are_argument_type_errors() -> None:
    assert issubclass(majiang.ArgumentTypeError, majiang.MajiangError)
    assert issubclass(majiang.ArgumentTypeError, TypeError)
    loose: Any = tiles  # called with the wrong types on purpose
    sim: Any = simulate
    calls: list[Any] = [
        lambda: loose.to_counts(5),
        lambda: loose.from_counts(None),
        lambda: sim("3"),
        lambda: sim(2.0),
        lambda: sim(1, seed="1"),
        lambda: sim(1, bots=5),
        lambda: sim(1, options=[]),
    ]
    for call in calls:
        with pytest.raises(majiang.ArgumentTypeError):
            call()


def test_judgement_bools_are_no_counts() -> None:
    with pytest.raises(majiang.ArgumentTypeError):
        tiles.from_counts([False] * 33 + [True])
    for kwargs in ({"hands": True}, {"hands": 1, "workers": True}, {"hands": 1, "seed": False}):
        with pytest.raises(majiang.ArgumentTypeError):
            simulate(**kwargs)
    with pytest.raises(majiang.RecordError, match=r"^dealer: expected a seat"):
        majiang.settle({**nanchang_record(), "dealer": True})


def test_judgement_messages_quote_input_capped() -> None:
    assert majiang.errors.quoted("x" * 1000).endswith("…")
    assert len(majiang.errors.quoted("x" * 1000)) == 60
    long_text = "\u2603" * 100_000
    failures: list[Any] = [
        lambda: majiang.settle({**nanchang_record(), "dealer": long_text}),
        lambda: majiang.settle({**nanchang_record(), "options": [long_text]}),
        lambda: from_dict({"type": long_text}),
        lambda: majiang.replay([json.dumps({"event": long_text})]),
        lambda: tiles.from_counts([long_text] * 34),  # type: ignore[list-item]
    ]
    for fail in failures:
        with pytest.raises(majiang.MajiangError) as info:
            fail()
        assert len(str(info.value)) < 200


def test_to_counts_refuses_a_fifth_copy() -> None:
    # Found by hypothesis (test_input_properties): four 中 by name and one by glyph counted 5.
    with pytest.raises(majiang.InvalidHandError, match=r"^5 copies of 7z: a kind has only four$"):
        tiles.to_counts("中中中中🀄")
    with pytest.raises(majiang.InvalidHandError, match=r"^5 copies of 1m"):
        tiles.to_counts(["1m"] * 5)
    assert tiles.to_counts("1111m")[0] == 4


def test_a_huge_integer_variant_is_named_not_converted() -> None:
    # Found by hypothesis (test_input_properties): repr of a 16,610-bit int raised ValueError.
    for bad in (10**5000, -(10**5000)):
        with pytest.raises(majiang.RecordError, match=r"got <a 166\d\d-bit integer>$"):
            majiang.settle({"variant": bad})
    with pytest.raises(majiang.RulesError, match=r"^unknown variant <a 166\d\d-bit integer>"):
        majiang.variants.lookup(10**5000)


def test_a_declare_event_with_no_seat_number_is_a_replay_error() -> None:
    # Found by hypothesis (test_input_properties): a Sichuan log whose 定缺 event names its seat
    # by a dict raised TypeError (unhashable) instead of naming the line.
    game = play(Game("sichuan", seed=1), [EfficiencyBot() for _ in range(4)])
    at = next(i for i, e in enumerate(game.events) if e["event"] == "declare")
    for bad in ({"x": 1}, True, "0", None):
        events = [dict(e) for e in game.events]
        events[at]["seat"] = bad
        with pytest.raises(majiang.ReplayError, match=rf"^line {at + 1}: declare event: seat"):
            majiang.replay(events)
