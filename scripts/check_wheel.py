"""Checks a built Linux wheel is the one a release may ship; exits non-zero naming each fault.

    python scripts/check_wheel.py dist/majiang-*.whl

- every platform tag in the file name is manylinux with glibc <= 2.17 (manylinux2014);
- `auditwheel show` agrees: the tag it finds the binary consistent with, and every GLIBC_
  symbol version the binary needs, are no newer than 2.17;
- the wheel is abi3 for CPython >= 3.10, under 1.5 MB, and holds the license, the stubs,
  py.typed and metadata whose version is Cargo.toml's.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import zipfile
from pathlib import Path

MAX_GLIBC = (2, 17)
MAX_BYTES = 1_500_000
ROOT = Path(__file__).resolve().parent.parent
# The legacy manylinux names and the glibc each stands for (PEP 600).
LEGACY = {"manylinux1": (2, 5), "manylinux2010": (2, 12), "manylinux2014": (2, 17)}
REQUIRED_FILES = ("majiang/_core.abi3.so", "majiang/_core.pyi", "majiang/py.typed")


def glibc_of_tag(tag: str) -> tuple[int, int]:
    """The glibc a platform tag asks for; a tag that is not manylinux raises ValueError."""
    legacy = re.fullmatch(r"(manylinux1|manylinux2010|manylinux2014)_\w+", tag)
    if legacy:
        return LEGACY[legacy.group(1)]
    modern = re.fullmatch(r"manylinux_(\d+)_(\d+)_\w+", tag)
    if modern:
        return int(modern.group(1)), int(modern.group(2))
    raise ValueError(f"platform tag {tag!r} is not a manylinux tag")


def wheel_tags(filename: str) -> tuple[str, str, list[str]]:
    """(python tag, abi tag, platform tags) of a wheel file name."""
    parts = Path(filename).name.removesuffix(".whl").split("-")
    if len(parts) not in (5, 6):
        raise ValueError(f"{filename!r} is not a wheel file name")
    return parts[-3], parts[-2], parts[-1].split(".")


def tag_faults(filename: str, max_glibc: tuple[int, int] = MAX_GLIBC) -> list[str]:
    python, abi, platforms = wheel_tags(filename)
    faults = []
    if (python, abi) != ("cp310", "abi3"):
        faults.append(f"tagged {python}-{abi}, not cp310-abi3 (one wheel for CPython >= 3.10)")
    for tag in platforms:
        try:
            glibc = glibc_of_tag(tag)
        except ValueError as e:
            faults.append(str(e))
            continue
        if glibc > max_glibc:
            faults.append(f"platform tag {tag} needs glibc {_dotted(glibc)} > {_dotted(max_glibc)}")
    return faults


def auditwheel_faults(report: str, max_glibc: tuple[int, int] = MAX_GLIBC) -> list[str]:
    """Faults in the text `auditwheel show` printed for the wheel."""
    text = " ".join(report.split())  # auditwheel wraps its lines
    faults = []
    consistent = re.search(r'consistent with the following platform tag: "([^"]+)"', text)
    if consistent is None:
        faults.append("auditwheel names no platform tag the wheel is consistent with")
    else:
        try:
            glibc = glibc_of_tag(consistent.group(1))
        except ValueError as e:
            faults.append(f"auditwheel: {e}")
        else:
            if glibc > max_glibc:
                faults.append(
                    f"auditwheel finds it consistent only with {consistent.group(1)}, "
                    f"newer than glibc {_dotted(max_glibc)}"
                )
    needed = {(int(a), int(b)) for a, b in re.findall(r"GLIBC_(\d+)\.(\d+)", text)}
    faults.extend(
        f"the binary needs symbol version GLIBC_{_dotted(v)} > {_dotted(max_glibc)}"
        for v in sorted(needed)
        if v > max_glibc
    )
    return faults


def content_faults(path: Path, max_bytes: int = MAX_BYTES) -> list[str]:
    faults = []
    size = path.stat().st_size
    if size > max_bytes:
        faults.append(f"the wheel is {size:,} bytes, over {max_bytes:,}")
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        faults.extend(f"{name} is missing" for name in REQUIRED_FILES if name not in names)
        info = [n for n in names if re.fullmatch(r"majiang-[^/]+\.dist-info/METADATA", n)]
        if not info:
            return [*faults, "no dist-info/METADATA"]
        dist_info = info[0].rsplit("/", 1)[0]
        if f"{dist_info}/licenses/LICENSE" not in names:
            faults.append(f"{dist_info}/licenses/LICENSE is missing")
        metadata = wheel.read(info[0]).decode("utf-8")
    version = re.search(r"^Version: (.+)$", metadata, re.M)
    cargo = cargo_version()
    if version is None or version.group(1) != cargo:
        found = version.group(1) if version else None
        faults.append(f"metadata version {found!r} is not Cargo.toml's {cargo!r}")
    faults.extend(
        f"metadata has no {field!r}"
        for field in ("License-Expression: MIT", "Requires-Python: >=3.10", "Project-URL: ")
        if field not in metadata
    )
    faults.extend(
        f"metadata lists no extra {extra!r}"
        for extra in ("rl", "ray", "server")
        if f"Provides-Extra: {extra}\n" not in metadata
    )
    return faults


def cargo_version() -> str:
    """The package version in Cargo.toml (its first `version =` line: [package]'s)."""
    found = re.search(r'^version = "([^"]+)"', (ROOT / "Cargo.toml").read_text("utf-8"), re.M)
    if found is None:
        raise SystemExit("Cargo.toml has no version line")
    return found.group(1)


def auditwheel_report(path: Path) -> str:
    auditwheel = Path(sys.executable).with_name("auditwheel")
    done = subprocess.run(
        [str(auditwheel), "show", str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"auditwheel show failed on {path}:\n{done.stdout}{done.stderr}")
    return done.stdout


def _dotted(version: tuple[int, int]) -> str:
    return f"{version[0]}.{version[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", type=Path)
    args = parser.parse_args(argv)
    path: Path = args.wheel
    report = auditwheel_report(path)
    faults = tag_faults(path.name) + auditwheel_faults(report) + content_faults(path)
    if faults:
        print(f"{path.name} is not a releasable manylinux2014 wheel:", file=sys.stderr)
        for fault in faults:
            print(f"  - {fault}", file=sys.stderr)
        return 1
    needed = sorted(set(re.findall(r"GLIBC_[\d.]+", report)))
    print(
        f"{path.name}: manylinux2014 per auditwheel, {path.stat().st_size:,} bytes, "
        f"newest symbol version {max(needed, key=_version_key) if needed else 'none'}"
    )
    return 0


def _version_key(symbol: str) -> tuple[int, ...]:
    return tuple(int(p) for p in symbol.removeprefix("GLIBC_").split("."))


if __name__ == "__main__":
    sys.exit(main())
