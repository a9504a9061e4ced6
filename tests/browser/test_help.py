"""Help for players (issue 12, item 6): a rules page per game in every interface language,
reachable from the lobby and the table, listing the table's keyboard shortcuts; and the turn
alerts (item 8): a toggle, off by default and remembered, that plays a sound and shows a browser
notification when a prompt arrives while the tab is hidden.

The notification is observed, not replaced: an init script wraps `window.Notification` so the
page's calls are recorded and still reach the browser's own constructor, and `document.hidden`
is made to say what a background tab says (a headless page is never really hidden)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import pokerhall.games  # noqa: F401  (registers the games)
from pokerhall.engine import registry

from .conftest import PokerhallServer, Visitor, VisitorFactory
from .test_accessibility import assert_accessible, assert_accessible_light_and_dark

LANGUAGES = ("en", "de", "cs", "el")
GAMES = [info.name for info in registry.infos()]

OBSERVE_NOTIFICATIONS = """
(() => {
  const Original = window.Notification;
  window.__notes = [];
  window.__tones = 0;
  class Observed extends Original {
    constructor(title, options) {
      super(title, options);
      window.__notes.push({ title, body: options?.body ?? "", lang: options?.lang ?? "" });
    }
  }
  window.Notification = Observed;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.__tones += 1;
    return start.apply(this, args);
  };
})();
"""

HIDDEN_TAB = """
Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
"""


def in_language(page: Page, code: str) -> None:
    page.locator("#lang-select").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def help_outline(page: Page) -> dict[str, Any]:
    outline: dict[str, Any] = page.evaluate(
        """() => ({
          h1: document.querySelector("h1").textContent.trim(),
          h2: [...document.querySelectorAll("#help-body h2")].map((e) => e.textContent.trim()),
          words: document.getElementById("help-body").innerText.split(/\\s+/).length,
          keys: [...document.querySelectorAll("#help-shortcut-list kbd")].map((e) => e.textContent),
          title: document.title,
        })"""
    )
    return outline


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_rules_page_in_every_language(visitor: VisitorFactory, game: str) -> None:
    person = visitor("Reader")
    page = person.page
    page.goto(f"/help.html?game={game}")
    expect(page.locator("#help-body")).to_be_visible()
    seen: dict[str, dict[str, Any]] = {}
    for code in LANGUAGES:
        in_language(page, code)
        page.wait_for_function(
            "(code) => document.querySelector('#help-body h2') && "
            "document.getElementById('help-body').dataset.rendered === code && "
            "!document.querySelector('#help-error').textContent",
            arg=code,
        )
        expect(page.locator("#help-keys")).to_be_visible()
        outline = help_outline(page)
        assert outline["h1"], outline
        assert outline["h1"] in outline["title"], outline
        assert len(outline["h2"]) >= 4, f"{game} in {code}: {outline['h2']}"
        assert all(outline["h2"]), outline
        assert outline["words"] > 200, f"{game} in {code} has only {outline['words']} words"
        assert {"M", "S"} <= set(outline["keys"]), outline["keys"]
        seen[code] = outline
    # Each language has its own words: the headings change with the language switch.
    firsts = {code: outline["h2"][0] for code, outline in seen.items()}
    assert len(set(firsts.values())) == len(LANGUAGES), firsts
    assert len({len(o["h2"]) for o in seen.values()}) == 1, "languages differ in sections"
    person.assert_no_console_errors()


def test_the_help_lists_the_games_shortcuts_from_its_module(visitor: VisitorFactory) -> None:
    """The table page's shortcut list and the help page's come from one list."""
    person = visitor("Keys")
    page = person.page
    page.goto("/help.html?game=palace")
    expect(page.locator("#help-shortcut-list dt")).to_have_count(9)  # B T A F C R + M S E
    listed = page.locator("#help-shortcut-list dd").all_inner_texts()
    assert all(listed), listed
    assert len(set(listed)) == len(listed), listed
    assert "Write in the table chat" in listed
    assert page.locator("#help-shortcut-note").inner_text().strip()
    person.assert_no_console_errors()


def test_the_help_pages_are_accessible_in_light_and_dark(visitor: VisitorFactory) -> None:
    person = visitor("Axe")
    page = person.page
    for game in GAMES:
        page.goto(f"/help.html?game={game}")
        expect(page.locator("#help-body h2").first).to_be_visible()
        assert_accessible_light_and_dark(page, f"the help page of {game}")
    in_language(page, "cs")
    expect(page.locator("#help-body h2").first).to_be_visible()
    assert_accessible(page, "a help page in Czech")
    page.goto("/help.html")
    expect(page.locator("#help-game-list a")).to_have_count(len(GAMES))
    assert_accessible(page, "the help page without a game")
    person.assert_no_console_errors()


def test_an_unknown_game_is_said_in_the_players_language(visitor: VisitorFactory) -> None:
    person = visitor("Lost")
    page = person.page
    page.goto("/help.html?game=nosuchgame")
    expect(page.locator("#help-error")).to_contain_text("nosuchgame")
    in_language(page, "de")
    expect(page.locator("#help-error")).to_contain_text("gibt es hier nicht")
    expect(page.locator("#help-body")).to_be_hidden()
    expect(page.locator("#help-game-list a")).to_have_count(len(GAMES))
    person.assert_no_console_errors()


def test_the_lobby_links_each_games_help_next_to_the_game_choice(visitor: VisitorFactory) -> None:
    person = visitor("Chooser")
    page = person.page
    page.goto("/")
    for game in GAMES:
        page.locator("#game").select_option(game)
        expect(page.locator("#game-help")).to_have_attribute("href", f"help.html?game={game}")
    page.locator("#game").select_option(GAMES[0])
    title = page.locator("#game option:checked").inner_text()
    expect(page.locator("#game-help")).to_contain_text(title)
    page.locator("#game-help").focus()  # keyboard reachable: a real link, opened with Enter
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/help\.html\?game={GAMES[0]}$"))
    expect(page.locator("#help-body h2").first).to_be_visible()
    expect(page.locator("h1")).to_contain_text(title)
    page.go_back()
    page.locator("#help-all").click()
    expect(page.locator("#help-game-list a")).to_have_count(len(GAMES))
    person.assert_no_console_errors()


def test_the_table_header_links_the_tables_game_help(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.create_table(name="Help table", seats=3, bots=1)
    person = visitor("Seated")
    person.open_table(table["id"])
    link = person.page.locator("#help-link")
    expect(link).to_have_attribute("href", "help.html?game=quizpoker")
    expect(link).to_have_attribute("target", "_blank")
    with person.context.expect_page() as opened:
        link.click()
    rules = opened.value
    expect(rules.locator("#help-body h2").first).to_be_visible()
    expect(rules.locator("#help-shortcut-list kbd", has_text=re.compile("^F$"))).to_have_count(1)
    person.assert_no_console_errors()


# --- turn alerts ---------------------------------------------------------------------------


def seat_and_wait_for_a_prompt(person: Visitor, server: PokerhallServer) -> None:
    """The last free seat at a two-seat table with a bot: the game starts and asks a guess."""
    table = server.create_table(name="Alert table", seats=2, bots=1)
    person.open_table(table["id"])
    person.english()
    toggle = person.page.locator("#turn-alerts")
    expect(toggle).not_to_be_checked()  # off by default
    toggle.check()
    expect(person.page.locator("#turn-alerts-status")).not_to_be_empty()
    person.join_in_waiting_room("Alerted")
    person.wait_for_game()
    person.next_prompt()


def test_a_prompt_in_a_hidden_tab_rings_and_notifies(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    person = visitor("Away")
    person.context.grant_permissions(["notifications"])
    person.context.add_init_script(OBSERVE_NOTIFICATIONS)
    person.context.add_init_script(HIDDEN_TAB)
    seat_and_wait_for_a_prompt(person, server)
    page = person.page
    expect(page.locator("#turn-alerts-status")).to_contain_text("you will hear a sound")
    notes = page.evaluate("window.__notes")
    assert len(notes) == 1, notes
    assert notes[0]["title"].startswith("▶"), notes
    assert notes[0]["body"], notes
    assert notes[0]["lang"] == "en"
    # Two tones when the toggle was switched on (a sample), two more for the prompt.
    assert page.evaluate("window.__tones") == 4
    person.assert_no_console_errors()


def test_a_prompt_in_a_visible_tab_stays_quiet(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    person = visitor("Here")
    person.context.grant_permissions(["notifications"])
    person.context.add_init_script(OBSERVE_NOTIFICATIONS)
    seat_and_wait_for_a_prompt(person, server)
    # The alert is made in the same task that draws the prompt, so none can come later.
    assert person.page.evaluate("window.__notes") == []
    assert person.page.evaluate("window.__tones") == 2  # only the sample
    person.assert_no_console_errors()


def test_the_toggle_is_remembered_across_a_reload(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.create_table(name="Remember table", seats=3, bots=1)
    person = visitor("Keeper")
    person.context.grant_permissions(["notifications"])
    person.open_table(table["id"])
    toggle = person.page.locator("#turn-alerts")
    expect(toggle).not_to_be_checked()
    toggle.check()
    person.page.reload()
    expect(person.page.locator("#connection-status")).to_have_attribute("data-state", "open")
    expect(person.page.locator("#turn-alerts")).to_be_checked()
    person.page.locator("#turn-alerts").uncheck()
    person.page.reload()
    expect(person.page.locator("#connection-status")).to_have_attribute("data-state", "open")
    expect(person.page.locator("#turn-alerts")).not_to_be_checked()
    person.assert_no_console_errors()


def test_refused_notifications_are_explained_in_the_players_language(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.create_table(name="Blocked table", seats=3, bots=1)
    person = visitor("Blocked")
    # No permission granted: the headless browser refuses the request, as a "Block" would.
    person.open_table(table["id"])
    person.english()
    person.page.locator("#turn-alerts").check()
    status = person.page.locator("#turn-alerts-status")
    expect(status).to_contain_text("blocks notifications")
    in_language(person.page, "cs")
    expect(status).to_contain_text("blokuje oznámení")
    assert_accessible(person.page, "the waiting room with the turn alerts on")
    person.assert_no_console_errors()
