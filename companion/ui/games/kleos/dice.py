"""Kleos dice tray: roll a pool on this device when the real dice are out of reach.

The roll is not a table event (the physical game has no log of rolls), so it
stays in `ui.local`. The random source is per device and seedable, through
`ui.local["kleos.dice.seed"]` or COMPANION_DICE_SEED, so tests see fixed faces.
"""
from __future__ import annotations

import os
import random

import flet as ft

from companion.games.kleos import GODLY, count_successes, roll
from companion.ui.context import UI
from companion.ui.live import part
from companion.ui.widgets.controls import button, card, heading, stepper, tagged
from companion.ui.games.kleos.odds import combat_pools, toggle

COUNT = "kleos.dice.count"
GODLY_ON = "kleos.dice.godly"
FACES = "kleos.dice.faces"
SEED = "kleos.dice.seed"
RNG = "kleos.dice.rng"
ENV_SEED = os.environ.get("COMPANION_DICE_SEED")
# More than the box holds; the app happily rolls what the table would have to re-roll by hand.
MAX_DICE = 30
FACE_SIZE = 56


def _rng(ui: UI) -> random.Random:
    """One generator per device, made on first roll so a seed set before then takes effect."""
    if RNG not in ui.local:
        ui.local[RNG] = random.Random(ui.local.get(SEED, ENV_SEED))
    return ui.local[RNG]


def dice_tray(ui: UI) -> ft.Control:
    """Pool size, Godly switch, presets from the odds panel's combat, the faces and the tally.

    One part taking this device's tray state as arguments (the generator stays in
    `ui.local`: it is read only when a roll is tapped)."""
    faces = ui.local.get(FACES)
    return part(ui, "kleos-dice", _tray, ui.local.setdefault(COUNT, 3), ui.local.setdefault(GODLY_ON, False),
                None if faces is None else tuple(faces), tuple(combat_pools(ui).items()))


def _tray(ui: UI, count: int, godly: bool, faces: tuple[str, ...] | None,
          pools: tuple[tuple[str, tuple[int, bool]], ...]) -> ft.Control:

    def set_pool(dice: int, is_godly: bool):
        async def handler(e: object = None) -> None:
            ui.local.update({COUNT: dice, GODLY_ON: is_godly, FACES: None})
            await ui.refresh()
        return handler

    async def set_count(dice: int) -> None:
        await set_pool(dice, godly)()

    async def set_godly(on: bool) -> None:
        # Same physical dice either way, so the faces stay and only the tally changes.
        ui.local[GODLY_ON] = on
        await ui.refresh()

    async def do_roll(e: object) -> None:
        ui.local[FACES] = roll(count, godly, _rng(ui))
        await ui.refresh()

    presets = []
    for side, (dice, is_godly) in pools:
        name = ui.t(f"kleos_tools.{side}")
        label = ui.t("kleos_tools.preset_godly" if is_godly else "kleos_tools.preset", side=name, dice=dice)
        presets.append(button(label, set_pool(min(dice, MAX_DICE), is_godly), f"dice-preset-{side}",
                              filled=False, height=48))

    parts: list[ft.Control] = [
        heading(ui.t("kleos_tools.dice_title")),
        stepper(ui.t("kleos_tools.dice_count"), count, set_count, "dice-count", 0, MAX_DICE),
        toggle(ui.t("kleos_tools.godly"), godly, set_godly, "dice-godly"),
        ft.Text(ui.t("kleos_tools.presets_hint"), size=14),
        ft.Row(presets, wrap=True),
        button(ui.t("kleos_tools.roll_again" if faces else "kleos_tools.roll"), do_roll, "dice-roll",
               icon=ft.Icons.CASINO),
    ]
    parts += _result(ui, faces, godly) if faces is not None else [
        tagged(ft.Text(ui.t("kleos_tools.not_rolled"), size=16, italic=True), "dice-faces")]
    return card(*parts, ident="dice-tray")


def _result(ui: UI, faces: tuple[str, ...], godly: bool) -> list[ft.Control]:
    def picture(i: int, face: str) -> ft.Control:
        idle = face == GODLY and not godly
        return tagged(ft.Image(src=f"/dice/{face}.svg", width=FACE_SIZE, height=FACE_SIZE,
                               opacity=0.35 if idle else 1.0),
                      f"die-{i}", ui.t(f"kleos_tools.face_{face}"))

    label = ui.t("kleos_tools.successes")
    hits = count_successes(faces, godly)
    out: list[ft.Control] = [
        tagged(ft.Row([picture(i, face) for i, face in enumerate(faces)], wrap=True, spacing=8, run_spacing=8),
               "dice-faces", " ".join(ui.t(f"kleos_tools.face_{f}") for f in faces)),
        tagged(ft.Row([ft.Text(label, size=20), ft.Text(str(hits), size=48, weight=ft.FontWeight.BOLD)],
                      vertical_alignment=ft.CrossAxisAlignment.CENTER), "dice-successes", f"{label} {hits}"),
    ]
    if not godly and GODLY in faces:
        out.append(ft.Text(ui.t("kleos_tools.godly_face_idle"), size=14, italic=True))
    return out
