"""A table playing an uploaded pack says so to everyone who comes (issue 20, item 5): whoever
uploaded it, perhaps the creator, may know every answer. In the lobby's join dialog, in the
waiting room and at the running table, in the reader's language."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import MINI_PACK, PokerhallServer, VisitorFactory


def test_an_uploaded_pack_is_told_in_the_lobby_waiting_room_and_at_the_table(
    server: PokerhallServer, visitor: VisitorFactory
) -> None:
    pack = server.api("POST", "/api/packs", {"text": MINI_PACK.read_text(encoding="utf-8")})
    table = server.create_table(name="Upload table", seats=2, options={"questions": pack["id"]})
    plain = server.create_table(name="Plain table", seats=2)
    person = visitor("Uma", locale="cs-CZ")
    page = person.page
    page.goto("/")
    page.get_by_test_id(f"join-{table['id']}").click()
    expect(page.locator("#join-details")).to_contain_text(pack["id"])
    page.keyboard.press("Escape")
    page.get_by_test_id(f"join-{plain['id']}").click()
    expect(page.locator("#join-details")).not_to_contain_text("upload-")
    page.keyboard.press("Escape")
    person.open_table(plain["id"])
    expect(page.locator("#pack-note")).to_be_hidden()
    person.open_table(table["id"])
    note = page.locator("#pack-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("nahraná sada otázek")  # Czech: the page's language
    expect(note).to_contain_text(pack["id"])
    person.join_in_waiting_room("Uma")
    person.wait_for_game()
    expect(note).to_be_visible()  # still there once the game runs
    person.assert_no_console_errors()
