"""The three things the rules panel shows below its search field: hits, one entry, a game's contents.

Each is a pure function of what it is given; the panel owns the state and
hands in `open_` (a handler factory for an entry) and the other actions.
"""
from __future__ import annotations

from typing import Any, Awaitable, Callable

import flet as ft

from companion.rules import Entry, Hit, contents, entry, highlight_spans
from companion.ui.context import UI
from companion.ui.start import game_title
from companion.ui.widgets.controls import TOUCH, button, heading, tagged
from companion.ui.widgets.rules_text import excerpt, marked, reflow

Handler = Callable[[Any], Awaitable[None]]
Opener = Callable[[str, str], Handler]
PAD = 10


def _tappable(content: ft.Control, on_click: Handler, ident: str, label: str) -> ft.Control:
    box = ft.Container(content, padding=ft.Padding.symmetric(vertical=PAD, horizontal=14), ink=True,
                       border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12, on_click=on_click)
    return tagged(box, ident, label)


def _notes(ui: UI, game: str, lang: str, show_game: bool) -> list[ft.Control]:
    """Which game a hit belongs to (when several are listed) and whether it is still untranslated."""
    words = [game_title(game, ui.lang)] if show_game else []
    if lang != ui.lang:
        words.append(ui.t("rules.untranslated"))
    return [ft.Text(" · ".join(words), size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)] if words else []


def hit_list(ui: UI, hits: list[Hit], terms: list[str], show_game: bool, open_: Opener) -> list[ft.Control]:
    rows: list[ft.Control] = []
    for hit in hits:
        lines = [marked(hit.title, terms, size=19, weight=ft.FontWeight.BOLD), marked(hit.answer, terms, size=16)]
        if not highlight_spans(hit.answer, terms):
            more = excerpt(hit.text[len(hit.answer):], terms)
            if more:
                lines.append(marked(more, terms, size=14, italic=True))
        lines += _notes(ui, hit.game, hit.lang, show_game)
        rows.append(_tappable(ft.Column(lines, spacing=4, tight=True), open_(hit.game, hit.id),
                              f"rules-hit-{hit.game}-{hit.id}", hit.title))
    return rows


def no_hits(ui: UI, query: str, filtered: bool, everywhere: Handler) -> list[ft.Control]:
    out: list[ft.Control] = [tagged(ft.Text(ui.t("rules.no_hits", query=query.strip()), size=17), "rules-no-hits")]
    if filtered:
        out.append(button(ui.t("rules.search_everywhere"), everywhere, "rules-search-all", icon=ft.Icons.TRAVEL_EXPLORE,
                          filled=False))
    return out


def entry_page(ui: UI, found: Entry, terms: list[str], open_: Opener, back: Handler) -> list[ft.Control]:
    answer = ft.Container(marked(found.answer, terms, size=20, weight=ft.FontWeight.W_500),
                          bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=14)
    parts: list[ft.Control] = [
        button(ui.t("rules.back"), back, "rules-back", icon=ft.Icons.ARROW_BACK, filled=False),
        *_notes(ui, found.game, found.lang, True),
        tagged(heading(found.title, size=26), "rules-entry-title", found.title),
        tagged(answer, "rules-entry-answer", found.answer),
        marked(reflow(found.detail), terms, size=17),
    ]
    if found.source:
        parts.append(ft.Text(ui.t("rules.source", source=found.source), size=14, italic=True))
    if found.related:
        links = []
        for rid in found.related:
            linked = entry(found.game, rid, ui.lang)
            links.append(button(linked.title, open_(found.game, rid), f"rules-related-{rid}", filled=False,
                                icon=ft.Icons.ARROW_FORWARD))
        parts += [heading(ui.t("rules.related"), size=18), ft.Row(links, wrap=True, spacing=8, run_spacing=8)]
    return [tagged(ft.Column(parts, spacing=14, tight=True), "rules-entry")]


def contents_list(ui: UI, game: str, open_: Opener) -> list[ft.Control]:
    rows: list[ft.Control] = [heading(ui.t("rules.contents", game=game_title(game, ui.lang)), size=20)]
    for e in contents(game, ui.lang):
        # With the box's padding, the row is a full touch target.
        line = ft.Row([ft.Text(e.title, size=17, expand=True), ft.Icon(ft.Icons.CHEVRON_RIGHT)],
                      height=TOUCH - 2 * PAD)
        rows.append(_tappable(line, open_(game, e.id), f"rules-toc-{game}-{e.id}", e.title))
    return rows
