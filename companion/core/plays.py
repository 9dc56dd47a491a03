"""Finished plays kept on this tablet, and which spellings name the same player.

One small JSON file in the data folder (`plays.json`), rewritten atomically.
A play is keyed by its table, so a table that is undone out of its end and
finished again replaces its own record instead of counting twice.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path

from companion.core.model import RuleError
from companion.core.stats import player_key
from companion.core.store import atomic_write
from companion.i18n import t

log = logging.getLogger(__name__)

MAX_NAME = 40
KEPT = ("table", "game", "title", "date", "started_at", "duration_min")
PLAYER_KEPT = ("name", "role", "score", "rank", "winner", "start_player", "clock_seconds")


def compact(summary: dict) -> dict:
    """What a play keeps: enough for stats and the BG Stats link, nothing about the log."""
    return {**{k: summary[k] for k in KEPT},
            "players": [{k: p.get(k) for k in PLAYER_KEPT} for p in summary["players"]]}


class Plays:
    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / "plays.json"
        self._lock = threading.Lock()
        data = self._load()
        self._plays: dict[str, dict] = data.get("plays", {})
        self._aliases: dict[str, str] = data.get("aliases", {})

    def _load(self) -> dict:
        """The saved file; an unreadable one is set aside (never overwritten) and the log starts empty."""
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                return data
        except ValueError:
            pass
        aside = self.path.with_name(f"plays-unreadable-{int(time.time())}.json")
        self.path.rename(aside)
        log.warning("plays log %s could not be read; kept as %s", self.path, aside)
        return {}

    def record(self, summary: dict) -> None:
        """Keep the play if it is finished, forget it if an undo took its end back."""
        with self._lock:
            before = self._plays.get(summary["table"])
            if summary["finished"]:
                self._plays[summary["table"]] = compact(summary)
            else:
                self._plays.pop(summary["table"], None)
            if self._plays.get(summary["table"]) != before:
                self._save()

    def forget(self, table_id: str) -> None:
        with self._lock:
            if self._plays.pop(table_id, None) is not None:
                self._save()

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

    def alias(self, name: str, same_as: str) -> None:
        """Count `name` as `same_as` from now on; naming a player as themself undoes it."""
        for value in (name, same_as):
            if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
                error = RuleError(t("summary.err_alias", "en"))
                error.key = "summary.err_alias"  # type: ignore[attr-defined]
                raise error
        with self._lock:
            if player_key(name) == player_key(same_as):
                self._aliases.pop(player_key(name), None)
            else:
                self._aliases[player_key(name)] = same_as.strip()
            self._save()

    def _save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Compact, so json uses its C encoder: with `indent` it fell back to the Python one, and
        # keeping one more play cost 0.17 s at 200 plays kept (profiled), growing with every play.
        text = json.dumps({"plays": self._plays, "aliases": self._aliases}, ensure_ascii=False,
                          separators=(",", ":"))
        atomic_write(self.path, text)
