"""Score pad secrets: each seat's private note, in the state and in the event that wrote it."""
from __future__ import annotations

from companion.core.secrets import EventSecret, Secrets, StateSecret

SECRETS = Secrets(
    state=(StateSecret("notes"),),
    events={"note.set": EventSecret(owners=("player",), fields=("text",))},
)
