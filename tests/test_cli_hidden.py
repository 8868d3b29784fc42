"""Hidden information on the command line: every screen ``majiang play`` prints for its human
seat, and every table ``majiang replay --seat`` prints, holds only what that seat may see.

Seeded matches of every variant are played through the play session with a scripted human at
seat 0 (numbers, words and junk answers) and EfficiencyBots at the others. At each of the
human's decisions the screen is checked against the true state (the others' hand sizes and
nothing of their tiles, no drawn tile but its own, the seats marked to act: the turn seat, or
in a claim, rob or declare window only the human when asked) and must not change when what
the human cannot see (the other hands, the live wall, another seat's drawn tile) is dealt
anew. The event lines between the screens show no other seat's draw, concealed kong or
private declaration.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_hidden_information import out_seats, reshuffled

from majiang.cli import main
from majiang.cli.console import console
from majiang.cli.play import Session
from majiang.game import Action, EfficiencyBot, Game, play
from majiang.game.replays import iter_replay
from majiang.game.state import mpsz
from majiang.tiles import TILE_NAMES

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "nanchang": ("nanchang", {}),
    "pingxiang": ("pingxiang", {}),
    "nanjing": ("nanjing", {}),
    "sichuan": ("sichuan", {}),
    "sichuan-exchange": ("sichuan", {"exchange": True}),  # 换三张: a private opening
    "gb": ("gb", {}),
}
SEEDS = (1, 2, 3)  # seed 1 in Sichuan: seat 1 deals, the reported case
ME = 0
DRAW = re.compile(r"^seat (\d)(?: \(you\))? draws( a replacement)?(.*)$")
CONCEALED = re.compile(r"^seat (\d)(?: \(you\))? declares a concealed kong(.*)$")
HIDDEN_HAND = re.compile(r"^ *\d +(?:庄)? *(?:▶)? *\((\d+) tiles\)(?: showed \S+)?(?:  |$)")
EXCHANGE = re.compile(r"^seat (\d)(?: \(you\))? declares exchange(.*)$")


def text(parts: list[Any]) -> str:
    buf = io.StringIO()
    out = console(buf)
    for part in parts:
        out.print(part)
    return buf.getvalue()


def with_drawn_redealt(twin: Game, game: Game, rng: random.Random) -> Game:
    """The twin's drawn tile, when another seat holds it, one of that seat's new tiles: the
    drawn tile is hidden too (the twin keeps the original's otherwise)."""
    st = game.state
    if st.drawn is not None and st.turn != ME and st.turn not in out_seats(game):
        held = [k for k in range(34) if twin.state.hands[st.turn][k]]
        twin.state.drawn = rng.choice(held)
    return twin


def rows(screen: str) -> dict[int, str]:
    """The table rows of a screen by seat (the line after the column headers)."""
    found: dict[int, str] = {}
    for line in screen.splitlines():
        words = line.split()
        if words and words[0] in "0123" and len(words[0]) == 1 and int(words[0]) not in found:
            found[int(words[0])] = line
    return found


def check_screen(screen: str, game: Game, legal: list[Action]) -> None:
    """One decision's screen against the true state."""
    st, out = game.state, out_seats(game)
    table = rows(screen)
    assert sorted(table) == [0, 1, 2, 3], screen
    for s, row in table.items():
        if s == ME:
            assert mpsz(st.hands[s]) in row.replace(" + ", "").replace(" ", "") or (
                st.drawn is not None  # own hand with the drawn tile apart
            ), (row, mpsz(st.hands[s]))
        elif s in out:  # won and left play: face up
            assert f"{mpsz(st.hands[s])} (won)" in row, row
        else:
            cell = HIDDEN_HAND.match(row)  # a count, and the tiles it showed after the deal
            assert cell is not None and int(cell.group(1)) == sum(st.hands[s]), (s, row)
    marked = {s for s, row in table.items() if "▶" in row}
    if st.phase == "turn":
        assert marked == {st.turn}, screen
    else:  # claim, rob, declare: only the asking seat itself
        assert marked == ({ME} if legal else set()), (st.phase, screen)
    drew = re.search(r"you drew (\S+)", screen)
    if st.phase == "turn" and st.turn == ME and st.drawn is not None:
        assert drew is not None and drew.group(1) == TILE_NAMES[st.drawn], screen
    else:
        assert drew is None, (st.phase, st.turn, screen)


def check_event_lines(printed: str, game: Game) -> None:
    shows = game.table.concealed_kongs_shown
    for line in printed.splitlines():
        m = DRAW.match(line)
        if m and int(m.group(1)) != ME:
            assert m.group(3) == "", line
        m = CONCEALED.match(line)
        if m and int(m.group(1)) != ME and not shows:
            assert m.group(2) == "", line
        m = EXCHANGE.match(line)
        if m and int(m.group(1)) != ME and "to seat 0 (you)" not in line:
            assert not re.search(r"\d[mps]", m.group(2)), line


class CheckedSession(Session):
    """The play session with a scripted human whose every screen is checked."""

    def __init__(self, args: argparse.Namespace, out: Console, buf: io.StringIO, seed: int) -> None:
        super().__init__(args, out)
        self.buf = buf
        self.rng = random.Random(seed)
        self.legal: list[Action] = []
        self.screens = 0

    def answer(self) -> str:
        r = self.rng.random()
        if r < 0.75:
            return f"{self.rng.randrange(1, len(self.legal) + 1)}\n"
        return self.rng.choice(["zz\n", "\n", "help\n", "pass\n", "hu\n", "m\n", "5m\n", "99\n"])

    def _events(self, game: Game, shown: int, finals: Any) -> int:
        start = len(self.buf.getvalue())
        done = super()._events(game, shown, finals)
        printed = self.buf.getvalue()[start:]
        check_event_lines(printed.split("\nseat    payer")[0], game)
        return done

    def _human(self, game: Game, legal: Any) -> Action:
        self.legal = list(legal)
        screen = text(self.screen(game, legal))
        twin = with_drawn_redealt(reshuffled(game, ME, self.rng), game, self.rng)
        assert text(self.screen(twin, legal)) == screen
        start = len(self.buf.getvalue())
        action = super()._human(game, legal)
        printed = self.buf.getvalue()[start:]
        assert screen in printed  # what was checked is what the human saw
        check_screen(screen, game, self.legal)
        self.screens += 1
        return action


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_play_screen_holds_only_what_the_seat_may_see(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, options = VARIANTS[variant]
    for seed in SEEDS:
        args = argparse.Namespace(seat=ME, hands=2, hints=seed == 2, glyphs=False, zh=False)
        buf = io.StringIO()
        session = CheckedSession(args, console(buf), buf, seed)
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        monkeypatch.setattr("majiang.cli.play._readline", session.answer)
        game = Game(name, seed=seed, hands=2, options=options)
        session.play(game)
        assert game.over and session.screens > 0


def test_the_check_sees_a_drawn_tile_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks fail on a screen that names another seat's drawn tile (the reported case:
    Sichuan, seat 1 deals, seat 0 told "your turn: you drew 5s" while it declares 定缺)."""
    game = Game("sichuan", seed=1)
    assert game.state.drawn is not None and game.state.turn == 1
    args = argparse.Namespace(seat=ME, hands=1, hints=False, glyphs=False, zh=False)
    session = Session(args, console(io.StringIO()))
    legal = game.legal_actions(ME)
    screen = text(session.screen(game, legal))
    check_screen(screen, game, legal)
    leaked = screen.replace("declare: void (定缺)?", f"you drew {TILE_NAMES[game.state.drawn]}")
    with pytest.raises(AssertionError):
        check_screen(leaked, game, legal)
    marked = screen.replace("   1  庄   ", "   1  庄 ▶")  # seat 1 marked as asked too
    assert marked != screen
    with pytest.raises(AssertionError):
        check_screen(marked, game, legal)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_replay_of_a_seat_shows_only_its_view(
    variant: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    name, options = VARIANTS[variant]
    game = play(Game(name, seed=4, hands=1, options=options), [EfficiencyBot() for _ in range(4)])
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in game.events))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 2000))
    assert main(["replay", str(path), "--seat", str(ME), "--step"]) == 0
    screens = capsys.readouterr().out.split("Enter: next, q: quit > ")
    checked = 0
    for step, screen in zip(iter_replay(game.events), screens, strict=False):  # one game, stepped
        st, shown = step.game.state, out_seats(step.game)
        check_event_lines(screen, step.game)
        table = rows(screen.split("\n", 1)[1])
        for s in range(4):
            if s != ME and s not in shown:
                assert f"({sum(st.hands[s])} tiles)" in table[s], (s, table[s])
        if st.phase in ("claim", "rob", "declare"):
            assert all("▶" not in table[s] for s in range(4) if s != ME), screen
        checked += 1
    assert checked == len(game.events) == len(screens) - 1
