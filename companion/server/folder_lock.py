"""One server per data folder: an exclusive lock held for the server's whole life.

Two servers on one folder both acknowledged every write, then lost some of them: their
sequence numbers collided and one's compaction renamed a table file under the other's
appends. So the first server locks the folder (`flock` on a file in it, as PostgreSQL's
postmaster.pid and many daemons' pid files do); the OS drops the lock when the process
ends, however it ends, so a crash never leaves a stale lock behind. The lock file says
where the holder answers, so a second start can tell the user where the running one is.
"""
from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from pathlib import Path

FILE = "server.lock"


class FolderBusy(Exception):
    """Another live process holds the folder; `holder` is what it wrote (its pid and address)."""

    def __init__(self, folder: Path, holder: dict) -> None:
        self.folder, self.holder = folder, holder
        super().__init__(self.message)

    @property
    def message(self) -> str:
        where = self.holder.get("url") or (f"port {self.holder['port']}" if self.holder.get("port") else "")
        pid = self.holder.get("pid")
        running = f"at {where}" if where else "already"
        return (f"Another Companion server (pid {pid or '?'}) is running {running} with the data folder "
                f"{self.folder}. Open that one, or stop it first; two servers on one folder would lose changes.\n"
                f"Outro servidor Companion (pid {pid or '?'}) já está rodando {'em ' + where if where else ''} "
                f"com a pasta de dados {self.folder}. Abra aquele, ou pare-o antes; dois servidores na mesma "
                f"pasta perderiam alterações.")


@dataclass
class FolderLock:
    """Held while this object's file descriptor is open: keep it for the life of the server."""

    folder: Path
    fd: int

    def release(self) -> None:
        os.close(self.fd)


def hold(folder: Path, port: int, url: str) -> FolderLock:
    """Lock `folder` for this process, writing where it answers; FolderBusy if another holds it.

    The file is opened without truncating, so a refused start never wipes what the holder
    wrote; the holder rewrites it only once the lock is its own."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _read(fd)
        os.close(fd)
        raise FolderBusy(folder, holder) from None
    except BaseException:
        os.close(fd)
        raise
    record = json.dumps({"pid": os.getpid(), "port": port, "url": url}).encode()
    os.ftruncate(fd, 0)
    os.pwrite(fd, record + b"\n", 0)
    return FolderLock(folder, fd)


def _read(fd: int) -> dict:
    try:
        data = json.loads(os.pread(fd, 4096, 0) or b"{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
