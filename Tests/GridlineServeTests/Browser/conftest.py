"""`gl serve` as people meet it: a real server process on a free loopback port, and a real
headless Chromium driven through WebDriver with real input events.

Every server a test starts is stopped when it ends (and killed if it will not stop), and
the browser quits at the end of the session, so no process outlives the tests.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import threading

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
GL = str(pathlib.Path(os.environ.get("GL", ROOT / ".build/debug/gl")).resolve())
SCREENSHOTS = pathlib.Path(os.environ.get("SCREENSHOTS", ROOT / ".build-browser-client/screenshots"))


class Server:
    """`gl serve ARGS --port 0`, its URL read from its first line of output."""

    def __init__(self, args, cwd):
        self.process = subprocess.Popen(
            [GL, "serve", *args, "--port", "0"], cwd=cwd, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        line = self._first_line(timeout=20)
        match = re.search(r"http://([^/]+):(\d+)/", line or "")
        if not match:
            self.stop()
            raise AssertionError(f"gl serve printed no URL: {line!r} {self.process.stderr.read()}")
        self.port = int(match.group(2))
        self.url = f"http://127.0.0.1:{self.port}/"

    def _first_line(self, timeout):
        found = []
        reader = threading.Thread(target=lambda: found.append(self.process.stdout.readline()))
        reader.daemon = True
        reader.start()
        reader.join(timeout)
        return found[0] if found else None

    def stderr(self):
        """What the server wrote to stderr, once it has stopped."""
        self.stop()
        return self.process.stderr.read()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


@pytest.fixture
def serve(tmp_path):
    """Starts `gl serve` on a copy of a file (so a test may edit it) or on nothing."""
    servers = []

    def start(example=None, text=None, extra=()):
        args = list(extra)
        if example or text is not None:
            path = tmp_path / (pathlib.Path(example).name if example else "script.gl")
            if example:
                shutil.copy(ROOT / example, path)
            else:
                path.write_text(text)
            args.insert(0, path.name)
        server = Server(args, cwd=tmp_path)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
    for server in servers:
        assert server.process.poll() is not None, "a gl serve outlived its test"


@pytest.fixture(scope="session")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1500,1000", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    yield driver
    driver.quit()


def gl_run_json(script_text, tmp_path, name="replay.gl"):
    """`gl run --json` of a script: its JSON lines, parsed."""
    path = tmp_path / name
    path.write_text(script_text)
    done = subprocess.run([GL, "run", "--json", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def screenshot(driver, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def pytest_addoption(parser):
    parser.addoption("--docs-screenshot", action="store_true",
                     help="also write docs/playground.png, the README's picture")
