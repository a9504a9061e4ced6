"""Checks that a client was never told a secret it may not know (Q2, QP3, DU2, DU6).

The secrets come from the match record, which holds every guess: a seat's guess in a hand may
reach another seat (or a spectator) only in or after the message that shows it (`guess_shown`).
The game master's card reaches only the game master. Both the events and the views are checked,
structurally and, for guesses no other data contains, as raw text.
"""

from __future__ import annotations

import re
from typing import Any

from pokerhall import games
from pokerhall.engine import MatchRecord
from pokerhall.server.store.db import Database
from pokerhall.server.tables.hall import Hall

from .wsclient import TableClient

Secrets = dict[tuple[int, int], str]
"""(hand number, seat) -> the guess as written."""


async def full_record(db_url: str, table_id: str) -> dict[str, Any]:
    """The operator's full record of a table, read from the database (the public record at
    /api/tables/{id}/record leaves out the guesses nobody was shown, the very secrets the
    secrecy checks look for)."""
    db = Database(db_url)
    try:
        return (await Hall(db).book.record(table_id)).to_json()
    finally:
        await db.close()


def guesses_by_hand(record_json: dict[str, Any]) -> Secrets:
    """Every guess of the match, by hand, found by replaying the record."""
    record = MatchRecord.from_json(record_json)
    hand = 1
    secrets: Secrets = {}

    def on_move(seat: int, move: dict[str, Any], events: list[Any]) -> None:
        nonlocal hand
        if move["type"] == "guess":
            secrets[(hand, seat)] = str(move["value"])
        for event in events:
            if event.type == "round_started":
                hand = event.data["round"]

    games.replay(record, on_move)
    return secrets


def assert_told_no_secrets(client: TableClient, secrets: Secrets, *, unique_above: int) -> None:
    """Walk the client's messages in order and fail at the first secret it was told too early.

    Guesses above `unique_above` are the tests' own recognisable numbers; they are also looked
    for as raw text, so a secret cannot slip out under a field name nobody thought of.
    """
    own = client.seat
    hand = 0
    shown: set[tuple[int, int]] = set()
    for index, (text, message) in enumerate(zip(client.texts, client.messages, strict=True)):
        where = f"message {index} ({message['type']}) to seat {own}"
        for event in message.get("events", []):
            if event["type"] == "round_started":
                hand = event["round"]
            elif event["type"] == "guess_shown":
                shown.add((hand, event["seat"]))
            _check_event(event, own, where)
        view = message.get("view")
        if view is not None:
            _check_view(view, own, shown, where)
        for (guess_hand, seat), value in secrets.items():
            hidden = seat != own and (guess_hand, seat) not in shown
            if hidden and _is_unique(value, unique_above):
                pattern = rf"(?<![0-9A-Za-z.]){re.escape(value)}(?![0-9A-Za-z.])"
                assert not re.search(pattern, text), (
                    f"{where}: holds the guess {value} of seat {seat} in hand {guess_hand}"
                    " before it was shown"
                )


def _is_unique(value: str, above: int) -> bool:
    return value.isdigit() and int(value) > above


def _check_event(event: dict[str, Any], own: int | None, where: str) -> None:
    visibility = event["visibility"]
    if visibility != "public":
        assert own in (visibility if own is not None else []), f"{where}: private event {event}"
    if event["type"] == "guess_recorded":
        assert event["seat"] == own, f"{where}: another seat's guess {event}"


def _check_view(
    view: dict[str, Any], own: int | None, shown: set[tuple[int, int]], where: str
) -> None:
    hand = view["hand"]
    assert view["seat"] == own, f"{where}: a view for seat {view['seat']}"
    if own is None:
        assert "you" not in view, f"{where}: a spectator's view has 'you'"
    if "card" in hand:  # DU2: only the game master holds the card
        assert own is not None, f"{where}: a spectator got the card"
        assert hand["game_master"] == own, f"{where}: the card leaked"
    for player in view["players"]:
        seat = player["seat"]
        if seat != own and player["guess"] is not None:
            assert (hand["number"], seat) in shown, f"{where}: seat {seat}'s guess in the view"
