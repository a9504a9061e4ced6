"""The table chat and presence in the browser (issue 12 items 2 and 3), with two players and a
spectator, each in a browser context of their own: chat reaches the right people and shows
markup as text, a mute hides a player's messages (and is remembered), the host's switch shows
the spectators' chat to the players; presence shows a player leaving (their browser closed)
and coming back, and the spectators; axe finds nothing serious with the chat open."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from .conftest import PokerhallServer, Visitor, VisitorFactory
from .test_accessibility import assert_accessible, assert_accessible_light_and_dark

IMG = '<img src="x" onerror="window.pwned = 1">'
SCRIPT = "<script>window.pwned = 2</script>"


def seated_pair(
    server: PokerhallServer, visitor: VisitorFactory, name: str
) -> tuple[str, Visitor, Visitor, Visitor]:
    """Ann and Bob at a running heads-up table (joined in the waiting room), Zoe watching."""
    table = server.create_table(name=name, seats=2, bots=0)
    ann, bob = visitor("Ann"), visitor("Bob")
    for person in (ann, bob):
        person.open_table(table["id"])
        person.join_in_waiting_room(person.label)
    zoe = visitor("Zoe")
    zoe.context.add_init_script("localStorage.setItem('pokerhall.name', '\"Zoe\"')")
    zoe.open_table(table["id"])
    for person in (ann, bob, zoe):
        person.wait_for_game()
        expect(person.page.locator("#chat")).to_be_visible()
    return table["id"], ann, bob, zoe


def write(page: Page, text: str) -> None:
    page.locator("#chat-input").fill(text)
    page.locator("#chat-send").click()


def chat_log(page: Page) -> str:
    return page.locator("#chat-log").inner_text()


def test_chat_reaches_the_right_people_as_text_and_a_mute_hides_a_player(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    _table_id, ann, bob, zoe = seated_pair(server, visitor, "Chat table")
    write(ann.page, IMG)
    write(ann.page, SCRIPT)
    for person in (ann, bob, zoe):
        log = person.page.locator("#chat-log")
        expect(log).to_contain_text(f"Ann{' (you)' if person is ann else ''}: {IMG}")
        expect(log).to_contain_text(SCRIPT)
        assert log.locator("img, script").count() == 0
        assert person.page.evaluate("window.pwned") is None

    write(zoe.page, "hello from the rail")
    expect(zoe.page.locator("#chat-log")).to_contain_text("Zoe (watching): hello from the rail")
    write(bob.page, "after the rail")  # sent after Zoe's: the players have hers if they ever will
    for person in (ann, bob):
        expect(person.page.locator("#chat-log")).to_contain_text("after the rail")
        assert "hello from the rail" not in chat_log(person.page)
    expect(bob.page.locator("#chat-host")).to_be_hidden()

    bob.page.locator("#chat-react-gg").click()
    expect(ann.page.locator("#chat-log")).to_contain_text("Bob: gg")
    zoe.page.locator("#chat-react-thumbs_up").click()  # (each person sends at most 3 at once)
    expect(zoe.page.locator("#chat-log")).to_contain_text("Zoe (watching): 👍Thumbs up")

    bob.page.locator("#chat-mutes summary").click()
    bob.page.locator("#chat-mute-0").check()
    expect(bob.page.locator("#chat-log")).not_to_contain_text(SCRIPT)
    write(ann.page, "can Bob read this?")
    expect(zoe.page.locator("#chat-log")).to_contain_text("can Bob read this?")
    write(zoe.page, "marker")  # after Ann's: once Zoe has it, Bob has had his chance
    expect(zoe.page.locator("#chat-log")).to_contain_text("marker")
    assert "can Bob read this?" not in chat_log(bob.page)
    bob.page.reload()
    bob.wait_for_game()
    expect(bob.page.locator("#chat-log")).to_contain_text("Bob (you): after the rail")
    assert "Ann" not in chat_log(bob.page)  # the mute is remembered
    bob.page.locator("#chat-mutes summary").click()
    expect(bob.page.locator("#chat-mute-0")).to_be_checked()

    ann.page.locator("#chat-spectators-shown").check()  # Ann holds seat 0: the host
    expect(ann.page.locator("#chat-log")).to_contain_text("Zoe (watching): hello from the rail")
    expect(bob.page.locator("#chat-log")).to_contain_text("Zoe (watching): marker")

    write(ann.page, "x" * 201)
    expect(ann.page.locator("#chat-error")).to_contain_text("at most 200 characters")
    expect(ann.page.locator("#chat-input")).to_have_value("x" * 201)  # nothing cut or lost
    ann.page.locator("#guess-input").focus()
    ann.page.keyboard.press("Alt+Shift+KeyE")
    expect(ann.page.locator("#chat-input")).to_be_focused()
    for person in (ann, bob, zoe):
        person.assert_no_console_errors()


def test_the_chat_is_read_aloud_politely_only_when_asked(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    _table_id, ann, bob, _zoe = seated_pair(server, visitor, "Read-aloud table")
    expect(bob.page.locator("#chat-aloud")).to_be_checked()
    assert bob.page.locator("#chat-live").get_attribute("aria-live") == "polite"
    assert bob.page.locator("#chat-log").get_attribute("aria-live") == "off"
    write(ann.page, "first")
    expect(bob.page.locator("#chat-live")).to_contain_text("Ann: first")
    bob.page.locator("#chat-aloud").uncheck()
    write(ann.page, "second")
    expect(bob.page.locator("#chat-log")).to_contain_text("second")
    assert "second" not in bob.page.locator("#chat-live").inner_text()
    bob.page.reload()
    bob.wait_for_game()
    expect(bob.page.locator("#chat-aloud")).not_to_be_checked()


def test_presence_shows_a_player_leaving_and_coming_back_and_the_spectators(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table_id, ann, bob, zoe = seated_pair(server, visitor, "Presence table")
    bob_presence = ann.page.get_by_test_id("presence-1")
    expect(bob_presence).to_have_text("Connected")
    expect(ann.page.locator("#spectator-count")).to_have_text("1 watching")
    seats = bob.page.evaluate("localStorage.getItem('pokerhall.seats')")

    bob.context.close()  # Bob's browser is gone
    expect(bob_presence).to_have_text("Not connected")
    expect(bob_presence).to_have_attribute("data-presence", "offline")
    expect(zoe.page.get_by_test_id("presence-1")).to_have_text("Not connected")
    expect(ann.page.locator("#live-region")).to_contain_text("Bob: Not connected")  # read out

    back = visitor("Bob again")
    back.context.add_init_script(f"localStorage.setItem('pokerhall.seats', {json.dumps(seats)})")
    back.open_table(table_id)
    back.wait_for_game()
    expect(bob_presence).to_have_text("Connected")
    expect(ann.page.locator("#live-region")).to_contain_text("Bob: Connected")
    expect(back.page.get_by_test_id("presence-0")).to_have_text("Connected")

    zoe.context.close()
    expect(ann.page.locator("#spectator-count")).to_have_text("")
    ann.page.locator("#lang-select").select_option("de")
    expect(bob_presence).to_have_text("Verbunden")
    ann.assert_no_console_errors()


def test_the_open_chat_has_no_serious_accessibility_problems(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    _table_id, ann, _bob, zoe = seated_pair(server, visitor, "Axe chat table")
    write(zoe.page, "from the rail")
    write(ann.page, "hello <b>all</b>")
    ann.page.locator("#chat-react-wow").click()
    expect(ann.page.locator("#chat-log .chat-line")).to_have_count(2)
    ann.page.locator("#chat-mutes summary").click()
    expect(ann.page.locator("#chat-host")).to_be_visible()
    assert_accessible_light_and_dark(ann.page, "the table with the chat open (host)")
    write(ann.page, "   ")
    expect(ann.page.locator("#chat-error")).not_to_be_empty()
    assert_accessible(ann.page, "the chat with an error")
    expect(zoe.page.locator("#chat-log .chat-line")).to_have_count(3)
    assert_accessible_light_and_dark(zoe.page, "the table with the chat open (spectator)")
