"""The three Monuments: levels, Priests on them, who holds their Region, and the build.

Also the after-build checklist, shared with the turn helper, because a build
sets off several things at once that the table must do on the real board.
"""
from __future__ import annotations

import flet as ft

from companion.games.lords_of_hellas import MONUMENTS, PHASE_STEPS, TOP_LEVEL
from companion.ui.context import UI
from companion.ui.games.lords_of_hellas.parts import can_play_turn, can_write, choice_row, name, t, why
from companion.ui.games.lords_of_hellas.specials import unsourced
from companion.ui.widgets.controls import button, card, heading, note, tagged


def panel(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    width = None if ui.is_phone else 360
    cards = [ft.Container(_monument(ui, snap, m), width=width) for m in MONUMENTS]
    parts: list[ft.Control] = [
        heading(t(ui, "monuments_title")),
        unsourced(ui, "loh-unsourced-monuments"),
        ft.Row(cards, wrap=True, spacing=12, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.START),
        card(ft.Text(f"{t(ui, 'special_build_monument')}: {t(ui, 'monument_pick')}", size=17,
                     weight=ft.FontWeight.W_600), build_buttons(ui, snap, "loh-monument-build")),
    ]
    if state["turn"]["special"] == "build_monument":
        parts.append(build_steps(ui, snap))
    return ft.Column(parts, spacing=12)


def build_buttons(ui: UI, snap: dict, ident: str) -> ft.Control:
    """One button per Monument that still has a level to gain."""
    state = snap["state"]
    reasons = {m: state["allowed"][f"build.{m}"] for m in MONUMENTS}
    return ft.Row([
        why(ui, button(f"{t(ui, f'monument_{m}')} ({state['monuments'][m]['level']}/{TOP_LEVEL})", _build(ui, m),
                       f"{ident}-{m}", icon=ft.Icons.ACCOUNT_BALANCE, filled=False, disabled=reasons[m] is not None),
            reasons[m])
        for m in MONUMENTS
    ], wrap=True, spacing=8, run_spacing=8)


def build_steps(ui: UI, snap: dict) -> ft.Control:
    """What the build just did, then the Monster and Event phases to tick off in order."""
    state = snap["state"]
    builder = state["turn"]["player"]
    temples = state["tracks"][builder]["temples"]
    lines = [t(ui, "build_step_level"), t(ui, "build_step_priests_home"),
             t(ui, "build_step_priests_gain", name=name(state, builder), count=temples), t(ui, "build_step_round")]
    if any(m["completed_turn"] == state["turn"]["number"] for m in state["monuments"].values()):
        lines.append(t(ui, "build_step_king"))
    rows: list[ft.Control] = [heading(t(ui, "build_steps_title"), 20)]
    rows += [ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE, size=22, color=ft.Colors.PRIMARY),
                     ft.Text(line, size=16, expand=True)]) for line in lines]
    rows.append(ft.Text(t(ui, "build_step_phases"), size=16, weight=ft.FontWeight.W_600))
    pending = state["turn"]["steps"]
    for step in PHASE_STEPS:
        label = t(ui, f"step_{step}")
        if step not in pending:
            rows.append(tagged(ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE, size=22, color=ft.Colors.PRIMARY),
                                       ft.Text(label, size=18, weight=ft.FontWeight.BOLD),
                                       note(t(ui, "turn_done"))]),
                               f"loh-step-{step}", f"{label} {t(ui, 'turn_done')}"))
            continue
        rows.append(ft.Row([
            tagged(ft.Text(label, size=18, weight=ft.FontWeight.BOLD), f"loh-step-{step}",
                   f"{label} {t(ui, 'step_pending')}"),
            note(t(ui, "step_pending")),
            button(t(ui, "step_do"), _step(ui, step), f"loh-step-do-{step}",
                   disabled=not can_play_turn(snap) or step != pending[0]),
        ], wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return card(*rows, ident="loh-build-steps")


def _monument(ui: UI, snap: dict, monument_id: str) -> ft.Control:
    state = snap["state"]
    monument = state["monuments"][monument_id]
    level = monument["level"]
    pips = ft.Row([ft.Container(width=40, height=20, border_radius=4,
                                bgcolor=ft.Colors.PRIMARY if i < level else ft.Colors.SURFACE_CONTAINER_HIGHEST)
                   for i in range(TOP_LEVEL)], spacing=6)
    level_text = t(ui, "monument_complete") if level == TOP_LEVEL else t(ui, "monument_level", level=level,
                                                                          top=TOP_LEVEL)
    rows: list[ft.Control] = [
        ft.Text(t(ui, f"monument_{monument_id}"), size=20, weight=ft.FontWeight.BOLD),
        tagged(ft.Text(level_text, size=28, weight=ft.FontWeight.BOLD), f"loh-level-{monument_id}", level_text),
        pips,
    ]
    if monument["countdown"] is not None:
        rows.append(tagged(ft.Text(t(ui, "monument_countdown", turns=monument["countdown"]), size=20,
                                   weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR), f"loh-countdown-{monument_id}"))
    elif monument["completed_turn"] is not None and state["conditions"]["king_of_kings"]:
        rows.append(note(t(ui, "monument_countdown_over")))
    priests = ", ".join(f"{name(state, p)} {n}" for p, n in monument["priests"].items() if n) or "0"
    rows.append(note(f"{t(ui, 'monument_priests')}: {priests}", f"loh-priests-{monument_id}", 16))
    if state["conditions"]["king_of_kings"]:
        rows.append(ft.Text(t(ui, "monument_controller"), size=16, weight=ft.FontWeight.W_600))
        options = [(p, name(state, p)) for p in state["players"]] + [(None, t(ui, "monument_nobody"))]
        rows.append(choice_row(options, monument["controller"], _control(ui, monument_id),
                               f"loh-control-{monument_id}", disabled=not can_write(snap)))
    return card(*rows, ident=f"loh-monument-{monument_id}")


def _build(ui: UI, monument_id: str):
    async def handler(e) -> None:
        await ui.send({"type": "monument.build", "monument": monument_id})
    return handler


def _step(ui: UI, step: str):
    async def handler(e) -> None:
        await ui.send({"type": "turn.step", "step": step})
    return handler


def _control(ui: UI, monument_id: str):
    async def pick(player: object) -> None:
        await ui.send({"type": "monument.control", "monument": monument_id, "player": player})
    return pick
