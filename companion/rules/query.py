"""From what a player typed to what the index is asked.

Each typed word becomes a group of alternatives: its stem, its synonyms, and,
when the word is not in the index at all, the closest indexed word (typos)
or the indexed words it begins (the player is still typing). Alternatives
carry a weight, since a synonym or a guessed correction is weaker evidence
than the word as typed. Groups are ORed so a question full of filler words
still finds something; scoring then rewards entries that answer more groups.
"""
from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from companion.rules.fts import Index
from companion.rules.synonyms import expand, synonym_map, synonym_words
from companion.rules.text import keywords, stem, words

# Shorter words have too many neighbours one edit away to guess safely.
MIN_FUZZY_LENGTH = 4
# A question, not an essay: words past this are ignored so a pasted paragraph stays fast.
MAX_WORDS = 16
SYNONYM_WEIGHT = 0.7
CORRECTION_WEIGHT = 0.85


@dataclass(frozen=True)
class Alternative:
    """One indexed term to look for; `prefix` also accepts any longer term it begins."""

    term: str
    prefix: bool
    weight: float = 1.0

    def fts(self) -> str:
        return f'"{self.term}"*' if self.prefix else f'"{self.term}"'

    def terms(self, index: Index) -> list[str]:
        """The indexed terms this alternative stands for."""
        return index.with_prefix(self.term) if self.prefix else [self.term]


Group = tuple[Alternative, ...]


def _max_edits(word: str) -> int:
    return 1 if len(word) < 7 else 2


def correct(index: Index, word: str) -> str | None:
    """The stem of the indexed (or synonym) word nearest to a misspelt `word`, or None.

    Ties go to the word whose stem more entries use: a player more likely meant a common word.
    """
    if len(word) < MIN_FUZZY_LENGTH:
        return None
    known = index.words + sorted(synonym_words().difference(index.words))
    found = process.extract(word, known, scorer=OSA.distance, score_cutoff=_max_edits(word), limit=8)
    if not found:
        return None
    best = min(found, key=lambda hit: (hit[1], -index.doc_freq.get(stem(hit[0]), 0), hit[0]))
    return stem(best[0])


def _alternatives(index: Index, word: str, last: bool) -> Group:
    term = stem(word)
    weight = 1.0
    if term not in index.doc_freq and term not in synonym_map():
        if index.has_prefix(term) and (last or len(term) >= MIN_FUZZY_LENGTH):
            return (Alternative(term, True),)
        fixed = correct(index, word)
        if fixed is None:
            return ()
        term, weight = fixed, CORRECTION_WEIGHT
    options = sorted(t for t in expand(term) if t in index.doc_freq or index.has_prefix(t))
    return tuple(
        Alternative(t, len(t) >= MIN_FUZZY_LENGTH, weight * (1.0 if t == term else SYNONYM_WEIGHT)) for t in options
    )


def parse(index: Index, query: str) -> list[Group]:
    """The query's groups, in typed order, without groups that match nothing indexed."""
    typed = (keywords(query) or [w for w in words(query) if len(w) > 1])[:MAX_WORDS]
    groups = []
    for position, word in enumerate(typed):
        group = _alternatives(index, word, last=position == len(typed) - 1)
        if group and group not in groups:
            groups.append(group)
    return groups


def expression(groups: list[Group]) -> str:
    """The FTS5 MATCH expression: any alternative of any group."""
    return " OR ".join(dict.fromkeys(a.fts() for g in groups for a in g))
