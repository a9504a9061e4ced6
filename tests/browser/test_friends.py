"""Friends in the browser (issue 26, item 1: "follow a player, see when they are at a table,
invite them"): a signed-in person follows another from their profile page with the keyboard
alone, sees on their own profile whom they follow and, linked, the table that player sits at;
a player the creator invited finds the invitation in the lobby and takes the seat from there.
Every page so changed has nothing serious for axe."""

from __future__ import annotations

import secrets
from typing import Any

from playwright.sync_api import expect

from .conftest import MINI_PACK_ID, PokerhallServer, Visitor, VisitorFactory, create_quiz_table
from .test_accessibility import assert_accessible

SECRET = "correct horse 7"


def signed_up(visitor: Visitor, name: str) -> None:
    """An account made and signed in with the header's form (the lobby's)."""
    page = visitor.page
    page.goto("/")
    page.locator("#account-details summary").click()
    page.locator("#header-account-name").fill(name)
    page.locator("#header-account-secret").fill(SECRET)
    page.locator("#header-sign-up").click()
    expect(page.locator("#signed-in-as")).to_contain_text(name)


def open_table(visitor: Visitor, **fields: Any) -> dict[str, Any]:
    """A QuizPoker table opened from this browser (its cookie goes along, not needed)."""
    body: dict[str, Any] = {
        "game": "quizpoker",
        "name": f"Friends' table {secrets.token_hex(2)}",
        "options": {"questions": MINI_PACK_ID},
        "seats": 3,
        "bots": 0,
        "turn_clock": None,
        "bot_delay": 0,
        "result_pause": 0,
    }
    body.update(fields)
    answer = visitor.page.request.post("/api/tables", data=body)
    assert answer.status == 201, answer.text()
    table: dict[str, Any] = answer.json()
    return table


def test_follow_from_a_profile_and_see_the_friend_at_a_table(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    suffix = secrets.token_hex(2)
    ann_name, bob_name = f"Ann {suffix}", f"Bob {suffix}"
    ann, bob = visitor("Ann"), visitor("Bob")
    signed_up(bob, bob_name)
    table = open_table(bob)
    sat = bob.page.request.post(f"/api/tables/{table['id']}/seats", data={"name": "ignored"})
    assert sat.status == 201, sat.text()  # signed in: the seat is Bob's account's

    signed_up(ann, ann_name)
    page = ann.page
    page.goto(f"/profile.html?name={bob_name}")
    button = page.locator("#follow-button")
    expect(button).to_have_text("Follow")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#follow-status")).to_have_text(f"You follow {bob_name} now.")
    expect(button).to_have_text("Unfollow")
    expect(button).to_be_focused()  # the keyboard stays where it was
    assert_accessible(page, "another person's profile with its Follow button")

    page.goto(f"/profile.html?name={ann_name}")  # one's own: the Following list
    entry = page.locator("#following-list li")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text(bob_name)
    at = entry.get_by_role("link", name=f"at {table['name']} (quizpoker, waiting for players)")
    expect(at).to_be_visible()
    assert_accessible(page, "one's own profile with the Following list")
    page.locator("#lang-select").select_option("cs")
    expect(page.locator("#following-heading")).to_have_text("Sleduji")
    expect(entry).to_contain_text("čeká na hráče")
    page.locator("#lang-select").select_option("en")
    at.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{server.url}/table.html?id={table['id']}")

    page.goto(f"/profile.html?name={bob_name}")
    expect(page.locator("#follow-button")).to_have_text("Unfollow")
    page.locator("#header-sign-out").click()  # a guest follows nobody: no button, in any language
    expect(page.locator("#follow-button")).to_have_count(0)
    page.locator("#lang-select").select_option("de")
    expect(page.locator("#header-sign-out, #account-details summary")).to_have_text("Anmelden")
    expect(page.locator("#follow-button")).to_have_count(0)
    for person in (ann, bob):
        person.assert_no_console_errors()


def test_the_creator_invites_a_friend_who_takes_the_seat_from_the_lobby(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Bob's lobby is open before Ann invites him: the invitation, naming her, is pushed to it
    (the lobby asks by itself only every two minutes, far beyond the wait here)."""
    suffix = secrets.token_hex(2)
    ann_name, bob_name = f"Ann {suffix}", f"Bob {suffix}"
    ann, bob = visitor("Ann"), visitor("Bob")
    signed_up(bob, bob_name)  # his lobby stays open from here on
    section = bob.page.locator("#invitations")
    expect(section).to_be_hidden()  # nothing for him yet
    signed_up(ann, ann_name)
    followed = ann.page.request.post("/api/account/following", data={"name": bob_name})
    assert followed.status == 201, followed.text()
    table_id = create_quiz_table(ann.page, seats=2, turn_clock=False)  # Ann sits, signed in
    table_name = server.table(table_id)["name"]
    page = ann.page
    page.locator("#creator-invite-friend").select_option(bob_name)
    page.locator("#creator-invite-friend-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#creator-invite-friend-status")).to_have_text(
        f"{bob_name} is invited: seat 2 is kept until they take it."
    )
    kept = page.locator("#waiting-seats li").nth(1)
    expect(kept).to_contain_text(bob_name)
    expect(kept).to_contain_text("Invited, not here yet")  # not "kept for a drawn player"
    assert_accessible(page, "the waiting room with a friend invited")

    page = bob.page  # not reloaded: pushed
    expect(section).to_be_visible()
    line = section.locator("li")
    expect(line).to_contain_text(
        f"{ann_name} invites you to {table_name} (quizpoker): seat 2 is kept for you."
    )
    assert_accessible(page, "the lobby with an invitation")
    for lang, said in (
        ("de", f"{ann_name} lädt dich an den Tisch {table_name} (quizpoker) ein"),
        ("cs", f"{ann_name} tě zve ke stolu {table_name} (quizpoker)"),
        ("el", f"{ann_name} σε προσκαλεί στο τραπέζι {table_name} (quizpoker)"),
        ("en", f"{ann_name} invites you to {table_name}"),
    ):
        page.locator("#lang-select").select_option(lang)
        expect(line).to_contain_text(said)
    take = page.get_by_test_id(f"take-{table_id}")
    take.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{server.url}/table.html?id={table_id}")
    expect(page.locator("#connection-status")).to_have_attribute("data-state", "open")
    seats = {s["name"]: s for s in server.table(table_id)["seats"]}
    assert (seats[bob_name]["signed_in"], seats[bob_name]["reserved"]) == (True, False)
    assert server.table(table_id)["status"] == "running"  # the last seat: the game began
    for person in (ann, bob):
        person.assert_no_console_errors()


def test_a_withdrawn_invitation_leaves_the_open_lobby_without_a_reload(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Pushed both ways: the invitation comes to Bob's open lobby, and goes when the creator
    removes the seat kept for him; declining it there is done by keyboard."""
    suffix = secrets.token_hex(2)
    ann_name, bob_name = f"Ann {suffix}", f"Bob {suffix}"
    ann, bob = visitor("Ann"), visitor("Bob")
    signed_up(ann, ann_name)
    signed_up(bob, bob_name)
    followed = ann.page.request.post("/api/account/following", data={"name": bob_name})
    assert followed.status == 201, followed.text()
    table = open_table(ann)
    sat = ann.page.request.post(
        f"/api/tables/{table['id']}/seats", data={"name": "x", "creator": table["creator_token"]}
    )
    assert sat.status == 201, sat.text()
    creator = {"Authorization": f"Bearer {sat.json()['token']}"}

    def invite() -> int:
        answer = ann.page.request.post(
            f"/api/tables/{table['id']}/invitations/person",
            data={"name": bob_name},
            headers=creator,
        )
        assert answer.status == 201, answer.text()
        seat: int = next(s["seat"] for s in answer.json()["seats"] if s["name"] == bob_name)
        return seat

    section = bob.page.locator("#invitations")
    seat = invite()
    expect(section.locator("li")).to_contain_text(f"{ann_name} invites you to {table['name']}")
    removed = ann.page.request.post(
        f"/api/tables/{table['id']}/seats/{seat}/remove", headers=creator
    )
    assert removed.status == 200, removed.text()
    expect(section).to_be_hidden()  # withdrawn: gone from the open lobby

    invite()
    decline = section.get_by_role("button", name="Decline")
    decline.focus()
    bob.page.keyboard.press("Enter")
    expect(section).to_be_hidden()
    assert [s["name"] for s in server.table(table["id"])["seats"] if s["name"]] == [ann_name]
    for person in (ann, bob):
        person.assert_no_console_errors()
