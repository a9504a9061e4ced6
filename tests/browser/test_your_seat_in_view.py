"""The creator's own seat is on screen when the game starts (issue 21: "Your own seat is below
the fold at 1280×800 when the game starts … the creator's "Your table" box stays at the top all
game, even when it is empty")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory

DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize(
    ("game", "ruleset"),
    [("quizpoker", "quizpoker"), ("quizpoker", "duell"), ("detective", "detective")],
)
def test_the_creators_seat_is_in_view_and_the_empty_box_gone(
    server: PokerhallServer, visitor: VisitorFactory, game: str, ruleset: str
) -> None:
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
    # nobody the creator could remove or excuse: the box of creator controls is not shown
    expect(page.locator("#creator-controls")).to_be_hidden()
    page.evaluate("() => window.scrollTo(0, 0)")
    # the seat's name is on the screen; at QuizPoker most of the card (Detective repeats the
    # seat's facts in the centre panel, "Your cards", which is on the screen too)
    expect(page.locator(".is-me h3")).to_be_in_viewport(ratio=1)
    if game == "quizpoker":
        expect(page.locator(".is-me")).to_be_in_viewport(ratio=0.8)
    else:
        expect(page.locator("#your-cards")).to_be_in_viewport(ratio=1)
    person.assert_no_console_errors()


def test_the_game_masters_card_is_folded_until_asked_for(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """DU2: the game master's card is theirs to read, one keypress away; folded, it keeps
    their seat on screen."""
    person = visitor("Ann")
    page = person.page
    page.set_viewport_size(DESKTOP)
    page.goto("/")
    expect(page.locator("#ruleset option")).not_to_have_count(0)
    page.locator("#ruleset").select_option("duell")
    page.locator("#seats").fill("3")
    page.locator("#bots").fill("2")
    page.locator("#create-player-name").fill("Ann")
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    person.wait_for_game()
    card = page.locator("#gm-card details")
    expect(card).not_to_have_attribute("open", "")
    page.locator("#gm-card summary").focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("open", "")
    expect(page.locator("#gm-card dd").first).to_be_visible()
