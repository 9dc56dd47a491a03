"""An odds calculator's layout: the answer stays in view while its inputs change.

On a phone the results sat above the inputs, so every stepper tap meant
scrolling back up to see its effect (and on the tablet they sat below). Here
the results come first and the inputs scroll in a bounded area under them (a
phone), or beside them (the tablet): a tap on any input and its result share
the screen.
"""
from __future__ import annotations

import flet as ft

# Heights that keep results plus inputs inside a 390x844 phone (app bar and section
# tabs above them) and a 1280x800 tablet's main column.
PHONE_INPUTS_HEIGHT = 360
TABLET_HEIGHT = 560
TABLET_RESULTS_WIDTH = 330


def calculator(results: ft.Control, inputs: list[ft.Control], phone: bool, ident: str) -> ft.Control:
    """`results` pinned, `inputs` scrolling in their own area (its test id: `<ident>-inputs`)."""
    scroller = ft.Column(inputs, spacing=12, scroll=ft.ScrollMode.AUTO, tight=True)
    if phone:
        return ft.Column([results, ft.Container(scroller, height=PHONE_INPUTS_HEIGHT, key=f"{ident}-inputs")],
                         spacing=8, tight=True)
    return ft.Row([ft.Container(scroller, height=TABLET_HEIGHT, expand=True, key=f"{ident}-inputs"),
                   ft.Container(results, width=TABLET_RESULTS_WIDTH)],
                  spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)
