"""An odds calculator's layout: the answer stays in view while its inputs change.

On a phone the results sat above the inputs, so every stepper tap meant
scrolling back up to see its effect (and on the tablet they sat below). Here
the results come first and the inputs scroll in a bounded area right under
them (a phone), or the inputs scroll in a column with the results fixed beside
it (the tablet): with the calculator on screen, a tap on any input and its
result share the screen.
"""
from __future__ import annotations

import flet as ft

# Results plus this much of the inputs fit a 390x844 phone's screen under the app bar;
# on a 1280x800 tablet the inputs' column is as tall as the screen under it.
PHONE_INPUTS_HEIGHT = 360
TABLET_HEIGHT = 600
TABLET_RESULTS_WIDTH = 300


def calculator(results: ft.Control, inputs: list[ft.Control], phone: bool, ident: str) -> ft.Control:
    """`results` pinned, `inputs` scrolling in their own area (key `<ident>-inputs`)."""
    scroller = ft.Column(inputs, spacing=12, scroll=ft.ScrollMode.AUTO, tight=True)
    if phone:
        return ft.Column([results, ft.Container(scroller, height=PHONE_INPUTS_HEIGHT, key=f"{ident}-inputs")],
                         spacing=8, tight=True)
    return ft.Row([ft.Container(scroller, height=TABLET_HEIGHT, expand=True, key=f"{ident}-inputs"),
                   ft.Container(results, width=TABLET_RESULTS_WIDTH)],
                  spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)
