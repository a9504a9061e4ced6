"""The table looks like a card table, for every game: the seats around an oval felt with your
own at the bottom, the player to act marked in words and with aria-current (not by colour
alone), the game's centre panel and the pot in the middle, a visual turn timer; on a phone a
compact layout where the question and your controls share one screen; no animation at all
under `prefers-reduced-motion: reduce`; axe clean in each of these, light and dark.

`test_screenshots_of_every_game` saves screenshots of running tables (each game, phone and
desktop, light and dark) under test-artifacts/screenshots/ in the repository (git-ignored) for a
reviewer to look at; they are not compared by pixels.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FloatRect, Page, ViewportSize, expect

from .conftest import DESKTOP, PHONE, PokerhallServer, Visitor, VisitorFactory
from .test_accessibility import assert_accessible_light_and_dark

OFFLINE_NOISE = re.compile(r"WebSocket connection to .* failed|ERR_CONNECTION_REFUSED")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"

MEDIUM: ViewportSize = {"width": 900, "height": 1000}
"""A tablet or half a desktop screen: the oval at full width, your move below it."""
YOUR_TURN = "() => document.querySelector('#actions.is-your-turn') !== null"


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} has no box (not rendered)"
    return found


def centre(found: FloatRect) -> tuple[float, float]:
    return found["x"] + found["width"] / 2, found["y"] + found["height"] / 2


def quizpoker_at_a_guess(server: PokerhallServer, person: Visitor, seats: int = 4) -> None:
    """A running QuizPoker table (a clock, so the timer shows) where `person` is to guess."""
    table = server.create_table(name="Felt table", seats=seats, bots=seats - 1, turn_clock=120)
    person.open_table(table["id"])
    person.join_in_waiting_room(person.label)
    person.wait_for_game()
    assert person.next_prompt() == "guess"


GAMES: dict[str, dict[str, Any]] = {
    "quizpoker": {"options": {"questions": "mini.en"}, "seats": 5},
    "palace": {"options": {}, "seats": 4},
    "detective": {"options": {}, "seats": 4},
    "wordpoker": {"options": {"lexicon": "mini"}, "seats": 3},
}


def play_until_betting(person: Visitor) -> None:
    """QuizPoker: guess, then wait for the first bet prompt (bets lie on the felt by then)."""
    for _hand in range(5):
        if person.next_prompt() == "bet":
            return
        person.page.locator("#guess-input").fill("12")
        person.page.locator("#guess-submit").click()


def shoot(page: Page, game: str) -> list[Path]:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    saved = []
    for size_name, size in (("desktop", DESKTOP), ("medium", MEDIUM), ("phone", PHONE)):
        page.set_viewport_size(size)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            # where the page puts a phone player on their turn (table.js's yourTurn)
            page.evaluate(
                "() => document.getElementById('table-panel').scrollIntoView({block: 'start'})"
                if size_name == "phone"
                else "() => window.scrollTo(0, 0)"
            )
            path = SCREENSHOTS / f"{game}-{size_name}-{scheme}.png"
            page.screenshot(path=path, full_page=size_name != "phone")
            saved.append(path)
    page.set_viewport_size(DESKTOP)
    page.emulate_media(color_scheme="light")
    return saved


@pytest.mark.parametrize("game", list(GAMES))
def test_screenshots_of_every_game(
    server: PokerhallServer, visitor: VisitorFactory, game: str
) -> None:
    spec = GAMES[game]
    table = server.create_table(
        game=game,
        name=f"{game} under the lights",
        options=spec["options"],
        seats=spec["seats"],
        bots=spec["seats"] - 1,
        turn_clock=300,
        bot_delay=0,
    )
    person = visitor("Vera", reduced_motion="reduce")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Vera")
    person.wait_for_game()
    if game == "quizpoker":
        play_until_betting(person)
    else:
        page.wait_for_function(YOUR_TURN, timeout=20_000)
    saved = shoot(page, game)
    print(f"screenshots of {game}: " + ", ".join(str(path) for path in saved))
    assert all(path.stat().st_size > 10_000 for path in saved)
    person.assert_no_console_errors()


# --- the oval ------------------------------------------------------------------------------


def test_the_seats_sit_around_an_oval_with_yours_at_the_bottom(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Desktop: five seats around the felt, yours at the bottom centre, the question and the
    pot in the middle, the player to act marked in words and with aria-current; the list of
    seats keeps seat order (the reading order), whatever the places on screen."""
    person = visitor("Olga")
    page = person.page
    quizpoker_at_a_guess(server, person, seats=5)
    play_until_betting(person)
    mine = int(page.locator("li.seat.is-me").get_attribute("data-seat") or "-1")
    order = page.locator("#seats > li").evaluate_all("cards => cards.map(c => c.dataset.seat)")
    assert order == [str(n) for n in range(5)]

    felt = box(page, "#seats")
    felt_x, _felt_y = centre(felt)
    question = box(page, "#question-panel")
    qx, qy = centre(question)
    assert abs(qx - felt_x) < felt["width"] * 0.05, "the question is in the middle"
    assert felt["y"] < question["y"]
    assert question["y"] + question["height"] < felt["y"] + felt["height"]
    pot = box(page, "#pot")
    assert abs(centre(pot)[0] - felt_x) < felt["width"] * 0.1
    assert question["y"] + question["height"] <= pot["y"], "the pot lies below the question"

    places = {n: centre(box(page, f'[data-testid="seat-{n}"]')) for n in range(5)}
    x, y = places[mine]
    assert abs(x - felt_x) < felt["width"] * 0.05
    assert y > qy + question["height"] / 2
    others = [place for seat, place in places.items() if seat != mine]
    assert any(py < question["y"] for _, py in others), "someone sits across the table"
    assert any(px < question["x"] for px, _ in others), "someone sits at the left end"
    assert any(px > question["x"] + question["width"] for px, _ in others), "and at the right"
    # Clockwise from you: the next seat sits on your left, the one before you on your right.
    assert places[(mine + 1) % 5][0] < x < places[(mine - 1) % 5][0]

    # The player to act (you, at a bet prompt): aria-current and "To act" in words, the clock
    # in words and as a bar.
    to_act = page.locator('#seats > li[aria-current="true"]')
    expect(to_act).to_have_count(1)
    expect(to_act).to_have_attribute("data-seat", str(mine))
    expect(to_act.locator(".seat-state")).to_contain_text("To act")
    expect(to_act.locator(".seat-clock")).to_contain_text("Time left")
    expect(to_act.locator(".seat-timer")).to_be_visible()
    expect(page.locator("#turn-clock .clock-text")).to_contain_text("Your time")
    left = page.locator("#turn-clock .clock-bar").evaluate(
        "bar => Number(bar.style.getPropertyValue('--left'))"
    )
    assert 0 < left <= 1
    assert_accessible_light_and_dark(page, "the oval table, betting, desktop")
    person.assert_no_console_errors()


def test_on_a_phone_the_question_and_your_controls_share_the_screen(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """390×844: on your turn the seat strip, the question and your move are all on screen at
    once (the page brings them up; nothing to scroll), with no sideways scroll."""
    person = visitor("Pia", viewport=PHONE, has_touch=True, is_mobile=True)
    page = person.page
    quizpoker_at_a_guess(server, person, seats=5)

    def on_screen(selector: str) -> None:
        found = box(page, selector)
        assert found["y"] >= 0, f"{selector} starts above the screen ({found})"
        assert found["y"] + found["height"] <= PHONE["height"], f"{selector} ends below ({found})"

    for selector in ("#seats", "#question-panel", "#guess-form", "#act-fold"):
        on_screen(selector)
    expect(page.locator("#guess-input")).to_be_focused()
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{wide}px sideways scroll on a phone"
    assert_accessible_light_and_dark(page, "the table on a phone, guessing")

    page.locator("#guess-input").fill("12")
    page.locator("#guess-submit").click()
    play_until_betting(person)
    for selector in ("#question", "#amount-input", "#act-fold"):
        on_screen(selector)
    assert_accessible_light_and_dark(page, "the table on a phone, betting")
    person.assert_no_console_errors()


RUNNING = "() => document.getAnimations().filter(a => a.playState === 'running').length"


def test_reduced_motion_runs_no_animation(server: PokerhallServer, visitor: VisitorFactory) -> None:
    """Under `prefers-reduced-motion: reduce` nothing on the page animates, through a hand's
    bets, its end (chips to the pot and to the winner) and the next hand's reveal; with motion
    allowed the seat to act glows, so the check does see animations when there are any."""
    person = visitor("Remy", reduced_motion="reduce")
    page = person.page
    quizpoker_at_a_guess(server, person)
    assert page.evaluate(RUNNING) == 0
    play_until_betting(person)
    assert page.evaluate(RUNNING) == 0
    hand = int(page.locator("#event-log .log-hand").last.get_attribute("data-hand") or "0")
    page.locator("#act-fold").click()  # the bots play the hand out; the next hand begins
    expect(page.locator(f'#event-log .log-hand[data-hand="{hand + 1}"]')).to_be_attached()
    assert person.next_prompt() == "guess"
    assert page.evaluate(RUNNING) == 0
    page.locator("#guess-input").fill("12")
    page.locator("#guess-submit").click()
    play_until_betting(person)
    assert page.evaluate(RUNNING) == 0

    page.emulate_media(reduced_motion="no-preference")
    page.wait_for_function(f"({RUNNING})() > 0")
    person.assert_no_console_errors()


# --- your own connection -------------------------------------------------------------------


def test_the_reconnect_policy_is_prompt(visitor: VisitorFactory) -> None:
    """js/socket.js retries at once, then after about a second, then every 2.5 s or so (never
    more than 3 s), with jitter."""
    page = visitor("Tim").page
    page.goto("/")
    delays = page.evaluate(
        """async () => {
          const { retryDelay } = await import("/js/socket.js");
          const at = (r) => [0, 1, 2, 3, 10].map((n) => retryDelay(n, () => r));
          return { low: at(0), mid: at(0.5), high: at(0.999) };
        }"""
    )
    assert delays["mid"] == [0, 1000, 2500, 2500, 2500]
    assert delays["low"][0] == delays["high"][0] == 0
    assert all(800 <= d <= 1200 for d in (delays["low"][1], delays["high"][1]))
    assert max(delays["high"]) <= 3000
    assert min(delays["low"][2:]) >= 2000


def test_a_dropped_connection_shows_a_banner_and_comes_back(
    visitor: VisitorFactory, tmp_path: Path
) -> None:
    """The server goes away mid-hand: a banner (role=alert) says so, the move controls are
    disabled, "Reconnect now" is offered; when the server is back the page reconnects by
    itself within a few seconds, the banner goes, and the seat plays on."""
    own = PokerhallServer(tmp_path).start()
    try:
        port = int(own.url.rsplit(":", 1)[1])
        table = own.create_table(name="Flaky table", seats=2, bots=1)
        person = visitor("Nina", base_url=own.url)
        page = person.page
        person.open_table(table["id"])
        person.join_in_waiting_room("Nina")
        person.wait_for_game()
        assert person.next_prompt() == "guess"
        banner = page.locator("#connection-banner")
        expect(banner).to_have_attribute("data-state", "open")
        expect(page.locator("#connection-lost")).to_be_empty()
        expect(page.locator("#reconnect-now")).to_be_hidden()

        own.stop()
        expect(banner).to_have_attribute("data-state", "lost")
        expect(page.locator("#connection-lost")).to_have_attribute("role", "alert")
        expect(page.locator("#connection-lost")).to_contain_text("connection to the table was lost")
        expect(page.locator("#reconnect-now")).to_be_visible()
        expect(page.locator("#move-panel")).to_have_attribute("disabled", "")
        expect(page.locator("#guess-input")).to_be_disabled()
        expect(page.locator("#guess-submit")).to_be_disabled()
        assert_accessible_light_and_dark(page, "the table with the connection lost, desktop")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / "connection-lost-desktop.png")
        page.set_viewport_size(PHONE)
        expect(page.locator("#connection-lost")).to_be_in_viewport()
        assert_accessible_light_and_dark(page, "the table with the connection lost, phone")
        page.screenshot(path=SCREENSHOTS / "connection-lost-phone.png")
        page.set_viewport_size(DESKTOP)
        page.locator("#reconnect-now").click()  # tries at once; the server is still away
        expect(banner).to_have_attribute("data-state", "lost")

        own.start(port)
        # Retries are at most ~3 s apart: well inside this wait once the server listens.
        expect(banner).to_have_attribute("data-state", "open", timeout=8_000)
        expect(page.locator("#connection-lost")).to_be_empty()
        expect(page.locator("#reconnect-now")).to_be_hidden()
        expect(page.locator("#connection-status")).to_have_attribute("data-state", "open")
        expect(page.locator("#live-region")).to_contain_text("Connected again.")
        assert person.next_prompt() == "guess"
        expect(page.locator("#guess-input")).to_be_enabled()
        page.locator("#guess-input").fill("7")
        page.locator("#guess-submit").click()
        expect(page.locator("#event-log")).to_contain_text("Nina guesses 7")
        # The browser itself logs each refused connect while the server was away.
        person.problems = [p for p in person.problems if not OFFLINE_NOISE.search(p)]
        person.assert_no_console_errors()
    finally:
        own.stop()
