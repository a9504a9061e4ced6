"""My tables in the lobby (issue 26, item 4): a signed-in player sees the turn-based table
waiting on them first, marked "your turn" in words, with its game and deadline; the section is
worked by keyboard, passes axe, speaks Czech, and stays hidden for a guest."""

from __future__ import annotations

import secrets

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory
from .test_accessibility import assert_accessible

SECRET = "correct horse 7"
HOUR = 3600


def test_my_tables_shows_the_table_waiting_on_me_first(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    person = visitor("Ines")
    page = person.page
    page.goto("/")
    expect(page.locator("#my-tables")).to_be_hidden()  # a guest has no tables of their own
    name = f"Ines {secrets.token_hex(2)}"
    slow = server.create_table(name="Slow game", seats=2, bots=1, turn_clock=HOUR)
    waiting = server.create_table(name="Waiting game", seats=3, bots=0, turn_clock=HOUR)
    status = page.evaluate(
        """async ([name, secret, tables]) => {
             const post = (path, body) => fetch(path, {method: "POST",
               headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
             await post("/api/players", {name, secret});
             await post("/api/session", {name, secret});
             const codes = [];
             for (const id of tables) {
               codes.push((await post(`/api/tables/${id}/seats`, {name})).status);
             }
             return codes;
           }""",
        [name, SECRET, [waiting["id"], slow["id"]]],
    )
    assert status == [201, 201]
    page.reload()
    section = page.locator("#my-tables")
    expect(section).to_be_visible()
    cards = page.locator("#my-tables-list > li")
    expect(cards).to_have_count(2)
    expect(cards.first).to_have_attribute("data-testid", f"my-table-{slow['id']}")
    expect(page.get_by_test_id(f"my-turn-{slow['id']}")).to_have_text("your turn")
    expect(cards.first).to_contain_text("answer by")
    expect(cards.nth(1)).to_contain_text("waiting for players")
    expect(page.locator("#my-tables-summary")).to_have_text("2 tables, 1 waiting on you.")
    assert_accessible(page, "the lobby with My tables")

    page.locator("#my-tables-heading").focus()
    page.keyboard.press("Tab")  # the first table's link, by keyboard
    focused = page.evaluate("document.activeElement.textContent")
    assert focused == "Open the table: Slow game"
    page.locator("#lang-select").select_option("cs")
    expect(page.locator("#my-tables-heading")).to_have_text("Moje stoly")
    expect(page.get_by_test_id(f"my-turn-{slow['id']}")).to_have_text("jste na tahu")
    page.locator("#my-tables-list a").first.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{server.url}/table.html?id={slow['id']}")
    person.assert_no_console_errors()


def test_my_own_profile_sets_the_email_notices(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Issue 26 item 4: the address and the choice of notices, on one's own profile only; a bad
    address is said (in the reader's language) and changes nothing."""
    person = visitor("Olga")
    page = person.page
    name = f"Olga {secrets.token_hex(2)}"
    page.goto("/")
    page.evaluate(
        """async ([name, secret]) => {
             const post = (path, body) => fetch(path, {method: "POST",
               headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
             await post("/api/players", {name, secret});
             await post("/api/session", {name, secret});
           }""",
        [name, SECRET],
    )
    page.goto(f"/profile.html?name={name}")
    section = page.locator("#notices")
    expect(section).to_be_visible()
    expect(page.locator("#notices-none")).to_be_checked()
    page.locator("#notices-email").fill("not an address")
    page.locator("#notices-turn").check()
    page.locator("#notices-save").click()
    expect(page.locator("#notices-error")).to_have_text(
        "That is not an e-mail address such as name@example.org."
    )
    person.problems.clear()  # the 422 is the page's to show
    assert page.evaluate("fetch('/api/account/notices').then(r => r.json())")["mode"] == "none"

    page.locator("#notices-email").fill("olga@example.org")
    page.locator("#notices-digest").focus()
    page.keyboard.press("Space")  # by keyboard
    page.locator("#notices-save").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#notices-status")).to_have_text("Saved.")
    stored = page.evaluate("fetch('/api/account/notices').then(r => r.json())")
    assert (stored["email"], stored["mode"], stored["lang"]) == ("olga@example.org", "digest", "en")
    assert_accessible(page, "one's own profile with the notices")
    page.locator("#lang-select").select_option("el")
    expect(page.locator("#notices-heading")).to_have_text("Ειδοποιήσεις με e-mail")

    stranger = visitor("Pavel").page
    stranger.goto(f"/profile.html?name={name}")
    expect(stranger.locator("#profile-heading")).to_have_text(name)
    expect(stranger.locator("#notices")).to_be_hidden()
    assert "olga@example.org" not in stranger.content()
