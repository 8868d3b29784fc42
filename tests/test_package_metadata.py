"""One version, written once (Cargo.toml), seen everywhere; the extras the README lists.

Run against the installed wheel (scripts/test.sh), so the metadata read here is what pip
installed.
"""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import majiang

ROOT = Path(__file__).resolve().parent.parent


def _cargo_version() -> str:
    found = re.search(r'^version = "([^"]+)"', (ROOT / "Cargo.toml").read_text("utf-8"), re.M)
    assert found is not None
    return found.group(1)


def _pyproject_section(name: str) -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(rf"^\[{re.escape(name)}\]\n(.*?)(?=^\[)", text, re.M | re.S)
    assert found is not None, name
    return found.group(1)


def test_the_version_is_written_once_in_cargo_toml() -> None:
    project = _pyproject_section("project")
    assert re.search(r"^version\s*=", project, re.M) is None
    assert re.search(r'^dynamic = \["version"\]', project, re.M)


def test_the_installed_version_is_cargos_everywhere() -> None:
    version = _cargo_version()
    assert majiang.__version__ == version
    assert importlib.metadata.version("majiang") == version


def test_the_changelog_has_the_current_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(_cargo_version())}\]", changelog, re.M)


def test_the_metadata_names_license_urls_and_extras() -> None:
    meta = importlib.metadata.metadata("majiang")
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.10"
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Repository", "Changelog", "Issues"} <= set(urls)
    extras = set(meta.get_all("Provides-Extra") or [])
    assert {"rl", "ray", "server", "test"} <= extras
    classifiers = meta.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert not [c for c in classifiers if c.startswith("License ::")]  # PEP 639: the expression


def test_the_readme_install_section_lists_every_user_extra() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Install", 1)[1].split("\n## ", 1)[0]
    assert "pip install majiang\n" in section
    extras = re.findall(r"^(\w+) = \[", _pyproject_section("project.optional-dependencies"), re.M)
    for extra in set(extras) - {"test"}:
        assert f'pip install "majiang[{extra}]"' in section, extra
