"""No function body of the installed Flet is copied into companion/: a run of six or more
lines (whitespace normalised, blank lines aside) that also appears in Flet's sources fails."""
from __future__ import annotations

import importlib.util
from pathlib import Path

RUN = 6
ROOT = Path(__file__).resolve().parents[2] / "companion"


def lines(path: Path) -> list[tuple[int, str]]:
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        text = " ".join(line.split())
        if text:
            out.append((number, text))
    return out


def runs(path: Path) -> list[tuple[int, tuple[str, ...]]]:
    numbered = lines(path)
    return [(numbered[n][0], tuple(t for _, t in numbered[n:n + RUN])) for n in range(len(numbered) - RUN + 1)]


def flet_runs() -> set[tuple[str, ...]]:
    found = set()
    for package in ("flet", "flet_web"):
        for path in Path(importlib.util.find_spec(package).origin).parent.rglob("*.py"):
            found.update(run for _, run in runs(path))
    return found


def test_no_run_of_six_lines_of_flet_in_companion():
    flet = flet_runs()
    copied = [f"{path.relative_to(ROOT.parent)}:{line}" for path in sorted(ROOT.rglob("*.py"))
              for line, run in runs(path) if run in flet]
    assert not copied, "lines also in Flet's sources:\n" + "\n".join(copied)
