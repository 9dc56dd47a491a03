"""The look-up API the UI relies on: search, entry, contents and highlighting."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.rules import GAMES, Entry, contents, entry, highlight_spans, highlight_terms, search
from companion.rules import library
from companion.rules.engine import index
from companion.rules.library import DATA_DIR
from companion.rules.text import fold, terms


def ids(hits) -> list[str]:
    return [h.id for h in hits]


def test_hit_carries_what_the_result_list_shows():
    hit = search("slaughter", game="kleos", lang="en")[0]
    source = entry("kleos", hit.id, "en")
    assert (hit.game, hit.id, hit.lang, hit.title) == ("kleos", "slaughter", "en", source.title)
    assert hit.text == source.text and hit.text.startswith(source.answer) and source.detail in hit.text
    assert hit.score > 0


def test_scores_are_in_descending_order_and_limit_is_respected():
    hits = search("combat attack defense", game="kleos", limit=4)
    assert len(hits) == 4
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_game_filter_keeps_other_games_out():
    assert {h.game for h in search("temple", game="kleos", limit=20)} == {"kleos"}
    assert len({h.game for h in search("temple", limit=30)}) > 1


@pytest.fixture
def untranslated(monkeypatch):
    """Kleos with three topics written in English only, as a newly added topic is until translated."""
    gone = {("kleos", "pt", i) for i in ("components", "minion-card", "temple-locations")}
    kept = tuple(e for e in library.all_entries() if (e.game, e.lang, e.id) not in gone)
    monkeypatch.setattr(library, "all_entries", lambda: kept)
    monkeypatch.setattr(library, "_by_key", lambda: {(e.game, e.lang, e.id): e for e in kept})


@pytest.mark.usefixtures("untranslated")
def test_with_a_language_each_topic_appears_once_translated_where_possible():
    hits = search("champion", game="kleos", lang="pt", limit=30)
    keys = [(h.game, h.id) for h in hits]
    assert len(keys) == len(set(keys))
    langs = {h.id: h.lang for h in hits}
    assert langs["champion"] == "pt"  # translated topic comes in Portuguese
    assert langs["minion-card"] == "en"  # untranslated topic falls back to English


def test_without_a_language_both_versions_are_hits():
    hits = search("olympus favor", game="kleos", limit=10)
    assert {("olympus-favor", "en"), ("olympus-favor", "pt")} <= {(h.id, h.lang) for h in hits}


@pytest.mark.parametrize("query", ["favor do olimpo", "olympus favor"])
def test_a_query_in_either_language_finds_entries_in_both(query: str):
    found = {(h.id, h.lang) for h in search(query, game="kleos", limit=5)}
    assert {("olympus-favor", "en"), ("olympus-favor", "pt")} <= found


def test_a_verb_no_entry_uses_reaches_its_noun_through_the_synonyms():
    """No entry says 'apostar': the synonym table links the verb to 'wager' and 'aposta'."""
    assert ids(search("apostar", game="fleecing_olympus", limit=3))[0] == "initial-wager"


def test_accents_and_case_do_not_matter():
    assert ids(search("MALDIÇÃO", game="kleos")) == ids(search("maldicao", game="kleos"))
    assert ids(search("condições de vitória")) == ids(search("condicoes de vitoria"))


@pytest.mark.parametrize(("one", "many"), [("curse", "curses"), ("isle", "isles"), ("hero", "heroes")])
def test_plurals_find_the_same_entries(one: str, many: str):
    assert ids(search(one, game="kleos", limit=3)) == ids(search(many, game="kleos", limit=3))


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("oportunity atack", "opportunity-attack"), ("slaugther", "slaughter"), ("recriut", "recruit-epic-minion")],
)
def test_typos_are_corrected_against_the_index(typed: str, expected: str):
    assert ids(search(typed, game="kleos", lang="en", limit=3))[0] == expected


@pytest.mark.parametrize(("word", "expected"), [("favour", "olympus-favor"), ("VP", "glory"), ("theatre", "area-control")])
def test_synonyms_and_spellings(word: str, expected: str):
    assert expected in ids(search(word, game="kleos", lang="en", limit=3))


def test_a_half_typed_word_matches_as_a_prefix():
    assert {"champion", "champion-in-combat"} & set(ids(search("champ", game="kleos", lang="en", limit=3)))


@pytest.mark.parametrize("query", ["", "   ", "?!", "zzzzzzzzzz", "qwxz vvkj"])
def test_nothing_to_look_for_gives_no_hits(query: str):
    assert search(query) == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "monopoly"}, "no rules for a game"),
        ({"lang": "fr"}, "not 'fr'"),
        ({"limit": 0}, "at least one"),
        ({"query": None}, "Type a question"),
    ],
)
def test_bad_arguments_raise_a_readable_rule_error(kwargs: dict, message: str):
    with pytest.raises(RuleError, match=message):
        search(**{"query": "combat", **kwargs})


def test_a_pasted_paragraph_is_answered_quickly_from_its_first_words():
    long = "how does slaughter work " + "blah " * 5000
    assert ids(search(long, game="kleos", limit=1)) == ["slaughter"]


def test_entry_in_the_requested_language():
    e = entry("kleos", "curse", "pt")
    assert isinstance(e, Entry) and e.lang == "pt" and e.title == "Maldições"
    assert "maldicao" in [fold(t) for t in e.tags]


@pytest.mark.usefixtures("untranslated")
def test_entry_falls_back_to_the_other_language():
    e = entry("kleos", "temple-locations", "pt")
    assert e.lang == "en" and e.id == "temple-locations"


def test_unknown_entry_is_a_rule_error():
    with pytest.raises(RuleError, match="no rules entry 'nope'"):
        entry("kleos", "nope", "en")
    with pytest.raises(RuleError):
        entry("chess", "goal", "en")


def test_contents_follow_the_file_order():
    raw = yaml.safe_load((DATA_DIR / "kleos" / "en.yaml").read_text(encoding="utf-8"))
    assert [e.id for e in contents("kleos", "en")] == [r["id"] for r in raw["entries"]]


@pytest.mark.usefixtures("untranslated")
def test_portuguese_contents_list_every_topic_translated_where_possible():
    en, pt = contents("kleos", "en"), contents("kleos", "pt")
    assert [e.id for e in pt] == [e.id for e in en]
    langs = {e.id: e.lang for e in pt}
    assert langs["zeus-pity"] == "pt" and langs["components"] == "en"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_contents(game: str):
    assert contents(game, "en")


def test_highlight_terms_include_typo_corrections_and_plurals():
    terms = highlight_terms("oportunity atacks")
    assert {"opportunity", "attack", "attacks"} <= set(terms)
    assert "oportunity" not in terms


def test_highlight_terms_are_folded_for_accented_text():
    terms = highlight_terms("campeão")
    assert {"campeao", "champion"} <= set(terms)


def test_highlight_spans_mark_whole_words_whatever_their_accents():
    text = "O Campeão ataca; os campeões revidam. Champions!"
    spans = highlight_spans(text, highlight_terms("campeao"))
    assert [text[a:b] for a, b in spans] == ["Campeão", "campeões", "Champions"]


def test_searches_from_several_threads_agree_with_one_thread():
    queries = ["slaughter", "zeus pity", "wager", "metropolis", "caçada", "oportunity atack"] * 5
    alone = [ids(search(q)) for q in queries]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda q: ids(search(q)), queries))
    assert together == alone


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60), st.sampled_from([None, *GAMES]), st.integers(min_value=1, max_value=12))
def test_any_text_is_a_safe_query(query: str, game: str | None, limit: int):
    hits = search(query, game=game, limit=limit)
    assert len(hits) <= limit
    if game is not None and any(h.game != game for h in hits):  # only for a word the game never uses
        assert any(t not in index().game_terms[game] for t in terms(query))
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert ids(search(fold(query), game=game, limit=limit)) == ids(hits)
