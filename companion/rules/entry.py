"""The two shapes the rules look-up hands to the UI: a whole entry and a search hit."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Entry:
    """One rules topic in one language, as written in rules_data/<game>/<lang>.yaml."""

    game: str
    lang: str
    id: str
    title: str
    answer: str
    detail: str
    tags: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    source: str | None = None

    @property
    def text(self) -> str:
        """Answer then detail: the body a hit shows and the UI highlights."""
        return f"{self.answer}\n\n{self.detail}".strip()


@dataclass(frozen=True)
class Hit:
    """A ranked search result; `score` only orders hits of one query (higher is better)."""

    game: str
    id: str
    lang: str
    title: str
    text: str
    score: float
    answer: str
