from fastapi import FastAPI
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.testclient import TestClient

from companion.comeback import ComebackMiddleware, script


def _client(html: str) -> TestClient:
    app = FastAPI()

    @app.get("/t/{table}")
    def page(table: str):
        return HTMLResponse("<html><head><title>x</title></head><body></body></html>", headers={"ETag": '"abc"'})

    @app.get("/flutter.js")
    def js():
        return PlainTextResponse("var head = '</head>';")

    @app.get("/api/health")
    def health():
        return JSONResponse({"boot": "b1"})

    app.add_middleware(ComebackMiddleware, html=html)
    return TestClient(app)


def test_pages_get_the_script_before_head_ends_with_a_correct_length():
    client = _client("<script>SNIP</script>")
    r = client.get("/t/abc?k=1")
    assert r.text == "<html><head><title>x</title><script>SNIP</script></head><body></body></html>"
    assert int(r.headers["content-length"]) == len(r.content)
    assert "etag" not in r.headers  # the page no longer matches the file's tag


def test_other_responses_pass_untouched():
    client = _client("<script>SNIP</script>")
    assert client.get("/flutter.js").text == "var head = '</head>';"
    assert client.get("/api/health").json() == {"boot": "b1"}


def test_script_reloads_on_a_new_boot_and_after_outliving_the_session():
    text = script(session_timeout_s=900)
    assert "/api/health" in text and "h.boot !== boot" in text
    assert "limit = 840000" in text  # a minute before the server forgets the session
    assert "flet_session_id" in text  # the reload starts a fresh session
    assert text.count("if (leaving) { return; }") == 2  # one reload, never a second over it
    assert "limit = 1000" in script(session_timeout_s=2)
