"""The one place the tests read a name Flet does not make public; nothing of Flet is ever written.

Each name is listed with why no public one does the job. tests/flet_surface/test_private_names.py
fails, naming the name, when an installed Flet no longer has one of them: then this module is
the only thing to adapt. The app itself (companion/) reads none.
"""
from __future__ import annotations

import flet as ft

NAMES = {
    "BaseControl._i": "a control's id, which is what the browser names a control by in its events "
                      "and what patches address; Flet has no public accessor for it, and the tests "
                      "must send a tap to the id the browser was shown and check that ids stay",
    "BaseControl._c": "the control type the browser is sent, which is what Flutter builds; a Python "
                      "subclass (our tagged Semantics) keeps Flet's name, and Flet has no public "
                      "accessor for it, so the tests that count what a change rebuilds read it here",
}


def control_id(control: ft.BaseControl) -> int:
    """The id the browser knows `control` by."""
    return control._i


def browser_id(value: object) -> int | None:
    """The id the browser knows `value` by; None for a value object that is no control (a theme)."""
    return getattr(value, "_i", None)


def control_type(control: ft.BaseControl) -> str:
    """The type name the browser is sent for `control` (what Flutter builds from it)."""
    return control._c
