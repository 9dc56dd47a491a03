"""A key is worded once per strings file: YAML lets a later line with the same key silently replace
an earlier one, and a merge did exactly that (the Score pad's history line read "Add points")."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import companion

PACKAGE = Path(companion.__file__).parent
FILES = sorted([*(PACKAGE / "i18n" / "strings").glob("*.yaml"), *PACKAGE.glob("games/*/strings/*.yaml")])


def repeated_keys(text: str) -> list[str]:
    """Top-level keys that appear more than once in one YAML document."""
    root = yaml.compose(text)
    if not isinstance(root, yaml.MappingNode):
        return []
    seen: set[str] = set()
    repeated = []
    for key, _ in root.value:
        if key.value in seen:
            repeated.append(f"{key.value} (line {key.start_mark.line + 1})")
        seen.add(key.value)
    return repeated


def test_the_check_finds_a_repeated_key():
    assert repeated_keys("a: {en: x}\nb: {en: y}\na: {en: z}\n") == ["a (line 3)"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_key_is_worded_once(path):
    assert len(FILES) > 10
    assert repeated_keys(path.read_text(encoding="utf-8")) == []
