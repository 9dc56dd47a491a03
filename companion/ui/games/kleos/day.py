"""Where the Contest stands: the day, the step and whose turn, the next button, today's chores.

The next button names where it leads from the view's `next` (the game ran its
own reducer to find it), so the label can never disagree with what a press
will do, and a step the rules block is shown as blocked, with the reason,
before anyone taps. The card is one part: a Glory change rebuilds none of it.
"""
from __future__ import annotations

import flet as ft

from companion.games.kleos import LAST_DAY
from companion.ui.context import UI
from companion.ui.games.kleos.parts import dot, god, shade, who
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import button, card, says_why, tagged

NEXT_HEIGHT = 56


def header(ui: UI, snap: dict) -> ft.Control:
    """The clock's card; its next button sits on the scoreboard's facts line (scores.py).
    One part: it moves with the step, the turn and the Favor, never with Glory, so splitting it
    spared nothing a Glory change costs, and each part more is held for every device."""
    state = snap["state"]
    return show(ui, Header(state["day"], state["phase"], state["phase_text"], state["turn"],
                           state["names"] if state["turn"] else {}, tuple(state["turn_order"]), state["first_player"],
                           None if ui.is_phone else state["favor"]))  # a phone's card does not show it


@inputs
class Header(Inputs):
    """A phone's card is shorter: the facts line over its scoreboard already says the day, and
    its Favor card (and the holder's tile) who holds the Favor; the order is one line of text.
    Half the controls, held for every phone of every table."""

    part = "kleos-header"
    day: int
    phase_id: str
    phase_text: str
    turn: str | None
    names: dict
    order: tuple[str, ...]
    first_player: str
    favor: dict | None

    def build(self, ui: UI) -> ft.Control:
        turn, order, first_player = self.turn, self.order, self.first_player
        turn_line = [_turn(ui, turn, self.names)] if turn else []
        if ui.is_phone:
            children = [_phase(ui, self.phase_id, self.phase_text), *turn_line,
                        _order_line(ui, order, first_player, turn)]
        else:
            children = [_step(ui, self.day, self.phase_id, self.phase_text), *turn_line,
                        _order(ui, order, first_player, turn), _favor_line(ui, self.favor)]
        return card(*children, ident="kleos-header")


def _phase(ui: UI, phase_id: str, phase_text: str) -> ft.Control:
    phase = ui.t(f"kleos.phase_{phase_id}")
    return ft.Column([
        tagged(ft.Text(phase, size=26, weight=ft.FontWeight.BOLD), "kleos-phase", phase),
        tagged(ft.Text(ui.t(phase_text), size=16), "kleos-phase-text", ui.t(phase_text)),
    ], spacing=4, tight=True)


def _step(ui: UI, day: int, phase_id: str, phase_text: str) -> ft.Control:
    box = ft.Container(ft.Column([
        ft.Text(ui.t("kleos.ui_day_word"), size=14, color=ft.Colors.ON_PRIMARY, weight=ft.FontWeight.W_600),
        ft.Text(str(day), size=48, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
        ft.Text(ui.t("kleos.ui_of_days", days=LAST_DAY), size=13, color=ft.Colors.ON_PRIMARY),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.PRIMARY, border_radius=16, padding=ft.Padding.symmetric(horizontal=16, vertical=8))
    step = _phase(ui, phase_id, phase_text)
    step.expand = True
    return ft.Row([tagged(box, "kleos-day", ui.t("kleos.ui_day_label", day=day, days=LAST_DAY)), step],
                  spacing=16, vertical_alignment=ft.CrossAxisAlignment.START)


def _turn(ui: UI, turn: str, names: dict) -> ft.Control:
    text = ui.t("kleos.ui_turn", player=who(ui, names, turn))
    return tagged(ft.Container(ft.Row([dot(turn, 28), ft.Text(text, size=24, weight=ft.FontWeight.BOLD, expand=True)],
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER),
                               border=ft.Border.all(3, shade(turn)), border_radius=12, padding=10),
                  "kleos-turn", text)


def _order(ui: UI, order: tuple[str, ...], first_player: str, turn: str | None) -> ft.Control:
    """Turn order from the first player; the First Player token is an icon and a word, not just a place."""
    chips = []
    for player in order:
        first = player == first_player
        # The dot is a coloured character of the name's text (as in the Glory log): a chip is two
        # controls, not four, on every device.
        name: ft.Control = ft.Text(spans=[ft.TextSpan("● ", ft.TextStyle(color=shade(player), size=14)),
                                          ft.TextSpan(god(ui, player))], size=15,
                                   weight=ft.FontWeight.BOLD if first else None)
        if first:
            name = ft.Row([ft.Icon(ft.Icons.FLAG, size=18), name], spacing=6, tight=True)
        current = player == turn
        chips.append(ft.Container(name, padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=20,
                                  border=ft.Border.all(2 if current else 1, shade(player)),
                                  bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if current else None))
    label = _order_said(ui, order, first_player)
    row = ft.Row([ft.Text(ui.t("kleos.ui_order_word"), size=15), *chips], wrap=True, spacing=6, run_spacing=6,
                 vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return tagged(row, "kleos-order", label)


def _order_line(ui: UI, order: tuple[str, ...], first_player: str, turn: str | None) -> ft.Control:
    """A phone's turn order: one text, each god a coloured dot and its name, the first player's
    bold and named so, the god whose turn it is underlined (no width change: a turn passing never
    rewraps the line, rule 9 of LIVE.md)."""
    spans = [ft.TextSpan(ui.t("kleos.ui_order_word"))]
    for player in order:
        first = player == first_player
        spans += [ft.TextSpan("   ● ", ft.TextStyle(color=shade(player))),
                  ft.TextSpan(_named(ui, player, first_player),
                              ft.TextStyle(weight=ft.FontWeight.BOLD if first else None,
                                           decoration=ft.TextDecoration.UNDERLINE if player == turn else None,
                                           decoration_color=shade(player), decoration_thickness=2))]
    return tagged(ft.Text(spans=spans, size=15), "kleos-order", _order_said(ui, order, first_player))


def _order_said(ui: UI, order: tuple[str, ...], first_player: str) -> str:
    return ui.t("kleos.ui_order", order=", ".join(_named(ui, p, first_player) for p in order))


def _named(ui: UI, player: str, first_player: str) -> str:
    """A god's name in the turn order, the first player's said so."""
    return god(ui, player) + (f" ({ui.t('kleos.ui_first_player')})" if player == first_player else "")


def _favor_line(ui: UI, favor: dict | None) -> ft.Control:
    text = favor_text(ui, favor)
    icon = ft.Icon(ft.Icons.BOLT, size=22, color=shade(favor["player"]) if favor else None)
    return tagged(ft.Row([icon, ft.Text(text, size=16, expand=True)], spacing=6), "kleos-favor-holder", text)


def favor_text(ui: UI, favor: dict | None) -> str:
    if favor is None:
        return ui.t("kleos.ui_favor_nobody")
    holder = god(ui, favor["player"])
    return ui.t("kleos.ui_favor_minion", player=holder, minion=favor["minion"]) if favor["minion"] \
        else ui.t("kleos.ui_favor_holder", player=holder)


def next_label(ui: UI, after: dict | None) -> str:
    """The next button's words, from where the view says a press leads (None: refused)."""
    if after is None:
        return ui.t("kleos.ui_next_blocked")
    phase = ui.t(f"kleos.phase_{after['phase']}")
    if after["phase"] == "end":
        return ui.t("kleos.ui_next_end")
    if after["turn"]:
        return ui.t("kleos.ui_next_turn", player=god(ui, after["turn"]), phase=phase)
    return ui.t("kleos.ui_next_phase", day=after["day"], phase=phase)


def next_button(ui: UI, after: dict | None, refused: str | None) -> ft.Control:
    """Labelled with where it leads; when refused, greyed, its label saying what to do first
    and the game's reason read with it."""
    async def go(e: object) -> None:
        await ui.send({"type": "phase.next"})

    words = next_label(ui, after)
    control = button(words, go, "kleos-next", icon=ft.Icons.ARROW_FORWARD, disabled=refused is not None,
                     height=NEXT_HEIGHT)
    return says_why(control, words, ui.t(refused) if refused else None)


def reminders(ui: UI, state: dict) -> ft.Control | None:
    """Today's chores as a checklist-like card; at Daybreak of a later day, who Zeus pities (or nobody)."""
    keys = tuple(key for key in state["reminders"] if key != "kleos.remind_pity")
    pity_line = state["phase"] == "daybreak" and state["day"] > 1
    if not keys and not pity_line:
        return None
    pity = tuple(state["pity"]) if pity_line else None
    return show(ui, Reminders(keys, pity, state["names"] if pity else {}))


@inputs
class Reminders(Inputs):
    part = "kleos-reminders"
    keys: tuple[str, ...]
    pity: tuple[str, ...] | None
    names: dict

    def build(self, ui: UI) -> ft.Control:
        pity = self.pity
        lines: list[ft.Control] = [ft.Row([ft.Icon(ft.Icons.CHEVRON_RIGHT), ft.Text(ui.t(key), size=16, expand=True)])
                                   for key in self.keys]
        if pity is not None:
            if pity:
                listed = ", ".join(who(ui, self.names, p) for p in pity)
                text = f"{ui.t('kleos.remind_pity')} {ui.t('kleos.ui_pity_list', players=listed)}"
            else:
                text = ui.t("kleos.ui_pity_none")
            lines.append(tagged(ft.Row([ft.Icon(ft.Icons.VOLUNTEER_ACTIVISM),
                                        ft.Text(text, size=16, expand=True, weight=ft.FontWeight.W_600)]),
                                "kleos-pity", text))
        return card(ft.Text(ui.t("kleos.ui_chores"), size=18, weight=ft.FontWeight.BOLD), *lines,
                    ident="kleos-reminders")
