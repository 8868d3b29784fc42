"""docs/options.md is generated from the options classes: it must match the code."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest

from majiang.variants.options_doc import VARIANT_OPTIONS, option_rows, options_markdown
from majiang.variants.registry import package_of

DOC = Path(__file__).resolve().parent.parent / "docs" / "options.md"


def test_committed_options_doc_matches_the_code() -> None:
    assert DOC.read_text(encoding="utf-8") == options_markdown(), (
        "docs/options.md is stale: run python -m majiang.variants.options_doc docs/options.md"
    )


@pytest.mark.parametrize("variant", sorted(VARIANT_OPTIONS))
def test_every_option_has_a_description_and_a_source(variant: str) -> None:
    module = importlib.import_module(f"majiang.variants.{package_of(variant)}.options")
    fields = [f.name for f in dataclasses.fields(getattr(module, VARIANT_OPTIONS[variant]))]
    rows = option_rows(variant)
    assert [r.name for r in rows] == fields
    for row in rows:
        assert row.changes, f"{variant}.{row.name} has no docstring"
        assert row.source, f"{variant}.{row.name} has no OPTION_SOURCES entry"
    assert set(module.OPTION_SOURCES) == set(fields)


def test_values_column_follows_the_parser() -> None:
    rows = {r.name: r for r in option_rows("nanchang")}
    assert rows["di_fen"].values == "whole number ≥ 1 and ≤ 1000000"
    assert rows["de_bonus"].values == "whole number ≥ 0 and ≤ 1000"
    assert rows["bawang_mode"].values == '"double", "plus_10"'
    assert {r.name: r for r in option_rows("pingxiang")}[
        "base"
    ].values == "whole number ≥ 1 and ≤ 1000000"
