"""For a moment after the table moves on, a tap is caught and explained instead of landing.

Measured in Chromium on this machine: the second tap of a double tap on Next (150 ms
after the first) reached the server 1.5 s later, because the browser was still drawing
the new step, and then landed on the new Next. The server cannot tell such a tap from
one made after a look at the new screen, so the browser must: the patch that shows a
new step also lays a clear shield over the screen, and a tap on it says the table
just moved on. `context.SETTLE_S` later the shield goes. The step token check in the
core (core/steps.py) still refuses whatever reaches the server from an older screen.
"""
from __future__ import annotations

import asyncio

import flet as ft

from companion.ui.context import SETTLE_S, UI

IDENT = "moved-on"


class StepShield:
    """One per device: an invisible layer in the page's overlay, raised on each new step."""

    def __init__(self, ui: UI) -> None:
        self.ui = ui
        self.layer = ft.Semantics(identifier=IDENT, label=ui.t("steps.just_moved"), visible=False, content=ft.Container(
            bgcolor=ft.Colors.with_opacity(0.01, ft.Colors.BLACK), expand=True, on_click=self._caught))
        self.box = ft.Container(self.layer, left=0, top=0, right=0, bottom=0, visible=False)
        self._raised = 0

    def raise_now(self) -> None:
        """Call right after the new step was sent: the shield's patch follows the step's."""
        self._raised += 1
        page = self.ui.page
        if self.box not in page.overlay:  # the first time: mounted with the page's overlay
            self.box.visible = self.layer.visible = True
            page.overlay.append(self.box)
            page.update()
        else:
            self._show(True)
        page.run_task(self._lower, self._raised)

    async def _lower(self, raised: int) -> None:
        await asyncio.sleep(SETTLE_S)
        if raised == self._raised:  # a newer step keeps it up for its own while
            self._show(False)

    def _show(self, up: bool) -> None:
        self.layer.label = self.ui.t("steps.just_moved")
        self.box.visible = self.layer.visible = up
        try:
            self.box.update()
        except RuntimeError:  # the page has gone: nothing left to shield
            pass

    async def _caught(self, e: object) -> None:
        self.ui.toast(self.ui.t("ui.refused", message=self.ui.t("steps.just_moved")), error=True)
