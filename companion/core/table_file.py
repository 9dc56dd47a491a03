"""A table file: JSON Lines that a TinyDB database is read back from, and how it is written safely.

The first line is a whole TinyDB database (so a file from before this format is simply a
file with one line); each later line adds documents: `{"events": {"7": {...}}}`, a later
copy of a document replacing an earlier one. A crash can tear only the last line, which
was never acknowledged: reading drops it. A compacted file holds lines of LINE_DOCS
documents, and whole files are written atomically (temporary file, fsync, rename), so a
crash leaves the old file or the new one, never half of one.

A line broken in the middle of the file (a disk fault, a hand edit) is not a cut append:
whole lines may follow it. Such a file is read up to the break (`read_lines` says which
line broke), and its writer keeps it read-only (core/append_storage.py).
"""
from __future__ import annotations

import json
from itertools import islice
import os
import tempfile
from pathlib import Path
from typing import Any

from companion.core.model import Table
from companion.i18n import t

# Documents per line of a compacted file. One line is parsed (and written) by one call into C that
# holds the interpreter: a 40,000-event table written as one line held every other thread, the
# event loop that serves every device included, for most of a second while it was read.
LINE_DOCS = 500
TEMP_SUFFIX = ".tmp"


class Damaged(Exception):
    """A table file that cannot be read as a table: a message key (strings/store.yaml) says what is wrong."""

    def __init__(self, key: str, **values: object) -> None:
        self.key, self.values = f"store.{key}", values
        super().__init__(self.problem)

    @property
    def problem(self) -> str:
        return self.describe("en")

    def describe(self, lang: str) -> str:
        return t(self.key, lang, **self.values)


def inspect(raw: bytes) -> tuple[dict[str, dict[str, Any]], list[bytes], bytes]:
    """(the merged data, its whole lines, the bytes after the last newline); Damaged if unreadable.
    A file broken in the middle gives what comes before the break (see `read_lines`).

    Reads only: safe on a file another TableStore is appending to.
    """
    return read_lines(raw)[:3]


def read_lines(raw: bytes) -> tuple[dict[str, dict[str, Any]], list[bytes], bytes, int | None]:
    """`inspect`'s three, and the number of the first broken line when one that is not the last
    (unterminated) one cannot be read: the data is then what the lines before it hold. Damaged
    if the first line is broken (the table's own record is in it)."""
    lines = raw.split(b"\n")
    torn = lines.pop()
    lines = [line for line in lines if line.strip()]
    data: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(lines, 1):
        try:
            parsed = _parse(line, number)
        except Damaged:
            if number == 1:
                raise
            return data, lines[:number - 1], torn, number
        _merge(data, parsed)
    if torn.strip():
        try:
            _merge(data, _parse(torn, len(lines) + 1))
            lines.append(torn)
        except Damaged:
            if not lines:
                raise
    return data, lines, torn, None


def compacted_lines(data: dict[str, dict[str, Any]]) -> list[dict[str, dict[str, Any]]]:
    """The database as lines of at most LINE_DOCS documents: the first holds the first documents of
    every collection (a small table's file is one line), each later one the next documents of one.

    Taken a line at a time from the documents, never as one list of them all: 40k (key, document)
    pairs made at once kept the cyclic collector busy for 55 ms in one go, with the event loop waiting
    for the interpreter (a large table is compacted as it opens, bench/open_lag.py)."""
    first: dict[str, dict[str, Any]] = {}
    rest = []
    for name, docs in data.items():
        items = iter(docs.items())
        first[name] = dict(islice(items, LINE_DOCS))
        while line := dict(islice(items, LINE_DOCS)):
            rest.append({name: line})
    return [first, *rest]


def compacted_count(data: dict[str, dict[str, Any]]) -> int:
    """How many lines `compacted_lines` makes of `data`: more than that on disk calls for compacting."""
    return 1 + sum(max(0, -(-len(docs) // LINE_DOCS) - 1) for docs in data.values())


def dump_line(data: object) -> str:
    """One line of the file: compact, and refusing what JSON cannot hold (NaN) instead of writing it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _parse(line: bytes, number: int) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise Damaged("not_json", line=number) from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise Damaged("not_table_data", line=number)
    return data


def _merge(data: dict[str, dict[str, Any]], line: dict[str, dict[str, Any]]) -> None:
    for name, docs in line.items():
        data.setdefault(name, {}).update(docs)


def atomic_write(path: Path, text: str) -> None:
    """Write `text` so that `path` holds either the old content or all of the new."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(path: Path) -> None:
    """Make the rename itself durable (POSIX keeps directory entries in the page cache)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class FileLog:
    """A table file's bytes read as a TableStore reads them, for a replay check that must not
    write: opening a TableStore may mend or compact the file, which only the table's writer may."""

    def __init__(self, raw: bytes) -> None:
        data, _, _, self.broken = read_lines(raw)
        self._table = data.get("table") or {}
        self._events = data.get("events") or {}

    def table(self) -> Table:
        if not self._table:
            raise Damaged("incomplete")
        try:
            return Table.from_dict(self._table[min(self._table, key=int)])
        except (TypeError, KeyError, ValueError, AttributeError):
            raise Damaged("incomplete") from None

    def events(self) -> list[dict]:
        try:
            return [{**self._events[key], "seq": int(key)} for key in sorted(self._events, key=int)]
        except (TypeError, ValueError):
            raise Damaged("incomplete") from None
