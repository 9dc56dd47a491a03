"""Shared fixtures: a hub over a temporary data folder with every registered game."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.games.registry import GAMES
from api_app import api_client
from watch import Watch


@pytest.fixture
def hub(tmp_path):
    return Hub(tmp_path / "data", GAMES)


@pytest.fixture
def client(hub):
    """The JSON API over `hub`, admin key `api_app.ADMIN`."""
    return api_client(hub)


def pytest_collection_modifyitems(items):
    """Fast unit tests first, the slow browser tests last: failures show up sooner."""
    items.sort(key=lambda item: "/e2e/" in str(item.fspath))


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_timeout_set_timer(item, settings):
    """pytest-timeout's timer, replaced (tests/watch.py): a test that runs too long fails,
    a browser test with what its pages were doing, and the worker goes on."""
    item.cancel_timeout = Watch(item, settings.timeout, browser="/e2e/" in str(item.fspath)).cancel
    return True
