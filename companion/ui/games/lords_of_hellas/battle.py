"""The battle helper: both sides enter their Army and Combat Cards; the totals update as cards land.

The sides are the table's draft (companion/games/lords_of_hellas/drafts.py): what
the attacker's phone enters shows on the defender's and on the tablet at once,
with who entered it. Once both pass, one tap stores the outcome from exactly the
sides every device shows, so every device and the history show who won and who dies.
"""
from __future__ import annotations

import copy

import flet as ft

from companion.games.lords_of_hellas import SIDES, army_strength
from companion.ui.context import UI
from companion.ui.draft import confirmed, drawn, entered_by, put, shared, value
from companion.ui.games.lords_of_hellas.parts import can_write, choice_row, name, t
from companion.ui.widgets.controls import button, card, heading, icon_button, note, stepper, switch, tagged

BATTLE = "battle"  # the table's draft


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

    parts: list[ft.Control] = [
        heading(t(ui, "battle_title")), entered_by(ui, draft, "loh-battle-by"), body,
        note(" ".join(t(ui, k) for k in ("battle_tie_rule", "battle_loser_extra", "battle_fortified_last"))),
        drawn(ui, "loh-battle-resolve", draft[1], button(t(ui, "battle_resolve"), resolve, "loh-battle-resolve",
                                                          icon=ft.Icons.GAVEL, height=64, disabled=not can_write(snap))),
    ]
    if state["last_battle"] is not None:
        parts.append(_result(ui, state, state["last_battle"]))
    return ft.Column(parts, spacing=12)


def _side(ui: UI, snap: dict, sides: dict, which: str) -> ft.Control:
    """One side's column; each change sends the whole side as the table's entry for it, so two
    phones filling their own sides never overwrite each other."""
    state = snap["state"]
    side = sides[which]

    async def redraw() -> None:
        await put(ui, BATTLE, which, side)

    def setter(field: str):
        async def change(new: object) -> None:
            side[field] = new
            side["fortified"] = min(side["fortified"], side["hoplites"])
            await redraw()
        return change

    async def add_card(e) -> None:
        side["cards"].append({"strength": 0, "casualties": 0})
        await redraw()

    async def on_retreat(e) -> None:
        side["can_retreat"] = bool(e.control.value)
        await redraw()

    shown = t(ui, "battle_strength", value=army_strength(side))
    rows: list[ft.Control] = [
        heading(t(ui, f"battle_{which}"), 20),
        note(t(ui, "battle_player")),
        choice_row([(p, name(state, p)) for p in state["players"]], side["player"], setter("player"),
                   f"loh-{which}-player"),
        tagged(ft.Text(shown, size=30, weight=ft.FontWeight.BOLD), f"loh-{which}-strength", shown),
        stepper(t(ui, "battle_base"), side["base"], setter("base"), f"loh-{which}-base"),
        stepper(t(ui, "battle_hoplites"), side["hoplites"], setter("hoplites"), f"loh-{which}-hoplites"),
        stepper(t(ui, "battle_fortified"), side["fortified"], setter("fortified"), f"loh-{which}-fortified",
                maximum=side["hoplites"]),
        ft.Row([tagged(switch(side["can_retreat"], on_retreat),
                       f"loh-{which}-retreat",
                       t(ui, "battle_can_retreat")),
                ft.Text(t(ui, "battle_can_retreat"), size=15, expand=True)]),
    ]
    for i, played in enumerate(side["cards"]):
        rows.append(_card(ui, side, which, i, played, redraw))
    rows.append(button(t(ui, "battle_add_card"), add_card, f"loh-{which}-add-card", icon=ft.Icons.STYLE,
                       filled=False))
    return card(*rows, ident=f"loh-battle-{which}")


def _card(ui: UI, side: dict, which: str, i: int, played: dict, redraw) -> ft.Control:
    def setter(field: str):
        async def change(new: int) -> None:
            played[field] = new
            await redraw()
        return change

    async def remove(e) -> None:
        side["cards"].pop(i)
        await redraw()

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
