"""``majiang replay LOG``: each hand turn by turn, one seat's view, stepping, JSON, bad logs."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from majiang.cli import main
from majiang.game import EfficiencyBot, Game, play, write_events


@pytest.fixture(scope="module")
def game() -> Game:
    return play(Game(seed=1, hands=3), [EfficiencyBot() for _ in range(4)])


@pytest.fixture
def log(tmp_path: Path, game: Game) -> Path:
    path = tmp_path / "games.jsonl"
    write_events(path, game.events)
    return path


def totals(deltas: tuple[int, ...]) -> list[str]:
    return ["total", *(f"{d:+d}" for d in deltas)]


def test_every_hand_with_its_settlement(
    log: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(log)]) == 0
    lines = capsys.readouterr().out.splitlines()
    shown = [line.split() for line in lines if line.startswith("total")]
    assert shown == [totals(s.deltas) for s in game.settlements]
    for k in range(3):
        assert any(line.startswith(f"── hand {k} ") for line in lines)
    first = next(e for e in game.events if e["event"] == "discard")
    assert f"seat {first['seat']} discards {first['tile']}" in lines
    assert any(line.startswith("jing 正精") for line in lines)


def test_one_hand(log: Path, game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(log), "--hand", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split() for line in lines if line.startswith("total")] == [
        totals(game.settlements[1].deltas)
    ]
    assert not any("hand 0" in line or "hand 2" in line for line in lines)


def test_a_hand_the_log_does_not_have(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(log), "--hand", "7"]) == 2
    assert capsys.readouterr().err == "majiang: the log has no hand 7\n"


def test_one_seat_sees_only_its_own_hand(
    log: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(log), "--hand", "2", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    final = game.records[2]["players"]
    assert final[2]["hand"] in out
    for other in (0, 1, 3):
        assert final[other]["hand"] not in out
    assert "tiles)" in out
    hand = _hand_events(game, 2)
    draws = [e for e in hand if e["event"] == "draw" and e["seat"] != 2 and "replacement" not in e]
    assert f"seat {draws[0]['seat']} draws\n" in out
    assert f"seat {draws[0]['seat']} draws {draws[0]['tile']}" not in out


def test_full_view_shows_every_hand(
    log: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(log), "--hand", "0"]) == 0
    out = capsys.readouterr().out
    for player in game.records[0]["players"]:
        assert player["hand"] in out


def test_step_waits_for_enter(
    log: Path, game: Game, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = _hand_events(game, 0)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * len(hand)))
    assert main(["replay", str(log), "--hand", "0", "--step"]) == 0
    out = capsys.readouterr().out
    assert out.count("Enter: next, q: quit") == len(hand)
    assert totals(game.settlements[0].deltas) in [line.split() for line in out.splitlines()]
    assert "replay stopped" not in out


def test_step_q_quits(
    log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\nq\n"))
    assert main(["replay", str(log), "--step"]) == 0
    out = capsys.readouterr().out
    assert out.count("Enter: next, q: quit") == 3
    assert "replay stopped at line 3" in out
    assert "total" not in out


def test_step_shows_the_table_after_each_event(
    log: Path, game: Game, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))  # then EOF: stops like q
    assert main(["replay", str(log), "--step", "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert sum(line.startswith("jing 正精") for line in out.splitlines()) == 2
    assert game.events[0]["hands"][0] in out  # seat 0's dealt hand, shown to seat 0
    assert game.events[0]["hands"][1] not in out


def test_json_summary(log: Path, game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scores"] == game.scores
    assert [h["index"] for h in data["hands"]] == [0, 1, 2]
    assert [h["deltas"] for h in data["hands"]] == [list(s.deltas) for s in game.settlements]
    assert [h["result"] for h in data["hands"]] == [r["result"] for r in game.records]


def test_stdin_log(
    game: Game, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    buf = io.StringIO()
    write_events(buf, game.events)
    monkeypatch.setattr("sys.stdin", io.StringIO(buf.getvalue()))
    assert main(["replay", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == game.scores


def test_step_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "-", "--step"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("majiang: --step") and err.count("\n") == 1


def test_tampered_log_names_the_line(
    tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    events = [dict(e) for e in game.events]
    at = next(i for i, e in enumerate(events) if e["event"] == "discard")
    held = events[0]["hands"][events[at]["seat"]]
    events[at]["tile"] = next(t for t in ("1m", "9p", "5s", "7z") if t[0] not in held)
    path = tmp_path / "bad.jsonl"
    write_events(path, events)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"majiang: line {at + 1}: ") and err.count("\n") == 1


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("majiang: cannot read ") and err.count("\n") == 1


def test_glyphs_and_chinese(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(log), "--hand", "0", "--zh"]) == 0
    assert "正精" in capsys.readouterr().out
    assert main(["replay", str(log), "--hand", "0", "--glyphs"]) == 0
    assert any(0x1F000 <= ord(c) <= 0x1F02F for c in capsys.readouterr().out)


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["replay", "--help"])
    assert e.value.code == 0
    assert "majiang replay games.jsonl --hand 2 --step" in capsys.readouterr().out


def _hand_events(game: Game, index: int) -> list[dict[str, object]]:
    hands: list[list[dict[str, object]]] = [[]]
    for e in game.events:
        hands[-1].append(e)
        if e["event"] == "settlement":
            hands.append([])
    return hands[index]
