"""Ratings in the browser: the lobby says a guests' table is not rated and why, the table
page says it too, and the leaderboard page is a semantic table, accessible in every
language (here with nobody rated yet: a rated table needs accounts at every seat)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory
from .test_accessibility import assert_accessible


def test_the_lobby_and_the_table_say_a_guests_table_is_not_rated(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.api("POST", "/api/tables", {"name": "Guests only", "seats": 3})
    server.api("POST", f"/api/tables/{table['id']}/seats", {"name": "Gus"})
    person = visitor("Ria")
    page = person.page
    page.goto("/")
    expect(page.get_by_test_id(f"rated-{table['id']}")).to_have_text("not rated: guests play")
    page.goto(f"/table.html?id={table['id']}")
    expect(page.locator("#table-meta")).to_contain_text("not rated: guests play")
    person.assert_no_console_errors()


def test_the_leaderboard_page_is_linked_and_accessible_in_every_language(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    person = visitor("Lia")
    page = person.page
    page.goto("/")
    page.get_by_role("link", name="Leaderboards").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Leaderboards")
    page.locator("#ratings-game").select_option("quizpoker")
    page.locator("#ratings-ruleset").select_option("duell")
    expect(page.locator("#board-heading")).to_have_text("QuizPoker — Duell")
    expect(page.locator("#board-empty")).to_be_visible()
    assert "game=quizpoker" in page.url
    assert "ruleset=duell" in page.url
    assert_accessible(page, "the leaderboard page")
    for code in ("de", "cs", "el"):
        page.locator("#lang-select").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        assert_accessible(page, f"the leaderboard page in {code}")
    person.assert_no_console_errors()
