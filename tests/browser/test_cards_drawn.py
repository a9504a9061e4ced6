"""Cards drawn as cards (issue 21, item 2): Palace and Detective Poker's playing cards are card
faces from one module (web/js/card-face.js: rank and suit in the corner, a pip in the middle,
red suits red, black suits black, a patterned back for a hidden card), Slovní poker's consonant
cards are letter tiles and its vowels dice, amounts have chips beside them; the drawing is
aria-hidden and what a screen reader reads is the words it read before. A seat card shows the
few things a glance asks for and the rest behind a "More" disclosure, which works by keyboard
and stays open (with the focus on it) while the table moves on. Axe stays clean throughout.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, ViewportSize, expect

from .conftest import PokerhallServer, VisitorFactory
from .test_accessibility import assert_accessible_light_and_dark
from .test_detective import bet, card_name, detective_table
from .test_palace import create_palace_table
from .test_table_look import YOUR_TURN

SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RED = "rgb(184, 16, 30)"  # --pc-red in css/cards.css
BLACK = "rgb(27, 31, 28)"  # --pc-ink
NARROW_PHONE: ViewportSize = {"width": 360, "height": 780}
DESKTOP_SIZE: ViewportSize = {"width": 1280, "height": 900}
TAB_LIMIT = 60
REDRAW_TRIES = 5


def face_of(card: Locator) -> dict[str, Any]:
    """What a drawn card shows: its corner, its pip, its colour, and the words beside it.

    Read again when the seats were drawn anew between finding the card and reading it (bots
    move at once): a card no longer in the page has no computed style."""
    for _ in range(REDRAW_TRIES):
        result = _read_face(card)
        if result.pop("connected"):
            return result
    raise AssertionError("the card was drawn anew on every read")


def _read_face(card: Locator) -> dict[str, Any]:
    result: dict[str, Any] = card.evaluate(
        """(el) => {
          const face = el.querySelector(".pc-face");
          const pip = getComputedStyle(face, "::before");
          return {
            card: el.dataset.card ?? null,
            hidden: face.getAttribute("aria-hidden"),
            rank: el.querySelector(".pc-rank")?.textContent ?? null,
            suit: el.querySelector(".pc-suit")?.textContent ?? null,
            pip: pip.display === "none" ? null : pip.content,
            colour: getComputedStyle(el).color,
            back: getComputedStyle(el).backgroundImage,
            words: el.querySelector(".sr-only")?.textContent ?? null,
            rankPx: parseFloat(getComputedStyle(el.querySelector(".pc-rank") ?? el).fontSize),
            width: el.getBoundingClientRect().width,
            height: el.getBoundingClientRect().height,
            connected: el.isConnected,
          };
        }"""
    )
    return result


def assert_drawn_face(card: Locator, *, pip: bool) -> None:
    """A face-up card: rank and suit in the corner, the pip (on a large card), red or black,
    the drawing hidden from screen readers and the card's English name beside it."""
    face = face_of(card)
    text = face["card"]
    assert text, face
    assert re.fullmatch(r"[2-9TJQKA][shdc]", text), face
    assert face["hidden"] == "true", face
    assert face["rank"] == ("10" if text[0] == "T" else text[0]), face
    assert face["suit"] == SYMBOLS[text[1]], face
    assert face["pip"] == (f'"{SYMBOLS[text[1]]}"' if pip else None), face
    assert face["colour"] == (RED if text[1] in "hd" else BLACK), face
    assert face["words"] == card_name(text), face
    assert face["height"] > face["width"], "a card stands upright"


def assert_back(card: Locator) -> None:
    face = face_of(card)
    assert face["hidden"] == "true", face
    assert face["rank"] is None, "a back shows no rank"
    assert face["card"] is None, face
    assert "repeating-linear-gradient" in face["back"], face


def assert_no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{wide}px sideways scroll"


def test_palace_cards_are_faces_and_backs(server: PokerhallServer, visitor: VisitorFactory) -> None:
    table = create_palace_table(server, seats=3, bots=2, turn_clock=300)
    person = visitor("Pia", reduced_motion="reduce")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Pia")
    person.wait_for_game()
    page.wait_for_function(YOUR_TURN, timeout=20_000)

    camp = page.locator("#pal-camp-body .pal-palace .pc")
    expect(camp).to_have_count(3)
    for i in range(3):
        assert_drawn_face(camp.nth(i), pip=True)
    # The same cards on your seat: small, the corner alone.
    mine = page.locator("li.seat.is-me .seat-palace .pc")
    expect(mine).to_have_count(3)
    for i in range(3):
        assert_drawn_face(mine.nth(i), pip=False)
    # The others' palaces: backs, and "3 face-down cards" said once for the three.
    backs = page.locator("#seats .backs")
    expect(backs.first).to_contain_text("3 face-down cards")
    drawn_backs = backs.first.locator(".pc-back")
    expect(drawn_backs).to_have_count(3)
    for i in range(3):
        assert_back(drawn_backs.nth(i))
    # The shared stylesheet (not the game's) draws them, in both themes.
    page.emulate_media(color_scheme="dark")
    assert_drawn_face(camp.first, pip=True)
    page.emulate_media(color_scheme="light")

    # On a narrow phone the faces stay readable, and nothing scrolls sideways.
    page.set_viewport_size(NARROW_PHONE)
    assert face_of(camp.first)["rankPx"] >= 14
    assert face_of(mine.first)["rankPx"] >= 11
    assert_no_sideways_scroll(page)
    page.set_viewport_size(DESKTOP_SIZE)
    assert_accessible_light_and_dark(page, "Palace with drawn cards")
    person.assert_no_console_errors()


def test_detective_cards_keep_their_names_and_hide_your_own(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = detective_table(server, seats=3, bots=2, turn_clock=300, bot_delay=0)
    person = visitor("Dana")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Dana")
    person.wait_for_game()
    me = page.get_by_test_id("seat-0")
    own = me.locator(".det-forehead .det-card-back")
    expect(own).to_contain_text("hidden from you")
    assert_back(own)
    for other in (1, 2):
        forehead = page.get_by_test_id(f"seat-{other}").locator(".det-forehead .det-card")
        assert_drawn_face(forehead, pip=False)
        # the tooltip is the card's name, as before
        face = face_of(forehead)
        expect(forehead).to_have_attribute("title", card_name(face["card"]))
    private = page.locator("#your-cards-list .det-card").first
    assert_drawn_face(private, pip=True)
    page.set_viewport_size(NARROW_PHONE)
    assert_no_sideways_scroll(page)
    page.set_viewport_size(DESKTOP_SIZE)
    person.assert_no_console_errors()


def tab_to_seat_details(page: Page) -> Locator:
    """Tab from the top of the page to the first seat's "More"; returns the summary."""
    page.locator("body").evaluate("(body) => body.focus()")
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        found = page.evaluate(
            "() => document.activeElement?.matches('#seats summary[data-seat-more]') ?"
            " document.activeElement.dataset.seatMore : null"
        )
        if found is not None:
            return page.locator(f'#seats summary[data-seat-more="{found}"]')
    raise AssertionError("no seat's details can be reached with Tab")


def test_seat_details_open_by_keyboard_and_stay_open_while_play_goes_on(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """A spectator at a Detective table (never asked to move, so the page never moves their
    focus) opens a seat's "More" with Enter: what it hides is then shown. Ann bets, the seats
    are drawn anew: the disclosure is still open and the focus still on it; Space closes it.
    The summary names the player for screen readers ("More about Ann"); axe is clean with it
    open."""
    table = detective_table(server, seats=3, bots=2, turn_clock=300, bot_delay=0)
    actor = visitor("Ann")
    watcher = visitor("Zoe")
    actor.open_table(table["id"])
    actor.join_in_waiting_room("Ann")
    actor.wait_for_game()
    watcher.open_table(table["id"])
    watcher.wait_for_game()
    actor.page.wait_for_function(YOUR_TURN, timeout=20_000)
    page = watcher.page

    summary = tab_to_seat_details(page)
    seat = summary.get_attribute("data-seat-more")
    details = page.locator(f'[data-testid="seat-{seat}"] details.seat-more')
    player = page.evaluate(
        f"""() => {{
          const head = document.querySelector('[data-testid="seat-{seat}"] .seat-name');
          const texts = [...head.childNodes].filter((n) => n.nodeType === 3);
          return texts.map((n) => n.textContent).join("").trim();
        }}"""
    )
    expect(summary.locator(".sr-only")).to_have_text(f"More about {player}")
    body = details.locator(".seat-more-body")
    expect(body).to_be_hidden()
    page.keyboard.press("Enter")
    expect(details).to_have_attribute("open", "")
    expect(body).to_be_visible()
    expect(body).to_contain_text("On this board:")
    expect(body).to_contain_text("action card")

    before = page.get_by_test_id("seat-0").inner_text() + page.get_by_test_id("seat-1").inner_text()
    bet(actor.page, board=0, chips=1, card="")
    page.wait_for_function(
        """(before) => {
          const now = document.querySelector('[data-testid="seat-0"]').innerText +
            document.querySelector('[data-testid="seat-1"]').innerText;
          return now !== before;
        }""",
        arg=before,
    )
    expect(details).to_have_attribute("open", "")
    # (Ann's window had the focus: ask the watcher's document what it holds)
    expect(summary).to_be_focused()
    page.bring_to_front()
    expect(summary).to_be_focused()
    assert_accessible_light_and_dark(page, "a seat's details open")
    page.keyboard.press(" ")
    expect(details).not_to_have_attribute("open", "")
    expect(body).to_be_hidden()
    expect(summary).to_be_focused()
    for person in (actor, watcher):
        person.assert_no_console_errors()


def test_slovni_poker_letters_are_tiles_and_vowels_dice(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.create_table(
        game="wordpoker", name="Tiles", options={"lexicon": "mini"}, seats=2, bots=1, bot_delay=0
    )
    person = visitor("Vera")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Vera")
    person.wait_for_game()
    tiles = page.locator("#wp-hand > li")
    dice = page.locator("#wp-dice > li")
    expect(tiles.first).to_be_visible()
    expect(dice.first).to_be_visible()
    shapes = page.evaluate(
        """() => [...document.querySelectorAll("#wp-hand > li, #wp-dice > li")].map((el) => {
          const box = el.getBoundingClientRect();
          return {
            kind: el.classList.contains("wp-die") ? "die" : "card",
            drawn: el.classList.contains("piece-tile") || el.classList.contains("piece-die"),
            die: el.classList.contains("piece-die"),
            mark: el.classList.contains("wp-mark"),
            letter: el.dataset.letter,
            face: el.querySelector(".wp-face").textContent,
            hidden: el.querySelector(".wp-face").getAttribute("aria-hidden"),
            words: (el.querySelector(".sr-only") ?? el.querySelector(".wp-caption")).textContent,
            background: getComputedStyle(el).backgroundImage,
            width: box.width,
            height: box.height,
          };
        })"""
    )
    assert shapes
    for shape in shapes:
        assert shape["drawn"], shape
        assert shape["die"] == (shape["kind"] == "die"), shape
        assert "gradient" in shape["background"], shape
        assert shape["hidden"] == "true", shape
        if shape["kind"] == "die":
            assert abs(shape["width"] - shape["height"]) < 1, f"a die is square: {shape}"
            assert shape["face"] == shape["letter"] == shape["words"], shape
        elif not shape["mark"]:
            if len(shape["letter"]) == 1:  # (CH, one letter of two characters, is wider)
                assert shape["height"] > shape["width"], f"a tile stands upright: {shape}"
            assert shape["face"] == shape["letter"] == shape["words"], shape
        else:
            assert shape["words"] == f"{'háček' if shape['letter'] == 'hacek' else 'čárka'} card"
    # chips beside the pot and the points, the text as before
    expect(page.locator("#pot")).to_have_text(re.compile(r"^Pot: \d+"))
    for selector in ("#pot", "li.seat.is-me .wp-points"):
        chip = page.locator(selector).evaluate(
            "(el) => getComputedStyle(el, '::before').backgroundImage"
        )
        assert "gradient" in chip, (selector, chip)
    page.set_viewport_size(NARROW_PHONE)
    assert_no_sideways_scroll(page)
    page.set_viewport_size(DESKTOP_SIZE)
    assert_accessible_light_and_dark(page, "Slovní poker's tiles and dice")
    person.assert_no_console_errors()


def test_one_card_face_module_draws_for_any_page(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """js/card-face.js is the one drawing other pages call (the history's replay): a face,
    a back with a mark, and a text that is no card drawn as a plain tile; a checkbox labelled
    by a drawn card is named by its words alone."""
    person = visitor("Rita")
    page = person.page
    page.goto("/table.html")
    page.evaluate(
        """async () => {
          const { playingCard, cardBack, cardParts, faceText } = await import("/js/card-face.js");
          const host = document.createElement("div");
          host.id = "card-host";
          const label = document.createElement("label");
          const box = document.createElement("input");
          box.type = "checkbox";
          const ten = playingCard("Td", { words: "ten of diamonds", classes: ["pc-inline"] });
          label.append(box, ten);
          host.append(
            playingCard("Qs", { words: "queen of spades" }),
            cardBack({ words: "card face down", mark: "?" }),
            playingCard("joker"),
            label,
          );
          document.body.prepend(host);
          window.__parts = [cardParts("Ah"), cardParts("Tc"), cardParts("1x")];
          window.__texts = [faceText("Td"), faceText("Qs"), faceText("joker")];
        }"""
    )
    host = page.locator("#card-host")
    queen = host.locator(".pc").nth(0)
    face = face_of(queen)
    assert (face["rank"], face["suit"], face["pip"], face["colour"]) == ("Q", "♠", '"♠"', BLACK)
    assert queen.inner_text().replace("\n", "").startswith("Q♠")
    back = host.locator(".pc-back")
    assert_back(back)
    expect(back.locator(".pc-mark")).to_have_text("?")
    expect(back.locator(".sr-only")).to_have_text("card face down")
    expect(host.locator(".pc-plain")).to_have_text("joker")
    expect(page.get_by_role("checkbox", name="ten of diamonds", exact=True)).to_have_count(1)
    ten = face_of(host.locator("label .pc"))
    assert (ten["rank"], ten["colour"], ten["pip"]) == ("10", RED, None)
    assert page.evaluate("window.__parts") == [
        {"rank": "A", "suit": "h", "red": True},
        {"rank": "T", "suit": "c", "red": False},
        None,
    ]
    assert page.evaluate("window.__texts") == ["10♦", "Q♠", "joker"]
