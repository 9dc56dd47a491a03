"""Live screens: every change patches only the controls whose data changed.

A screen is still built by plain functions from the device's snapshot (one-way
flow), but `show()` memoises each piece on its inputs: while they equal the
ones it was last built from on this device, the very same control is returned
and nothing inside it is looked at. Each part stands on the page as a Flet
`Component` of its own (Flet's public declarative control), holding the control
the part was last built as. A part that is rebuilt hands its new control to that
component and asks it to `update()`: Flet re-renders it, diffs the old body with
the new one by structure and keys (`Session.patch_control`, as Flet's own
components do) and sends only what differs, to that spot. Its neighbours and the
containers around it are left alone. A control that matches its predecessor
keeps its id, so its widget, scroll, focus and typed text stay, and taps aimed at
it still land. A Glory change rebuilds the number that moved, not the page.
See companion/ui/LIVE.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Callable, ClassVar, TypeVar

import flet as ft

if TYPE_CHECKING:  # context.py imports this module
    from companion.ui.context import UI


@dataclass(repr=False)
class Holder:
    """What a part's component shows: the control the part was last built as."""

    control: ft.Control | None = None

    def __repr__(self) -> str:
        """Short: Flet formats every message it sends (for a debug log, even when off), and a
        component's repr holds its arguments and its body, which is this same control; a full
        repr here would double at every level of nested parts."""
        return "Holder"


def _show(holder: Holder) -> ft.Control | None:
    """The body of every part's component: Flet freezes and reconciles what this returns."""
    return holder.control


def shown(control: ft.BaseControl) -> ft.BaseControl:
    """The control a part's component shows (any other control as it is)."""
    while isinstance(control, ft.Component) and control.args and isinstance(control.args[0], Holder):
        control = control.args[0].control
    return control


class _PartView(ft.Component):
    """Flet's own component, with a short repr. Flet formats every message it sends for its
    debug log (even when that log is off), and a component's dataclass repr spells out its body
    twice (`_b` and its state's `last_b`): with parts nested in parts that doubles at every level.
    A table screen's repr ran to megabytes, formatted on the event loop for each whole-screen
    patch, which stalled every device on a busy tablet."""

    def __repr__(self) -> str:
        return f"Part({self.key!r})"


def view(holder: Holder, key: str) -> ft.Component:
    """A Flet component that shows `holder.control`; `update()` it after a new control is put in."""
    return _PartView(fn=_show, args=(holder,), key=key)


@dataclass
class _Built:
    signature: tuple  # (inputs class, look): with `args`, what the part was last built from
    view: ft.Component
    holder: Holder
    children: list[str]
    args: Inputs

    @property
    def control(self) -> ft.Control:
        """What the part was last built as (its component shows it)."""
        return self.holder.control


@dataclass
class Parts:
    """One device's memo of built parts, swept after each render so it never outgrows the screen."""

    built: dict[str, _Built] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    stack: list[list[str]] = field(default_factory=list)
    rebuilt: list[str] = field(default_factory=list)  # keys built in the last render, for tests
    # The components of parts rebuilt this render that were already shown, in build order
    # (children before the part built around them): each is updated in place, see update_in_place().
    replaced: list[ft.Component] = field(default_factory=list)
    look: tuple | None = None  # the device's language, theme and width class during a render
    # memo(): what each key's inputs described last, from which (inputs class, look), the inputs, the
    # parts it named, and the memos called inside it (all the way down)
    memos: dict[str, tuple[tuple, Any, list[str], Inputs, list[str]]] = field(default_factory=dict)
    memos_used: set[str] = field(default_factory=set)
    memo_stack: list[list[str]] = field(default_factory=list)  # the memos named by each memo being described

    def begin(self, look: tuple | None = None) -> None:
        self.used.clear()
        self.memos_used.clear()
        self.stack.clear()
        self.memo_stack.clear()
        self.rebuilt = []
        self.replaced = []
        self.look = look

    def end(self) -> None:
        self.look = None
        for key in [k for k in self.built if k not in self.used]:
            del self.built[key]
        for key in [k for k in self.memos if k not in self.memos_used]:
            del self.memos[key]

    def clear(self) -> None:
        self.built.clear()
        self.used.clear()
        self.memos.clear()
        self.replaced = []

    def _mark(self, key: str) -> None:
        """`key` and every part built inside it are on the screen still (a loop, not a recursion:
        it runs for every part that hits, on every device, on every change)."""
        used, built = self.used, self.built
        used.add(key)
        waiting = list(built[key].children)
        while waiting:
            child = waiting.pop()
            if child not in used and child in built:
                used.add(child)
                waiting.extend(built[child].children)


def _build(ui: UI, parts: Parts, key: str, signature: tuple, cached: _Built | None, given: Inputs) -> ft.Control:
    """Build the part under `key` (again) and hand it to its component: see show()."""
    parts.stack.append([])
    try:
        control = given.build(ui)
    finally:
        children = parts.stack.pop()
    if control.key is None:
        control.key = key
    if cached is not None:
        cached.holder.control = control
        parts.replaced.append(cached.view)
        shown = cached.view
    else:
        holder = Holder(control)
        shown = view(holder, key)
        cached = _Built(signature, shown, holder, children, given)
    cached.signature, cached.children, cached.args = signature, children, given
    parts.built[key] = cached
    parts.used.add(key)
    parts.rebuilt.append(key)
    return shown


class Inputs:
    """A part's inputs: one frozen dataclass (declare it with `@inputs`) whose fields are all that
    its `build` reads, and whose `key` names the part on its screen (derived from its fields).

    Two inputs are equal when they are of the same class and their fields compare as `_equal`
    says: controls by identity, the rest by value, identity first. The inputs of a `memo` are
    the same kind of class, whose `build` returns parts (a part, or a few) instead of a control. Not hashable (a control in a
    field is not), and never copied: the part keeps the inputs it was last built from."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]
    _names: ClassVar[tuple[str, ...]] = ()
    part: ClassVar[str] = ""  # the key of a part that stands once on its screen

    @property
    def key(self) -> str:
        """The part's key on its screen: `part`, unless the class words it from its fields."""
        return self.part

    def build(self, ui: UI) -> Any:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return False
        for name in self._names:
            a, b = getattr(self, name), getattr(other, name)
            if a is not b and not _equal(a, b):
                return False
        return True


_I = TypeVar("_I", bound=type)


def inputs(cls: _I) -> _I:
    """Make `cls` (an `Inputs` subclass) a frozen dataclass compared by `Inputs.__eq__`."""
    cls = dataclass(frozen=True, eq=False)(cls)
    cls._names = tuple(f.name for f in fields(cls))
    return cls


def show(ui: UI, given: Inputs) -> ft.Control:
    """The part `given.build(ui)`, under `given.key`, rebuilt only when `given` (or this device's
    language, theme or width class) differs from the inputs it was last built from on this device.
    What comes back is the part's component, the same object while the part stays on the screen."""
    parts: Parts = ui.parts
    key = given.key
    if parts.stack:
        parts.stack[-1].append(key)
    signature = (type(given), parts.look or _look(ui))
    cached = parts.built.get(key)
    if cached is not None and cached.signature == signature and cached.args == given:
        if cached.children:
            parts._mark(key)
        else:
            parts.used.add(key)
        return cached.view
    return _build(ui, parts, key, signature, cached, given)


def redraw(ui: UI, key: str, shown: Inputs, args: Inputs) -> bool:
    """Build the part under `key` again from `args` instead of `shown`, and send it where it
    stands; nothing else on the screen is described or walked. For what changes by itself
    with time (a glow, a news line going out): the part is rebuilt as the next render will
    describe it, so that render finds it built and sends nothing.

    Only while the part still shows `shown` (a change since may have rebuilt it from other
    arguments, or dropped it): then False, and nothing is done. Call it between renders, in
    the device's page context (later.fade_at does both)."""
    parts: Parts = ui.parts
    cached = parts.built.get(key)
    if cached is None or cached.args != shown:
        return False
    look = cached.signature[1]
    parts.look, parts.rebuilt = look, []
    parts.stack.append([])
    try:
        control = args.build(ui)
    finally:
        children = parts.stack.pop()
        parts.look = None
    if control.key is None:
        control.key = key
    cached.holder.control = control
    cached.children, cached.args = children, args
    parts.replaced.append(cached.view)
    parts.rebuilt.append(key)
    update_in_place(parts)
    return True


def memo(ui: UI, given: Inputs) -> Any:
    """`given.build(ui)`, which returns parts (a part, or a few), called again only when `given`
    (or the look) differs from the inputs of its last call under `given.key` on this device;
    meanwhile it returns what it returned then, and the parts it named stay on the screen.

    For a piece that works out the inputs of several parts (a scoreboard tile: its number,
    name, buttons and frame): a part that hits is cheap, but the walk to it (the inputs
    made, each part's compared) is paid on every render of every device, and most of a
    screen is unchanged by a change. Its `build` follows the rules of a part's (reads nothing
    but its inputs); unlike a part, it makes no control of its own.

    Memos may nest: one whose inputs did not change keeps the memos called inside it, so a
    piece that is described again later (its outer memo missed) still finds its inner ones."""
    parts: Parts = ui.parts
    key = given.key
    signature = (type(given), parts.look or _look(ui))
    cached = parts.memos.get(key)
    if cached is not None and cached[0] == signature and cached[3] == given \
            and all(map(parts.built.__contains__, cached[2])):
        for child in cached[2]:
            parts._mark(child)
        named, nested, result = cached[2], cached[4], cached[1]
        parts.memos_used.update(nested)
    else:
        parts.stack.append([])
        parts.memo_stack.append([])
        try:
            result = given.build(ui)
        finally:
            named = parts.stack.pop()
            nested = parts.memo_stack.pop()
        parts.memos[key] = (signature, result, named, given, nested)
    if parts.stack:
        parts.stack[-1].extend(named)
    if parts.memo_stack:
        parts.memo_stack[-1].append(key)
        parts.memo_stack[-1].extend(nested)
    parts.memos_used.add(key)
    return result


def _look(ui: UI) -> tuple:
    """What every part and memo is built for besides its arguments: the device's language, theme and
    width class, as fixed for the render under way (Parts.begin) or, outside one, as they are now."""
    return ui.parts.look or (ui.lang, ui.dark, ui.is_phone)


def _equal(a: Any, b: Any) -> bool:
    """Whether one field of two `Inputs` shows the same (`a is not b` already known). Controls
    compare by identity (Flet's own equality would walk whole trees): a part stays the same
    component while it is shown, so a part given other parts is rebuilt only when they come, go
    or move. A control is recognised directly or in a tuple or list of children, which is known
    by its first item (a control, or None); any other sequence is data, compared by value. The
    old inputs are kept with the part, so no control compared here can have gone.

    No copies, and identity first: this runs for every part and memo of every render, and most
    fields are the very objects of the last render."""
    if isinstance(a, ft.BaseControl) or isinstance(b, ft.BaseControl):
        return False
    if isinstance(a, _SEQUENCES) and (_children(a) or isinstance(b, _SEQUENCES) and _children(b)):
        if not isinstance(b, _SEQUENCES) or len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if x is not y and (isinstance(x, ft.BaseControl) or isinstance(y, ft.BaseControl) or x != y):
                return False
        return True
    return a == b


def _children(seq: tuple | list) -> bool:
    return bool(seq) and (seq[0] is None or isinstance(seq[0], ft.BaseControl))


_SEQUENCES = (tuple, list)


def group(ui: UI, key: str, kind: Callable[..., ft.Control], children: list[ft.Control],
          **props: Any) -> ft.Control:
    """`kind(children, **props)` (a Column, a Row...), reused while the same children fill it:
    a child part rebuilt in place is patched by itself, so the group is rebuilt only when
    children come, go or move."""
    return show(ui, _Group(key, kind, tuple(children), tuple(sorted(props.items()))))


@inputs
class _Group(Inputs):
    name: str
    kind: Callable[..., ft.Control]
    children: tuple
    props: tuple

    @property
    def key(self) -> str:
        return self.name

    def build(self, ui: UI) -> ft.Control:
        return self.kind(list(self.children), **dict(self.props))


def update_in_place(parts: Parts) -> None:
    """Send each part rebuilt this render where it stands: its component re-renders and Flet
    sends the difference between the control it showed and the new one.

    This is what keeps a change's cost to what it touches: the parts around a rebuilt one
    are not rebuilt and the page is not diffed down to it. Children go before the parts
    built around them, so when both were rebuilt the outer diff finds the inner component
    already showing its new control (the same component object: nothing to send for it).
    A component not on the page (its parent part was rebuilt without it) is skipped by Flet."""
    for shown in parts.replaced:
        shown.update()
    parts.replaced = []
