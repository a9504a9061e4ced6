"""X10 (docs/rules/detective.md): no connection without a seat token, a spectator, learns a
forehead card of a hand still being played, under every option and ruleset, the retired
`spectators_see` included. A spectator may be a seated player in a second tab without their
token, who would see their own forehead card.

Checked over whole random games (hypothesis) on every path a spectator gets data from: the
view after every move (the live table and the server's reconnect snapshot), every public event
(the live stream and the snapshot's recent events) and the hand history the server's history
route serves a spectator (`server.history.history_of`, seat None). A hand's forehead cards may
reach a spectator only from its `cards_revealed` event on, once it is scored; the previous
hand's summary in the view is left out of the text check, since its cards come from another
shuffle and may share a text with this hand's.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall import games
from pokerhall.engine.prompts import random_move
from pokerhall.games.detective import INFO
from pokerhall.games.detective.hand import Hand
from pokerhall.games.detective.options import RETIRED_OPTIONS
from pokerhall.games.detective.state import Detective
from pokerhall.server.tables.history import history_of


@st.composite
def table_options(draw: st.DrawFn) -> dict[str, Any]:
    """Any ruleset, any value of every option the game declares, any retired option."""
    options: dict[str, Any] = {"ruleset": draw(st.sampled_from([r.name for r in INFO.rulesets]))}
    for spec in INFO.options:
        if draw(st.booleans()):
            continue  # the ruleset's default
        if spec.kind == "bool":
            options[spec.name] = draw(st.booleans())
        else:
            assert spec.kind == "choice", spec  # a new kind of option: draw its values here
            options[spec.name] = draw(st.sampled_from(spec.choices))
    for name, values in RETIRED_OPTIONS.items():
        if draw(st.booleans()):
            options[name] = draw(st.sampled_from(values))
    return options


def quoted(hand: Hand) -> list[str]:
    """The hand's forehead cards as they would stand in JSON text."""
    return [json.dumps(card.text) for card in hand.forehead]


def check_view(game: Detective) -> None:
    view = game.view(None)
    if game.hand.phase == "done":  # the game is over: its last hand is scored
        assert game.over
        return
    assert [p["forehead"] for p in view["players"]] == [None] * game.num_seats
    assert [p["private"] for p in view["players"]] == [None] * game.num_seats
    text = json.dumps({key: value for key, value in view.items() if key != "last_hand"})
    for card in quoted(game.hand):
        assert card not in text, (card, view)


def check_stream(events: list[dict[str, Any]], hands: list[Hand]) -> None:
    """`events` as a spectator got them, in order; `hands` every hand of the game, in order."""
    current, scored = -1, True
    for event in events:
        assert event["visibility"] == "public", event
        if event["type"] == "round_started":
            current, scored = current + 1, False
        elif event["type"] == "cards_revealed":
            scored = True
        if scored:
            continue
        text = json.dumps(event)
        for card in quoted(hands[current]):
            assert card not in text, (card, event)


@settings(max_examples=40, deadline=None)
@given(table_options(), st.sampled_from([3, 4]), st.integers(0, 2**32))
def test_x10_no_spectator_view_or_event_holds_a_forehead_card_of_a_hand_in_play(
    options: dict[str, Any], players: int, seed: int
) -> None:
    game = games.create("detective", players, options, seed=seed)
    assert isinstance(game, Detective)
    rng = random.Random(seed)
    hands = [game.hand]
    check_view(game)
    while not game.over:
        seat, prompt = next(iter(game.pending().items()))
        game.act(seat, random_move(prompt, rng))
        if game.hand is not hands[-1]:
            hands.append(game.hand)
        check_view(game)
    assert len(hands) == game.total_hands
    check_stream([e.to_json() for e in game.events if e.visible_to(None)], hands)
    history = history_of(game, None, every=True)
    check_stream([e for r in history["rounds"] for e in r["events"]], hands)
