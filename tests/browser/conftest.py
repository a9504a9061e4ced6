"""Fixtures for the browser tests: a real `pokerhall serve` process, the system Chromium driven by
Playwright, and visitors (one browser context each, so each has its own seat tokens) whose
console errors and uncaught exceptions fail the test.

Playwright cannot download its own browsers here, so the tests drive /usr/bin/chromium (the
Makefile's `browser` target installs it). Without it the tests skip on a developer machine but
fail under CI, so a CI image that lost its browser cannot pass silently.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOMY = "100000/second"
SERVE = [
    *(sys.executable, "-m", "pokerhall", "serve"),
    *("--limit", f"codes={ROOMY}", "--limit", f"secrets={ROOMY}"),
    *("--limit", f"account_secrets={ROOMY}", "--limit", f"accounts={ROOMY}"),
    *("--limit", f"packs={ROOMY}", "--limit", f"chat={ROOMY}"),
    *("--limit", "pack_quota=100000", "--limit", "table_sockets=100000"),
]
"""With rate limits no test reaches: one server serves every test of a run, all from
127.0.0.1 (`tests/server/roomy.py` says the same for the server tests)."""
MINI_PACK = Path(__file__).resolve().parent.parent / "fixtures" / "mini.en.jsonl"
MINI_PACK_ID = "mini.en"
"""The mini pack's id: its folder is the server's `--packs` folder."""

ACTION_TIMEOUT_MS = 10_000
"""Playwright's wait for one element or one action; a healthy page needs well under a second."""
NAVIGATION_TIMEOUT_MS = 15_000
SERVER_START_SECONDS = 20.0
SERVER_STOP_SECONDS = 10.0
SERVER_PROBLEMS = ("Traceback (most recent call last)", "Exception in ASGI application")

expect.set_options(timeout=ACTION_TIMEOUT_MS)


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_chromium() -> None:
    """Skip without the system Chromium, except under CI, where a missing browser is a failure."""
    if CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK):
        return
    reason = f"the browser tests need Chromium at {CHROMIUM} (`make browser` installs it)"
    if under_ci():
        pytest.fail(f"{reason}; CI is set, so this is an error, not a skip")
    pytest.skip(reason)


# --- the server ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PokerhallServer:
    """`python -m pokerhall serve` on a free 127.0.0.1 port over a fresh SQLite file: the same
    program a player starts, in a process of its own, so nothing it does can leak into the
    test process. Its output goes to a log that the tests scan for tracebacks."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.db_url = f"sqlite:///{workdir / 'hall.sqlite3'}"
        self.log_path = workdir / "server.log"
        self.url = ""
        self._process: subprocess.Popen[bytes] | None = None

    def start(self, port: int | None = None) -> PokerhallServer:
        """Start on `port` (a restart keeps its address), else on a free one."""
        # Another process may take the probed port before the server binds it: try a few.
        for _attempt in range(1 if port else 3):
            port = port or free_port()
            with self.log_path.open("ab") as log:
                self._process = subprocess.Popen(
                    [
                        *SERVE,
                        "--port",
                        str(port),
                        "--db",
                        self.db_url,
                        "--packs",
                        str(MINI_PACK.parent),
                        "--remove-grace",  # the grace itself: tests/server/test_remove_grace.py
                        "0",
                    ],
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=self.workdir,
                )
            self.url = f"http://127.0.0.1:{port}"
            if self._wait_until_ready():
                return self
            self.stop()
        raise RuntimeError(f"pokerhall serve did not start; its log:\n{self.log()}")

    def _wait_until_ready(self) -> bool:
        assert self._process is not None
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as response:
                    if response.status == 200:
                        return True
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        return False

    def stop(self) -> None:
        """Ctrl-C, as a person would stop it; killed if it does not end in time."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(SERVER_STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(SERVER_STOP_SECONDS)

    def restart(self) -> PokerhallServer:
        """Stop and start again on the same port and database (running tables come back from
        it, as after any restart): what a player's browser sees as a dropped connection."""
        port = int(self.url.rsplit(":", 1)[1])
        self.stop()
        return self.start(port)

    def log(self) -> str:
        if not self.log_path.exists():
            return ""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    # --- the HTTP lobby API, for set-ups that are not themselves under test ---

    def api(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}{path}",
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                raw = response.read()
        except urllib.error.HTTPError as error:
            with error:
                detail = error.read().decode(errors="replace")
            raise AssertionError(f"{method} {path} answered {error.code}: {detail}") from None
        return json.loads(raw) if raw else None

    def api_with_token(self, method: str, path: str, token: str) -> None:
        request = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"Bearer {token}"}
        )
        with urllib.request.urlopen(request, timeout=10):
            pass

    def create_table(self, **fields: Any) -> dict[str, Any]:
        """A QuizPoker table with the five-question test pack, no clock and instant bots."""
        body: dict[str, Any] = {
            "game": "quizpoker",
            "name": "Browser test table",
            "options": {"questions": MINI_PACK_ID},
            "seats": 3,
            "bots": 1,
            "turn_clock": None,
            "bot_delay": 0,
            "result_pause": 0,
        }
        body.update(fields)
        table: dict[str, Any] = self.api("POST", "/api/tables", body)
        return table

    def table(self, table_id: str) -> dict[str, Any]:
        info: dict[str, Any] = self.api("GET", f"/api/tables/{table_id}")
        return info


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PokerhallServer]:
    """One server per test process (xdist worker); every test opens tables of its own."""
    require_chromium()
    live = PokerhallServer(tmp_path_factory.mktemp("pokerhall-server")).start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(autouse=True)
def server_stays_healthy(request: pytest.FixtureRequest) -> Iterator[None]:
    """A traceback in the server's log during a test fails that test, with the log excerpt."""
    if "server" not in request.fixturenames:
        yield
        return
    live: PokerhallServer = request.getfixturevalue("server")
    before = len(live.log())
    yield
    added = live.log()[before:]
    if any(marker in added for marker in SERVER_PROBLEMS):
        pytest.fail(f"the server logged an error during this test:\n{added}")


# --- the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """The system Chromium, headless. Module-scoped: Playwright's sync API runs an event loop
    of its own, which must be gone before other modules' asyncio tests run in this process."""
    require_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=LAUNCH_ARGS, timeout=30_000
        )
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Visitor:
    """One person at their own browser: a context of its own (so its own localStorage and seat
    tokens) with one page. Console errors, "missing translation" warnings and uncaught
    exceptions are collected in `problems`."""

    label: str
    context: BrowserContext
    page: Page
    problems: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" or "missing translation" in message.text:
            where = message.location
            self.problems.append(
                f"console {message.type}: {message.text} "
                f"({where.get('url')}:{where.get('lineNumber')})"
            )

    def on_page_error(self, error: Error) -> None:
        self.problems.append(f"uncaught exception: {error.message}\n{error.stack or ''}")

    def assert_no_console_errors(self) -> None:
        assert not self.problems, f"{self.label}'s page reported:\n" + "\n".join(self.problems)

    # --- steps every test needs ---

    def open_table(self, table_id: str) -> None:
        self.page.goto(f"/table.html?id={table_id}")
        expect(self.page.locator("#connection-status")).to_have_attribute("data-state", "open")

    def hold_creator_token(self, table: dict[str, Any]) -> None:
        """Remember `table`'s creator token as the browser that opened it does (storage.js),
        so this visitor is its creator: only they start it early (`creator_starts`)."""
        self.page.evaluate(
            """([id, token]) => localStorage.setItem(
                 "pokerhall.created", JSON.stringify({[id]: {token, saved: Date.now()}}))""",
            [table["id"], table["creator_token"]],
        )

    def join_in_waiting_room(self, name: str) -> None:
        """Take a seat with the waiting room's form (the table page of an open table)."""
        page = self.page
        expect(page.locator("#waiting-join")).to_be_visible()
        page.locator("#player-name").fill(name)
        page.locator("#join-submit").click()

    def wait_for_game(self) -> None:
        expect(self.page.locator("#game")).to_be_visible()

    def next_prompt(self, timeout_ms: float = 20_000) -> str:
        """Wait until the page offers this person a move and say which: "guess" or "bet"."""
        self.page.wait_for_function(
            """() => {
              if (!document.querySelector("#actions.is-your-turn")) return false;
              const guess = document.getElementById("guess-input");
              if (!document.getElementById("guess-form").hidden) return !guess.disabled;
              return !document.getElementById("move-buttons").hidden &&
                !document.getElementById("act-fold").disabled;
            }""",
            timeout=timeout_ms,
        )
        return "guess" if self.page.locator("#guess-input").is_visible() else "bet"

    def english(self) -> None:
        """Pick English in the language menu (the tests read English texts in a few places)."""
        self.page.locator("#lang-select").select_option("en")
        expect(self.page.locator("html")).to_have_attribute("lang", "en")


VisitorFactory = Callable[..., Visitor]

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
"""The two sizes the layout is tested at (a phone: iPhone 12 to 15's CSS pixels)."""


@pytest.fixture
def visitor(browser: Browser, server: PokerhallServer) -> Iterator[VisitorFactory]:
    """`visitor("Ann")` opens a fresh browser context (English, desktop size) on the server;
    keyword arguments go to Playwright's `new_context` (`viewport=PHONE`,
    `color_scheme="dark"`, `reduced_motion="reduce"`, ...)."""
    opened: list[Visitor] = []

    def open_visitor(label: str, **options: Any) -> Visitor:
        context = browser.new_context(
            **{"base_url": server.url, "locale": "en-US", "viewport": DESKTOP, **options}
        )
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
        page = context.new_page()
        person = Visitor(label, context, page)
        page.on("console", person.on_console)
        page.on("pageerror", person.on_page_error)
        opened.append(person)
        return person

    yield open_visitor
    for person in opened:
        person.context.close()


@pytest.fixture(scope="session")
def mini_questions() -> dict[str, dict[str, str]]:
    """The test pack's entries by question text, so a test knows the answer to what it sees."""
    lines = MINI_PACK.read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines if line.strip()]
    return {entry["question"]: entry for entry in entries}


def create_quiz_table(page: Page, *, seats: int, turn_clock: bool) -> str:
    """From the lobby, a QuizPoker table of `seats` seats and no bots on the mini pack, created
    by the visitor as "Ann"; its id once the table page is open."""
    page.goto("/")
    expect(page.locator("#ruleset option")).not_to_have_count(0)
    page.locator("#seats").fill(str(seats))
    page.locator("#bots").fill("0")
    page.locator("#turn-clock-on").set_checked(turn_clock)
    page.locator("#advanced-options summary").click()
    page.locator("#opt-questions").fill(MINI_PACK_ID)
    page.locator("#create-player-name").fill("Ann")
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    return parse_qs(urlparse(page.url).query)["id"][0]
