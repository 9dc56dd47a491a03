"""One server per data folder (issue #43): two servers on one folder lost acknowledged changes."""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest
from drive import Server, _free_port

from companion.server.folder_lock import FILE, FolderBusy, hold


def test_a_second_hold_on_the_folder_is_refused_and_names_the_holder(tmp_path):
    first = hold(tmp_path, 8550, "http://192.168.1.20:8550")
    with pytest.raises(FolderBusy) as refused:
        hold(tmp_path, 8551, "http://192.168.1.20:8551")
    assert "http://192.168.1.20:8550" in refused.value.message
    assert str(tmp_path) in refused.value.message
    # the refused start left the holder's record as it was
    assert json.loads((tmp_path / FILE).read_text())["port"] == 8550
    first.release()
    hold(tmp_path, 8551, "http://192.168.1.20:8551").release()  # the lock goes with its holder


def test_a_second_server_on_one_folder_exits_at_once_and_the_first_keeps_serving(tmp_path):
    first = Server(tmp_path / "data")
    first.start()
    try:
        table = first.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["ana", "bo"]}})
        files_before = sorted(p.name for p in (tmp_path / "data" / "tables").iterdir())
        port = _free_port()
        second = subprocess.run(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
             "--data-dir", str(tmp_path / "data")],
            capture_output=True, text=True, timeout=120)
        assert second.returncode != 0
        assert f"http://127.0.0.1:{first.port}" in second.stderr
        assert str(tmp_path / "data") in second.stderr
        assert "admin=" not in second.stdout  # no link printed
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2)
        assert sorted(p.name for p in (tmp_path / "data" / "tables").iterdir()) == files_before
        assert first.api("GET", f"/api/tables/{table['id']}?k={table['host_token']}")["game"] == "scorepad"
    finally:
        first.stop()
