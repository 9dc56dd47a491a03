"""The folders shipped inside the package: the rules in our own words and the web assets.

Authors edit `rules_data/` and `assets/` at the top of the repository; the package holds
them as `companion/rules_data` and `companion/assets` (links in a clone, copies in a built
wheel, see pyproject.toml), so one importlib.resources lookup finds them in a clone, an
editable install and a wheel installed anywhere alike.
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def folder(name: str) -> Path:
    """A bundled folder as a real directory: Flet's static files and SQLite need a path.

    Wheels install unpacked, so the package's resources are plain files on disk; a
    zipped install (zipapp, a zip on sys.path) would not serve the web client at all,
    hence the clear stop rather than a half-working server.
    """
    found = files("companion") / name
    if not isinstance(found, Path) or not found.is_dir():
        raise RuntimeError(f"Companion's bundled folder {name!r} is missing from {found}: reinstall the package")
    return found


def rules_dir() -> Path:
    """One folder per game, each holding en.yaml, pt.yaml and glossary.yaml."""
    return folder("rules_data")


def assets_dir() -> Path:
    """The font, the NoSleep script, icons, dice faces and the web manifest."""
    return folder("assets")
