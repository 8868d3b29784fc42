"""The release workflow (.github/workflows/release.yml) builds what the README promises.

It cannot run here: these tests read it. CI also validates it against the GitHub Actions
workflow schema (scripts/check_dist.sh); the last test makes sure that check can fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def _workflow() -> dict[Any, Any]:
    loaded = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _maturin_steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in job["steps"] if str(s.get("uses", "")).startswith("PyO3/maturin-action@")]


def test_it_runs_on_a_version_tag() -> None:
    # PyYAML reads the key `on` as True (YAML 1.1).
    triggers = _workflow()[True]
    assert triggers["push"]["tags"] == ["v*"]
    assert "branches" not in triggers["push"]


def test_linux_wheels_for_both_architectures_manylinux2014_and_musllinux() -> None:
    job = _workflow()["jobs"]["linux"]
    matrix = job["strategy"]["matrix"]
    assert set(matrix["target"]) == {"x86_64", "aarch64"}
    assert set(matrix["manylinux"]) == {"2014", "musllinux_1_2"}
    (build,) = _maturin_steps(job)
    assert build["with"]["manylinux"] == "${{ matrix.manylinux }}"
    assert build["with"]["target"] == "${{ matrix.target }}"
    assert "--release" in build["with"]["args"]


def test_macos_both_architectures_and_windows_x64() -> None:
    jobs = _workflow()["jobs"]
    assert {row["target"] for row in jobs["macos"]["strategy"]["matrix"]["include"]} == {
        "x86_64",
        "aarch64",
    }
    (windows,) = _maturin_steps(jobs["windows"])
    assert windows["with"]["target"] == "x64"
    assert jobs["windows"]["runs-on"].startswith("windows")


def test_the_sdist_and_a_tag_that_must_match_cargo() -> None:
    job = _workflow()["jobs"]["sdist"]
    (build,) = _maturin_steps(job)
    assert build["with"]["command"] == "sdist"
    assert any("Cargo.toml" in str(step.get("run", "")) for step in job["steps"])


def test_publishing_checks_with_twine_and_uses_trusted_publishing() -> None:
    jobs = _workflow()["jobs"]
    publish = jobs["publish"]
    assert set(publish["needs"]) == set(jobs) - {"publish"}
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/')"
    runs = " ".join(str(step.get("run", "")) for step in publish["steps"])
    assert "twine check --strict dist/*" in runs
    last = publish["steps"][-1]
    assert last["uses"] == "pypa/gh-action-pypi-publish@release/v1"
    assert "with" not in last  # no password or token: PyPI trusts the workflow's identity
    assert "secrets." not in WORKFLOW.read_text(encoding="utf-8")


def test_the_schema_check_passes_the_workflow_and_refuses_a_broken_one(tmp_path: Path) -> None:
    lint = [str(Path(sys.executable).with_name("check-jsonschema")), "--builtin-schema"]
    lint.append("vendor.github-workflows")
    done = subprocess.run([*lint, str(WORKFLOW)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / "release.yml"
    # A job with no runs-on, and a step key that does not exist.
    text = WORKFLOW.read_text(encoding="utf-8").replace("    runs-on: windows-latest\n", "")
    broken.write_text(text.replace("      - uses: actions/checkout@v6\n", "      - use: x\n"))
    done = subprocess.run([*lint, str(broken)], capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stdout + done.stderr
