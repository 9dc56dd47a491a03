"""Flet gives every control an empty set for validation errors it may never report.

Flet 1.0.5's `validate(control, suppress_repeated_errors=True)`, run on each control before
it is sent, stores a set on the control on its first run, to report a repeated failure only
once. An empty set and its attribute are about 250 bytes per control; a phone's table screen
holds about 400 controls, so a hall of 50 tables with 6 devices each carried nearly 30 MiB
of empty sets (measured with tracemalloc, in-process). This makes the set when a failure is
first reported: the same errors are raised, each repeat still once. Drop it when Flet
creates the set lazily itself.
"""
from __future__ import annotations

from typing import Any

from flet.controls import base_control
from flet.utils import validation


def validate(instance: Any, *, suppress_repeated_errors: bool = False) -> None:
    """Flet 1.0.5's `validate`, with the set of reported errors made on the first failure."""
    spec = validation._compile_class_spec(instance.__class__)
    try:
        for field_name, rule in spec.field_rules:
            rule.validate(instance, field_name, getattr(instance, field_name))
        for rule in spec.class_rules:
            rule.validate(instance)
    except ValueError as ex:
        reported = validation._get_reported_validation_errors(instance) if suppress_repeated_errors else None
        if reported is None:
            raise
        signature = (ex.__class__.__name__, str(ex))
        if signature in reported:
            return
        reported.add(signature)
        raise
    else:
        reported = getattr(instance, validation._REPORTED_VALIDATION_ERRORS_KEY, None)
        if reported:
            reported.clear()  # validates again: a later failure is reported anew


def apply() -> None:
    base_control.validate = validate
