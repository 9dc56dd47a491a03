"""Touch-sized building blocks that carry test identifiers.

Every control a player taps is at least 48 px tall and wrapped in Semantics
with a stable identifier, so browser tests find it by name, not by pixels.
"""
from __future__ import annotations

from typing import Any, Awaitable, Callable

import flet as ft

Handler = Callable[[Any], Awaitable[None]] | None

TOUCH = 56
FONT = "DejaVu Sans"  # bundled in assets/fonts: offline Flutter cannot fetch fallback fonts
# A greyed button: Material's own (ink at 38 % over a 12 % tint) reads below 3:1, and a toned
# button kept its colour when greyed (a bright red STOP with dark-red words looked live). Greyed,
# every button sits on the highest surface with the variant ink (above 4.5:1 in both themes) and
# drops its tone, so it reads and it looks off.
GREYED_FILL = ft.Colors.SURFACE_CONTAINER_HIGHEST
GREYED_INK = ft.Colors.ON_SURFACE_VARIANT


def greyed(tone: str | None = None) -> dict[str, Any]:
    """The fill and ink of a button by state: `tone` while it may be tapped, grey when it may not."""
    fill = {ft.ControlState.DISABLED: GREYED_FILL}
    if tone:
        fill[ft.ControlState.DEFAULT] = tone
    return {"bgcolor": fill, "color": {ft.ControlState.DISABLED: GREYED_INK},
            "icon_color": {ft.ControlState.DISABLED: GREYED_INK}}


def button_themes() -> dict[str, Any]:
    """The page theme's button styles: every button the screens build greys the same way."""
    style = ft.ButtonStyle(**greyed())
    return {"filled_button_theme": ft.FilledButtonTheme(style=style),
            "outlined_button_theme": ft.OutlinedButtonTheme(style=style),
            "text_button_theme": ft.TextButtonTheme(style=style)}


def switch(value: bool, on_change: Callable, label: str | None = None, disabled: bool = False) -> ft.Switch:
    """A switch a finger finds: it draws 40 px high, and 4 px more above and below, inside its own
    bounds (so they take the tap too), make it 48 without a wrapper that would not. Its padding
    and label style are new objects for each switch: no value object of a control is shared
    between sessions (tests/ui/test_hostile_device.py)."""
    style = ft.TextStyle(size=16, font_family=FONT) if label else None
    return ft.Switch(label=label, value=value, on_change=on_change, disabled=disabled,
                     padding=ft.Padding.symmetric(horizontal=4, vertical=4), label_text_style=style)


class Tagged(ft.Semantics):
    """Flet's Semantics, with a short repr. Flet formats every message it sends for its debug
    log, even with that log off, and a control new to a device (a history row, a rebuilt
    tile's number) goes in its message whole: its dataclass repr spells out every field of it
    and of everything inside it, about 2,000 characters and 0.1 ms for a labelled number, on
    every device it is sent to. Nearly every part is tagged, so the repr stops here."""

    def __repr__(self) -> str:
        return f"Tagged({self.identifier!r})"


def tagged(control: ft.Control, identifier: str, label: str | None = None) -> ft.Semantics:
    """`control` under a Semantics that names it for tests, read as `label`. A Text's label is the
    Text's own `semantics_label`: Flutter merges a Semantics with the Text inside it into one node,
    and a label on both was read twice ("Athena to play Athena to play", seen in Chromium's
    accessibility tree)."""
    if label and isinstance(control, ft.Text):
        control.semantics_label, label = label, None
    # Flutter's web semantics never refills a node whose label went empty (measured: the text
    # stayed blank after it came back), so an empty label is a different node, remounted.
    return Tagged(content=control, identifier=identifier, label=label or None,
                  key=f"{identifier}~empty" if label == "" else None)


def says_why(control: ft.Semantics, words: str, why: str | None) -> ft.Semantics:
    """A greyed button read with its reason ("Next: …"), as tagged buttons elsewhere are. Not a
    tooltip: over a button's own words one came up with a touch tap and stayed over the table."""
    control.label = f"{words}: {why}" if why else None
    return control


def button(label: str, on_click: Handler, ident: str, *, icon: ft.IconData | None = None,
           filled: bool = True, disabled: bool = False, expand: bool | int | None = None,
           height: int = TOUCH, tone: str | None = None, compact: bool = False) -> ft.Control:
    """`compact`: little side padding, for rows of short labels (+1, +5) sharing a narrow tile."""
    kind = ft.FilledButton if filled else ft.OutlinedButton
    style = ft.ButtonStyle(text_style=ft.TextStyle(size=18, font_family=FONT),
                           padding=ft.Padding.symmetric(horizontal=4) if compact else None,
                           **greyed(tone if filled else None))
    return tagged(kind(label, icon=icon, on_click=on_click, disabled=disabled, height=height,
                       style=style, expand=expand), ident)


def icon_button(icon: ft.IconData, tooltip: str, on_click: Handler, ident: str,
                disabled: bool = False) -> ft.Control:
    return tagged(ft.IconButton(icon, tooltip=tooltip, on_click=on_click, disabled=disabled,
                                icon_size=28, width=TOUCH, height=TOUCH), ident, tooltip)


def note(text: str, ident: str | None = None, size: int = 15) -> ft.Control:
    """Quiet secondary text: reminders and explanations that must not compete with the numbers."""
    body = ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)
    return tagged(body, ident, text) if ident else body


def slug(text: str) -> str:
    """A name made safe for a test identifier (ids are whatever names were typed)."""
    return "".join(c if c.isalnum() else "_" for c in text)


def heading(text: str, size: int = 22) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


def card(*controls: ft.Control, ident: str | None = None, padding: int = 16,
         expand: bool | int | None = None) -> ft.Control:
    body = ft.Card(ft.Container(ft.Column(list(controls), spacing=12, tight=True), padding=padding),
                   expand=expand)
    return tagged(body, ident) if ident else body


def stepper(label: str, value: int, on_change: Callable[[int], Awaitable[None]], ident: str,
            minimum: int | None = 0, maximum: int | None = None) -> ft.Control:
    """A number with − and + buttons: thumbs are faster than keyboards at a game table."""

    def step(delta: int) -> Handler:
        async def handler(e: object) -> None:
            new = value + delta
            if (minimum is None or new >= minimum) and (maximum is None or new <= maximum):
                await on_change(new)
        return handler

    return ft.Row([
        ft.Text(label, size=16, expand=True),
        icon_button(ft.Icons.REMOVE, f"{label} −1", step(-1), f"{ident}-minus",
                    disabled=minimum is not None and value <= minimum),
        tagged(ft.Text(str(value), size=24, weight=ft.FontWeight.BOLD, width=44,
                       text_align=ft.TextAlign.CENTER), f"{ident}-value", f"{label} {value}"),
        icon_button(ft.Icons.ADD, f"{label} +1", step(1), f"{ident}-plus",
                    disabled=maximum is not None and value >= maximum),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
