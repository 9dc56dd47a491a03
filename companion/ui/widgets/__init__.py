"""Reusable pieces of screen: big touch buttons, steppers, the QR card, the history list."""
