"""Lords of Hellas in the browser: a tablet switched to Portuguese plays a whole turn.

The last test builds every panel without a browser, for each role, size and
language, so a label that skipped translation is caught without a screenshot.
"""
import random
import re
from types import SimpleNamespace

import flet as ft
import pytest
from drive import PHONE, TABLET, el, expect_label, in_view, open_app, tap, type_into, until
from playwright.sync_api import expect

from companion.games.lords_of_hellas.game import GAME
from companion.ui.context import UI
from companion.ui.games.lords_of_hellas import SECTION, SECTIONS, UI_
from companion.ui.live import shown

OPTIONS = {"players": ["ana", "bia"], "names": {"ana": "Ana", "bia": "Bia"}}


def expect_disabled(page, ident: str, disabled: bool = True) -> None:
    state = "[aria-disabled='true']" if disabled else ":not([aria-disabled='true'])"
    expect(el(page, ident).locator(f"[role='button']{state}")).to_have_count(1)


@pytest.mark.shares_server
def test_a_turn_in_portuguese_passes_to_the_next_player(server, browser):
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas", "options": OPTIONS})
    table = f"/api/tables/{created['id']}?k={created['host_token']}"
    host = f"/api/tables/{created['id']}/events?k={created['host_token']}"
    for field in ("artifacts", "charged"):
        server.api("POST", host, {"type": "tracker.set", "player": "ana", "field": field, "value": 1})
    tablet = open_app(browser, f"{server.url}/t/{created['id']}?k={created['host_token']}")
    expect_label(tablet, "loh-current", "Ana is playing")

    tap(tablet, "lang")
    expect_label(tablet, "loh-tab-turn", "Turno")
    expect_label(tablet, "loh-current", "Quem joga: Ana")
    expect_label(tablet, "loh-end-hint", "Faça uma Ação Especial")
    expect_disabled(tablet, "loh-end-turn")
    expect_disabled(tablet, "loh-regular-artifacts", False)

    tap(tablet, "loh-regular-move")
    expect_label(tablet, "loh-regular-status-move", "Feita neste turno")
    tap(tablet, "loh-special-march")
    expect_label(tablet, "loh-special-status-march", "Usada")
    expect_disabled(tablet, "loh-special-march")
    expect_disabled(tablet, "loh-special-prepare")  # one Special Action per turn
    expect_disabled(tablet, "loh-regular-artifacts")  # Regular Actions come first
    expect_disabled(tablet, "loh-end-turn", False)
    assert server.api("GET", table)["state"]["turn"]["regular"] == ["move"]

    tap(tablet, "loh-end-turn")
    expect_label(tablet, "loh-current", "Quem joga: Bia")
    state = server.api("GET", table)["state"]
    assert state["turn"]["player"] == "bia" and state["used"]["ana"] == ["march"]

    # Bia plays her turn from her phone; back on Ana's turn, March is still blocked by its marker.
    bia = f"/api/tables/{created['id']}/events?k={server.claim(created['id'], created['seats']['bia']['token'])}"
    server.api("POST", bia, {"type": "turn.special", "action": "prepare"})
    server.api("POST", bia, {"type": "turn.end"})
    expect_label(tablet, "loh-current", "Quem joga: Ana")
    expect_label(tablet, "loh-special-status-march", "Bloqueada até se construir um Monumento")
    expect_label(tablet, "loh-special-status-prepare", "Disponível")
    expect_disabled(tablet, "loh-special-march")
    expect_disabled(tablet, "loh-special-prepare", False)


@pytest.mark.shares_server
def test_a_refusal_reads_in_the_devices_language(server, browser):
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas", "options": OPTIONS})
    phone = open_app(browser, f"{server.url}/t/{created['id']}?k={created['seats']['bia']['token']}", PHONE)
    expect_label(phone, "identity", "Bia")
    tap(phone, "lang")
    expect_label(phone, "loh-tab-battle", "Batalha")
    tap(phone, "loh-tab-battle")
    expect_label(phone, "loh-defender-strength", "Força do Exército: 1")
    tap(phone, "loh-defender-player-ana")  # Ana would be fighting herself; once: no tap may be lost
    phone.wait_for_timeout(300)  # a player's pace between taps
    tap(phone, "loh-battle-resolve")
    expect_label(phone, "toast", "Um jogador não pode batalhar contra si mesmo")
    assert server.api("GET", f"/api/tables/{created['id']}?k={created['host_token']}")["state"]["last_battle"] is None


def test_the_new_table_form_sets_names_colours_and_ways_to_win(server, browser):
    tablet = open_app(browser, f"{server.url}/?admin={server.admin}")
    # the chip's name, on the chip
    expect(el(tablet, "game-lords_of_hellas").get_by_role("checkbox", name="Lords of Hellas")).to_have_count(1)
    tap(tablet, "game-lords_of_hellas")
    type_into(tablet, "loh-name-0", "Ana")
    type_into(tablet, "loh-name-1", "Bia")
    tap(tablet, "loh-colour-1-3")
    tap(tablet, "loh-king-switch")
    tap(tablet, "loh-threshold-warlord-plus")
    expect_label(tablet, "loh-threshold-warlord-value", "3")
    tap(tablet, "create-table")
    tablet.wait_for_url("**/t/**")
    table_id = tablet.url.split("/t/")[1].split("?")[0]
    state = server.api("GET", f"/api/tables/{table_id}?k={server.host_token(table_id)}")["state"]
    assert state["names"] == {"ana": "Ana", "bia": "Bia"}
    assert state["colours"] == {"ana": "#c62828", "bia": "#f9a825"}
    assert state["conditions"]["king_of_kings"] is False
    assert state["thresholds"] == {"warlord": 3, "favoured": 5, "slayer": 3}
    tap(tablet, "loh-tab-watch")
    expect_label(tablet, "loh-watch-king", "King of Kings is off")


def _texts(control: object) -> list[str]:
    """Every string a control tree would paint: Text values, button labels, field labels (a part
    stands for the control it shows)."""
    control = shown(control)
    found: list[str] = []
    for attr in ("value", "content", "label"):
        value = getattr(control, attr, None)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, ft.BaseControl):
            found += _texts(value)
    for child in getattr(control, "controls", None) or []:
        found += _texts(child)
    return found


def _states() -> list[dict]:
    """A fresh game, then one with a failed hunt, a build, a battle and a winner."""
    state = GAME.setup({"players": ["ana", "bia"], "names": {"ana": "Ana", "bia": "Bia"}})
    states = [state]
    for event in (
        {"type": "tracker.set", "player": "ana", "field": "priests", "value": 2},
        {"type": "turn.regular", "action": "priests", "monument": "zeus", "count": 1},
        {"type": "hunt.start", "monster": "Hydra", "slots": ["priest", "none"]},
        {"type": "hunt.attack", "wounds": [0]},
        {"type": "hunt.attack", "wounds": []},
        {"type": "monument.build", "monument": "athena"},
        {"type": "battle.resolve", "attacker": {"player": "ana", "hoplites": 2},
         "defender": {"player": "bia", "base": 1, "hoplites": 1, "fortified": 1, "can_retreat": False}},
        {"type": "tracker.set", "player": "bia", "field": "lands", "value": 2},
    ):
        event = GAME.prepare(state, {"by": "host", "at": 0.0, **event}, random.Random(0))
        state = GAME.apply(state, event)
        states.append(state)
    assert states[-1]["winner"] == {"player": "bia", "condition": "warlord"}
    return states


def test_every_panel_is_fully_translated_for_every_role_and_size():
    seen = {"en": set(), "pt": set()}
    for state in _states():
        for role, seat in (("host", None), ("seat", "bia"), ("spectator", None)):
            for width in (1280, 390):
                for lang in ("en", "pt"):
                    ui = UI(page=SimpleNamespace(width=width), server=None, lang=lang)
                    snap = {"role": role, "seat": seat, "state": GAME.view(state, seat)}
                    for section in SECTIONS:
                        ui.local.inputs[SECTION] = section
                        texts = _texts(UI_.board(ui, snap))
                        leaks = [x for x in texts if "lords_of_hellas." in x or "{" in x]
                        assert not leaks, (section, lang, leaks)
                        seen[lang].update(texts)
    assert "Quem joga: Ana" in seen["pt"] and "Bia vence como Senhor da Guerra! A partida acabou." in seen["pt"]
    assert "Bia wins the battle" in seen["en"] and "Bia vence a batalha" in seen["pt"]  # a tie goes to Bia
    assert len(seen["pt"] - seen["en"]) > 100  # Portuguese screens really are in Portuguese
    # What reads the same in both is only names and numbers (and the shared scoreboard's tile
    # state words, an accessibility label): no English label of this game was hard-coded.
    names = re.compile(r"Ana|Bia|Hydra|Zeus|Hermes|\b(active|waiting|changed)$")
    assert [x for x in seen["pt"] & seen["en"] if re.search(r"[^\W\d_]", names.sub("", x))] == []


FOUR = ["ana", "bia", "caio", "dino"]


@pytest.mark.shares_server
def test_four_players_victory_watch_fits_the_tablet_and_the_last_quick_action_works(server, browser):
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas", "options": {"players": FOUR}})
    table, host = created["id"], created["host_token"]
    tablet = open_app(browser, f"{server.url}/t/{table}?k={host}", TABLET)
    phone = open_app(browser, f"{server.url}/t/{table}?k={created['seats']['dino']['token']}", PHONE)
    expect_label(tablet, "tile-dino", "Dino")
    assert tablet.evaluate("() => window.scrollY") == 0
    for seat in FOUR:
        assert in_view(tablet, f"score-{seat}"), seat
    assert in_view(tablet, "quick-lands-dino")
    tap(tablet, "quick-lands-dino")  # no scrolling, one tap
    expect_label(phone, "score-dino", "Dino 1/2")
    assert in_view(phone, "score-dino") and in_view(phone, "quick-monsters-dino")  # own tile first on a phone
    tap(phone, "quick-monsters-dino")
    expect_label(tablet, "markers-dino", "One away!")

    def track() -> tuple[int, int]:
        dino = server.api("GET", f"/api/tables/{table}?k={host}")["state"]["tracks"]["dino"]
        return dino["lands"], dino["monsters"]

    # The marker may already say so after the lands alone: wait for the monsters' tap itself.
    assert until(lambda: track() == (1, 1)), track()
    expect_disabled(phone, "loh-end-turn")  # not Dino's turn


@pytest.mark.shares_server
def test_a_phone_counts_the_hoplites_and_shows_rename_only_with_a_name(server, browser):
    """3 Hoplites against 2 with no card read 3 and 2 (they read 0 and 0, a tie for the defender);
    the Rename buttons come with a typed name and go with it."""
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas", "options": OPTIONS})
    phone = open_app(browser, f"{server.url}/t/{created['id']}?k={created['seats']['ana']['token']}", PHONE)
    expect(el(phone, "loh-special-name")).to_be_attached()
    expect(el(phone, "loh-special-rename-march")).to_have_count(0)
    type_into(phone, "loh-special-name", "Marcha")
    expect(el(phone, "loh-special-rename-march")).to_be_attached()
    type_into(phone, "loh-special-name", "")
    expect(el(phone, "loh-special-rename-march")).to_have_count(0)
    tap(phone, "loh-tab-battle")
    for _ in range(2):  # as fast as a thumb: the second tap builds on the first (ui/draft.py edit)
        tap(phone, "loh-attacker-hoplites-plus")
    tap(phone, "loh-defender-hoplites-plus")
    expect_label(phone, "loh-attacker-strength", "Army Strength: 3")
    expect_label(phone, "loh-defender-strength", "Army Strength: 2")
    expect_label(phone, "loh-battle-standing", "If both pass now: Ana wins, 3 to 2")
