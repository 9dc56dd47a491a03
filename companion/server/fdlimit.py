"""The process's open-file limit, checked once at start.

Table files are bounded (core/append_storage.py OPEN_FILES), but every phone's websocket is a
file too: a low limit is what a tablet hits first, so the start-up says so plainly.
"""
from __future__ import annotations

import resource

from companion.core.append_storage import OPEN_FILES

# Table files, the index, the server's own files and a full room of devices with room to spare.
ENOUGH = 1024


def open_file_limit() -> int:
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def limit_line(limit: int | None = None) -> str | None:
    """One line when the limit is low (None when it is enough)."""
    limit = open_file_limit() if limit is None else limit
    if limit == resource.RLIM_INFINITY or limit >= ENOUGH:
        return None
    return (f"Warning: this process may open only {limit} files (ulimit -n); table files use at most "
            f"{OPEN_FILES}, but each connected device needs one: raise it to {ENOUGH} or more.")
