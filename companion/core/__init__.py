"""The UI-free core: tables, the event log, the hub and access tokens."""
