"""The whole server in one ASGI app: the JSON API under /api, the Flet web app at /.

Flet's own FastAPI subclass is the outer app because its lifespan starts the
session manager that the mounted Flet app needs (a mounted app's lifespan
never runs in Starlette).
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Sequence

import platformdirs

import flet_web
import flet_web.fastapi as flet_fastapi
from flet_web.version import version as flet_web_version

from companion import flet_fixes
from companion.api import router
from companion.core.access import new_token
from companion.core.hub import Hub
from companion.games.registry import GAMES
from companion.rules import index as build_rules_index
from companion.ui.app import make_main
from companion.ui.context import ServerInfo
from companion import keep_awake
from companion.comeback import ComebackMiddleware
from companion.comeback import script as comeback_script
from companion.webcache import CompressedStatic, WebCacheMiddleware

ASSETS = Path(__file__).resolve().parent.parent / "assets"

# A phone that sleeps or loses Wi-Fi for up to this long resumes its own session;
# after it, a reconnecting phone simply starts a fresh session on the same link.
# Short enough that tabs closed for good do not pile up all evening.
SESSION_TIMEOUT_SECONDS = int(os.environ.get("COMPANION_SESSION_TIMEOUT", 15 * 60))


def cache_dir() -> Path:
    """Rebuildable files (the compressed web client): shared by every data folder."""
    return Path(os.environ.get("COMPANION_CACHE_DIR") or platformdirs.user_cache_dir("companion"))


def web_files() -> CompressedStatic:
    return CompressedStatic([ASSETS, Path(flet_web.get_package_web_dir())], cache_dir() / "webcache" / flet_web_version)


def build_app(data_dir: Path, base_url: str, addresses: Sequence[str] = (),
              fixed: bool = False) -> tuple[flet_fastapi.FastAPI, ServerInfo]:
    build_rules_index()  # now, so the first question at the table is answered at once
    flet_fixes.apply()
    hub = Hub(Path(data_dir), GAMES)
    admin_token = hub.store.secret("admin", new_token)
    info = ServerInfo(hub=hub, admin_token=admin_token, base_url=base_url, addresses=tuple(addresses),
                      fixed=fixed)
    app = flet_fastapi.FastAPI(title="Companion", docs_url=None, redoc_url=None,
                               openapi_url="/api/openapi.json")
    app.include_router(router(hub, admin_token, boot_id=secrets.token_hex(6)))
    app.mount("/", flet_fastapi.app(
        make_main(info),
        no_cdn=True,
        assets_dir=str(ASSETS),
        app_name="Companion",
        app_short_name="Companion",
        app_description="Scores, odds and rules for the board game on the table",
        session_timeout_seconds=SESSION_TIMEOUT_SECONDS,
    ))
    files = web_files()
    files.start()
    app.add_middleware(WebCacheMiddleware, files=files)
    app.add_middleware(ComebackMiddleware, html=comeback_script(SESSION_TIMEOUT_SECONDS) + keep_awake.SCRIPT)
    return app, info
