"""The figures of issue 45 on the 24 screens: what a screen reader gets from each (tests/e2e/read_aloud.py).

    .venv/bin/python bench/read_aloud.py

Prints, per screen and in total: controls without a name, names read twice, a page language other
than the device's, images (QR codes) without a text alternative, headings, English words on
Portuguese screens, and where Undo comes in a tablet's reading order.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))

from drive import ARGS, CHROMIUM, Server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from read_aloud import LANGS, SCREENS, make_tables, open_screen, read  # noqa: E402


def main() -> None:
    server = Server(Path(tempfile.mkdtemp(prefix="read-aloud-")) / "data")
    totals = {"unnamed": 0, "twice": 0, "wrong lang": 0, "images without text": 0, "with headings": 0,
              "English on pt": 0}
    try:
        server.start()  # inside: a start that timed out still stops its server
        tables = make_tables(server)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for lang in LANGS:
                for screen, device in SCREENS:
                    page = open_screen(browser, server, tables, screen, device, lang)
                    got = read(page)
                    page.context.close()
                    wrong = got.lang.split("-")[0].lower() != lang
                    english = len(set(got.english)) if lang == "pt" else 0
                    totals["unnamed"] += len(got.unnamed)
                    totals["twice"] += len(got.twice)
                    totals["wrong lang"] += wrong
                    totals["images without text"] += got.images_without_text
                    totals["with headings"] += got.headings > 0
                    totals["English on pt"] += english
                    undo = f"{got.undo_at[0]} of {got.undo_at[1]}" if got.undo_at else "-"
                    print(f"{screen:17} {device:6} {lang}  unnamed {len(got.unnamed):3}  twice {len(got.twice):3}  "
                          f"lang {got.lang or '-':6} images w/o text {got.images_without_text}/{got.images}  "
                          f"headings {got.headings:2}  English {sorted(set(got.english)) if english else '-'}  "
                          f"Undo {undo}", flush=True)
            browser.close()
    finally:
        server.stop()
    print("totals on", 2 * len(SCREENS), "screens:", totals)


if __name__ == "__main__":
    main()
