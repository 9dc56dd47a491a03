"""The application service: what a key may do at a table, for the JSON API and the screens alike.

Both front doors used to open tables, claim seats and word the hub's exceptions each
their own way ("cannot open this table" was three exceptions caught a dozen times);
a rule written twice drifts. Here each command and query takes the key (or the access a
key was turned into by `open`) it acts for and gives a result, or raises one `Refusal`
that carries its message key, values and HTTP status. `api.py` turns a Refusal into
JSON in one place, the screens into words in one place; neither catches the hub's own
exceptions. Access rules live here: admin, the tablet's link, seats, spectators, tickets.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from companion.core import tickets
from companion.core.access import Access, ReadOnly, access_for, is_admin
from companion.core.append_storage import BrokenFile, NotSaved
from companion.core.hub import Hub
from companion.core.livetable import LiveTable
from companion.core.model import RuleError, worded
from companion.core.steps import Stale
from companion.core.table_file import Damaged
from companion.i18n import LANGS

Opened = tuple[LiveTable, Access]


class Refusal(Exception):
    """Why the service did not do what was asked: a message key, its values and the HTTP status
    the API answers with. `listed`: a rule (or the input) forbade it, so the API sends its
    values as well and a screen says "Not done: …". `news`: nothing failed (the table had moved
    on past the step a tap was sent from), so a screen says it without the error colours."""

    def __init__(self, key: str, status: int, /, *, listed: bool = False, news: bool = False,
                 **values: object) -> None:
        self.key, self.status, self.values, self.listed, self.news = key, status, values, listed, news
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return worded(self.key, lang, self.values)

    @classmethod
    def of(cls, err: RuleError, status: int | None = None) -> Refusal:
        """A rule's refusal: `status`, else 409 for a conflict (a stale step, a read-only file)
        and 422 for anything else."""
        if status is None:
            status = 409 if isinstance(err, (Stale, BrokenFile)) else 422
        return cls(err.key, status, listed=True, news=isinstance(err, Stale), **err.values)


def _no_table() -> Refusal:
    """An unknown table and a wrong key get the same answer: a key cannot be tested for tables."""
    return Refusal("validation.no_table", 404)


def _damaged(err: Damaged) -> Refusal:
    problem = {lang: err.describe(lang) for lang in LANGS}  # worded in each language (see RuleError)
    return Refusal("validation.damaged_table", 409, problem=problem)


@contextmanager
def _opening() -> Iterator[None]:
    """The hub's ways of saying a table cannot be opened, as refusals: nothing else is caught."""
    try:
        yield
    except Damaged as err:
        raise _damaged(err) from None
    except (KeyError, FileNotFoundError):
        raise _no_table() from None


@contextmanager
def _refusing(rule_status: int | None = None) -> Iterator[None]:
    """The hub's refusals of a change (its rules, a spectator's key, the disk), as refusals."""
    try:
        yield
    except ReadOnly:
        raise Refusal("ui.read_only", 403) from None
    except RuleError as err:
        raise Refusal.of(err, rule_status) from None
    except NotSaved as err:
        raise Refusal(err.key, 503) from None


class Tables:
    """Every table of this server as its keys may use it. `admin_token` is the server's admin key."""

    def __init__(self, hub: Hub, admin_token: str) -> None:
        self.hub = hub
        self._admin = admin_token

    # -- access ---------------------------------------------------------------
    def is_admin(self, key: str | None) -> bool:
        return is_admin(key, self._admin)

    def may_create(self, key: str | None, local: bool = False) -> None:
        """Only the table's own machine (`local`) or the admin key creates tables."""
        if not (local or self.is_admin(key)):
            raise Refusal("validation.admin_only", 403)

    def open(self, table_id: str, key: str | None) -> Opened:
        """The table and what `key` may do there. An unknown table and a wrong key are refused
        alike; a seat's invitation (open or spent) and a
        moved seat's old key say what they are."""
        with _opening():
            live, access = self.hub.join(table_id, key)
        if access is not None:
            return live, access
        seat = live.invitation(key)
        if seat is not None:
            if seat.joined:
                raise Refusal("seats.already_joined", 403)
            raise Refusal("seats.is_invitation", 403, id=live.table.id)
        if live.moved_seat(key) is not None:
            raise Refusal("seats.seat_moved", 403)
        raise _no_table()

    def _live(self, table_id: str) -> LiveTable:
        with _opening():
            return self.hub.get(table_id)

    def _found(self, table_id: str, *key: str | None) -> LiveTable | None:
        """The table, or None when it cannot be opened (no such table, an unreadable file) or, given
        a `key`, when that key opens nothing of it (asked before the file is read). For the questions
        below, which are never refused: whoever must say why asks `open`."""
        try:
            if key and not self.hub.admits(table_id, key[0]):
                return None
            return self.hub.get(table_id)
        except (KeyError, FileNotFoundError, Damaged):
            return None

    def opens(self, table_id: str) -> bool:
        """Whether a table's file is still there and opens (the stats keep plays of tables since deleted)."""
        return self._found(table_id) is not None

    def invites(self, table_id: str, token: str | None) -> bool:
        """Whether `token` could be a seat's invitation here (it opens something, and is no key):
        a device opening a link claims only then."""
        live = self._found(table_id, token)
        return live is not None and access_for(live.table, token) is None

    def holds_tablet(self, table_id: str, key: str | None) -> bool:
        """Whether `key` is the tablet's key to `table_id`."""
        live = self._found(table_id, key) if isinstance(key, str) else None
        access = access_for(live.table, key) if live is not None else None
        return access is not None and access.role == "host"

    def tablet_key(self, table_id: str, key: str | None, stored: str | None, admin: bool) -> tuple[str | None, bool]:
        """The key a screen opens `table_id` with, and whether it keeps that key in its own storage.

        The tablet keeps its key there (or holds the admin key), so its address shows none; the
        tablet's link works on the first device that opens it, and on any other only with the
        admin key (Refusal otherwise). A key this cannot use is passed on: `open` says what is wrong."""
        if key is None:
            if stored or not admin:
                return stored, False
            live = self._found(table_id)
            return (live.table.host_token if live is not None else None), False
        live = self._found(table_id, key)
        access = access_for(live.table, key) if live is not None else None
        if live is None or access is None or access.role != "host":
            return key, False
        if admin or stored == key or live.spend_host_link():
            return key, True
        raise Refusal("seats.tablet_link_spent", 403)

    # -- commands -------------------------------------------------------------
    def create(self, game: object, options: object) -> LiveTable:
        """A new table (the caller passed `may_create`)."""
        with _refusing():
            return self.hub.create(game, options)  # type: ignore[arg-type]

    def claim(self, table_id: str, invitation: str | None, device: str | None) -> tuple[str, str]:
        """Opening a seat's invitation: (seat id, the seat's key). The first device gets the key,
        later ones a 403, except the device that claimed it (`device`), which gets it again."""
        with _opening(), _refusing(rule_status=403):
            if not self.hub.admits(table_id, invitation):  # checked before the table's file is read
                raise _no_table()
            live = self.hub.get(table_id)
            claimed = live.claim(invitation, device)
        if claimed is None:  # no invitation: a moved seat's old key says so, anything else opens nothing
            if live.moved_seat(invitation) is not None:
                raise Refusal("seats.seat_moved", 403)
            raise _no_table()
        seat, key = claimed
        return seat.id, key

    def command(self, live: LiveTable, access: Access, command: dict | str) -> dict:
        """One change (an event, or "undo" / "redo") made with `access`: the event it made."""
        with _refusing():
            if command == "undo":
                return live.undo(access)
            if command == "redo":
                return live.redo(access)
            return live.dispatch(command, access)  # type: ignore[arg-type]

    def may_mark_tablet(self, access: Access) -> None:
        """The tablet's key only marks seats: the mark is what lets the tablet open a seat's private screen."""
        if access.role != "host":
            raise Refusal("seats.private_tablet_only", 403)

    def mark_tablet(self, live: LiveTable, access: Access, seat_id: str, on: bool) -> bool:
        """The tablet marks a seat as played on it (no phone), or takes the mark back: `on`."""
        self.may_mark_tablet(access)
        with _refusing():
            live.mark_tablet(seat_id, on)
        return on

    def move_seat(self, live: LiveTable, access: Access, seat_id: str) -> str:
        """Free a joined seat for another phone (the tablet only): the seat's new invitation."""
        if access.role != "host":
            raise Refusal("seats.move_tablet_only", 403)
        with _refusing():
            return live.move(seat_id)

    def private_seat(self, live: LiveTable, access: Access, seat_id: str) -> Access:
        """The access of a seat's private screen on the tablet (LiveTable.tablet_seat)."""
        with _refusing():
            return live.tablet_seat(access, seat_id)

    def ticket(self, table_id: str, now: float | None = None) -> str:
        """A download link's ticket to `table_id`'s summary (core/tickets.py), in place of a key;
        `now`: the wall clock of the render that shows it."""
        return tickets.mint(table_id, self._admin, now)

    # -- queries --------------------------------------------------------------
    def snapshot(self, table_id: str, key: str | None, lang: str) -> dict:
        """What `key` may see of the table, worded in `lang` (LiveTable.snapshot: shared, not to be changed)."""
        live, access = self.open(table_id, key)
        return live.snapshot(access, lang)

    def export(self, table_id: str, key: str | None, admin: str | None) -> list[dict]:
        """The tablet's export holds no seat's secret; the admin key gets the raw log."""
        if self.is_admin(admin):
            return self._live(table_id).events()
        live, access = self.open(table_id, key)
        if access.role != "host":
            raise Refusal("validation.host_only", 403)
        return live.export()

    def summary(self, table_id: str, key: str | None, ticket: str | None) -> dict:
        """Any key of the table may read it: it is built from the public view only. A download
        link carries a ticket instead of a key (core/tickets.py), signed with the server's own
        secret and checked before any table file is read; a bad ticket, like a bad key, gets the
        same answer as an unknown table, and so does a damaged file behind a good one."""
        if ticket is not None and key is None:
            live = self._found(table_id) if tickets.valid(ticket, table_id, self._admin) else None
            if live is None:
                raise _no_table()
        else:
            live, _ = self.open(table_id, key)
        return live.summary()
