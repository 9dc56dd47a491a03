"""drive.py's reading of Flet's frames: type_into waits for the field's change event."""
from __future__ import annotations

from drive import _is_change

# As Chromium sent them for a name typed into a Score pad form (Flet 1.0.5): the field's new
# value, then its change event.
VALUE = b"\x00\x92\x04\x82\xa2id\xcc\xb7\xa5props\x81\xa5value\xa3Ana"
CHANGE = b"\x00\x92\x03\x83\xa6target\xcc\xb7\xa4name\xa6change\xa4data\xa3Ana"


def test_the_change_event_with_the_text_is_the_one_waited_for():
    assert _is_change(CHANGE, "Ana")
    assert not _is_change(VALUE, "Ana")  # the value alone does not run the app's on_change
    assert not _is_change(CHANGE, "An")  # nor a change to another text
    assert not _is_change(CHANGE.replace(b"\xa3Ana", b"\xa6Anabel"), "Ana")
