"""The end of a hand stays on the felt (issue 21): with the table's `result_pause` set long,
a finished QuizPoker hand's answer, shown guesses and winner are in the oval's centre and still
there a moment later; Next hand goes on."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory

PLAY_SECONDS = 60.0


def test_a_finished_hand_stays_on_the_felt_until_next_hand(
    server: PokerhallServer, visitor: VisitorFactory, mini_questions: dict[str, dict[str, str]]
) -> None:
    table = server.create_table(name="Result table", seats=2, bots=1, result_pause=60)
    kim = visitor("Kim")
    page = kim.page
    kim.open_table(table["id"])
    kim.join_in_waiting_room("Kim")
    kim.wait_for_game()

    result = page.locator("#game-top > #hand-result")
    deadline = time.monotonic() + PLAY_SECONDS
    while not result.is_visible():
        assert time.monotonic() < deadline, "the first hand did not end in time"
        page.wait_for_function(
            """() => document.getElementById("hand-result") ||
              document.querySelector("#actions.is-your-turn")""",
            timeout=20_000,
        )
        if result.count():
            break
        prompt = kim.next_prompt()
        if result.count():
            break
        if prompt == "guess":
            question = page.locator("#question").inner_text()
            answer = mini_questions[question]["answer"]
            page.locator("#guess-input").fill(answer)
            page.keyboard.press("Enter")
            expect(page.locator("#your-status")).to_contain_text(answer)
        else:
            page.locator("#act-check:visible, #act-call:visible").first.click()

    expect(result).to_be_visible()
    expect(result.locator("h2")).to_have_text("Hand 1: the result")
    expect(result.locator(".result-answer")).not_to_be_empty()
    expect(result.locator(".awards li")).not_to_have_count(0)
    expect(result).to_contain_text("winner")
    expect(result.locator("#next-hand")).to_be_visible()
    # On the felt: inside the players' oval box, not below it.
    box, felt = result.bounding_box(), page.locator("#table-panel").bounding_box()
    assert box is not None
    assert felt is not None
    assert felt["y"] <= box["y"]
    assert box["y"] + box["height"] <= felt["y"] + felt["height"]
    expect(page.locator("#live-region")).to_contain_text("Hand 1 is over")

    page.wait_for_timeout(1500)  # a moment: the 60 s pause holds it (bots wait: server tests)
    expect(result).to_be_visible()
    expect(result.locator("h2")).to_have_text("Hand 1: the result")

    result.locator("#next-hand").click()  # (the N key too, outside a text field)
    expect(page.locator("#hand-result")).to_have_count(0)
    kim.next_prompt()  # the second hand goes on at once
    kim.assert_no_console_errors()
