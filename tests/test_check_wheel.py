"""scripts/check_wheel.py refuses what a manylinux2014 release may not ship.

CI runs the checker on the real wheel (scripts/check_dist.sh); these tests make sure it can
fail: wheels tagged or linked for a newer glibc, and wheels missing what a pip user needs.
The end-to-end cases link a real shared library with the host's C compiler and let
auditwheel read it.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import check_wheel  # noqa: E402

AUDITWHEEL_2_17 = """
majiang-0.1.0-cp310-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
is consistent with the following platform tag:
"manylinux_2_17_x86_64".

The wheel references external versioned symbols in these
system-provided shared libraries: libc.so.6 with versions
{'GLIBC_2.17', 'GLIBC_2.14', 'GLIBC_2.3.4', 'GLIBC_2.3',
'GLIBC_2.2.5'}, libpthread.so.0 with versions {'GLIBC_2.12',
'GLIBC_2.2.5'}
"""


@pytest.mark.parametrize(
    ("tag", "glibc"),
    [
        ("manylinux2014_x86_64", (2, 17)),
        ("manylinux2010_x86_64", (2, 12)),
        ("manylinux1_x86_64", (2, 5)),
        ("manylinux_2_17_aarch64", (2, 17)),
        ("manylinux_2_34_x86_64", (2, 34)),
    ],
)
def test_glibc_of_tag(tag: str, glibc: tuple[int, int]) -> None:
    assert check_wheel.glibc_of_tag(tag) == glibc


@pytest.mark.parametrize("tag", ["linux_x86_64", "musllinux_1_2_x86_64", "macosx_11_0_arm64"])
def test_a_tag_that_is_not_manylinux_is_refused(tag: str) -> None:
    with pytest.raises(ValueError, match="not a manylinux tag"):
        check_wheel.glibc_of_tag(tag)


def test_the_release_tag_passes() -> None:
    name = "majiang-0.1.0-cp310-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"
    assert check_wheel.tag_faults(name) == []


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("majiang-0.1.0-cp310-abi3-manylinux_2_34_x86_64.whl", "needs glibc 2.34 > 2.17"),
        ("majiang-0.1.0-cp310-abi3-manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl", "2.28"),
        ("majiang-0.1.0-cp310-abi3-linux_x86_64.whl", "not a manylinux tag"),
        ("majiang-0.1.0-cp311-cp311-manylinux2014_x86_64.whl", "not cp310-abi3"),
    ],
)
def test_a_wheel_tagged_newer_or_narrower_is_refused(name: str, fault: str) -> None:
    faults = check_wheel.tag_faults(name)
    assert any(fault in f for f in faults), faults


def test_auditwheel_report_of_a_2_17_wheel_passes() -> None:
    assert check_wheel.auditwheel_faults(AUDITWHEEL_2_17) == []


def test_auditwheel_report_naming_a_newer_tag_or_symbol_is_refused() -> None:
    newer = AUDITWHEEL_2_17.replace('"manylinux_2_17_x86_64"', '"manylinux_2_34_x86_64"')
    newer = newer.replace("'GLIBC_2.14'", "'GLIBC_2.34'")
    faults = check_wheel.auditwheel_faults(newer)
    assert any("consistent only with manylinux_2_34_x86_64" in f for f in faults), faults
    assert any("GLIBC_2.34 > 2.17" in f for f in faults), faults
    assert check_wheel.auditwheel_faults("nothing said") == [
        "auditwheel names no platform tag the wheel is consistent with"
    ]


def _metadata(version: str) -> str:
    return (
        f"Metadata-Version: 2.4\nName: majiang\nVersion: {version}\n"
        "Requires-Python: >=3.10\nLicense-Expression: MIT\n"
        "Project-URL: Repository, https://example.invalid/majiang\n"
        "Provides-Extra: rl\nProvides-Extra: ray\nProvides-Extra: server\n"
    )


def _wheel(
    folder: Path, name: str, library: Path, *, skip: tuple[str, ...] = (), version: str = ""
) -> Path:
    """A wheel holding `library` as the extension module and the files check_wheel wants."""
    version = version or check_wheel.cargo_version()
    files = {
        "majiang/_core.pyi": "",
        "majiang/py.typed": "",
        f"majiang-{version}.dist-info/METADATA": _metadata(version),
        f"majiang-{version}.dist-info/licenses/LICENSE": "MIT",
        f"majiang-{version}.dist-info/WHEEL": "Wheel-Version: 1.0\nRoot-Is-Purelib: false\n",
    }
    members = [m for m in (*files, "majiang/_core.abi3.so") if m not in skip]
    # auditwheel finds the wheel's files through RECORD.
    record = f"majiang-{version}.dist-info/RECORD"
    files[record] = "".join(f"{m},,\n" for m in [*members, record])
    path = folder / name
    with zipfile.ZipFile(path, "w") as wheel:
        if "majiang/_core.abi3.so" not in skip:
            wheel.write(library, "majiang/_core.abi3.so")
        for member, text in files.items():
            if member not in skip:
                wheel.writestr(member, text)
    return path


def _library(folder: Path, call: str) -> Path:
    """A shared library linked by the host's cc that calls `call` from glibc."""
    source = folder / "probe.c"
    source.write_text(
        "#include <stdlib.h>\n#include <sys/random.h>\n"
        f"long probe(void) {{ char b[4]; return (long){call}; }}\n",
        encoding="utf-8",
    )
    out = folder / "probe.so"
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", "-o", str(out), str(source)], check=True)
    return out


RELEASE_NAME = "majiang-{v}-cp310-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"


def test_a_binary_needing_only_old_glibc_passes(tmp_path: Path) -> None:
    library = _library(tmp_path, "malloc(8)")  # GLIBC_2.2.5
    wheel = _wheel(tmp_path, RELEASE_NAME.format(v=check_wheel.cargo_version()), library)
    assert check_wheel.main([str(wheel)]) == 0


def test_a_binary_needing_glibc_2_25_is_refused_under_a_2014_tag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library = _library(tmp_path, "getrandom(b, 4, 0)")  # GLIBC_2.25
    wheel = _wheel(tmp_path, RELEASE_NAME.format(v=check_wheel.cargo_version()), library)
    assert check_wheel.main([str(wheel)]) == 1
    said = capsys.readouterr().err
    assert "GLIBC_2.25 > 2.17" in said
    # auditwheel names the first policy that has getrandom: 2_25 or later.
    consistent = re.search(r"consistent only with manylinux_2_(\d+)_", said)
    assert consistent is not None and int(consistent.group(1)) >= 25, said


@pytest.mark.parametrize(
    ("skip", "fault"),
    [
        (("majiang/py.typed",), "majiang/py.typed is missing"),
        (("majiang/_core.pyi",), "majiang/_core.pyi is missing"),
        (("majiang-{v}.dist-info/licenses/LICENSE",), "licenses/LICENSE is missing"),
    ],
)
def test_a_wheel_missing_a_file_is_refused(
    tmp_path: Path, skip: tuple[str, ...], fault: str
) -> None:
    version = check_wheel.cargo_version()
    library = _library(tmp_path, "malloc(8)")
    skip = tuple(s.format(v=version) for s in skip)
    wheel = _wheel(tmp_path, RELEASE_NAME.format(v=version), library, skip=skip)
    faults = check_wheel.content_faults(wheel)
    assert any(fault in f for f in faults), faults


def test_a_wheel_with_another_version_or_too_big_is_refused(tmp_path: Path) -> None:
    library = _library(tmp_path, "malloc(8)")
    wheel = _wheel(tmp_path, RELEASE_NAME.format(v="9.9.9"), library, version="9.9.9")
    faults = check_wheel.content_faults(wheel)
    assert any("metadata version '9.9.9' is not Cargo.toml's" in f for f in faults), faults
    size = wheel.stat().st_size
    assert check_wheel.content_faults(wheel, max_bytes=size - 1)[0].startswith(
        f"the wheel is {size:,} bytes"
    )
