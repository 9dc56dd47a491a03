"""Start only on a Flet the test suite has passed on. Companion uses Flet's public API only, but
its live screens lean on how Flet reconciles components (ids kept, only differences sent),
which a release can change: on an untried Flet the app would misbehave later, in ways nobody
can act on. Say it at start, in one line, instead; add a version here once the suite passes on it."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

FLET_VERSIONS = ("1.0.5",)  # every Flet release the whole test suite has passed on
FLET_VERSION = FLET_VERSIONS[-1]  # the one `pip install -e .` installs
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
        if found not in FLET_VERSIONS:
            return (f"companion: found {distribution} {found or '(not installed)'}, needs {distribution} "
                    f"{FLET_VERSION} (run: pip install -e .)")
    return None


def require_pinned_flet() -> None:
    """Exit with one clear line (status 1) unless a Flet the suite passed on is installed."""
    problem = mismatch()
    if problem:
        raise SystemExit(problem)
