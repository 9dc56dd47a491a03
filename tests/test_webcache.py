import gzip
import json
from pathlib import Path

import brotli
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.staticfiles import StaticFiles

from companion.bundled import assets_dir
from companion.server.webcache import CompressedStatic, WebCacheMiddleware

ASSETS = assets_dir()  # as installed: the manifest and its icons ship together


@pytest.fixture
def served(tmp_path):
    root = tmp_path / "web"
    root.mkdir()
    (root / "main.dart.js").write_text("console.log('hello');\n" * 500)
    (root / "tiny.js").write_text("x")
    (root / "pyodide").mkdir()
    (root / "pyodide" / "big.js").write_text("y" * 5000)
    files = CompressedStatic([root], tmp_path / "cache")
    files.build()
    inner = FastAPI()
    inner.mount("/", StaticFiles(directory=root))
    app = FastAPI()
    app.mount("/", inner)
    app.add_middleware(WebCacheMiddleware, files=files)
    return TestClient(app), root


def _raw(client, path, encoding, **headers):
    """Fetch without letting the client decode, to see the bytes on the wire."""
    with client.stream("GET", path, headers={"Accept-Encoding": encoding, **headers}) as r:
        return r, b"".join(r.iter_raw())


@pytest.mark.parametrize("encoding,decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_compressed_bytes_decode_to_the_original(served, encoding, decode):
    client, root = served
    r, body = _raw(client, "/main.dart.js", encoding)
    assert r.status_code == 200
    assert r.headers["content-encoding"] == encoding
    assert r.headers["vary"] == "Accept-Encoding" and r.headers["cache-control"] == "no-cache"
    assert r.headers["content-type"].startswith("text/javascript")
    assert len(body) < (root / "main.dart.js").stat().st_size / 5
    assert decode(body) == (root / "main.dart.js").read_bytes()


def test_brotli_preferred_and_identity_when_not_accepted(served):
    client, root = served
    r, _ = _raw(client, "/main.dart.js", "gzip, deflate, br")
    assert r.headers["content-encoding"] == "br"
    r, body = _raw(client, "/main.dart.js", "identity")
    assert "content-encoding" not in r.headers and body == (root / "main.dart.js").read_bytes()
    assert r.headers["cache-control"] == "no-cache" and r.headers["etag"]


def test_second_visit_revalidates_with_304(served):
    client, _ = served
    r, _ = _raw(client, "/main.dart.js", "br")
    r2, body = _raw(client, "/main.dart.js", "br", **{"If-None-Match": r.headers["etag"]})
    assert r2.status_code == 304 and body == b""
    plain, _ = _raw(client, "/tiny.js", "br")
    again, _ = _raw(client, "/tiny.js", "br", **{"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304


def test_a_changed_file_gets_a_new_etag(served):
    client, root = served
    first, _ = _raw(client, "/main.dart.js", "br")
    (root / "main.dart.js").write_text("console.log('v2');\n" * 600)
    client.app.user_middleware  # the middleware instance is rebuilt per app; rebuild the cache
    files = CompressedStatic([root], Path(str(root) + "-cache2"))
    files.build()
    assert files.compressed(root, root / "main.dart.js", "br")[0].stem != first.headers["etag"].strip('"').rsplit("-", 1)[0]


def test_small_unsafe_and_skipped_paths_are_not_compressed(served):
    client, _ = served
    r, _ = _raw(client, "/tiny.js", "br")
    assert "content-encoding" not in r.headers
    r, _ = _raw(client, "/pyodide/big.js", "br")
    assert "content-encoding" not in r.headers
    r, _ = _raw(client, "/../etc/passwd", "br")
    assert r.status_code == 404


def test_manifest_is_installable():
    manifest = json.loads((ASSETS / "manifest.json").read_text())
    assert manifest["name"] == "Companion" and manifest["display"] in {"standalone", "fullscreen"}
    assert manifest["start_url"]
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon.get("purpose", "any") == "any"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        data = (ASSETS / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]


def test_a_file_asked_for_before_its_copy_exists_is_compressed_on_the_spot(tmp_path):
    """A brand-new install: the first phone must not get the client uncompressed."""
    root = tmp_path / "web"
    root.mkdir()
    (root / "main.dart.wasm").write_bytes(b"\0asm" + b"wasm bytes " * 2000)
    files = CompressedStatic([root], tmp_path / "cache")  # never built
    inner = FastAPI()
    inner.mount("/", StaticFiles(directory=root))
    app = FastAPI()
    app.mount("/", inner)
    app.add_middleware(WebCacheMiddleware, files=files)
    client = TestClient(app)
    r, body = _raw(client, "/main.dart.wasm", "gzip, deflate, br")
    assert r.headers["content-encoding"] == "br" and r.headers["content-type"] == "application/wasm"
    assert brotli.decompress(body) == (root / "main.dart.wasm").read_bytes()
    assert [p.suffix for p in (tmp_path / "cache").iterdir()] == [".br"]  # kept for the next phone
    again, _ = _raw(client, "/main.dart.wasm", "br", **{"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
