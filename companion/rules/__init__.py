"""Offline rules look-up: ranked search over the rules entries of every game, in English and Portuguese.

The UI needs only what is exported here: `search` for the search box,
`entry` and `contents` to read and browse, `highlight_terms` and
`highlight_spans` to mark the words a query matched, and `index` to build
the index at start-up rather than on the first question.
"""
from companion.rules.engine import MAX_QUERY, highlight_spans, highlight_terms, index, search
from companion.rules.entry import Entry, Hit
from companion.rules.library import GAMES, LANGS, contents, entry

__all__ = [
    "Entry",
    "GAMES",
    "Hit",
    "LANGS",
    "MAX_QUERY",
    "contents",
    "entry",
    "highlight_spans",
    "highlight_terms",
    "index",
    "search",
]
