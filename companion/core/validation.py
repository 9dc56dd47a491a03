"""Every request is checked against its declared schema before any game code runs.

The hub calls `event()` and `options()` for screens and the API alike, so a
clumsy or hostile request is refused with a message a player can read and
never reaches a reducer, the file, or another device. Refusals are RuleErrors
carrying a message key and its values, worded in English for the
log and re-worded in each device's language by the screens and the API.
"""
from __future__ import annotations

import json
import math
from typing import Any

from pydantic import BaseModel, ValidationError

from companion.core import drafts, steps
from companion.core.model import RuleError

MAX_DEPTH = 16
CLIENT_ID_MAX = 64
# Fields the hub owns: a command may carry them but the server writes its own.
SERVER_FIELDS = frozenset({"by", "at", "seq"})
# Union members and constrained types that pydantic names in an error's location.
_TYPE_LABELS = frozenset({"int", "str", "bool", "none", "float", "constrained-str", "constrained-int"})


def check_json(value: Any) -> None:
    """Refuse what cannot be saved and read back the same: deep nesting, NaN, lone surrogates."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RuleError("validation.too_deep", depth=MAX_DEPTH)
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise RuleError("validation.not_a_number")
        elif isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, str):
                    raise RuleError("validation.wrong_type", field=str(key)[:40])
                _check_text(key)
                stack.append((inner, depth + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((inner, depth + 1) for inner in item)
        elif item is not None and not isinstance(item, (bool, int, float)):
            raise RuleError("validation.wrong_type", field="?")


def as_json(value: dict) -> dict:
    """`value` as it will be stored and read back (tuples become lists), once checked it can be."""
    return _stored(value)[0]


def _stored(value: dict) -> tuple[dict, bool]:
    """`as_json(value)`, and whether all its text is ASCII (then no name in it needs isolating)."""
    check_json(value)
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    return json.loads(text), text.isascii()


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RuleError("validation.bad_text") from None


def event(schemas: dict[str, type[BaseModel]], command: object, control: frozenset[str]) -> dict:
    """The command as it may be handed to the game: checked, without the fields the server sets.

    `control` are the hub's own types (undo, redo), which carry no fields of their own.
    `client_id`, the step a command was sent from (`steps.FIELD`) and the draft a confirm was
    made from (`drafts.FIELD`) are the hub's to read.
    """
    if not isinstance(command, dict):
        raise RuleError("validation.not_object")
    command, ascii_only = _stored(command)
    kind = command.get("type")
    if not isinstance(kind, str):
        raise RuleError("validation.no_type")
    body = {k: v for k, v in command.items() if k not in SERVER_FIELDS}
    client_id = body.get("client_id")
    if "client_id" in body and not (isinstance(client_id, str) and 0 < len(client_id) <= CLIENT_ID_MAX):
        raise RuleError("validation.bad_client_id", max=CLIENT_ID_MAX)
    if steps.FIELD in body and not steps.valid(body[steps.FIELD]):
        raise RuleError("steps.bad_token", field=steps.FIELD)
    if drafts.FIELD in body and not drafts.valid(body[drafts.FIELD]):
        raise RuleError("drafts.bad_version", field=drafts.FIELD)
    fields = {k: v for k, v in body.items() if k not in ("client_id", steps.FIELD, drafts.FIELD)}
    if kind in control:
        extra = sorted(set(fields) - {"type"})
        if extra:
            raise RuleError("validation.unknown_field", field=short(extra[0]))
        return body
    schema = schemas.get(kind)
    if schema is None:
        raise RuleError("validation.unknown_type", type=short(kind))
    checked = _validate(schema, fields, ascii_only)
    return body if checked is fields else {**body, **checked}


def options(schema: type[BaseModel], given: object) -> dict:
    """A new table's options, checked against the game's options schema."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise RuleError("validation.not_object")
    given, ascii_only = _stored(given)
    return _validate(schema, given, ascii_only)


def _validate(schema: type[BaseModel], data: dict, ascii_only: bool) -> dict:
    """`data` as the schema leaves it: names isolated (core/names.py). Text all ASCII has no
    name to isolate, so `data` itself comes back and a plain change pays for no copy."""
    try:
        model = schema.model_validate(data)
    except ValidationError as err:
        raise _explain(err.errors(include_url=False, include_input=False)[0]) from None
    return data if ascii_only else {**data, **model.model_dump(mode="json", exclude_unset=True)}


def _explain(error: dict) -> RuleError:
    """One pydantic error as a refusal naming the field, never echoing the value sent."""
    where = [str(p) for p in error["loc"] if not (isinstance(p, str) and ("[" in p or p in _TYPE_LABELS))]
    field = short(".".join(where) or "?")
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "extra_forbidden":
        return RuleError("validation.unknown_field", field=field)
    if kind == "missing":
        return RuleError("validation.missing_field", field=field)
    if kind == "string_too_long":
        return RuleError("validation.too_long", field=field, max=ctx.get("max_length"))
    if kind == "too_long":
        return RuleError("validation.too_many", field=field, max=ctx.get("max_length"))
    if kind in ("too_short", "string_too_short"):
        least = ctx.get("min_length")
        if field == "players":  # the one a person meets most, creating a table with no names
            return RuleError("validation.no_players" if least == 1 else "validation.too_few_players", min=least)
        return RuleError("validation.too_few_one" if least == 1 else "validation.too_few", field=field, min=least)
    if kind in ("greater_than_equal", "greater_than"):
        return RuleError("validation.too_small", field=field, min=ctx.get("ge", ctx.get("gt")))
    if kind in ("less_than_equal", "less_than"):
        return RuleError("validation.too_large", field=field, max=ctx.get("le", ctx.get("lt")))
    if kind == "literal_error":
        return RuleError("validation.not_allowed", field=field)
    return RuleError("validation.wrong_type", field=field)


def short(text: str) -> str:
    """A field name as quoted back: bounded, so a 60 KB key cannot make a 60 KB message."""
    return text if len(text) <= 40 else text[:39] + "…"
