"""Questions about a number (how many, a limit, a cost) find the entry that holds the number first."""
from __future__ import annotations

import pytest

from companion.rules import search
from companion.rules.quantity import asks_quantity

QUESTIONS = [
    ("kleos", "pt", "quantos lacaios posso recrutar", "minion-limit"),
    ("kleos", "en", "how many minions can I recruit", "minion-limit"),
    ("kleos", "pt", "quantos lacaios posso ter", "minion-limit"),
    ("kleos", "en", "how many minions can I have", "minion-limit"),
    ("kleos", "en", "maximum minions", "minion-limit"),
    ("kleos", "pt", "limite de lacaios", "minion-limit"),
]


@pytest.mark.parametrize("game, lang, question, wanted", QUESTIONS)
def test_a_quantity_question_puts_the_number_first(game, lang, question, wanted):
    assert search(question, game, lang, 5)[0].id == wanted


@pytest.mark.parametrize("question, asks", [("quantos lacaios posso recrutar", True), ("How many dice", True),
                                            ("quanto custa", True), ("how do I recruit", False),
                                            ("recrutar lacaio", False), ("many minions", False)])
def test_what_counts_as_asking_for_a_number(question, asks):
    assert asks_quantity(question) is asks


def test_without_a_quantity_word_the_recruiting_entry_still_leads():
    assert search("how do I recruit an epic minion", "kleos", "en", 1)[0].id == "recruit-epic-minion"
    assert search("recrutar lacaio epico", "kleos", "pt", 1)[0].id == "recruit-epic-minion"
