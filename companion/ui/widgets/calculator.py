"""An odds calculator's layout: the answer stays in view while its inputs change.

On a phone the results sat above the inputs, so every stepper tap meant
scrolling back up to see its effect (and on the tablet they sat below). Here
the results come first and the inputs scroll in a bounded area right under
them: with the calculator on screen, a tap on any input and its result share
the screen, on a phone as on the tablet.
"""
from __future__ import annotations

import flet as ft

# Results plus this much of the inputs fit a 390x844 phone's and a 1280x800 tablet's
# screen under the app bar.
INPUTS_HEIGHT = {True: 360, False: 330}


def calculator(results: ft.Control, inputs: list[ft.Control], phone: bool, ident: str) -> ft.Control:
    """`results` first, `inputs` scrolling in their own area under them (key `<ident>-inputs`)."""
    scroller = ft.Column(inputs, spacing=12, scroll=ft.ScrollMode.AUTO, tight=True)
    return ft.Column([results, ft.Container(scroller, height=INPUTS_HEIGHT[phone], key=f"{ident}-inputs")],
                     spacing=8, tight=True)
