"""How well one entry answers one parsed query (higher is better).

BM25F over the weighted term counts kept by the index, with one twist: each
typed word contributes only its best alternative, so an entry stuffed with
synonyms of one word cannot outrank an entry that has the word itself plus
the rest of the question. Two multipliers then favour entries that cover
more of the question and entries whose title is what was asked for.
"""
from __future__ import annotations

import math

from companion.rules.fts import Index
from companion.rules.query import Group

K1 = 1.2


def _idf(index: Index, term: str) -> float:
    n, df = len(index.entries), index.doc_freq.get(term, 0)
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


class Scorer:
    """Scores rows against one query; expands prefixes once rather than per row."""

    def __init__(self, index: Index, groups: list[Group]) -> None:
        self.index = index
        self.groups = [
            [(a.weight, [(t, _idf(index, t)) for t in a.terms(index)]) for a in group] for group in groups
        ]
        self.wanted = {t for g in self.groups for _, ts in g for t, _ in ts}

    def _group(self, row: int, group: list) -> float:
        tf = self.index.weighted_tf[row]
        best = 0.0
        for weight, terms in group:
            for term, idf in terms:
                w = tf.get(term)
                if w:
                    best = max(best, weight * idf * w * (K1 + 1) / (K1 + w))
        return best

    def score(self, row: int) -> float:
        per_group = [self._group(row, g) for g in self.groups]
        covered = sum(1 for s in per_group if s > 0) / len(per_group)
        title = self.index.title_terms[row]
        in_title = sum(1 for g in self.groups if any(t in title for _, ts in g for t, _ in ts)) / len(per_group)
        named = len(title & self.wanted) / max(len(title), 1)
        return sum(per_group) * (0.2 + 0.8 * covered) ** 2 * (1.0 + 0.6 * in_title + 0.8 * named)
