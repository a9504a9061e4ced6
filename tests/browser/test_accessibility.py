"""axe-core (through axe-playwright-python) finds no serious or critical accessibility problem
on the lobby, the waiting room, or the table in the middle of a hand and after it.

Moderate and minor findings are printed (pytest shows them with a failure, or with -s) but do
not fail: they are worth a look, not a broken page.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import PokerhallServer, VisitorFactory

BLOCKING = ("critical", "serious")
AXE = Axe()


def describe(violation: dict[str, Any]) -> str:
    lines = [
        f"- {violation['id']} ({violation['impact']}): {violation['help']}",
        f"  {violation['helpUrl']}",
    ]
    for node in violation["nodes"][:8]:
        target = " ".join(str(part) for part in node["target"])
        lines.append(f"  * {target}")
        lines.append(f"    {node['html'][:200]}")
        summary = (node.get("failureSummary") or "").replace("\n", "\n      ")
        if summary:
            lines.append(f"      {summary}")
    if len(violation["nodes"]) > 8:
        lines.append(f"  ... and {len(violation['nodes']) - 8} more elements")
    return "\n".join(lines)


def assert_accessible_light_and_dark(page: Page, where: str) -> None:
    """Both colour schemes (base.css has a dark one): contrast is checked in each."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_accessible(page, f"{where}, {scheme} colours")
    page.emulate_media(color_scheme="light")


def assert_accessible(page: Page, where: str) -> None:
    violations: list[dict[str, Any]] = AXE.run(page).response["violations"]
    blocking = [v for v in violations if v["impact"] in BLOCKING]
    others = [v for v in violations if v["impact"] not in BLOCKING]
    if others:
        print(f"axe, {where}: {len(others)} moderate/minor findings")
        print("\n".join(describe(v) for v in others))
    assert not blocking, f"axe found serious or critical problems on {where}:\n" + "\n".join(
        describe(v) for v in blocking
    )


def test_lobby_has_no_serious_accessibility_problems(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    open_table = server.create_table(name="Axe open table", seats=3, bots=1)
    running = server.create_table(name="Axe running table", seats=2, bots=1)
    server.api("POST", f"/api/tables/{running['id']}/seats", {"name": "Ruth"})
    person = visitor("Lou")
    page = person.page
    page.goto("/")
    expect(page.get_by_test_id(f"join-{open_table['id']}")).to_be_visible()
    expect(page.get_by_test_id(f"watch-{running['id']}")).to_be_visible()
    page.locator("#advanced-options summary").click()  # the options inside count too
    assert_accessible_light_and_dark(page, "the lobby")

    page.get_by_test_id(f"join-{open_table['id']}").click()
    expect(page.locator("#join-dialog")).to_be_visible()
    page.locator("#join-submit").click()  # no name: the error state
    expect(page.locator("#join-error")).not_to_be_empty()
    assert_accessible(page, "the lobby's join dialog with an error")
    page.locator("#join-cancel").click()

    for code in ("de", "cs", "el"):  # the form's option fields are relabelled in each
        page.locator("#lang-select").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        assert_accessible(page, f"the lobby in {code}")
    person.assert_no_console_errors()


def test_league_page_has_no_serious_accessibility_problems(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """The league list, and a league after a drawing: the overall table is empty until a game
    ends, the drawing lists its table and seed, the account form shows an error."""
    created = server.api(
        "POST", "/api/leagues", {"name": "Axe league", "game": "wordpoker", "turn_clock": 7200.0}
    )
    league, token = created["league"], created["organiser_token"]
    server.api_with_token("POST", f"/api/leagues/{league['id']}/sessions", token)
    for name in ("Axe Ada", "Axe Bea"):
        server.api("POST", "/api/players", {"name": name, "secret": "axe secret"})
        body = {"name": name, "secret": "axe secret"}
        server.api("POST", f"/api/leagues/{league['id']}/sessions/1/signups", body)
    server.api_with_token("POST", f"/api/leagues/{league['id']}/sessions/1/draw", token)
    person = visitor("Lea")
    page = person.page
    page.goto("/league.html")
    expect(page.get_by_role("link", name="Axe league")).to_be_visible()
    assert_accessible(page, "the league list")
    page.goto(f"/league.html?id={league['id']}")
    expect(page.locator("#drawn-tables li")).to_have_count(1)
    assert_accessible_light_and_dark(page, "a league after its drawing")
    page.locator("#take-seat").click()  # no name: the error state
    expect(page.locator("#account-error")).not_to_be_empty()
    for code in ("de", "cs", "el"):
        page.locator("#lang-select").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        assert_accessible(page, f"the league page in {code}")
    person.assert_no_console_errors()


def test_table_has_no_serious_accessibility_problems(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """The waiting room (as a visitor and seated), then the game: the guess, a bet prompt, and
    the next hand with the last hand's summary and the stack chart."""
    table = server.create_table(name="Axe table", seats=3, bots=1)
    person = visitor("Axel")
    page = person.page
    person.open_table(table["id"])
    expect(page.locator("#waiting-join")).to_be_visible()
    assert_accessible(page, "the waiting room (visitor)")
    person.hold_creator_token(table)  # only the creator starts early

    person.join_in_waiting_room("Axel")
    expect(page.locator("#waiting-seated")).to_be_visible()
    assert_accessible(page, "the waiting room (seated)")

    page.locator("#start-now").click()  # a bot takes the empty seat
    person.wait_for_game()
    expect(page.locator("#guess-input")).to_be_focused()
    assert_accessible(page, "the table, guessing")
    for code in ("de", "cs", "el", "en"):  # the game module's panels in every language
        page.locator("#lang-select").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        if code != "en":
            assert_accessible(page, f"the table in {code}")

    page.locator("#guess-input").fill("12")
    page.locator("#guess-submit").click()
    # Both bots may fold before it is our turn to bet: then guess again in the next hand.
    for _hand in range(5):
        if person.next_prompt() == "bet":
            break
        page.locator("#guess-input").fill("12")
        page.locator("#guess-submit").click()
    expect(page.locator("#act-check:visible, #act-call:visible")).to_have_count(1)
    page.locator("#shortcuts-help summary").click()
    assert_accessible_light_and_dark(page, "the table, betting")

    hand = int(page.locator("#event-log .log-hand").last.get_attribute("data-hand") or "0")
    page.locator("#act-fold").click()  # the bots play the hand out; the next hand begins
    expect(page.locator(f'#event-log .log-hand[data-hand="{hand + 1}"]')).to_be_attached()
    expect(page.locator("#summary-body table.reveals, #summary-body p")).not_to_have_count(0)
    page.locator("#stack-chart details summary").click()  # the numbers as a table
    assert_accessible_light_and_dark(page, "the table in hand 2 (summary, chart)")
    person.assert_no_console_errors()


def test_the_check_reports_a_known_problem(browser: Browser) -> None:
    """The check itself can fail: an unlabelled button and an image without text are caught."""
    page = browser.new_page()
    try:
        page.set_content(
            '<!doctype html><html lang="en"><head><title>broken</title></head><body><main>'
            '<img src="data:,"><button type="button"></button></main></body></html>'
        )
        with pytest.raises(AssertionError) as failure:
            assert_accessible(page, "a page made broken on purpose")
    finally:
        page.close()
    assert "button-name" in str(failure.value)
    assert "image-alt" in str(failure.value)


SKIP_LINK_TARGETS = """() => [...document.querySelectorAll("a.skip-link:not([hidden])")]
.map((link) => {
  const target = document.querySelector(link.getAttribute("href"));
  return [link.getAttribute("href"), Boolean(target && target.checkVisibility())];
})"""


def test_skip_links_lead_to_something_visible(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Every skip link on the page jumps to an element that is shown (WCAG 2.4.1)."""
    table = server.create_table(name="Skip link table", seats=3, bots=1)
    person = visitor("Sky")
    page = person.page
    page.goto("/")
    expect(page.locator("#ruleset option")).not_to_have_count(0)
    assert all(visible for _href, visible in page.evaluate(SKIP_LINK_TARGETS))
    person.open_table(table["id"])
    expect(page.locator("#waiting-room")).to_be_visible()
    targets = page.evaluate(SKIP_LINK_TARGETS)
    assert all(visible for _href, visible in targets), f"skip links to hidden targets: {targets}"


@pytest.mark.parametrize("code", ["en", "de", "cs", "el"])
def test_the_palace_table_has_no_serious_accessibility_problems(
    server: PokerhallServer, visitor: VisitorFactory, code: str
) -> None:
    """Palace Poker's table in every language: the turn (the five actions, the battle and
    discard forms), then the soldiers to let go after a buy (or a battle answer)."""
    table = server.api(
        "POST",
        "/api/tables",
        {
            "game": "palace",
            "name": f"Axe Palace {code}",
            "options": {},
            "seats": 3,
            "bots": 2,
            "turn_clock": None,
            "bot_delay": 0,
            "result_pause": 0,  # the turn is what is checked, not a hand's end
        },
    )
    person = visitor(f"Axa-{code}")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Axa")
    person.wait_for_game()
    page.locator("#lang-select").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    page.wait_for_function(
        "() => document.querySelector('#actions.is-your-turn') !== null", timeout=40_000
    )
    page.locator("#shortcuts-help summary").click()
    if code == "en":
        assert_accessible_light_and_dark(page, "the Palace table, a turn")
    else:
        assert_accessible(page, f"the Palace table in {code}, a turn")
    # Next prompt: buy when possible (the soldiers prompt follows), else answer or fold.
    if page.locator("#pal-buy:visible:enabled").count():
        page.locator("#pal-buy").click()
        expect(page.locator("#pal-soldiers")).to_be_visible()
        assert_accessible(page, f"the Palace table in {code}, soldiers to let go")
    person.assert_no_console_errors()


DETECTIVE_HEADINGS = {"en": "The table", "de": "Der Tisch", "cs": "Stůl", "el": "Το τραπέζι"}


@pytest.mark.parametrize("code", ["en", "de", "cs", "el"])
def test_detective_table_has_no_serious_accessibility_problems(
    server: PokerhallServer, visitor: VisitorFactory, code: str
) -> None:
    """The Detective Poker table in each language: a bet prompt (cards, boards, the bet form,
    the shortcuts), then the next hand with the last hand's scoring and the score table."""
    table = server.create_table(game="detective", options={}, name="Axe detectives", bots=2)
    person = visitor("Iris")
    page = person.page
    person.open_table(table["id"])
    page.locator("#lang-select").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    person.join_in_waiting_room("Iris")
    person.wait_for_game()
    expect(page.locator("#det-heading")).to_have_text(DETECTIVE_HEADINGS[code])
    bet_ready = """() => Boolean(document.querySelector("#actions.is-your-turn")) &&
      !document.getElementById("det-bet-form").hidden &&
      !document.getElementById("bet-submit").disabled"""
    page.wait_for_function(bet_ready)
    page.locator("#shortcuts-help summary").click()
    assert_accessible_light_and_dark(page, f"the Detective table, betting, in {code}")
    while page.locator("#scoring").get_attribute("data-hand") is None:
        page.wait_for_function(
            f"() => document.getElementById('scoring').dataset.hand || ({bet_ready})()"
        )
        if page.locator("#scoring").get_attribute("data-hand") is None:
            page.locator("#bet-card-bluff, #bet-card-nocard").last.check()
            page.locator("#bet-submit").click()  # disabled at once, until the next prompt
    expect(page.locator("#scoring-body .det-street-score")).to_have_count(4)
    assert_accessible_light_and_dark(page, f"the Detective table after a hand, in {code}")
    person.assert_no_console_errors()
