"""The lobby's create form per game (issue 21): what it offers follows each game's
registration (`/api/games`), never a game named in the shell."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from pokerhall.engine import registry

from .conftest import VisitorFactory


def open_lobby(page: Page) -> None:
    page.goto("/")
    expect(page.locator("#game option")).not_to_have_count(0)  # the games have loaded


def test_bot_takeover_is_offered_only_where_a_bot_may_take_a_leavers_seat(
    visitor: VisitorFactory,
) -> None:
    """A game whose `on_leave` is `resign` gets no "a bot plays for a player who leaves"
    checkbox, and says instead that a leaver's seat resigns."""
    page = visitor("Lea").page
    open_lobby(page)
    for info in registry.infos():
        page.locator("#game").select_option(info.name)
        if info.on_leave == "bot":
            expect(page.locator("#bot-takeover")).to_be_visible()
            expect(page.locator("#bot-takeover")).to_be_checked()
            expect(page.locator("#leave-resigns")).to_be_hidden()
        else:
            expect(page.locator("#bot-takeover")).to_be_hidden()
            expect(page.locator("#leave-resigns")).to_be_visible()
