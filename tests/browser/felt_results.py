"""Playing the first hand of each game through the page until its result is on the felt
(render-result.js), for the result tests (test_felt_results.py): one person and bots, the
person's moves made with the game's own controls, the table's `result_pause` set by the test."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from pokerhall.games.wordpoker.best import best_word
from pokerhall.games.wordpoker.letters import Card, default_alphabet
from pokerhall.games.wordpoker.lexicons import mini

from .conftest import MINI_PACK_ID, PokerhallServer, Visitor

PLAY_SECONDS = 90.0
RESULT = "#game-top > #hand-result"

TABLES: dict[str, dict[str, Any]] = {
    "quizpoker": {"options": {"questions": MINI_PACK_ID}, "seats": 2, "bots": 1},
    "duell": {"options": {"questions": MINI_PACK_ID, "ruleset": "duell"}, "seats": 3, "bots": 2},
    "palace": {"game": "palace", "options": {}, "seats": 2, "bots": 1},
    "detective": {"game": "detective", "options": {}, "seats": 3, "bots": 2},
    "wordpoker": {"game": "wordpoker", "options": {"lexicon": "mini"}, "seats": 2, "bots": 1},
}
"""Each game's table for these tests (the Duell is QuizPoker's other ruleset)."""


def result_table(server: PokerhallServer, game: str, pause: float) -> dict[str, Any]:
    fields = {"name": f"Result {game}", "result_pause": pause, **TABLES[game]}
    return server.create_table(**fields)


def sit_down(person: Visitor, table: dict[str, Any], name: str) -> None:
    """Take a seat and wait for the seat's own snapshot: the page watched the table first, and
    a first hand that ended before the seat's socket was up was drawn from a spectator's events
    until then (without this seat's palace, say)."""
    person.open_table(table["id"])
    person.join_in_waiting_room(name)
    person.wait_for_game()
    expect(person.page.locator("#game")).to_have_attribute("data-viewer", "seat")


def result_shown(page: Page) -> bool:
    return bool(page.locator(RESULT).count())


def _moment(page: Page) -> tuple[bool, bool, bool, int]:
    """In one look (an update may land between two): the result shown, the second hand begun,
    this person's turn, and the number of lines in the log."""
    shown, second, turn, lines = page.evaluate(
        f"""() => [
          !!document.querySelector({RESULT!r}),
          !!document.querySelector('#event-log .log-hand[data-hand="2"]'),
          !!document.querySelector("#actions.is-your-turn"),
          document.querySelectorAll("#event-log li").length,
        ]"""
    )
    return bool(shown), bool(second), bool(turn), int(lines)


def _enabled(page: Page, selector: str) -> bool:
    control = page.locator(selector)
    return control.count() > 0 and control.is_visible() and control.is_enabled()


# --- one move of each game, made with the page's controls ------------------------------------


def _quiz_move(page: Page, answers: dict[str, dict[str, str]]) -> bool:
    if page.locator("#guess-input").is_visible() and page.locator("#guess-input").is_enabled():
        question = page.locator("#question").inner_text()
        page.locator("#guess-input").fill(answers.get(question, {}).get("answer", "1"))
        page.keyboard.press("Enter")
        return True
    for button in ("#act-check", "#act-call", "#show-guess"):
        if _enabled(page, button):
            page.locator(button).click()
            return True
    return False


def _palace_move(page: Page) -> bool:
    """Battle whenever possible (a result with two fighters), call in a battle, keep soldiers."""
    if page.locator("#pal-turn").is_visible():
        for button in ("#pal-battle", "#pal-stay", "#pal-fold"):
            if _enabled(page, button):
                page.locator(button).click()
                return True
    if page.locator("#pal-answer").is_visible() and _enabled(page, "#pal-call"):
        page.locator("#pal-call").click()
        return True
    if page.locator("#pal-soldiers").is_visible():
        if _enabled(page, "#pal-keep"):
            page.locator("#pal-keep").click()
            return True
        if _enabled(page, "#pal-letgo"):
            page.locator("#pal-soldiers-cards input").first.check()
            page.locator("#pal-letgo").click()
            return True
    return False


def _detective_move(page: Page) -> bool:
    """The first board offered, the fewest chips, no action card."""
    if page.locator("#det-bet-form").is_hidden() or not _enabled(page, "#bet-submit"):
        return False
    page.locator('input[name="bet-board"]').first.check()
    page.locator('input[name="bet-chips"]').first.check()
    page.locator("#bet-card-nocard").check()
    page.locator("#bet-submit").click()
    return True


def _letters(page: Page, selector: str) -> list[str]:
    values: list[str] = page.locator(f"{selector} li").evaluate_all(
        "(items) => items.map((i) => i.dataset.letter)"
    )
    return values


def _wordpoker_move(page: Page) -> bool:
    """Keep the stake, call, lay down the best word the cards and dice allow (W9)."""
    if _enabled(page, "#wp-declare-submit"):
        page.locator("#wp-declare-submit").click()
        return True
    if _enabled(page, "#wp-call"):
        page.locator("#wp-call").click()
        return True
    if page.locator("#wp-word-input").is_visible():
        hand = [Card(f"c{i}", letter) for i, letter in enumerate(_letters(page, "#wp-hand"))]
        best = best_word(default_alphabet(), mini(), hand, _letters(page, "#wp-dice")).word
        if best is None:
            page.locator("#wp-no-word").click()
        else:
            page.locator("#wp-word-input").fill(best)
            page.keyboard.press("Enter")
        return True
    return False


def mover(game: str, answers: dict[str, dict[str, str]]) -> Callable[[Page], bool]:
    if game in ("quizpoker", "duell"):
        return lambda page: _quiz_move(page, answers)
    return {"palace": _palace_move, "detective": _detective_move, "wordpoker": _wordpoker_move}[
        game
    ]


def play_until_result(page: Page, game: str, answers: dict[str, dict[str, str]]) -> None:
    """Make this person's moves until the first hand's result is on the felt."""
    move = mover(game, answers)
    deadline = time.monotonic() + PLAY_SECONDS
    while True:
        shown, second, turn, lines = _moment(page)
        if shown:
            break
        assert time.monotonic() < deadline, (
            f"the first {game} hand did not end in time: "
            f"{page.locator('#actions').inner_text()!r} {page.locator('#event-log').inner_text()!r}"
        )
        # Once the second hand has begun, its result pause is on its way (the update that ends
        # a hand comes first): a move now would end the pause at once, as a player may.
        if not second and turn and move(page):
            page.wait_for_function(  # every move logs an event its maker sees
                """(lines) => document.querySelectorAll("#event-log li").length !== lines ||
                  document.getElementById("action-error")?.textContent""",
                arg=lines,
                timeout=20_000,
            )
            error = page.locator("#action-error")
            assert not (error.count() and error.inner_text().strip()), error.inner_text()
        else:
            page.wait_for_timeout(50)
    expect(page.locator(RESULT)).to_be_visible()
