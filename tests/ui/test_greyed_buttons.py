"""A greyed button reads (>= 3:1) and looks off (issue #42): a disabled STOP stayed bright red
with dark-red words. Greyed buttons take the highest surface and its variant ink, in both themes."""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.ui.widgets.controls import GREYED_FILL, GREYED_INK, button
from live_device import TABLET, Device

DISABLED, DEFAULT = ft.ControlState.DISABLED, ft.ControlState.DEFAULT
# Material 3 tones of the roles, light and dark (a tone is the colour's CIE L*, whatever the seed):
# surfaceContainerHighest is neutral 90 / 22, onSurfaceVariant neutral-variant 30 / 80.
TONES = {GREYED_FILL: (90, 22), GREYED_INK: (30, 80)}


def _luminance(tone: float) -> float:
    return ((tone + 16) / 116) ** 3 if tone > 8 else tone / 903.3


@pytest.mark.parametrize("theme", [0, 1], ids=["light", "dark"])
def test_greyed_words_read_at_three_to_one_or_more(theme):
    high, low = sorted((_luminance(TONES[GREYED_FILL][theme]), _luminance(TONES[GREYED_INK][theme])), reverse=True)
    assert (high + 0.05) / (low + 0.05) >= 3.0


def test_a_toned_button_drops_its_tone_when_greyed():
    stop = button("STOP", None, "stop", tone=ft.Colors.ERROR, disabled=True).content
    assert stop.style.bgcolor == {DISABLED: GREYED_FILL, DEFAULT: ft.Colors.ERROR}
    assert stop.style.color[DISABLED] == GREYED_INK and stop.style.icon_color[DISABLED] == GREYED_INK


def test_every_button_of_the_page_greys_the_same_way(server):
    async def go():
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        for theme in (tablet.page.theme, tablet.page.dark_theme):
            for kind in (theme.filled_button_theme, theme.outlined_button_theme, theme.text_button_theme):
                assert kind.style.bgcolor[DISABLED] == GREYED_FILL and kind.style.color[DISABLED] == GREYED_INK
    asyncio.run(go())
