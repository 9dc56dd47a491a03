"""ui.draft.shared: the slice of a shared form that a part is built from, worked out on every device
for every change."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.core import drafts
from companion.ui import draft


def device():
    return SimpleNamespace(snap={"seats": [{"id": "ana", "name": "Ana"}]}, t=lambda key: key)


def test_an_empty_form_gives_the_slice_of_no_entries_without_a_digest(monkeypatch):
    """Most forms are empty most of the time: their version is the one of no entries, and no
    device digests (JSON, SHA-256) nothing again on every change."""
    state = {drafts.KEY: {"bid": {"round": 1, "entries": {"x": 1}, "by": {"x": "ana"}, "version": "v"}}}
    filled = draft.shared(device(), state, "bid")
    assert filled == ((("x", 1),), drafts.version(state, "bid"), ("Ana",))
    monkeypatch.setattr(drafts, "_digest", lambda held: pytest.fail("an empty form digested"))
    for empty in ({}, {drafts.KEY: {}}, {drafts.KEY: {"other": {}}}, {drafts.KEY: {"bid": None}}):
        assert draft.shared(device(), empty, "bid") == ((), draft._EMPTY, ())
        assert draft.shared(device(), empty, "bid", "ana") == ((), draft._EMPTY, ())
    monkeypatch.undo()
    assert draft._EMPTY == drafts.version({}, "bid") == drafts.version({}, "keep", "ana")
