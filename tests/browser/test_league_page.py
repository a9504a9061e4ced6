"""The league page in the browser: a player creates an account and signs up there, the drawing
(made by the organiser through the API) appears live with its seed, the player takes the seat
they were drawn to, and a refusal is shown in the reader's language; a drawn table's seats
are shown as kept for its players."""

from __future__ import annotations

import secrets
from typing import Any

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory

SECRET = "correct horse"


def new_league(server: PokerhallServer, players: list[str]) -> tuple[dict[str, Any], str]:
    """A Slovní poker league (two short deals) whose first session takes sign-ups; `players`
    have accounts and are signed up already."""
    created = server.api(
        "POST",
        "/api/leagues",
        {"name": f"Liga {secrets.token_hex(3)}", "game": "wordpoker", "options": {"deals": 2}},
    )
    league, token = created["league"], created["organiser_token"]
    server.api_with_token("POST", f"/api/leagues/{league['id']}/sessions", token)
    for name in players:
        server.api("POST", "/api/players", {"name": name, "secret": SECRET})
        server.api(
            "POST",
            f"/api/leagues/{league['id']}/sessions/1/signups",
            {"name": name, "secret": SECRET},
        )
    return league, token


def test_sign_up_see_the_drawing_live_and_take_the_drawn_seat(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """W1: the drawing shows the tables (at most 5 players each) and its seed."""
    name = f"Hana {secrets.token_hex(2)}"
    league, token = new_league(server, [f"Ota {secrets.token_hex(2)}"])
    person = visitor("Hana")
    page = person.page
    page.goto("/")
    page.get_by_role("link", name="Leagues").click()
    page.get_by_role("link", name=league["name"]).click()
    expect(page.locator("#league-heading")).to_have_text(league["name"])
    expect(page.locator("#standings-empty")).to_be_visible()

    page.locator("#account-name").fill(name)
    page.locator("#account-secret").fill(SECRET)
    page.locator("#register").click()
    expect(page.locator("#account-done")).to_contain_text(name)
    page.locator("#sign-up").click()
    expect(page.locator("#account-done")).to_have_text("You are signed up for session 1.")
    expect(page.locator("#session-players")).to_contain_text(name)  # live, over the socket

    page.locator("#lang-select").select_option("cs")
    page.locator("#register").click()  # the name is taken now: the refusal is in Czech
    expect(page.locator("#account-error")).to_have_text(
        "Toto jméno je obsazené. Zvolte prosím jiné."
    )
    page.locator("#lang-select").select_option("en")

    server.api_with_token("POST", f"/api/leagues/{league['id']}/sessions/1/draw", token)
    expect(page.locator("#drawn-tables li")).to_have_count(1)
    drawn = server.api("GET", f"/api/leagues/{league['id']}/sessions/1")
    expect(page.locator("#seed")).to_have_text(drawn["seed"])
    expect(page.locator("#take-seat")).to_be_visible()
    page.locator("#take-seat").click()
    page.wait_for_url(f"**/table.html?id={drawn['tables'][0]['table_id']}")
    expect(page.locator("#waiting-seated")).to_be_visible()  # the page holds the seat's token
    # The browser logs the refused account (409) as a failed resource; nothing else may fail.
    assert [p for p in person.problems if "409 (Conflict)" not in p] == []


def test_a_drawn_table_shows_its_seats_kept_for_the_drawn_players(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    league, token = new_league(
        server, [f"Ema {secrets.token_hex(2)}", f"Ivo {secrets.token_hex(2)}"]
    )
    server.api_with_token("POST", f"/api/leagues/{league['id']}/sessions/1/draw", token)
    table_id = server.api("GET", f"/api/leagues/{league['id']}/sessions/1")["tables"][0]["table_id"]
    person = visitor("Zed")
    page = person.page
    person.open_table(table_id)
    page.locator("#lang-select").select_option("de")
    for seat in (0, 1):
        expect(page.locator(f'[data-testid="waiting-seat-{seat}"]')).to_contain_text(
            "Für einen zugelosten Spieler reserviert"
        )
    expect(page.locator("#waiting-join")).to_be_hidden()  # no free seat for a visitor
    person.assert_no_console_errors()
