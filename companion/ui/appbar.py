"""The page's app bar, and the device settings a player changes (language and theme from the bar,
keep awake from the table screen), each saved on the device.

Apart from the session because the bar keeps its own memory of what it last showed: built again
only when its words or icons change, so a render that changes nothing of it sends nothing of it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ui.locale import flutter_locale
from companion.ui.screens import STATS
from companion.ui.start import game_title
from companion.ui.widgets.controls import button, icon_button, name_button, tagged

if TYPE_CHECKING:  # app.py imports this module
    from companion.ui.app import Session

PREF_LANG, PREF_DARK = "companion.lang", "companion.dark"
PREF_AWAKE = "companion.awake.{role}"


class AppBar:
    """One session's app bar. A new one is made when the screen is let go (ui/presence.py): a
    control Flet has unmounted is not mounted again."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.bar = ft.AppBar(center_title=False)
        self._look: tuple = ()  # what the app bar was last built to show
        self._home_button: ft.Semantics | None = None

    def build(self) -> tuple[ft.AppBar, bool]:
        """The page's one app bar, plain controls of our own, and whether it changed: when its words
        or icons change, the title and the home button take their new words in place, and the
        actions are built again under the same keys, so Flet patches all of them where they are and
        they keep their ids. Not parts: a part's component under the page would be walked again by
        every page update (see Session._root)."""
        session, ui, bar = self.session, self.session.ui, self.bar
        title = game_title(ui.snap["game"], ui.lang) if ui.live and ui.access else ui.t("ui.app_title")
        home = bool((ui.live or session.routed is STATS) and session.admin)
        # On a phone the full language name would squeeze the game's title out.
        language = ("PT" if ui.lang == "en" else "EN") if ui.is_phone else ui.t("ui.language")
        look = (title, home, language, ui.lang, ui.dark)
        if look == self._look:
            return bar, False
        self._look = look
        if bar.title is None:
            # VISIBLE said outright: Flutter's app bar ends its title in "…" otherwise ("Fleecing Oly…").
            # The screen's heading (level 1): every screen has one, the game's name or the app's.
            bar.title = tagged(ft.Text(title, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.VISIBLE), "title")
            bar.title.heading_level, bar.title.header = 1, True
            self._home_button = icon_button(ft.Icons.HOME, ui.t("ui.home"), self._home, "home")
        bar.title.content.value = title
        bar.title.content.size = 18 if ui.is_phone else 22  # a phone's title fits beside its three buttons
        name_button(self._home_button.content, ui.t("ui.home"))
        bar.leading = self._home_button if home else None
        bar.actions = [  # keyed: a new language or theme patches them where they are
            _keyed(icon_button(ft.Icons.MENU_BOOK, ui.t("ui.rules"), self.toggle_rules, "rules-open")),
            _keyed(button(language, self._toggle_lang, "lang", filled=False, height=48, said=ui.t("ui.language"))),
            _keyed(icon_button(ft.Icons.LIGHT_MODE if ui.dark else ft.Icons.DARK_MODE,
                               ui.t("ui.theme_light" if ui.dark else "ui.theme_dark"),
                               self._toggle_dark, "theme"))]
        return bar, True

    async def toggle_rules(self, e=None) -> None:
        self.session.rules_open = not self.session.rules_open
        await self.session.render()

    async def _toggle_lang(self, e) -> None:
        session = self.session
        session.ui.lang = "pt" if session.ui.lang == "en" else "en"
        session.page.locale_configuration = flutter_locale(session.ui.lang)
        await session.prefs.set(PREF_LANG, session.ui.lang)
        await session.render()

    async def _toggle_dark(self, e) -> None:
        session = self.session
        session.ui.dark = not session.ui.dark
        await session.prefs.set(PREF_DARK, session.ui.dark)
        await session.render()

    async def save_awake(self, value: bool) -> None:
        """The table screen's keep-awake switch (UI.set_awake), kept per role on this device."""
        session = self.session
        session.ui.awake = value
        await session.prefs.set(PREF_AWAKE.format(role=session.ui.access.role), value)
        await session.render()

    async def _home(self, e) -> None:
        await self.session.page.push_route("/")


def _keyed(control: ft.Semantics) -> ft.Semantics:
    control.key = f"appbar-{control.identifier}"
    return control
