"""The battle helper: both sides enter their Army and Combat Cards; the totals update as cards land.

The sides are the table's draft (companion/games/lords_of_hellas/drafts.py): what
the attacker's phone enters shows on the defender's and on the tablet at once,
with who entered it. Once both pass, one tap stores the outcome from exactly the
sides every device shows, so every device and the history show who won and who dies.
"""
from __future__ import annotations

import copy
from typing import Callable

import flet as ft

from companion.games.lords_of_hellas import SIDES, battle_outcome, strength_parts
from companion.ui.context import UI
from companion.ui.draft import confirmed, drawn, edit as edit_entry, entered_by, shared, value
from companion.ui.games.lords_of_hellas.parts import can_write, choice_row, name, t
from companion.ui.widgets.controls import button, card, heading, icon_button, note, stepper, switch, tagged

BATTLE = "battle"  # the table's draft
COUNTS = ("base", "hoplites", "fortified")  # a side's steppers: each tap moves one by its step


def blank_side(player: str) -> dict:
    return {"player": player, "base": 0, "hoplites": 1, "fortified": 0, "can_retreat": True, "cards": []}


def panel(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    players = state["players"]
    current = players.index(state["turn"]["player"])
    draft = shared(ui, state, BATTLE)
    sides = {"attacker": value(draft, "attacker") or blank_side(players[current]),
             "defender": value(draft, "defender") or blank_side(players[(current + 1) % len(players)])}
    columns = [_side(ui, snap, sides, side) for side in SIDES]
    body: ft.Control = ft.Column(columns, spacing=12) if ui.is_phone else ft.Row(
        [ft.Container(c, expand=True) for c in columns], spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)

    async def resolve(e) -> None:
        await ui.send(confirmed({"type": "battle.resolve", **copy.deepcopy(sides)}, draft))

    # Said once for the screen, not under each side: the sum itself is the published rulebook's.
    rule = f"{t(ui, 'battle_strength_rule')} {t(ui, 'from_published')}"
    # Who is ahead, once someone has entered a side (a blank form's "tie at 1" would only be noise).
    standing = _standing(ui, state, sides) if draft and draft[0] else ft.Container()
    confirm = drawn(ui, "loh-battle-resolve", draft[1], button(t(ui, "battle_resolve"), resolve, "loh-battle-resolve",
                                                               icon=ft.Icons.GAVEL, height=64,
                                                               disabled=not can_write(snap)))
    rules = note(" ".join(t(ui, k) for k in ("battle_tie_rule", "battle_loser_extra", "battle_fortified_last")))
    result = [] if state["last_battle"] is None else [_result(ui, state, state["last_battle"])]
    head: list[ft.Control] = [heading(t(ui, "battle_title")), note(rule, "loh-battle-strength-rule")]
    if ui.is_phone:  # one column: the outcome where the thumb that resolved it is, under its button
        parts = [*head, entered_by(ui, draft, "loh-battle-by"), body, standing, rules, confirm, *result]
    else:  # the tablet lies on the table: who is ahead, the confirm and the outcome on its first screen
        parts = [*head, ft.Row([ft.Container(standing, expand=True), confirm], spacing=12,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER),
                 *result, entered_by(ui, draft, "loh-battle-by"), body, rules]
    return ft.Column(parts, spacing=12)


def _side(ui: UI, snap: dict, sides: dict, which: str) -> ft.Control:
    """One side's column; each change sends the whole side as the table's entry for it, so two
    phones filling their own sides never overwrite each other."""
    state = snap["state"]
    side = sides[which]

    async def edit(change: Callable[[dict], object]) -> None:
        """`change` made to the side as the table holds it at the tap (two quick taps on + count twice)."""
        def apply(held: dict) -> None:
            change(held)
            held["fortified"] = min(held["fortified"], held["hoplites"])
        await edit_entry(ui, BATTLE, which, apply, side)

    def setter(field: str):
        async def pick(new: object) -> None:
            def apply(held: dict) -> None:
                # a count moves by the step tapped; a choice (the player) is taken as it is
                held[field] = max(0, held[field] + new - side[field]) if field in COUNTS else new
            await edit(apply)
        return pick

    async def add_card(e) -> None:
        await edit(lambda held: held["cards"].append({"strength": 0, "casualties": 0}))

    async def on_retreat(e) -> None:
        await edit(lambda held: held.update(can_retreat=bool(e.control.value)))

    counted = strength_parts(side)
    shown = t(ui, "battle_strength", value=sum(counted.values()))
    made_of = t(ui, "battle_strength_parts", **counted)
    rows: list[ft.Control] = [
        heading(t(ui, f"battle_{which}"), 20),
        note(t(ui, "battle_player")),
        choice_row([(p, name(state, p)) for p in state["players"]], side["player"], setter("player"),
                   f"loh-{which}-player"),
        tagged(ft.Text(shown, size=30, weight=ft.FontWeight.BOLD), f"loh-{which}-strength", shown),
        note(made_of, f"loh-{which}-strength-parts", 16),
        stepper(t(ui, "battle_hoplites"), side["hoplites"], setter("hoplites"), f"loh-{which}-hoplites"),
        stepper(t(ui, "battle_fortified"), side["fortified"], setter("fortified"), f"loh-{which}-fortified",
                maximum=side["hoplites"]),
        ft.Row([tagged(switch(side["can_retreat"], on_retreat),
                       f"loh-{which}-retreat",
                       t(ui, "battle_can_retreat")),
                ft.Text(t(ui, "battle_can_retreat"), size=15, expand=True)]),
    ]
    for i, played in enumerate(side["cards"]):
        rows.append(_card(ui, which, i, played, edit))
    rows += [button(t(ui, "battle_add_card"), add_card, f"loh-{which}-add-card", icon=ft.Icons.STYLE, filled=False),
             stepper(t(ui, "battle_base"), side["base"], setter("base"), f"loh-{which}-base")]
    return card(*rows, ident=f"loh-battle-{which}")


def _standing(ui: UI, state: dict, sides: dict) -> ft.Control:
    """Who would win if both passed now, so no one has to do the sum or remember the tie rule."""
    outcome = battle_outcome(sides["attacker"], sides["defender"])
    strength = outcome["strength"]
    said = t(ui, "battle_standing_tie" if outcome["tie"] else "battle_standing",
             name=name(state, sides[outcome["winner"]]["player"]), a=strength["attacker"], d=strength["defender"])
    return tagged(ft.Text(said, size=20 if ui.is_phone else 24, weight=ft.FontWeight.BOLD), "loh-battle-standing",
                  said)


def _card(ui: UI, which: str, i: int, played: dict, edit: Callable) -> ft.Control:
    """One played card; `edit` changes the side as the table holds it at the tap."""
    def setter(field: str):
        async def change(new: int) -> None:
            def apply(held: dict) -> None:
                if i < len(held["cards"]):
                    card = held["cards"][i]
                    card[field] = max(0, card[field] + new - played[field])
            await edit(apply)
        return change

    async def remove(e) -> None:
        await edit(lambda held: held["cards"].pop(i) if i < len(held["cards"]) else None)

    ident = f"loh-{which}-card-{i}"
    return ft.Container(ft.Column([
        ft.Row([ft.Text(f"#{i + 1}", size=18, weight=ft.FontWeight.BOLD, expand=True),
                icon_button(ft.Icons.DELETE, t(ui, "battle_remove_card"), remove, f"{ident}-remove")]),
        stepper(t(ui, "battle_card_strength"), played["strength"], setter("strength"), f"{ident}-strength"),
        stepper(t(ui, "battle_card_casualties"), played["casualties"], setter("casualties"), f"{ident}-casualties"),
    ], spacing=2), border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8, padding=8)


def _result(ui: UI, state: dict, battle: dict) -> ft.Control:
    winner = name(state, battle["players"][battle["winner"]])
    headline = t(ui, "battle_winner", name=winner)
    rows: list[ft.Control] = [
        tagged(ft.Text(headline, size=26, weight=ft.FontWeight.BOLD), "loh-battle-winner", headline),
        ft.Text(f"{battle['strength']['attacker']} : {battle['strength']['defender']}", size=20),
    ]
    if battle["tie"]:
        rows.append(note(t(ui, "battle_tie_rule")))
    for which in SIDES:
        loss = battle["losses"][which]
        lines = [t(ui, "battle_killed", count=loss["killed"]),
                 t(ui, "battle_fortified_killed", count=loss["fortified_killed"]),
                 t(ui, "battle_left", count=loss["left"])]
        if loss["retreats"]:
            lines.append(t(ui, "battle_retreats"))
        elif loss["left"] == 0:
            lines.append(t(ui, "battle_wiped"))
        text = ". ".join(lines) + "."
        rows.append(ft.Column([
            ft.Text(f"{t(ui, f'battle_{which}')}: {name(state, battle['players'][which])}", size=18,
                    weight=ft.FontWeight.W_600),
            tagged(ft.Text(text, size=16), f"loh-battle-loss-{which}", text),
        ], spacing=2))
    return card(*rows, ident="loh-battle-result")
