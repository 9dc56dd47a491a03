"""Lords Of Hellas hides nothing from anyone: every figure is on the board or the tablet."""
from __future__ import annotations

from companion.core.secrets import NO_SECRETS

SECRETS = NO_SECRETS
