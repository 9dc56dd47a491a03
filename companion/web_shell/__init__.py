"""What we add around the Flet web app, through Starlette and the page only (Flet is never changed):
- `version`: refuses to start on a Flet the test suite has not passed on, before Flet is imported;
- `comeback`: a page reloads itself after a server restart or a sleep its session did not survive;
- `index_page`: our lines in Flet's `index.html` (the comeback script, download hints);
- `font_manifest`: the fonts no screen of ours uses are not fetched before the first frame;
- `rewrite`: the body editing those two share.

This package imports nothing from Flet itself, so the version check runs first.
"""
