"""The iOS client's bookshelf contract against JSON schemas (Tests/e2e/schemas), on the real server with the real
analyser: a shelf rendered at test time goes to POST /api/analyze-bookshelf in the multipart field `file` with a Bearer
token; the answer, GET /api/health and every refusal are validated, and the analysis is the one its page shows."""
import json
import shutil
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conftest import Server
from http_client import multipart, request

SCHEMAS = Path(__file__).resolve().parent / "schemas"
TOKEN = "shelf-token"


def schema(name):
    validator = Draft202012Validator(json.loads((SCHEMAS / f"{name}.json").read_text()))
    validator.check_schema(validator.schema)
    return validator


def problems(name, instance):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in schema(name).iter_errors(instance)]


@pytest.fixture(scope="module")
def locked(binary):
    s = Server(extra_args=["--password", "shelf-password", "--api-tokens", TOKEN]).start()
    yield s
    s.stop()
    shutil.rmtree(s.data_dir, ignore_errors=True)


def analyze(server, parts, token=TOKEN):
    content_type, body = multipart(parts)
    headers = {"Content-Type": content_type}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return request(server.base, "POST", "/api/analyze-bookshelf", body, headers, timeout=300)


def test_the_schemas_are_not_vacuous():
    good = {
        "success": True, "detectedBooks": [{"title": "Grit", "author": "Angela Duckworth", "genre": "Psychology", "confidence": 0.9}],
        "readingPreferences": {"favoriteGenres": ["Psychology"], "readingLevel": "General", "interests": [], "authorPreferences": "Angela Duckworth"},
        "recommendedBooks": [{"title": "Mindset", "author": "Carol S. Dweck", "reason": "Alike.", "matchScore": 0.7}],
        "analysisSummary": "One book.", "confidenceScore": 0.5, "analysisId": "A" * 22,
    }
    assert problems("shelf-analysis-response", good) == []
    broken = json.loads(json.dumps(good))
    broken["readingPreferences"]["authorPreferences"] = ["Angela Duckworth"]
    assert problems("shelf-analysis-response", broken)
    snake = {k if k != "detectedBooks" else "detected_books": v for k, v in good.items()}
    assert problems("shelf-analysis-response", snake)
    assert problems("shelf-analysis-response", {**good, "confidenceScore": "high"})
    assert problems("api-error", {"error": {"message": "no code"}})


def test_analyze_bookshelf_answers_the_clients_shape(locked, shelf_photos):
    truth = json.loads((shelf_photos / "shelf.json").read_text())
    reply = analyze(locked, [("file", "shelf.jpg", (shelf_photos / "shelf.jpg").read_bytes())])
    assert reply.status == 200, reply.text
    assert reply.header("Content-Type").startswith("application/json")
    body = json.loads(reply.body)
    assert problems("shelf-analysis-response", body) == [], json.dumps(body, indent=1)[:2000]
    titles = [b["title"] for b in body["detectedBooks"]]
    on_shelf = {t["title"].lower() for t in truth}
    assert len(titles) >= 6, titles
    assert all(t.lower() in on_shelf for t in titles), f"a book not on the rendered shelf: {titles}"
    assert body["recommendedBooks"] and not {r["title"].lower() for r in body["recommendedBooks"]} & on_shelf
    assert body["readingPreferences"]["favoriteGenres"]
    print(f"\n/api/analyze-bookshelf on the rendered shelf: {len(titles)} of {len(truth)} books: {', '.join(titles)}")

    # The analysis is kept: its page and its audio answer to the same token, and the page shows the same books.
    page = request(locked.base, "GET", body["resultUrl"], headers={"Authorization": f"Bearer {TOKEN}"})
    assert page.status == 200 and all(t in page.text for t in titles)
    audio = request(locked.base, "GET", body["audioUrl"], headers={"Authorization": f"Bearer {TOKEN}"})
    assert audio.status == 200 and audio.header("Content-Type") == "audio/wav"
    assert audio.body[:4] == b"RIFF" and audio.body[8:12] == b"WAVE" and len(audio.body) > 20_000


def test_raw_body_like_api_ocr(locked, shelf_photos):
    reply = request(
        locked.base, "POST", "/api/analyze-bookshelf", (shelf_photos / "shelf.jpg").read_bytes(),
        {"Authorization": f"Bearer {TOKEN}", "Content-Type": "image/jpeg"}, timeout=300)
    assert reply.status == 200 and problems("shelf-analysis-response", json.loads(reply.body)) == []


def test_health_needs_no_token(locked):
    reply = request(locked.base, "GET", "/api/health")
    assert reply.status == 200
    body = json.loads(reply.body)
    assert problems("api-health", body) == [] and body["status"] == "healthy" and body["services"]["analysis"] == "offline"


@pytest.mark.parametrize(
    "case, parts, token, status, code",
    [
        ("no token", [("file", "shelf.jpg", b"x")], None, 401, "unauthorized"),
        ("wrong token", [("file", "shelf.jpg", b"x")], "nope", 401, "unauthorized"),
        ("page field", [("photo", "shelf.jpg", b"\xff\xd8\xff")], TOKEN, 400, "wrong_field"),
        ("no file", [("note", None, b"hello")], TOKEN, 400, "no_file"),
        ("empty file", [("file", "shelf.jpg", b"")], TOKEN, 400, "empty_file"),
        ("two files", [("file", "a.jpg", b"\xff\xd8\xff"), ("file", "b.jpg", b"\xff\xd8\xff")], TOKEN, 400, "two_files"),
        ("a PDF", [("file", "a.pdf", b"%PDF-1.4\n%%EOF\n")], TOKEN, 400, "unsupported_type"),
        ("a truncated JPEG", [("file", "a.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")], TOKEN, 400, None),
    ],
)
def test_bad_input_gets_a_clear_4xx_as_json(locked, case, parts, token, status, code):
    reply = analyze(locked, parts, token)
    assert reply.status == status, (case, reply.status, reply.text)
    body = json.loads(reply.body)
    assert problems("api-error", body) == [], body
    if code:
        assert body["error"]["code"] == code, (case, body)


def test_a_wall_without_spines_says_so(locked, shelf_photos):
    reply = analyze(locked, [("file", "wall.jpg", (shelf_photos / "empty_wall.jpg").read_bytes())])
    assert reply.status == 422
    body = json.loads(reply.body)
    assert problems("api-error", body) == [] and body["error"]["code"] == "no_spines"


def test_the_same_refusal_as_a_page_upload(locked):
    """A PDF sent to the page form and to the API: the same status, code and message."""
    pdf = [("photo", "a.pdf", b"%PDF-1.4\n%%EOF\n")]
    content_type, body = multipart(pdf)
    page = request(locked.base, "POST", "/scans", body, {"Content-Type": content_type, "Authorization": f"Bearer {TOKEN}"})
    api = analyze(locked, [("file", "a.pdf", b"%PDF-1.4\n%%EOF\n")])
    message = json.loads(api.body)["error"]["message"]
    assert page.status == api.status == 400
    assert message.replace("—", "&#8212;") in page.text or message in page.text
