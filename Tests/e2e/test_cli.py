"""The command line, as a person types it: options before or after the photo, --help on every subcommand, the shelf
as JSON, the configuration keys taken by every subcommand, and the documented exit codes."""
import json
import subprocess

import pytest

from conftest import PAGE_TEXT, ROOT

SUBCOMMANDS = [["serve"], ["ocr"], ["eval"], ["password"], ["password", "set"], ["backup"], ["restore"], ["posts"], ["shelf"],
               ["retouch"], ["retouch", "fill"], ["retouch", "wire"]]


def run(binary, *args, timeout=300, **kwargs):
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, **kwargs)


@pytest.mark.parametrize("command", [" ".join(c) for c in SUBCOMMANDS])
def test_help_on_every_subcommand(binary, command):
    result = run(binary, *command.split(), "--help")
    assert result.returncode == 0, result.stderr
    assert "USAGE:" in result.stdout and f"snappost {command}" in result.stdout


def test_top_level_help_names_every_subcommand(binary):
    result = run(binary, "--help")
    assert result.returncode == 0, result.stderr
    for name in ["serve", "ocr", "eval", "password", "backup", "restore", "posts", "shelf", "retouch"]:
        assert name in result.stdout


def test_serve_help_lists_every_key(binary):
    text = run(binary, "serve", "--help").stdout
    for key in ["SNAPPOST_OCR_LANGUAGES", "--ocr-languages", "SNAPPOST_TUNE", "SNAPPOST_SHELF_TUNE", "SNAPPOST_SKIP_STEPS",
                "SNAPPOST_TRACE", "SNAPPOST_UPLOAD_MAX_MEGABYTES", "--no-auth"]:
        assert key in text, key


@pytest.mark.parametrize("order", ["options first", "photo first"])
def test_ocr_reads_with_options_in_any_order(binary, page_photo, order):
    args = ["ocr", "--lang", "eng", str(page_photo)] if order == "options first" else ["ocr", str(page_photo), "--lang", "eng"]
    result = run(binary, *args)
    assert result.returncode == 0, result.stderr
    assert "lighthouse keeper" in result.stdout and "blue notebook" in result.stdout


def test_ocr_json_and_a_configuration_key_among_the_options(binary, page_photo):
    result = run(binary, "ocr", "--ocr-workers", "1", "--json", str(page_photo), "--skip", "deskew")
    assert result.returncode == 0, result.stderr
    reply = json.loads(result.stdout)
    assert reply["language"] == "eng" and "lighthouse" in reply["text"]
    assert "deskew" not in [t["step"] for t in reply["timings"]]


def test_skip_steps_key_from_the_environment(binary, page_photo):
    import os
    result = run(binary, "ocr", "--json", str(page_photo), env={**os.environ, "SNAPPOST_SKIP_STEPS": "deskew,dewarp"})
    assert result.returncode == 0, result.stderr
    steps = [t["step"] for t in json.loads(result.stdout)["timings"]]
    assert "deskew" not in steps and "dewarp" not in steps and "recognise" in steps


def test_exit_codes(binary, tmp_path, page_photo):
    assert run(binary, "ocr").returncode == 64  # no photo
    assert run(binary, "ocr", str(page_photo), "--no-such-option").returncode == 64
    assert run(binary, "ocr", str(tmp_path / "missing.jpg")).returncode == 66
    not_a_photo = tmp_path / "notes.jpg"
    not_a_photo.write_text("just some text, not a photo")
    refused = run(binary, "ocr", str(not_a_photo))
    assert refused.returncode == 65 and "ocr:" in refused.stderr
    assert run(binary, "no-such-command").returncode == 64
    assert run(binary, "posts").returncode == 64  # --text-file is required


def test_shelf_json(binary, shelf_photos):
    result = run(binary, "shelf", "--json", str(shelf_photos / "shelf.jpg"), timeout=600)
    assert result.returncode == 0, result.stderr
    analysis = json.loads(result.stdout)
    assert analysis["spines"] and analysis["books"]
    assert {"title", "author", "genre", "confidence", "identified"} <= set(analysis["books"][0])
    expected = json.loads((shelf_photos / "shelf.json").read_text())
    assert analysis["imageSize"]["width"] > 0 and expected


def test_posts_offline_with_options_in_any_order(binary, tmp_path):
    text = tmp_path / "page.txt"
    text.write_text(" ".join(line for line in PAGE_TEXT if line))
    result = run(binary, "posts", "--json", "--text-file", str(text), "--provider", "offline")
    assert result.returncode == 0, result.stderr
    drafts = json.loads(result.stdout)
    assert [d["tone"] for d in drafts] == ["punchy", "contrarian", "personal", "analytical", "openQuestion"]
    assert any("He counted ships, storms and the quiet hours between them." in d["text"] for d in drafts)
    refused = run(binary, "posts", "--provider", "bogus", "--text-file", str(text))
    assert refused.returncode == 64 and "offline" in refused.stderr
