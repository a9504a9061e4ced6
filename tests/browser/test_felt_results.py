"""The end of a hand on the felt in every game (issue 21): a person plays the first hand
through the page with a result pause set, and the result is drawn in the oval (QuizPoker's
answer and shown guesses, the Duell's too, Palace's battle, Detective's score grid, Slovní
poker's words as tiles), inside the window, with the winner marked and announced; it stays
for the pause and goes by itself once the pause is over. Also: a reload during the pause
draws the result again; a spectator's Next hand is refused in the reader's language; axe
finds nothing serious on the result in English, German, Czech and Greek."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory
from .felt_results import RESULT, play_until_result, result_table, sit_down
from .test_accessibility import assert_accessible_light_and_dark

PAUSE = 8.0
"""Long enough to look twice, short enough to wait out."""

DRAWN = {
    "quizpoker": ".quiz-result .result-answer",
    "duell": ".quiz-result .result-answer",
    "palace": ".pal-result .pal-fighter",
    "detective": ".det-result-grid tbody tr",
    "wordpoker": ".wp-result-felt .result-pot",
}
"""Each game's drawing: an element only its result drawing has."""


@pytest.mark.parametrize("game", list(DRAWN))
def test_the_result_is_drawn_on_the_felt_and_stays_for_the_pause(
    server: PokerhallServer,
    visitor: VisitorFactory,
    mini_questions: dict[str, dict[str, str]],
    game: str,
) -> None:
    table = result_table(server, game, PAUSE)
    person = visitor("Kim", viewport={"width": 1280, "height": 800})
    page = person.page
    sit_down(person, table, "Kim")
    play_until_result(page, game, mini_questions)
    seen = time.monotonic()
    result = page.locator(RESULT)
    expect(result.locator("h2")).to_have_text("Hand 1: the result")
    expect(result.locator(DRAWN[game]).first).to_be_visible()
    expect(result.locator("[data-result-winner]").first).to_be_visible()
    expect(result.locator("#next-hand")).to_be_visible()
    # readable without scrolling, once the page has settled (it scrolls the result into view)
    expect(result).to_be_in_viewport(ratio=1)
    felt, box = page.locator("#table-panel").bounding_box(), result.bounding_box()
    assert felt is not None
    assert box is not None
    assert felt["y"] <= box["y"]  # on the felt: inside the players' oval box
    assert box["y"] + box["height"] <= felt["y"] + felt["height"]
    expect(page.locator("#live-region")).to_contain_text("Hand 1 is over, won by")
    chips = result.locator(".result-chip")  # from the pot to the winners, for the eye only
    expect(chips).not_to_have_count(0)
    expect(chips.first).to_have_attribute("aria-hidden", "true")
    if game == "palace":  # a battle: both fighters, one of them the winner (P10)
        expect(result.locator(".pal-fighter.is-winner")).not_to_have_count(0)
        if result.locator(".pal-versus").count():
            expect(result.locator(".pal-fighter")).to_have_count(2)
        else:  # the bot left the hand before any battle (P14): the winner's camp alone
            expect(result.locator(".pal-fighter")).to_have_count(1)
    if game == "detective":  # a column per betting round, a row per player
        expect(result.locator(".det-result-grid thead th")).to_have_count(6)
        expect(result.locator(".det-result-grid tbody tr")).to_have_count(3)
    if game == "wordpoker":
        expect(result.locator(".wp-result-row")).to_have_count(2)

    page.wait_for_timeout(PAUSE * 1000 / 2)  # half the pause: still there, bots waiting too
    if time.monotonic() - seen < PAUSE - 1:  # (a slow machine may have taken the half)
        expect(result).to_be_visible()
        expect(result.locator("h2")).to_have_text("Hand 1: the result")
    # The pause ends by itself: the result goes and the next hand is played.
    expect(page.locator("#hand-result")).to_have_count(0, timeout=(PAUSE + 10) * 1000)
    assert time.monotonic() - seen >= PAUSE / 2
    person.assert_no_console_errors()


def test_a_reload_during_the_pause_draws_the_result_again(
    server: PokerhallServer, visitor: VisitorFactory, mini_questions: dict[str, dict[str, str]]
) -> None:
    """Palace draws its battle from the hand's events, which the snapshot carries again during
    the pause (`result_events`): the same fighters after the reload, the palaces as before."""
    table = result_table(server, "palace", 60)
    person = visitor("Kim")
    page = person.page
    sit_down(person, table, "Kim")
    play_until_result(page, "palace", mini_questions)
    before = page.locator(f"{RESULT} .pal-result").inner_text()
    page.reload()
    expect(page.locator(f"{RESULT} .pal-result")).to_be_visible()
    after = page.locator(f"{RESULT} .pal-result").inner_text()
    assert after == before, f"before the reload:\n{before}\nafter:\n{after}"
    expect(page.locator("#next-hand")).to_be_enabled()
    # N is the page's key only outside a text field: the next hand's move form may have the
    # focus after the reload (its bet field, say), where an N is typed, not pressed.
    page.evaluate("() => document.activeElement?.blur()")
    page.keyboard.press("n")
    # the only human pressed Next hand: the pause ends (a loaded machine may take a while)
    expect(page.locator("#hand-result")).to_have_count(0, timeout=30_000)
    person.assert_no_console_errors()


def test_a_spectators_next_hand_is_refused_in_their_language(
    server: PokerhallServer, visitor: VisitorFactory, mini_questions: dict[str, dict[str, str]]
) -> None:
    """The N key of a spectator reaches the server, which refuses it and changes nothing; the
    page says why in German. The spectator sees the same result, without the button."""
    table = result_table(server, "quizpoker", 60)
    kim = visitor("Kim")
    sit_down(kim, table, "Kim")
    watcher = visitor("Uwe", locale="de-DE")
    watcher.open_table(table["id"])
    play_until_result(kim.page, "quizpoker", mini_questions)
    page = watcher.page
    expect(page.locator(RESULT)).to_be_visible()
    expect(page.locator("#next-hand")).to_be_hidden()
    page.locator("body").click()
    page.keyboard.press("n")
    expect(page.locator("#table-error")).to_have_text(
        "Nur Spielende drücken „Nächste Hand“; Zuschauende sehen das Ergebnis, "
        "bis die nächste Hand beginnt."
    )
    expect(kim.page.locator(RESULT)).to_be_visible()  # nothing changed for the player
    expect(kim.page.locator(".hand-result-waiting")).to_contain_text("Kim")
    kim.assert_no_console_errors()


@pytest.mark.parametrize("game", ["palace", "detective", "wordpoker"])
def test_the_result_has_no_serious_accessibility_problems_in_four_languages(
    server: PokerhallServer,
    visitor: VisitorFactory,
    mini_questions: dict[str, dict[str, str]],
    game: str,
) -> None:
    table = result_table(server, game, 60)
    person = visitor("Kim")
    page = person.page
    sit_down(person, table, "Kim")
    play_until_result(page, game, mini_questions)
    for language in ("en", "de", "cs", "el"):
        page.locator("#lang-select").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator(RESULT)).to_be_visible()
        assert_accessible_light_and_dark(page, f"the {game} result in {language}")
    person.assert_no_console_errors()


def test_no_chips_fly_under_reduced_motion(
    server: PokerhallServer, visitor: VisitorFactory, mini_questions: dict[str, dict[str, str]]
) -> None:
    table = result_table(server, "palace", 60)
    person = visitor("Kim", reduced_motion="reduce")
    sit_down(person, table, "Kim")
    play_until_result(person.page, "palace", mini_questions)
    chips = person.page.locator(f"{RESULT} .result-chip")
    expect(chips).not_to_have_count(0)
    for chip in chips.all():
        expect(chip).to_be_hidden()
    expect(person.page.locator(f"{RESULT} .pal-fighter.is-winner")).not_to_have_count(0)


PALACE_CONCEDED = (Path(__file__).parent / "palace_result.js").read_text(encoding="utf-8")


@pytest.mark.parametrize(("seat", "faces"), [(0, [3, 3]), (1, [0, 3]), (None, [0, 0])])
def test_p13_a_conceding_callers_palace_is_drawn_for_nobody_but_itself(
    server: PokerhallServer, visitor: VisitorFactory, seat: int | None, faces: list[int]
) -> None:
    """Ann (seat 0) calls last, looks, loses and concedes: her result shows both palaces (she
    was shown Bob's; her own she holds); Bob, the winner, sees his own and Ann's face down; a
    spectator sees both face down. Drawn from the events each of them gets."""
    person = visitor("Pat")
    person.open_table(result_table(server, "palace", 0)["id"])  # Palace's words are loaded
    expect(person.page.locator("#game")).to_have_attribute("data-game", "palace")
    page = person.page
    drawn = page.evaluate(PALACE_CONCEDED, seat)
    assert [len(cards) for cards in drawn["cards"]] == faces
    assert drawn["backs"] == [3 - n for n in faces]
    assert drawn["winner"] == "1"
    if seat != 0:
        assert not {"Ks", "Qs", "Js"} & set(drawn["cards"][0] + drawn["cards"][1])
    assert "Ann called last and concedes" in drawn["text"]
