"""Lords of Hellas panels: the victory-watch scoreboard, a winner banner, a status line, and five
sections to switch between, each a live part of its own slice (companion/ui/LIVE.md).

The board stays on the table; these panels only keep the counts, markers and
helpers. Which section a device shows is its own choice, kept in `ui.local`,
so a tablet on the Monuments and a phone in a battle do not pull each other.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.games.lords_of_hellas import battle, hunt, monuments, setup, turn, watch
from companion.ui.games.lords_of_hellas.parts import dot, t
from companion.ui.games.lords_of_hellas.scores import facts, quick, scores
from companion.ui.games.lords_of_hellas.slices import cut, may, mine
from companion.ui.games.lords_of_hellas.specials import NAMED
from companion.ui.live import Inputs, group, inputs, memo, show
from companion.ui.widgets.controls import button, tagged
from companion.ui.widgets.scoreboard import others, scoreboard

SECTION = "lords_of_hellas.section"
# Section id -> panel (its tab reads "tab_<id>"); the turn helper first because it is used every turn.
SECTIONS: dict[str, Callable[[UI, dict], ft.Control]] = {
    "turn": turn.panel,
    "watch": watch.panel,
    "monuments": monuments.panel,
    "battle": battle.panel,
    "hunt": hunt.panel,
}


# The state keys each section reads (its part is rebuilt only when one of them changes) and the
# prefix of the device-local values it shows.
READS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "turn": (("players", "names", "winner", "turn", "tracks", "used", "hunt", "monuments", "special_names",
              "special_added", "drafts"), NAMED),
    "watch": (("players", "names", "colours", "winner", "tracks", "progress", "conditions", "monuments"), None),
    "monuments": (("players", "names", "winner", "turn", "tracks", "monuments", "conditions"), None),
    "battle": (("players", "names", "winner", "turn", "last_battle", "drafts"), None),
    "hunt": (("names", "winner", "hunt", "claimable", "drafts", "tracks"), None),
}
# Of the turn and of the view's answers, what a section reads (see slices.cut; a section not named
# reads all of both): a Regular Action rebuilds none of these, a Special one the Monuments' builds.
NARROW: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "monuments": (("player", "number", "special", "steps"), ("turn", "build")),
    "battle": (("player",), ()),  # whose turn it is names the attacker of a battle not yet entered
    "hunt": ((), ("turn",)),
}
# Of the tracks, the current player's counts a section shows (the turn helper's actions spend them, a
# Monument's build steps name the builder's Temples; the hunt, its hunter's rewards): a Land or a
# Monster leaves those sections alone.
TURN_COUNTS = ("charged", "priests", "temples")
CURRENT_COUNTS = {"turn": TURN_COUNTS, "monuments": ("temples",), "hunt": ("priests", "artifacts")}
# Sections made of parts of their own (a row per count, a card per kind of action): each part is
# rebuilt only when its own slice moved, and the section is described again (`memo`) only when its
# view did, with no part around the whole of it to rebuild.
PARTED = frozenset({"turn", "watch"})


class LordsOfHellasUI:
    def setup_form(self, ui: UI):
        return setup.form(ui)

    def board(self, ui: UI, snap: dict) -> ft.Control:
        """The scoreboard first (a phone: its own tile, the others after its panels), then the
        status line, the section bar and the chosen section, each a part of its own slice."""
        state = snap["state"]
        chosen = ui.local.inputs.setdefault(SECTION, "turn")
        who = snap["seat"] if snap["role"] == "seat" else None
        tiles = scores(ui, state, may(snap), who)
        own = [s for s in tiles if s.seat == who]
        parts: list[ft.Control] = [scoreboard(ui, own or tiles, facts(ui, state), quick=quick)]
        if state["winner"] is not None:
            parts.append(show(ui, WinnerBanner(state["winner"], state["names"], state["colours"])))
        current = state["turn"]["player"]
        keys, prefix = READS[chosen]
        view = cut(snap, keys, *NARROW.get(chosen, (None, None)))
        if chosen in CURRENT_COUNTS:
            # a hunt shows its hunter's rewards landing, whoever's turn it is now
            whose = (state["hunt"] or {}).get("hunter") if chosen == "hunt" else current
            view["state"]["tracks"] = {p: {k: state["tracks"][p][k] for k in CURRENT_COUNTS[chosen]}
                                       for p in (whose,) if p is not None}
        parts += [show(ui, Status(state["names"][current], state["colours"].get(current))),
                  show(ui, SectionBar(chosen)),
                  memo(ui, Parted(chosen, view, mine(ui, prefix))) if chosen in PARTED
                  else show(ui, Section(chosen, view, mine(ui, prefix)))]
        if own:
            parts += others(ui, [s for s in tiles if s.seat != who], quick, "loh-others")
        return group(ui, "loh-board", ft.Column, parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@inputs
class Parted(Inputs):
    """A section of parts: its group, whose parts were rebuilt where their slices moved; `local`
    (this device's values it shows) only keys the memo."""

    section: str
    snap: dict
    local: str

    @property
    def key(self) -> str:
        return f"loh-view-{self.section}"

    def build(self, ui: UI) -> ft.Control:
        return SECTIONS[self.section](ui, self.snap)


@inputs
class Section(Inputs):
    """One section's panel; `local` (this device's values it shows) only keys the memo."""

    section: str
    snap: dict
    local: str

    @property
    def key(self) -> str:
        return f"loh-section-{self.section}"

    def build(self, ui: UI) -> ft.Control:
        return SECTIONS[self.section](ui, self.snap)


@inputs
class WinnerBanner(Inputs):
    """Who won and by which condition, above everything, until an undo takes it back."""

    part = "loh-winner"
    winner: dict
    names: dict
    colours: dict

    def build(self, ui: UI) -> ft.Control:
        winner, names, colours = self.winner, self.names, self.colours
        condition = t(ui, f"cond_{winner['condition']}")
        text = t(ui, "watch_winner", name=names.get(winner["player"], winner["player"]), condition=condition)
        return tagged(ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=48, color=ft.Colors.ON_PRIMARY_CONTAINER),
                    ft.Text(text, size=24 if ui.is_phone else 30, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY_CONTAINER, expand=True)],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Text(t(ui, "winner_undo_hint"), size=16, color=ft.Colors.ON_PRIMARY_CONTAINER),
        ], spacing=8), bgcolor=ft.Colors.PRIMARY_CONTAINER, padding=20, border_radius=16,
            border=ft.Border.all(6, colours.get(winner["player"]) or ft.Colors.PRIMARY)), "loh-winner", text)


@inputs
class Status(Inputs):
    """Whose turn it is, in their colour."""

    part = "loh-status"
    current: str
    colour: str | None

    def build(self, ui: UI) -> ft.Control:
        current, colour = self.current, self.colour
        playing = t(ui, "turn_current", name=current)
        return ft.Row([
            dot(colour, 28),
            tagged(ft.Text(playing, size=24, weight=ft.FontWeight.BOLD), "loh-current", playing),
        ], wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@inputs
class SectionBar(Inputs):
    """The section tabs, the chosen one filled."""

    part = "loh-tabs"
    chosen: str

    def build(self, ui: UI) -> ft.Control:
        chosen = self.chosen

        def pick(section: str):
            async def handler(e) -> None:
                ui.local.inputs[SECTION] = section
                await ui.refresh()
            return handler

        # One word each: the five fit one row on the tablet and two on a phone, in both languages
        # (the section's own heading gives its whole title).
        return ft.Row([button(t(ui, f"tab_{section}"), pick(section), f"loh-tab-{section}", filled=section == chosen,
                              height=48) for section in SECTIONS], wrap=True, spacing=8, run_spacing=8)


UI_ = LordsOfHellasUI()
