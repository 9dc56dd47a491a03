"""Rules prose as it reads on a screen: matched words marked, hard-wrapped lines rejoined.

Entries are written hard-wrapped at about 78 columns for review; a phone is
narrower and a tablet wider, so the text must flow again before it is shown.
"""
from __future__ import annotations

import re

import flet as ft

from companion.rules import highlight_spans


def mark_style() -> ft.TextStyle:
    """Amber with black letters reads in both light and dark themes. A new style for every span:
    Flet applies a device's property updates to the object itself, so one shared by every
    device's highlights could be restyled for all of them by one."""
    return ft.TextStyle(weight=ft.FontWeight.BOLD, bgcolor=ft.Colors.AMBER_200, color=ft.Colors.BLACK)

_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s")
_ENDS_LINE = (".", ":", "!", "?")


def reflow(text: str) -> str:
    """Join wrapped lines into paragraphs, keeping list items, blank lines and short closed lines apart."""
    blocks: list[str] = []
    joinable = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            blocks.append("")
            joinable = False
        elif joinable and not _ITEM.match(raw):
            blocks[-1] = f"{blocks[-1]} {line}"
        else:
            blocks.append(line)
        joinable = bool(line) and not line.endswith(_ENDS_LINE)
    return "\n".join(blocks).strip()


def marked(text: str, terms: list[str], **style: object) -> ft.Text:
    """`text` with the words the query matched in bold on amber, so the eye finds them at once."""
    spans = highlight_spans(text, terms) if terms else []
    if not spans:
        return ft.Text(text, **style)
    pieces: list[ft.TextSpan] = []
    at = 0
    for start, end in spans:
        if start > at:
            pieces.append(ft.TextSpan(text[at:start]))
        pieces.append(ft.TextSpan(text[start:end], style=mark_style()))
        at = end
    if at < len(text):
        pieces.append(ft.TextSpan(text[at:]))
    return ft.Text(spans=pieces, **style)


def excerpt(detail: str, terms: list[str], width: int = 160) -> str:
    """The part of `detail` around its first matched word, for a hit whose short answer shows none.

    Empty when nothing in `detail` matched: the short answer then says enough.
    """
    text = reflow(detail).replace("\n", " ")
    spans = highlight_spans(text, terms) if terms else []
    if not spans:
        return ""
    start = max(0, spans[0][0] - width // 3)
    if start:
        start = text.find(" ", start) + 1
    end = min(len(text), start + width)
    if end < len(text) and (cut := text.rfind(" ", start, end)) > start:
        end = cut
    return f"{'…' if start else ''}{text[start:end]}{'…' if end < len(text) else ''}"
