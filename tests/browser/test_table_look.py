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

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE, PokerhallServer, Visitor, VisitorFactory
from .test_accessibility import assert_accessible, assert_accessible_light_and_dark

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"

YOUR_TURN = "() => document.querySelector('#actions.is-your-turn') !== null"


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} has no box (not rendered)"
    return found


def centre(found: dict[str, float]) -> tuple[float, float]:
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
    for size_name, size in (("desktop", DESKTOP), ("phone", PHONE)):
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
            page.screenshot(path=path, full_page=size_name == "desktop")
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
