"""Hand history: each Detective Poker event described once, as a message of the game's catalog.

`describe_event` maps an event to a `Message` (a key in `messages/<lang>.json` and parameters),
built from the event alone, so a line never says more than its event. Malformed data (a record
edited by hand) still gives a line. No prose lives here; the words are in the catalogs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pokerhall.engine.events import Event, json_list, json_mapping
from pokerhall.engine.messages import Message, event_message, listing, message, nested, seat, seats
from pokerhall.games.detective.actions import MESSAGE_KEYS

STREET_KEYS = {s: f"street_name.{s}" for s in ("preflop", "flop", "turn", "river")}


def describe_event(event: Event) -> Message:
    """The hand-history message of one event (the generic one for a type it does not know)."""
    describer = _DESCRIBERS.get(event.type)
    if describer is None:
        return event_message(event)
    return describer(event.data)


def card_name(card: object) -> Any:
    """An action card's name as a nested message (its id as it is when unknown)."""
    key = MESSAGE_KEYS.get(card) if isinstance(card, str) else None
    return nested(key) if key else str(card)


def street_name(street: object) -> Any:
    key = STREET_KEYS.get(street) if isinstance(street, str) else None
    return nested(key) if key else str(street)


def category_name(category: object) -> Any:
    """A hand category ("two pair") as a nested message (`category.two_pair`)."""
    if isinstance(category, str) and category.replace(" ", "").isalpha():
        return nested("category." + category.replace(" ", "_"))
    return str(category)


def _cards(value: object) -> str:
    return " ".join(str(card) for card in json_list(value))


def _seat_key(value: object) -> object:
    return int(value) if isinstance(value, str) and value.isdigit() else value


# --- one function per event type -----------------------------------------------------------------


def _round_started(d: Mapping[str, Any]) -> Message:
    return message(
        "round_started",
        hand=d.get("round"),
        hands=d.get("hands"),
        game_round=d.get("game_round"),
        in_round=d.get("hand_in_round"),
        per_round=d.get("hands_per_round"),
        dealer=seat(d.get("dealer")),
    )


def _cards_dealt(d: Mapping[str, Any]) -> Message:
    foreheads = [
        nested("cards_dealt.forehead", name=seat(_seat_key(other)), card=str(card))
        for other, card in sorted(
            json_mapping(d.get("foreheads")).items(), key=lambda kv: str(kv[0])
        )
    ]
    return message("cards_dealt", private=str(d.get("private")), foreheads=listing(foreheads))


def _street_started(d: Mapping[str, Any]) -> Message:
    street = d.get("street")
    key = (
        f"street.{street}" if isinstance(street, str) and street in STREET_KEYS else "street.other"
    )
    discarded: Any = ""
    if json_list(d.get("discarded")):
        discarded = nested("street.discarded", cards=_cards(d.get("discarded")))
    return message(
        key,
        street=str(street),
        dealt=_cards(d.get("dealt")),
        community=_cards(d.get("community")),
        first=seat(d.get("first")),
        discarded=discarded,
    )


def _bet(d: Mapping[str, Any]) -> Message:
    own = d.get("board") == d.get("seat")
    card: Any = nested("bet.face_down") if d.get("face_down") else ""
    return message(
        "bet.own" if own else "bet",
        name=seat(d.get("seat")),
        board=seat(d.get("board")),
        count=d.get("chips"),
        card=card,
    )


def _card_placed(d: Mapping[str, Any]) -> Message:
    return message(
        "card_placed", card=card_name(d.get("card")), street=street_name(d.get("street"))
    )


def _cards_revealed(d: Mapping[str, Any]) -> Message:
    hands = [
        nested(
            "cards_revealed.hand",
            name=seat(json_mapping(h).get("seat")),
            private=str(json_mapping(h).get("private")),
            forehead=str(json_mapping(h).get("forehead")),
        )
        for h in json_list(d.get("hands"))
    ]
    placed = [
        nested(
            "cards_revealed.card",
            name=seat(json_mapping(c).get("seat")),
            card=card_name(json_mapping(c).get("card")),
            street=street_name(json_mapping(c).get("street")),
        )
        for c in json_list(d.get("cards"))
    ]
    cards: Any = nested("cards_revealed.cards", cards=listing(placed)) if placed else ""
    return message("cards_revealed", hands=listing(hands), cards=cards)


def _street_scored(d: Mapping[str, Any]) -> Message:
    best, worst = json_list(d.get("best")), json_list(d.get("worst"))
    categories = json_list(d.get("categories"))
    top = best[0] if best else None
    category = categories[top] if isinstance(top, int) and 0 <= top < len(categories) else "?"
    bets = []
    for entry in json_list(d.get("bets")):
        b = json_mapping(entry)
        card: Any = nested("street_scored.card", card=card_name(b["card"])) if b.get("card") else ""
        bets.append(
            nested("street_scored.bet", name=seat(b.get("seat")), points=b.get("points"), card=card)
        )
    return message(
        "street_scored",
        street=street_name(d.get("street")),
        best=seats(best),
        category=category_name(category),
        worst=seats(worst),
        bets=listing(bets),
    )


def _hand_scored(d: Mapping[str, Any]) -> Message:
    shares = [
        nested("hand_scored.seat", name=seat(s), points=p)
        for s, p in enumerate(json_list(d.get("points")))
    ]
    return message("hand_scored", hand=d.get("hand"), points=listing(shares))


def _game_over(d: Mapping[str, Any]) -> Message:
    winners = json_list(d.get("winners"))
    scores = json_list(d.get("scores"))
    first = winners[0] if winners else None
    best = scores[first] if isinstance(first, int) and 0 <= first < len(scores) else None
    key = "game_over.shared" if len(winners) > 1 else "game_over"
    places = json_list(d.get("places"))
    tied_on_points = [
        s
        for s, score in enumerate(scores)
        if score == best and (s >= len(places) or places[s] != 1)
    ]
    tie_break: Any = ""
    if tied_on_points and winners:
        tie_break = nested("game_over.tie_break")
    return message(key, names=seats(winners), count=best, tie_break=tie_break)


def _resigned(d: Mapping[str, Any]) -> Message:
    return message("resigned", name=seat(d.get("seat")))


_DESCRIBERS: dict[str, Callable[[Mapping[str, Any]], Message]] = {
    "round_started": _round_started,
    "cards_dealt": _cards_dealt,
    "street_started": _street_started,
    "bet": _bet,
    "card_placed": _card_placed,
    "cards_revealed": _cards_revealed,
    "street_scored": _street_scored,
    "hand_scored": _hand_scored,
    "game_over": _game_over,
    "resigned": _resigned,
}
