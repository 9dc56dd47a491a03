"""The English and Portuguese rules say the same thing: same numbers, and no YAML key written twice.

A number is the part of a rule a player acts on (gold, dice, Glory, turns), so a
translation that drops or changes one gives the table a different game. A key
written twice in a YAML mapping is silently replaced by the second one, which is
how the Kleos tie-breakers lost their first list of search words.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from companion.rules import GAMES
from companion.rules.library import DATA_DIR, all_entries

NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _numbers(text: str) -> Counter:
    """The numbers written in a text, each as often as it appears; 1.5 and 1,5 are the same number."""
    return Counter(n.replace(",", ".") for n in NUMBER.findall(text))


def _prose(entry) -> str:
    return f"{entry.title}\n{entry.answer}\n{entry.detail}"


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_carries_the_same_numbers_in_both_languages(game: str):
    en = {e.id: e for e in all_entries() if e.game == game and e.lang == "en"}
    pt = {e.id: e for e in all_entries() if e.game == game and e.lang == "pt"}
    differ = {
        eid: (sorted(_numbers(_prose(en[eid])).elements()), sorted(_numbers(_prose(pt[eid])).elements()))
        for eid in en.keys() & pt.keys()
        if set(_numbers(_prose(en[eid]))) != set(_numbers(_prose(pt[eid])))
    }
    assert differ == {}


class _NoDuplicates(yaml.SafeLoader):
    """A loader that refuses a mapping with a key written twice (PyYAML keeps the last one silently)."""


def _mapping(loader: _NoDuplicates, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"key {key!r} written twice", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep)


_NoDuplicates.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)

YAML_FILES = sorted(DATA_DIR.glob("**/*.yaml"))


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_yaml_key_is_written_twice(path: Path):
    """kleos-rulebook.txt 327-330 are four tie-breakers; the entry that lists them had two `tags:` keys."""
    yaml.load(path.read_text(encoding="utf-8"), Loader=_NoDuplicates)


def test_the_duplicate_check_can_fail():
    with pytest.raises(yaml.constructor.ConstructorError, match="written twice"):
        yaml.load("a: 1\nb: {c: 2}\na: 3\n", Loader=_NoDuplicates)
