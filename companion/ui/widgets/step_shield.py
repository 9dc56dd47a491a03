"""The browser says when it has drawn a new step, so a tap is judged by what its screen showed.

Measured in Chromium on this machine: the second tap of a double tap on Next (150 ms
after the first) reached the server 1.5 s later, because the browser was still drawing
the new step, and then landed on the new Next. The server cannot tell such a tap from
one made after a look at the new screen by its arrival time, and a clock of its own
(the step "seen" 0.7 s after the server sent it) misjudged a phone whose browser lagged
longer: it took a second step. So the browser tells: the patch that shows a new step
also starts a tiny animation lasting `context.SETTLE_S` on a one-pixel mark in the
overlay, and the browser reports its end. Every tap the browser sent before that report
comes first on the same socket, and a step command among them counts as sent from the
step before (the core refuses it and says what happened, core/steps.py). Nothing is laid
over the screen, so additive taps (Glory +1) in that moment count as they always did.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import SETTLE_S, UI

IDENT = "step-drawn"  # then "-<step>"; "step-drawing-<step>" until the browser reports it drawn


class StepShield:
    """One per device: a one-pixel, unpainted mark in the page's overlay, animated on each new step."""

    def __init__(self, ui: UI) -> None:
        self.ui = ui
        self.mark = ft.Container(width=1, height=1, opacity=0.0, on_animation_end=self._drawn,
                                 animate_opacity=ft.Animation(int(SETTLE_S * 1000), ft.AnimationCurve.LINEAR))
        # Beside it, "step-drawing-N" until the browser reports step N drawn, then "step-drawn-N": a
        # browser test waits on it. An identifier, not a label: a label was read aloud ("drawn") near
        # the top of every table screen, and an identifier is never read.
        self.marks = ft.Column([self.mark, _said(f"{IDENT}-0")], spacing=0, tight=True)
        self.box = ft.Container(self.marks, left=0, top=0)
        self._raised = 0

    def mount(self) -> None:
        """Put the mark on the page once, before any step changes: an animation needs a value to
        change from, so a mark added with a new step would never report its end."""
        page = self.ui.page
        if self.box not in page.overlay:
            page.overlay.append(self.box)
            page.update()

    def raise_now(self) -> None:
        """Call right after the new step was sent: the mark's patch follows the step's."""
        self._raised += 1
        self.mark.opacity = 0.01 if self._raised % 2 else 0.0  # a change each time, so it animates
        self._say(f"step-drawing-{self.ui.snap.get('step', self.ui.seen.token)}")

    async def _drawn(self, e: object) -> None:
        self.ui.seen.drawn()
        self._say(f"{IDENT}-{self.ui.seen.token}")

    def _say(self, ident: str) -> None:
        self.marks.controls[1] = _said(ident)
        try:
            self.marks.update()
        except RuntimeError:  # the page has gone: nothing left to judge
            pass


def _said(ident: str) -> ft.Semantics:
    """A node of its own, new for each identifier (its key): Flutter's web semantics leaves a changed
    identifier unwritten on a node that has nothing else to change (measured in Chromium)."""
    return ft.Semantics(identifier=ident, key=ident, container=True, content=ft.Container(width=1, height=1))
