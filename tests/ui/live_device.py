"""A real Flet `Session` and our app's `Session` driven in-process, without a browser.

The fake connection msgpack-encodes every outgoing message exactly like the
websocket transport (encoding is what mounts controls and snapshots them for
the next diff), answers the page's method calls (storage, wake lock) as an empty
browser would, and keeps the frames so tests can read what went over the wire.
It also applies every patch it sends to a `Replica`, the tree as a browser would
hold it, so a test can compare what two devices were told to show.
"""
from __future__ import annotations

import asyncio
import dataclasses
import functools
import re
import sys
import tempfile
import typing
from pathlib import Path
from typing import Callable

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session as FletSession
from flet.pubsub.pubsub_hub import PubSubHub

from companion.core.access import Access
from companion.core.model import RuleError
from companion.core.timeline import CONTROL_TYPES
from companion.core.turnclock import CLOCK_TYPES
from companion.ui.app import PREF_TABLET, Session
from companion.ui.context import SETTLE_S, ServerInfo
from companion.ui.kept import busy
from companion.core.offload import waiting
from companion.ui.live import shown
from flet_private import control_id

ENCODE = configure_encode_object_for_msgpack(BaseControl)
PHONE, TABLET = (390, 844), (1280, 800)
# The shell's own parts that follow every change (news line, history, layout, Undo), not the game's.
SHELL = {"news", "news-slot", "history-card", "table-main", "table-side", "table-layout", "table-head", "table-undo",
         "table-columns", "undo-redo", "undo", "redo",
         "undo-words", "undo-button", "redo-words", "redo-button", "table-phone", "pinned", "roll-banner"}


class Replica:
    """The control tree as the browser holds it: the register answer, then every patch sent,
    applied as Flet's client applies them (by control id, then a path table per message)."""

    def __init__(self, page: dict) -> None:
        self.page = page
        self.index: dict[int, dict] = {}
        self._index(page)

    def _index(self, value: object) -> None:
        if isinstance(value, dict):
            if "_i" in value:
                self.index[value["_i"]] = value
            for child in value.values():
                self._index(child)
        elif isinstance(value, list):
            for child in value:
                self._index(child)

    def apply(self, body: dict) -> None:
        target = self.index[body["id"]]
        paths, *ops = body["patch"]
        where: dict[int, list] = {}

        def walk(node: list, path: list) -> None:
            where[node[0]] = path
            for key, child in (node[1] if len(node) > 1 else {}).items():
                walk(child, [*path, key])

        walk(paths, [])
        for op in ops:
            kind, node = op[0], self._at(target, where[op[1]], op[2])
            if kind == 0:  # replace
                node[op[2]] = op[3]
                self._index(op[3])
            elif kind == 1:  # add
                node.insert(op[2], op[3]) if isinstance(node, list) else node.__setitem__(op[2], op[3])
                self._index(op[3])
            elif kind == 2:  # remove
                node.pop(op[2])
            else:  # move
                moved = node.pop(op[2])
                to = self._at(target, where[op[3]], op[4])
                to.insert(op[4], moved) if isinstance(to, list) else to.__setitem__(op[4], moved)

    @staticmethod
    def _at(root: dict, path: list, last: object) -> object:
        """The container at `path`; an empty list or object the encoder left out is made on the way."""
        node = root
        for n, key in enumerate(path):
            if isinstance(node, dict) and key not in node:
                following = path[n + 1] if n + 1 < len(path) else last
                node[key] = [] if isinstance(following, int) else {}
            node = node[key]
        return node

    def tree(self) -> object:
        """What the page shows, control ids aside (they differ between any two devices), and hidden
        controls left out: a device keeps the confirms it drew for a form's earlier versions, hidden
        (ui/draft.py), which its browser draws no more than a fresh device's does."""
        return _without_ids(self.page)


def _without_ids(value: object, cls: object = None) -> object:
    """Ids, random uids, and a property patched back to its default (a fresh encoding leaves
    it out, the browser's widget reads it as the default either way) are left out. Controls
    name their class (`_c`); a value object's class is read from the field that holds it."""
    if isinstance(value, dict):
        cls = getattr(ft, value["_c"], None) if isinstance(value.get("_c"), str) else cls
        defaults, types = _fields(cls)
        return {k: _without_ids(v, types.get(k)) for k, v in value.items()
                if k not in ("_i", "uid") and v is not None and defaults.get(k, _NONE) != v}
    if isinstance(value, list):
        return [_without_ids(v, cls) for v in value if not (isinstance(v, dict) and v.get("visible") is False)]
    return value


_NONE = object()


@functools.cache
def _fields(cls: object) -> tuple[dict[str, object], dict[str, type]]:
    """The defaults of a dataclass's fields and the dataclass each field may hold, if any."""
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        return {}, {}
    hints = {}
    for f in dataclasses.fields(cls):
        hint = f.type
        if isinstance(hint, str):  # postponed annotations: read each one alone, some never resolve
            try:
                hint = eval(hint, {**vars(ft), **vars(sys.modules[cls.__module__])})  # noqa: S307
            except Exception:  # noqa: BLE001 - a name Flet defines elsewhere: no nested defaults
                continue
        hints[f.name] = hint
    defaults = {f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}
    types = {}
    for name, hint in hints.items():
        inner = [a for a in _flatten(hint) if isinstance(a, type) and dataclasses.is_dataclass(a)]
        if len(inner) == 1:
            types[name] = inner[0]
    return defaults, types


def _flatten(hint: object) -> list:
    args = typing.get_args(hint)
    return [x for a in args for x in _flatten(a)] if args else [hint]


class FakeConnection(Connection):
    """`storage`: the browser's local storage, answering SharedPreferences' get and set (tabs of one
    browser share it); without it, every call is answered with nothing, as an empty browser would."""

    def __init__(self, loop: asyncio.AbstractEventLoop, storage: dict | None = None) -> None:
        super().__init__()
        self.loop = loop
        self.storage = storage
        self.pubsubhub = PubSubHub(loop=loop)
        self.frames: list[tuple[MessageAction, bytes]] = []
        self.session: FletSession | None = None
        self.replica: Replica | None = None
        self.page_url = "http://127.0.0.1:8550"  # what a browser's page reports: Flet reads it on a route change

    def send_message(self, message) -> None:
        data = msgpack.packb([message.action, message.body], default=ENCODE)
        self.frames.append((message.action, data))
        if message.action == MessageAction.PATCH_CONTROL and self.replica is not None:
            self.replica.apply(msgpack.unpackb(data, strict_map_key=False)[1])
        if message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            result = None
            if self.storage is not None and body.name == "get":
                result = self.storage.get(body.args["key"])
            elif self.storage is not None and body.name == "set":
                self.storage[body.args["key"]] = body.args["value"]
            self.loop.call_soon(self.session.handle_invoke_method_results, body.control_id, body.call_id,
                                result, None)

    def dispose(self) -> None:
        pass


class Device:
    """One browser tab on `route`: open it, tap by Semantics identifier, read the wire."""

    def __init__(self, server: ServerInfo, route: str, size: tuple[int, int] = PHONE, lang: str | None = None,
                 wall: Callable[[], float] | None = None, storage: dict | None = None,
                 address: str = "127.0.0.1") -> None:
        """`storage`: the browser's local storage, shared by the tabs of one browser; `wall`: the
        wall clock its renders read (ui.now); `address`: the client address its websocket came from."""
        self.server, self.route, self.size, self.lang, self.wall = server, route, size, lang, wall
        self.storage, self.address = storage, address
        self.now = 0.0  # this device's monotonic clock: it moves only when a tap says so

    def clock(self) -> float:
        return self.now

    async def open(self) -> "Device":
        self.conn = FakeConnection(asyncio.get_running_loop(), self.storage)
        self.flet = FletSession(self.conn)
        self.conn.session = self.flet
        self.flet.apply_page_patch({"route": self.route, "width": self.size[0], "height": self.size[1],
                                    "web": True})
        register = msgpack.packb(self.flet.get_page_patch(), default=ENCODE)  # the register answer
        self.conn.replica = Replica(msgpack.unpackb(register, strict_map_key=False))
        self.flet.page.client_ip = self.address  # as Flet's handler sets it for a new session
        await self.run(self._start)
        return self

    async def _start(self) -> None:
        """What Flet runs for a new session (`main`), in its page's context: what the app makes
        there (its services) belongs to that page."""
        self.app = Session(self.flet.page, self.server)
        if self.wall:
            self.app.clock = self.wall
        self.app.ui.seen.clock = self.clock
        await self.app.start()
        if self.lang and self.lang != self.app.ui.lang:  # as a tap on the language button would
            self.app.ui.lang = self.lang
            await self.app.render()

    async def run(self, work: Callable, *args: object) -> object:
        """`await work(*args)` in this device's page context, as Flet runs a session's code
        (its components patch through the page they find there)."""
        return await asyncio.wrap_future(self.flet.page.run_task(work, *args))

    def shown(self) -> object:
        """The tree this device's browser was told to show, ids aside."""
        return self.conn.replica.tree()

    @property
    def page(self) -> ft.Page:
        return self.flet.page

    def find(self, identifier: str) -> ft.Control:
        """The control a test id names (the content of its Semantics wrapper), as mounted and shown now
        (a confirm drawn for an earlier version of its form stays mounted, hidden: ui/draft.py)."""
        for control in list(self.flet.index.values()):
            if isinstance(control, ft.Semantics) and control.identifier == identifier and on_screen(control):
                return shown(control.content)
        raise LookupError(identifier)

    def ids(self) -> dict[str, int]:
        """Every test id on screen and the Flet id of the control it names; not the step mark's, whose
        id is the step it has drawn (ui/widgets/step_shield.py), so changes with every step."""
        return {c.identifier: control_id(shown(c.content)) for c in list(self.flet.index.values())
                if isinstance(c, ft.Semantics) and c.identifier and c.content is not None
                and not c.identifier.startswith("step-draw") and on_screen(c)}

    async def tap(self, identifier: str, event: str = "click", data: object = None, looked: bool = True) -> None:
        """`looked`: a person taps after seeing the screen (the step on it is no longer fresh);
        False for the second tap of a double tap."""
        if looked:
            self.now += SETTLE_S + 1.0
            await self.drawn()
        await self.flet.dispatch_event(control_id(self.find(identifier)), event, data)

    async def drawn(self) -> None:
        """What the browser reports once it has drawn a new step (ui/widgets/step_shield.py)."""
        mark = self.app.shield.mark
        if control_id(mark) in self.flet.index:
            await self.flet.dispatch_event(control_id(mark), "animation_end", None)

    async def settle(self) -> None:
        """Until this device's reads off the event loop (ui/kept.py) and every slow work under way
        (core/offload.py) are in, and this loop's render queue has drawn every change already published
        (a queue left by an earlier test's closed loop never drains: waiting on it hung the next test)."""
        while True:
            for _ in range(50):
                await asyncio.sleep(0)
            queue = _queues().get(asyncio.get_running_loop())
            if not busy(self.app.ui) and not waiting() and not (queue and (queue.waiting or queue.task)):
                return
            await asyncio.sleep(0.001)

    def mark(self) -> int:
        return len(self.conn.frames)

    def patches_since(self, mark: int) -> list[bytes]:
        return [data for action, data in self.conn.frames[mark:] if action == MessageAction.PATCH_CONTROL]


def _queues():
    from companion.ui import render_queue
    return render_queue._queues


def kleos_at_play(server: ServerInfo, players: list[str] | tuple[str, ...] = ("ares", "athena")):
    """A Kleos table moved on by the tablet to the first day's Play phase, where Glory moves."""
    live = server.hub.create("kleos", {"players": list(players)})
    for _ in range(3):  # setup, deployment, daybreak
        live.dispatch({"type": "phase.next", "from_step": live.step}, Access("host"))
    return live


async def phone_and_tablet(server: ServerInfo, live, seat: int) -> tuple[Device, Device]:
    """The phone of the `seat`-th seat (its invitation claimed) and the tablet, both drawn."""
    phone = await Device(server, f"/t/{live.table.id}?k={live.claim(live.table.seats[seat].token)[1]}").open()
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    await phone.settle()
    await tablet.settle()
    return phone, tablet


async def every_device(server: ServerInfo, live, langs: tuple[str, ...] = ("en", "pt")) -> list[tuple[str, Device]]:
    """The tablet, each seat's phone and a spectator on `live`, each in every language of `langs`,
    all drawn. A tablet's link opens one device only: each tablet here is that tablet's browser,
    which keeps its key to the table (ui/app.py), opened again."""
    table = live.table
    routes = [("tablet", f"/t/{table.id}?k={table.host_token}", TABLET),
              ("spectator", f"/t/{table.id}?k={table.spectator_token}", PHONE)]
    for seat in table.seats:
        key = seat.key or live.claim(seat.token)[1]
        routes.append((f"seat {seat.id}", f"/t/{table.id}?k={key}", PHONE))
    opened = []
    for lang in langs:
        for name, route, size in routes:
            storage = {PREF_TABLET.format(table=table.id): table.host_token} if name == "tablet" else None
            opened.append((f"{name} ({lang})", await Device(server, route, size, lang, storage=storage).open()))
    for name, device in opened:
        await device.settle()
        assert device.app.ui.live is not None, f"{name} shows no table: {device.app.notice}"
    return opened


def label(device: Device, ident: str) -> str:
    """The accessible label of the Semantics wrapper a test id names, as mounted and shown now (see `spoken`)."""
    return next(spoken(c) for c in device.flet.index.values()
                if isinstance(c, ft.Semantics) and c.identifier == ident and on_screen(c))


def on_screen(control: ft.BaseControl | None) -> bool:
    """Whether nothing above `control` is hidden (a browser does not draw it, nor read it out)."""
    while control is not None:
        if getattr(control, "visible", True) is False:
            return False
        control = control.parent
    return True


def spoken(tag: ft.Semantics) -> str | None:
    """What is read for a tagged control: its Semantics' label, else the name `tagged` gave the control
    inside: a Text's `semantics_label` (a tagged Text, such as a scoreboard number: its Semantics carries
    the test id alone, and Flutter merges the two into one node that reads the Text's label, "Ares 12"),
    a button's (its text's label, its icon's), a chip's or a heading's."""
    if tag.label:
        return tag.label
    inside = shown(tag.content) if tag.content is not None else None
    if isinstance(inside, ft.Container) and inside.content is not None:  # a box around its words (the news line)
        inside = shown(inside.content)
    if isinstance(inside, ft.IconButton) and isinstance(inside.icon, ft.Icon):
        return inside.icon.semantics_label
    if isinstance(inside, ft.Chip):
        inside = inside.label
    elif isinstance(inside, (ft.Button, ft.OutlinedButton, ft.TextButton)) or type(inside) is ft.Semantics:
        inside = inside.content
    if type(inside) is ft.Semantics:
        return inside.label
    return inside.semantics_label if isinstance(inside, ft.Text) else None


def game_parts(device: Device) -> set[str]:
    """The parts of the game's board the last render rebuilt: the shell's and the history's aside."""
    return {k for k in device.app.ui.parts.rebuilt if k not in SHELL and not k.startswith("history-")}


def first_difference(a: object, b: object, path: str = "") -> str | None:
    """Where two shown trees first differ, as a readable path, or None. A hidden control in a list is
    not drawn, so not compared: a live device keeps the confirms it drew for a form's earlier versions,
    hidden (ui/draft.py), which a device opened fresh never drew."""
    if isinstance(a, list) and isinstance(b, list):
        a, b = [x for x in a if not _hidden(x)], [y for y in b if not _hidden(y)]
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: {a.get(key, '(absent)')!r:.200} != {b.get(key, '(absent)')!r:.200}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for n, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{n}]")
            if found:
                return found
        return None if len(a) == len(b) else f"{path}: {len(a)} items != {len(b)}"
    return None if a == b else f"{path}: {a!r:.200} != {b!r:.200}"


def _hidden(item: object) -> bool:
    """A control (or a part showing one, `_b`) that the browser was told not to show."""
    return isinstance(item, dict) and (item.get("visible") is False or
                                       isinstance(item.get("_b"), dict) and item["_b"].get("visible") is False)


def children(control: object) -> list[ft.BaseControl]:
    """The controls directly inside `control`, as a screen holds them: a part's component
    stands for the control it shows. One walk for every UI test (no browser, no session)."""
    control = shown(control)
    out = []
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name in {"parent", "page"}:
            continue
        value = getattr(control, f.name, None)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, ft.BaseControl):
                out.append(shown(item))
    return out


def walk(control: ft.BaseControl):
    """`control` and every control inside it that is shown (not hidden), depth first."""
    control = shown(control)
    if getattr(control, "visible", True) is False:
        return
    yield control
    for child in children(control):
        yield from walk(child)


class Table:
    """A table on a real hub for tests that read like a person at one screen (press, read, press):
    commands go through the hub as the tablet's, naming the step the table is at, as a screen does.
    `refusals` keeps what the hub refused, in English."""

    def __init__(self, game_id: str, options: dict, server: ServerInfo | None = None) -> None:
        if server is None:
            from companion.core.hub import Hub
            from companion.games.registry import GAMES
            server = ServerInfo(hub=Hub(Path(tempfile.mkdtemp(prefix="table-")) / "data", GAMES),
                                admin_token="a" * 32, base_url="http://tablet.lan:8550")
        self.server = server
        self.live = server.hub.create(game_id, options)
        self.refusals: list[str] = []

    @property
    def state(self) -> dict:
        return self.live.state

    @property
    def events(self) -> list[dict]:
        """The game's events so far (the turn clock's and undo/redo aside), oldest first."""
        return [e for e in self.live.events() if e["type"] not in CONTROL_TYPES | CLOCK_TYPES]

    def send(self, command: dict) -> bool:
        try:
            self.live.dispatch({"from_step": self.live.step, **command}, Access("host"))
        except RuleError as err:
            self.refusals.append(err.message)
            return False
        return True


class Screen:
    """One device on a `Table`, driven synchronously on an event loop of its own: every read
    first lets the device draw what changed (and redraws it, for a change to its `ui.local`)."""

    def __init__(self, table: Table, role: str = "host", seat: str | None = None, width: int = TABLET[0],
                 lang: str | None = None, start: bool = False) -> None:
        """`start`: the tablet's start screen instead of the table."""
        self.table = table
        live = table.live
        key = {"host": live.table.host_token, "spectator": live.table.spectator_token}.get(role)
        if key is None:
            key = live.table.seat(seat).key or live.claim(live.table.seat(seat).token)[1]
        size = (width, TABLET[1] if width >= 700 else PHONE[1])
        storage = {PREF_TABLET.format(table=live.table.id): key} if role == "host" else None
        route = f"/?admin={table.server.admin_token}" if start else f"/t/{live.table.id}?k={key}"
        self.loop = asyncio.new_event_loop()
        self.device = self._run(Device(table.server, route, size, lang, storage=storage).open())
        self._run(self.device.settle())

    def _run(self, work):
        return self.loop.run_until_complete(work)

    @property
    def ui(self):
        return self.device.app.ui

    def render(self) -> ft.Control:
        """The screen as drawn now: the root control (parts stand for what they show)."""
        self._run(self.device.settle())
        self._run(self.device.run(self.device.app.render))
        self._run(self.device.settle())
        return self.device.page.controls[0]

    def find(self, ident: str) -> ft.Semantics | None:
        """The Semantics wrapper a test id names on the screen now, or None."""
        return find(self.render(), ident)

    def press(self, ident: str, event: str = "click") -> None:
        assert self.find(ident) is not None, f"no control {ident!r} on screen"
        self._run(self.device.tap(ident, event))
        self._run(self.device.settle())

    def type(self, ident: str, text: str) -> None:
        """Type `text` into a field, as the browser reports it."""
        self.switch(ident, text)

    def switch(self, ident: str, on: object = True) -> None:
        """Flip a switch (or pick a value) as the browser reports it."""
        control = self.find(ident)
        assert control is not None, f"no control {ident!r} on screen"
        self.device.flet.apply_patch(control_id(shown(control.content)), {"value": on})
        self.press(ident, "change")

    def text(self, ident: str) -> str:
        """What a screen reader would say: the Semantics label, else every word drawn inside."""
        control = self.find(ident)
        assert control is not None, f"no control {ident!r} on screen"
        return spoken(control) or words(control)

    def toast(self) -> str:
        """The words of the last message shown at the foot of the screen."""
        said = [c.label for c in self.device.flet.index.values() if isinstance(c, ft.Semantics) and c.identifier == "toast"]
        return said[-1] if said else ""


def words(root: ft.Control) -> str:
    """Every word drawn inside `root`, in order."""
    root = shown(root)
    text = root.value if isinstance(root, ft.Text) else getattr(root, "content", None)
    own = [text] if isinstance(text, str) else []
    return " ".join([*own, *(words(child) for child in children(root))]).strip()


def find(root: ft.Control, ident: str) -> ft.Semantics | None:
    """The Semantics wrapper under `root` that `ident` names, or None."""
    for control in walk(root):
        if isinstance(control, ft.Semantics) and control.identifier == ident:
            return control
    return None


def idents(root: ft.Control, pattern: str) -> list[str]:
    """The test ids under `root` that match `pattern`, in screen order."""
    return [c.identifier for c in walk(root) if isinstance(c, ft.Semantics) and re.fullmatch(pattern, c.identifier or "")]
