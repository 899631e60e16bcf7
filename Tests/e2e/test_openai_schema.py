"""The chat-completions wire format against OpenAI's published schema.

- Every canned reply in Tests/ChatServerStub/Fixtures/chat validates as CreateChatCompletionResponse or ErrorResponse.
- Every request body the Swift provider tests sent (.build/ai-wire/requests, written by the loopback server) validates
  as CreateChatCompletionRequest.
- `snappost posts --provider openai` against a fake server here sends a valid request and prints the drafts.
"""

import json
import os
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "openai" / "chat-completions.openapi.json"
FIXTURES = ROOT / "Tests" / "ChatServerStub" / "Fixtures" / "chat"
WIRE = ROOT / ".build" / "ai-wire" / "requests"
SNAPPOST = ROOT / ".build" / "debug" / "snappost"
PAGE = ROOT.parent / "shared" / "photos" / "pages" / "boston_cooking_a.txt"


@pytest.fixture(scope="module")
def spec():
    return json.loads(SPEC.read_text())


def validator(spec, name):
    """A validator for one component; its `$ref`s resolve into the spec's own `#/components/schemas`."""
    schema = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
    return Draft202012Validator(schema)


def errors(spec, name, instance):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(spec, name).iter_errors(instance)]


def test_every_schema_ref_resolves(spec):
    schemas = spec["components"]["schemas"]
    refs = []

    def walk(node):
        if isinstance(node, dict):
            if "$ref" in node:
                refs.append(node["$ref"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schemas)
    assert refs
    for ref in refs:
        assert ref.startswith("#/components/schemas/"), ref
        assert ref.split("/")[-1] in schemas, ref


def test_schema_check_is_not_vacuous(spec):
    assert errors(spec, "CreateChatCompletionRequest", {"model": "m", "messages": [{"role": "robot", "content": "hi"}]})
    assert errors(spec, "CreateChatCompletionRequest", {"model": "m", "messages": []})
    bad_format = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "response_format": {"type": "json_schema"}}
    assert errors(spec, "CreateChatCompletionRequest", bad_format)
    assert errors(spec, "ErrorResponse", {"error": {"message": "no type, code or param"}})
    assert errors(spec, "CreateChatCompletionResponse", {"id": "x", "object": "chat.completion", "created": 1, "model": "m"})


FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))


def test_fixtures_exist():
    names = {path.stem for path in FIXTURE_FILES}
    assert {"ok_object", "ok_bare_array", "ok_fenced", "ok_think", "truncated", "error_rate_limited"} <= names


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_canned_reply_matches_the_schema(spec, path):
    body = json.loads(path.read_text())
    name = "ErrorResponse" if path.stem.startswith("error_") else "CreateChatCompletionResponse"
    assert errors(spec, name, body) == []


def validate_request(spec, body):
    assert errors(spec, "CreateChatCompletionRequest", body) == []
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert all(isinstance(m["content"], str) and m["content"] for m in body["messages"])
    fmt = body.get("response_format")
    if fmt and fmt["type"] == "json_schema":
        inner = fmt["json_schema"]
        assert inner["strict"] is True and inner["name"] and inner["schema"]["type"] == "object"
        assert inner["schema"]["additionalProperties"] is False
        item = inner["schema"]["properties"]["posts"]["items"]
        assert set(item["required"]) == set(item["properties"]) and item["additionalProperties"] is False


def test_requests_sent_by_the_swift_tests_match_the_schema(spec):
    files = sorted(WIRE.glob("*.json"))
    assert files, f"no request bodies in {WIRE}: run `swift test` first (make test does)"
    formats = set()
    for path in files:
        body = json.loads(path.read_text())
        validate_request(spec, body)
        formats.add((body.get("response_format") or {}).get("type", "none"))
    assert formats == {"json_schema", "json_object", "none"}, formats


class FakeProvider(BaseHTTPRequestHandler):
    """Answers every POST with `status` and the body of `fixture`, keeping what it received."""

    status = 200
    fixture = "ok_object"
    received: list = []

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        FakeProvider.received.append((self.path, dict(self.headers), json.loads(self.rfile.read(length))))
        payload = (FIXTURES / f"{FakeProvider.fixture}.json").read_bytes()
        self.send_response(FakeProvider.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture()
def fake_provider():
    FakeProvider.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeProvider)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def run_posts(base_url, *extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SNAPPOST_AI_")}
    env.update(SNAPPOST_AI_BASE_URL=base_url, SNAPPOST_AI_KEY="sk-e2e", SNAPPOST_AI_MODEL="e2e-model")
    args = [str(SNAPPOST), "posts", "--text-file", str(PAGE), "--book", "Boston Cooking-School Cook Book", *extra]
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(not SNAPPOST.exists(), reason="snappost is not built")
def test_cli_sends_a_valid_request_and_prints_the_drafts(spec, fake_provider):
    FakeProvider.status, FakeProvider.fixture = 200, "ok_object"
    result = run_posts(fake_provider, "--provider", "openai", "--json")
    assert result.returncode == 0, result.stderr
    drafts = json.loads(result.stdout)
    assert [d["tone"] for d in drafts] == ["punchy", "contrarian", "personal", "analytical", "openQuestion"]
    assert all(set(d) == {"tone", "text", "note"} and len(d["text"]) <= 900 for d in drafts)

    path, headers, body = FakeProvider.received[0]
    assert path == "/v1/chat/completions"
    assert headers.get("Authorization") == "Bearer sk-e2e"
    assert body["model"] == "e2e-model"
    validate_request(spec, body)


@pytest.mark.skipif(not SNAPPOST.exists(), reason="snappost is not built")
def test_cli_prints_the_error_message_and_fails(fake_provider):
    FakeProvider.status, FakeProvider.fixture = 401, "error_invalid_key"
    result = run_posts(fake_provider + "/v1/")
    assert result.returncode != 0
    assert "The AI writer refused this server's key" in result.stderr
    assert "check SNAPPOST_AI_KEY" in result.stderr
    assert FakeProvider.received[0][0] == "/v1/chat/completions"


@pytest.mark.skipif(not SNAPPOST.exists(), reason="snappost is not built")
def test_cli_defaults_to_the_offline_writer():
    env = {k: v for k, v in os.environ.items() if not k.startswith("SNAPPOST_AI_")}
    result = subprocess.run(
        [str(SNAPPOST), "posts", "--text-file", str(PAGE), "--json"], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    drafts = json.loads(result.stdout)
    assert len(drafts) == 5 and len({d["text"] for d in drafts}) == 5
