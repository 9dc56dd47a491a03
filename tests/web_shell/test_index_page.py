from fastapi import FastAPI
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.testclient import TestClient

from companion.web_shell.index_page import IndexPageMiddleware

PAGE = '<html><head><base href="/"><title>x</title><script src="python.js"></script></head><body></body></html>'


def _client(head: str, page: str = PAGE) -> TestClient:
    app = FastAPI()

    @app.get("/t/{table}")
    def table(table: str):
        return HTMLResponse(page, headers={"ETag": '"abc"'})

    @app.get("/flutter.js")
    def js():
        return PlainTextResponse("var head = '<base href=\"/\"></head>';")

    @app.get("/api/health")
    def health():
        return JSONResponse({"boot": "b1"})

    app.add_middleware(IndexPageMiddleware, head=head)
    return TestClient(app)


def test_pages_get_the_snippet_after_base_before_any_script_with_a_correct_length():
    r = _client("<script>SNIP</script>").get("/t/abc?k=1")
    assert r.text == PAGE.replace('<base href="/">', '<base href="/"><script>SNIP</script>')
    assert int(r.headers["content-length"]) == len(r.content)
    assert "etag" not in r.headers  # the page no longer matches the file's tag


def test_a_page_without_base_gets_it_before_head_ends():
    r = _client("<i>S</i>", page="<html><head><title>x</title></head></html>").get("/t/abc")
    assert r.text == "<html><head><title>x</title><i>S</i></head></html>"


def test_other_responses_pass_untouched():
    client = _client("<script>SNIP</script>")
    assert client.get("/flutter.js").text == "var head = '<base href=\"/\"></head>';"
    assert client.get("/api/health").json() == {"boot": "b1"}
