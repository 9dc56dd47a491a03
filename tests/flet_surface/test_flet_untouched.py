"""Flet is used, never changed: importing companion (and building the server) leaves every
function and class attribute of Flet's modules exactly as Flet defines them.

Run in a fresh interpreter, so nothing another test imported first hides a change."""
from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    import importlib, pkgutil, sys, tempfile
    from pathlib import Path

    def load(package):
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            try:
                importlib.import_module(info.name)
            except Exception:  # optional extras (desktop client, cli...) not installed here
                pass

    def snapshot():
        seen = {}
        for name, module in list(sys.modules.items()):
            if not name.split(".")[0] in ("flet", "flet_web"):
                continue
            for attr, value in list(vars(module).items()):
                seen[f"{name}.{attr}"] = id(value)
                if isinstance(value, type) and value.__module__ == name:
                    for member, inner in list(vars(value).items()):
                        seen[f"{name}.{attr}.{member}"] = id(inner)
        return seen

    load("flet")
    load("flet_web")
    before = snapshot()
    import companion
    load("companion")
    from companion.server.app import build_app
    build_app(Path(tempfile.mkdtemp()) / "data", "http://127.0.0.1:8550")
    after = snapshot()
    changed = sorted(k for k in before if after.get(k) != before[k])
    print("\\n".join(changed))
''')


def test_importing_companion_changes_nothing_of_flet(tmp_path):
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=600,
                            env={"COMPANION_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin",
                                 "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "", f"companion changed these Flet names:\n{result.stdout}"
