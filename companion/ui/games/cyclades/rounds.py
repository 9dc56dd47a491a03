"""The round as the tablet runs it: where the table is, the continue button, and each phase's chores.

Phones see the same panels cut down to their own player, so a player can
enter their own income or settle their own creatures without the tablet.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import creatures_of, needs_reveal, total
from companion.ui.context import UI
from companion.ui.draft import confirmed, drawn, entered_by, put, value
from companion.ui.games.cyclades.labels import GOD_COLOURS, faction_name, god_name, player_name, step_text
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import button, card, heading, slug, tagged

# The highest prosperity count offered as a single tap; more is entered as gold from elsewhere.
PAD = 20
INCOME = "cyclades.income."  # a player's income stays on its device: the count is that player's secret
REVEAL, KEEP = "reveal", "keep"  # the table's drafts (companion/games/cyclades/drafts.py)
# Where the host's continue button leads from each phase that has one.
NEXT = {"placement": "ui_next_round", "round_init": "ui_next_income", "income": "ui_next_offerings",
        "maintenance": "ui_next_actions", "actions": "ui_next_end"}


@inputs
class Header(Inputs):
    """Where the table is: round and phase, the turn order, the gods face up, the host's continue."""

    part = "cyc-header"
    state: dict
    host: bool
    draft: tuple  # the table's reveal draft (companion/ui/draft.py)

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        phase = ui.t(f"cyclades.phase_{state['phase']}")
        title = ui.t("cyclades.ui_round_phase", round=state["round"], phase=phase) if state["round"] else phase
        parts: list[ft.Control] = [tagged(heading(title, 26), "cyc-phase", title)]
        if state["turn_order"]:
            order = ", ".join(faction_name(ui, state, f) for f in state["turn_order"])
            parts.append(tagged(ft.Text(ui.t("cyclades.ui_order", order=order), size=16), "cyc-order"))
        if state["gods"]:
            parts.append(_board_gods(ui, state["gods"]["up"]))
        if self.host and state["phase"] in NEXT and not _turns_left(state):
            parts.append(_next_button(ui, state, self.draft))
        return card(*parts, ident="cyc-header")


def _board_gods(ui: UI, up: list[str]) -> ft.Control:
    """The face-up tiles top to bottom, in their printed colours, so the table can check the board."""
    tiles = [ft.Container(ft.Text(god_name(ui, g), size=16), padding=ft.Padding.symmetric(horizontal=12, vertical=6),
                          border=ft.Border.all(3, GOD_COLOURS[g]), border_radius=16) for g in up]
    return tagged(ft.Row([ft.Text(ui.t("cyclades.ui_gods_up"), size=16), *tiles], wrap=True, spacing=6),
                  "cyc-gods-up", ", ".join(god_name(ui, g) for g in up))


def _turns_left(state: dict) -> bool:
    acts = state["actions"]
    return state["phase"] == "actions" and acts["current"] < len(acts["order"])


def _next_button(ui: UI, state: dict, draft: tuple) -> ft.Control:
    board = state["gods"]
    choose = state["phase"] == "actions" and board and needs_reveal(board)
    chosen = value(draft, "god")

    async def go(e) -> None:
        event = {"type": "phase.next"}
        if choose and chosen in board["down_unknown"]:
            event["revealed"] = chosen
        await ui.send(confirmed(event, draft))

    parts: list[ft.Control] = []
    if choose:
        parts.append(ft.Text(ui.t("cyclades.ui_reveal_prompt"), size=16))
        parts.append(ft.Row([_reveal_chip(ui, g, chosen) for g in board["down_unknown"]], wrap=True))
        parts.append(entered_by(ui, draft, "cyc-reveal-by"))
    parts.append(drawn(ui, "cyc-next", draft[1],
                       button(ui.t(f"cyclades.{NEXT[state['phase']]}"), go, "cyc-next", icon=ft.Icons.ARROW_FORWARD)))
    return ft.Column(parts, spacing=8)


def _reveal_chip(ui: UI, god: str, chosen: str | None) -> ft.Control:
    async def pick(e) -> None:
        await put(ui, REVEAL, "god", None if chosen == god else god)
    return tagged(ft.Chip(ft.Text(god_name(ui, god), size=16), selected=chosen == god,
                          on_click=pick, height=48), f"cyc-reveal-{god}")


@inputs
class Reminders(Inputs):
    """What the table does by hand at the start of a round."""

    part = "cyc-reminders"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        lines = [ft.Row([ft.Icon(ft.Icons.CHEVRON_RIGHT), ft.Text(step_text(ui, state, r), size=16, expand=True)])
                 for r in state["reminders"]]
        return card(heading(ui.t("cyclades.ui_reminders"), 18), *lines, ident="cyc-reminders")


@inputs
class Income(Inputs):
    """Each player's prosperity count (a phone: its own only); `saved` is this device's picks."""

    part = "cyc-income"
    state: dict
    seat: str | None
    saved: tuple

    def build(self, ui: UI) -> ft.Control:
        state, seat = self.state, self.seat
        players = [seat] if seat else state["players"]
        picked = dict(self.saved)
        rows = [_income_row(ui, state, p, picked.get(f"{INCOME}{p}", 0)) for p in players]
        return card(heading(ui.t("cyclades.ui_income_title"), 18), ft.Text(ui.t("cyclades.ui_income_help")),
                    *rows, ident="cyc-income")


def _income_row(ui: UI, state: dict, pid: str, value: int) -> ft.Control:
    """One tap on the count of prosperity symbols, then one on collect: faster than a stepper at 9."""
    name, ident = player_name(ui, pid), f"cyc-income-{slug(pid)}"
    if pid in state["income_done"]:
        return tagged(ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.GREEN),
                              ft.Text(ui.t("cyclades.ui_income_in", player=name), size=16)]), f"{ident}-done")
    key = f"{INCOME}{pid}"

    def pick(n: int):
        async def handler(e) -> None:
            ui.local.inputs[key] = n
            await ui.refresh()
        return handler

    async def collect(e) -> None:
        if await ui.send({"type": "income", "player": pid, "prosperity": ui.local.inputs.get(key, 0)}):
            ui.local.inputs.pop(key, None)

    pad = [tagged(ft.Chip(ft.Text(str(n), size=18, width=28, text_align=ft.TextAlign.CENTER), selected=n == value,
                          on_click=pick(n), height=48, show_checkmark=False), f"{ident}-{n}") for n in range(PAD + 1)]
    return ft.Column([
        ft.Text(ui.t("cyclades.ui_prosperity", player=name), size=16, weight=ft.FontWeight.W_600),
        ft.Row(pad, wrap=True, spacing=6, run_spacing=6),
        button(ui.t("cyclades.ui_collect", player=name, amount=value), collect, f"{ident}-send", icon=ft.Icons.SAVINGS),
    ], spacing=6)


@inputs
class Maintenance(Inputs):
    """The creatures each player keeps this round."""

    part = "cyc-upkeep"
    state: dict
    seat: str | None
    drafts: tuple  # the table's keep draft, one slice per player (companion/ui/draft.py), in player order

    def build(self, ui: UI) -> ft.Control:
        state, seat = self.state, self.seat
        waiting = [p for p in state["players"] if p not in state["maintenance_done"]]
        mine = [p for p in waiting if seat in (None, p)]
        rows: list[ft.Control] = [heading(ui.t("cyclades.ui_upkeep_title"), 18)]
        picked = dict(zip(state["players"], self.drafts))
        rows += [_keep_row(ui, state, p, picked[p]) for p in mine]
        if not waiting:
            rows.append(ft.Text(ui.t("cyclades.ui_upkeep_done"), size=16))
        elif not mine:
            names = ", ".join(player_name(ui, p) for p in waiting)
            rows.append(ft.Text(ui.t("cyclades.ui_upkeep_waiting", players=names), size=16))
        return card(*rows, ident="cyc-upkeep")


def _keep_row(ui: UI, state: dict, pid: str, draft: tuple) -> ft.Control:
    """Tap the creatures to keep; each kept one costs a priestess card. The picks are the table's,
    so the tablet and the player's phone show and confirm the same ones."""
    owned = creatures_of(state, pid)
    kept: list[int] = [i for i in value(draft, pid, []) if isinstance(i, int) and i < len(owned)]

    def toggle(i: int):
        async def handler(e) -> None:
            await put(ui, KEEP, pid, [k for k in kept if k != i] if i in kept else [*kept, i])
        return handler

    async def keep(e) -> None:
        names = [owned[i] for i in sorted(kept)]
        await ui.send(confirmed({"type": "maintenance.keep", "player": pid, "keep": names}, draft))

    chips = [tagged(ft.Chip(ft.Text(c, size=16), selected=i in kept, on_click=toggle(i), height=48),
                    f"cyc-keep-{slug(pid)}-{i}") for i, c in enumerate(owned)]
    name = player_name(ui, pid)
    return ft.Column([
        ft.Text(ui.t("cyclades.ui_upkeep_player", player=name, priestesses=total(state, pid, "priestesses")), size=16),
        ft.Row(chips, wrap=True),
        drawn(ui, f"cyc-keep-{slug(pid)}", draft[1],
              button(ui.t("cyclades.ui_keep", count=len(kept)), keep, f"cyc-keep-{slug(pid)}", icon=ft.Icons.PETS)),
        entered_by(ui, draft, f"cyc-keep-by-{slug(pid)}"),
    ], spacing=6)


@inputs
class Actions(Inputs):
    """The god turns in order, the one playing now marked, and its done button where it may be tapped."""

    part = "cyc-actions"
    state: dict
    seat: str | None

    def build(self, ui: UI) -> ft.Control:
        state, seat = self.state, self.seat
        acts = state["actions"]
        rows: list[ft.Control] = [heading(ui.t("cyclades.ui_actions_title"), 18)]
        for i, (faction, god) in enumerate(acts["order"]):
            now = i == acts["current"]
            icon = ft.Icons.PLAY_ARROW if now else ft.Icons.CHECK if i < acts["current"] else ft.Icons.SCHEDULE
            rows.append(tagged(ft.Container(ft.Row([
                ft.Icon(icon), ft.Text(f"{faction_name(ui, state, faction)}: {god_name(ui, god)}", size=18,
                                       weight=ft.FontWeight.BOLD if now else None),
            ]), bgcolor=ft.Colors.with_opacity(0.15, ft.Colors.PRIMARY) if now else None, padding=8,
                border_radius=8), f"cyc-turn-{i}"))
        if acts["current"] < len(acts["order"]):
            faction, god = acts["order"][acts["current"]]
            if seat in (None, state["factions"][faction]):
                rows.append(_done_button(ui, state, faction, seat))
        else:
            rows.append(ft.Text(ui.t("cyclades.ui_all_acted"), size=16))
        return card(*rows, ident="cyc-actions")


def _done_button(ui: UI, state: dict, faction: str, seat: str | None) -> ft.Control:
    async def done(e) -> None:
        await ui.send({"type": "action.done", "faction": faction})
    label = ui.t("cyclades.ui_my_turn_done") if seat else ui.t(
        "cyclades.ui_turn_done", faction=faction_name(ui, state, faction))
    return button(label, done, "cyc-done", icon=ft.Icons.DONE_ALL)


@inputs
class Result(Inputs):
    """The winners and every purse, once the game is over."""

    part = "cyc-result"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        winners = " & ".join(player_name(ui, p) for p in state["result"]["winners"])
        purses = [tagged(ft.Text(ui.t("cyclades.ui_final_gold", player=player_name(ui, p), gold=state["gold"][p]),
                                 size=18), f"cyc-final-{slug(p)}") for p in state["players"]]
        return card(tagged(heading(ui.t("cyclades.ui_winners", winners=winners), 28), "cyc-winners"),
                    *purses, ident="cyc-result")
