"""Flet walks every declared field of each control it mounts or unmounts; walk the set ones.

Flet 1.0.5's diff visits all dataclass fields of every control and value object it mounts
(`DiffBuilder._configure_dataclass`) or unmounts (`_removed_controls`): 40 to 60 per control,
nearly all at their defaults. Controls and value objects keep the properties that differ
from the default in `_values` (Flet's own frozen diff reads only those) and their children in
a few structural fields; no default is a control, a list or a value object
(tests/flet_patches/test_set_fields.py checks both for every class Flet exports). So walking
`_values` and the structural fields visits the same children.

Measured in-process (10 devices on a Kleos table, a Glory change): this walk was 40% of the
time spent patching a change into a device, about half a millisecond per device. Classes
with a declared field that is neither kept in `_values` nor structural keep Flet's walk.
Drop this when Flet walks only set fields itself.
"""
from __future__ import annotations

import dataclasses
import weakref
from typing import Any, Iterator

from flet.controls import object_patch
from flet.controls.object_patch import DiffBuilder, _control_setattr
from flet.controls.value_types import Prop, _get_raw_descriptor

_walkable: dict[type, tuple[str, ...] | None] = {}


def walked_fields(cls: type) -> tuple[str, ...] | None:
    """The structural fields of `cls` when every other declared field is kept in `_values`;
    None when some field is not (walk all fields then, as Flet does)."""
    if cls not in _walkable:
        structural = getattr(cls, "_structural_fields", None)
        fields = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("skip", False)]
        complete = structural is not None and all(
            name in structural or isinstance(_get_raw_descriptor(cls, name), Prop) for name in fields)
        _walkable[cls] = tuple(name for name in fields if name in structural) if complete else None
    return _walkable[cls]


def _children(item: Any) -> Iterator[Any]:
    """The values of `item`'s fields that can hold controls or value objects."""
    structural = walked_fields(type(item)) if hasattr(item, "_values") else None
    if structural is None:
        for field in dataclasses.fields(item):
            if not field.metadata.get("skip", False):
                yield getattr(item, field.name)
        return
    yield from item._values.values()
    for name in structural:
        yield getattr(item, name)


def _configure_dataclass(self: DiffBuilder, item: Any, parent: Any, frozen: bool,
                         configure_setattr_only: bool = False) -> Iterator[Any]:
    """Flet 1.0.5's `_configure_dataclass`, with `_children` for its field walk."""
    if dataclasses.is_dataclass(item):
        if parent is None:
            parent_ref = getattr(item, "_parent", None)
            parent = parent_ref() if parent_ref else None
        if parent:
            if parent is item:
                raise object_patch.ObjectPatchException(f"Parent is the same as item: {item}")
            item._parent = weakref.ref(parent)
        if hasattr(item, "_frozen"):
            frozen = item._frozen
        elif frozen:
            item._frozen = frozen
        item_cls = item.__class__
        if getattr(item_cls, "__flet_control_cls__", None) is None:
            item_cls.__flet_control_cls__ = self.control_cls
        is_control = bool(self.control_cls) and isinstance(item, self.control_cls)
        if is_control:
            if not configure_setattr_only:
                item.build()
                item._before_update_safe()
                object.__setattr__(item, "_initialized", True)
            yield item
        if not configure_setattr_only:
            child_parent = item if is_control else parent
            for value in _children(item):
                yield from self._configure_dataclass(value, child_parent, frozen)
        if not frozen:
            dst_dirty = getattr(item, "_dirty", None)
            if dst_dirty is not None:
                dst_dirty.clear()
            else:
                item_cls = type(item)
                if item_cls.__setattr__ is not _control_setattr:
                    item_cls.__setattr__ = _control_setattr
                object.__setattr__(item, "__changes", {})
    elif isinstance(item, dict):
        for v in item.values():
            yield from self._configure_dataclass(v, parent, frozen)
    elif isinstance(item, list):
        for v in item:
            yield from self._configure_dataclass(v, parent, frozen)


def _removed_controls(self: DiffBuilder, item: Any, recurse: bool) -> Iterator[Any]:
    """Flet 1.0.5's `_removed_controls`, with `_children` for its field walk."""
    if self.control_cls and isinstance(item, self.control_cls):
        if hasattr(item, "__prev_lists"):
            for item_list in getattr(item, "__prev_lists", {}).values():
                yield from self._removed_controls(item_list, recurse)
            for item_dict in getattr(item, "__prev_dicts", {}).values():
                yield from self._removed_controls(item_dict, recurse)
            for item_class in getattr(item, "__prev_classes", {}).values():
                yield from self._removed_controls(item_class, recurse)
        elif recurse:
            for value in _children(item):
                yield from self._removed_controls(value, recurse)
        yield item
    elif isinstance(item, dict):
        for v in item.values():
            yield from self._removed_controls(v, recurse)
    elif isinstance(item, list):
        for v in item:
            yield from self._removed_controls(v, recurse)


def apply() -> None:
    DiffBuilder._configure_dataclass = _configure_dataclass
    DiffBuilder._removed_controls = _removed_controls
