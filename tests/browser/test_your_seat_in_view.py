"""The creator's own seat is on screen when the game starts (issue 21: "Your own seat is below
the fold at 1280×800 when the game starts … the creator's "Your table" box stays at the top all
game, even when it is empty")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PokerhallServer, Visitor, VisitorFactory

DESKTOP = {"width": 1280, "height": 800}


def creator_at_a_started_table(visitor: VisitorFactory, game: str, ruleset: str) -> Visitor:
    """Ann opens a three-seat table with two bots from the lobby on a laptop's screen; the game
    starts at once."""
    person = visitor("Ann")
    page = person.page
    page.set_viewport_size(DESKTOP)
    page.goto("/")
    expect(page.locator("#game option")).not_to_have_count(0)
    page.locator("#game").select_option(game)
    page.locator("#ruleset").select_option(ruleset)
    page.locator("#seats").fill("3")
    page.locator("#bots").fill("2")
    page.locator("#create-player-name").fill("Ann")
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    person.wait_for_game()
    return person


@pytest.mark.parametrize(
    ("game", "ruleset"),
    [("quizpoker", "quizpoker"), ("quizpoker", "duell"), ("detective", "detective")],
)
def test_the_creators_seat_is_in_view_and_the_empty_box_gone(
    server: PokerhallServer, visitor: VisitorFactory, game: str, ruleset: str
) -> None:
    person = creator_at_a_started_table(visitor, game, ruleset)
    page = person.page
    # nobody the creator could remove or excuse: the box of creator controls is not shown
    expect(page.locator("#creator-controls")).to_be_hidden()
    page.evaluate("() => window.scrollTo(0, 0)")
    # the seat's name (and its badges: button, blinds, game master) is on the screen; the
    # seat's facts are beside it or, at Detective, in the centre panel's "Your cards"
    expect(page.locator(".is-me h3")).to_be_in_viewport(ratio=1)
    if game == "detective":
        expect(page.locator("#your-cards")).to_be_in_viewport(ratio=1)
    person.assert_no_console_errors()


def test_the_game_masters_card_is_folded_until_asked_for(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """DU2: the game master's card is theirs to read, one keypress away; folded, it keeps
    their seat on screen."""
    page = creator_at_a_started_table(visitor, "quizpoker", "duell").page
    card = page.locator("#gm-card details")
    expect(card).not_to_have_attribute("open", "")
    page.locator("#gm-card summary").focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("open", "")
    expect(page.locator("#gm-card dd").first).to_be_visible()
