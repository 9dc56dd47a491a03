"""No rules entry repeats eight consecutive words of a source rulebook.

The seeds sit beside the clone (../shared/seeds); the check is skipped only
when they are absent (see tests/rulebooks.py), never for any other reason.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from companion.rules.library import data_files
from rulebooks import rulebooks

N = 8


def _tokenisations(text: str) -> list[list[str]]:
    """Punctuation both deleted and turned into a space, so neither "Athena's" nor "3-6" hides a copy."""
    low = text.lower()
    return [re.sub(r"[^\w\s]", sep, low).split() for sep in ("", " ")]


def _grams(text: str) -> set[tuple[str, ...]]:
    return {tuple(t[i : i + N]) for t in _tokenisations(text) for i in range(len(t) - N + 1)}


@pytest.fixture(scope="module")
def seed_grams() -> set[tuple[str, ...]]:
    return set().union(*(_grams(p.read_text(encoding="utf-8")) for p in rulebooks()))


def test_grams_catch_a_copy_through_punctuation():
    assert _grams("The Port is worth 2 Glory, at the end of a Day!") & _grams(
        "the port is worth 2 glory at the end of a day"
    )


@pytest.mark.parametrize("path", data_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_sentence_copied_from_a_source(path: Path, seed_grams: set):
    copied = []
    for raw in yaml.safe_load(path.read_text(encoding="utf-8")).get("entries") or []:
        for field in ("title", "answer", "detail"):
            shared = _grams(str(raw.get(field, ""))) & seed_grams
            copied += [f"{raw.get('id')}.{field}: {' '.join(g)}" for g in sorted(shared)[:2]]
    assert not copied, "reworded text needed:\n" + "\n".join(copied)
