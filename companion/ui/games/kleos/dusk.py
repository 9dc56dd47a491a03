"""The Dusk sheet: Minions and Champions at the four city locations, scored in one confirm.

The sheet is a shared draft held by the table (games/kleos/drafts.py): each tap on
any device is a `draft.set` entry, so every screen shows the same counts and who
entered each, and the confirm names the draft's version it showed (refused if
another device changed it meanwhile): the table scores the sheet it holds. The controller of each location is worked out live with the
game's own `scoring` functions. The sheet belongs to one day, so the next Dusk
starts empty. Each location is a part built from a copy of its counts: a Glory
change from another device rebuilds none of it, so the sheet keeps its scroll while
the table plays on.
"""
from __future__ import annotations

import flet as ft

from companion.core import drafts
from companion.core.model import RuleError
from companion.games.kleos import DUSK_SHEET, LOCATION_GLORY, MAX_IN_PLAY, controller, dusk_draft, dusk_glory, read_board, scored
from companion.ui import draft as shared
from companion.ui.context import UI
from companion.ui.games.kleos.parts import badge, counter, dot, editable, flag, god, who
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.seat_rows import seat_row
from companion.ui.widgets.controls import button, card, heading, note, says_why, tagged

def as_event_board(board: dict[str, dict[str, list]]) -> dict[str, dict[str, list]]:
    """Only the players actually present, as the game expects them."""
    return {loc: {p: [n, champ] for p, (n, champ) in presence.items() if n > 0} for loc, presence in board.items()}


def dusk_sheet(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    if state["phase"] == "dusk" and scored(state):
        return show(ui, Scored(state["dusk"], state["names"]))
    day, can_edit = state["day"], editable(snap)
    draft = dusk_draft(state)
    board, entered = draft["board"], draft["by"]
    sent = as_event_board(board)
    try:
        read_board(sent)
        problem = None
    except RuleError as err:
        problem = err.text(ui.lang)
    order = tuple(state["players"])  # seat order on every device; the own row is highlighted, not moved
    children = [show(ui, Title(day, state["phase"] == "dusk"))]
    children += [show(ui, Location(day, loc, _copy(board[loc]), dict(entered[loc]), order, state["names"], can_edit,
                                   snap["seat"])) for loc in LOCATION_GLORY]
    if problem:
        children.append(show(ui, Problem(problem)))
    if can_edit:
        refused = state["allowed"]["dusk.score"]
        seen = drafts.version(state, DUSK_SHEET)
        confirm = show(ui, Confirm(sent, seen, problem is None and refused is None, refused))
        children.append(shared.drawn(ui, "kleos-dusk-confirm", seen, confirm))
    return group(ui, "dusk-sheet", ft.Column, children, spacing=12)


def _copy(presence: dict[str, list]) -> dict[str, tuple]:
    """A frozen copy of one location's counts: the sheet itself is changed in place by taps."""
    return {p: tuple(v) for p, v in presence.items()}


@inputs
class Title(Inputs):
    part = "dusk-title"
    day: int
    at_dusk: bool

    def build(self, ui: UI) -> ft.Control:
        parts: list[ft.Control] = [heading(ui.t("kleos.ui_dusk_title", day=self.day), 20),
                                   note(ui.t("kleos.ui_dusk_hint"))]
        if not self.at_dusk:
            parts.append(note(ui.t("kleos.ui_dusk_early"), "dusk-early", 16))
        return ft.Column(parts, spacing=12, tight=True)


@inputs
class Problem(Inputs):
    part = "dusk-error"
    problem: str

    def build(self, ui: UI) -> ft.Control:
        return tagged(ft.Text(self.problem, size=16, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600), "dusk-error",
                      self.problem)


def _owner_text(ui: UI, names: dict, presence: dict[str, tuple]) -> str:
    present = {p: (n, champ) for p, (n, champ) in presence.items() if n > 0}
    if not present:
        return ui.t("kleos.ui_dusk_empty")
    owner = controller(present)
    return ui.t("kleos.ui_dusk_owner", player=who(ui, names, owner)) if owner else ui.t("kleos.ui_dusk_tied")


@inputs
class Location(Inputs):
    day: int
    loc: str
    presence: dict[str, tuple]
    entered: dict[str, str | None]
    order: tuple[str, ...]
    names: dict
    can_edit: bool
    me: str | None

    @property
    def key(self) -> str:
        return f"dusk-{self.loc}"

    def build(self, ui: UI) -> ft.Control:
        loc, presence, entered, names, can_edit = self.loc, self.presence, self.entered, self.names, self.can_edit
        name = ui.t(f"kleos.location_{loc}")
        owner = _owner_text(ui, names, presence)
        title = ft.Text(ui.t("kleos.ui_dusk_worth", location=name, glory=LOCATION_GLORY[loc]), size=20,
                        weight=ft.FontWeight.BOLD)
        verdict = tagged(ft.Row([ft.Icon(ft.Icons.ARROW_RIGHT_ALT, color=ft.Colors.PRIMARY),
                                 ft.Text(owner, size=17, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY,
                                         expand=True)],
                                spacing=6), f"dusk-{loc}-controller", f"{name}: {owner}")
        rows = [seat_row(_entry(ui, loc, presence.get(p, (0, False)), p, _by(ui, names, entered.get(p)), names,
                                can_edit), p == self.me, f"dusk-{loc}") for p in self.order]
        if ui.is_phone:  # the Champion buttons there carry an icon only, so name their column once
            rows.insert(0, ft.Row([note(ui.t("kleos.ui_dusk_columns"))], alignment=ft.MainAxisAlignment.END))
        return card(title, verdict, *rows, ident=f"dusk-{loc}")


def _by(ui: UI, names: dict, actor: str | None) -> str | None:
    """Who entered a count, as every screen names them: the god (and player) or the tablet."""
    if actor is None:
        return None
    return ui.t("ui.host") if actor == "host" else who(ui, names, actor)


def _entry(ui: UI, loc: str, shown: tuple, player: str, by: str | None, names: dict, can_edit: bool) -> ft.Control:
    minions, champion = shown
    ident = f"dusk-{loc}-{player}"

    async def put(count: int, champ: bool) -> None:
        await shared.put(ui, DUSK_SHEET, f"{loc}.{player}", [count, champ])

    async def set_minions(value: int) -> None:
        # A step from what the table holds now, not from what was drawn: two quick taps on +
        # before the screen catches up must count twice, as they did when the sheet was local.
        now = dusk_draft(ui.snapshot()["state"])["board"][loc].get(player, [minions, champion])
        count = max(0, min(MAX_IN_PLAY, now[0] + value - minions))
        await put(count, bool(now[1]) and count > 0)

    async def set_champion(on: bool) -> None:
        # The Champion is one of the Minions there, so marking it means at least one.
        await put(max(minions, 1) if on else minions, on)

    champ = flag(ui.t("kleos.ui_champion"), champion, set_champion, f"{ident}-champion",
                 disabled=not can_edit, compact=ui.is_phone)
    if not can_edit:
        return ft.Row([ft.Container(badge(ui, names, player, 16), expand=True),
                       ft.Text(str(minions), size=22, weight=ft.FontWeight.BOLD), champ])
    count = counter(god(ui, player), minions, set_minions, ident, 0, MAX_IN_PLAY)
    named: ft.Control = ft.Text(god(ui, player), size=16)
    if by is not None:
        said = ui.t("kleos.ui_dusk_entered_by", who=by)
        named = ft.Column([named, note(said, f"{ident}-by", 13)], spacing=0, tight=True)
    return ft.Row([dot(player), ft.Container(named, expand=True), count, champ], spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


@inputs
class Confirm(Inputs):
    sent: dict
    seen: str
    ok: bool
    refused: str | None

    @property
    def key(self) -> str:
        return f"kleos-dusk-confirm@{self.seen}"

    def build(self, ui: UI) -> ft.Control:
        sent, seen, ok, refused = self.sent, self.seen, self.ok, self.refused
        gains = dusk_glory(sent) if ok else {}
        listed = ", ".join(f"{god(ui, p)} +{n}" for p, n in gains.items() if n)
        label = ui.t("kleos.ui_dusk_confirm", gains=listed) if listed else ui.t("kleos.ui_dusk_confirm_none")

        async def confirm(e: object) -> None:
            await ui.send({"type": "dusk.score", drafts.FIELD: seen})

        control = button(label, confirm, "kleos-dusk-confirm", icon=ft.Icons.DONE_ALL, disabled=not ok, height=64)
        return says_why(control, label, ui.t(refused) if refused else None)


@inputs
class Scored(Inputs):
    """After the confirm: who held what and what it paid, until the table moves on."""

    part = "dusk-done"
    dusk: dict
    names: dict

    def build(self, ui: UI) -> ft.Control:
        dusk, names = self.dusk, self.names
        rows: list[ft.Control] = []
        for loc, owner in dusk["controllers"].items():
            place = ui.t(f"kleos.location_{loc}")
            text = (ui.t("kleos.ui_dusk_paid", location=place, player=who(ui, names, owner), glory=LOCATION_GLORY[loc])
                    if owner else ui.t("kleos.ui_dusk_unpaid", location=place))
            rows.append(tagged(ft.Text(text, size=17), f"dusk-result-{loc}", text))
        return card(heading(ui.t("kleos.ui_dusk_done", day=dusk["day"]), 20), *rows,
                    note(ui.t("kleos.ui_dusk_next"), size=16), ident="dusk-done")
