"""Shared fixtures: a hub over a temporary data folder with every registered game."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.games.registry import GAMES


@pytest.fixture
def hub(tmp_path):
    return Hub(tmp_path / "data", GAMES)
