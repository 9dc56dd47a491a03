"""A refusal's toast is readable: its text and close icon use the colour paired with its background."""
from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.core.model import RuleError
from companion.core.steps import Stale

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


@pytest.mark.parametrize("lang, news, error", [("en", "Already moved on: Athena's turn.", "Not done: "),
                                               ("pt", "Já avançou: Athena's turn.", "Não feito: ")])
def test_a_stale_step_reads_as_news_and_a_rule_refusal_stays_an_error(lang, news, error):
    """A refusal that kept the table from taking a second step is information (neutral bar, no
    "Not done"); a real refusal keeps the error colours and its "Not done"."""
    shown = []
    ui = UI(page=SimpleNamespace(show_dialog=shown.append), server=SimpleNamespace())
    ui.lang = lang
    ui.refused(Stale("steps.moved_on", step=3, now={"en": "Athena's turn", "pt": "Athena's turn"}))
    ui.refused(RuleError("drafts.full", max=10))
    stale, other = shown
    assert stale.content.label.startswith(news) and stale.bgcolor is None and stale.content.content.color is None
    assert other.content.label.startswith(error) and other.bgcolor == ft.Colors.ERROR_CONTAINER
