"""``majiang play``: a human at the keyboard (stdin) against three EfficiencyBots."""

from __future__ import annotations

import argparse
import io
import re

import pytest

import majiang
from majiang.cli import main
from majiang.cli.console import console
from majiang.cli.play import Session, parse_answer
from majiang.game import Action, Chow, Declare, Discard, Game, Kong, Pass, Pong, Win
from majiang.game.bots import EfficiencyBot


def run(
    args: list[str],
    answers: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["play", *args])
    return code, capsys.readouterr().out


def totals(out: str) -> list[list[str]]:
    return [line.split() for line in out.splitlines() if line.startswith("total ")]


def test_a_hand_to_its_settlement(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["--seed", "3"], "1\n" * 300, monkeypatch, capsys)
    assert code == 0
    assert len(totals(out)) == 1
    assert "payer  payee  amount  reason" in out
    assert "final scores after 1 hand(s)" in out
    assert "your move > " in out
    assert "the game ends here" not in out


def test_a_match_of_two_hands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(
        ["--seed", "3", "--hands", "2", "--seat", "2"], "1\n" * 600, monkeypatch, capsys
    )
    assert code == 0
    assert "── hand 1 of 2: you are seat 2 ──" in out
    assert "── hand 2 of 2: you are seat 2 ──" in out
    assert len(totals(out)) == 2
    scores = [line.split()[-1] for line in out.splitlines()[-4:]]
    deltas = [[int(x) for x in t[1:]] for t in totals(out)]
    assert [int(s) for s in scores] == [a + b for a, b in zip(*deltas, strict=True)]


def test_pingxiang_with_hints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(
        ["--variant", "pingxiang", "--seed", "5", "--hands", "2", "--hints"],
        "1\n" * 600,
        monkeypatch,
        capsys,
    )
    assert code == 0
    assert out.startswith("majiang play: pingxiang, seed 5")
    assert len(totals(out)) == 2
    assert "hint: shanten" in out
    assert "jing" not in out and "indicator" not in out  # Pingxiang has no wild tiles
    assert "\nwall " in out
    assert "wins" in out or "exhaustive draw" in out


def test_words_as_answers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # pass is refused on a turn (a hint, then the next line), win is taken when legal.
    answers = "pass\nwin\n1\n" * 300
    code, out = run(["--seed", "5"], answers, monkeypatch, capsys)
    assert code == 0 and len(totals(out)) == 1


def test_bad_entries_get_a_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["--seed", "3"], "zz\n99\nchi\n\nhelp\n" + "1\n" * 300, monkeypatch, capsys)
    assert code == 0
    assert "not understood: 'zz'" in out
    assert "no action 99" in out
    assert "no chow now" in out
    assert len(totals(out)) == 1


def test_hints_show_shanten(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["--seed", "3", "--hints"], "", monkeypatch, capsys)
    assert code == 0
    assert "hint: shanten " in out and "best discards: " in out


def test_end_of_input_ends_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["--seed", "3"], "1\n1\n", monkeypatch, capsys)
    assert code == 0
    assert out.splitlines()[-1].startswith("no more input: the game ends here")
    assert not totals(out)


def test_quit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["--seed", "3"], "1\nquit\n1\n", monkeypatch, capsys)
    assert code == 0
    assert out.splitlines()[-1].startswith("you quit: the game ends here")


def test_bots_moves_are_shown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["--seed", "3", "--seat", "1"], "1\n" * 3, monkeypatch, capsys)
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("seat 2 discards ") for line in lines)
    assert "seat 1 (you)" in out
    # other seats' drawn tiles stay hidden, the human's own are shown
    assert any(line == "seat 2 draws" or line == "seat 3 draws" for line in lines)


def test_bad_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--hands", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("majiang: --hands") and err.count("\n") == 1


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--help"])
    assert e.value.code == 0
    assert "majiang play --hands 8 --hints" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("3", Pong()),
        ("hu", Win()),
        ("WIN", Win()),
        ("peng", Pong()),
        ("chi 345m", Chow("345m")),
        ("chi 2", Chow("456m")),
        ("gang", Kong("5m", "exposed")),
        ("p", Pass()),
        ("pass", Pass()),
    ],
)
def test_claim_answers(answer: str, expected: object) -> None:
    legal: list[Action] = [Win(), Kong("5m", "exposed"), Pong(), Chow("345m"), Chow("456m"), Pass()]
    assert parse_answer(answer, legal) == expected


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ("chi", "which chow? chow 1 (345m), chow 2 (456m)"),
        ("chi 789m", "no chow 789m now"),
        ("5m", "you cannot discard now"),
        ("0", "no action 0"),
        ("", "type a number 1-6"),
    ],
)
def test_claim_hints(answer: str, hint: str) -> None:
    legal: list[Action] = [Win(), Kong("5m", "exposed"), Pong(), Chow("345m"), Chow("456m"), Pass()]
    found = parse_answer(answer, legal)
    assert isinstance(found, str) and found.startswith(hint)


def test_discard_answers() -> None:
    legal: list[Action] = [Win(), Kong("1z", "concealed"), Discard("5m"), Discard("1z")]
    assert parse_answer("5m", legal) == Discard("5m")
    assert parse_answer("d 1z", legal) == Discard("1z")
    assert parse_answer("五万", legal) == Discard("5m")
    assert parse_answer("kong", legal) == Kong("1z", "concealed")
    assert parse_answer("9s", legal) == "you hold no 9s to discard"
    assert parse_answer("pong", legal) == "no pong now"


def test_the_dealers_drawn_tile_is_not_shown_in_the_openings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Sichuan, seed 1: seat 1 deals and holds its 14th tile while seat 0 declares 定缺.
    game = Game("sichuan", seed=1)
    assert game.state.dealer == 1 and game.state.phase == "declare"
    assert game.state.drawn is not None
    code, out = run(["--variant", "sichuan", "--seed", "1"], "quit\n", monkeypatch, capsys)
    assert code == 0
    screen = out.split("your move > ")[0]
    assert "you drew" not in screen
    assert "declare: void (定缺)?" in screen
    # the menu names the suits; only the asking seat is marked to act
    assert "1) void m (万)   2) void p (筒)   3) void s (条)" in screen
    marked = [line.split()[0] for line in screen.splitlines() if "▶" in line]
    assert marked == ["0"]


def test_opening_answers_name_the_suit_or_the_tiles() -> None:
    voids: list[Action] = [Declare("void", v) for v in "mps"]
    assert parse_answer("s", voids) == Declare("void", "s")
    assert parse_answer("VOID P", voids) == Declare("void", "p")
    assert parse_answer("万", voids) == Declare("void", "m")
    assert parse_answer("void p (筒)", voids) == Declare("void", "p")
    hint = parse_answer("z", voids)
    assert isinstance(hint, str) and "a suit like m (万)" in hint
    trios: list[Action] = [Declare("exchange", "123m"), Declare("exchange", "456p")]
    assert parse_answer("321m", trios) == Declare("exchange", "123m")
    assert parse_answer("exchange 654p", trios) == Declare("exchange", "456p")
    ready: list[Action] = [Declare("ready", ""), Pass()]
    assert parse_answer("报听", ready) == Declare("ready", "")
    assert parse_answer("p", ready) == Pass()


def test_hints_rank_only_the_legal_discards() -> None:
    """Sichuan: while a seat holds its void suit it must discard from it (缺一门), so the
    hints' best discards are the void suit's even where another tile ranks higher."""
    args = argparse.Namespace(seat=0, hands=1, hints=True, glyphs=False, zh=False)
    session = Session(args, console(io.StringIO()))
    bots = [EfficiencyBot(s) for s in range(4)]
    for seed in range(40):
        game = Game("sichuan", seed=seed)
        while not game.over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            discards = {a.tile for a in legal if isinstance(a, Discard)}
            if seat == 0 and discards:
                o = game.observation(0)
                counts = list(o.hand_counts)
                ranked = majiang.discard_options(counts, rules=game.table.shapes,
                                                 melds=o.meld_count)  # fmt: skip
                if any(d["discard"] not in discards for d in ranked[:3]):
                    buf = io.StringIO()
                    console(buf).print(session._hints(game, legal))
                    named = re.findall(r"(\d[mps]) \(shanten", buf.getvalue())
                    assert named and set(named) <= discards, (buf.getvalue(), discards)
                    return
            game.step(seat, bots[seat].act(game.observation(seat), legal))
    pytest.fail("no Sichuan turn where the void suit must go first was found")
