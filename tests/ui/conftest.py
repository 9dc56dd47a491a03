"""The live screens' tests run the real app in-process (live_device.py) over one server."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.ui.context import ServerInfo


@pytest.fixture
def server(hub: Hub) -> ServerInfo:
    return ServerInfo(hub=hub, admin_token="a" * 32, base_url="http://tablet.lan:8550")
