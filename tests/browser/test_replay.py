"""Watching a round again (issue 21, item 3): after a QuizPoker hand of two browsers, the
history's "Watch again" opens the replay on the table's felt; it is driven with the keyboard
only (Tab and Enter on the buttons, Alt+Shift+N/B/P/V), steps frame by frame with its position
said in words and each move read out in the polite live region, shows the seat its own guess
and never the other's unshown one (Q2), nothing flies under reduced motion, and axe finds no
serious problem. A replay of a hand not dealt is refused in the reader's language."""

from __future__ import annotations

import os
import re
import time

import pytest
from playwright.sync_api import Page, expect

from pokerhall import games
from pokerhall.engine import registry

from .conftest import MINI_PACK_ID, PokerhallServer, Visitor, VisitorFactory
from .test_accessibility import assert_accessible_light_and_dark
from .test_rematch_history_private import resign

ANN_GUESS, BOB_GUESS = "777", "333"
SHOTS = os.environ.get("POKERHALL_SHOTS")
"""A folder for screenshots of the replay, when set (for a look by eye; nothing compares them)."""
POSITION = re.compile(r"Move (\d+) of (\d+)")


def guess(person: Visitor, value: str) -> None:
    assert person.next_prompt() == "guess"
    person.page.locator("#guess-input").fill(value)
    person.page.locator("#guess-submit").click()
    expect(person.page.locator("#your-status")).to_contain_text(value)


def fold_whoever_bets(people: list[Visitor]) -> None:
    """The first player asked to bet folds: the hand ends with nobody's guess shown."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for person in people:
            fold = person.page.locator("#actions.is-your-turn #act-fold")
            if fold.count() and fold.is_visible() and fold.is_enabled():
                fold.click()
                return
        time.sleep(0.1)
    raise AssertionError("nobody was asked to bet")


def position(page: Page) -> tuple[int, int]:
    match = POSITION.search(page.locator("#replay-position").inner_text())
    assert match, page.locator("#replay-position").inner_text()
    return int(match[1]), int(match[2])


def tab_to(page: Page, selector: str) -> None:
    """Press Tab until `selector` has the focus (the keyboard's way there, no click)."""
    for _ in range(60):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_hand_watched_again_with_the_keyboard_shows_only_the_seats_own_secret(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    ann, bob = visitor("Ann"), visitor("Bob")
    table = server.create_table(name="Replay table", seats=2, bots=0)
    table_id = table["id"]
    for person in (ann, bob):
        person.open_table(table_id)
        person.join_in_waiting_room(person.label)
    for person in (ann, bob):
        person.wait_for_game()
    guess(ann, ANN_GUESS)
    guess(bob, BOB_GUESS)
    fold_whoever_bets([ann, bob])  # hand 1 ends, nobody's guess shown; hand 2 is dealt

    page = ann.page
    page.goto(f"/history.html?id={table_id}#round=1")
    expect(page.locator("#round-heading")).to_have_text("Hand 1")
    tab_to(page, "#round-watch")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/replay.html?id={table_id}&hand=1")
    expect(page.locator("#replay-title")).to_have_text("Watch again: Hand 1")
    expect(page.locator("#replay-lead")).to_contain_text("Ann (seat 1)")
    expect(page.locator("#replay-position")).to_have_text(POSITION)
    at, count = position(page)
    assert at == 1
    assert count >= 3, count  # the deal, Ann's guess, the fold at least
    expect(page.locator("#replay-first")).to_be_disabled()
    expect(page.locator("#seats > li")).to_have_count(2)  # the felt's own seats
    expect(page.locator("#move-panel")).to_be_hidden()  # a replay sends nothing
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/replay-first.png", full_page=True)

    seen = [page.locator("#main").inner_text()]
    tab_to(page, "#replay-forward")
    for step in range(2, count + 1):
        page.keyboard.press("Enter")
        expect(page.locator("#replay-position")).to_have_text(f"Move {step} of {count}")
        seen.append(page.locator("#main").inner_text())
    expect(page.locator("#replay-forward")).to_be_disabled()
    expect(page.locator("#replay-play")).to_be_focused()  # the keyboard stays in the controls
    expect(page.locator("#replay-result")).to_be_visible()  # the end of the hand on the felt
    assert any(ANN_GUESS in text for text in seen), "Ann's own guess is hers to see"
    assert not any(BOB_GUESS in text for text in seen), "Bob's guess was never shown"
    assert page.locator("#live-region p").count() > 0  # each move read out politely
    expect(page.locator("#live-region")).to_have_attribute("aria-live", "polite")

    page.keyboard.press("Alt+Shift+B")
    expect(page.locator("#replay-position")).to_have_text(f"Move {count - 1} of {count}")
    page.keyboard.press("Alt+Shift+N")
    expect(page.locator("#replay-position")).to_have_text(f"Move {count} of {count}")
    page.keyboard.press("Alt+Shift+V")  # 1× → 2×
    expect(page.locator("#replay-speed")).to_have_value("2")
    tab_to(page, "#replay-first")
    page.keyboard.press("Enter")
    expect(page.locator("#replay-position")).to_have_text(f"Move 1 of {count}")
    page.keyboard.press("Alt+Shift+P")  # play to the end by itself
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#replay-position")).to_have_text(
        f"Move {count} of {count}", timeout=count * 1500
    )
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#live-region")).to_contain_text("The end of the replay.")
    assert_accessible_light_and_dark(page, "the replay of a hand")

    page.goto(f"/replay.html?id={table_id}&hand=2")  # being played: refused, in words
    expect(page.locator("#replay-error")).to_have_text(
        "Hand 2 is still being played: only a finished hand can be watched again."
    )
    page.locator("#lang-select").select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.goto(f"/replay.html?id={table_id}&hand=9")
    expect(page.locator("#replay-error")).to_have_text("Runde 9 wurde an diesem Tisch nie gegeben.")
    refused = [p for p in ann.problems if "/hands/2/replay" in p or "/hands/9/replay" in p]
    assert len(refused) == 2, ann.problems  # the browser logs each refused request
    assert [p for p in ann.problems if p not in refused] == []
    bob.assert_no_console_errors()


def test_a_spectators_replay_under_reduced_motion_moves_nothing(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    ann = visitor("Ann")
    table = server.create_table(name="Quiet replay", seats=2, bots=1)
    ann.open_table(table["id"])
    ann.join_in_waiting_room("Ann")
    ann.wait_for_game()
    guess(ann, ANN_GUESS)
    while True:  # fold until the bot's hand is over and hand 2 is dealt
        prompt = ann.next_prompt()
        if prompt == "bet":
            ann.page.locator("#act-fold").click()
            break
        guess(ann, ANN_GUESS)
    cleo = visitor("Cleo", reduced_motion="reduce")
    page = cleo.page
    page.goto(f"/replay.html?id={table['id']}&hand=1")
    expect(page.locator("#replay-lead")).to_contain_text("spectators")
    page.evaluate(
        """() => {
          window.flights = 0;
          new MutationObserver((changes) => {
            for (const change of changes) {
              for (const node of change.addedNodes) {
                if (node.classList?.contains("chip-flight")) window.flights += 1;
              }
            }
          }).observe(document.body, { childList: true, subtree: true });
        }"""
    )
    _at, count = position(page)
    page.locator("#replay-speed").select_option("2")
    page.locator("#replay-play").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay-position")).to_have_text(
        f"Move {count} of {count}", timeout=count * 1500
    )
    assert page.evaluate("window.flights") == 0
    assert ANN_GUESS not in page.locator("#main").inner_text()  # a spectator never saw it
    cleo.assert_no_console_errors()


@pytest.mark.parametrize("game", [info.name for info in registry.infos()])
def test_every_game_replays_its_first_hand_on_its_own_felt(
    server: PokerhallServer, visitor: VisitorFactory, game: str
) -> None:
    """Each game's module draws every frame of a finished hand, for the seat and for the
    spectators, with no error in the page and the result on the felt at the end."""
    info = games.info(game)
    options = {**info.testing.options} | (
        {"questions": MINI_PACK_ID} if game == "quizpoker" else {}
    )
    seats = info.rulesets[0].min_players
    table = server.create_table(game=game, options=options, seats=seats, bots=seats - 1)
    joined = server.api("POST", f"/api/tables/{table['id']}/seats", {"name": "Ann"})
    resign(server, table["id"], joined["token"])  # the bots play it out
    deadline = time.monotonic() + 30
    while server.table(table["id"])["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    for watcher, seat in (("Ann", joined), ("Cleo", None)):
        person = visitor(watcher)
        page = person.page
        page.goto("/")
        if seat is not None:
            page.evaluate(
                """([id, seat]) => localStorage.setItem("pokerhall.seats",
                     JSON.stringify({[id]: {token: seat.token, seat: seat.seat, name: "Ann"}}))""",
                [table["id"], seat],
            )
        page.goto(f"/replay.html?id={table['id']}&hand=1")
        lead = "Ann (seat" if seat is not None else "spectators"
        expect(page.locator("#replay-lead")).to_contain_text(lead)
        expect(page.locator("#game")).to_have_attribute("data-game", game)
        _at, count = position(page)
        for step in range(2, count + 1):
            page.keyboard.press("Alt+Shift+N")
            expect(page.locator("#replay-position")).to_have_text(f"Move {step} of {count}")
        expect(page.locator("#replay-result")).to_be_visible()
        person.assert_no_console_errors()
