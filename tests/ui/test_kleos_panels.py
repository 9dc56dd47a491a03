"""The Kleos panels without a browser: build the controls, press them, check what reaches the game.

A small in-memory table stands in for the hub (prepare, then the pure apply),
so every press goes through the real Kleos reducer; the controls are found by
the same Semantics identifiers the browser test uses.
"""
from __future__ import annotations

import asyncio
import random
import re
from types import SimpleNamespace

import flet as ft
import pytest

from companion.core import validation
from companion.core.model import RuleError
from companion.core.timeline import CONTROL_TYPES
from companion.games.kleos.game import GAME
from companion.i18n import catalogue
from companion.ui.context import UI
from companion.ui.games.kleos import SECTION, UI_, follow_phase
from live_device import children
from companion.ui.live import shown
from rulebooks import rulebooks



class Table:
    """Just enough of the hub: events pass prepare and apply, a refusal leaves the state alone."""

    def __init__(self, options: dict) -> None:
        self.state = GAME.setup({"seed": 7, **options})
        self.events: list[dict] = []
        self.refusals: list[str] = []

    async def send(self, command: dict) -> bool:
        validation.event(GAME.event_schemas, command, CONTROL_TYPES)  # what the panels send fits the schema
        event = GAME.prepare(self.state, {**command, "by": "host", "at": 0}, random.Random(0))
        try:
            self.state = GAME.apply(self.state, event)
        except RuleError as err:
            self.refusals.append(err.message)
            return False
        self.events.append(event)
        return True

    def reach(self, phase: str, day: int = 1) -> None:
        while (self.state["phase"], self.state["day"]) != (phase, day):
            unscored = self.state["phase"] == "dusk" and (self.state["dusk"] or {}).get("day") != self.state["day"]
            asyncio.run(self.send({"type": "dusk.score", "board": {}} if unscored else {"type": "phase.next"}))


class Screen:
    """One device looking at the table: renders the board and presses controls by identifier."""

    def __init__(self, table: Table, role: str = "host", seat: str | None = None, width: int = 1280) -> None:
        self.table, self.role, self.seat = table, role, seat
        self.ui = UI(page=SimpleNamespace(width=width), server=None)
        self.ui.send = table.send
        self.ui.snapshot = self.snap  # what a handler reads of the table now, as the real UI's does

        async def refresh() -> None:
            return None

        self.ui.refresh = refresh

    def snap(self) -> dict:
        return {"role": self.role, "seat": self.seat, "state": GAME.view(self.table.state, self.seat),
                "can_undo": False, "can_redo": False}

    def render(self) -> ft.Control:
        snap = self.snap()
        # Drawn afresh each time: outside a session, a rebuilt part's component is not updated.
        self.ui.parts.clear()
        return UI_.board(self.ui, snap)

    def find(self, ident: str) -> ft.Control | None:
        return find(self.render(), ident)

    def press(self, ident: str) -> None:
        control = self.find(ident)
        assert control is not None, f"no control {ident!r} on screen"
        asyncio.run(control.content.on_click(None))

    def text(self, ident: str) -> str:
        """What a screen reader would say: the Semantics label, else every word drawn inside."""
        control = self.find(ident)
        assert control is not None, f"no control {ident!r} on screen"
        return control.label or words(control)


def words(root: ft.Control) -> str:
    root = shown(root)
    text = root.value if isinstance(root, ft.Text) else getattr(root, "content", None)
    own = [text] if isinstance(text, str) else []
    return " ".join([*own, *(words(child) for child in children(root))]).strip()


def find(root: ft.Control, ident: str) -> ft.Control | None:
    root = shown(root)
    if isinstance(root, ft.Semantics) and root.identifier == ident:
        return root
    return next((hit for child in children(root) if (hit := find(child, ident)) is not None), None)


def idents(root: ft.Control, pattern: str) -> list[str]:
    root = shown(root)
    found = [root.identifier] if isinstance(root, ft.Semantics) and re.fullmatch(pattern, root.identifier or "") else []
    for child in children(root):
        found += idents(child, pattern)
    return found


def two_gods() -> Table:
    return Table({"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})


# -- the new-table form ---------------------------------------------------------

def test_the_form_seats_gods_in_tap_order_with_names_and_hand_placed_temples():
    ui = UI(page=SimpleNamespace(width=1280), server=None)

    async def refresh() -> None:
        return None

    ui.refresh = refresh

    def tap(ident: str) -> None:
        controls, _ = UI_.setup_form(ui)
        control = next(hit for c in controls if (hit := find(c, ident)) is not None)
        inner = control.content
        if isinstance(inner, ft.Switch):
            asyncio.run(inner.on_change(SimpleNamespace(control=SimpleNamespace(value=True))))
        else:
            asyncio.run(inner.on_click(None))

    for ident in ("kleos-god-hermes", "kleos-god-ares", "kleos-god-athena", "kleos-god-ares"):
        tap(ident)
    controls, read = UI_.setup_form(ui)
    field = next(hit for c in controls if (hit := find(c, "kleos-name-athena")) is not None).content
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="  Bia ")))
    assert read() == {"players": ["hermes", "athena"], "names": {"athena": "Bia"}}

    tap("kleos-form-manual")
    tap("kleos-hex-athena-H1")
    tap("kleos-hex-hermes-H1")  # taken by Athena: the two swap, Athena moves to Hermes' (empty) spot
    assert read()["temples"] == {"hermes": "H1"}
    tap("kleos-hex-athena-H5")
    options = read()
    assert options["temples"] == {"hermes": "H1", "athena": "H5"}
    state = GAME.setup(options)
    assert state["first_player"] == "hermes" and state["names"] == {"athena": "Bia"}


def test_the_form_forgets_hand_placed_temples_when_the_player_count_changes():
    ui = UI(page=SimpleNamespace(width=390), server=None)

    async def refresh() -> None:
        return None

    ui.refresh = refresh
    data = ui.local.setdefault("kleos.form", {"players": ["ares", "athena"], "names": {}, "manual": True,
                                              "temples": {"ares": "H1", "athena": "H5"}})
    for god in ("hermes", "artemis", "dionysus"):
        controls, _ = UI_.setup_form(ui)
        chip = next(hit for c in controls if (hit := find(c, f"kleos-god-{god}")) is not None)
        asyncio.run(chip.content.on_click(None))
    assert data["players"] == ["ares", "athena", "hermes", "artemis", "dionysus"]
    assert data["temples"] == {}
    with pytest.raises(RuleError):
        GAME.setup(UI_.setup_form(ui)[1]())  # five gods, manual temples not yet given


# -- sections -------------------------------------------------------------------

def test_sections_follow_the_phase_only_when_it_changes():
    local: dict = {}
    assert follow_phase(local, "setup") == "setup"
    assert follow_phase(local, "deployment") == "board"
    local[SECTION] = "odds"
    assert follow_phase(local, "play") == "odds"      # same device choice survives a turn change
    assert follow_phase(local, "action") == "odds"
    assert follow_phase(local, "dusk") == "dusk"      # Dusk always brings its sheet forward
    assert follow_phase(local, "daybreak") == "board"  # and leaving it returns to Glory
    local[SECTION] = "chart"
    assert follow_phase(local, "daybreak") == "chart"


# -- the clock ------------------------------------------------------------------

def test_next_names_where_it_leads_and_is_blocked_until_dusk_is_scored():
    table = two_gods()
    screen = Screen(table)
    assert "Deployment" in screen.text("kleos-next")
    table.reach("daybreak")
    assert "Ares, Play phase" in screen.text("kleos-next")
    screen.press("kleos-next")
    assert (table.state["phase"], table.state["turn"]) == ("play", "ares")
    assert "Ares" in screen.text("kleos-turn")
    table.reach("dusk")
    assert screen.find("kleos-next").content.disabled
    assert "Confirm the Dusk sheet" in screen.text("kleos-next")


def test_daybreak_lists_who_zeus_pities():
    table = two_gods()
    table.reach("play")
    asyncio.run(table.send({"type": "glory.add", "player": "ares", "reason": "card", "amount": 6}))
    table.reach("daybreak", 2)
    assert "Athena" in Screen(table).text("kleos-pity")
    table.reach("daybreak", 3)
    table.state = GAME.apply(table.state, {"type": "glory.add", "player": "athena", "reason": "card", "amount": 6})
    assert "Nobody" in Screen(table).text("kleos-pity")


def test_the_first_player_can_be_moved_by_hand_until_play_begins():
    table = two_gods()
    table.reach("daybreak", 2)
    screen = Screen(table)
    screen.ui.local[SECTION] = "setup"
    assert table.state["first_player"] == "athena"
    screen.press("kleos-first-ares")
    assert table.state["first_player"] == "ares"
    assert "Ares, Play phase" in screen.text("kleos-next")
    table.reach("play", 2)
    assert screen.find("kleos-first-athena").content.disabled


# -- Glory and Favor ------------------------------------------------------------

def test_quick_buttons_and_the_free_amount_send_reasoned_glory():
    table = two_gods()
    table.reach("play")
    screen = Screen(table)
    screen.press("quick-kill-ares")  # on the scoreboard
    screen.press("glory-ares-champion")  # in the Glory panel
    assert screen.text("score-ares") == "Ares 3"
    screen.press("glory-ares-amount-minus")  # 1 -> 0: both free reasons are off at zero
    assert screen.find("glory-ares-card").content.disabled
    screen.press("glory-ares-amount-minus")
    screen.press("glory-ares-correction")
    assert table.state["glory"]["ares"] == 2
    assert [(e["reason"], e["amount"]) for e in table.state["glory_log"]] == [
        ("kill", 1), ("champion", 2), ("correction", -1)]
    assert "correction" in screen.text("glory-log-2")


def test_glory_below_zero_is_refused_and_changes_nothing():
    table = two_gods()
    table.reach("play")
    screen = Screen(table)
    screen.press("glory-athena-amount-minus")
    screen.press("glory-athena-amount-minus")
    before = table.state
    screen.press("glory-athena-card")
    assert table.state == before and "cannot lose" in table.refusals[-1]


def test_favor_moves_from_holder_to_holder_and_clears():
    table = two_gods()
    table.reach("daybreak")
    screen = Screen(table)
    screen.find("favor-minion").content.on_change(SimpleNamespace(control=SimpleNamespace(value="Minotaur")))
    screen.press("favor-athena")
    assert table.state["favor"] == {"player": "athena", "minion": "Minotaur"}
    assert "Minotaur" in screen.text("kleos-favor-holder")
    screen.press("favor-ares")
    assert table.state["favor"] == {"player": "ares", "minion": None}
    screen.press("favor-clear")
    assert table.state["favor"] is None and screen.find("favor-clear").content.disabled


# -- Dusk -----------------------------------------------------------------------

def test_the_dusk_sheet_names_controllers_live_is_held_by_the_table_and_confirms_what_it_shows():
    table = Table({"players": ["ares", "athena", "hermes"], "temples": {"ares": "H1", "athena": "H3", "hermes": "H5"}})
    table.reach("dusk")
    screen = Screen(table)
    assert find(screen.render(), "dusk-port") is not None  # Dusk opened its own sheet
    sent = len(table.events)
    screen.press("dusk-port-ares-plus")
    screen.press("dusk-port-athena-plus")
    assert "Tied" in screen.text("dusk-port-controller")
    screen.press("dusk-port-athena-champion")  # the Champion breaks the tie
    assert "Athena" in screen.text("dusk-port-controller")
    screen.press("dusk-market-hermes-champion")  # a Champion alone counts as one Minion
    assert screen.text("dusk-market-hermes-value") == "Hermes 1"
    # Each tap went to the table (a draft every device shows), with who entered it.
    assert [(e["type"], e["location"], e["player"], e["minions"], e["champion"]) for e in table.events[sent:]] == [
        ("dusk.set", "port", "ares", 1, False), ("dusk.set", "port", "athena", 1, False),
        ("dusk.set", "port", "athena", 1, True), ("dusk.set", "market", "hermes", 1, True)]
    assert screen.text("dusk-port-athena-by") == "entered by Tablet"
    assert "Athena +2, Hermes +1" in screen.text("kleos-dusk-confirm")
    sent = len(table.events)
    screen.press("kleos-dusk-confirm")
    [event] = table.events[sent:]
    assert event["board"] == {"port": {"ares": [1, False], "athena": [1, True]}, "market": {"hermes": [1, True]},
                              "arena": {}, "theater": {}}
    assert [(e["player"], e["amount"], e["reason"], e["note"]) for e in table.state["glory_log"]] == [
        ("athena", 2, "control", "port"), ("hermes", 1, "control", "market")]
    assert "Athena" in screen.text("dusk-result-port")


def test_an_impossible_dusk_sheet_is_explained_and_cannot_be_confirmed():
    table = two_gods()
    table.reach("dusk")
    screen = Screen(table)
    for loc in ("port", "market"):
        screen.press(f"dusk-{loc}-ares-champion")
    assert "only stand at one location" in screen.text("dusk-error")
    assert screen.find("kleos-dusk-confirm").content.disabled


def test_a_new_day_starts_with_an_empty_sheet():
    table = two_gods()
    table.reach("dusk")
    screen = Screen(table)
    screen.press("dusk-arena-athena-plus")
    screen.press("kleos-dusk-confirm")
    table.reach("dusk", 2)
    assert screen.text("dusk-arena-athena-value") == "Athena 0"


# -- who sees what -----------------------------------------------------------------

def test_a_spectator_sees_the_numbers_but_no_controls():
    table = two_gods()
    table.reach("play")
    screen = Screen(table, role="spectator", width=390)
    assert screen.text("score-ares") == "Ares 0"
    assert all(screen.find(i) is None for i in ("kleos-next", "quick-kill-ares", "glory-ares-champion", "favor-ares"))


def test_a_phone_puts_its_own_god_first():
    table = Table({"players": ["ares", "athena", "hermes"], "seed": 3})
    table.reach("play")
    screen = Screen(table, role="seat", seat="hermes", width=390)
    assert idents(screen.render(), r"score-(ares|athena|hermes)") == ["score-hermes", "score-ares", "score-athena"]
    assert idents(screen.render(), r"glory-(ares|athena|hermes)") == ["glory-hermes", "glory-ares", "glory-athena"]


# -- the end -------------------------------------------------------------------

def finish_level(table: Table) -> None:
    """Both gods end on 3 Glory with nothing held at the last Dusk, so the Champion question is asked."""
    table.reach("play")
    for god in ("ares", "athena"):
        asyncio.run(table.send({"type": "glory.add", "player": god, "reason": "card", "amount": 3}))
    table.reach("dusk", 5)
    asyncio.run(table.send({"type": "dusk.score", "board": {}}))
    asyncio.run(table.send({"type": "phase.next"}))


def test_a_tie_asks_only_the_next_question_then_crowns_the_winner():
    table = two_gods()
    finish_level(table)
    screen = Screen(table)
    assert screen.find("kleos-winner") is None
    assert "Champion" in screen.text("kleos-tiebreak-question")
    screen.press("tiebreak-athena-port")
    screen.press("kleos-tiebreak-answer")
    assert table.state["winner"] == "athena"
    assert "Athena is the Patron God of Kleos" in screen.text("kleos-winner")
    assert screen.find("kleos-next") is None and screen.find("kleos-tiebreak") is None


def test_level_after_every_question_the_gods_share_the_win():
    table = two_gods()
    finish_level(table)
    screen = Screen(table)
    for _ in range(3):
        screen.press("kleos-tiebreak-answer")  # the suggestions: nowhere, 0, 0
    assert table.state["winners"] == ["ares", "athena"]
    assert "share" in screen.text("kleos-winner")


# -- words ----------------------------------------------------------------------

def _grams(text: str) -> set[tuple[str, ...]]:
    words = re.sub(r"[^\w\s]", " ", text.lower()).split()
    return {tuple(words[i:i + 8]) for i in range(len(words) - 7)}


def test_panel_strings_are_in_our_own_words_in_both_languages():
    ours = {k: v for k, v in catalogue().items() if k.startswith("kleos.ui_")}
    assert len(ours) > 60
    source = set().union(*(_grams(p.read_text(encoding="utf-8")) for p in rulebooks()))
    assert source
    for key, texts in ours.items():
        assert texts["en"] and texts["pt"], key
        assert not _grams(texts["en"]) & source, key
