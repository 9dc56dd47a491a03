import json
from pathlib import Path

import flet_web
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.staticfiles import StaticFiles

from companion.web_shell.font_manifest import FontManifestMiddleware

FLET_MANIFEST = Path(flet_web.get_package_web_dir()) / "assets" / "FontManifest.json"


def _families(manifest: list[dict]) -> set[str]:
    return {f["family"] for f in manifest}


def test_the_maths_fonts_are_left_out_and_every_other_font_kept():
    original = json.loads(FLET_MANIFEST.read_text())
    assert any(f.startswith("packages/flutter_math_fork/") for f in _families(original))  # else drop the patch
    app = FastAPI()
    app.mount("/", StaticFiles(directory=FLET_MANIFEST.parent.parent))
    app.add_middleware(FontManifestMiddleware)
    client = TestClient(app)
    r = client.get("/assets/FontManifest.json")
    served = r.json()
    assert int(r.headers["content-length"]) == len(r.content)
    assert _families(served) == {f for f in _families(original) if not f.startswith("packages/flutter_math_fork/")}
    assert "MaterialIcons" in _families(served)
    assert client.get("/flutter.js").content == (FLET_MANIFEST.parent.parent / "flutter.js").read_bytes()
