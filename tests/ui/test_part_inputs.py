"""live.show: a part's inputs are one frozen dataclass, its key derived from them, compared by equality."""
from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import flet as ft
import pytest

from companion.ui.live import Inputs, Parts, inputs, show

built: list[Inputs] = []


@inputs
class Row(Inputs):
    seat: str
    children: tuple
    data: dict

    @property
    def key(self) -> str:
        return f"row-{self.seat}"

    def build(self, ui) -> ft.Control:
        built.append(self)
        return ft.Column([c for c in self.children if c is not None])


def device():
    return SimpleNamespace(parts=Parts(), lang="en", dark=False, is_phone=False)


def render(ui, given: Inputs) -> ft.Control:
    ui.parts.begin()
    try:
        return show(ui, given)
    finally:
        ui.parts.end()


def test_inputs_are_frozen_and_name_their_part():
    row = Row("ares", (), {})
    assert row.key == "row-ares"
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.seat = "zeus"


def test_inputs_compare_controls_by_identity_and_data_by_value():
    """Fields compare as `_equal` says: the same control (or children) is the same
    input; equal data in new objects is too; an equal but other control is not (another component)."""
    built.clear()
    ui = device()
    child = ft.Text("a")
    first = render(ui, Row("ares", (child, None), {"glory": 2}))
    assert render(ui, Row("ares", (child, None), {"glory": 2})) is first  # new inputs, equal: no rebuild
    assert len(built) == 1
    assert Row("ares", (ft.Text("a"), None), {"glory": 2}) != Row("ares", (ft.Text("a"), None), {"glory": 2})
    render(ui, Row("ares", (ft.Text("a"), None), {"glory": 2}))
    assert len(built) == 2
    render(ui, Row("ares", built[-1].children, {"glory": 3}))  # other data
    assert len(built) == 3 and ui.parts.rebuilt == ["row-ares"]


def test_the_key_comes_from_the_inputs():
    ui = device()
    ui.parts.begin()
    show(ui, Row("ares", (), {}))
    show(ui, Row("zeus", (), {}))
    ui.parts.end()
    assert sorted(ui.parts.built) == ["row-ares", "row-zeus"]
