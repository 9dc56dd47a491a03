"""A Flet the test suite has not passed on stops the start with one line."""
import subprocess
import sys
from pathlib import Path

import pytest

from companion.web_shell import version

ROOT = Path(__file__).resolve().parents[2]


def test_the_pinned_flet_passes():
    assert version.mismatch() is None
    version.require_pinned_flet()


def test_another_flet_is_named_with_the_one_needed(monkeypatch):
    monkeypatch.setattr(version, "installed", lambda name: "1.0.6" if name == "flet-web" else version.FLET_VERSION)
    with pytest.raises(SystemExit) as stop:
        version.require_pinned_flet()
    assert "found flet-web 1.0.6, needs flet-web 1.0.5" in str(stop.value)
    assert "\n" not in str(stop.value)


def _fake_flet(tmp_path: Path, found: str) -> Path:
    """A flet distribution record that shadows the installed one (first on sys.path wins)."""
    info = tmp_path / f"flet-{found}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: flet\nVersion: {found}\n")
    return tmp_path


def test_the_command_exits_with_one_clear_line(tmp_path):
    shadow = _fake_flet(tmp_path, "0.28.3")
    run = subprocess.run([sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", "1",
                          "--data-dir", str(tmp_path / "data"), "--quiet"],
                         cwd=ROOT, env={"PYTHONPATH": str(shadow), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [
        "companion: found flet 0.28.3, needs flet 1.0.5 (run: pip install -e .)"]
    assert not (tmp_path / "data").exists()  # stopped before touching anything
