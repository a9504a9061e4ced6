"""One's account on every page (issue 26, item 1): the header's account box on the table, history,
league, leaderboard, replay and help pages says who is signed in, and a sign-in or sign-out on
one page is followed by the others without a reload; on one's own profile the secret is
changed (a wrong current secret, or two new ones that differ, change nothing) and the account
deleted (refused while it holds a seat at a table not over, `account_in_game`; then the
browser is a guest's, in the lobby). The forms are worked by keyboard, their messages are
worded in the reader's language, and axe finds nothing serious on them."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import PokerhallServer, VisitorFactory
from .test_accessibility import assert_accessible, assert_accessible_light_and_dark

ROOT = Path(__file__).resolve().parents[2]
SECRET = "correct horse 7"
NEW_SECRET = "battery staple 9"
LANGUAGES = ("en", "de", "cs", "el")
FORM_KEYS = (
    "account.settings",
    "account.changeSecret",
    "account.currentSecret",
    "account.newSecret",
    "account.newSecretHint",
    "account.newSecretAgain",
    "account.changeSecretSubmit",
    "account.secretsDiffer",
    "account.wrongSecret",
    "account.secretChanged",
    "account.delete",
    "account.deleteAbout",
    "account.privacyLink",
    "account.deleteSecret",
    "account.deleteConfirm",
    "account.deleteSubmit",
    "account.deleteNotConfirmed",
)


def strings(page: Page, code: str) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        "async (code) => (await import(`/js/locales/${code}.js`)).default", code
    )
    return found


def make_account(page: Page, name: str) -> None:
    """Register and sign in through this browser's own cookie jar (not what is tested here)."""
    account = {"name": name, "secret": SECRET}
    assert page.request.post("/api/players", data=account).ok
    assert page.request.post("/api/session", data=account).ok


def sign_in_status(server: PokerhallServer, name: str, secret: str) -> int:
    """The answer to a sign-in from outside any browser (so no page's session is touched)."""
    body = json.dumps({"name": name, "secret": secret}).encode()
    request = urllib.request.Request(
        f"{server.url}/api/session",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        with error:
            return error.code


def profile_status(server: PokerhallServer, name: str) -> int:
    try:
        server.api("GET", f"/api/players/{urllib.parse.quote(name)}")
    except AssertionError as error:
        return 404 if "answered 404" in str(error) else 500
    return 200


def test_the_account_box_is_on_every_page_and_follows_the_other_pages(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    name = f"Vera {secrets.token_hex(2)}"
    person = visitor("Vera")
    page = person.page
    page.goto("/")
    make_account(page, name)
    table = server.create_table(seats=3, bots=1)
    pages = [
        f"/table.html?id={table['id']}",
        f"/history.html?id={table['id']}",
        "/league.html",
        "/leaderboard.html",
        "/help.html",
        f"/replay.html?id={table['id']}&hand=1",
    ]
    for path in pages:
        page.goto(path)
        expect(page.locator("#signed-in-as"), path).to_contain_text(name)
        expect(page.locator("#signed-in-as a"), path).to_have_attribute(
            "href", f"/profile.html?name={name.replace(' ', '%20')}"
        )
    person.problems.clear()  # the replay of a hand not played is refused: the page says so

    page.goto(f"/table.html?id={table['id']}")  # the seat stays open: the profile opens apart
    expect(page.locator("#connection-status")).to_have_attribute("data-state", "open")
    expect(page.locator("#signed-in-as a")).to_have_attribute("target", "_blank")
    assert_accessible(page, "the table's waiting room, signed in")

    lobby = person.context.new_page()  # a second page of the same browser
    lobby.goto("/")
    expect(lobby.locator("#signed-in-as")).to_contain_text(name)
    lobby.locator("#header-sign-out").click()
    expect(lobby.locator("#account-details summary")).to_have_text("Sign in")
    expect(page.locator("#account-details summary")).to_have_text("Sign in")  # no reload
    expect(page.locator("#waiting-join")).to_be_visible()  # the table itself is untouched
    assert_accessible(page, "the table's waiting room, a guest")

    page.locator("#account-details summary").focus()  # sign in again, by keyboard, at the table
    page.keyboard.press("Enter")
    page.locator("#header-account-name").fill(name)
    page.locator("#header-account-secret").fill(SECRET)
    page.keyboard.press("Enter")
    expect(page.locator("#signed-in-as")).to_contain_text(name)
    expect(page.locator("#signed-in-as a")).to_be_focused()
    expect(lobby.locator("#signed-in-as")).to_contain_text(name)
    person.assert_no_console_errors()


def test_change_the_secret_on_ones_own_profile(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """A wrong current secret is refused (401 `bad_secret`, said in the reader's language) and
    changes nothing; two new secrets that differ are not sent; then the secret is changed, the
    other browser signed in to the account is signed out, and this one stays signed in."""
    name = f"Otto {secrets.token_hex(2)}"
    person = visitor("Otto")
    page = person.page
    page.goto("/")
    make_account(page, name)
    elsewhere = visitor("Otto's phone")
    elsewhere.page.goto("/")
    assert elsewhere.page.request.post("/api/session", data={"name": name, "secret": SECRET}).ok

    page.goto("/profile.html?name=Nobody%20here")  # not one's own: no forms
    expect(page.locator("#profile-error")).not_to_be_empty()
    expect(page.locator("#account-forms")).to_be_hidden()
    person.problems.clear()  # that 404 is the page's to show
    page.locator("#signed-in-as a").click()
    expect(page.locator("#profile-heading")).to_have_text(name)
    expect(page.locator("#account-forms")).to_be_visible()
    english = strings(page, "en")
    for code in LANGUAGES:
        missing = [key for key in FORM_KEYS if not strings(page, code).get(key)]
        assert not missing, f"{code} lacks {missing}"
    assert_accessible_light_and_dark(page, "one's own profile with the account forms")

    page.locator("#secret-old").focus()  # by keyboard: type, Tab, Enter
    page.keyboard.type("not my secret 1")
    page.keyboard.press("Tab")
    page.keyboard.type(NEW_SECRET)
    page.keyboard.press("Tab")
    page.keyboard.type(NEW_SECRET)
    page.keyboard.press("Enter")
    expect(page.locator("#secret-error")).to_have_text(english["account.wrongSecret"])
    expect(page.locator("#secret-old")).to_be_focused()
    expect(page.locator("#secret-old")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#secret-done")).to_be_empty()
    page.locator("#lang-select").select_option("de")  # the message follows the language
    expect(page.locator("#secret-error")).to_have_text(strings(page, "de")["account.wrongSecret"])
    page.locator("#lang-select").select_option("en")
    person.problems.clear()  # the 401 is the form's to show
    assert sign_in_status(server, name, SECRET) == 200  # nothing changed
    assert sign_in_status(server, name, NEW_SECRET) == 401

    page.locator("#secret-old").fill(SECRET)
    page.locator("#secret-again").fill(NEW_SECRET + "x")
    page.locator("#secret-submit").click()
    expect(page.locator("#secret-error")).to_have_text(english["account.secretsDiffer"])
    expect(page.locator("#secret-again")).to_be_focused()

    page.locator("#secret-again").fill(NEW_SECRET)
    page.locator("#secret-submit").click()
    expect(page.locator("#secret-done")).to_have_text(english["account.secretChanged"])
    expect(page.locator("#secret-error")).to_be_empty()
    expect(page.locator("#secret-old")).to_have_value("")
    assert sign_in_status(server, name, NEW_SECRET) == 200
    assert sign_in_status(server, name, SECRET) == 401
    assert page.request.get("/api/session").json()["name"] == name  # this browser stays in
    assert not elsewhere.page.request.get("/api/session").json()["signed_in"]
    page.reload()
    expect(page.locator("#signed-in-as")).to_contain_text(name)
    person.assert_no_console_errors()


def test_delete_the_account_refused_at_an_unfinished_table_then_done(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Deleting asks for the secret (a wrong one deletes nothing) and an explicit tick; while
    the account sits at a table not over it is refused with `account_in_game`, said on the
    page; after leaving that table it is deleted, and the browser is a guest's in the lobby."""
    name = f"Dora {secrets.token_hex(2)}"
    person = visitor("Dora")
    page = person.page
    page.goto("/")
    make_account(page, name)
    table = server.create_table(seats=3, bots=1)
    seat = page.request.post(f"/api/tables/{table['id']}/seats", data={"name": name}).json()
    page.goto(f"/profile.html?name={urllib.parse.quote(name)}")
    expect(page.locator("#account-forms")).to_be_visible()
    english = strings(page, "en")
    expect(page.locator("#privacy-link")).to_have_attribute("href", "/privacy.md")
    privacy = page.request.get("/privacy.md")
    assert privacy.ok
    assert "## Deleting an account" in privacy.text()

    page.locator("#delete-secret").fill(SECRET)
    page.locator("#delete-submit").click()  # not ticked: nothing is sent
    expect(page.locator("#delete-error")).to_have_text(english["account.deleteNotConfirmed"])
    expect(page.locator("#delete-confirm")).to_be_focused()
    page.keyboard.press("Space")  # ticked by keyboard
    expect(page.locator("#delete-confirm")).to_be_checked()

    page.locator("#delete-secret").fill("not my secret 1")
    page.locator("#delete-submit").click()
    expect(page.locator("#delete-error")).to_have_text(english["account.wrongSecret"])
    expect(page.locator("#delete-secret")).to_be_focused()

    page.locator("#delete-secret").fill(SECRET)
    page.locator("#delete-submit").click()
    expect(page.locator("#delete-error")).to_have_text(english["apiError.account_in_game"])
    page.locator("#lang-select").select_option("cs")
    czech = strings(page, "cs")
    expect(page.locator("#delete-error")).to_have_text(czech["apiError.account_in_game"])
    assert_accessible(page, "the delete form's refusal")
    person.problems.clear()  # the 401 and the 409 are the form's to show
    assert profile_status(server, name) == 200  # nothing was deleted
    expect(page.locator("#signed-in-as")).to_contain_text(name)

    left = page.request.post(
        f"/api/tables/{table['id']}/leave", headers={"Authorization": f"Bearer {seat['token']}"}
    )
    assert left.ok, left.text()
    page.locator("#delete-submit").click()
    expect(page).to_have_url(f"{server.url}/")
    expect(page.locator("#account-details summary")).to_have_text(czech["account.guest"])
    assert profile_status(server, name) == 404
    assert not [c for c in person.context.cookies() if c["name"] == "pokerhall_session"]
    person.assert_no_console_errors()
