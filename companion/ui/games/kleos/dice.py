"""Kleos dice tray: roll a pool when the real dice are out of reach.

A roll at a table is public: the tray sends `dice.roll`, the hub draws the
faces, and every device's tray shows the table's latest roll with who rolled it
(the history lists each one). What to roll next (how many dice, Godly or not)
is this device's own choice, kept in `ui.local`.
"""
from __future__ import annotations

import flet as ft

from companion.core.access import TABLET
from companion.games.kleos import GODLY, MAX_DICE
from companion.ui.context import UI
from companion.ui.games.kleos.parts import god
from companion.ui.later import fade_at
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import button, card, heading, stepper, tagged
from companion.ui.games.kleos.odds import combat_pools, toggle
from companion.i18n.numbers import count as counted

COUNT = "kleos.dice.count"
GODLY_ON = "kleos.dice.godly"
FACE_SIZE = 56
BANNER_SECONDS = 8.0  # long enough to look up from the board and read it


def dice_tray(ui: UI, last: dict | None) -> ft.Control:
    """Pool size, Godly switch, presets from the odds panel's combat, and the table's last roll
    (`last`: the state's `roll`). One part taking this device's choices and that roll."""
    shown = None if last is None else (last["by"], tuple(last["faces"]), last["godly"], last["successes"])
    return show(ui, Tray(ui.local.inputs.setdefault(COUNT, 3), ui.local.inputs.setdefault(GODLY_ON, False), shown,
                         tuple(combat_pools(ui).items())))


@inputs
class Tray(Inputs):
    part = "kleos-dice"
    count: int
    godly: bool
    last: tuple | None
    pools: tuple[tuple[str, tuple[int, bool]], ...]

    def build(self, ui: UI) -> ft.Control:
        count, godly, last = self.count, self.godly, self.last

        def set_pool(dice: int, is_godly: bool):
            async def handler(e: object = None) -> None:
                ui.local.inputs.update({COUNT: dice, GODLY_ON: is_godly})
                await ui.refresh()
            return handler

        async def set_count(dice: int) -> None:
            await set_pool(dice, godly)()

        async def set_godly(on: bool) -> None:
            await set_pool(count, on)()

        async def do_roll(e: object) -> None:
            await ui.send({"type": "dice.roll", "dice": ui.local.inputs[COUNT], "godly": ui.local.inputs[GODLY_ON]})

        presets = []
        for side, (dice, is_godly) in self.pools:
            name = ui.t(f"kleos_tools.{side}")
            label = ui.t("kleos_tools.preset_godly" if is_godly else "kleos_tools.preset", side=name, dice=dice)
            presets.append(button(label, set_pool(min(dice, MAX_DICE), is_godly), f"dice-preset-{side}",
                                  filled=False, height=48))

        # The count of successes beside the Roll button, who rolled and the faces under it: the finger
        # that rolled has the result in view, and the button stays where it was tapped (a result drawn
        # over it pushed it, and the count with it, under a phone's fold).
        roll = button(ui.t("kleos_tools.roll_again" if last else "kleos_tools.roll"), do_roll, "dice-roll",
                      icon=ft.Icons.CASINO)
        if last is not None:
            count_box, under = _result(ui, *last)
            row = ft.Row([ft.Container(roll, expand=True), count_box], spacing=16,
                         vertical_alignment=ft.CrossAxisAlignment.CENTER)
        else:
            not_rolled = ui.t("kleos_tools.not_rolled")
            row, under = roll, [tagged(ft.Text(not_rolled, size=16, italic=True), "dice-faces", not_rolled)]
        parts: list[ft.Control] = [heading(ui.t("kleos_tools.dice_title")), row, *under]
        parts += [
            stepper(ui.t("kleos_tools.dice_count"), count, set_count, "dice-count", 0, MAX_DICE),
            toggle(ui.t("kleos_tools.godly"), godly, set_godly, "dice-godly"),
            ft.Text(ui.t("kleos_tools.presets_hint"), size=14),
            ft.Row(presets, wrap=True),
        ]
        return card(*parts, ident="dice-tray")


def roll_banner(ui: UI, snap: dict) -> ft.Control:
    """A phone's banner (test id `roll-banner`) for a roll another device just made: its history
    line ("Hermes rolled 4 dice: 2 successes (…)"), for BANNER_SECONDS, wherever the phone is.
    The history keeps it; the slot stays empty otherwise (an empty box, so nothing moves)."""
    row = next(iter(snap["history"][:1]), None)
    if row and row["type"] == "dice.roll" and row.get("actor") != ui.access.actor and row.get("at") \
            and ui.now - row["at"] < BANNER_SECONDS:
        shown = Banner(row["seq"], row["text"])
        fade_at(ui, row["at"] + BANNER_SECONDS + 0.05, "roll-banner", shown, Banner(None, ""))
        return show(ui, shown)
    return show(ui, Banner(None, ""))


@inputs
class Banner(Inputs):
    part = "roll-banner"
    seq: int | None
    text: str

    def build(self, ui: UI) -> ft.Control:
        if not self.text:
            return ft.Container()
        words = ft.Row([ft.Icon(ft.Icons.CASINO, size=24),
                        ft.Text(self.text, size=17, weight=ft.FontWeight.W_600, expand=True)], spacing=10)
        return tagged(ft.Container(words, padding=ft.Padding.symmetric(horizontal=14, vertical=10),
                                   bgcolor=ft.Colors.TERTIARY_CONTAINER), "roll-banner", self.text)


def roller(ui: UI, by: str | None, dice: int, godly: bool) -> str:
    """"Hermes rolled 5 Godly dice": who (a god, or the tablet) and what."""
    who = god(ui, by) if by and by != TABLET else ui.t("kleos_tools.the_tablet")
    what = counted("kleos_tools.count_godly_dice" if godly else "kleos_tools.count_dice", dice, ui.lang)
    return ui.t("kleos_tools.rolled_by", who=who, dice=what)


def _result(ui: UI, by: str | None, faces: tuple[str, ...], godly: bool,
            hits: int) -> tuple[ft.Control, list[ft.Control]]:
    """The count of successes (drawn beside the Roll button), then who rolled and the faces."""
    def picture(i: int, face: str) -> ft.Control:
        idle = face == GODLY and not godly
        return tagged(ft.Image(src=f"/dice/{face}.svg", width=FACE_SIZE, height=FACE_SIZE,
                               opacity=0.35 if idle else 1.0),
                      f"die-{i}", ui.t(f"kleos_tools.face_{face}"))

    who = roller(ui, by, len(faces), godly)
    label = ui.t("kleos_tools.successes")
    count = tagged(ft.Row([ft.Text(label, size=20), ft.Text(str(hits), size=48, weight=ft.FontWeight.BOLD)],
                          vertical_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
                   "dice-successes", f"{label} {hits}")
    under: list[ft.Control] = [
        tagged(ft.Text(who, size=18, weight=ft.FontWeight.W_600), "dice-by", who, live=True),
        tagged(ft.Row([picture(i, face) for i, face in enumerate(faces)], wrap=True, spacing=8, run_spacing=8),
               "dice-faces", " ".join(ui.t(f"kleos_tools.face_{f}") for f in faces) or "—"),
    ]
    if not godly and GODLY in faces:
        under.append(ft.Text(ui.t("kleos_tools.godly_face_idle"), size=14, italic=True))
    return count, under
