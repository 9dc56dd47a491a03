"""Work-arounds for measured gaps of the one Flet release they were written for.

Each module fixes one thing and says how it was measured; drop it when Flet fixes it:
- `version`: refuses to start on any other Flet, before Flet is imported;
- `dead_socket`: a tab whose socket died while being written to still leaves its session;
- `comeback`: a page reloads itself after a server restart or a sleep its session did not survive;
- `index_page`: our lines in Flet's `index.html` (the comeback script, download hints);
- `font_manifest`: the fonts no screen of ours uses are not fetched before the first frame;
- `set_fields`: mounting and unmounting controls walks their set fields, not all declared ones;
- `send_log`: a message sent is not written out for a debug log that is off;
- `lazy_validation`: a control gets its set of reported validation errors only when one fails;
- `rewrite`: the body editing those two share.

This package imports nothing from Flet itself, so the version check runs first.
"""
