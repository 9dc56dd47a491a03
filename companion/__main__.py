"""`companion`: start the table server and say how the tablet and phones reach it."""
from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

import platformdirs

from companion import __version__
from companion.server.fdlimit import limit_line
from companion.server.folder_lock import FolderBusy, hold
from companion.server.net import candidates, check_url, startup_lines
from companion.qr import qr_terminal
from companion.server.serving import serve
from companion.web_shell.version import require_pinned_flet


def default_data_dir() -> Path:
    return Path(os.environ.get("COMPANION_DATA_DIR") or platformdirs.user_data_dir("companion"))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="companion", description="Serve the table companion on the LAN.")
    parser.add_argument("--host", default="0.0.0.0", help="address to bind (default: all interfaces)")
    parser.add_argument("--port", type=int, default=8550, help="port (default: 8550)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help=f"where tables are saved (default: {default_data_dir()})")
    parser.add_argument("--url", type=_url, default=None,
                        help="address phones use, e.g. http://192.168.1.20:8550 (default: the address "
                             "the tablet opened, else the detected LAN address)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME", type=_name,
                        help="one more name this server answers to, besides IP addresses, localhost, this "
                             "machine's names and the --url host (repeatable), e.g. tablet.lan")
    parser.add_argument("--quiet", action="store_true", help="do not print the QR code")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    return parser.parse_args(argv)


def _url(text: str) -> str:
    try:
        return check_url(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _name(text: str) -> str:
    name = text.strip().lower().rstrip(".")
    if not name or any(c in name for c in "/:@ "):
        raise argparse.ArgumentTypeError(f"not a host name: {text!r} (give the name alone, e.g. tablet.lan)")
    return name


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    data_dir = args.data_dir or default_data_dir()
    found = candidates(args.host, args.port)
    base_url = args.url or found[0].url
    require_pinned_flet()  # a wrong Flet stops the command before the data folder is made or locked
    try:
        lock = hold(data_dir, args.port, base_url)  # before any table file is read or any link printed
    except FolderBusy as busy:
        raise SystemExit(busy.message) from None
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    from companion.server.app import build_app  # imported late: Flet reads its env at import

    app, info = build_app(data_dir, base_url, addresses=[c.url for c in found], fixed=bool(args.url),
                          allow_hosts=args.allow_host)
    tablet = f"{base_url}/?admin={info.admin_token}"
    print(f"Companion is serving on port {args.port}  (data: {data_dir})")
    print("\n".join(startup_lines(found, base_url, fixed=bool(args.url))))
    if (low := limit_line()) is not None:
        print(low)
    print(f"Open this on the tablet: {tablet}")
    if not args.quiet:
        print(qr_terminal(tablet))
    print("Phones join by scanning the seat codes on the tablet's table screen.", flush=True)
    logging.basicConfig(level=logging.WARNING)
    try:
        serve(app, args.host, args.port)
    finally:
        lock.release()


if __name__ == "__main__":
    sys.exit(main())
