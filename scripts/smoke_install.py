"""The smoke run of an installed wheel, as a pip user meets it (scripts/check_dist.sh).

Run by the python of a fresh virtual environment holding `majiang[rl,server]` and mypy,
from a folder outside the source tree that holds a copy of README.md and
examples/nanchang-hand.json; no Rust toolchain on PATH. Exits non-zero naming what failed.
"""

from __future__ import annotations

import importlib.metadata
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

# The README's two first examples, as its "Five minutes with the command line" shows them.
README_COMMANDS = (
    'analyze "123m456p789s12z55m" --indicator 4m',
    "settle examples/nanchang-hand.json",
)

USER_SCRIPT = """\
import majiang
from majiang.game import EfficiencyBot, Game, play

n: int = majiang.shanten("123m456p789s123z5m5m")
waits: list[str] = majiang.winning_tiles("1112345678999m", rules="standard")
game = Game(seed=1)
play(game, [EfficiencyBot() for _ in range(4)])
scores: list[int] = list(game.scores)
print(n, len(waits), sum(scores))
"""

# The same script with one wrong annotation: mypy must see the stubs to refuse it.
WRONG_SCRIPT = 'import majiang\n\nn: str = majiang.shanten("123m456p789s123z5m5m")\n'


def majiang_command(args: list[str]) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("majiang")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, check=False)


def readme_shown(command: str) -> list[str]:
    """The lines the README shows under `$ .venv/bin/majiang COMMAND`."""
    readme = Path("README.md").read_text(encoding="utf-8")
    for block in re.findall(r"```sh\n(.*?)```", readme, re.S):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line == f"$ .venv/bin/majiang {command}":
                shown = []
                for out in lines[i + 1 :]:
                    if out.startswith("$ "):
                        break
                    shown.append(out)
                return shown
    raise SystemExit(f"README.md shows no `majiang {command}`")


def check(ok: bool, what: str) -> None:
    if not ok:
        raise SystemExit(f"smoke run failed: {what}")
    print(f"ok  {what}")


def main() -> int:
    import majiang

    for tool in ("cargo", "rustc"):
        check(shutil.which(tool) is None, f"no {tool} on PATH")
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    where = Path(majiang.__file__).resolve()
    check(where.is_relative_to(site), f"majiang imported from the venv ({where})")
    version = importlib.metadata.version("majiang")
    check(majiang.__version__ == version, f"majiang.__version__ {majiang.__version__} = {version}")
    done = majiang_command(["--version"])
    check(done.stdout == f"majiang {version}\n", f"`majiang --version` says {done.stdout!r}")

    for command in README_COMMANDS:
        done = majiang_command(shlex.split(command))
        check(done.returncode == 0, f"`majiang {command}` exits 0 ({done.stderr.strip()})")
        printed = done.stdout.splitlines()
        for line in readme_shown(command):
            if "..." in line:
                prefix = line.split("...")[0].rstrip()
                if prefix:  # a bare "..." stands for lines left out
                    check(any(p.startswith(prefix) for p in printed), f"printed {prefix!r}...")
            elif line.strip():
                check(line in printed, f"printed {line!r}")

    done = majiang_command(["simulate", "--hands", "20"])
    check(done.returncode == 0, f"`majiang simulate --hands 20` exits 0 ({done.stderr.strip()})")
    check("20 hands of nanchang" in done.stdout, "simulate reports its 20 hands")

    # The rl extra: the Gymnasium and PettingZoo environments import and play a step.
    import numpy as np

    from majiang.rl.gym_env import MajiangEnv
    from majiang.rl.pettingzoo_env import env as aec_env

    gym = MajiangEnv()
    obs, _ = gym.reset(seed=3)
    first = int(np.flatnonzero(obs["action_mask"])[0])
    gym.step(first)
    check(obs["observation"].shape[1] == 34, "majiang.rl's Gymnasium environment steps")
    aec = aec_env()
    aec.reset(seed=3)
    check(len(aec.agents) == 4, "majiang.rl's PettingZoo environment resets")

    # The server extra: the command's help and the application module.
    done = majiang_command(["serve", "--help"])
    check(done.returncode == 0 and "--port" in done.stdout, "`majiang serve --help`")
    import json

    from majiang.server.app import catalog  # starlette from the extra

    check("nanchang" in json.dumps(catalog()), "the server's catalog of variants")
    static = Path(majiang.__file__).with_name("server") / "static" / "index.html"
    check(static.is_file(), "the browser table's files shipped")

    check(Path(majiang.__file__).with_name("py.typed").is_file(), "py.typed shipped")
    Path("user_script.py").write_text(USER_SCRIPT, encoding="utf-8")
    Path("wrong_script.py").write_text(WRONG_SCRIPT, encoding="utf-8")
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental"]
    done = subprocess.run([*mypy, "user_script.py"], capture_output=True, text=True, check=False)
    check(done.returncode == 0, f"mypy --strict passes a user script ({done.stdout.strip()})")
    done = subprocess.run([*mypy, "wrong_script.py"], capture_output=True, text=True, check=False)
    check(
        done.returncode == 1 and 'has type "int"' in done.stdout,
        f"mypy --strict refuses a wrong annotation from the stubs ({done.stdout.strip()})",
    )
    done = subprocess.run([sys.executable, "user_script.py"], capture_output=True, text=True)
    check(done.returncode == 0, f"the user script runs ({done.stderr.strip()})")
    print("smoke run passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
