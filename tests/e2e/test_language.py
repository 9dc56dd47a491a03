"""Each device starts in its browser's language until its user picks one, and the page declares it
(`<html lang>`, what a screen reader picks its voice by)."""
import re

import pytest
from drive import PHONE, expect_label, goto, tap
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API


def _phone(browser, url: str, locale: str):
    page = browser.new_context(viewport=PHONE, locale=locale).new_page()
    goto(page, url)
    return page


def test_a_portuguese_phone_opens_in_portuguese_until_its_user_switches(server, browser):
    created = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana"]}})
    url = f"{server.url}/t/{created['id']}?k={created['spectator_token']}"
    pt = _phone(browser, url, "pt-BR")
    expect_label(pt, "identity", "Assistindo")
    expect(pt.locator("html")).to_have_attribute("lang", re.compile(r"^pt\b"))
    tap(pt, "lang")
    expect_label(pt, "identity", "Watching")
    expect(pt.locator("html")).to_have_attribute("lang", re.compile(r"^en\b"))
    pt.reload(wait_until="commit")
    goto(pt, url)
    expect_label(pt, "identity", "Watching")  # the choice is kept, not the browser's
    expect(pt.locator("html")).to_have_attribute("lang", re.compile(r"^en\b"))

    en = _phone(browser, url, "en-US")
    expect_label(en, "identity", "Watching")
