"""Groups of interchangeable words, so 'favour' finds 'favor' and 'pontos' finds 'Glory'.

Per-entry synonyms live in each entry's tags; this file holds only the words
that mean the same thing in every game, kept in synonyms.yaml beside it.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from companion.rules.text import keywords, terms

_FILE = Path(__file__).with_name("synonyms.yaml")


@cache
def _groups() -> list[list[str]]:
    return [[str(word) for word in group] for group in yaml.safe_load(_FILE.read_text(encoding="utf-8"))]


@cache
def synonym_words() -> frozenset[str]:
    """Every folded word of the table, for correcting typos of words no entry uses."""
    return frozenset(w for group in _groups() for word in group for w in keywords(word))


@cache
def synonym_map() -> dict[str, frozenset[str]]:
    """Each stemmed word to every stemmed word it shares a group with (itself included)."""
    out: dict[str, set[str]] = {}
    for group in _groups():
        stems = {t for word in group for t in terms(word)}
        for s in stems:
            out.setdefault(s, set()).update(stems)
    return {k: frozenset(v) for k, v in out.items()}


def expand(term: str) -> frozenset[str]:
    """`term` and its synonyms."""
    return synonym_map().get(term, frozenset({term}))
