"""The tablet's start screen: saved tables to resume or delete, and a form for a new one."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

import flet as ft

from companion.core.hub import Hub
from companion.core.index import TableSummary
from companion.core.table_file import Damaged
from companion.games.registry import GAMES
from companion.i18n import t
from companion.i18n import numbers
from companion.i18n.dates import when
from companion.ui.context import UI
from companion.ui.games import game_uis
from companion.ui.kept import forget, kept
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.local_text import local_text
from companion.ui.widgets.controls import button, card, heading, icon_button, tagged
from companion.ui.widgets.seat_label import said
from companion.ui.widgets.plays_card import finished_plays, latest_plays


def game_title(game_id: str, lang: str) -> str:
    """The game's name in `lang`, or its plugin title where no translation exists."""
    key = f"{game_id}.title"
    text = t(key, lang)
    return GAMES[game_id].title if text == key and game_id in GAMES else text


PAGE_SIZE = 8  # saved tables a tablet shows at once; more bring paging and search
SEARCH = "start.search"  # ui.local.inputs: the typed search


@dataclass
class SavedTables:
    """What the start screen shows of the saved tables: one page, from the index."""

    rows: list[TableSummary]
    matching: int  # tables that match the search
    saved: int  # every saved table that opens: paging and search appear past one screenful
    damaged: dict[str, Damaged]
    first: int  # index of rows[0] among the matching tables


def saved_tables(hub: Hub, search: str = "", page: int = 0) -> SavedTables:
    """The start screen's only way to the saved tables: the index, never the table files."""
    search = search.strip()
    rows, matching = hub.saved(search, page * PAGE_SIZE, PAGE_SIZE)
    if not rows and page > 0 and matching:  # the page emptied under us (tables deleted): the last one
        page = (matching - 1) // PAGE_SIZE
        rows, matching = hub.saved(search, page * PAGE_SIZE, PAGE_SIZE)
    saved = matching if not search else hub.saved("", 0, 0)[1]
    return SavedTables(rows, matching, saved, hub.damaged(), page * PAGE_SIZE)


def start_screen(ui: UI) -> ft.Control:
    """Built of live parts like a table's screen, from reads kept off the event loop (ui/kept.py):
    the saved tables' page from the index and the latest finished plays. A render reads neither
    the index nor the plays; until the first read is in, the card says it is reading."""
    search, page = ui.local.inputs.get(SEARCH, "").strip(), ui.local.start_page
    server = ui.server  # the hub is reached in the worker thread only
    found = kept(ui, "saved", (search, page), lambda: saved_tables(server.hub, search, page))
    plays = kept(ui, "plays", (), lambda: latest_plays(server.hub.plays))
    if found is not None and found.value is not None and found.query == (search, page):
        ui.local.start_page = found.value.first // PAGE_SIZE  # the page emptied under us: the last one
    saved = show(ui, Saved(found.value if found else None, found is not None and found.slow))
    played = show(ui, Plays(plays.value if plays else None))
    form = show(ui, NewTable(_choice(ui), _form_inputs(ui)))
    return group(ui, "start", ft.Column, [saved, played, form], spacing=16, scroll=ft.ScrollMode.AUTO, expand=True,
                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@inputs
class Saved(Inputs):
    """The saved tables' card: the page found (None: not read yet), or `slow` when the read ran too long."""

    part = "start-saved"
    found: SavedTables | None
    slow: bool

    def build(self, ui: UI) -> ft.Control:
        return _saved(ui, self.found, self.slow)


@inputs
class Plays(Inputs):
    """The latest finished plays (None: not read yet)."""

    part = "start-plays"
    plays: tuple[dict, ...] | None

    def build(self, ui: UI) -> ft.Control:
        return finished_plays(ui, self.plays)


@inputs
class NewTable(Inputs):
    """The new-table form for the game `choice`, and what this device entered in it (`entered`)."""

    part = "start-new"
    choice: str
    entered: tuple

    def build(self, ui: UI) -> ft.Control:
        return _new_table(ui, self.choice, self.entered)


def _saved(ui: UI, found: SavedTables | None, slow: bool) -> ft.Control:
    if found is None:
        said = ui.t("limits.too_slow" if slow else "ui.loading")
        return card(heading(ui.t("ui.tables")), tagged(ft.Text(said, size=16, italic=True), "tables-loading", said),
                    ident="saved-tables")
    rows: list[ft.Control] = []
    if found.saved > PAGE_SIZE:
        rows.append(_search_bar(ui, found))
    for s in found.rows:
        rows.append(_saved_row(ui, s))
    if found.saved > PAGE_SIZE and not found.rows:
        rows.append(tagged(ft.Text(ui.t("ui.no_match"), size=16), "no-match"))
    rows += [_damaged_row(ui, table_id, err) for table_id, err in sorted(found.damaged.items())]
    if not rows:
        rows.append(ft.Text(ui.t("ui.no_tables"), size=16))
    return card(heading(ui.t("ui.tables")), *rows, ident="saved-tables")


def _saved_row(ui: UI, s: TableSummary) -> ft.Control:
    title = game_title(s.game, ui.lang)
    done = s.finished
    players = ", ".join(said(s.game, name, ui.lang) for name in s.players)  # "Atena" on a Portuguese tablet
    heading_line = ft.Text(f"{title} · {players}", size=18, weight=ft.FontWeight.W_600)
    info = ft.Column([
        ft.Row([_finished_mark(ui), heading_line], spacing=8, wrap=True) if done else heading_line,
        ft.Text(f"{ui.t('ui.updated', when=when(s.updated, ui.lang))} · "
                f"{numbers.count('ui.count_changes', s.events, ui.lang)}", size=13),
    ], spacing=2, expand=not ui.is_phone)
    actions = [
        button(ui.t("ui.open_finished" if done else "ui.resume"), _resume(ui, s.id), f"resume-{s.id}",
               icon=ft.Icons.EMOJI_EVENTS if done else ft.Icons.PLAY_ARROW, filled=not done),
        button(ui.t("ui.delete"), _confirm_delete(ui, s), f"delete-{s.id}", icon=ft.Icons.DELETE,
               filled=False, said=ui.t("ui.delete_table", game=title, players=players)),
    ]
    layout = ft.Column([info, ft.Row(actions, wrap=True)]) if ui.is_phone else ft.Row([info, *actions])
    return tagged(ft.Container(layout, padding=ft.Padding.symmetric(vertical=6)), f"table-{s.id}")


def _finished_mark(ui: UI) -> ft.Control:
    said = ui.t("ui.finished")
    return tagged(ft.Container(ft.Text(said, size=14, weight=ft.FontWeight.W_600), border_radius=10,
                               padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                               bgcolor=ft.Colors.TERTIARY_CONTAINER), "finished-mark", said)


async def _search(ui: UI) -> None:
    ui.local.start_page = 0
    await ui.refresh()


def _search_bar(ui: UI, found: SavedTables) -> ft.Control:
    """Past one screenful: a search by player or game, and pages of PAGE_SIZE, newest first.
    The field keeps its text on the device (widgets/local_text.py): the list around it is drawn again
    whenever a read comes in, which must not put older text back over what is being typed."""
    async def search(e) -> None:
        await _search(ui)

    def turn(step: int):
        async def go(e) -> None:
            ui.local.start_page += step
            await ui.refresh()
        return go

    # The Semantics wrapper, not the field, takes the row's room: a field of unbounded width in a
    # row is not drawn at all.
    field = ft.Container(local_text(ui, SEARCH, "search-tables", ui.t("ui.search_tables"), _search, text_size=18,
                                    max_length=60, border=ft.OutlineInputBorder(), counter=""), expand=True)
    last = found.first + len(found.rows)
    shown = ui.t("ui.tables_shown", first=found.first + 1 if found.rows else 0, last=last, total=found.matching)
    return ft.Column([
        ft.Row([field, icon_button(ft.Icons.SEARCH, ui.t("ui.search"), search, "search-go")]),
        ft.Row([icon_button(ft.Icons.CHEVRON_LEFT, ui.t("ui.previous"), turn(-1), "tables-previous",
                            disabled=found.first == 0),
                tagged(ft.Text(shown, size=16), "tables-shown", shown),
                icon_button(ft.Icons.CHEVRON_RIGHT, ui.t("ui.next_page"), turn(1), "tables-next",
                            disabled=last >= found.matching)],
               alignment=ft.MainAxisAlignment.CENTER),
    ], spacing=4)


def _damaged_row(ui: UI, table_id: str, err: Damaged) -> ft.Control:
    """A file that cannot be opened is shown, not hidden, with what is wrong and a way out of the list."""
    async def move(e) -> None:
        await asyncio.to_thread(ui.server.hub.delete, table_id)
        forget(ui, "saved")
        await ui.refresh()

    info = ft.Text(ui.t("ui.damaged_file", id=table_id, problem=err.describe(ui.lang)), size=16,
                   expand=not ui.is_phone)
    action = button(ui.t("ui.move_to_deleted"), move, f"move-damaged-{table_id}", icon=ft.Icons.DELETE, filled=False)
    layout = ft.Column([info, action]) if ui.is_phone else ft.Row([info, action])
    return tagged(ft.Container(layout, padding=ft.Padding.symmetric(vertical=6)), f"damaged-{table_id}")


def _resume(ui: UI, table_id: str):
    async def go(e) -> None:
        await ui.page.push_route(f"/t/{table_id}")  # this tablet holds the admin key: no key in the address
    return go


def _confirm_delete(ui: UI, summary):
    async def ask(e) -> None:
        async def yes(e) -> None:
            ui.page.pop_dialog()
            await asyncio.to_thread(ui.server.hub.delete, summary.id)
            forget(ui, "saved")
            forget(ui, "plays")
            await ui.refresh()

        ui.page.show_dialog(ft.AlertDialog(
            title=ft.Text(ui.t("ui.delete_title")),
            content=ft.Text(ui.t("ui.delete_body", game=summary.title, players=", ".join(summary.players))),
            actions=[
                button(ui.t("ui.cancel"), _close(ui), "delete-cancel", filled=False),
                button(ui.t("ui.delete"), yes, "delete-confirm", icon=ft.Icons.DELETE,
                       tone=ft.Colors.ERROR),
            ],
        ))
    return ask


def _close(ui: UI):
    async def close(e) -> None:
        ui.page.pop_dialog()
    return close


def _choice(ui: UI) -> str:
    playable = [g for g in GAMES if g in game_uis()]
    choice = ui.local.new_game
    if choice not in playable:
        choice = ui.local.new_game = playable[0]
    return choice


def _form_inputs(ui: UI) -> tuple:
    """What the new-table form shows of this device's choices (names typed, gods picked), as
    text: the form's part is rebuilt when one changes, and a list changed in place still counts."""
    return tuple(sorted((k, repr(v)) for k, v in ui.local.inputs.items() if not k.startswith("start.")))


def _new_table(ui: UI, choice: str, inputs: tuple) -> ft.Control:
    uis = game_uis()

    def pick(game_id: str):
        async def handler(e) -> None:
            ui.local.new_game = game_id
            await ui.refresh()
        return handler

    chips: list[ft.Control] = []
    for game_id, game in GAMES.items():
        if game_id in uis:
            chips.append(tagged(ft.Chip(ft.Text(game_title(game_id, ui.lang), size=16),
                                        selected=game_id == choice, on_click=pick(game_id), height=48),
                                f"game-{game_id}", game_title(game_id, ui.lang)))
    form, read = uis[choice].setup_form(ui)

    async def create(e) -> None:
        live = await ui.ask(ui.server.tables.create, choice, read())
        if live is None:
            return
        ui.local.clear()
        await ui.page.push_route(f"/t/{live.table.id}")  # this tablet holds the admin key: no key in the address

    return card(heading(ui.t("ui.new_table")), ft.Text(ui.t("ui.pick_game"), size=16),
                ft.Row(chips, wrap=True, spacing=8, run_spacing=8), *form,
                button(ui.t("ui.create"), create, "create-table", icon=ft.Icons.ADD), ident="new-table")
