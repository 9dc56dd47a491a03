"""Ranked look-up over the rules entries, and the words the UI should mark in a result."""
from __future__ import annotations

import re
import threading

from companion.core.model import RuleError
from companion.rules.entry import Hit
from companion.rules.fts import Index
from companion.rules.library import LANGS, all_entries, check_game, check_lang, entry
from companion.rules.quantity import asks_quantity, quantity_group
from companion.rules.query import MIN_FUZZY_LENGTH, Group, expression, parse
from companion.rules.scoring import Scorer
from companion.rules.text import fold

# How many FTS5 candidates to score; in practice every entry that matched at all.
CANDIDATES = 1000
# Characters of a question that are read: a long paragraph is about 200. Parsing folded every word
# of the whole text, so a 1,000,000-character "question" once cost 6 s of the server's time; a
# pasted page is now answered from its first words at the cost of a short one.
MAX_QUERY = 200
# With a reader's language, a match found only in the other language's copy of an entry counts
# for this much of its score: a Portuguese phone asking in Portuguese wants the entry its own
# copy answers, ahead of one that only the English copy's stray Portuguese tag happened to hit.
OTHER_LANG = 0.5

_built: Index | None = None
_building = threading.Lock()


def index() -> Index:
    """The process-wide index, built on first use (call early to build it at start-up)."""
    global _built
    if _built is None:
        with _building:
            if _built is None:
                _built = Index.build(all_entries())
    return _built


def _foreign(idx: Index, groups: list[Group], game: str) -> dict[str, str]:
    """Words naming something `game` never mentions but exactly one other game names: word -> that game.

    "filósofo" at a Kleos table is such a word: Kleos has no philosophers,
    Cyclades does. A game names its things in titles and tags; a word only met
    in another game's prose ("começo") is just a word. A word several other games use ("cost") names no one
    game's thing, so it stays a word this game simply lacks. Only whole words
    the player actually typed count, never a guessed typo fix, a synonym, a
    number or a two-letter scrap.
    """
    own = idx.game_terms.get(game, set())
    out = {}
    for group in groups:
        if own.intersection(a.term for a in group):
            continue
        for a in group:
            if a.weight == 1.0 and len(a.term) >= MIN_FUZZY_LENGTH:
                users = [g for g, names in idx.game_names.items() if g != game and a.term in names]
                if len(users) == 1:
                    out[a.term] = users[0]
    return out


def search(query: str, game: str | None = None, lang: str | None = None, limit: int = 10) -> list[Hit]:
    """Entries answering `query`, best first.

    With `lang`, each topic appears once: in `lang` where it is written in it,
    otherwise in the other language, ranked by whichever version matched best, a match in
    the other language's copy weighing OTHER_LANG of one in `lang`'s own.
    Without `lang`, every language version is a hit of its own.
    With `game`, hits come from that game, except that a word only another game
    uses ("philosopher" asked at a Kleos table) also brings that game's entries
    naming it; each Hit says its game so the UI can label it.
    """
    query = _first_words(query)
    if game is not None:
        check_game(game)
    if lang is not None:
        check_lang(lang)
    if limit < 1:
        raise RuleError("rules.err.ask_least_search_result")
    idx = index()
    groups = parse(idx, query)
    if not groups:
        return []
    if asks_quantity(query):
        extra = quantity_group(idx)
        if extra and extra not in groups:
            groups.append(extra)
    scorer = Scorer(idx, groups)
    foreign = _foreign(idx, groups, game) if game else {}
    best: dict[tuple, tuple[float, int]] = {}
    for row in idx.match(expression(groups), None if foreign else game, CANDIDATES):
        e = idx.entries[row]
        if game and e.game != game and not any(g == e.game and t in idx.weighted_tf[row] for t, g in foreign.items()):
            continue
        key = (e.game, e.id) if lang else (e.game, e.id, e.lang)
        score = scorer.score(row) * (OTHER_LANG if lang and e.lang != lang else 1.0)
        if key not in best or score > best[key][0]:
            best[key] = (score, row)
    hits = []
    for key, (score, row) in best.items():
        e = idx.entries[row]
        if lang:
            e = entry(e.game, e.id, lang)
        hits.append(Hit(game=e.game, id=e.id, lang=e.lang, title=e.title, text=e.text, score=round(score, 6), answer=e.answer))
    hits.sort(key=lambda h: (-h.score, h.game, h.id, LANGS.index(h.lang)))
    return hits[:limit]


def _first_words(query: object) -> str:
    """The first MAX_QUERY characters, cut at a space so no word is halved."""
    if not isinstance(query, str):
        raise RuleError("rules.err.type_question_few_words")
    if len(query) <= MAX_QUERY:
        return query
    cut = query[:MAX_QUERY]
    return cut[: cut.rfind(" ")] if " " in cut else cut


def highlight_terms(query: str) -> list[str]:
    """The folded words (lowercase, no accents) of entry texts that `query` matches.

    Typo corrections, synonyms and plurals are resolved here, so the UI only
    compares whole words: see highlight_spans.
    """
    query = _first_words(query)
    idx = index()
    out: set[str] = set()
    for group in parse(idx, query):
        for alt in group:
            for term in alt.terms(idx):
                out.update(idx.surface.get(term, ()))
    return sorted(out)


def highlight_spans(text: str, terms: list[str]) -> list[tuple[int, int]]:
    """(start, end) offsets of the words of `text` to mark, given highlight_terms(query)."""
    wanted = set(terms)
    return [(m.start(), m.end()) for m in re.finditer(r"\w+", text) if fold(m.group()) in wanted]
