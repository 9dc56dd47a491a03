"""Which screen a device shows: one table of screens, read for routing, drawing and keying.

A new screen is one row here: the address that opens it (if any), when a session is on it,
the key its controls are reconciled under, and how it is described. `Session.open`,
`Session._describe` and `Session._screen_key` all read this table, so they cannot disagree.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

import flet as ft

from companion.ui.context import UI
from companion.ui.devices import CROWDED, CROWDED_ADDRESS, REPLACED
from companion.ui.start import start_screen
from companion.ui.stats import stats_screen
from companion.ui.table import table_screen
from companion.ui.widgets.controls import button, tagged
from companion.ui.widgets.rules_panel import rules_panel

if TYPE_CHECKING:  # app.py imports this module
    from companion.ui.app import Session


@dataclass(frozen=True)
class Screen:
    """One screen. `route` is its address as path segments ("{name}" takes any one segment),
    or None for a screen no address names (the rules panel is opened by a button)."""

    name: str
    route: tuple[str, ...] | None
    shows: Callable[[Session], bool]  # whether the session is on this screen now (first match wins)
    key: Callable[[Session], str]  # same key, same screen: its controls are reconciled and keep their ids
    describe: Callable[[Session], ft.Control]


@dataclass(frozen=True)
class Route:
    """What an address names: the screen it opens (None: the home screen) and its parameters."""

    screen: Screen | None
    params: Mapping[str, str]


def _table_key(session: Session) -> str:
    ui = session.ui
    private = f"-private-{ui.private.seat}" if ui.private else ""  # nothing of it is reused
    return f"table-{ui.live.table.id}-{ui.access.role}-{ui.access.seat}{private}"


def _no_access(session: Session) -> ft.Control:
    notice = session.notice
    return no_access(session.ui, notice, session._take_back if notice in AGAIN else None)


# A screen that stopped or was refused for one of these reasons offers to try again (its button's words).
AGAIN = {REPLACED: "limits.follow_here", CROWDED: "limits.follow_here", CROWDED_ADDRESS: "limits.try_again"}


def no_access(ui: UI, notice: str | None = None, take_back: Callable | None = None) -> ft.Control:
    """Nothing of any table; says why when the file is damaged, or (`notice`, a string key)
    when the link was a seat's that is spent or moved, or this screen stopped following it
    (`take_back` then follows it here again)."""
    problem = ui.local.damaged
    if problem:
        return tagged(ft.Column([
            ft.Icon(ft.Icons.BROKEN_IMAGE, size=96),
            ft.Text(problem.text(ui.lang), size=20, text_align=ft.TextAlign.CENTER),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=16), "damaged-table")
    body = ui.t(notice) if notice else ui.t("ui.no_access_body")
    return tagged(ft.Column([
        ft.Icon(ft.Icons.QR_CODE_SCANNER, size=96),
        ft.Text(ui.t("ui.no_access_title"), size=26, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        tagged(ft.Text(body, size=18, text_align=ft.TextAlign.CENTER), "no-access-reason", body),
        *([button(ui.t(AGAIN[notice]), take_back, "follow-here", icon=ft.Icons.SYNC)] if take_back else []),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=16), "no-access")


RULES = Screen("rules", None, lambda s: s.rules_open, lambda s: "rules", lambda s: rules_panel(s.ui, s.appbar.toggle_rules))
TABLE = Screen("table", ("t", "{table}"), lambda s: bool(s.ui.live and s.ui.access), _table_key,
               lambda s: table_screen(s.ui))
STATS = Screen("stats", ("stats",), lambda s: s.admin and s.routed is STATS, lambda s: "stats",
               lambda s: stats_screen(s.ui))
START = Screen("start", None, lambda s: s.admin, lambda s: "start", lambda s: start_screen(s.ui))
NO_ACCESS = Screen("no-access", None, lambda s: True, lambda s: "no-access", _no_access)
SCREENS: tuple[Screen, ...] = (RULES, TABLE, STATS, START, NO_ACCESS)  # in the order they are tried


def screen_at(path: str) -> Route:
    """The screen `path` opens (empty segments ignored, as `/t//x/` is `/t/x`), with its parameters."""
    segments = [p for p in path.split("/") if p]
    for screen in SCREENS:
        if screen.route is None or len(screen.route) != len(segments):
            continue
        params = {}
        for want, got in zip(screen.route, segments):
            if want.startswith("{") and want.endswith("}"):
                params[want[1:-1]] = got
            elif want != got:
                break
        else:
            return Route(screen, params)
    return Route(None, {})


def current(session: Session) -> Screen:
    """The screen this session is on now."""
    return next(screen for screen in SCREENS if screen.shows(session))
