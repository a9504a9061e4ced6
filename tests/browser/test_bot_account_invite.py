"""A table's creator invites a bot account from the waiting room (issue 25, bot accounts): the
seat is kept and marked for it, the bot's program takes it with the account's secret, and a
name that is no bot account is refused in words, with nothing changed. Keyboard only, and axe
finds nothing serious on the creator's panel."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory, create_quiz_table
from .test_accessibility import assert_accessible_light_and_dark

SECRET = "correct horse"


def test_the_creator_invites_a_bot_account_and_its_program_takes_the_seat(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    server.api("POST", "/api/bots", {"name": "Robo", "secret": SECRET})
    ann = visitor("Ann")
    page = ann.page
    table_id = create_quiz_table(page, seats=3, turn_clock=False)
    field = page.locator("#creator-invite-name")
    expect(field).to_be_visible()
    field.fill("Nobody")
    field.press("Enter")  # the keyboard alone: Enter in the field invites
    expect(page.locator("#table-error")).to_have_text("No bot account is called Nobody.")
    assert not any(s["bot_account"] for s in server.api("GET", f"/api/tables/{table_id}")["seats"])

    field.fill("Robo")
    field.press("Enter")
    expect(page.locator("#creator-invite-status")).to_have_text(
        "Robo is invited: seat 2 is kept until its program takes it."
    )
    seats = server.api("GET", f"/api/tables/{table_id}")["seats"]
    assert (seats[1]["name"], seats[1]["bot_account"]) == ("Robo", True)
    robo = page.locator("#waiting-seats li").nth(1)
    expect(robo).to_contain_text("Robo")
    expect(robo).to_contain_text("(bot account)")
    expect(robo).to_contain_text("Invited, not here yet")
    assert_accessible_light_and_dark(page, "the waiting room with a bot account invited")

    claimed = server.api(
        "POST", f"/api/tables/{table_id}/seats/claim-bot", {"name": "Robo", "secret": SECRET}
    )
    assert claimed["seat"] == 1
    assert claimed["token"]
    expect(robo).not_to_contain_text("Invited, not here yet")  # it came
    expect(robo).to_contain_text("(bot account)")
    # the refused invitation's 404 is the only line the browser logged
    assert [p for p in ann.problems if "/invitations" not in p] == []
