"""A whole Cyclades game through the screens, one player on the tablet and two on phones (issue 41).

Ana has no phone: the tablet's Join card marks her as playing there, and every secret step of
hers (her income, her bid, her god turn) is made on her private screen on the tablet, opened
with a confirm and hidden again. Bia and Caio play on their phones. The game runs from the
first round's start to a winner. With COMPANION_SHOTS set to a folder, the screens are kept
there (tablet 1280x800, phones 390x844) for a look.
"""
from __future__ import annotations

import os

from drive import PHONE, TABLET, el, expect_label, settle, tap, until
from playwright.sync_api import expect

PLAYERS = ["ana", "bia", "caio"]
INCOME = {"ana": 4, "bia": 3, "caio": 2}


class Game:
    def __init__(self, server, browser) -> None:
        made = server.api("POST", "/api/tables", {"game": "cyclades", "options": {"players": PLAYERS}})
        self.server, self.id, self.host, self.seats = server, made["id"], made["host_token"], made["seats"]
        self.shots = os.environ.get("COMPANION_SHOTS")
        self.tablet = self._open(browser, self.host, TABLET)
        self.pages: dict[str, object] = {}
        self.browser = browser

    def _open(self, browser, key: str, size: dict):
        page = browser.new_context(viewport=size).new_page()
        page.goto(f"{self.server.url}/t/{self.id}?k={key}")
        settle(page)
        return page

    def join(self, seat: str) -> None:
        self.pages[seat] = self._open(self.browser, self.seats[seat]["token"], PHONE)

    def state(self) -> dict:
        """What the table shows everyone (the driver's eyes, as a player reads the board)."""
        return self.server.api("GET", f"/api/tables/{self.id}?k={self.host}")["state"]

    def shot(self, page, name: str) -> None:
        if self.shots:
            os.makedirs(self.shots, exist_ok=True)
            page.screenshot(path=os.path.join(self.shots, f"{name}.png"))

    def shot_at(self, page, ident: str, name: str) -> None:
        """Wheel the page until `ident` stands near the top (as a player scrolls to it), or the page
        scrolls no further, then keep the screen."""
        if not self.shots:
            return
        width, height = page.viewport_size["width"], page.viewport_size["height"]
        last = None
        for _ in range(12):
            box = el(page, ident).bounding_box()
            if box and (box["y"] <= height * 0.3 or box["y"] == last):
                break
            last = box["y"] if box else None
            page.mouse.move(width / 2, height * 0.75)
            page.mouse.wheel(0, 250)
            page.wait_for_timeout(200)  # only for the picture: no test waits on it
        self.shot(page, name)

    def screen_of(self, player: str):
        """The page a player acts on: Ana's private screen on the tablet, else the player's phone."""
        if player != "ana":
            return self.pages[player]
        tap(self.tablet, "private-open-ana")
        expect_label(self.tablet, "private-ask", "Ana's screen: others look away")
        tap(self.tablet, "private-show")
        expect_label(self.tablet, "private-title", "Ana's screen: others look away")
        return self.tablet

    def done_with(self, player: str) -> None:
        if player == "ana":
            tap(self.tablet, "private-hide")
            expect(el(self.tablet, "private-open-ana")).to_have_count(1)
            assert el(self.tablet, "cyc-gold").count() == 0

    def wait(self, predicate) -> None:
        assert until(lambda: predicate(self.state()))

    def tablet_taps(self, ident: str) -> None:
        """The tablet's tap once it has drawn the table's current step: a tap aimed at the step before
        is refused, whether the change was made on a phone (the tablet had not heard yet) or by the
        tablet's own tap a moment ago (it had not drawn the answer yet)."""
        step = self.server.api("GET", f"/api/tables/{self.id}?k={self.host}")["step"]
        expect(el(self.tablet, f"step-drawn-{step}")).to_be_attached()
        tap(self.tablet, ident)


def test_a_game_with_one_player_on_the_tablet_and_two_phones_to_a_winner(server, browser):
    game = Game(server, browser)
    tablet = game.tablet
    tap(tablet, "on-tablet-ana")
    el(tablet, "tablet-ana").wait_for(state="attached")
    game.join("bia")
    game.join("caio")
    el(tablet, "private-open-ana").wait_for(state="attached")
    game.shot(tablet, "01-tablet-setup")

    tap(tablet, "cyc-start")  # the app lays out the gods and draws the pawn order
    game.wait(lambda s: s["phase"] == "placement")
    game.tablet_taps("cyc-next")
    game.wait(lambda s: s["phase"] == "income")
    game.shot(game.pages["bia"], "02-bia-income")

    for player in PLAYERS:
        page = game.screen_of(player)
        if player == "ana":
            game.shot_at(page, "cyc-income", "03-tablet-ana-private-income")
        tap(page, f"cyc-income-{player}-{INCOME[player]}")
        expect_label(page, f"cyc-income-{player}-send", f"Collect {INCOME[player]}")
        tap(page, f"cyc-income-{player}-send")
        expect_label(page, "cyc-gold", str(5 + INCOME[player]))
        game.done_with(player)
    game.wait(lambda s: len(s["income_done"]) == 3)
    game.shot(tablet, "04-tablet-public-after-income")

    game.tablet_taps("cyc-next")
    game.wait(lambda s: s["phase"] == "offerings")
    state = game.state()
    gods = state["gods"]["up"]
    for i, faction in enumerate(state["turn_order"]):
        page = game.screen_of(faction)
        expect_label(page, "cyc-bidder", "Your pawn")
        if faction == "ana":  # her bid from her own screen, its stepper within her purse
            game.shot_at(page, "cyc-offerings", "05-tablet-ana-private-bid")
        if i < len(gods):
            tap(page, f"cyc-bid-{gods[i]}")
        else:
            tap(page, "cyc-bid-apollo")
        game.wait(lambda s, n=i + 1: len(s["offerings"]["bids"]) + len(s["offerings"]["apollo"]) == n)
        game.done_with(faction)
    game.shot(tablet, "06-tablet-offerings-placed")
    game.shot_at(game.pages["bia"], "cyc-offerings", "07-bia-offerings")
    game.tablet_taps("cyc-pay")
    game.wait(lambda s: s["phase"] == "maintenance")
    game.tablet_taps("cyc-next")
    game.wait(lambda s: s["phase"] == "actions")

    for turn, (faction, god) in enumerate(game.state()["actions"]["order"]):
        page = game.screen_of(faction)
        el(page, "cyc-done").wait_for(state="attached")
        if faction == "ana":  # Ana builds her third metropolis on the board and says so on her screen
            tap(page, "cyc-edit-ana")
            for count in (1, 2, 3):
                tap(page, "cyc-track-ana-metropolises-plus")
                expect_label(page, "cyc-track-ana-metropolises-value", str(count))
            game.shot(page, "08-tablet-ana-private-turn")
        else:
            game.shot(page, f"09-{faction}-turn")
        tap(page, "cyc-done")
        game.wait(lambda s, n=turn + 1: s["actions"]["current"] == n)
        game.done_with(faction)

    game.tablet_taps("cyc-next")
    game.wait(lambda s: s["phase"] == "over")
    for page in (tablet, game.pages["bia"], game.pages["caio"]):
        expect_label(page, "cyc-winners", "Ana")
    game.shot(tablet, "10-tablet-winner")
    game.shot(game.pages["caio"], "11-caio-winner")
