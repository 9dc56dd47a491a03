"""The Lords of Hellas battle and hunt helpers and the Special Action names, as a player sees them:
a real table, real sessions (tests/ui/live_device.py), presses by the browser tests' identifiers.

lords-of-hellas-summary-pt.txt l.13 gives the tie to the defender and only says to compare Army
Strength; the sum (one per Hoplite, plus each Combat Card) is the published rulebook's, and the
battle screen says so once. l.9: a failed hunter may claim one Artifact or Priest reward.
"""
from __future__ import annotations

import asyncio

import flet as ft
from flet_private import control_id

from companion.core.access import Access
from live_device import Screen, Table, idents, walk

PUBLISHED = "From the published rulebook, not our summary."


def two() -> Table:
    return Table("lords_of_hellas", {"players": ["ana", "bia"], "names": {"ana": "Ana", "bia": "Bia"}})


def battle_on(screen: Screen, attackers: int, defenders: int) -> None:
    """The battle tab, each side's Hoplites stepped to the count (a new side starts at 1)."""
    screen.press("loh-tab-battle")
    for which, count in (("attacker", attackers), ("defender", defenders)):
        for _ in range(count - 1):
            screen.press(f"loh-{which}-hoplites-plus")


def published_marks(screen: Screen) -> int:
    """How many times the screen says a rule is the published rulebook's."""
    return sum(isinstance(c, ft.Text) and PUBLISHED in (c.value or "") for c in walk(screen.render()))


def test_three_hoplites_against_two_with_no_card_show_3_to_2_and_the_attacker_wins():
    table = two()
    tablet = Screen(table)
    tablet.press("loh-tab-battle")
    assert tablet.text("loh-attacker-strength") == "Army Strength: 1"  # a new side: one Hoplite
    assert tablet.find("loh-battle-standing") is None  # nobody has entered anything yet
    battle_on(tablet, 3, 2)
    assert tablet.text("loh-attacker-strength") == "Army Strength: 3"
    assert tablet.text("loh-defender-strength") == "Army Strength: 2"
    assert tablet.text("loh-attacker-strength-parts") == "Hoplites 3 + cards 0 + other 0"
    assert tablet.text("loh-battle-standing") == "If both pass now: Ana wins, 3 to 2"
    assert published_marks(tablet) == 1  # once for the screen, not under each side
    tablet.press("loh-battle-resolve")
    assert table.state["last_battle"]["strength"] == {"attacker": 3, "defender": 2}
    assert tablet.text("loh-battle-winner") == "Ana wins the battle"
    assert tablet.text("loh-battle-loss-defender").startswith("Hoplites lost: 1.")
    assert tablet.find("loh-battle-standing") is None  # the form is blank again for the next battle


def test_two_against_two_with_no_card_is_a_tie_the_defender_wins_on_a_phone_too():
    table = two()
    phone = Screen(table, role="seat", seat="bia", width=390)
    battle_on(phone, 2, 2)
    assert phone.text("loh-attacker-strength") == "Army Strength: 2"
    assert phone.text("loh-defender-strength") == "Army Strength: 2"
    assert phone.text("loh-battle-standing") == "If both pass now: a tie at 2, so the defender, Bia, wins"
    phone.press("loh-battle-resolve")
    assert table.state["last_battle"]["tie"] and phone.text("loh-battle-winner") == "Bia wins the battle"


def test_combat_cards_and_other_bonuses_add_to_the_hoplites_on_every_device():
    table = two()
    tablet = Screen(table)
    phone = Screen(table, role="seat", seat="bia", width=390)
    battle_on(tablet, 2, 4)
    tablet.press("loh-attacker-add-card")
    for _ in range(3):
        tablet.press("loh-attacker-card-0-strength-plus")
    phone.press("loh-tab-battle")
    assert phone.text("loh-attacker-strength") == "Army Strength: 5"
    assert phone.text("loh-attacker-strength-parts") == "Hoplites 2 + cards 3 + other 0"
    phone.press("loh-defender-base-plus")  # Bia's Blessing, say
    assert tablet.text("loh-defender-strength") == "Army Strength: 5"
    assert tablet.text("loh-battle-standing") == "If both pass now: a tie at 5, so the defender, Bia, wins"
    tablet.press("loh-battle-resolve")
    assert table.state["last_battle"]["strength"] == {"attacker": 5, "defender": 5}
    assert table.state["last_battle"]["winner"] == "defender"


def test_a_beaten_monster_says_what_the_hunter_collects_and_the_counts_take_it_undo_gives_it_back():
    table = two()
    tablet = Screen(table)
    assert table.send({"type": "tracker.set", "player": "ana", "field": "priests", "value": 1})
    assert table.send({"type": "hunt.start", "monster": "Hydra", "slots": ["priest", "artifact", "none"]})
    tablet.press("loh-tab-hunt")
    for wound in (0, 1, 2):
        tablet.press(f"loh-wound-{wound}")
    tablet.press("loh-hunt-attack")
    assert tablet.text("loh-hunt-collects") == "Ana collects 1 Priest and 1 Artifact"
    assert tablet.text("loh-hunt-collected-from") == "Wound 1: +1 Priest · Wound 2: +1 Artifact"
    assert tablet.text("loh-hunt-counts-now") == (
        "Now Ana has 2 Priests in reserve and 1 Artifact: already added to the table's counts.")
    assert published_marks(tablet) == 1
    assert (table.state["tracks"]["ana"]["priests"], table.state["tracks"]["ana"]["artifacts"]) == (2, 1)
    table.live.undo(Access("host"))
    assert (table.state["tracks"]["ana"]["priests"], table.state["tracks"]["ana"]["artifacts"]) == (1, 0)
    assert tablet.find("loh-hunt-collects") is None
    assert tablet.text("loh-hunt-status") == "Hunt under way"


def test_a_failed_hunters_claim_says_what_it_added():
    table = two()
    phone = Screen(table, role="seat", seat="ana", width=390)
    assert table.send({"type": "hunt.start", "monster": "Hydra", "slots": ["priest", "none"]})
    assert table.send({"type": "hunt.attack", "wounds": [0]})
    assert table.send({"type": "hunt.attack", "wounds": []})
    phone.press("loh-tab-hunt")
    phone.press("loh-claim-0")
    assert phone.text("loh-hunt-claimed") == "Reward taken: Priest"
    assert phone.text("loh-hunt-counts-now") == (
        "Now Ana has 1 Priest in reserve and 0 Artifacts: already added to the table's counts.")
    assert table.state["tracks"]["ana"]["priests"] == 1


def test_the_rename_buttons_show_only_while_a_name_is_typed():
    table = two()
    for screen in (Screen(table), Screen(table, role="seat", seat="ana", width=390)):
        renames = "loh-special-(rename-.*|add)"
        assert idents(screen.render(), renames) == []
        screen.type("loh-special-name", "   ")
        assert idents(screen.render(), renames) == []
        screen.type("loh-special-name", "Marcha")
        assert "loh-special-rename-march" in idents(screen.render(), renames)
        assert "loh-special-add" in idents(screen.render(), renames)
        assert "loh-special-rename-build_monument" not in idents(screen.render(), renames)
        screen.type("loh-special-name", "")
        assert idents(screen.render(), renames) == []
    tablet = Screen(table)
    tablet.type("loh-special-name", "Marcha forçada")
    tablet.press("loh-special-rename-march")
    assert table.state["special_names"] == {"march": "Marcha forçada"}


def test_two_quick_taps_on_a_battle_count_both_count():
    """The second tap lands on the button the first one was made on, before the screen is drawn
    again: it still adds one more."""
    table = two()
    tablet = Screen(table)
    tablet.press("loh-tab-battle")
    tablet.press("loh-attacker-add-card")
    for ident in ("loh-attacker-hoplites-plus", "loh-attacker-card-0-strength-plus"):
        aimed = control_id(tablet.device.find(ident))

        async def twice(flet=tablet.device.flet, aimed=aimed) -> None:
            await asyncio.gather(*(flet.dispatch_event(aimed, "click", None) for _ in range(2)))
        tablet._run(twice())
        tablet._run(tablet.device.settle())
    held = table.state["drafts"]["battle"]["entries"]["attacker"]
    assert (held["hoplites"], held["cards"]) == (3, [{"strength": 2, "casualties": 0}])
    assert tablet.text("loh-attacker-strength") == "Army Strength: 5"
