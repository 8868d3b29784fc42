"""``majiang play``: a human against three EfficiencyBots, by keyboard, in the terminal.

Answers are read line by line from stdin: a number from the list of legal actions, a tile to
discard (``5m``, ``五万``), or a word (``win``/``hu``, ``pong``/``peng``, ``chow``/``chi``,
``kong``/``gang``, ``pass``/``p``, optionally with which tiles); ``help`` lists the actions again,
``quit`` (or the end of input) ends the game.

Example:
    >>> from majiang.game import Chow, Discard, Pass, Pong
    >>> legal = [Pong(), Chow("345m"), Chow("456m"), Pass()]
    >>> parse_answer("peng", legal), parse_answer("chi 456m", legal), parse_answer("4", legal)
    (Pong(), Chow(tiles='456m'), Pass())
    >>> parse_answer("chi", legal)
    'which chow? chow 1 (345m), chow 2 (456m)'
    >>> parse_answer("5m", [Discard("5m"), Discard("6m")])
    Discard(tile='5m')
    >>> from majiang.game import Declare
    >>> voids = [Declare("void", v) for v in "mps"]
    >>> [parse_answer(a, voids).value for a in ("p", "条", "void m")]
    ['p', 's', 'm']
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

import majiang
from majiang.cli.commands import SUMMARIES
from majiang.cli.console import console
from majiang.cli.seat_view import known_to_act, seat_table
from majiang.cli.simulate import read_room
from majiang.cli.table_view import (
    OPENINGS,
    SUITS,
    action_text,
    declare_text,
    event_line,
    settlement_view,
    table_view,
)
from majiang.cli.tiles_text import Tiles, Trimmed
from majiang.cli.variants_help import listed, variant_help
from majiang.errors import MajiangError, RulesError, quoted
from majiang.game.actions import Action, Chow, Declare, Discard, Kong, Pass, Pong, Win
from majiang.game.bots import EfficiencyBot
from majiang.game.engine import Game
from majiang.game.observation import Observation
from majiang.game.simulation import make_bots
from majiang.game.state import HandState
from majiang.game.streams import seat_events
from majiang.room import HUMAN
from majiang.variants import names as variant_names
from majiang.variants.registry import DEFAULT

EXAMPLE = """examples:
  majiang play                          one hand as seat 0 against three EfficiencyBots
  majiang play --hands 8 --hints        a match of 8 hands, with shanten and the best discards
  majiang play --seat 2 --seed 7 --zh   seat 2, a fixed deal, tiles by Chinese name

At each prompt type the number of an action, a tile to discard (5m), or a word: win/hu,
pong/peng, chow/chi (+ 345m or its number if several), kong/gang, pass/p; help lists the
actions again; quit (or Ctrl-D) ends the game.
"""

WORDS: dict[str, type[Action]] = {
    "win": Win,
    "hu": Win,
    "胡": Win,
    "pong": Pong,
    "peng": Pong,
    "碰": Pong,
    "chow": Chow,
    "chi": Chow,
    "吃": Chow,
    "kong": Kong,
    "gang": Kong,
    "杠": Kong,
    "pass": Pass,
    "p": Pass,
    "过": Pass,
    "discard": Discard,
    "d": Discard,
    "打": Discard,
}
NAMES = {Win: "win", Pong: "pong", Chow: "chow", Kong: "kong", Pass: "pass", Discard: "discard"}
QUIT = ("quit", "exit", "q")
HELP = ("help", "?", "h")


def register(commands: Any) -> None:
    p = commands.add_parser(
        "play",
        help=SUMMARIES["play"],
        description="Play against three EfficiencyBots: discard by tile or number, answer "
        "claim prompts, see the bots' moves and the settlement table after each hand."
        f"\n\nVariants: {listed()}.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--seat", type=int, default=0, choices=range(4), metavar="S", help="your seat")
    p.add_argument("--seed", type=int, help="the same seed deals the same game (default: random)")
    p.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    p.add_argument(
        "--variant",
        default=DEFAULT,
        choices=variant_names(),
        help=variant_help("the rules"),
    )
    p.add_argument(
        "--config",
        metavar="FILE",
        help="a room configuration (JSON): variant, options, hands, stake, caps and the bots; "
        "its human seat (if any) is yours",
    )
    p.add_argument("--hints", action="store_true", help="show shanten and the best discards")
    p.add_argument("--glyphs", action="store_true", help="show tiles as Unicode glyphs")
    p.add_argument("--zh", action="store_true", help="show tiles by Chinese name")
    p.set_defaults(run=run)


class _Quit(Exception):
    """The player ended the game (``quit`` or the end of input)."""


def _tiles_of(text: str) -> list[str] | None:
    try:
        return sorted(majiang.parse_tiles(text))
    except MajiangError:
        return None


def _matches(action: Action, names: list[str]) -> bool:
    if isinstance(action, Discard):
        return names == [action.tile]
    if isinstance(action, Chow):
        return names == sorted(majiang.parse_tiles(action.tiles))
    if isinstance(action, Kong):
        return names in ([action.tile], [action.tile] * 4)
    return False


def _number(text: str) -> int | None:
    """The number ``text`` is written as (ASCII or other decimal digits), None if it is none.
    ``"²".isdigit()`` is true but no number; a number too long for ``int`` is no answer."""
    if not text.isdecimal():
        return None
    return int(text) if len(text) <= 9 else 10**9


def _shown(text: str) -> str:
    """Part of an answer, for a hint: as typed if short, else quoted and capped."""
    return text if len(text) <= 30 and text.isprintable() else quoted(text)


def parse_answer(text: str, legal: Sequence[Action]) -> Action | str:
    """The legal action an answer names, or a short hint saying why it names none.

    Example:
        >>> parse_answer("zz", [Discard("1m")])
        "not understood: 'zz'. Type a number 1-1, a tile like 5m, or help"
    """
    answer = text.strip().lower()
    like = _example(legal)
    if not answer:
        return f"type a number 1-{len(legal)}, {like}, or help"
    i = _number(answer)
    if i is not None:
        if 1 <= i <= len(legal):
            return legal[i - 1]
        shown = str(i) if len(answer) <= 9 else quoted(answer)
        return f"no action {shown}: type a number 1-{len(legal)}"
    declared = _declaration(answer, legal)
    if declared is not None:
        return declared
    head, _, rest = answer.partition(" ")
    rest = rest.strip()
    kind = WORDS.get(head)
    if kind is None:
        names = _tiles_of(answer)
        if names is None:
            return (
                f"not understood: {quoted(text.strip())}. "
                f"Type a number 1-{len(legal)}, {like}, or help"
            )
        kind, rest = Discard, answer
    word = NAMES[kind]
    found = [a for a in legal if isinstance(a, kind)]
    if not found:
        if kind is Discard:
            return "you cannot discard now: answer the claim (pass if you do not want it)"
        return f"no {word} now"
    if not rest:
        if len(found) == 1:
            return found[0]
        if kind is Discard:
            return "which tile? e.g. discard 5m"
        choices = ", ".join(
            f"{word} {i} ({a.tiles if isinstance(a, Chow) else getattr(a, 'tile', '')})"
            for i, a in enumerate(found, 1)
        )
        return f"which {word}? {choices}"
    n = _number(rest)
    if n is not None and 1 <= n <= len(found):
        return found[n - 1]
    names = _tiles_of(rest)
    if names is not None:
        for a in found:
            if _matches(a, names):
                return a
    if kind is Discard:
        return f"you hold no {_shown(rest)} to discard"
    return f"no {word} {_shown(rest)} now"


def _example(legal: Sequence[Action]) -> str:
    """What an answer may look like besides a number, for the hints."""
    opening = next((a.what for a in legal if isinstance(a, Declare)), None)
    if opening == "void":
        return "a suit like m (万)"
    if opening == "exchange":
        return "three tiles like 123m"
    return "a word like ready" if opening is not None else "a tile like 5m"


def _declaration(answer: str, legal: Sequence[Action]) -> Declare | None:
    """The declaration an answer names: its value (``m``; 换三张's tiles in any order), what
    and value (``void m``), the suit's or the opening's Chinese name (``万``, ``报听``) or its
    words as listed."""
    tiles = _tiles_of(answer.removeprefix("exchange").strip())
    for a in legal:
        if isinstance(a, Declare):
            names = {a.value, f"{a.what} {a.value}".strip(), declare_text(a.what, a.value)}
            names.add(SUITS.get(a.value, "") if a.what == "void" else OPENINGS.get(a.what, ""))
            if answer in {n.lower() for n in names if n}:
                return a
            if a.what == "exchange" and tiles is not None and tiles == _tiles_of(a.value):
                return a
    return None


def _readline() -> str:
    """One line of the answers; bytes that are not UTF-8 become U+FFFD (an answer that is
    not understood, not an error)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream without bytes under it (tests, notebooks)
        return sys.stdin.readline()
    data: bytes = buffer.readline()
    return data.decode("utf-8", errors="replace")


class Session:
    """One game at the keyboard: the human's seat, three bots, the console and the options."""

    def __init__(self, args: argparse.Namespace, out: Console) -> None:
        self.args = args
        self.out = out
        self.me: int = args.seat
        self.opts: dict[str, Any] = {"glyphs": args.glyphs, "zh": args.zh}
        self.tiles = Tiles(args.glyphs, args.zh)
        self.bots: list[Any] = [EfficiencyBot(s) for s in range(4)]
        self.hand = 0  # hands settled so far

    # ------------------------------------------------------------------ input
    def _read(self, prompt: str) -> str:
        self.out.print(Text(prompt, style="bold"), end="")
        line = _readline()
        if not line:
            raise _Quit("no more input")
        if not sys.stdin.isatty():
            self.out.print(Text(line.rstrip("\n")))  # echo piped answers
        if line.strip().lower() in QUIT:
            raise _Quit("you quit")
        return line

    # ------------------------------------------------------------------ views
    def _situation(self, o: Observation, legal: Sequence[Action]) -> str:
        """What the human is asked, from its observation only."""
        if o.phase == "claim" and o.last_discard is not None:
            return f"seat {o.discarder} discards {self.tiles.one(o.last_discard)}: claim it?"
        if o.phase == "rob" and o.last_discard is not None:
            tile = self.tiles.one(o.last_discard)
            return f"seat {o.turn} adds {tile} to a kong: rob it (抢杠)?"
        if o.phase == "declare":
            what = next((a.what for a in legal if isinstance(a, Declare)), "")
            return f"declare: {declare_text(what, '')}?" if what else "declare?"
        if o.drawn is not None:
            return f"your turn: you drew {self.tiles.one(o.drawn)}"
        return "your turn: discard"

    def _actions(self, legal: Sequence[Action]) -> Text:
        text = Text()
        others = [(i, a) for i, a in enumerate(legal, 1) if not isinstance(a, Discard)]
        discards = [(i, a) for i, a in enumerate(legal, 1) if isinstance(a, Discard)]
        if others:
            text.append("  " + "   ".join(f"{i}) {action_text(a, **self.opts)}" for i, a in others))
        if discards:
            if others:
                text.append("\n")
            text.append("  discard: ")
            text.append("  ".join(f"{i}) {self.tiles.one(a.tile)}" for i, a in discards))
        return text

    def _hints(self, game: Game, legal: Sequence[Action]) -> Text:
        """Shanten, and the best discards among the legal ones (Sichuan: the void suit's
        first) or the waits."""
        o = game.observation(self.me)
        hand = list(o.hand_counts)
        opts: dict[str, Any] = {"rules": game.table.shapes, "jing": list(o.wilds),
                                "melds": o.meld_count}  # fmt: skip
        shanten = majiang.shanten(hand, **opts)
        text = Text("hint: ", style="yellow")
        text.append(f"shanten {shanten}" + (" (complete)" if shanten == -1 else ""))
        if sum(hand) % 3 == 2:  # a discard to choose
            visible = o.visible(reveals=True)  # 下精 shown count
            allowed = {a.tile for a in legal if isinstance(a, Discard)}
            ranked = majiang.discard_options(hand, visible=visible, **opts)
            best = [d for d in ranked if d["discard"] in allowed][:3]
            if best:
                text.append("; best discards: ")
                text.append(
                    ", ".join(
                        f"{self.tiles.one(o['discard'])} (shanten {o['shanten']}, "
                        f"{o['unseen']} unseen effective)"
                        for o in best
                    )
                )
        else:
            waits = majiang.winning_tiles(hand, **opts) if shanten == 0 else []
            if waits:
                text.append("; waits " + " ".join(self.tiles.one(w) for w in waits))
        return text

    def _events(self, game: Game, shown: int, finals: Sequence[HandState]) -> int:
        """Print the events from ``shown`` on: a header at each deal, one line per event and
        at each settlement the hand's final table (``finals``) and its settlement."""
        for event in seat_events(game.events[shown:], self.me, game.table):
            kind = event["event"]
            if kind == "deal":
                self.out.print()
                title = f"── hand {self.hand + 1} of {self.args.hands}: you are seat {self.me} ──"
                self.out.print(Text(title, style="bold"))
                streak = event.get("dealer_streak", 1)
                label = game.table.streak_label
                floor = f", {label} {streak}" if label and streak > 1 else ""
                self.out.print(f"dealer seat {event.get('dealer')}{floor}")
                continue
            shows = game.table.concealed_kongs_shown
            private = game.table.private_openings
            self.out.print(
                event_line(
                    event,
                    self.me,
                    shows_concealed_kongs=shows,
                    private_openings=private,
                    **self.opts,
                )
            )
            if kind == "settlement":
                winner = game.records[self.hand]["result"].get("winner")
                final = finals[self.hand]
                self.out.print()
                self.out.print(table_view(game, state=final, winner=winner, **self.opts))
                self.out.print()
                self.out.print(
                    settlement_view(game.settlements[self.hand], game.variant.name, **self.opts)
                )
                self.hand += 1
        return len(game.events)

    # ------------------------------------------------------------------ turns
    def screen(self, game: Game, legal: Sequence[Action]) -> list[RenderableType]:
        """What the human is shown before it acts: its table, what it is asked, the hints
        (``--hints``) and its actions; from its observation and legal actions only."""
        o = game.observation(self.me)
        acting = known_to_act(o, bool(legal))
        shown: list[RenderableType] = [seat_table(o, game.table, acting, **self.opts)]
        shown.append(Text(self._situation(o, legal), style="bold"))
        if self.args.hints:
            shown.append(self._hints(game, legal))
        shown.append(self._actions(legal))
        return shown

    def _human(self, game: Game, legal: Sequence[Action]) -> Action:
        self.out.print()
        for part in self.screen(game, legal):
            self.out.print(part)
        while True:
            line = self._read("your move > ")
            if line.strip().lower() in HELP:
                self.out.print(self._actions(legal))
                continue
            choice = parse_answer(line, legal)
            if not isinstance(choice, str):
                return choice
            self.out.print(Text(choice, style="red"))

    def play(self, game: Game) -> None:
        """Play the match to its end, asking the human at each of its decisions."""
        finals: list[HandState] = []  # each finished hand's state (the engine deals anew)
        shown = 0
        while True:
            shown = self._events(game, shown, finals)
            if game.over:
                return
            waiting = game.to_act()
            seat = next((s for s in waiting if s != self.me), self.me)
            legal = game.legal_actions(seat)
            if seat == self.me:
                action = self._human(game, legal)
            else:
                action = self.bots[seat].act(game.observation(seat), legal)
            state, done = game.state, len(game.records)
            game.step(seat, action)
            if len(game.records) > done:
                finals.append(state)  # the engine leaves the finished hand's state as it ended

    def scores_table(self, scores: Sequence[int]) -> Trimmed:
        """The scores, the human's seat marked."""
        table = Table(box=None, pad_edge=False)
        table.add_column("seat", justify="right")
        table.add_column("score", justify="right")
        for s, score in enumerate(scores):
            table.add_row(f"{s}" + (" (you)" if s == self.me else ""), f"{score:+d}")
        return Trimmed(table)


def run(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise RulesError(f"--hands: expected a positive number, got {args.hands}")
    seed = random.randrange(2**32) if args.seed is None else args.seed
    room = read_room(args.config) if args.config else None
    options: dict[str, Any] = {}
    against = "three EfficiencyBots"
    if room is not None:  # the room's rules, length and seats
        humans = [s for s, name in enumerate(room.bots) if name == HUMAN]
        if len(humans) > 1:
            raise RulesError(f"bots: majiang play seats one human, got {list(room.bots)}")
        args.variant, args.hands, options = room.variant, room.hands, room.game_options()
        if humans:
            args.seat = humans[0]
        against = ", ".join(n for s, n in enumerate(room.bots) if s != args.seat) + " bots"
    out = console()
    session = Session(args, out)
    if room is not None:
        names = [name if name != HUMAN else "efficiency" for name in room.bots]
        session.bots = make_bots(names, seed, len(names))
    game = Game(args.variant, seed=seed, hands=args.hands, options=options)
    if args.seat >= game.seats:
        raise RulesError(f"--seat: {args.variant} seats 0-{game.seats - 1}, got {args.seat}")
    if room is None and game.seats != 4:
        against = f"{game.seats - 1} EfficiencyBot" + ("s" if game.seats > 2 else "")
        session.bots = session.bots[: game.seats]
    out.print(
        f"majiang play: {args.variant}, seed {seed}, you are seat {args.seat} against {against}"
    )
    try:
        session.play(game)
    except (_Quit, KeyboardInterrupt) as e:
        why = str(e) if isinstance(e, _Quit) else "interrupted"
        out.print()
        scores = " ".join(f"{s:+d}" for s in game.scores)
        out.print(f"{why}: the game ends here (scores {scores})")
        return 0 if isinstance(e, _Quit) else 130
    out.print()
    out.print(Text(f"final scores after {args.hands} hand(s)", style="bold"))
    out.print(session.scores_table(game.scores))
    return 0
