"""The normalisation both the index and the query go through."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.synonyms import expand, synonym_map
from companion.rules.text import STOPWORDS, fold, keywords, stem, terms


def test_fold_drops_case_and_accents():
    assert fold("Condições de Vitória, CAMPEÃO") == "condicoes de vitoria, campeao"


@settings(max_examples=200)
@given(st.text(max_size=40))
def test_fold_is_idempotent(text: str):
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize(
    ("one", "many"),
    [
        ("isle", "isles"),
        ("hero", "heroes"),
        ("city", "cities"),
        ("ability", "abilities"),
        ("condição", "condições"),
        ("campeão", "campeões"),
        ("capitão", "capitães"),
        ("jogador", "jogadores"),
        ("Glory", "glories"),
        ("curse", "cursed"),
        ("recruit", "recruiting"),
    ],
)
def test_singular_and_plural_or_inflection_share_a_stem(one: str, many: str):
    assert terms(one) == terms(many)


@pytest.mark.parametrize("word", ["zeus", "olympus", "bonus", "pass"])
def test_words_ending_in_us_or_ss_keep_their_s(word: str):
    assert stem(word) == word


def test_a_name_that_stems_like_a_stopword_is_still_found():
    """'Ares' stems to 'are', but the verb 'are' never reaches the index, so they cannot collide."""
    assert terms("Ares attacks") == ["are", "attack"]
    assert terms("they are") == []


def test_keywords_drop_filler_in_both_languages_and_single_letters():
    assert keywords("Can a Champion be cursed?") == ["champion", "cursed"]
    assert keywords("O campeão pode ser amaldiçoado?") == ["campeao", "amaldicoado"]
    assert keywords("Athena's Owl") == ["athena", "owl"]
    assert not STOPWORDS & set(keywords("what is the port and what do I get for it"))


def test_synonym_groups_are_symmetric_and_include_the_word_itself():
    for word, group in synonym_map().items():
        assert word in group
        assert all(word in expand(other) for other in group)


def test_spelling_and_language_variants_expand_to_each_other():
    assert stem("favour") in expand(stem("favor"))
    assert stem("glory") in expand("vp")
    assert terms("maldição") == ["maldico"] and "maldico" in expand(stem("curse"))
    assert expand("xyzzy") == frozenset({"xyzzy"})
