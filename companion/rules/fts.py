"""The in-memory full-text index over every rules entry (SQLite FTS5, standard library).

Entries are stemmed in Python before they reach FTS5 (see text.py), so plural,
accent and case differences are gone by the time anything is matched. FTS5
finds the candidates (prefix queries, bm25 order); the per-entry term
statistics kept beside it let scoring.py weigh synonyms and typo fixes below
the words actually typed, which bm25 inside SQLite cannot do. One connection
serves every thread behind a lock: queries take well under a millisecond.
"""
from __future__ import annotations

import bisect
import sqlite3
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from companion.rules.entry import Entry
from companion.rules.text import keywords, stem, terms

# How much one occurrence of a word counts, by where it is: a word in the title
# or the tags says far more about what an entry is for than one in the detail.
WEIGHTS = {"title": 8.0, "tags": 5.0, "answer": 2.5, "detail": 1.0}
COLUMNS = tuple(WEIGHTS)
# BM25 length normalisation: long details should not win just by being long.
LENGTH_NORM = 0.75
_BM25 = f"bm25(docs, {', '.join(str(w) for w in WEIGHTS.values())})"


@dataclass
class Index:
    """The FTS table plus the statistics used for scoring, typo fixes and highlighting.

    `vocabulary` holds stems (what is matched), `words` the folded words as
    written (what typos are corrected against: a stem is too mangled to measure
    an edit distance to), `surface` maps each stem to its written forms,
    `game_terms` the stems each game's entries use and `game_names` those of
    their titles and tags, where a game names its things (to spot a question
    about another game's thing).
    """

    entries: list[Entry]
    db: sqlite3.Connection
    doc_freq: Counter = field(default_factory=Counter)
    vocabulary: list[str] = field(default_factory=list)
    surface: dict[str, set[str]] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    weighted_tf: list[dict[str, float]] = field(default_factory=list)
    title_terms: list[frozenset[str]] = field(default_factory=list)
    game_terms: dict[str, set[str]] = field(default_factory=dict)
    game_names: dict[str, set[str]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def build(cls, entries: Iterable[Entry]) -> "Index":
        """Index `entries`; row i of the FTS table is entries[i]."""
        entries = list(entries)
        db = sqlite3.connect(":memory:", check_same_thread=False)
        db.execute(
            "CREATE VIRTUAL TABLE docs USING fts5("
            "title, tags, answer, detail, game UNINDEXED, lang UNINDEXED, "
            "tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')"
        )
        index = cls(entries=entries, db=db)
        stems = []
        for e in entries:
            fields = {"title": e.title, "tags": " ".join(e.tags), "answer": e.answer, "detail": e.detail}
            stems.append({name: terms(text) for name, text in fields.items()})
            for text in fields.values():
                for word in keywords(text):
                    index.surface.setdefault(stem(word), set()).add(word)
        average = {c: sum(len(s[c]) for s in stems) / max(len(stems), 1) or 1.0 for c in COLUMNS}
        for s in stems:
            weighted: Counter = Counter()
            for c in COLUMNS:
                norm = 1 - LENGTH_NORM + LENGTH_NORM * len(s[c]) / average[c]
                for term, count in Counter(s[c]).items():
                    weighted[term] += WEIGHTS[c] * count / norm
            index.weighted_tf.append(dict(weighted))
            index.title_terms.append(frozenset(s["title"]))
            index.doc_freq.update(weighted.keys())
        for e, weighted, named in zip(entries, index.weighted_tf, stems):
            index.game_terms.setdefault(e.game, set()).update(weighted)
            index.game_names.setdefault(e.game, set()).update(named["title"], named["tags"])
        rows = [(row, *(" ".join(s[c]) for c in COLUMNS), e.game, e.lang) for row, (e, s) in enumerate(zip(entries, stems))]
        db.executemany("INSERT INTO docs(rowid, title, tags, answer, detail, game, lang) VALUES (?,?,?,?,?,?,?)", rows)
        index.vocabulary = sorted(index.doc_freq)
        index.words = sorted({w for forms in index.surface.values() for w in forms})
        return index

    def has_prefix(self, prefix: str) -> bool:
        """Whether some indexed term starts with `prefix` (the user may still be typing)."""
        at = bisect.bisect_left(self.vocabulary, prefix)
        return at < len(self.vocabulary) and self.vocabulary[at].startswith(prefix)

    def with_prefix(self, prefix: str) -> list[str]:
        """Indexed terms starting with `prefix`, in alphabetical order."""
        at = bisect.bisect_left(self.vocabulary, prefix)
        end = bisect.bisect_left(self.vocabulary, prefix + "\uffff", at)
        return self.vocabulary[at:end]

    def match(self, expression: str, game: str | None, limit: int) -> list[int]:
        """Rows matching an FTS5 expression (optionally in one game), best bm25 first."""
        sql = "SELECT rowid FROM docs WHERE docs MATCH ?"
        params: list = [expression]
        if game:
            sql += " AND game = ?"
            params.append(game)
        sql += f" ORDER BY {_BM25} LIMIT ?"
        params.append(limit)
        with self.lock:
            return [row for (row,) in self.db.execute(sql, params)]
