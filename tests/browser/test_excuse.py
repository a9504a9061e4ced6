"""The creator excuses a player ahead of time from the table page (W12, docs/rules/wordpoker.md):
a toggle button per player, pressed while the excuse holds, kept by the server."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

from .conftest import MINI_PACK_ID, PokerhallServer, VisitorFactory


def test_w12_the_creator_excuses_a_player_and_takes_it_back(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    ann = visitor("Ann")
    page = ann.page
    page.goto("/")
    expect(page.locator("#ruleset option")).not_to_have_count(0)
    page.locator("#seats").fill("3")
    page.locator("#bots").fill("0")
    page.locator("#turn-clock-on").check()
    page.locator("#advanced-options summary").click()
    page.locator("#opt-questions").fill(MINI_PACK_ID)
    page.locator("#create-player-name").fill("Ann")
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    table_id = parse_qs(urlparse(page.url).query)["id"][0]
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
