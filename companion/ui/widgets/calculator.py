"""An odds calculator's layout: the answer stays in view while its inputs change, and
nothing scrolls inside the page.

The inputs once scrolled in a bounded area of their own under the results: a scroll inside
the page's scroll, which trapped the thumb between the two. Now the page is the one scroll.
On the tablet the results stand beside the inputs; on a phone they come first, in full, and a
compact bar of the same numbers is pinned at the bottom of the screen, outside the page's
scroll (table.py's pinned slot), for as long as the calculator is open: a tap on any input
and its effect share the screen wherever the page is scrolled to.
"""
from __future__ import annotations

import flet as ft

from companion.ui.widgets.controls import tagged

TABLET_RESULTS_WIDTH = 300
BAR_CELL_WIDTH = 104  # three cells a line on a 390 px phone


def calculator(results: ft.Control, inputs: list[ft.Control], phone: bool, ident: str) -> ft.Control:
    """`results` and `inputs` (their column keyed `<ident>-inputs`) in the page's own scroll."""
    column = ft.Column(inputs, spacing=12, tight=True, key=f"{ident}-inputs")
    if phone:
        return ft.Column([results, column], spacing=12, tight=True)
    return ft.Row([ft.Container(column, expand=True), ft.Container(results, width=TABLET_RESULTS_WIDTH)],
                  spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)


def result_bar(ident: str, cells: tuple[tuple[str, str], ...]) -> ft.Control:
    """The pinned bar (test id `<ident>`): each result as its words over its number, read as
    "words number; …". The caller makes it a part of what the numbers come from."""
    boxes = [ft.Container(ft.Column([ft.Text(label, size=12), ft.Text(value, size=18, weight=ft.FontWeight.BOLD)],
                                    spacing=0, tight=True), width=BAR_CELL_WIDTH) for label, value in cells]
    said = "; ".join(f"{label} {value}" for label, value in cells)
    return tagged(ft.Container(ft.Row(boxes, wrap=True, spacing=8, run_spacing=4),
                               padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                               bgcolor=ft.Colors.SECONDARY_CONTAINER,
                               border=ft.Border.only(top=ft.BorderSide(2, ft.Colors.OUTLINE_VARIANT))), ident, said)
