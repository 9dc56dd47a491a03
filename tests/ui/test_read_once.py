"""A number is read once. Flutter merges a Semantics' label with the words of the Text inside it into
one node, so a tagged number with a label of its own read "Theater 3 3" (Chromium's accessibility
tree, and so a screen reader). A number's words live on its Text (`semantics_label`), and the
Semantics around it carries its test id alone: the one node reads "Theater 3"."""
from __future__ import annotations

import flet as ft

from companion.ui.widgets.controls import stepper, tagged
from live_device import find, spoken


async def _nothing(value: int) -> None:
    return None


def test_a_steppers_value_carries_its_words_on_the_text():
    tag = find(stepper("Theater", 3, _nothing, "dusk-theater"), "dusk-theater-value")
    assert tag.label is None
    assert isinstance(tag.content, ft.Text) and (tag.content.value, tag.content.semantics_label) == ("3", "Theater 3")
    assert spoken(tag) == "Theater 3"


def test_any_tagged_text_carries_its_words_on_the_text_and_an_empty_one_none():
    said = tagged(ft.Text("16:42  Tablet  ", spans=[ft.TextSpan("Ares +1 Glory (kill)")]), "history-7", "Ares +1 Glory (kill)")
    assert said.label is None and said.content.semantics_label == "Ares +1 Glory (kill)"
    assert spoken(said) == "Ares +1 Glory (kill)"
    box = tagged(ft.Row([ft.Text("Day 1"), ft.Text("Play")]), "facts", "Day 1 · Play")
    assert box.label == "Day 1 · Play"  # not a Text: the Semantics says it
    empty = tagged(ft.Text(""), "news", "")
    assert empty.label is None and empty.content.semantics_label is None and empty.key == "news~empty"


def test_a_buttons_name_is_on_the_button_and_no_tooltip_says_it_again():
    """Issue 45: a label on the wrapper left the button itself nameless ("Rules Rules", then an unnamed
    button, in Chromium's accessibility tree). A tooltip kept out of the semantics instead took the
    keyboard from the rules search as it came and went: a named button has none."""
    icon = tagged(ft.IconButton(ft.Icons.MENU_BOOK, tooltip="Rules"), "rules-open", "Rules")
    assert icon.label is None and icon.content.icon.semantics_label == "Rules"
    assert icon.content.tooltip is None and spoken(icon) == "Rules"
    words = tagged(ft.OutlinedButton("Kill +1", tooltip="why"), "quick", "Ares: Kill, +1 Glory")
    assert (words.content.content.value, spoken(words)) == ("Kill +1", "Ares: Kill, +1 Glory")
    assert words.content.tooltip is None


def test_a_labelled_part_with_nothing_to_operate_is_read_as_its_label_alone():
    code = tagged(ft.Column([ft.Image(src="<svg/>"), ft.Text("Bia")]), "join-bia", "Invitation for Bia")
    assert code.exclude_semantics and code.label == "Invitation for Bia"
    card = tagged(ft.Column([ft.Text("Bia"), tagged(ft.OutlinedButton("Move"), "move-bia", "Move Bia")]), "joined", "x")
    assert not card.exclude_semantics  # its button stays reachable


def test_a_dropdown_reads_its_label_and_value():
    said = tagged(ft.Dropdown(options=[ft.DropdownOption(key="ana", text="Ana")], value="ana", label="Players"), "d")
    assert said.label == "Players: Ana"
