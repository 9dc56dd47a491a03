"""The JSON API alone, over a hub, for the tests that talk to it without a browser."""
from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from companion.api import router
from companion.core.hub import Hub

ADMIN = "admin-secret"


def api_app(hub: Hub, admin: str = ADMIN) -> FastAPI:
    app = FastAPI()
    app.include_router(router(hub, admin))
    return app


def api_client(hub: Hub, **options: object) -> TestClient:
    """`options` go to TestClient (raise_server_exceptions=False: a 500 is an answer to check)."""
    return TestClient(api_app(hub), **options)
