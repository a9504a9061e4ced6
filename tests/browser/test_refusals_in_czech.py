"""Refusals reach the player in their language (issue 12): a seat refused at the waiting room
(a lobby error, by its code) and a move the server refuses (a catalog message of the shared
reasons) are shown in Czech on the table page.

The move is refused for real by the server: the page's outgoing move is sent with a prompt id
that is no longer current, as a second tab or a slow network would (Q2: the guess is then
written again)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PokerhallServer, VisitorFactory

CZECH = "localStorage.setItem('pokerhall.language', JSON.stringify('cs'));"
STALE_NEXT_MOVE = """(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (window.__staleNextMove) {
      const message = JSON.parse(data);
      if (message.type === "move") {
        window.__staleNextMove = false;
        message.move.prompt_id = 999999;
        data = JSON.stringify(message);
      }
    }
    return send.call(this, data);
  };
})();"""


def test_a_refused_seat_and_a_refused_move_are_shown_in_czech(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    table = server.create_table(name="Czech refusals", seats=3, bots=1)
    vera = visitor("Věra")
    vera.page.add_init_script(CZECH)
    vera.page.add_init_script(STALE_NEXT_MOVE)
    vera.open_table(table["id"])
    expect(vera.page.locator("html")).to_have_attribute("lang", "cs")
    vera.join_in_waiting_room("Věra")
    expect(vera.page.locator("#waiting-join")).to_be_hidden()

    olga = visitor("Olga")
    olga.page.add_init_script(CZECH)
    olga.open_table(table["id"])
    olga.join_in_waiting_room("VĚRA")  # taken, ignoring case
    expect(olga.page.locator("#table-error")).to_have_text(
        "Jméno VĚRA je u tohoto stolu obsazené. Zvolte prosím jiné."
    )
    olga.page.locator("#player-name").fill("Olga")
    olga.page.locator("#join-submit").click()

    vera.wait_for_game()
    page = vera.page
    assert vera.next_prompt() == "guess"
    page.evaluate("window.__staleNextMove = true")
    page.locator("#guess-input").fill("5")
    page.locator("#guess-submit").click()
    expect(page.locator("#action-error")).to_contain_text(
        "tento tah patřil k výzvě 999999, ale hra je už u výzvy"
    )
    page.locator("#guess-input").fill("5")
    page.locator("#guess-submit").click()
    expect(page.locator("#action-error")).to_have_text("")  # sent again, and taken
    vera.assert_no_console_errors()
    refused = "status of 409 (Conflict)"  # the browser logs the refused request itself
    assert [p for p in olga.problems if refused not in p] == []
