"""Everything that can be wrong with a rules file, as readable problems.

The loader skips malformed entries so a typo never takes the tablet down;
this is where those typos surface instead, through the test suite.
"""
from __future__ import annotations

import re
from pathlib import Path

from companion.rules.library import GAMES, LANGS, read_file

ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
REQUIRED = ("id", "title", "answer", "detail", "tags", "related")
ALLOWED = set(REQUIRED) | {"source"}
# "One or two lines": longer than this and the quick answer stops being quick.
MAX_ANSWER = 320


def _entry_problems(where: str, raw: object, ids: set[str]) -> list[str]:
    if not isinstance(raw, dict):
        return [f"{where}: an entry must be a mapping"]
    out = [f"{where}: missing {k!r}" for k in REQUIRED if k not in raw]
    out += [f"{where}: unknown field {k!r}" for k in raw if k not in ALLOWED]
    if not ID.match(str(raw.get("id", ""))):
        out.append(f"{where}: id {raw.get('id')!r} is not lowercase-hyphenated")
    for k in ("title", "answer", "detail"):
        if k in raw and (not isinstance(raw[k], str) or not raw[k].strip()):
            out.append(f"{where}: {k} must be non-empty text")
    if isinstance(raw.get("answer"), str) and len(raw["answer"].strip()) > MAX_ANSWER:
        out.append(f"{where}: answer is longer than {MAX_ANSWER} characters; move the rest to detail")
    tags = raw.get("tags")
    if "tags" in raw and (not isinstance(tags, list) or not tags or not all(isinstance(t, str) and t.strip() for t in tags)):
        out.append(f"{where}: tags must be a non-empty list of words")
    related = raw.get("related")
    if "related" in raw and (not isinstance(related, list) or not all(isinstance(r, str) for r in related)):
        out.append(f"{where}: related must be a list of ids")
    elif isinstance(related, list):
        out += [f"{where}: related {r!r} is not an entry of this file" for r in related if r not in ids]
        if raw.get("id") in related:
            out.append(f"{where}: an entry cannot be related to itself")
    if "source" in raw and not isinstance(raw["source"], str):
        out.append(f"{where}: source must be text such as \"p. 12\"")
    return out


def problems(path: Path) -> list[str]:
    """What is wrong with one rules file (empty when it is valid)."""
    game, lang = path.parent.name, path.stem
    out = []
    if game not in GAMES:
        out.append(f"{path}: folder {game!r} is not a known game")
    if lang not in LANGS or path.suffix != ".yaml":
        out.append(f"{path}: name must be en.yaml or pt.yaml")
    try:
        data = read_file(path)
    except Exception as exc:  # any YAML error is a problem to report, not a crash
        return out + [f"{path}: not valid YAML ({exc})"]
    if not isinstance(data, dict):
        return out + [f"{path}: must be a mapping with game, lang and entries"]
    if data.get("game") != game or data.get("lang") != lang:
        out.append(f"{path}: game/lang fields say {data.get('game')}/{data.get('lang')}, path says {game}/{lang}")
    entries = data.get("entries")
    if not isinstance(entries, list) or not entries:
        return out + [f"{path}: entries must be a non-empty list"]
    ids = [e.get("id") for e in entries if isinstance(e, dict)]
    out += [f"{path}: id {i!r} is used twice" for i in sorted({i for i in ids if ids.count(i) > 1}, key=str)]
    known = {str(i) for i in ids}
    for n, raw in enumerate(entries):
        name = raw.get("id") if isinstance(raw, dict) else None
        out += _entry_problems(f"{path} entry {n + 1} ({name})", raw, known)
    return out
