"""The browser's renderer (web/js/messages.js) says exactly what the server's
(engine/messages.py) says: the same catalogs, parameters, numbers, plurals and fallbacks."""

from __future__ import annotations

from typing import Any

from pokerhall import games
from pokerhall.engine.events import Event
from pokerhall.engine.messages import (
    LANGUAGES,
    Message,
    amount,
    listing,
    load_catalog,
    message,
    nested,
    number,
    render,
    seat,
    seats,
)
from pokerhall.games.quizpoker.history import describe_event

from .conftest import VisitorFactory

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
RENDER = """async ([cases, names]) => {
  const { renderMessage } = await import("/js/messages.js");
  return cases.map(([message, catalog, lang]) => renderMessage(message, catalog, names, lang));
}"""


def quizpoker_messages() -> list[Message]:
    """The messages of a whole seeded game, and of events with odd or tricky data."""
    state = games.create("quizpoker", PLAYERS, {"starting_stack": 300}, seed=4)
    for _ in range(5000):
        if state.over:
            break
        seat_, prompt = min(state.pending().items())
        move = state.default_move(seat_)
        if prompt["type"] == "guess":  # guesses with decimals, some long enough to group
            move = {"type": "guess", "value": str(10000 * seat_ + 3.25)}
        state.act(seat_, move)
    found = [state.describe(event) for event in state.events]
    odd = [
        Event.public("pot_awarded", pot=1, amount=31, shares={"0": 16, "1": 15}, carried=12000),
        Event.public("round_ended", round=2, pots=[{"amount": 1500, "eligible": [0, 1, 2]}] * 2),
        Event.public("game_over", winners=[9], scores=[], rounds=3),
        Event.public("guess_shown", seat="x", value="-3821000.5", distance="0.00"),
        Event.public("something_new", x=[1, {"b": None, "a": True}]),
    ]
    return [m for m in found if m is not None] + [describe_event(e) for e in odd]


def odd_messages() -> list[Message]:
    return [
        message("missing", name=seat(1), n=2.5, flag=True, none=None),
        message("game_over", count=amount(2), names=seats([0, 7, "z"]), held=""),
        message("pot.share", name=seat(3), amount=number("1234567.125")),
        message("hint", number=listing([1, amount(20000), nested("all_in")]), text={"odd": [1]}),
        {"key": 3},  # type: ignore[typeddict-item]
    ]


def test_the_browser_renders_every_message_as_the_server_does(visitor: VisitorFactory) -> None:
    page = visitor("Reader").page
    page.goto("/")
    folder = games.messages_folder("quizpoker")
    cases: list[tuple[Any, Any, str]] = []
    for lang in LANGUAGES:
        catalog = dict(load_catalog(folder, lang))
        cases += [(m, catalog, lang) for m in quizpoker_messages() + odd_messages()]
    expected = [render(m, catalog, PLAYERS, lang) for m, catalog, lang in cases]
    assert page.evaluate(RENDER, [cases, PLAYERS]) == expected
