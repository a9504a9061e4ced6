"""People play Palace Poker (docs/rules/palace.md) in real browsers: a whole hand against bots
through the page (buy or stay, battle or fold, until the hand result shows), keyboard
shortcuts, cards read as words, the lobby form for Palace's options, and two people at one
table, each making a move. Ids are those of web/js/games/palace/panels.html."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import PokerhallServer, VisitorFactory

PLAY_SECONDS = 60.0
CARD_WORDS = (
    r"(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
    r" of (spades|hearts|diamonds|clubs)"
)

PROMPT_READY = """() => {
  if (!document.querySelector("#actions.is-your-turn")) return false;
  for (const id of ["pal-turn", "pal-answer", "pal-soldiers"]) {
    const panel = document.getElementById(id);
    const ready = panel?.querySelector("button:not([disabled]):not([hidden])");
    if (panel && !panel.hidden && ready) return true;
  }
  return false;
}"""


def create_palace_table(server: PokerhallServer, **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": "palace",
        "name": "Palace test table",
        "options": {},
        "seats": 3,
        "bots": 2,
        "turn_clock": None,
        "bot_delay": 0,
    }
    body.update(fields)
    table: dict[str, Any] = server.api("POST", "/api/tables", body)
    return table


def prompt_kind(page: Page) -> str | None:
    """Which of Palace's prompts the page offers now: "turn", "battle", "soldiers" or None."""
    if not page.evaluate(PROMPT_READY):
        return None
    for kind, panel in (
        ("turn", "#pal-turn"),
        ("battle", "#pal-answer"),
        ("soldiers", "#pal-soldiers"),
    ):
        if page.locator(panel).is_visible():
            return kind
    return None


def wait_for(page: Page, condition: str, timeout_ms: float = 20_000) -> None:
    page.wait_for_function(condition, timeout=timeout_ms)


def finished_hands(page: Page) -> int:
    """The hand the result panel reports (0 before any has finished)."""
    text = page.locator("#pal-result-body .pal-result-of").all_inner_texts()
    numbers = [int(n) for n in re.findall(r"\d+", " ".join(text))]
    return max(numbers, default=0)


def enabled(page: Page, selector: str) -> bool:
    control = page.locator(selector)
    return control.is_visible() and control.is_enabled()


def test_a_palace_hand_is_played_in_the_browser(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """P6-P15 through the page: the first action by keyboard (focus lands on a legal action),
    then a buy or a stay, a battle or a fold, answers in battles, until the hand result shows."""
    table = create_palace_table(server)
    person = visitor("Pia")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Pia")
    person.wait_for_game()
    expect(page.locator("#game")).to_have_attribute("data-game", "palace")
    # Your own palace face up, in words for screen readers; others' as backs (P13).
    expect(page.locator("#pal-camp-body .pal-palace .card")).to_have_count(3)
    words = page.locator("#pal-camp-body .pal-palace .sr-only").all_inner_texts()
    assert all(re.fullmatch(CARD_WORDS, w) for w in words), words
    backs = page.locator("#seats .backs")
    if backs.count():  # the bots may both have folded already
        expect(backs.first).to_contain_text("3 face-down cards")

    quiet_move = fight = False  # a buy or a stay; a battle or a fold
    keyboard = False
    acted_in = 0
    deadline = time.monotonic() + PLAY_SECONDS
    while time.monotonic() < deadline:
        if quiet_move and fight and finished_hands(page) >= acted_in:
            break
        kind = prompt_kind(page)
        if kind is None:
            time.sleep(0.05)
            continue
        hand = int(page.locator("#event-log .log-hand").last.get_attribute("data-hand") or "0")
        lines = page.locator("#event-log li").count()
        if kind == "turn":
            if not keyboard and enabled(page, "#pal-buy"):
                expect(page.locator("#pal-buy")).to_be_focused()  # focus moved to the move
                page.keyboard.press("Alt+Shift+B")
                keyboard = quiet_move = True
            elif not quiet_move and enabled(page, "#pal-stay"):
                page.locator("#pal-stay").click()
                quiet_move = True
            elif not quiet_move and enabled(page, "#pal-buy"):
                page.locator("#pal-buy").click()
                quiet_move = True
            elif enabled(page, "#pal-battle"):
                options = page.locator("#pal-target option").all_inner_texts()
                assert options, "a battle is offered only with a legal target"
                page.locator("#pal-battle").click()
                fight = True
            else:
                page.locator("#pal-fold").click()
                fight = True
        elif kind == "battle":
            expect(page.locator("#pal-call")).to_be_focused()
            page.locator("#pal-call").click()
            fight = True
        else:  # soldiers: keep them all, or let the lowest go when more than five
            if enabled(page, "#pal-keep"):
                page.locator("#pal-keep").click()
            else:
                page.locator("#pal-soldiers-cards input").first.check()
                page.locator("#pal-letgo").click()
        acted_in = hand
        expect(page.locator("#event-log li")).not_to_have_count(lines)  # the move was made
        expect(page.locator("#action-error")).to_be_empty()
    else:
        person.assert_no_console_errors()
        raise AssertionError(
            f"no hand result in {PLAY_SECONDS} s: {page.locator('#phase-status').inner_text()}"
        )
    assert quiet_move
    assert fight
    expect(page.locator("#pal-result-body .pal-awards li")).not_to_have_count(0)
    assert page.locator('#event-log li[data-type="pot_awarded"]').count() >= 1
    # A called battle the person fought last-called shows the other's palace and what counted.
    if page.locator('#event-log li[data-type="battle_examined"]').count():
        log = page.locator("#event-log li[data-type=battle_examined]").last.inner_text()
        assert "who called last" in log
    person.assert_no_console_errors()


REVEAL = (Path(__file__).parent / "palace_reveal.js").read_text(encoding="utf-8")


def test_the_battle_reveal_shows_both_hands_and_the_cards_that_did_not_count(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """P10, P13: the defender Bob calls and wins, so he shows his palace to the attacker Ann for
    confirmation: both palaces, the cards of the opponent's banner suit marked as not counted
    and said why, what each hand counts as, who is out; the screen reader hears the cards as
    words. Drawn by the module from a battle's events, while the real table waits for a move."""
    table = create_palace_table(server)
    person = visitor("Rhea")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Rhea")
    wait_for(page, PROMPT_READY)
    drawn = page.evaluate(REVEAL, False)
    spoken = drawn["spoken"]
    assert "king of spades, queen of spades, jack of spades" in spoken
    assert "king of spades, ten of spades not counted (the opponent's banner suit)" in spoken
    body = page.locator("#pal-battle-body")
    expect(body.locator(".pal-attack")).to_have_text("Ann attacks Bob.")
    expect(body.locator(".pal-reveal")).to_have_count(2)
    ann, bob = (
        body.locator('.pal-reveal[data-seat="0"]'),
        body.locator('.pal-reveal[data-seat="1"]'),
    )
    expect(ann.locator(".card")).to_have_count(6)
    expect(ann.locator(".card.left-out")).to_have_count(5)
    expect(ann.locator(".card.left-out .sr-only").first).to_have_text(
        "king of spades (not counted)"
    )
    expect(ann.locator(".pal-left-out")).to_have_text(
        "Not counted, of Bob's banner suit (spades): king of spades, queen of spades, "
        "jack of spades, ten of spades, and nine of spades."
    )
    expect(ann.locator(".pal-counts")).to_have_text("Counts as high card.")
    expect(bob.locator(".card.left-out")).to_have_count(0)
    expect(bob.locator(".pal-left-out")).to_have_text(
        "Every card counts: none of Ann's banner suit (hearts)."
    )
    expect(bob.locator(".pal-counts")).to_have_text("Counts as a pair.")
    expect(body.locator(".pal-outcome")).to_have_text(
        "Bob has the better hand. Bob called last and names themself the winner: Ann is out. "
        "Bob takes ten of spades, nine of spades, and ace of hearts."
    )
    # The palace Ann saw in the battle shows on Bob's seat card (P13); Cy's stays face down.
    bob_seat, cy_seat = drawn["seats"]
    assert "Palace: A♦ace of diamonds2♣two of clubs3♣three of clubs (seen in battle)" in bob_seat
    assert "Palace: 3 face-down cards" in cy_seat
    person.assert_no_console_errors()


def test_p13_a_caller_who_concedes_shows_the_winner_nothing(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """P13: Bob calls last, loses and concedes: the attacker Ann, who wins, is shown no palace;
    the panel says who won and that only the caller looked."""
    table = create_palace_table(server)
    person = visitor("Rhea")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Rhea")
    wait_for(page, PROMPT_READY)
    drawn = page.evaluate(REVEAL, True)
    body = page.locator("#pal-battle-body")
    expect(body.locator(".pal-reveal")).to_have_count(0)
    expect(body).to_contain_text("Only the fighter who called last sees the other's palace")
    expect(body.locator(".pal-outcome")).to_have_text(
        "Bob called last and concedes: Ann wins the battle and Bob is out. Ann takes ace of spades."
    )
    bob_seat, _cy_seat = drawn["seats"]
    assert "Palace: 3 face-down cards" in bob_seat
    person.assert_no_console_errors()


def any_move(page: Page) -> str:
    """Make some legal move at the prompt the page offers (stay or fold, call, keep)."""
    kind = prompt_kind(page)
    if kind == "turn":
        button = "#pal-stay" if enabled(page, "#pal-stay") else "#pal-fold"
    elif kind == "battle":
        button = "#pal-call"
    else:
        button = "#pal-keep" if enabled(page, "#pal-keep") else "#pal-letgo"
        if button == "#pal-letgo":
            page.locator("#pal-soldiers-cards input").first.check()
    page.locator(button).click()
    return button


def test_two_people_create_and_play_a_palace_table_from_the_lobby(
    visitor: VisitorFactory,
) -> None:
    """The lobby form, built from /api/games, shows Palace's own options with their words
    (P16); two people sit at the table with a bot and each makes a move."""
    host, guest = visitor("Hana"), visitor("Gus")
    page = host.page
    page.goto("/")
    expect(page.locator("#game option")).not_to_have_count(0)
    page.locator("#game").select_option("palace")
    expect(page.locator("#ruleset")).to_have_value("palace")
    expect(page.locator("label[for=opt-small_bet]")).to_have_text("Small bet")
    expect(page.locator("#opt-starting_stack")).to_have_value("500")
    # Palace's words for an option QuizPoker has too, not QuizPoker's.
    expect(page.locator("#opt-starting_stack-hint")).to_have_text("Chips each player starts with.")
    expect(page.locator("select#opt-betting option")).to_have_text(["Limit", "No limit"])
    expect(page.locator("#opt-forced_battle")).to_be_checked()
    expect(page.locator("#seats")).to_have_attribute("max", "10")
    page.locator("#table-name").fill("Palace for two")
    page.locator("#seats").fill("3")
    page.locator("#bots").fill("1")
    page.locator("#bot-delay").fill("0")
    page.locator("#turn-clock-on").uncheck()
    page.locator("#create-player-name").fill("Hana")
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    table_id = page.url.split("id=")[1]

    guest.page.goto("/")
    guest.page.get_by_test_id(f"join-{table_id}").click()
    guest.page.locator("#player-name").fill("Gus")
    guest.page.locator("#join-submit").click()
    guest.page.wait_for_url(f"**/table.html?id={table_id}")
    for person in (host, guest):
        person.wait_for_game()
        expect(person.page.locator("#game")).to_have_attribute("data-game", "palace")

    moved = {host.label: 0, guest.label: 0}
    deadline = time.monotonic() + PLAY_SECONDS
    while min(moved.values()) == 0 and time.monotonic() < deadline:
        for person in (host, guest):
            if prompt_kind(person.page) is not None:
                lines = person.page.locator("#event-log li").count()
                any_move(person.page)
                moved[person.label] += 1
                # Every move makes an event: wait until the page has drawn it.
                expect(person.page.locator("#event-log li")).not_to_have_count(lines)
        time.sleep(0.05)
    assert min(moved.values()) >= 1, moved
    # Each sees the other's palace as backs unless shown, and the same log of public events.
    for person in (host, guest):
        expect(person.page.locator("#action-error")).to_be_empty()
        person.assert_no_console_errors()
