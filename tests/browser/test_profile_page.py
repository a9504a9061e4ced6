"""Accounts in the browser (issue 26, item 1): a guest makes an account with the header's form,
is signed in (the cookie is HttpOnly: the page never reads it), sees their profile (no games
yet) from the lobby's header too, and signs out in another language. An unknown name is said
on the page. The form is worked by keyboard."""

from __future__ import annotations

import secrets

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory
from .test_accessibility import assert_accessible

SECRET = "correct horse 7"


def test_sign_up_in_the_header_see_the_profile_and_sign_out(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    name = f"Ilse {secrets.token_hex(2)}"
    person = visitor("Ilse")
    page = person.page
    page.goto(f"/profile.html?name={name}")  # not an account yet: said, not crashed
    expect(page.locator("#profile-error")).to_have_text(f"There is no player named {name}.")
    person.problems.clear()  # the 404 of that look-up is the page's to show, not a fault

    box = page.locator("#account-box")
    box.get_by_text("Sign in").first.focus()
    page.keyboard.press("Enter")  # the summary opens the form
    page.locator("#header-account-name").fill(name)
    page.locator("#header-account-secret").fill(SECRET)
    page.locator("#header-sign-up").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#signed-in-as")).to_contain_text(name)
    assert all(c["name"] != "pokerhall_session" or c["httpOnly"] for c in person.context.cookies())
    assert page.evaluate("document.cookie").find("pokerhall_session") == -1
    expect(page.locator("#profile-heading")).to_have_text(name)
    expect(page.locator("#stats-empty")).to_be_visible()
    assert_accessible(page, "a profile, signed in")

    page.goto("/")  # the lobby's header says who is signed in, too
    expect(page.locator("#signed-in-as")).to_contain_text(name)
    page.locator("#signed-in-as a").click()
    expect(page).to_have_url(f"{server.url}/profile.html?name={name.replace(' ', '%20')}")

    page.locator("#lang-select").select_option("de")
    expect(page.locator("#header-sign-out")).to_have_text("Abmelden")
    page.locator("#header-sign-out").click()
    expect(page.locator("#account-details summary")).to_have_text("Anmelden")
    assert not [c for c in person.context.cookies() if c["name"] == "pokerhall_session"]
    person.assert_no_console_errors()
