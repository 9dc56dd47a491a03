"""Score pad secrets: each seat's private note, in the state and in the event that wrote it."""
from __future__ import annotations

from companion.core.secrets import EventSecret, StateSecret

# The note's move names its secret (scorepad/moves.py).
NOTES = (StateSecret("notes"),)
NOTE = EventSecret(owners=("player",), fields=("text",))
