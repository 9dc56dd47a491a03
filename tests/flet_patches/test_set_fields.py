"""Mounting and unmounting walk only the fields set on a control, and find the same children
as Flet's walk over every declared field (companion/flet_patches/set_fields.py)."""
from __future__ import annotations

import dataclasses

import flet as ft
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder

from companion.flet_patches import set_fields

ORIGINAL_CONFIGURE = DiffBuilder.__dict__["_configure_dataclass"]
ORIGINAL_REMOVED = DiffBuilder.__dict__["_removed_controls"]
set_fields.apply()


def screen() -> ft.Control:
    """A bit of everything our screens hold: cards, rows, buttons with styles, an app bar."""
    text = ft.Text("Ares", size=20, style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH))
    button = ft.OutlinedButton(content=ft.Row([ft.Icon(ft.Icons.UNDO), ft.Container(ft.Text("Undo"), expand=True)]),
                               style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4)))
    tile = ft.Container(ft.Column([text, ft.Semantics(content=button, identifier="undo")], tight=True),
                        border=ft.Border.all(2, ft.Colors.RED), padding=12, animate=ft.Animation(400))
    bar = ft.AppBar(title=ft.Text("Kleos"), actions=[ft.IconButton(ft.Icons.MENU_BOOK)])
    return ft.Column([bar, ft.Card(tile), ft.Row([ft.Switch(label="Awake", value=True)], wrap=True)])


def walk(method, tree: ft.Control) -> list[str]:
    builder = DiffBuilder(None, tree, control_cls=BaseControl)
    found = list(method(builder, tree, None, True))
    parents = [getattr(c, "_parent", None) for c in found]
    return [f"{type(c).__name__}:{type(p()).__name__ if p else None}" for c, p in zip(found, parents)]


def test_mounting_finds_the_same_controls_with_the_same_parents():
    ours = walk(DiffBuilder._configure_dataclass, screen())
    flets = walk(ORIGINAL_CONFIGURE, screen())
    assert ours == flets and len(ours) > 12


def test_unmounting_finds_the_same_controls():
    def removed(method) -> list[str]:
        tree = screen()
        return [type(c).__name__ for c in method(DiffBuilder(tree, None, control_cls=BaseControl), tree, True)]
    assert removed(DiffBuilder._removed_controls) == removed(ORIGINAL_REMOVED)


def _exported() -> list[type]:
    return [cls for name in dir(ft) if isinstance(cls := getattr(ft, name), type) and dataclasses.is_dataclass(cls)]


@pytest.mark.parametrize("cls", _exported(), ids=lambda cls: cls.__name__)
def test_no_default_holds_a_child(cls):
    """What makes walking `_values` enough: a field left at its default holds no control,
    list or value object, so it has nothing to mount."""
    for name, default in (getattr(cls, "_prop_defaults", None) or {}).items():
        assert not (dataclasses.is_dataclass(default) or isinstance(default, (list, dict))), name


def test_a_class_with_an_untracked_field_keeps_flets_walk():
    @dataclasses.dataclass
    class Plain:
        child: object = None

    assert set_fields.walked_fields(Plain) is None
    assert set(set_fields.walked_fields(ft.Container)) == {"_internals", "_i", "_c"}
    assert "controls" in set_fields.walked_fields(ft.Column)
