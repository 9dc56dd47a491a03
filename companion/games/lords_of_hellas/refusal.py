"""Refusals that can be read in either language.

RuleError carries one message, and the game does not know the reader's
language when it refuses, so the English text goes in the message and the
string key and its values ride along for a UI that wants to re-translate.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.i18n import t


def refuse(key: str, **values: object) -> RuleError:
    """A RuleError worded by `key`; `raise refuse(...)` keeps call sites short."""
    error = RuleError(t(key, "en", **values))
    error.key = key  # type: ignore[attr-defined]
    error.values = values  # type: ignore[attr-defined]
    return error
