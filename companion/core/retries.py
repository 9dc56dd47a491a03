"""Retry keys (`client_id`), scoped to who sent them and bound to what they were sent with.

A device sends a random id with each command so that a retry after a lost answer is stored
once. An id is only a promise from the device that sent it: the same id from another seat is
another device's business (stored as its own change), and the same id from the same seat with a
different command is a bug or a replay, refused rather than answered with a change it did not
ask for. This is what payment APIs do with their idempotency keys.

The file keeps, beside each event made under an id, a digest of the command it came from, so the
check holds after a restart. The digest never reaches memory's events (`Retries` takes it out as
it reads them): a digest of a hidden command could be guessed back from an export. An event saved
before digests were kept answers any retry of its id by the same seat, as it always did.
"""
from __future__ import annotations

import hashlib
import json

from companion.core.model import RuleError

DIGEST = "client_digest"  # the stored field; read back and taken out of the event by Retries


def digest(fields: dict) -> str:
    """The command as the game reads it (no transport fields), in one canonical spelling."""
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Retries:
    """The events made under a client id, by (sender, id), with the digest each was made from."""

    def __init__(self, events: list[dict]) -> None:
        """Reads `events` as loaded from the file, and takes each one's digest out of it."""
        self._made: dict[tuple[str | None, str], tuple[dict, str | None]] = {}
        for event in events:
            sent = event.pop(DIGEST, None)
            if isinstance(event.get("client_id"), str):
                self._made.setdefault((event.get("by"), event["client_id"]), (event, sent))

    def earlier(self, by: str | None, client_id: str | None, sent: str | None) -> dict | None:
        """The event `by` made under `client_id` before, if it came from the same command;
        RuleError if that id already made another change; None for an id new to this sender."""
        if client_id is None:
            return None
        made = self._made.get((by, client_id))
        if made is None:
            return None
        event, was = made
        if was is not None and was != sent:
            raise RuleError("retries.used_for_another", seq=event["seq"])
        return event

    def stored(self, event: dict, sent: str | None) -> dict:
        """What to write for `event`: itself plus the digest of its command, when it has an id."""
        return {**event, DIGEST: sent} if sent is not None and "client_id" in event else event

    def remember(self, event: dict, sent: str | None) -> None:
        """Once saved, an event with a client id answers every retry of it by the same sender."""
        if "client_id" in event:
            self._made[(event.get("by"), event["client_id"])] = (event, sent)
