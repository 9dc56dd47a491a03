"""Which language a device starts in: its browser's, until its user picks one."""
from __future__ import annotations

import asyncio
import logging
from typing import Iterable

import flet as ft

from companion.i18n import DEFAULT_LANG, LANGS, REGIONS

log = logging.getLogger(__name__)


def lang_of(language_codes: Iterable[str]) -> str:
    """The first of the browser's languages that we speak (`pt-BR` → `pt`), else English."""
    for code in language_codes:
        base = (code or "").replace("_", "-").split("-")[0].lower()
        if base in LANGS:
            return base
    return DEFAULT_LANG


async def browser_lang(page: ft.Page, timeout: float = 3.0) -> str:
    """Ask the browser for its languages; a slow or silent client starts in English."""
    try:
        info = await asyncio.wait_for(page.get_device_info(), timeout)
    except Exception as err:  # noqa: BLE001 - any client failure means: no preference known
        log.info("browser languages not available: %s", err)
        return DEFAULT_LANG
    locales = getattr(info, "locales", None) or []
    return lang_of(loc.language_code for loc in locales)


def flutter_locale(lang: str) -> ft.LocaleConfiguration:
    """The page's locale in `lang`: Flutter's own words (a text field's "characters remaining")
    follow it, and so does the language the page declares to a screen reader."""
    return ft.LocaleConfiguration(supported_locales=[ft.Locale(code, REGIONS[code]) for code in LANGS],
                                  current_locale=ft.Locale(lang, REGIONS[lang]))
