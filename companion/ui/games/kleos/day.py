"""Where the Contest stands: the day, the step and whose turn, the big next button, today's chores.

The next button names where it leads by running the game's own reducer on the
current state (it is pure), so the label can never disagree with what a press
will do, and a step the rules block is shown as blocked before anyone taps.
"""
from __future__ import annotations

import flet as ft

from companion.core.model import RuleError
from companion.games.kleos import GAME
from companion.games.kleos import LAST_DAY
from companion.ui.context import UI
from companion.ui.games.kleos.parts import dot, god, shade, who
from companion.ui.widgets.controls import button, card, tagged

NEXT_HEIGHT = 72


def header(ui: UI, state: dict, can_edit: bool) -> ft.Control:
    phase = ui.t(f"kleos.phase_{state['phase']}")
    day = ft.Container(ft.Column([
        ft.Text(ui.t("kleos.ui_day_word"), size=14, color=ft.Colors.ON_PRIMARY, weight=ft.FontWeight.W_600),
        ft.Text(str(state["day"]), size=48, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
        ft.Text(ui.t("kleos.ui_of_days", days=LAST_DAY), size=13, color=ft.Colors.ON_PRIMARY),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.PRIMARY, border_radius=16, padding=ft.Padding.symmetric(horizontal=16, vertical=8))
    step = ft.Column([
        tagged(ft.Text(phase, size=26, weight=ft.FontWeight.BOLD), "kleos-phase", phase),
        tagged(ft.Text(ui.t(state["phase_text"]), size=16), "kleos-phase-text", ui.t(state["phase_text"])),
    ], spacing=4, expand=True, tight=True)
    parts: list[ft.Control] = [
        ft.Row([tagged(day, "kleos-day", ui.t("kleos.ui_day_label", day=state["day"], days=LAST_DAY)), step],
               spacing=16, vertical_alignment=ft.CrossAxisAlignment.START),
    ]
    if state["turn"]:
        parts.append(_turn(ui, state))
    parts += [_order(ui, state), _favor_line(ui, state)]
    if can_edit and state["phase"] != "end":
        parts.append(next_button(ui, state))
    return card(*parts, ident="kleos-header")


def _turn(ui: UI, state: dict) -> ft.Control:
    text = ui.t("kleos.ui_turn", player=who(ui, state, state["turn"]))
    return tagged(ft.Container(ft.Row([dot(state["turn"], 28), ft.Text(text, size=24, weight=ft.FontWeight.BOLD,
                                                                         expand=True)],
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER),
                               border=ft.Border.all(3, shade(state["turn"])), border_radius=12, padding=10),
                  "kleos-turn", text)


def _order(ui: UI, state: dict) -> ft.Control:
    """Turn order from the first player; the First Player token is an icon and a word, not just a place."""
    chips, words = [], []
    for player in state["turn_order"]:
        first = player == state["first_player"]
        inner: list[ft.Control] = [dot(player, 14), ft.Text(god(ui, player), size=15,
                                                            weight=ft.FontWeight.BOLD if first else None)]
        if first:
            inner.insert(0, ft.Icon(ft.Icons.FLAG, size=18))
        current = player == state["turn"]
        chips.append(ft.Container(ft.Row(inner, spacing=6, tight=True),
                                  padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=20,
                                  border=ft.Border.all(2 if current else 1, shade(player)),
                                  bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if current else None))
        words.append(god(ui, player) + (f" ({ui.t('kleos.ui_first_player')})" if first else ""))
    label = ui.t("kleos.ui_order", order=", ".join(words))
    row = ft.Row([ft.Text(ui.t("kleos.ui_order_word"), size=15), *chips], wrap=True, spacing=6, run_spacing=6,
                 vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return tagged(row, "kleos-order", label)


def _favor_line(ui: UI, state: dict) -> ft.Control:
    text = favor_text(ui, state)
    icon = ft.Icon(ft.Icons.BOLT, size=22, color=shade(state["favor"]["player"]) if state["favor"] else None)
    return tagged(ft.Row([icon, ft.Text(text, size=16, expand=True)], spacing=6), "kleos-favor-holder", text)


def favor_text(ui: UI, state: dict) -> str:
    favor = state["favor"]
    if favor is None:
        return ui.t("kleos.ui_favor_nobody")
    holder = god(ui, favor["player"])
    return ui.t("kleos.ui_favor_minion", player=holder, minion=favor["minion"]) if favor["minion"] \
        else ui.t("kleos.ui_favor_holder", player=holder)


def next_step(ui: UI, state: dict) -> tuple[str, bool]:
    """The next button's words and whether a press would be accepted."""
    try:
        after = GAME.apply(state, {"type": "phase.next"})
    except RuleError:
        return ui.t("kleos.ui_next_blocked"), False
    phase = ui.t(f"kleos.phase_{after['phase']}")
    if after["phase"] == "end":
        return ui.t("kleos.ui_next_end"), True
    if after["turn"]:
        return ui.t("kleos.ui_next_turn", player=god(ui, after["turn"]), phase=phase), True
    return ui.t("kleos.ui_next_phase", day=after["day"], phase=phase), True


def next_button(ui: UI, state: dict) -> ft.Control:
    async def go(e: object) -> None:
        await ui.send({"type": "phase.next"})

    label, ok = next_step(ui, state)
    control = button(label, go, "kleos-next", icon=ft.Icons.ARROW_FORWARD, disabled=not ok, expand=True,
                     height=NEXT_HEIGHT)
    control.expand = True  # the Semantics wrapper must stretch too, or the row keeps the button narrow
    return ft.Row([control])


def reminders(ui: UI, state: dict) -> ft.Control | None:
    """Today's chores as a checklist-like card; at Daybreak of a later day, who Zeus pities (or nobody)."""
    lines: list[ft.Control] = [
        ft.Row([ft.Icon(ft.Icons.CHEVRON_RIGHT), ft.Text(ui.t(key), size=16, expand=True)])
        for key in state["reminders"] if key != "kleos.remind_pity"
    ]
    if state["phase"] == "daybreak" and state["day"] > 1:
        if state["pity"]:
            names = ", ".join(who(ui, state, p) for p in state["pity"])
            text = f"{ui.t('kleos.remind_pity')} {ui.t('kleos.ui_pity_list', players=names)}"
        else:
            text = ui.t("kleos.ui_pity_none")
        lines.append(tagged(ft.Row([ft.Icon(ft.Icons.VOLUNTEER_ACTIVISM), ft.Text(text, size=16, expand=True,
                                                                                 weight=ft.FontWeight.W_600)]),
                            "kleos-pity", text))
    if not lines:
        return None
    return card(ft.Text(ui.t("kleos.ui_chores"), size=18, weight=ft.FontWeight.BOLD), *lines,
                ident="kleos-reminders")
