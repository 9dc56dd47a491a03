"""The Kleos panels without a browser: a real table, real sessions (tests/ui/live_device.py), presses
by the same Semantics identifiers the browser tests use, and what reaches the game checked.
"""
from __future__ import annotations

import re

from companion.i18n import catalogue
from companion.ui.games.kleos import SECTION, follow_phase
from live_device import Screen, Table, idents
from rulebooks import rulebooks


def kleos(options: dict) -> Table:
    return Table("kleos", {"seed": 7, **options})


def reach(table: Table, phase: str, day: int = 1) -> None:
    """On to `phase` of `day`, scoring each Dusk empty on the way."""
    while (table.state["phase"], table.state["day"]) != (phase, day):
        unscored = table.state["phase"] == "dusk" and (table.state["dusk"] or {}).get("day") != table.state["day"]
        assert table.send({"type": "dusk.score", "board": {}} if unscored else {"type": "phase.next"}), table.refusals


def two_gods() -> Table:
    return kleos({"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})


# -- the new-table form ---------------------------------------------------------

def new_table_form(width: int = 1280) -> tuple[Table, Screen]:
    """The start screen's new-table form with Kleos picked (a table of some other game opens the
    server; the form is on the tablet's start screen)."""
    table = Table("scorepad", {"players": ["Ana"]})
    screen = Screen(table, start=True, width=width)
    screen.press("game-kleos")
    return table, screen


def created(table: Table, screen: Screen):
    """The table the form's Create made."""
    before = {s.id for s in table.server.hub.summaries()}
    screen.press("create-table")
    [made] = [s.id for s in table.server.hub.summaries() if s.id not in before]
    return table.server.hub.get(made)


def test_the_form_seats_gods_in_tap_order_with_names_and_hand_placed_temples():
    table, screen = new_table_form()
    for ident in ("kleos-god-hermes", "kleos-god-ares", "kleos-god-athena", "kleos-god-ares"):
        screen.press(ident)
    screen.type("kleos-name-athena", "  Bia ")
    screen.switch("kleos-form-manual")
    screen.press("kleos-hex-athena-H1")
    screen.press("kleos-hex-hermes-H1")  # taken by Athena: the two swap, Athena moves to Hermes' (empty) spot
    screen.press("kleos-hex-athena-H5")
    live = created(table, screen)
    assert live.table.options["players"] == ["hermes", "athena"] and live.table.options["names"] == {"athena": "Bia"}
    assert live.table.options["temples"] == {"hermes": "H1", "athena": "H5"}
    assert live.state["first_player"] == "hermes" and live.state["names"] == {"athena": "Bia"}


def test_the_form_forgets_hand_placed_temples_when_the_player_count_changes():
    table, screen = new_table_form(390)
    screen.press("kleos-god-ares")
    screen.press("kleos-god-athena")
    screen.switch("kleos-form-manual")
    screen.press("kleos-hex-ares-H1")
    screen.press("kleos-hex-athena-H5")
    for god in ("hermes", "artemis", "dionysus"):
        screen.press(f"kleos-god-{god}")
    before = len(table.server.hub.summaries())
    screen.press("create-table")  # five gods, manual temples not yet given: refused
    assert len(table.server.hub.summaries()) == before and screen.toast()


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
    reach(table, "daybreak")
    assert "Ares, Play phase" in screen.text("kleos-next")
    screen.press("kleos-next")
    assert (table.state["phase"], table.state["turn"]) == ("play", "ares")
    assert "Ares" in screen.text("kleos-turn")
    reach(table, "dusk")
    assert screen.find("kleos-next").content.disabled
    assert "Confirm the Dusk sheet" in screen.text("kleos-next")


def test_daybreak_lists_who_zeus_pities():
    table = two_gods()
    reach(table, "play")
    table.send({"type": "glory.add", "player": "ares", "reason": "card", "amount": 6})
    reach(table, "daybreak", 2)
    assert "Athena" in Screen(table).text("kleos-pity")
    reach(table, "daybreak", 3)
    table.send({"type": "glory.add", "player": "athena", "reason": "card", "amount": 6})
    assert "Nobody" in Screen(table).text("kleos-pity")


def test_the_first_player_can_be_moved_by_hand_until_play_begins():
    table = two_gods()
    reach(table, "daybreak", 2)
    screen = Screen(table)
    screen.ui.local.inputs[SECTION] = "setup"
    assert table.state["first_player"] == "athena"
    screen.press("kleos-first-ares")
    assert table.state["first_player"] == "ares"
    assert "Ares, Play phase" in screen.text("kleos-next")
    reach(table, "play", 2)
    assert screen.find("kleos-first-athena").content.disabled


# -- Glory and Favor ------------------------------------------------------------

def test_quick_buttons_and_the_free_amount_send_reasoned_glory():
    table = two_gods()
    reach(table, "play")
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
    screen.press("glory-log-open")  # shut until opened, the history beside it lists the same
    assert "correction" in screen.text("glory-log-2")


def test_glory_below_zero_is_refused_and_changes_nothing():
    table = two_gods()
    reach(table, "play")
    screen = Screen(table)
    screen.press("glory-athena-amount-minus")
    screen.press("glory-athena-amount-minus")
    before = table.live.seq
    screen.press("glory-athena-card")
    assert table.live.seq == before and "cannot lose" in screen.toast()


def test_favor_moves_from_holder_to_holder_and_clears():
    table = two_gods()
    reach(table, "daybreak")
    screen = Screen(table)
    screen.type("favor-minion", "Minotaur")
    screen.press("favor-athena")
    assert table.state["favor"] == {"player": "athena", "minion": "Minotaur"}
    assert "Minotaur" in screen.text("kleos-favor-holder")
    screen.press("favor-ares")
    assert table.state["favor"] == {"player": "ares", "minion": None}
    screen.press("favor-clear")
    assert table.state["favor"] is None and screen.find("favor-clear").content.disabled


# -- Dusk -----------------------------------------------------------------------

def test_the_dusk_sheet_names_controllers_live_is_held_by_the_table_and_confirms_what_it_shows():
    table = kleos({"players": ["ares", "athena", "hermes"], "temples": {"ares": "H1", "athena": "H3", "hermes": "H5"}})
    reach(table, "dusk")
    screen = Screen(table)
    assert screen.find("dusk-port") is not None  # Dusk opened its own sheet
    sent = len(table.events)
    screen.press("dusk-port-ares-plus")
    screen.press("dusk-port-athena-plus")
    assert "Tied" in screen.text("dusk-port-controller")
    screen.press("dusk-port-athena-champion")  # the Champion breaks the tie
    assert "Athena" in screen.text("dusk-port-controller")
    screen.press("dusk-market-hermes-champion")  # a Champion alone counts as one Minion
    assert screen.text("dusk-market-hermes-value") == "Hermes 1"
    # Each tap went to the table (a draft every device shows), with who entered it.
    assert [(e["type"], e["draft"], e["path"], e["value"]) for e in table.events[sent:]] == [
        ("draft.set", "dusk", "port.ares", [1, False]), ("draft.set", "dusk", "port.athena", [1, False]),
        ("draft.set", "dusk", "port.athena", [1, True]), ("draft.set", "dusk", "market.hermes", [1, True])]
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
    reach(table, "dusk")
    screen = Screen(table)
    for loc in ("port", "market"):
        screen.press(f"dusk-{loc}-ares-champion")
    assert "only stand at one location" in screen.text("dusk-error")
    assert screen.find("kleos-dusk-confirm").content.disabled


def test_a_new_day_starts_with_an_empty_sheet():
    table = two_gods()
    reach(table, "dusk")
    screen = Screen(table)
    screen.press("dusk-arena-athena-plus")
    screen.press("kleos-dusk-confirm")
    reach(table, "dusk", 2)
    assert screen.text("dusk-arena-athena-value") == "Athena 0"


# -- who sees what -----------------------------------------------------------------

def test_a_spectator_sees_the_numbers_but_no_controls():
    table = two_gods()
    reach(table, "play")
    screen = Screen(table, role="spectator", width=390)
    assert screen.text("score-ares") == "Ares 0"
    assert all(screen.find(i) is None for i in ("kleos-next", "quick-kill-ares", "glory-ares-champion", "favor-ares"))


def test_a_phone_puts_its_own_god_first():
    table = kleos({"players": ["ares", "athena", "hermes"], "seed": 3})
    reach(table, "play")
    screen = Screen(table, role="seat", seat="hermes", width=390)
    assert idents(screen.render(), r"score-(ares|athena|hermes)") == ["score-hermes", "score-ares", "score-athena"]
    assert idents(screen.render(), r"glory-(ares|athena|hermes)") == []  # More Glory stays shut on a phone
    screen.press("glory-more-open")
    assert idents(screen.render(), r"glory-(ares|athena|hermes)") == ["glory-hermes", "glory-ares", "glory-athena"]


# -- the end -------------------------------------------------------------------

def finish_level(table: Table) -> None:
    """Both gods end on 3 Glory with nothing held at the last Dusk, so the Champion question is asked."""
    reach(table, "play")
    for god in ("ares", "athena"):
        table.send({"type": "glory.add", "player": god, "reason": "card", "amount": 3})
    reach(table, "dusk", 5)
    table.send({"type": "dusk.score", "board": {}})
    table.send({"type": "phase.next"})


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


def test_tie_break_answers_given_on_a_phone_show_on_the_tablet_with_who_gave_them():
    table = two_gods()
    finish_level(table)
    tablet, phone = Screen(table), Screen(table, role="seat", seat="athena", width=390)
    phone.press("tiebreak-athena-arena")
    tablet.press("tiebreak-ares-market")
    assert table.state["drafts"]["tiebreak"]["entries"] == {"athena": "arena", "ares": "market"}
    for screen in (tablet, phone):
        assert screen.text("tiebreak-athena-by") == "answered by Athena"
        assert screen.find("tiebreak-ares-by") is not None
    assert phone.find("tiebreak-ares-market").content.selected and tablet.find("tiebreak-athena-arena").content.selected
    phone.press("kleos-tiebreak-answer")  # settles what both screens show: Market 1, Arena 1, still level
    assert table.state["tiebreak_steps"][-1] == {"criterion": "champion", "scores": {"ares": 1, "athena": 1}}
    assert table.state["tiebreak"]["criterion"] == "epics" and not table.state["drafts"]


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
