"""A phone in one hand (issue 42): one scroll per screen and every word whole.

Flutter draws on a canvas, so a cut word cannot be read back from the page: what cuts a Text is
known from how it is built (an ellipsis or a fade, a line that may not wrap, a line count), and
each device's screen, as mounted, must hold no such Text. The same walk finds a scrollable inside
another: a card that scrolls inside the scrolling page traps the thumb between two scrolls. Every
game, on the tablet (1280x800), each seat's phone (390x844) and a spectator, in both languages,
with the panels a phone opens (Kleos' odds and dice, Cyclades' odds) opened too.
"""
from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import flet as ft
import pytest

from companion.games.registry import GAMES
from live_device import every_device, kleos_at_play, walk
from test_live_equals_fresh import OPTIONS

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"
CUTTING = {ft.TextOverflow.ELLIPSIS, ft.TextOverflow.FADE}
# A device's own choices that open the panels with the most inputs and results.
OPENED = {"kleos": [{"kleos.section": "odds"}, {"kleos.section": "dice"}, {"kleos.section": "dusk"}],
          "cyclades": [{"cyclades.odds.open": True}]}


def cut(control: object) -> bool:
    """A Text built so that Flutter may end it mid-word: an ellipsis or a fade, a line that may
    not wrap, or a bound on its lines."""
    return isinstance(control, ft.Text) and (control.overflow in CUTTING or control.no_wrap
                                             or control.max_lines is not None)


def scrolls(control: object) -> bool:
    return isinstance(control, (ft.ListView, ft.GridView)) or \
        (isinstance(control, (ft.Column, ft.Row)) and control.scroll is not None)


def nested_scrolls(root: object) -> list[str]:
    """Every scrollable inside another scrollable, by its key (or its class)."""
    found: list[str] = []

    def down(control: object, inside: bool) -> None:
        here = scrolls(control)
        if here and inside:
            found.append(f"{type(control).__name__} {control.key or ''}")
        from live_device import children
        for child in children(control):
            down(child, inside or here)
    down(root, False)
    return found


def screens(device) -> object:
    return device.page.views[-1]


def cut_texts(device) -> list[str]:
    shown = [c for c in walk(screens(device)) if cut(c)]
    bar = device.page.appbar
    if bar is not None and bar.title is not None:  # an app bar ends its title in "…" unless told otherwise
        shown += [c for c in walk(bar.title) if isinstance(c, ft.Text) and c.overflow != ft.TextOverflow.VISIBLE]
    return [str(c.value)[:40] for c in shown]


async def _look(server, game_id: str) -> tuple[list[str], list[str]]:
    live = kleos_at_play(server, OPTIONS["kleos"]["players"]) if game_id == "kleos" \
        else server.hub.create(game_id, OPTIONS[game_id])
    cuts, nested = [], []
    for name, device in await every_device(server, live):
        for opened in [{}, *OPENED.get(game_id, [])]:
            if opened:
                device.app.ui.local.inputs.update(opened)
                await device.run(device.app.render)
                await device.settle()
            where = f"{game_id}, {name} {opened or ''}"
            cuts += [f"{where}: {text!r}" for text in cut_texts(device)]
            nested += [f"{where}: {what}" for what in nested_scrolls(screens(device))]
    return cuts, nested


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_text_is_cut_and_nothing_scrolls_inside_the_page(server, game_id):
    cuts, nested = asyncio.run(_look(server, game_id))
    print(f"{game_id}: {len(cuts)} cut texts, {len(nested)} nested scrollables")
    assert not cuts, "\n".join(cuts)
    assert not nested, "\n".join(nested)


def test_no_code_in_the_ui_builds_a_text_that_ends_mid_word():
    """The screens walked above are a few states of each game; the code holds every other."""
    found = []
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("ELLIPSIS", "FADE") and \
                    getattr(node.value, "attr", "") == "TextOverflow":
                found.append(f"{path.name}:{node.lineno} TextOverflow.{node.attr}")
            if isinstance(node, ast.keyword) and node.arg in ("no_wrap", "max_lines") and \
                    not (isinstance(node.value, ast.Constant) and node.value.value in (False, None)):
                found.append(f"{path.name}:{node.value.lineno} {node.arg}")
    assert not found, found


# The screens' own scrolls: the table (a phone's one column, the tablet's two), the start screen,
# Stats, the rules panel and a tablet player's private screen (drawn instead of the table), each a
# whole screen. Anything else that scrolls would scroll inside one.
SCREEN_SCROLLS = {"table.py", "start.py", "stats.py", "rules_panel.py", "private.py"}


def test_only_whole_screens_scroll():
    """The walk above sees a few states of each game; a card of another state (a summary, a turn's
    purchases) must not bring a scroll of its own into the page either."""
    found = []
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            scrolling = isinstance(node, ast.keyword) and node.arg == "scroll" or \
                isinstance(node, ast.Attribute) and node.attr in ("ListView", "GridView")
            if scrolling and path.name not in SCREEN_SCROLLS:
                found.append(f"{path.name}:{node.value.lineno if isinstance(node, ast.keyword) else node.lineno}")
    assert not found, found
