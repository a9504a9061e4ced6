"""The web shell and its seams: the lobby form is built from the games' option specs, the table
page loads the game's own module (or the generic fallback panel built from the one prompt
shape), the turn clock shows for a player seated before the start, and the fairness check
shows the exact seed and its matching SHA-256."""

from __future__ import annotations

import hashlib
import re

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory

FALLBACK_PROMPT = """async () => {
  const { FallbackPanel } = await import("/js/fallback-game.js");
  const box = document.createElement("div");
  document.querySelector("main").append(box);
  window.__sent = [];
  const panel = new FallbackPanel(box, (move) => { window.__sent.push(move); return true; });
  panel.render({
    type: "turn", prompt_id: 7,
    moves: [
      { type: "pass", params: {} },
      { type: "bid", params: {
        amount: { kind: "int", min: 2, max: 9 },
        suit: { kind: "choice", choices: ["red", "blue"] },
      } },
      { type: "name", params: { word: { kind: "text", max_length: 5 } } },
      { type: "keep", params: {
        cards: { kind: "subset", choices: ["a", "b", "c"], min: 1, max: 2 },
      } },
      { type: "guess", params: { value: { kind: "decimal" } } },
    ],
    default: { type: "pass" },
  });
}"""


def test_the_lobby_form_is_built_from_option_specs(visitor: VisitorFactory) -> None:
    person = visitor("Olga")
    page = person.page
    page.goto("/")
    expect(page.locator("#game option")).not_to_have_count(0)
    # A choice, an int with a range and a bool, each from its spec.
    expect(page.locator("select#opt-min_raise option")).to_have_count(3)
    stack = page.locator("input#opt-starting_stack")
    expect(stack).to_have_attribute("min", "1")
    expect(stack).to_have_value("1000")
    expect(page.locator("input#opt-software_game_master[type=checkbox]")).to_be_attached()
    page.locator("#ruleset").select_option("duell")  # the ruleset's defaults apply
    expect(stack).to_have_value("10000")
    # The question language is the table's choice, never the ruleset's (issue 13), and the
    # form offers exactly the languages that have a pack.
    expect(page.locator("#opt-language")).to_have_value("en")
    expect(page.locator("#opt-language option")).to_have_count(4)
    # Bad input is refused in the form, naming the option.
    stack.fill("0")
    page.locator("#create-player-name").fill("Olga")
    page.locator("#create-submit").click()
    expect(page.locator("#create-error")).to_contain_text("Starting chips")
    expect(stack).to_have_attribute("aria-invalid", "true")
    expect(stack).to_be_focused()
    # What only the server knows (a stack that is no multiple of the chip unit) shows its reason.
    stack.fill("10001")
    page.locator("#create-submit").click()
    expect(page.locator("#create-error")).to_contain_text("The server did not create the table")
    expect(page).to_have_url(re.compile(r"/$"))
    # The browser itself logs the refused request; that one is expected here.
    person.problems = [p for p in person.problems if "status of 422" not in p]
    person.assert_no_console_errors()


def test_the_game_module_is_loaded_and_the_fallback_renders_moves(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.create_table(name="Module table", seats=2, bots=1)
    person = visitor("Mo")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Mo")
    person.wait_for_game()
    expect(page.locator("#game")).to_have_attribute("data-game", "quizpoker")
    expect(page.locator('link[href$="/games/quizpoker/quizpoker.css"]')).to_have_count(1)
    expect(page.locator("#question-panel")).to_be_visible()  # the module's own panel
    expect(page.locator("#shortcut-list dt")).to_have_count(7)  # F C R A + the shell's M S E

    page.evaluate(FALLBACK_PROMPT)
    for move in ("pass", "bid", "name", "keep", "guess"):
        expect(page.locator(f"form.fallback-move[data-move={move}] button")).to_be_visible()
    bid = page.locator("form.fallback-move[data-move=bid]")
    expect(bid.locator("select option")).to_have_count(2)
    bid.locator("input").fill("12")
    bid.locator("button").click()  # out of range: refused in the panel
    expect(bid.locator(".error-text")).to_contain_text("2")
    assert page.evaluate("window.__sent") == []
    bid.locator("input").fill("4")
    bid.locator("select").select_option("blue")
    bid.locator("button").click()
    page.wait_for_function("() => window.__sent.length > 0")  # the panel may send a tick later
    assert page.evaluate("window.__sent") == [{"type": "bid", "amount": 4, "suit": "blue"}]
    person.assert_no_console_errors()


def test_a_player_seated_before_the_start_sees_the_clock_in_hand_one(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.create_table(name="Clock table", seats=3, bots=1, turn_clock=120)
    person = visitor("Cleo")
    page = person.page
    person.open_table(table["id"])
    person.hold_creator_token(table)  # only the creator starts early
    person.join_in_waiting_room("Cleo")
    expect(page.locator("#waiting-seated")).to_be_visible()
    page.locator("#start-now").click()  # no reload: the waiting room turns into the table
    person.wait_for_game()
    assert person.next_prompt() == "guess"
    expect(page.locator("#turn-clock")).to_be_visible()
    expect(page.locator("#turn-clock")).to_contain_text(re.compile(r"[12]:\d\d"))
    person.assert_no_console_errors()


def test_the_fairness_check_shows_the_exact_seed(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Seeds go past 2**53, where JavaScript numbers round: the page shows the server's digits
    and its SHA-256 of exactly them matches the published hash."""
    person = visitor("Fay")
    page = person.page
    for _attempt in range(4):  # a random seed is above 2**53 all but once in 2,048 times
        table = server.create_table(name="Fair table", seats=2, bots=1)
        seat = server.api("POST", f"/api/tables/{table['id']}/seats", {"name": "Fay"})
        person.open_table(table["id"])
        server.api_with_token("POST", f"/api/tables/{table['id']}/leave", seat["token"])
        expect(page.locator("#game-over")).to_be_visible(timeout=30_000)
        info = server.table(table["id"])
        assert isinstance(info["seed"], str)
        if int(info["seed"]) > 2**53:
            break
    else:
        raise AssertionError("no seed above 2**53 in four games")
    page.locator("#game-over .fairness summary").click()
    expect(page.locator("#fair-seed")).to_have_text(info["seed"])
    assert hashlib.sha256(info["seed"].encode()).hexdigest() == info["seed_sha256"]
    expect(page.locator("#fair-check")).to_have_attribute("data-matches", "true")
    person.assert_no_console_errors()
