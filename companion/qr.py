"""QR codes as SVG (no Pillow needed) and as text for the terminal."""
from __future__ import annotations

import io
from functools import lru_cache

import qrcode
import qrcode.image.svg


@lru_cache(maxsize=256)
def qr_svg(text: str) -> str:
    """An SVG of `text`; black modules on transparent, so show it on a white card.
    Cached: the host screen redraws on every change and the links never change."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    return image.to_string(encoding="unicode")


def qr_terminal(text: str) -> str:
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
