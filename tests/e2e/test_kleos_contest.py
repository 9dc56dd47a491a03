"""A short two-player Kleos Contest played on the tablet, from the start screen to the Patron God.

The temples are placed by hand in the form (Ares on Temple 1), so the first
player of each day is known and every press of next can be checked against
the step its label promises before it is tapped.
"""
from drive import drawn, el, open_app
from playwright.sync_api import expect

GODS = ("Ares", "Athena")
# Flutter draws on a canvas: a control below the fold is reached by wheeling its own column, not by the DOM.
MARGIN = 80


def tap(page, ident: str) -> None:
    """Scroll the column holding `ident` until it is on screen, then tap it."""
    target = el(page, ident)
    target.wait_for(state="attached")
    height = page.viewport_size["height"]
    for _ in range(30):
        box = target.bounding_box()
        if box and MARGIN <= box["y"] and box["y"] + box["height"] <= height - 8:
            break
        page.mouse.move(box["x"] + box["width"] / 2 if box else 200, height / 2)
        page.mouse.wheel(0, (box["y"] - height / 2) if box else 400)
        page.wait_for_timeout(250)
    drawn(page)
    target.click()


def shows(page, ident: str, text: str, state: str = "attached") -> None:
    """Wait until `ident` carries `text` (or, detached, no longer does); a locator wait re-checks every frame."""
    page.locator(f"[flt-semantics-identifier='{ident}']", has_text=text).first.wait_for(state=state)


def press_next(page, leads_to: str) -> None:
    """Tap next once its label names the expected step, then wait for the screen to leave that step behind."""
    shows(page, "kleos-next", leads_to)
    tap(page, "kleos-next")
    shows(page, "kleos-next", leads_to, state="detached")


def play_day(page, day: int) -> None:
    """Daybreak to Dusk: each god's Play phase, then each god's Action phase, first player first."""
    first, second = GODS if day % 2 else GODS[::-1]
    press_next(page, f"{first}, Play phase")
    press_next(page, f"{second}, Play phase")
    press_next(page, f"{first}, Action phase")
    press_next(page, f"{second}, Action phase")
    press_next(page, f"day {day}, Dusk")
    shows(page, "kleos-phase", "Dusk")


def test_two_gods_play_five_days_to_a_winner(server, browser):
    tablet = open_app(browser, f"{server.url}/?admin={server.admin}")
    tap(tablet, "game-kleos")
    tap(tablet, "kleos-god-ares")
    tap(tablet, "kleos-god-athena")
    shows(tablet, "kleos-form-order", "1. Ares, 2. Athena")
    tap(tablet, "kleos-form-manual")
    tap(tablet, "kleos-hex-ares-H1")
    tap(tablet, "kleos-hex-athena-H5")
    tap(tablet, "create-table")
    tablet.wait_for_url("**/t/**")

    # Setup: the checklist is open; tick one item, and Ares sits on Temple 1.
    shows(tablet, "kleos-temple-ares", "H1")
    tap(tablet, "kleos-check-decks")
    shows(tablet, "kleos-checklist-title", "4 to go")
    press_next(tablet, "Deployment")
    press_next(tablet, "day 1, Daybreak")

    # Glory with the quick buttons, and Olympus' Favor to Athena.
    tap(tablet, "quick-kill-ares")
    shows(tablet, "score-ares", "1")
    tap(tablet, "glory-athena-champion")
    shows(tablet, "score-athena", "2")
    tap(tablet, "favor-athena")
    shows(tablet, "kleos-favor-holder", "Athena")

    # Day 1 Dusk: Ares alone at the Port earns 2 Glory for control.
    play_day(tablet, 1)
    tap(tablet, "dusk-port-ares-plus")
    shows(tablet, "dusk-port-controller", "Ares")
    shows(tablet, "kleos-dusk-confirm", "Ares +2")
    tap(tablet, "kleos-dusk-confirm")
    shows(tablet, "dusk-result-port", "Ares")
    shows(tablet, "history", "Dusk scoring: Ares +2")

    # Undo brings the unscored sheet back (with this device's counts); redo scores it again.
    tap(tablet, "undo")
    shows(tablet, "kleos-dusk-confirm", "Ares +2")
    tap(tablet, "redo")
    expect(el(tablet, "dusk-done")).to_be_attached()
    tap(tablet, "kleos-tab-board")
    tap(tablet, "glory-log-open")  # shut until opened: the history beside it lists the same
    shows(tablet, "glory-log", "Ares +2 (holds a city location: Port)")

    for day in range(2, 6):
        press_next(tablet, f"day {day}, Daybreak")
        play_day(tablet, day)
        shows(tablet, "kleos-dusk-confirm", "no Glory")
        tap(tablet, "kleos-dusk-confirm")
        expect(el(tablet, "dusk-done")).to_be_attached()

    press_next(tablet, "Finish the Contest")
    shows(tablet, "kleos-winner", "Ares is the Patron God of Kleos")
    shows(tablet, "final-ares", "3")
    shows(tablet, "final-athena", "2")
