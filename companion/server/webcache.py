"""Serve the Flet web client compressed and cache-validated, so phones join fast.

Flet's static files go out uncompressed (about 12 MB per phone). This ASGI
middleware answers requests for the client's large text and wasm files with a
brotli or gzip copy chosen by Accept-Encoding. The copies live in a folder keyed
by the Flet version, so an upgrade never serves stale bytes. A background thread
makes them all at start; a file asked for before its copy exists is compressed
there and then (fast quality, well under a second for the biggest), so even the
first phone of a brand-new install gets small answers. Every static response
carries `Cache-Control: no-cache` plus an ETag: a second visit revalidates each
file and gets small 304 answers instead of the bytes, and still picks up a new
version at once.
"""
from __future__ import annotations

import asyncio
import gzip
import hashlib
import logging
import mimetypes
import os
import threading
from pathlib import Path

import brotli
from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".css", ".svg", ".txt", ".otf", ".ttf"}
SKIPPED_DIRS = {"pyodide"}  # the in-browser Python runtime: never loaded by a served app
PATCHED = {"manifest.json", "FontManifest.json"}  # Flet rewrites these per app: serve its copy
MIN_SIZE = 1024
ENCODINGS = ("br", "gzip")  # best first


BEST_FROM = 100_000  # files this big are worth brotli's slow best mode (once, in the background)


def _brotli(data: bytes) -> bytes:
    return brotli.compress(data, quality=5)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6, mtime=0)


COMPRESSORS = {"br": _brotli, "gzip": _gzip}


class CompressedStatic:
    """Compressed copies of the files under `roots`: made in the background, or on demand."""

    def __init__(self, roots: list[Path], cache_dir: Path) -> None:
        self.roots = [r.resolve() for r in roots if r.is_dir()]
        self.cache_dir = cache_dir
        self._locks: dict[Path, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._digests: dict[tuple[Path, int, int], str] = {}

    def start(self) -> threading.Thread:
        """Build in a thread at the lowest priority: a phone's request compresses what it needs
        at once instead of waiting behind this pass."""
        thread = threading.Thread(target=self._build_in_background, name="webcache", daemon=True)
        thread.start()
        return thread

    def _build_in_background(self) -> None:
        _lower_priority()
        self.build()

    def build(self) -> None:
        """Fast copies of everything first (a few seconds of one core), then the big files
        again at brotli's best quality (about a minute, once per Flet version: the copies are
        kept on disk). Without the locks, so that requests never wait for this pass.
        Brotli releases the GIL, so serving goes on meanwhile."""
        files = [(root, path) for root in self.roots for path in root.rglob("*") if self._eligible(path)]
        try:
            for root, path in files:
                for encoding in ENCODINGS:
                    target = self._target(root, path, encoding)
                    if not target.exists():
                        _write(target, COMPRESSORS[encoding](path.read_bytes()))
            for root, path in files:
                if path.stat().st_size >= BEST_FROM:
                    self._best(root, path)
        except OSError:
            log.exception("could not pre-compress the web client; serving it uncompressed")

    def pending_best(self) -> int:
        """How many big files still wait for their best-quality copy (benches wait for 0)."""
        big = [(r, p) for r in self.roots for p in r.rglob("*") if self._eligible(p) and p.stat().st_size >= BEST_FROM]
        return sum(not self._target(r, p, "br-best").exists() for r, p in big)

    def _best(self, root: Path, path: Path) -> None:
        target = self._target(root, path, "br")
        done = target.with_suffix(".br-best")
        if done.exists():
            return
        _write(target, brotli.compress(path.read_bytes(), quality=11))
        done.touch()

    def _eligible(self, path: Path) -> bool:
        return (path.suffix in COMPRESSIBLE and path.name not in PATCHED
                and not SKIPPED_DIRS.intersection(path.parts)
                and path.is_file() and path.stat().st_size >= MIN_SIZE)

    def _key(self, path: Path) -> str:
        """The file's content, not its place or date: a fresh install of the same files (a new
        virtual environment, clone or upgrade of ours) finds the copies made before instead of
        spending minutes of brotli again. Hashed once per file version and process."""
        stat = path.stat()
        version = (path, stat.st_size, stat.st_mtime_ns)
        digest = self._digests.get(version)
        if digest is None:
            digest = self._digests[version] = hashlib.sha1(path.read_bytes()).hexdigest()[:20]
        return digest

    def _lock(self, target: Path) -> threading.Lock:
        with self._locks_lock:
            return self._locks.setdefault(target, threading.Lock())

    def _target(self, root: Path, path: Path, encoding: str) -> Path:
        return self.cache_dir / f"{self._key(path)}.{encoding}"

    def _copy(self, root: Path, path: Path, encoding: str) -> Path:
        """The copy, made now unless it exists; when phones ask for the same file together,
        one request compresses it and the others wait for it."""
        target = self._target(root, path, encoding)
        if not target.exists():
            with self._lock(target):
                if not target.exists():
                    _write(target, COMPRESSORS[encoding](path.read_bytes()))
        return target

    def find(self, url_path: str) -> tuple[Path, Path] | None:
        """(root, file) serving `url_path`, assets before the Flet client, as Flet does."""
        rel = url_path.lstrip("/")
        if not rel or ".." in rel.split("/"):
            return None
        for root in self.roots:
            path = root / rel
            if self._eligible(path):
                return root, path
        return None

    def compressed(self, root: Path, path: Path, accept: str) -> tuple[Path, str] | None:
        """The best copy this client accepts, compressing it now if the background pass has
        not reached it yet; None when it accepts neither encoding or compressing failed."""
        wanted = {part.split(";")[0].strip() for part in accept.split(",")}
        encoding = next((e for e in ENCODINGS if e in wanted), None)
        if encoding is None:
            return None
        try:
            return self._copy(root, path, encoding), encoding
        except OSError:
            log.exception("could not compress %s; serving it uncompressed", path)
            return None


def _write(target: Path, data: bytes) -> None:
    """Atomically, under a name of this thread's own: servers may share the cache folder."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.name}.{os.getpid()}-{threading.get_native_id()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(target)


def _lower_priority() -> None:
    """Let the background pass yield to serving the table (Linux: per thread)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass


class WebCacheMiddleware:
    def __init__(self, app: ASGIApp, files: CompressedStatic) -> None:
        self.app = app
        self.files = files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD") or scope["path"].startswith("/api"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        found = self.files.find(scope["path"])
        # In a worker thread: a copy not made yet is compressed now, without stalling the table.
        hit = found and await asyncio.to_thread(self.files.compressed, *found, headers.get("accept-encoding", ""))
        if hit:
            await self._serve(scope, receive, send, hit[0], hit[1], found[1], headers)
            return

        async def send_no_cache(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).setdefault("cache-control", "no-cache")
            await send(message)

        await self.app(scope, receive, send_no_cache)

    async def _serve(self, scope: Scope, receive: Receive, send: Send, file: Path, encoding: str,
                     original: Path, headers: Headers) -> None:
        etag = f'"{file.stem}-{encoding}"'
        common = {"ETag": etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
        if etag in headers.get("if-none-match", ""):
            await Response(status_code=304, headers=common)(scope, receive, send)
            return
        media = mimetypes.guess_type(original.name)[0] or "application/octet-stream"
        if original.suffix == ".wasm":
            media = "application/wasm"
        elif original.suffix == ".mjs":
            media = "text/javascript"
        # Read whole (2 MB at most): the best-quality pass may swap the file at any moment,
        # and a length taken before the swap would not match the bytes read after it.
        body = await asyncio.to_thread(file.read_bytes)
        response = Response(body, media_type=media, headers={**common, "Content-Encoding": encoding})
        await response(scope, receive, send)
