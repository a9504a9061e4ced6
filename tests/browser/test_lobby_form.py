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


def test_an_option_is_described_in_its_own_games_words_only(visitor: VisitorFactory) -> None:
    """QuizPoker's "Language of the questions" gets QuizPoker's hint (the questions are in the
    table's language), never Slovní poker's (a terminal language; the browser follows each
    reader): the lobby holds every game's strings, and a game's lookup stays in its own."""
    page = visitor("Quinn").page
    open_lobby(page)
    for game in ("quizpoker", "wordpoker"):
        own = page.evaluate(
            """async (game) => (await import(`/js/games/${game}/locales/en.js`))
                 .default["option.language.help"]""",
            game,
        )
        page.locator("#game").select_option(game)
        expect(page.locator("#opt-language-hint")).to_have_text(own)
    expect(page.locator("#opt-language-hint")).to_contain_text("browser")
    page.locator("#game").select_option("quizpoker")
    expect(page.locator("#opt-language-hint")).not_to_contain_text("browser")
