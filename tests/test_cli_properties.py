"""Property tests of the command line's input paths: any answer typed at ``majiang play``'s
prompt is an action or a message (the session asks again), and any ``majiang analyze``
arguments give a result (exit 0) or one line on stderr with exit 2."""

from __future__ import annotations

import argparse
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.cli import main
from majiang.cli.console import console
from majiang.cli.play import QUIT, Session, _Quit, parse_answer
from majiang.game import Action, Chow, Declare, Discard, Game, Kong, Pass, Pong, Win
from majiang.variants import names

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = ["win", "hu", "胡", "pong", "peng", "chow", "chi", "kong", "gang", "pass", "p", "d",
         "discard", "void", "exchange", "ready", "报听", "万", "筒", "条", "help", "?"]  # fmt: skip
TILES = ["1m", "5m", "9p", "3s", "7z", "0m", "5f", "五万", "🀇", "123m", "456p", "m", "s"]
ANY_CHAR = st.characters(blacklist_categories=())  # surrogates and controls included
ANSWERS = st.one_of(
    st.text(ANY_CHAR, max_size=40),
    st.lists(
        st.sampled_from([*WORDS, *TILES, "1", "2", "99", "10" * 30, "²", " "]), max_size=4
    ).map(" ".join),
)
"""Answers: any text, and sentences of the words and tiles the prompt understands."""

LEGALS: list[list[Action]] = [
    [Win(), Kong("5m", "exposed"), Pong(), Chow("345m"), Chow("456m"), Pass()],
    [Win(), Kong("1z", "concealed"), Discard("5m"), Discard("1z")],
    [Declare("void", v) for v in "mps"],
    [Declare("exchange", "123m"), Declare("exchange", "456p"), Declare("exchange", "789s")],
    [Declare("ready", ""), Pass()],
    [Pass()],
]


def _game_states() -> list[tuple[Game, int]]:
    """Real prompts: each variant's first decision of seat 0 and of the dealer."""
    found = []
    for name in names():
        game = Game(name, seed=3)
        for seat in {0, game.state.dealer}:
            if game.legal_actions(seat):
                found.append((game, seat))
    return found


STATES = _game_states()


@FAST
@given(answer=ANSWERS, legal=st.sampled_from(LEGALS))
def test_any_answer_is_an_action_or_a_one_line_message(answer: str, legal: list[Action]) -> None:
    found = parse_answer(answer, legal)
    if isinstance(found, str):
        assert found and "\n" not in found
    else:
        assert found in legal


@FAST
@given(answers=st.lists(ANSWERS, max_size=4), which=st.integers(0, len(STATES) - 1))
def test_the_session_asks_until_an_action(answers: list[str], which: int) -> None:
    game, seat = STATES[which]
    legal = game.legal_actions(seat)
    lines = iter([a.replace("\n", " ") + "\n" for a in answers] + ["1\n"])
    args = argparse.Namespace(seat=seat, hands=1, hints=True, glyphs=False, zh=False)
    session = Session(args, console(io.StringIO()))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("sys.stdin", io.StringIO(""))
        mp.setattr("majiang.cli.play._readline", lambda: next(lines))
        try:
            action = session._human(game, legal)
        except _Quit:  # quit typed: the session's own end
            assert any(a.strip().lower() in QUIT for a in answers)
            return
    assert action in legal
    expected = next(
        (parse_answer(a, legal) for a in answers if a.strip().lower() not in ("help", "?", "h")
         and not isinstance(parse_answer(a, legal), str)),
        legal[0],
    )  # fmt: skip
    assert action == expected


ARG = st.one_of(
    st.sampled_from(["--json", "--self-drawn", "--last-copy", "--replacement", "--robbing",
                     "--last-tile", "--glyphs", "--zh"]).map(lambda a: [a]),
    st.tuples(st.sampled_from(["--variant", "--rules"]),
              st.sampled_from([*names(), "standard", "gb", "x", ""])).map(list),
    st.tuples(st.sampled_from(["--melds", "--flowers", "--limit"]),
              st.sampled_from(["0", "1", "2", "4", "9", "-1", "x", "99999999999"])).map(list),
    st.tuples(st.sampled_from(["--meld", "--jing", "--indicator", "--win"]),
              st.sampled_from([*TILES, "an:5555z", "an:1m", "555z", "1234m", ""])).map(list),
    st.tuples(st.sampled_from(["--seat-wind", "--prevalent-wind"]),
              st.sampled_from(["E", "S", "X"])).map(list),
)  # fmt: skip
HANDS = st.one_of(
    st.sampled_from(["123m456p789s12z55m", "123m456m789p123s55s", "11223344556677p",
                     "1112345678999m", "123m456p789s55m", "234p55p", "123m11z"]),
    st.lists(st.sampled_from(TILES), max_size=16).map("".join),
    st.text(ANY_CHAR.filter(lambda c: not 0xD800 <= ord(c) <= 0xDFFF), max_size=20),
)  # fmt: skip


@settings(FAST, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(hand=HANDS, options=st.lists(ARG, max_size=5))
def test_any_analyze_arguments_give_a_result_or_one_line_and_exit_2(
    hand: str, options: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["analyze", "--", hand] if hand.startswith("-") else ["analyze", hand]
    argv[1:1] = [a for pair in options for a in pair]
    try:
        code = main(argv)
    except SystemExit as e:  # argparse: a usage error
        code = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    if code == 0:
        assert out and err == ""
    else:
        assert code == 2, (argv, err)
        assert err.startswith("majiang") and err.count("\n") == 1, (argv, err)
        assert "Traceback" not in err
