"""The creator excuses a player ahead of time from the table page (W12, docs/rules/wordpoker.md):
a toggle button per player, pressed while the excuse holds, kept by the server."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory, create_quiz_table


def test_w12_the_creator_excuses_a_player_and_takes_it_back(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    ann = visitor("Ann")
    page = ann.page
    table_id = create_quiz_table(page, seats=3, turn_clock=True)
    server.api("POST", f"/api/tables/{table_id}/seats", {"name": "Away"})
    excuse = page.get_by_test_id("excuse-seat-1")
    expect(excuse).to_have_text("Excused: Away (seat 2)")
    expect(excuse).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#creator-excuse-hint")).to_be_visible()
    expect(page.get_by_test_id("excuse-seat-0")).to_have_count(0)  # not herself
    excuse.click()
    expect(excuse).to_have_attribute("aria-pressed", "true")
    seats = server.api("GET", f"/api/tables/{table_id}")["seats"]
    assert [s["excused"] for s in seats[:2]] == [False, True]
    excuse.click()
    expect(excuse).to_have_attribute("aria-pressed", "false")
    assert not server.api("GET", f"/api/tables/{table_id}")["seats"][1]["excused"]
    ann.assert_no_console_errors()


def test_w12_the_organiser_excuses_a_drawn_player_on_the_league_page(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    created = server.api(
        "POST",
        "/api/leagues",
        {"name": "Liga", "game": "wordpoker", "options": {"lexicon": "mini"}, "turn_clock": 60},
    )
    league_id, token = created["league"]["id"], created["organiser_token"]
    for name in ("Adéla", "Bořek"):
        server.api("POST", "/api/players", {"name": name, "secret": "correct horse"})
    server.api_with_token("POST", f"/api/leagues/{league_id}/sessions", token)
    for name in ("Adéla", "Bořek"):
        server.api(
            "POST",
            f"/api/leagues/{league_id}/sessions/1/signups",
            {"name": name, "secret": "correct horse"},
        )
    server.api_with_token("POST", f"/api/leagues/{league_id}/sessions/1/draw", token)
    (table,) = server.api("GET", f"/api/leagues/{league_id}/sessions/1")["tables"]
    page = visitor("Iva").page
    page.goto(f"/league.html?id={league_id}")
    expect(page.locator("#drawn-tables li.table-card")).to_have_count(1)
    page.locator("#organiser summary").click()
    page.locator("#organiser-token").fill(token)
    excuse = page.get_by_test_id(f"excuse-{table['table_id']}-1")
    expect(excuse).to_have_text(f"Excused: {table['players'][1]}")
    excuse.click()
    expect(excuse).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#drawn-tables")).to_contain_text(f"{table['players'][1]} (excused)")
    drawn = server.api("GET", f"/api/leagues/{league_id}/sessions/1")["tables"][0]
    assert drawn["excused"] == [1]
    page.locator("#organiser-token").fill("not the token")
    page.get_by_test_id(f"excuse-{table['table_id']}-0").click()
    refused = "Only the league's organiser may do this."
    expect(page.locator("#organiser-error")).to_have_text(refused)
    assert server.api("GET", f"/api/leagues/{league_id}/sessions/1")["tables"][0]["excused"] == [1]
