"""The rules look-up in a real browser: ask a question, read the answer, follow a link, in both languages."""
from __future__ import annotations

import pytest
from drive import PHONE, el, expect_label, open_app, tap, type_into
from playwright.sync_api import expect

from companion.rules import entry, search
from companion.ui.widgets.rules_panel import LIMIT

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API


def _field(page):
    return el(page, "rules-query").locator("input, textarea").first


def test_a_typed_question_opens_its_answer_then_portuguese(server, browser):
    created = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    page = open_app(browser, f"{server.url}/t/{created['id']}?k={created['host_token']}")
    tap(page, "rules-open")
    expect(el(page, "rules-game-all")).to_be_attached()  # the panel is open, on every game: a Score pad has no rules

    # Results follow the typing: a first word, then the rest key by key into the same field.
    type_into(page, "rules-query", "champion")
    expect(el(page, "rules-hit-kleos-champion")).to_be_attached()
    expect(_field(page)).to_be_focused()  # the keyboard stays in the field as the results are drawn
    page.keyboard.press("End")
    page.keyboard.type(" be cursed", delay=40)
    expect(_field(page)).to_have_value("champion be cursed")
    # The list has moved on to the whole question once a topic only it finds is in and one only "champion" found is out.
    word, question = (
        [h.id for h in search(q, lang="en", limit=LIMIT)] for q in ("champion", "champion be cursed"))
    expect(el(page, f"rules-hit-kleos-{next(i for i in question if i not in word)}")).to_be_attached()
    expect(el(page, f"rules-hit-kleos-{next(i for i in word if i not in question)}")).to_have_count(0)

    champion, curse = entry("kleos", "champion", "en"), entry("kleos", "curse", "en")
    tap(page, "rules-hit-kleos-champion")
    expect_label(page, "rules-entry-answer", champion.answer)
    tap(page, "rules-related-curse")
    expect_label(page, "rules-entry-title", curse.title)
    tap(page, "rules-back")
    expect_label(page, "rules-entry-title", champion.title)
    tap(page, "rules-back")
    expect(el(page, "rules-hit-kleos-curse")).to_be_attached()  # the question's results are still there

    tap(page, "lang")
    tap(page, "rules-game-lords_of_hellas")
    type_into(page, "rules-query", "condicoes de vitoria")
    victory = entry("lords_of_hellas", "victory-conditions", "pt")
    expect_label(page, "rules-hit-lords_of_hellas-victory-conditions", victory.title)
    tap(page, "rules-hit-lords_of_hellas-victory-conditions")
    expect_label(page, "rules-entry-answer", victory.answer)


def test_a_phone_browses_its_tables_game_and_closes_the_rules(server, browser):
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas", "options": {"players": ["Ana", "Bia"]}})
    token = next(iter(created["seats"].values()))["token"]
    page = open_app(browser, f"{server.url}/t/{created['id']}?k={token}", PHONE)
    tap(page, "rules-open")
    first = entry("lords_of_hellas", "victory-conditions", "en")
    expect_label(page, f"rules-toc-lords_of_hellas-{first.id}", first.title)
    tap(page, f"rules-toc-lords_of_hellas-{first.id}")
    expect_label(page, "rules-entry-answer", first.answer)
    tap(page, "rules-close")
    expect(el(page, "rules-panel")).to_have_count(0)
    expect(el(page, "identity")).to_be_attached()
