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


BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton, ft.IconButton)


def tagged(control: ft.Control, identifier: str, label: str | None = None, live: bool = False) -> ft.Semantics:
    """`control` under a Semantics that names it for tests, read as `label`. The identifier is for
    tests; the label is what a person hears, and it goes on the control itself, said once:
    - a Text's label is its own `semantics_label`: Flutter merges a Semantics with the Text inside it
      into one node, and a label on both was read twice ("Athena to play Athena to play");
    - a button's label goes inside the button (its text's `semantics_label`, an icon's label), so the
      button has the name, not a wrapper around an unnamed button ("Rules" then a nameless button);
    - a named button has no tooltip: it merged into the wrapper and repeated the name ("Rules Rules",
      seen in Chromium's accessibility tree).
    `live`: a change to it is announced politely (the tablet's news line, a phone's "Ana rolled …")."""
    if label and isinstance(control, ft.Text):
        control.semantics_label, label = label, None
    elif label and type(control) is ft.Semantics and isinstance(control.content, ft.Text):  # a heading
        control.content.semantics_label, label = label, None
    elif label and isinstance(control, BUTTONS):
        name_button(control, label)
        label = None
    elif label and isinstance(control, ft.Chip):
        if isinstance(control.label, ft.Text):
            control.label.semantics_label = label
        else:  # a row of a dot and words: read as the label alone
            control.label = ft.Semantics(content=control.label, label=label, exclude_semantics=True)
        label = None
    elif label and isinstance(control, ft.ListTile) and isinstance(control.title, ft.Text):
        control.title.semantics_label, label = label, None
    elif label is None and isinstance(control, ft.Dropdown):
        label = dropdown_said(control)
    # A labelled part with nothing to operate or find inside (texts, icons, a QR code) is read as its
    # label alone: its texts merged into the label and were read after it ("Ares Ares").
    alone = bool(label) and not _operable(control) and not _operable_inside(control)
    # Flutter's web semantics never refills a node whose label went empty (measured: the text
    # stayed blank after it came back), so an empty label is a different node, remounted.
    return Tagged(content=control, identifier=identifier, label=label or None, exclude_semantics=alone,
                  live_region=live or None,
                  key=f"{identifier}~empty" if label == "" else None)


OPERABLE = (*BUTTONS, ft.Chip, ft.Checkbox, ft.Switch, ft.TextField, ft.Dropdown, ft.Slider, ft.Radio,
            ft.RadioGroup, ft.Semantics, ft.GestureDetector, ft.Tabs, ft.SegmentedButton, ft.PopupMenuButton)


HOLDERS = ("content", "controls", "label", "title", "subtitle", "leading", "trailing", "actions")  # where children are


def _operable(control: ft.BaseControl) -> bool:
    """Operated, or tagged; or a live part (a component), built later: what it will hold is unknown here."""
    return isinstance(control, (*OPERABLE, ft.Component)) or \
        any(getattr(control, event, None) for event in ("on_click", "on_tap"))


def _operable_inside(control: ft.BaseControl) -> bool:
    """Whether anything below `control` is operated, or tagged for tests: reading the label alone
    would hide it."""
    for value in (getattr(control, name, None) for name in HOLDERS):
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, ft.BaseControl) and (_operable(child) or _operable_inside(child)):
                return True
    return False


def dropdown_said(control: ft.Dropdown) -> str | None:
    """A dropdown's label and value ("Players: Ana"): Flutter's dropdown button had no name, and its
    label and value were not in the accessibility tree; a label around it becomes the button's."""
    chosen = next((o.text or o.key for o in control.options or () if o.key == control.value), control.value)
    said = ": ".join(str(x) for x in (control.label, chosen) if x)
    return said or None


def name_button(control: ft.Control, name: str) -> None:
    """Give the button `name` as its own accessible name (see `tagged`), and no tooltip. A tooltip
    said the name again ("Rules Rules") or, kept out of the semantics, put the page's whole
    semantics tree under a new parent while it showed and as it went: that took the keyboard from a
    field being typed into (the rules search, after the pointer passed over the Rules button).
    On a touch screen it only ever showed on a long press."""
    control.tooltip = None
    if isinstance(control, ft.IconButton):
        icon = control.icon
        if isinstance(icon, ft.Icon):
            icon.semantics_label = name
        else:
            control.icon = ft.Icon(icon, semantics_label=name)
    elif isinstance(control.content, ft.Text):
        control.content.semantics_label = name
    elif isinstance(control.content, str):
        control.content = ft.Text(control.content, semantics_label=name)
    else:
        control.content = ft.Semantics(content=control.content, label=name, exclude_semantics=True)


def unread(control: ft.Control) -> ft.Control:
    """Shown but not read: a decorative mark ("—", "?"), or a label the control beside it says. A Text
    is read as its empty label (no control more, on every device); anything else goes under a
    Semantics that leaves it out."""
    if isinstance(control, ft.Text):
        control.semantics_label = ""
        return control
    return ft.Semantics(content=control, exclude_semantics=True)


def says_why(control: ft.Semantics, words: str, why: str | None) -> ft.Semantics:
    """A greyed button read with its reason ("Next: …"), as tagged buttons elsewhere are. Not a
    tooltip: over a button's own words one came up with a touch tap and stayed over the table."""
    said = f"{words}: {why}" if why else None
    if said and isinstance(control.content, BUTTONS):  # on the button itself, as tagged() names it
        name_button(control.content, said)
        said = None
    control.label = said
    return control


def button(label: str, on_click: Handler, ident: str, *, icon: ft.IconData | None = None,
           filled: bool = True, disabled: bool = False, expand: bool | int | None = None,
           height: int = TOUCH, tone: str | None = None, compact: bool = False,
           said: str | None = None) -> ft.Control:
    """`compact`: little side padding, for rows of short labels (+1, +5) sharing a narrow tile.
    `said`: what a screen reader says instead of `label`, where the label alone does not say for
    what or whom ("Delete" on each saved table: "Delete Kleos with Ares, Athena")."""
    kind = ft.FilledButton if filled else ft.OutlinedButton
    style = ft.ButtonStyle(text_style=ft.TextStyle(size=18, font_family=FONT),
                           padding=ft.Padding.symmetric(horizontal=4) if compact else None,
                           **greyed(tone if filled else None))
    return tagged(kind(label, icon=icon, on_click=on_click, disabled=disabled, height=height,
                       style=style, expand=expand), ident, said)


def icon_button(icon: ft.IconData, name: str, on_click: Handler, ident: str,
                disabled: bool = False) -> ft.Control:
    return tagged(ft.IconButton(icon, on_click=on_click, disabled=disabled,
                                icon_size=28, width=TOUCH, height=TOUCH), ident, name)


def note(text: str, ident: str | None = None, size: int = 15) -> ft.Control:
    """Quiet secondary text: reminders and explanations that must not compete with the numbers."""
    body = ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)
    return tagged(body, ident, text) if ident else body


def slug(text: str) -> str:
    """A name made safe for a test identifier (ids are whatever names were typed)."""
    return "".join(c if c.isalnum() else "_" for c in text)


def heading(text: str, size: int = 22, level: int = 2) -> ft.Control:
    """A card's or a screen's title, read as a heading: a screen reader lists and jumps by them."""
    # A node of its own (`container`): else the card's other words merged into the heading.
    return ft.Semantics(content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD), header=True,
                        heading_level=level, container=True)


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

    # Read "Attacking troops: −1", "Attacking troops 3", "Attacking troops: +1" (signs, the same in
    # every language): the label is said with the value and with each button, not on its own as well.
    return ft.Row([
        unread(ft.Text(label, size=16, expand=True)),
        icon_button(ft.Icons.REMOVE, f"{label}: −1", step(-1), f"{ident}-minus",
                    disabled=minimum is not None and value <= minimum),
        tagged(ft.Text(str(value), size=24, weight=ft.FontWeight.BOLD, width=44,
                       text_align=ft.TextAlign.CENTER), f"{ident}-value", f"{label} {value}"),
        icon_button(ft.Icons.ADD, f"{label}: +1", step(1), f"{ident}-plus",
                    disabled=maximum is not None and value >= maximum),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
