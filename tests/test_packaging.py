"""What the wheel carries: every data file the app reads, and the licences of what it vendors.

The wheel itself is built, installed and started by .ci/run (.ci/smoke.py); these checks
catch the cheap mistakes first, without a build: a new kind of data file that the
package-data patterns in pyproject.toml miss, a vendored file whose licence is not named or
not shipped.
"""
from __future__ import annotations

import fnmatch
import subprocess
import sys
import tomllib
from pathlib import Path

import companion
from companion.bundled import assets_dir, rules_dir

CLONE = Path(__file__).resolve().parents[1]
SETUP = tomllib.loads((CLONE / "pyproject.toml").read_text(encoding="utf-8"))
FIND = SETUP["tool"]["setuptools"]["packages"]["find"]


def _shipped(relative: str) -> bool:
    """As setuptools decides: the file's folder is a package it finds (each data folder is one,
    under companion/ through the links) and the file's name matches the package-data patterns."""
    folder, name = relative.rsplit("/", 1)
    package = "companion." + folder.replace("/", ".")
    found = any(fnmatch.fnmatchcase(package, p) for p in FIND["include"]) and not any(
        fnmatch.fnmatchcase(package, p) for p in FIND["exclude"])
    return found and any(fnmatch.fnmatchcase(name, p) for p in SETUP["tool"]["setuptools"]["package-data"]["*"])


def _data_files() -> list[str]:
    return sorted(str(p.relative_to(CLONE)) for top in ("assets", "rules_data")
                  for p in (CLONE / top).rglob("*") if p.is_file())


def test_every_data_file_but_the_screenshots_is_shipped_in_the_wheel():
    files = _data_files()
    assert "assets/fonts/DejaVuSans.ttf" in files and "rules_data/kleos/pt.yaml" in files
    for relative in files:
        assert _shipped(relative) != relative.startswith("assets/screenshots/"), relative
    assert (CLONE / "companion" / "assets").resolve() == (CLONE / "assets").resolve()
    assert (CLONE / "companion" / "rules_data").resolve() == (CLONE / "rules_data").resolve()


def test_the_package_finds_its_folders_through_importlib_resources():
    assert (rules_dir() / "kleos" / "en.yaml").is_file() and (rules_dir() / "kleos" / "pt.yaml").is_file()
    assert (assets_dir() / "nosleep" / "NoSleep.min.js").is_file()
    assert rules_dir().parent == assets_dir().parent == Path(companion.__file__).parent


def test_each_vendored_file_is_named_in_notice_and_its_licence_ships():
    notice = (CLONE / "NOTICE").read_text(encoding="utf-8")
    licences = SETUP["project"]["license-files"]
    vendored = sorted((CLONE / "assets").rglob("LICENSE-*"))
    assert len(vendored) >= 2  # the DejaVu font and NoSleep.js
    for licence in vendored:
        assert str(licence.relative_to(CLONE)) in licences and _shipped(str(licence.relative_to(CLONE)))
        for file in licence.parent.iterdir():
            assert file == licence or str(file.relative_to(CLONE)) in notice, file
    assert {"LICENSE", "NOTICE"} <= set(licences)
    assert SETUP["project"]["license"] == "MIT" and "MIT License" in (CLONE / "LICENSE").read_text()


def test_version_is_printed_by_the_command():
    run = subprocess.run([sys.executable, "-m", "companion", "--version"], capture_output=True, text=True,
                         timeout=60, check=True)
    assert run.stdout.strip() == f"companion {companion.__version__}"
