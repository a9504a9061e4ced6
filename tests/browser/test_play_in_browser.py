"""People play QuizPoker in real browsers: the lobby, the waiting room, a whole hand with
guesses, bets, hints, the answer and the showdown, the language menu, and keyboard-only play.

Every step goes through the page a person sees (ids from src/pokerhall/web/README.md); the
HTTP API only sets up tables where the set-up is not what a test is about.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from .conftest import MINI_PACK_ID, PokerhallServer, Visitor, VisitorFactory

PLAY_SECONDS = 60.0
"""A hand against instant bots takes a few seconds; this bounds a game that got stuck."""
RAISE_EXTRA = 10
"""The raise goes this far above the minimum, so the typed amount differs from the preset."""
LANGUAGES = ("de", "cs", "el")
LETTERS_OF = {"cs": re.compile("[áčďéěíňóřšťúůýž]", re.I), "el": re.compile("[\u0370-\u03ff]")}
"""Letters that only a real translation contains (German shares too much with English)."""

OBSERVE_HAND_ONE = """
(() => {
  if (!location.pathname.endsWith("/table.html")) return;
  const seen = { hints: [], answer: null };
  window.__handOne = seen;
  // What the question panel showed while hand 1 was on screen (only states a person could see:
  // observer callbacks run after each message has been drawn).
  const look = () => {
    const game = document.getElementById("game");
    if (!game || game.hidden) return;
    if (!document.querySelector('#event-log .log-hand[data-hand="1"]')) return;
    if (document.querySelector('#event-log .log-hand[data-hand="2"]')) return;
    for (const li of document.querySelectorAll("#hints li.revealed")) {
      if (!seen.hints.includes(li.textContent)) seen.hints.push(li.textContent);
    }
    const answer = document.getElementById("answer");
    if (answer.classList.contains("revealed")) seen.answer = answer.textContent;
  };
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(look).observe(document.body, {
      subtree: true, childList: true, attributes: true, characterData: true,
    });
  });
})();
"""


@dataclass
class Raise:
    by: str
    to: int


@dataclass
class Player:
    visitor: Visitor
    name: str
    guess: str = ""
    guessed: bool = False

    @property
    def page(self) -> Page:
        return self.visitor.page


def locale(page: Page, code: str) -> dict[str, Any]:
    """The UI strings of one language: the shell's locale module with QuizPoker's module's
    strings over it (the page looks a key up in the game's strings first)."""
    messages: dict[str, Any] = page.evaluate(
        """async (code) => ({
          ...(await import(`/js/locales/${code}.js`)).default,
          ...(await import(`/js/games/quizpoker/locales/${code}.js`)).default,
        })""",
        code,
    )
    return messages


def filled(message: str, **params: object) -> str:
    for name, value in params.items():
        message = message.replace("{" + name + "}", str(value))
    return message


def table_id_of(page: Page) -> str:
    return parse_qs(urlparse(page.url).query)["id"][0]


def hand_started(page: Page, number: int) -> bool:
    return page.locator(f'#event-log .log-hand[data-hand="{number}"]').count() > 0


def log_lines(page: Page, hand: int, event_type: str) -> list[str]:
    selector = f'#event-log .log-hand[data-hand="{hand}"] li[data-type="{event_type}"]'
    return page.locator(selector).all_inner_texts()


# --- the lobby -----------------------------------------------------------------------------


def create_table_in_lobby(host: Player, table_name: str) -> str:
    """Fill in the lobby's create form: 4 seats, 2 instant bots, no clock, the test pack."""
    page = host.page
    page.goto("/")
    expect(page.locator("#ruleset option")).not_to_have_count(0)  # the games have loaded
    page.locator("#ruleset").select_option("quizpoker")
    page.locator("#table-name").fill(table_name)
    page.locator("#seats").fill("4")
    page.locator("#bots").fill("2")
    page.locator("#bot-delay").fill("0")
    page.locator("#turn-clock-on").uncheck()
    expect(page.locator("#turn-clock")).to_be_disabled()
    page.locator("#advanced-options summary").click()
    page.locator("#opt-questions").fill(MINI_PACK_ID)
    expect(page.locator("#create-sit")).to_be_checked()
    page.locator("#create-player-name").fill(host.name)
    page.locator("#create-submit").click()
    page.wait_for_url("**/table.html?id=*")
    return table_id_of(page)


def join_from_lobby(guest: Player, table_id: str) -> None:
    page = guest.page
    page.goto("/")
    page.get_by_test_id(f"join-{table_id}").click()
    expect(page.locator("#join-dialog")).to_be_visible()
    page.locator("#player-name").fill(guest.name)
    page.locator("#join-submit").click()
    page.wait_for_url(f"**/table.html?id={table_id}")


# --- playing -------------------------------------------------------------------------------


def take_turn(player: Player, raises: list[Raise]) -> bool:
    """Make this player's hand-1 move if they have one: their guess, then one raise typed into the
    amount field (the first time a raise or bet is open to anyone), else check or call.
    Nobody folds, so both people reach the showdown. True when a move was sent."""
    page = player.page
    if page.locator("#actions.is-your-turn").count() == 0:
        return False
    guess_input = page.locator("#guess-input")
    if guess_input.is_visible():
        if player.guessed or not guess_input.is_enabled():
            return False  # sent (or hand 2 has begun): nothing to do here
        guess_input.fill(player.guess)
        page.locator("#guess-submit").click()
        player.guessed = True
        return True
    fold = page.locator("#act-fold")
    if not (fold.is_visible() and fold.is_enabled()):
        return False
    if not raises:
        for button in (page.locator("#act-raise"), page.locator("#act-bet")):
            if button.is_visible():
                amount = page.locator("#amount-input")
                lowest = int(amount.get_attribute("min") or "0")
                highest = int(amount.get_attribute("max") or "0")
                target = min(lowest + RAISE_EXTRA, highest)
                amount.fill(str(target))
                expect(button).to_contain_text(f"{target:,}")  # the label follows the field
                button.click()
                raises.append(Raise(player.name, target))
                return True
    for button_id in ("#act-check", "#act-call", "#act-allin"):
        button = page.locator(button_id)
        if button.is_visible():
            button.click()
            return True
    return False


def play_hand_one(players: list[Player]) -> list[Raise]:
    raises: list[Raise] = []
    deadline = time.monotonic() + PLAY_SECONDS
    while not all(hand_started(p.page, 2) for p in players):
        if time.monotonic() > deadline:
            log = players[0].page.locator("#event-log").inner_text()
            raise AssertionError(f"hand 2 did not start in {PLAY_SECONDS:.0f} s; log:\n{log}")
        moved = False
        for player in players:
            if not hand_started(player.page, 2):
                moved = take_turn(player, raises) or moved
        if not moved:
            players[0].page.wait_for_timeout(50)
    return raises


# --- the tests -----------------------------------------------------------------------------


def test_two_people_and_two_bots_play_a_hand(
    visitor: VisitorFactory, mini_questions: dict[str, dict[str, str]]
) -> None:
    ann = Player(visitor("Ann"), "Ann")
    bob = Player(visitor("Bob"), "Bob")
    players = [ann, bob]
    for player in players:
        player.visitor.context.add_init_script(OBSERVE_HAND_ONE)

    table_id = create_table_in_lobby(ann, "Browser hand")
    page = ann.page
    expect(page.locator("#waiting-room")).to_be_visible()
    expect(page.locator("#waiting-seats li")).to_have_count(4)
    expect(page.locator("#waiting-seats li.bot")).to_have_count(2)
    expect(page.locator("#waiting-seats")).to_contain_text("Ann")
    expect(page.locator("#start-now")).to_be_visible()

    join_from_lobby(bob, table_id)  # the last seat: the table starts by itself
    for player in players:
        player.visitor.wait_for_game()
        expect(player.page.locator("#waiting-room")).to_be_hidden()
        expect(player.page.locator("#hand-info")).to_contain_text("Hand 1")
        expect(player.page.locator("#seats > li")).to_have_count(4)
        expect(player.page.locator("#seats > li.is-me")).to_contain_text(player.name)

    question = page.locator("#question").inner_text()
    assert question in mini_questions, f"not a question of the test pack: {question!r}"
    entry = mini_questions[question]
    expect(bob.page.locator("#question")).to_have_text(question)
    # Both guess right: they call every bet (all-ins too), and nobody may bust before hand 2.
    ann.guess = bob.guess = entry["answer"]

    raises = play_hand_one(players)

    assert raises, "nobody got the chance to raise with the amount field in hand 1"
    raised = raises[0]
    for player in players:
        p = player.page
        expect(p.locator("#hand-info")).to_contain_text("Hand 2")
        actions = log_lines(p, 1, "action")
        wanted = re.compile(rf"^{raised.by} (raises to|bets) {raised.to:,}\b")
        assert any(wanted.search(line) for line in actions), (raised, actions)
        # Hints and the answer were read out in hand 1 ...
        hints = log_lines(p, 1, "hint")
        assert len(hints) == 2, hints
        assert entry["hint1"] in hints[0], hints
        assert entry["hint2"] in hints[1], hints
        answers = log_lines(p, 1, "answer")
        assert len(answers) == 1, answers
        assert entry["answer"] in answers[0], answers
        assert log_lines(p, 1, "showdown"), "hand 1 ended without a showdown"
        assert log_lines(p, 1, "pot_awarded"), "nobody won the pot of hand 1"
        # ... and shown in the question panel while the hand was on (the last ones only if a
        # betting round was left to play: an all-in runs the board out at once).
        seen = p.evaluate("window.__handOne")
        assert any(entry["hint1"] in text for text in seen["hints"]), seen
        all_in = any("all-in" in line for line in actions)
        if not all_in:
            assert any(entry["hint2"] in text for text in seen["hints"]), seen
            assert entry["answer"] in (seen["answer"] or ""), seen
        # The summary of the finished hand: question, answer and both guesses in reveal order.
        summary = p.locator("#summary-body")
        expect(summary.locator("h3")).to_have_text("Hand 1")
        expect(summary.locator(".summary-question")).to_have_text(question)
        expect(summary).to_contain_text(entry["answer"])
        rows = summary.locator("table.reveals tbody tr")
        expect(rows.filter(has_text="Ann")).to_have_count(1)
        expect(rows.filter(has_text="Bob")).to_have_count(1)
        expect(summary.locator("ul.awards li")).not_to_have_count(0)
        # Hand 2 asks for a new guess.
        expect(p.locator("#guess-input")).to_be_visible()
        expect(p.locator("#actions")).to_have_class(re.compile(r"\bis-your-turn\b"))

    # The language menu re-draws the running table.
    for player, code in ((bob, "de"), (ann, "el")):
        p = player.page
        messages = locale(p, code)
        p.locator("#lang-select").select_option(code)
        expect(p.locator("html")).to_have_attribute("lang", code)
        expect(p.locator("#actions-heading")).to_have_text(messages["actions.heading"])
        expect(p.locator("#act-fold")).to_have_text(messages["actions.fold"])
        expect(p.locator("#hand-info")).to_contain_text(filled(messages["question.hand"], number=2))
        expect(p.locator("#guess-submit")).to_have_text(messages["actions.guessSubmit"])
        # ... and the event log, from the game's catalog in the new language.
        started = {"de": "Runde 1 — ", "el": "Παρτίδα 1 — "}[code]
        expect(
            p.locator('#event-log .log-hand[data-hand="1"] li[data-type="round_started"]')
        ).to_have_text(re.compile(f"^{started}"))
    for player in players:
        player.visitor.assert_no_console_errors()


def static_texts(page: Page) -> list[tuple[str, str]]:
    """(key, shown text) for every data-i18n element and translated attribute of the page."""
    pairs: list[tuple[str, str]] = page.evaluate(
        """() => {
          const out = [];
          for (const el of document.querySelectorAll("[data-i18n]")) {
            out.push([el.dataset.i18n, el.textContent]);
          }
          for (const el of document.querySelectorAll("[data-i18n-attr]")) {
            for (const pair of el.dataset.i18nAttr.split(";")) {
              const [attr, key] = pair.split(":").map((s) => s.trim());
              out.push([key, el.getAttribute(attr)]);
            }
          }
          return out;
        }"""
    )
    return [(key, text) for key, text in pairs]


def test_language_menu_translates_the_lobby_and_sets_html_lang(visitor: VisitorFactory) -> None:
    person = visitor("Lena")
    page = person.page
    page.goto("/")
    expect(page.locator("#ruleset option")).not_to_have_count(0)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    english = locale(page, "en")
    english_texts = dict(static_texts(page))
    english_hint = page.locator("#ruleset-hint").inner_text()
    english_placeholder = page.locator("#table-name").get_attribute("placeholder")
    assert english_texts["create.submit"] == english["create.submit"]

    for code in LANGUAGES:
        messages = locale(page, code)
        page.locator("#lang-select").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.locator("#create-submit")).to_have_text(messages["create.submit"])
        expect(page).to_have_title(messages["lobby.pageTitle"])
        shown = static_texts(page)
        wrong = [
            (key, text, messages.get(key, english[key]))
            for key, text in shown
            if isinstance(messages.get(key, english[key]), str)
            and "{" not in messages.get(key, english[key])
            and text != messages.get(key, english[key])
        ]
        assert not wrong, f"{code}: texts not translated (key, shown, expected): {wrong}"
        translated = [key for key, text in shown if text != english_texts.get(key)]
        assert len(translated) > len(shown) / 2, f"{code}: most texts are still English"
        if code in LETTERS_OF:
            assert LETTERS_OF[code].search(page.locator("main").inner_text()), code
        # Texts drawn by the scripts follow too (the ruleset description, the select options).
        expect(page.locator("#ruleset-hint")).not_to_have_text(english_hint)
        name = page.locator("#table-name")
        expect(name).not_to_have_attribute("placeholder", english_placeholder or "")
        default_name = messages.get("create.defaultName", english["create.defaultName"])
        assert name.get_attribute("placeholder", timeout=1000).startswith(
            default_name.split("{")[0]
        )
        novice = messages.get("botKind.novice", english["botKind.novice"])
        expect(page.locator("#bot-kind option").first).to_have_text(novice)  # weakest level first

    page.reload()  # the choice is remembered
    expect(page.locator("html")).to_have_attribute("lang", LANGUAGES[-1])
    expect(page.locator("#lang-select")).to_have_value(LANGUAGES[-1])
    person.english()
    expect(page.locator("#create-submit")).to_have_text(english["create.submit"])
    person.assert_no_console_errors()


def tab_to(page: Page, element_id: str, limit: int = 40) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
    raise AssertionError(f"#{element_id} cannot be reached with Tab ({limit} presses)")


def test_keyboard_only_guess_and_check_or_call(
    server: PokerhallServer, visitor: VisitorFactory, mini_questions: dict[str, dict[str, str]]
) -> None:
    """Join, guess, and check or call with the keyboard alone: Tab and Enter, the focus moving
    to each new prompt by itself, Alt+Shift+M (go to your move) and Alt+Shift+C (check/call)."""
    table = server.create_table(name="Keyboard table", seats=3, bots=2)
    kim = visitor("Kim")
    page = kim.page
    kim.open_table(table["id"])
    expect(page.locator("#waiting-join")).to_be_visible()

    tab_to(page, "player-name")
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")  # the last seat: the game starts
    kim.wait_for_game()

    my_moves = page.locator('#event-log li[data-type="action"]').filter(
        has_text=re.compile(r"^Kim (checks|calls)")
    )
    guesses = 0
    checks_or_calls = 0
    deadline = time.monotonic() + PLAY_SECONDS
    while checks_or_calls < 2:
        assert time.monotonic() < deadline, "no check or call prompt came in time"
        if kim.next_prompt() == "guess":
            expect(page.locator("#guess-input")).to_be_focused()
            if guesses == 0:
                page.keyboard.press("Tab")
                expect(page.locator("#guess-sign")).to_be_focused()
                page.keyboard.press("Alt+Shift+KeyM")  # back to the move
                expect(page.locator("#guess-input")).to_be_focused()
            answer = mini_questions[page.locator("#question").inner_text()]["answer"]
            page.keyboard.type(answer)
            page.keyboard.press("Enter")
            expect(page.locator("#your-status")).to_contain_text(answer)
            guesses += 1
            continue
        expect(page.locator("#act-check:focus, #act-call:focus")).to_have_count(1)
        done = my_moves.count()
        if checks_or_calls == 0:
            page.keyboard.press("Enter")  # on the focused check or call button
        else:
            page.keyboard.press("Alt+Shift+KeyC")
        expect(my_moves).to_have_count(done + 1)
        checks_or_calls += 1
    assert guesses >= 1
    kim.assert_no_console_errors()


def test_raise_button_names_only_a_legal_amount(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Q4: the bet or raise button names the amount it would send only while the rules allow
    it; a typed amount above the stack leaves it unnumbered next to the reason, and the legal
    amount typed next is named again."""
    table = server.create_table(name="Raise label table", seats=2, bots=1)
    kim = visitor("Kim")
    page = kim.page
    kim.open_table(table["id"])
    kim.join_in_waiting_room("Kim")
    kim.wait_for_game()
    kim.english()
    deadline = time.monotonic() + PLAY_SECONDS
    while True:
        assert time.monotonic() < deadline, "no bet or raise was open to Kim in time"
        if kim.next_prompt() == "guess":
            page.locator("#guess-input").fill("1")
            page.locator("#guess-submit").click()
            continue  # next_prompt waits for the next move asked of Kim
        button = page.locator("#act-raise:visible, #act-bet:visible")
        if button.count():
            break
        page.locator("#act-check:visible, #act-call:visible").first.click()
    amount = page.locator("#amount-input")
    highest = int(amount.get_attribute("max") or "0")
    amount.fill(str(highest * 5))
    expect(button).to_have_text(re.compile(r"^(Raise|Bet)$"))
    expect(button).not_to_contain_text(f"{highest * 5:,}")
    amount.fill(str(highest))
    expect(button).to_contain_text(f"{highest:,}")


SIDE_POTS = """async (pots) => {
  const { renderPot } = await import("/js/games/quizpoker/seats.js");
  const player = (seat, name, allIn) => ({ seat, name, all_in: allIn, in_hand: true });
  renderPot({ view: {
    ruleset: "quizpoker",
    players: [player(0, "Ann", true), player(1, "Bob", false), player(2, "Cy", false)],
    hand: { pot: pots.reduce((sum, pot) => sum + pot.amount, 0), pots },
  } });
  const list = document.getElementById("side-pots");
  return list.hidden ? null : [...list.querySelectorAll("li")].map((li) => li.textContent);
}"""


def test_q9_side_pots_list_only_pots_more_than_one_player_can_win(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """Q9: Ann is all-in for 100 and Bob's raise to 300 is not called yet, so the 200 above Ann
    is Bob's own uncalled bet: no side pot is shown. Once Cy calls, it is a side pot."""
    table = server.create_table(name="Side pot table", seats=2, bots=1)
    kim = visitor("Kim")
    kim.open_table(table["id"])
    kim.join_in_waiting_room("Kim")
    kim.wait_for_game()
    kim.english()
    main = {"amount": 200, "eligible": [0, 1]}
    uncalled = kim.page.evaluate(SIDE_POTS, [main, {"amount": 200, "eligible": [1]}])
    assert uncalled is None
    called = kim.page.evaluate(
        SIDE_POTS, [{"amount": 300, "eligible": [0, 1, 2]}, {"amount": 400, "eligible": [1, 2]}]
    )
    assert called == ["Main pot: 300 — Ann, Bob, and Cy", "Side pot 1: 400 — Bob and Cy"]


def test_link_copied_notice_follows_the_language_and_goes_away(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    """ "Link copied." is said in the language shown, also after a switch, and clears itself."""
    table = server.create_table(name="Invite table", seats=3, bots=1)
    lena = visitor("Lena")
    page = lena.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    lena.open_table(table["id"])
    lena.english()
    # The test server listens on 127.0.0.1 only, so the waiting room says friends cannot join.
    expect(page.locator("#share-note")).to_have_text(locale(page, "en")["waiting.localOnly"])
    expect(page.locator("#share-link")).to_have_value(page.url)
    # Listening on every interface, a page opened at 127.0.0.1 invites to the network address.
    lan = page.evaluate(
        """async () => (await import("/js/render-waiting.js")).inviteLink(
          { local_only: false, addresses: ["192.168.1.20"] })"""
    )
    assert lan == page.url.replace("127.0.0.1", "192.168.1.20")
    notice = page.locator("#table-notice")
    page.locator("#copy-link").click()
    expect(notice).to_have_text(locale(page, "en")["waiting.copied"])
    page.locator("#lang-select").select_option("cs")
    expect(notice).to_have_text(locale(page, "cs")["waiting.copied"])
    expect(notice).to_have_text("", timeout=10_000)
    lena.assert_no_console_errors()


def test_an_open_lobby_shows_new_tables_and_seats_without_asking(
    visitor: VisitorFactory, server: PokerhallServer
) -> None:
    """The server pushes the list to open lobbies (`/ws/lobby`): a table opened elsewhere and
    a seat taken there appear without a refresh, and the page never polls for the list."""
    person = visitor("Mira")
    page = person.page
    listed: list[str] = []
    page.on("request", lambda r: listed.append(r.url) if "/api/tables" in r.url else None)
    page.goto("/")
    expect(page.locator("#ruleset option")).not_to_have_count(0)
    table = server.create_table(name="Pushed table", seats=3, bots=0)
    card = page.get_by_test_id(f"table-{table['id']}")
    expect(card).to_contain_text("Pushed table")
    server.api("POST", f"/api/tables/{table['id']}/seats", {"name": "Kuba"})
    expect(card).to_contain_text("Kuba")
    assert len(listed) == 1, listed  # the first list only; every later one was pushed
    assert person.problems == []


LEGAL_OF = """async (prompt) => {
  const { legalOf } = await import("/js/games/quizpoker/amounts.js");
  return legalOf(prompt).call_all_in;
}"""


def test_q4_a_call_of_every_chip_is_offered_as_the_all_in_only(visitor: VisitorFactory) -> None:
    """Q4, issue 21: facing a bet of 200 with 195 chips, "Call 195" would be the same move as
    "All-in (195)": only the all-in is shown. With chips to spare both are."""
    page = visitor("Cal").page
    page.goto("/")
    fold = {"type": "fold", "params": {}}
    short = {"type": "bet", "current_bet": 200, "moves": [
        fold, {"type": "call", "params": {}, "amount": 195},
        {"type": "all_in", "params": {}, "to": 195},
    ]}  # fmt: skip
    deep = {"type": "bet", "current_bet": 200, "moves": [
        fold, {"type": "call", "params": {}, "amount": 180},
        {"type": "all_in", "params": {}, "to": 900},
    ]}  # fmt: skip
    assert page.evaluate(LEGAL_OF, short) is True
    assert page.evaluate(LEGAL_OF, deep) is False
