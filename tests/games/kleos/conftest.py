"""A Kleos table of two gods (Ares and Athena on their home temples) for the shared-draft tests,
with the tablet's and Athena's phone's access to it."""
from __future__ import annotations

from typing import Callable

import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.livetable import LiveTable

HOST = Access("host")
ATHENA = Access("seat", "athena")
OPTIONS = {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}}


@pytest.fixture
def host() -> Access:
    return HOST


@pytest.fixture
def athena() -> Access:
    return ATHENA


@pytest.fixture
def two_gods(hub: Hub) -> Callable[[], LiveTable]:
    """A new table at each call: a test that compares an old-style table with a new one makes two."""
    return lambda: hub.create("kleos", OPTIONS)
