"""The whole server in one ASGI app: the JSON API under /api, the Flet web app at /.

Flet's own FastAPI subclass is the outer app because its lifespan starts the
session manager that the mounted Flet app needs (a mounted app's lifespan
never runs in Starlette).
"""
from __future__ import annotations

import importlib
import os
import pkgutil
import secrets
from pathlib import Path
from typing import Sequence

import platformdirs
from fastapi import FastAPI

from companion.web_shell.version import require_pinned_flet

require_pinned_flet()  # before Flet is imported: another Flet may fail inside its own imports

import flet_web  # noqa: E402
import flet_web.fastapi as flet_fastapi  # noqa: E402
from flet_web.version import version as flet_web_version  # noqa: E402

from companion.api import router  # noqa: E402
from companion.bundled import assets_dir  # noqa: E402
from companion.core.access import new_token  # noqa: E402
from companion.core.hub import Hub  # noqa: E402
from companion.core.pace import BURST, RATE, Pace  # noqa: E402
from companion import keep_awake, ui  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402
from companion.i18n import catalogue  # noqa: E402
from companion.rules import index as build_rules_index  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.context import ServerInfo  # noqa: E402
from companion.ui.devices import Screens  # noqa: E402
from companion.web_shell import comeback, page_lang  # noqa: E402
from companion.web_shell.font_manifest import FontManifestMiddleware  # noqa: E402
from companion.web_shell.index_page import PRELOAD, IndexPageMiddleware  # noqa: E402
from companion.server.webcache import CompressedStatic, WebCacheMiddleware  # noqa: E402
from companion.server.ws_guard import WebSocketGuard  # noqa: E402
from companion.server.known_hosts import HostGuard, KnownHosts  # noqa: E402

ASSETS = assets_dir()

# A phone that sleeps or loses Wi-Fi for up to this long resumes its own session;
# after it, a reconnecting phone simply starts a fresh session on the same link.
# Short enough that tabs closed for good do not pile up all evening.
SESSION_TIMEOUT_SECONDS = int(os.environ.get("COMPANION_SESSION_TIMEOUT", 15 * 60))
# Sessions of one client address that hold more than a notice (ui/devices.py): benches that play
# a whole hall of devices from 127.0.0.1 raise it.
SESSIONS_PER_ADDRESS = int(os.environ.get("COMPANION_SESSIONS_PER_ADDRESS", 64))
# Spectator screens of one table (ui/devices.py): a café's audience screens, or a bench's crowd.
SPECTATORS_PER_TABLE = int(os.environ.get("COMPANION_SPECTATORS_PER_TABLE", 16))
# Each device's changes a second (core/pace.py): benches that play a whole evening from one key raise it.
CHANGES_PER_SECOND = float(os.environ.get("COMPANION_CHANGES_PER_SECOND", RATE))


def cache_dir() -> Path:
    """Rebuildable files (the compressed web client): shared by every data folder."""
    return Path(os.environ.get("COMPANION_CACHE_DIR") or platformdirs.user_cache_dir("companion"))


def web_files() -> CompressedStatic:
    return CompressedStatic([ASSETS, Path(flet_web.get_package_web_dir())], cache_dir() / "webcache" / flet_web_version)


DOC_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})


def without_docs(app: FastAPI) -> FastAPI:
    """Flet's mounted app is a FastAPI made with its docs on; take those routes out again."""
    app.docs_url = app.redoc_url = app.openapi_url = None
    app.router.routes = [r for r in app.router.routes if getattr(r, "path", None) not in DOC_PATHS]
    return app


def warm_up() -> None:
    """Load now, before the server answers, what the first screens would otherwise load on
    the event loop that every device shares: the rules index (so the first question is
    answered at once), the strings and every UI module. Measured on a busy 2-core machine:
    the first render after a restart took 5 to 6 s (3.2 s parsing the strings, 0.9 s of
    imports), and every tablet and phone coming back waited behind it; now about 1 s."""
    build_rules_index()
    catalogue()
    for module in pkgutil.walk_packages(ui.__path__, "companion.ui."):
        importlib.import_module(module.name)


def build_app(data_dir: Path, base_url: str, addresses: Sequence[str] = (),
              fixed: bool = False, allow_hosts: Sequence[str] = ()) -> tuple[flet_fastapi.FastAPI, ServerInfo]:
    """`allow_hosts`: names this server answers to besides its own (companion/server/known_hosts.py)."""
    warm_up()
    hub = Hub(Path(data_dir), GAMES, pace=Pace(CHANGES_PER_SECOND, burst=max(BURST, int(2 * CHANGES_PER_SECOND))))
    admin_token = hub.store.secret("admin", new_token)
    info = ServerInfo(hub=hub, admin_token=admin_token, base_url=base_url, addresses=tuple(addresses),
                      fixed=fixed, screens=Screens(per_address=SESSIONS_PER_ADDRESS,
                                                   per_spectators=SPECTATORS_PER_TABLE),
                      session_timeout=SESSION_TIMEOUT_SECONDS)
    # No /docs, /redoc or /openapi.json: the API is documented in the README, not served.
    app = flet_fastapi.FastAPI(title="Companion", docs_url=None, redoc_url=None, openapi_url=None)
    app.include_router(router(hub, admin_token, boot_id=secrets.token_hex(6)))
    app.mount("/", without_docs(flet_fastapi.app(
        make_main(info),
        no_cdn=True,
        assets_dir=str(ASSETS),
        app_name="Companion",
        app_short_name="Companion",
        app_description="Scores, odds and rules for the board game on the table",
        session_timeout_seconds=SESSION_TIMEOUT_SECONDS,
    )))
    files = web_files()
    files.start()
    app.add_middleware(WebCacheMiddleware, files=files)
    app.add_middleware(FontManifestMiddleware)
    app.add_middleware(IndexPageMiddleware,
                       head=page_lang.SCRIPT + PRELOAD + comeback.script(SESSION_TIMEOUT_SECONDS) + keep_awake.SCRIPT)
    app.add_middleware(WebSocketGuard)
    app.add_middleware(HostGuard, hosts=KnownHosts.for_server(base_url, allow_hosts))
    return app, info
