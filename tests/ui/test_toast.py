"""A refusal's toast is readable: its text and close icon use the colour paired with its background."""
from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.ui.context import UI


def _shown(error: bool) -> ft.SnackBar:
    shown = []
    ui = UI(page=SimpleNamespace(show_dialog=shown.append), server=SimpleNamespace())
    ui.toast("Not done: that costs 3 gold", error=error)
    return shown[0]


def test_a_refusal_uses_the_error_container_pair():
    bar = _shown(error=True)
    text = bar.content.content
    assert bar.bgcolor == ft.Colors.ERROR_CONTAINER
    assert text.color == ft.Colors.ON_ERROR_CONTAINER and bar.close_icon_color == ft.Colors.ON_ERROR_CONTAINER
    assert bar.content.identifier == "toast" and bar.content.label == "Not done: that costs 3 gold"


def test_plain_news_keeps_the_snack_bars_own_pair():
    bar = _shown(error=False)
    assert bar.bgcolor is None and bar.content.content.color is None and bar.close_icon_color is None
