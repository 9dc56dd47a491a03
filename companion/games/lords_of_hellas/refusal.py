"""Refusals worded by a message key, so each device reads them in its own language."""
from __future__ import annotations

from companion.core.model import RuleError


def refuse(key: str, **values: object) -> RuleError:
    """A RuleError worded by `key`; `raise refuse(...)` keeps call sites short."""
    return RuleError(key, **values)
