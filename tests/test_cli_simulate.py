"""`majiang simulate` through the real entry point: tables, JSON, logs, workers, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import majiang
from majiang.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_table_shows_rates_per_seat_and_patterns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--hands", "40", "--seed", "2"], capsys)
    assert code == 0 and err == ""  # no progress bar off a terminal
    assert out.splitlines()[0] == "40 hands of nanchang, seed 2"
    for word in ("win rate", "mean score", "self-drawn wins", "德国", "十三烂", "efficiency"):
        assert word in out
    assert "\x1b[" not in out  # no colour codes off a terminal


def test_json_is_the_same_for_the_same_seed_and_any_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--hands", "24", "--seed", "9", "--bots", "efficiency,random,random,efficiency"]
    first = run([*argv, "--json"], capsys)[1]
    again = run([*argv, "--json"], capsys)[1]
    spread = run([*argv, "--json", "--workers", "2"], capsys)[1]
    assert first == again == spread
    data = json.loads(first)
    assert data["hands"] == 24 and data["bots"] == ["efficiency", "random", "random", "efficiency"]
    assert abs(sum(data["win_rate"]) + data["draw_rate"] - 1) < 1e-9
    other = json.loads(run(["--hands", "24", "--seed", "10", "--json"], capsys)[1])
    assert other != data


def test_log_replays_to_the_printed_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    code, out, _ = run(["--hands", "12", "--per-game", "4", "--log", str(log), "--json"], capsys)
    assert code == 0
    stats = json.loads(out)
    replayed = majiang.replay(log)
    assert len(replayed.hands) == 12
    totals = [0, 0, 0, 0]
    for hand in replayed.hands:
        for s in range(4):
            totals[s] += hand.settlement.deltas[s]
    assert [t / 12 for t in totals] == stats["mean_score"]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--bots", "clever"], "--bots: expected one or four of efficiency, random"),
        (["--bots", "random,random"], "--bots: expected one or four"),
        (["--hands", "0"], "must be positive"),
        (["--workers", "0"], "must be positive"),
        (["--log", "/nonexistent/dir/x.jsonl", "--hands", "1"], "cannot write"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


def test_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--help"])
    assert exit_info.value.code == 0
    assert "majiang simulate --hands 1000" in capsys.readouterr().out
