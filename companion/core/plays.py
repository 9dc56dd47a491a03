"""Finished plays kept on this tablet, and which spellings name the same player.

A JSON Lines file in the data folder (`plays.jsonl`), only ever appended to: a finished
play adds one short line (one write and one fdatasync), whatever the number of plays
kept, where rewriting a whole JSON file grew with every play. Each line is one change:
`{"play": {...}}` keeps a play (a later line for the same table replaces an earlier one),
`{"forget": id}` drops it (an undo took its end back), `{"alias": [key, name]}` and
`{"unalias": key}` match spellings. A crash can tear only the last line, which was never
acknowledged: reading cuts it off. A play is keyed by its table, so a table undone out of
its end and finished again replaces its own record instead of counting twice.

The old whole-file `plays.json` is folded in on first start: the merged lines are written
(atomically) before the old file is renamed `plays.json.migrated`, so a crash at any point
leaves every record in one file or the other, and a second start folds the same records again.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import threading
import time
from pathlib import Path

from companion.core.model import RuleError
from companion.core.schema import NAME_MAX
from companion.core.stats import player_key
from companion.core.append_storage import NotSaved
from companion.core.table_file import atomic_write
from companion.i18n import t

log = logging.getLogger(__name__)

KEPT = ("table", "game", "title", "date", "started_at", "duration_min")
PLAYER_KEPT = ("name", "role", "score", "rank", "winner", "start_player", "clock_seconds")
FILE = "plays.jsonl"
OLD_FILE = "plays.json"  # the whole-file log of earlier versions, folded in once


def compact(summary: dict) -> dict:
    """What a play keeps: enough for stats and the BG Stats link, nothing about the log."""
    return {**{k: summary[k] for k in KEPT},
            "players": [{k: p.get(k) for k in PLAYER_KEPT} for p in summary["players"]]}


class Plays:
    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / FILE
        self._lock = threading.Lock()
        self._plays: dict[str, dict] = {}
        self._aliases: dict[str, str] = {}
        old = self._load_old()
        if old is not None:
            self._plays.update(old.get("plays", {}))
            self._aliases.update(old.get("aliases", {}))
        self._read_lines()
        if old is not None:
            try:
                self._fold_in_old()
            except OSError as err:  # a full disk: the old file stays, read first again next start
                log.warning("plays log %s could not be folded in yet: %s", OLD_FILE, err)

    # -- reading at start ------------------------------------------------------
    def _load_old(self) -> dict | None:
        """The whole-file log of earlier versions, if still there; an unreadable one is set aside
        (never overwritten) and counts as absent."""
        path = self.path.with_name(OLD_FILE)
        if not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                return data
        except ValueError:
            pass
        aside = path.with_name(f"plays-unreadable-{int(time.time())}.json")
        path.rename(aside)
        log.warning("plays log %s could not be read; kept as %s", path, aside)
        return None

    def _read_lines(self) -> None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return
        whole, _, torn = raw.rpartition(b"\n")
        if torn.strip():  # an append a crash cut short: never acknowledged, so cut off
            os.truncate(self.path, len(whole) + 1 if whole else 0)
        kept_aside = False
        for number, line in enumerate(whole.split(b"\n"), 1):
            if not line.strip():
                continue
            try:
                self._apply(json.loads(line))
            except (ValueError, TypeError, KeyError, AttributeError):
                if not kept_aside:  # the file stays as it is; a copy keeps what was there today
                    aside = self.path.with_name(f"plays-unreadable-{int(time.time())}.jsonl")
                    shutil.copyfile(self.path, aside)
                    kept_aside = True
                log.warning("plays log %s: line %d could not be read (skipped; a copy is kept)", self.path, number)

    def _apply(self, change: dict) -> None:
        """One line's change to the plays and aliases in memory."""
        if "play" in change:
            play = change["play"]
            if not isinstance(play, dict) or not isinstance(play["table"], str):
                raise TypeError("a play line without its table")
            self._plays[play["table"]] = play
        elif "forget" in change:
            self._plays.pop(change["forget"], None)
        elif "alias" in change:
            key, name = change["alias"]
            self._aliases[str(key)] = str(name)
        elif "unalias" in change:
            self._aliases.pop(change["unalias"], None)
        else:
            raise KeyError("no known change in the line")

    def _fold_in_old(self) -> None:
        """Every record now in memory, written as lines, then the old file set aside."""
        lines = [{"play": play} for play in self._plays.values()]
        lines += [{"alias": [key, name]} for key, name in self._aliases.items()]
        atomic_write(self.path, "".join(_dumps(line) + "\n" for line in lines))
        old = self.path.with_name(OLD_FILE)
        os.replace(old, old.with_name(OLD_FILE + ".migrated"))
        log.info("plays log %s folded into %s", old, self.path)

    # -- changing --------------------------------------------------------------
    def record(self, summary: dict) -> None:
        """Keep the play if it is finished, forget it if an undo took its end back."""
        with self._lock:
            table_id = summary["table"]
            before = self._plays.get(table_id)
            if summary["finished"]:
                play = compact(summary)
                if play != before:
                    self._append({"play": play})
                    self._plays[table_id] = play
            elif before is not None:
                self._append({"forget": table_id})
                del self._plays[table_id]

    def forget(self, table_id: str) -> None:
        with self._lock:
            if table_id in self._plays:
                self._append({"forget": table_id})
                del self._plays[table_id]

    def alias(self, name: str, same_as: str) -> None:
        """Count `name` as `same_as` from now on; naming a player as themself undoes it."""
        for value in (name, same_as):
            if not isinstance(value, str) or not 0 < len(value.strip()) <= NAME_MAX:
                error = RuleError(t("summary.err_alias", "en"))
                error.key = "summary.err_alias"  # type: ignore[attr-defined]
                raise error
        key = player_key(name)
        with self._lock:
            if key == player_key(same_as):
                if key in self._aliases:
                    self._append({"unalias": key})
                    del self._aliases[key]
            else:
                self._append({"alias": [key, same_as.strip()]})
                self._aliases[key] = same_as.strip()

    def _append(self, change: dict) -> None:
        """One line, on disk before memory changes (the callers change memory after it)."""
        data = memoryview((_dumps(change) + "\n").encode("utf-8"))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as err:
            raise NotSaved(err) from err
        try:
            size = os.fstat(fd).st_size
            try:
                while data:
                    data = data[os.write(fd, data):]
                os.fdatasync(fd)
            except OSError as err:
                os.ftruncate(fd, size)
                raise NotSaved(err) from err
        finally:
            os.close(fd)

    # -- reading ---------------------------------------------------------------
    def of(self, table_id: str) -> dict | None:
        """The kept play of a table, if it is finished: the saved-tables index reads it when rebuilt."""
        with self._lock:
            return self._plays.get(table_id)

    def all(self) -> list[dict]:
        with self._lock:
            return sorted(self._plays.values(), key=lambda p: p["started_at"])

    def aliases(self) -> dict[str, str]:
        with self._lock:
            return dict(self._aliases)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
