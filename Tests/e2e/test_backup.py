"""Backup and restore with the real binary: a server with scans, drafts (several versions, an edit), history, a shelf
and a retouch project is backed up with `snappost backup` while it keeps taking writes; the backup goes into an empty
folder with `snappost restore`, and a second server started there shows the same pages and takes the same password.
Restore refuses a folder that is not empty. The person's export downloads from History as a ZIP."""
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import zipfile
from pathlib import Path

from conftest import ROOT, Server

PASSWORD = "a quiet harbour at dawn"


def cli(binary, *args, stdin=None):
    return subprocess.run([str(binary), *args], input=stdin, capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "SNAPPOST_PASSWORD": ""}, timeout=300)


def session(p, base):
    """An API context logged in with the password (the login form, as a browser would post it)."""
    context = p.request.new_context(base_url=base)
    login = context.post("/login", form={"password": PASSWORD, "next": "/"}, max_redirects=0)
    assert login.status == 303, login.text()
    return context


def main_of(html):
    """The page's own content: what is inside <main>, without the writer badge (its colour is the last answer)."""
    inside = html[html.index("<main"):html.index("</main>")]
    return re.sub(r'<p class="writer-badge[^>]*>.*?</p>', "", inside, flags=re.S)


def test_backup_while_running_then_restore_into_an_empty_folder(browser, binary, page_photo, shelf_photos, tmp_path):
    p, _ = browser
    first_dir = tempfile.mkdtemp(prefix="snappost-e2e-backup-a-")
    chosen = cli(binary, "password", "set", "--data-dir", first_dir, stdin=PASSWORD + "\n")
    assert chosen.returncode == 0, chosen.stderr
    first = Server(data_dir=first_dir, env={"SNAPPOST_PASSWORD": ""}).start()
    second = None
    try:
        a = session(p, first.base)
        # A scan, its edited text, drafts, another version of one, an edit of it, and History.
        scan = a.post("/scans", multipart={"photo": {"name": "page.jpg", "mimeType": "image/jpeg", "buffer": page_photo.read_bytes()}},
                      max_redirects=0)
        assert scan.status == 303, scan.text()
        scan_path = scan.headers["location"]
        assert a.post(scan_path, form={"text": "The lighthouse keeper wrote every evening.", "book": "The Logbook",
                                       "author": "A. Keeper"}).ok
        posts = a.post(scan_path + "/posts", form={"text": "The lighthouse keeper wrote every evening."}, max_redirects=0)
        assert posts.status == 303, posts.text()
        cards = posts.headers["location"]
        assert a.post(cards + "/drafts/1/another", form={"text": ""}).ok
        assert a.post(cards + "/drafts/1", form={"text": "My own words about the keeper."}).ok
        assert a.post("/history", form={"action": "posted", "tone": "punchy", "text": "My own words about the keeper.",
                                        "scan": scan_path.split("/")[-1]}).ok
        # A shelf, with a correction.
        shelf = a.post("/shelves", multipart={"photo": {"name": "shelf.jpg", "mimeType": "image/jpeg",
                                                        "buffer": (shelf_photos / "shelf.jpg").read_bytes()}}, max_redirects=0,
                       timeout=180_000)
        assert shelf.status == 303, shelf.text()
        shelf_path = shelf.headers["location"]
        assert a.post(shelf_path + "/books/0", form={"title": "Moby-Dick", "author": "Herman Melville"}).ok
        # A retouch project with an edit.
        from PIL import Image
        picture = io.BytesIO()
        Image.new("RGB", (400, 300), (120, 160, 220)).save(picture, "PNG")
        retouch = a.post("/retouch", multipart={"photo": {"name": "sky.png", "mimeType": "image/png", "buffer": picture.getvalue()}},
                         max_redirects=0)
        assert retouch.status == 303, retouch.text()
        editor = retouch.headers["location"]
        project = editor.split("/")[-1]
        edit = a.post(f"/api/retouch/{project}/edits",
                      data=json.dumps({"tool": "brush", "points": [{"x": 50, "y": 50}, {"x": 200, "y": 60}], "width": 12}),
                      headers={"Content-Type": "application/json"})
        assert edit.ok, edit.text()
        deadline = time.time() + 120
        while not a.get(f"/api/retouch/{project}").json()["refined"] and time.time() < deadline:
            time.sleep(0.3)  # the guided fill lands in the background; the pages compared show it

        pages = ["/", scan_path, scan_path + "/lines", cards, "/history", "/shelf", shelf_path, "/retouch", editor]
        before = {path: main_of(a.get(path).text()) for path in pages}
        pictures = [editor + "/preview.jpg", editor + "/before.jpg", scan_path + "/preview.jpg", shelf_path + "/preview.jpg"]
        picture_bytes = {path: a.get(path).body() for path in pictures}

        # The backup runs while another scan's text keeps being saved.
        other = a.post("/scans", multipart={"photo": {"name": "page.jpg", "mimeType": "image/jpeg", "buffer": page_photo.read_bytes()}},
                       max_redirects=0).headers["location"]
        stop = threading.Event()
        saves = []

        def keep_saving():
            # Its own plain HTTP client: Playwright's belongs to the test's thread.
            import http.cookiejar
            import urllib.parse
            import urllib.request
            writer = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            writer.open(first.base + "/login", data=urllib.parse.urlencode({"password": PASSWORD, "next": "/"}).encode(), timeout=30)
            n = 0
            while not stop.is_set():
                n += 1
                try:
                    writer.open(first.base + other, data=urllib.parse.urlencode({"text": f"Save number {n}"}).encode(), timeout=30)
                    saves.append(n)
                except OSError:
                    pass

        # A daemon, stopped whatever happens: a failure here must not leave it saving (and pytest waiting) forever.
        thread = threading.Thread(target=keep_saving, daemon=True)
        thread.start()
        try:
            time.sleep(0.5)
            backup_file = tmp_path / "snappost.tar"
            made = cli(binary, "backup", str(backup_file), "--data-dir", first_dir)
            time.sleep(0.3)
        finally:
            stop.set()
            thread.join(30)
        assert made.returncode == 0, made.stderr
        assert "1 shelves" in made.stdout and "1 retouch photos" in made.stdout, made.stdout
        assert len(saves) > 3, "the server kept taking writes during the backup"
        assert first.alive()
        listed = subprocess.run(["tar", "-tf", str(backup_file)], capture_output=True, text=True, check=True).stdout.split()
        assert listed == ["snappost-backup.json", "snappost.sqlite", "password"]

        # Into the running server's own folder: refused, nothing changed.
        refused = cli(binary, "restore", str(backup_file), "--data-dir", first_dir)
        assert refused.returncode != 0 and "not empty" in refused.stderr, (refused.returncode, refused.stderr)
        assert first.alive() and a.get(scan_path).ok

        # Into an empty folder: a second server shows the same pages, behind the same password.
        second_dir = tempfile.mkdtemp(prefix="snappost-e2e-backup-b-")
        restored = cli(binary, "restore", str(backup_file), "--data-dir", second_dir)
        assert restored.returncode == 0, restored.stderr
        scheduled_dir = tmp_path / "scheduled"
        second = Server(data_dir=second_dir, env={"SNAPPOST_PASSWORD": ""},
                        extra_args=["--backup-dir", str(scheduled_dir), "--backup-keep", "2"]).start()
        b = session(p, second.base)
        for path in pages:
            if path == "/":
                continue  # Home lists the other scan too, whose text moved on after the backup
            assert main_of(b.get(path).text()) == before[path], path
        home = b.get("/").text()
        assert scan_path in home and other in home
        for path in pictures:
            assert b.get(path).body() == picture_bytes[path], path
        exported = b.get(editor + "/export.jpg")
        assert exported.ok and exported.headers["content-type"] == "image/jpeg"
        # The other scan holds one of the saves made during the backup (or its reading, if the backup came first).
        kept = re.search(r"Save number (\d+)", b.get(other).text())
        assert kept is None or int(kept.group(1)) in saves

        # With SNAPPOST_BACKUP_DIR set, the second server makes its first scheduled backup at start (none was there).
        deadline = time.time() + 30
        while not list(scheduled_dir.glob("snappost-backup-*.tar")) and time.time() < deadline:
            time.sleep(0.2)
        scheduled = list(scheduled_dir.glob("snappost-backup-*.tar"))
        assert len(scheduled) == 1, second.logs()[-2000:]
        time.sleep(0.5)
        assert subprocess.run(["tar", "-tf", str(scheduled[0])], capture_output=True, text=True, check=True).stdout.split()[1] == "snappost.sqlite"

        # The export from History: one ZIP with the texts, drafts with their versions, history and shelves.
        history = b.get("/history").text()
        assert 'href="/history/export.zip"' in history
        download = b.get("/history/export.zip")
        assert download.ok and download.headers["content-type"] == "application/zip"
        assert "attachment" in download.headers["content-disposition"]
        archive = zipfile.ZipFile(io.BytesIO(download.body()))
        assert archive.testzip() is None
        data = json.loads(archive.read("snappost.json"))
        texts = {s["text"] for s in data["scans"]}
        assert "The lighthouse keeper wrote every evening." in texts
        versions = [v for s in data["scans"] for g in s["generations"] for d in g["drafts"] for v in d["versions"]]
        assert any(v["edited"] == "My own words about the keeper." for v in versions) and len(versions) >= 6
        assert data["history"][0]["text"] == "My own words about the keeper."
        assert data["shelves"][0]["books"][0]["title"] == "Moby-Dick"
        markdown = [n for n in archive.namelist() if n.startswith("texts/")]
        assert any("The Logbook" in archive.read(n).decode() for n in markdown)
    finally:
        first.stop()
        if second:
            second.stop()
            shutil.rmtree(second.data_dir, ignore_errors=True)
        shutil.rmtree(first_dir, ignore_errors=True)
