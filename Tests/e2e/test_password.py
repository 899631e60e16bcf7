"""The stable password: generated once and kept in the data folder (0600), printed at each start, the same after a
restart; a phone logged in before the restart stays logged in; `snappost password` prints it and `snappost password
set` chooses another, which logs the phone out."""
import os
import re
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

from conftest import ROOT, Server, iphone_context

PRINTED = re.compile(r"uses its generated password, the same at every start \(kept in [^)]*\): (\S+)")


def printed_passwords(server):
    return PRINTED.findall(server.logs())


def test_restart_keeps_the_password_and_the_phone_stays_logged_in(browser, binary):
    p, b = browser
    data_dir = tempfile.mkdtemp(prefix="snappost-e2e-password-")
    # Beyond loopback (0.0.0.0) a password is required; none is set.
    env = {"SNAPPOST_PASSWORD": ""}
    first = Server(data_dir=data_dir, host="0.0.0.0", env=env).start()
    try:
        printed = printed_passwords(first)
        assert len(printed) == 1, first.logs()[-2000:]
        password = printed[0]
        stored = Path(data_dir) / "password"
        assert stat.S_IMODE(stored.stat().st_mode) == 0o600
        assert password in stored.read_text()
        shown = subprocess.run([str(binary), "password", "--data-dir", data_dir], capture_output=True, text=True, cwd=ROOT, env={**os.environ, **env})
        assert shown.returncode == 0 and shown.stdout.strip() == password, shown.stderr

        context = iphone_context(p, b)
        page = context.new_page()
        page.goto(first.base + "/")
        assert "/login" in page.url
        page.fill("input[name=password]", password)
        page.click("button[type=submit]")
        page.wait_for_url(first.base + "/")
    finally:
        first.kill()  # not even a clean shutdown

    # The phone comes back to the same address.
    second = Server(data_dir=data_dir, host="0.0.0.0", env=env, port=first.port).start()
    try:
        assert printed_passwords(second) == [password, password], "the same password, printed again at the second start"
        page.goto(second.base + "/")
        assert page.url == second.base + "/", "the phone's session survived the restart"
        assert page.locator("input[type=file]").count() > 0

        # A chosen password: stored, not printed, and sessions made under the old one end at the next start.
        chosen = subprocess.run(
            [str(binary), "password", "set", "--data-dir", data_dir], input="a quiet harbour at dawn\n", capture_output=True, text=True,
            cwd=ROOT, env={**os.environ, **env})
        assert chosen.returncode == 0, chosen.stderr
        refused = subprocess.run(
            [str(binary), "password", "set", "--data-dir", data_dir], input="short\n", capture_output=True, text=True, cwd=ROOT,
            env={**os.environ, **env})
        assert refused.returncode != 0 and "at least 10 characters" in refused.stderr
    finally:
        second.stop()

    third = Server(data_dir=data_dir, host="0.0.0.0", env=env, port=first.port).start()
    try:
        assert "a quiet harbour at dawn" not in third.logs()
        assert len(printed_passwords(third)) == 2, "a chosen password is not printed"
        page.goto(third.base + "/")
        assert "/login" in page.url, "the old session ended with the password change"
        page.fill("input[name=password]", "a quiet harbour at dawn")
        page.click("button[type=submit]")
        page.wait_for_url(third.base + "/")
        context.close()
    finally:
        third.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
