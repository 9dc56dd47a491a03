"""The rules look-up: one full-screen panel, reachable from the app bar on every screen.

"Can a Champion be cursed?" gets asked mid-turn, so results follow the
typing. Drawn with live parts like every screen (ui/live.py): the typed text
lives on this device (`ui.local`), the field is a part its text is no argument
of (so typing never rebuilds it, and focus stays), and a pause in typing
refreshes the screen, which rebuilds the rows below the field only. The search for
what was typed runs off the event loop (core/offload.py): a slow one must not freeze
every other screen; its rows are kept for the body part to show.
"""
from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from companion.core.model import RuleError
from companion.rules import GAMES, MAX_QUERY, entry, highlight_terms, search
from companion.ui.context import UI
from companion.core.offload import off_loop
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.start import game_title
from companion.ui.widgets.controls import heading, icon_button, tagged
from companion.ui.widgets.rules_views import Handler, Opener, contents_list, entry_page, hit_list, no_hits

ALL = "all"
LIMIT = 20
# One letter matches half the rules; the contents are more use until a second one is typed.
MIN_QUERY = 2
# Results wait for a pause this long in typing: a list for a half-typed word is
# replaced by the next keystroke anyway, and drawing it costs a busy tablet.
PAUSE = 0.25


def rules_panel(ui: UI, on_close: Handler) -> ft.Control:
    query = ui.local.rules.query
    stack = tuple(tuple(step) for step in ui.local.rules.stack)
    return group(ui, "rules-panel", ft.Column, [
        show(ui, Header(on_close)),
        show(ui, SearchRow(ui.local.rules.cleared)),
        show(ui, Chips(selected_game(ui), _table_game(ui))),
        show(ui, Body(query, selected_game(ui), stack, _table_game(ui))),
    ], spacing=12, expand=True)


@inputs
class Header(Inputs):
    part = "rules-header"
    on_close: Handler

    def build(self, ui: UI) -> ft.Control:
        return ft.Row([
            ft.Icon(ft.Icons.MENU_BOOK, size=28),
            ft.Container(heading(ui.t("rules.title")), expand=True),
            icon_button(ft.Icons.CLOSE, ui.t("rules.close"), self.on_close, "rules-close"),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


@inputs
class SearchRow(Inputs):
    """Rebuilt only by Clear (`cleared` counts them): typing never rebuilds the field."""

    part = "rules-search"
    cleared: int

    def build(self, ui: UI) -> ft.Control:
        return _search_row(ui)


@inputs
class Chips(Inputs):
    part = "rules-chips"
    chosen: str
    table_game: str | None

    def build(self, ui: UI) -> ft.Control:
        return _chips(ui, self.chosen, self.table_game)


@inputs
class Body(Inputs):
    """The rows below the field: for `query` in `game`, with the entries of `stack` open."""

    part = "rules-body"
    query: str
    game: str
    stack: tuple
    table_game: str | None

    def build(self, ui: UI) -> ft.Control:
        found = ui.local.rules.found
        rows = found[1] if found and found[0] == _asked(ui, self.query) else page_for(ui, self.query)
        return ft.Column(rows, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _search_row(ui: UI) -> ft.Control:
    field = ft.TextField(value=ui.local.rules.query, on_change=_typed(ui), autofocus=True,
                         prefix_icon=ft.Icons.SEARCH, text_size=20, border=ft.OutlineInputBorder(border_radius=12), max_length=MAX_QUERY,
                         label=ui.t("rules.search_label"), hint_text=ui.t("rules.search_hint"))
    return ft.Row([
        ft.Semantics(content=field, identifier="rules-query", expand=True),
        icon_button(ft.Icons.BACKSPACE_OUTLINED, ui.t("rules.clear"), _clear(ui), "rules-clear"),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _table_game(ui: UI) -> str | None:
    """The open table's game, from the snapshot the render read (the panel reads nothing else of it)."""
    return ui.snap.get("game") if ui.live else None


def selected_game(ui: UI) -> str:
    """The game filter: the table's own game until the player picks another, else every game."""
    table_game = _table_game(ui)
    search = ui.local.rules
    if search.game is None:
        search.game = table_game if table_game in GAMES else ALL
    return search.game


def _asked(ui: UI, query: str) -> tuple:
    """Everything the rows below the field depend on: rows found for this are still right."""
    return query, selected_game(ui), tuple(tuple(step) for step in ui.local.rules.stack), ui.lang


def page_for(ui: UI, query: str) -> list[ft.Control]:
    """What goes below the search field: the open entry, else the hits, else the contents; or why
    the question cannot be asked (too long), which costs nothing to find out."""
    try:
        return _page_for(ui, query)
    except RuleError as err:
        return [tagged(ft.Text(err.text(ui.lang), size=17), "rules-refused")]


def _page_for(ui: UI, query: str) -> list[ft.Control]:
    if len(query) > MAX_QUERY:  # the field holds no more: this came from no screen of ours
        raise RuleError("limits.text_too_long", max=MAX_QUERY)
    game = selected_game(ui)
    terms = highlight_terms(query) if len(query.strip()) >= MIN_QUERY else []
    stack = ui.local.rules.stack
    if stack:
        return entry_page(ui, entry(*stack[-1], ui.lang), terms, _open(ui), _back(ui))
    if len(query.strip()) >= MIN_QUERY:
        hits = search(query, game=None if game == ALL else game, lang=ui.lang, limit=LIMIT)
        if not hits:
            return no_hits(ui, query, game != ALL, _pick(ui, ALL))
        if game == ALL:
            table_game = _table_game(ui)
            hits.sort(key=lambda h: h.game != table_game)  # stable: the table's game first, each part by rank
        # One game's search can still bring another game's entry (a thing only it has): say whose it is.
        return hit_list(ui, hits, terms, game == ALL or any(h.game != game for h in hits), _open(ui))
    if game == ALL:
        return [tagged(ft.Text(ui.t("rules.pick_game"), size=17), "rules-hint")]
    return contents_list(ui, game, _open(ui))


def _typed(ui: UI) -> Handler:
    async def changed(e: Any) -> None:
        ui.local.rules.query = e.control.value or ""
        ui.local.rules.stack = []  # a new question leaves the open entry
        seq = _supersede(ui)
        await asyncio.sleep(PAUSE)
        if seq != ui.local.rules.seq:
            return  # still typing, or a tap moved on: only the latest action draws
        asked = _asked(ui, ui.local.rules.query)
        try:
            rows = await off_loop(page_for, ui, ui.local.rules.query)
        except RuleError as err:  # it ran too long: say so rather than wait on
            rows = [tagged(ft.Text(err.text(ui.lang), size=17), "rules-refused")]
        if seq == ui.local.rules.seq:
            ui.local.rules.found = (asked, rows)
            await ui.refresh()
    return changed


def _supersede(ui: UI) -> int:
    """Mark a new action, so a search still running for older keystrokes never draws over it."""
    ui.local.rules.seq += 1
    return ui.local.rules.seq


def _chips(ui: UI, chosen: str, table_game: str | None) -> ft.Control:
    order = sorted(GAMES, key=lambda g: g != table_game) + [ALL]
    chips = []
    for game in order:
        name = ui.t("rules.all_games") if game == ALL else game_title(game, ui.lang)
        chips.append(tagged(ft.Chip(ft.Text(name, size=16), selected=game == chosen, on_click=_pick(ui, game),
                                    height=48), f"rules-game-{game}", name))
    return ft.Row(chips, wrap=True, spacing=8, run_spacing=8)


def _open(ui: UI) -> Opener:
    def opener(game: str, entry_id: str) -> Handler:
        async def go(e: Any) -> None:
            _supersede(ui)
            ui.local.rules.stack = [*ui.local.rules.stack, [game, entry_id]]
            await ui.refresh()
        return go
    return opener


def _back(ui: UI) -> Handler:
    async def go(e: Any) -> None:
        _supersede(ui)
        ui.local.rules.stack = ui.local.rules.stack[:-1]
        await ui.refresh()
    return go


def _pick(ui: UI, game: str) -> Handler:
    async def go(e: Any) -> None:
        _supersede(ui)
        ui.local.rules.game, ui.local.rules.stack = game, []
        await ui.refresh()
    return go


def _clear(ui: UI) -> Handler:
    async def go(e: Any) -> None:
        _supersede(ui)
        ui.local.rules.query = ""
        ui.local.rules.cleared += 1  # the field is built again, empty
        ui.local.rules.stack = []
        await ui.refresh()
    return go
