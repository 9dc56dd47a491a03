"""The real server (Flet's app around our API): no API docs served, other sites cannot write."""
import json
import urllib.error
import urllib.request

import pytest

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


def test_no_api_docs_or_schema_are_served(server):
    for path in ("/docs", "/redoc", "/openapi.json", "/api/openapi.json", "/api/docs"):
        status, body = _get(server.url + path)
        assert "swagger" not in body.lower() and "redoc" not in body.lower() and '"openapi"' not in body, path


def test_a_page_of_another_site_cannot_create_a_table_or_post_events(server):
    tables = server.api("GET", "/api/health")["tables"]
    request = urllib.request.Request(f"{server.url}/api/tables", method="POST",
                                     data=json.dumps({"game": "scorepad", "options": {"players": ["A"]}}).encode(),
                                     headers={"Content-Type": "text/plain", "Origin": "http://evil.example"})
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("a foreign page created a table")
    except urllib.error.HTTPError as err:
        assert err.code == 403 and json.loads(err.read())["error"]
        assert err.headers["X-Frame-Options"] == "DENY" and err.headers["Cache-Control"] == "no-store"
    assert server.api("GET", "/api/health")["tables"] == tables
