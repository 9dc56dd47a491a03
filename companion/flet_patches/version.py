"""The patches here reach into Flet's internals: on another Flet they would fail later, deep
inside Flet, with a message nobody can act on. Say it at start, in one line, instead."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

FLET_VERSION = "1.0.5"
DISTRIBUTIONS = ("flet", "flet-web")


def installed(distribution: str) -> str | None:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


def mismatch() -> str | None:
    """The one-line complaint when an installed Flet is not the pinned one, else None."""
    for distribution in DISTRIBUTIONS:
        found = installed(distribution)
        if found != FLET_VERSION:
            return (f"companion: found {distribution} {found or '(not installed)'}, needs {distribution} "
                    f"{FLET_VERSION} (run: pip install -e .)")
    return None


def require_pinned_flet() -> None:
    """Exit with one clear line (status 1) unless the pinned Flet is installed."""
    problem = mismatch()
    if problem:
        raise SystemExit(problem)
