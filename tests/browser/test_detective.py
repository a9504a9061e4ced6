"""Detective Poker in real browsers (docs/rules/detective.md X1-X10, its web module
web/js/games/detective/): a whole hand bet through the page every street until the scoring
shows, with the keyboard alone for one bet; a table made in the lobby from the option specs
and played by two people in two browsers; the game's end with its result.

Every step goes through the page a person sees; the HTTP API only sets tables up.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import PokerhallServer, Visitor, VisitorFactory
from .test_play_in_browser import table_id_of

PLAY_SECONDS = 60.0
STREETS = ("preflop", "flop", "turn", "river")
CARD_IDS = {"": "nocard", "+1": "plus1", "clockwise": "clockwise", "bluff": "bluff", "none": "none"}
RANKS = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}  # fmt: skip
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def card_name(card: str) -> str:
    """The English words the page must use for a card ("Qs": "queen of spades")."""
    return f"{RANKS[card[0]]} of {SUITS[card[1]]}"


def detective_table(server: PokerhallServer, **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "detective", "name": "Detective table", "options": {}}
    body.update(fields)
    return server.create_table(**body)


def my_turn(page: Page) -> bool:
    return bool(
        page.evaluate(
            """() => Boolean(document.querySelector("#actions.is-your-turn")) &&
              !document.getElementById("det-bet-form").hidden &&
              !document.getElementById("bet-submit").disabled"""
        )
    )


def wait_for_bet_prompt(page: Page, timeout_ms: float = 20_000) -> None:
    page.wait_for_function(
        """() => Boolean(document.querySelector("#actions.is-your-turn")) &&
          !document.getElementById("det-bet-form").hidden &&
          !document.getElementById("bet-submit").disabled""",
        timeout=timeout_ms,
    )


def legal(page: Page, group: str) -> list[str]:
    """The values the form offers in a group (board, chips, card): the prompt's legal values."""
    values: list[str] = page.locator(f'input[name="bet-{group}"]').evaluate_all(
        "(inputs) => inputs.map((i) => i.value)"
    )
    return values


def seat_name(page: Page, selector: str) -> str:
    """A seat card's player name, without the turn marker and the (you)/(bot) tags."""
    text = page.locator(f"{selector} .seat-name").inner_text()
    return text.replace("▶", "").strip().split(" (")[0]


def my_bets(page: Page, hand: int | None = 1) -> Any:
    """The log lines of this page's own bets in `hand` (the log keeps every hand), or in
    every hand (None)."""
    name = seat_name(page, "li.seat.is-me")
    within = "#event-log" if hand is None else f'#event-log .log-hand[data-hand="{hand}"]'
    lines = page.locator(f'{within} li[data-type="bet"]')
    return lines.filter(has_text=re.compile(f"^{re.escape(name)} bets"))


def bet(page: Page, *, board: int, chips: int, card: str) -> None:
    """Choose the bet in the form and make it; wait until the log shows it was made (in any
    hand: the next hand's first prompt can come before the page has drawn the last one's
    scoring, which a caller playing "until hand 1 is scored" then answers)."""
    before = my_bets(page, hand=None).count()
    page.locator(f"#bet-board-{board}").check()
    page.locator(f"#bet-chips-{chips}").check()
    page.locator(f"#bet-card-{CARD_IDS[card]}").check()
    page.locator("#bet-submit").click()
    expect(my_bets(page, hand=None)).to_have_count(before + 1)


def scored_hand(page: Page) -> int:
    return int(page.locator("#scoring").get_attribute("data-hand") or "0")


def test_a_full_hand_is_bet_through_the_page_until_the_scoring_shows(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """X2, X4-X7, X10 on screen: your private card, a card back on your own forehead, the
    others' forehead cards in words, only the legal bet values, your bets on the boards by
    street, then the scoring street by street and the score table. The first bet is made with
    the keyboard alone, starting from where the page puts the focus."""
    table = detective_table(server, seats=3, bots=2)
    person = visitor("Dana")
    page = person.page
    person.open_table(table["id"])
    person.join_in_waiting_room("Dana")  # the last seat: the game starts
    person.wait_for_game()
    expect(page.locator("#game")).to_have_attribute("data-game", "detective")
    me = page.get_by_test_id("seat-0")
    expect(me.locator(".det-forehead .det-card-back")).to_contain_text("hidden from you")
    for other in (1, 2):
        expect(
            page.get_by_test_id(f"seat-{other}").locator(".det-forehead .det-card")
        ).to_contain_text(
            re.compile(r"(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of ")
        )
    expect(page.locator("#your-cards-list")).to_contain_text(
        re.compile(r" of (spades|hearts|diamonds|clubs)")
    )

    plan = [(1, 1, "+1"), (2, 3, "bluff"), (0, 1, "clockwise"), (1, 1, "")]
    made: list[tuple[int, int, str]] = []
    deadline = time.monotonic() + PLAY_SECONDS
    while scored_hand(page) < 1:
        assert time.monotonic() < deadline, page.locator("#event-log").inner_text()
        if not my_turn(page):
            page.wait_for_timeout(50)
            continue
        street = len(made)
        assert legal(page, "board") == ["0", "1", "2"]
        # X5: a chip kept for each round to come; with 7 chips one 3-chip bet a hand.
        top = min(3, 7 - sum(c for _b, c, _a in made) - (3 - street))
        assert legal(page, "chips") == [str(n) for n in range(1, top + 1)]
        played = {a for _b, _c, a in made if a}
        assert legal(page, "card") == [
            "",
            *[c for c in ("+1", "clockwise", "bluff", "none") if c not in played],
        ]
        board, chips, card = plan[street]
        if street == 0:
            expect(page.locator("#live-alert")).to_contain_text("Your turn to bet")
            forehead = (
                page.get_by_test_id("seat-1")
                .locator(".det-forehead .det-card")
                .get_attribute("title")
            )
            expect(page.locator("#live-alert")).to_contain_text(f"forehead: {forehead}")
            bet_with_the_keyboard(page)
        else:
            bet(page, board=board, chips=chips, card=card)
        made.append((board, chips, card))
        line = my_bets(page).nth(street)
        expect(line).to_contain_text(f"Dana bets {chips} chip")
        if card:
            expect(line).to_contain_text("face down")
        row = page.locator(
            f'#boards-table tr[data-board="{board}"] td[data-street="{STREETS[street]}"]'
        )
        if street < 3:  # after the river the hand is scored and hand 2 has begun
            expect(row).to_contain_text(f"Dana: {chips} chip")
    assert len(made) == 4

    scoring = page.locator("#scoring-body")
    expect(scoring.locator(".det-street-score")).to_have_count(4)
    for street, (board, chips, card) in zip(STREETS, made, strict=True):
        section = scoring.locator(f'.det-street-score[data-street="{street}"]')
        expect(section.locator("h4")).to_contain_text(re.compile(r"best .+; worst "))
        mine = section.locator("tbody tr", has=page.locator('th:text-is("Dana")'))
        expect(mine).to_have_count(1)
        cells = mine.locator("td")
        expect(cells.nth(0)).to_have_text(seat_name(page, f'[data-testid="seat-{board}"]'))
        expect(cells.nth(1)).to_have_text(
            {"": "No card", "+1": "+1", "bluff": "Bluff", "clockwise": "Clockwise"}[card]
        )
        expect(cells.nth(3)).to_have_text(str(chips))
    # The score table's hand 1 column is the sum of each player's points in the scoring.
    points = scoring.locator(".det-bets-scored tbody tr").evaluate_all(
        """(rows) => rows.map((r) => [r.querySelector("th").textContent,
             Number(r.querySelectorAll("td")[5].textContent)])"""
    )
    totals: dict[str, int] = {}
    for name, value in points:
        totals[name] = totals.get(name, 0) + value
    rows = page.locator("#score-table tbody tr")
    expect(rows).to_have_count(3)
    for i in range(3):
        name = rows.nth(i).locator("th").inner_text()
        expect(rows.nth(i).locator("td").first).to_have_text(str(totals.get(name, 0)))
    # Hand 2 has begun: the own forehead is a card back again, the scoring stays on screen.
    expect(page.locator("#det-hand-info")).to_contain_text("Hand 2 of 6")
    expect(me.locator(".det-forehead .det-card-back")).to_be_attached()
    person.assert_no_console_errors()


def bet_with_the_keyboard(page: Page) -> None:
    """The prompt put the focus on the chosen board; arrows pick within a group, Tab moves on,
    Alt+Shift+B makes the bet (Enter on the button would too)."""
    expect(page.locator("#bet-board-0")).to_be_focused()
    page.keyboard.press("ArrowRight")  # Bob's board
    expect(page.locator("#bet-board-1")).to_be_checked()
    page.keyboard.press("Tab")
    expect(page.locator("#bet-chips-1")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#bet-card-nocard")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.locator("#bet-card-plus1")).to_be_checked()
    expect(page.locator("#bet-submit")).to_have_text(
        re.compile(r"Bet 1 chip on .+'s board with \+1")
    )
    page.keyboard.press("Alt+Shift+KeyB")
    expect(my_bets(page)).to_have_count(1)


def test_the_game_ends_with_its_result(server: PokerhallServer, visitor: VisitorFactory) -> None:
    """X8: after both rounds the game-over screen names the winners (one, or several for a
    shared victory) with their points; the score table holds all six hands."""
    table = detective_table(server, seats=3, bots=2)
    seat = server.api("POST", f"/api/tables/{table['id']}/seats", {"name": "Lea"})
    person = visitor("Watcher")
    page = person.page
    person.open_table(table["id"])
    server.api_with_token("POST", f"/api/tables/{table['id']}/leave", seat["token"])  # a bot plays
    expect(page.locator("#game-over")).to_be_visible(timeout=30_000)
    result = server.table(table["id"])["result"]
    names = [s["name"] for s in server.table(table["id"])["seats"]]
    winners = [names[s] for s in result["winners"]]
    best = result["scores"][result["winners"][0]]
    text = page.locator("#game-over .winner")
    if len(winners) > 1:
        expect(text).to_contain_text("Shared victory")
    for name in winners:
        expect(text).to_contain_text(name)
    expect(text).to_contain_text(f"{best} point")
    expect(page.locator("#standings tbody tr")).to_have_count(3)
    expect(page.locator("#score-table tbody tr").first.locator("td.muted")).to_have_count(0)
    expect(page.locator("#scoring")).to_have_attribute("data-hand", "6")
    person.assert_no_console_errors()


def create_detective_in_lobby(host: Visitor, name: str) -> str:
    """The lobby's create form, from the game's option specs: 4 seats, 2 instant bots."""
    page = host.page
    page.goto("/")
    expect(page.locator("#game option")).not_to_have_count(0)
    page.locator("#game").select_option("detective")
    expect(page.locator("#ruleset option")).to_have_count(2)  # detective, expert
    expect(page.locator("input#opt-expert[type=checkbox]")).not_to_be_checked()
    page.locator("#ruleset").select_option("expert")  # the ruleset's defaults apply
    expect(page.locator("#opt-expert")).to_be_checked()
    page.locator("#ruleset").select_option("detective")
    expect(page.locator("#opt-spectators_see")).to_have_count(0)  # retired (X10)
    page.locator("#table-name").fill("Detectives")
    page.locator("#seats").fill("4")
    page.locator("#bots").fill("2")
    page.locator("#bot-delay").fill("0")
    page.locator("#turn-clock-on").uncheck()
    page.locator("#create-player-name").fill(name)
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    return table_id_of(page)


def test_two_people_make_a_detective_table_in_the_lobby_and_bet(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Issue 11 item 7: made from the lobby form, filled with bots, two people in two browsers
    each bet every street of the first hand; each sees the other's forehead card, not its own.
    X10: Zoe, who opens the table without a seat (as a player's second tab would), sees no
    forehead card."""
    ann, bob, zoe = visitor("Ann"), visitor("Bob"), visitor("Zoe")
    table_id = create_detective_in_lobby(ann, "Ann")
    info = server.table(table_id)
    assert info["game"] == "detective"
    join_from_lobby_as(bob, table_id, "Bob")
    for person in (ann, bob):
        person.wait_for_game()
    zoe.open_table(table_id)
    zoe.wait_for_game()
    watched = zoe.page.locator("li.seat .det-forehead .det-card")
    expect(watched).to_have_count(4)
    expect(zoe.page.locator("li.seat .det-forehead .det-card-back")).to_have_count(4)
    bets = {"Ann": 0, "Bob": 0}
    deadline = time.monotonic() + PLAY_SECONDS
    while not all(scored_hand(p.page) >= 1 for p in (ann, bob)):
        assert time.monotonic() < deadline, ann.page.locator("#event-log").inner_text()
        moved = False
        for person in (ann, bob):
            if scored_hand(person.page) < 1 and my_turn(person.page):
                seat = int(person.page.locator("li.seat.is-me").get_attribute("data-seat") or "0")
                bet(person.page, board=(seat + 1) % 4, chips=1, card="")
                bets[person.label] += 1
                moved = True
        if not moved:
            ann.page.wait_for_timeout(50)
    assert bets == {"Ann": 4, "Bob": 4}
    for person, other in ((ann, bob), (bob, ann)):
        mine = person.page.locator("li.seat.is-me")
        seat = mine.get_attribute("data-seat")
        other_seat = other.page.locator("li.seat.is-me").get_attribute("data-seat")
        expect(mine.locator(".det-forehead .det-card-back")).to_be_attached()
        theirs = person.page.get_by_test_id(f"seat-{other_seat}").locator(".det-forehead .det-card")
        expect(theirs).not_to_have_class(re.compile("det-card-back"))
        assert seat != other_seat
        person.assert_no_console_errors()


def join_from_lobby_as(guest: Visitor, table_id: str, name: str) -> None:
    page = guest.page
    page.goto("/")
    page.get_by_test_id(f"join-{table_id}").click()
    expect(page.locator("#join-dialog")).to_be_visible()
    page.locator("#player-name").fill(name)
    page.locator("#join-submit").click()
    page.wait_for_url(f"**/table.html?id={table_id}")


def test_every_language_has_every_string(server: PokerhallServer, visitor: VisitorFactory) -> None:
    person = visitor("Lin")
    page = person.page
    page.goto("/")
    keys = page.evaluate(
        """async () => {
          const out = {};
          for (const code of ["en", "de", "cs", "el"]) {
            const module = await import(`/js/games/detective/locales/${code}.js`);
            out[code] = Object.keys(module.default).sort();
          }
          return out;
        }"""
    )
    for code in ("de", "cs", "el"):
        assert keys[code] == keys["en"], code
    assert "det.cardBack" in keys["en"]
    cards = page.evaluate(  # the cards' words: the one catalogue, the mails' too
        """async () => {
          const out = {};
          for (const code of ["en", "de", "cs", "el"]) {
            out[code] = await (await fetch(`/api/cards/words/${code}`)).json();
          }
          return out;
        }"""
    )
    for code in ("de", "cs", "el"):
        assert sorted(cards[code]) == sorted(cards["en"]), code
    assert cards["en"]["rank.queen"] == "queen"
    assert "game.detective" in keys["en"]
