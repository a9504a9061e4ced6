"""Hand history: each Palace Poker event described once, as a message of the game's catalog.

`describe_event` maps an event to a `Message` (a key in `messages/<lang>.json` and parameters),
built from the event alone, so a line never says more than its event and whoever may see the
event may read it. Cards stay in their text form ("Ah", "Td"), the same in every language. No
prose lives here; the words are in the catalogs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pokerhall.engine.events import Event, json_list, json_mapping
from pokerhall.engine.messages import (
    Message,
    amount,
    event_message,
    listing,
    message,
    nested,
    seat,
    seats,
)


def describe_event(event: Event) -> Message:
    """The hand-history message of one event (the generic one for a type it does not know)."""
    describer = _DESCRIBERS.get(event.type)
    if describer is None:
        return event_message(event)
    return describer(event.data)


def _cards(value: object) -> dict[str, Any]:
    """A list of card texts as one parameter ("Ah, Td"); "—" when there are none."""
    cards = [str(c) for c in json_list(value)]
    return listing(cards) if cards else nested("no_cards")


def _seat_number(value: object) -> object:
    return int(value) if isinstance(value, str) and value.isdigit() else value


def _category(value: object) -> dict[str, Any]:
    return nested("category." + str(value).replace(" ", "_"))


def _all_in(data: Mapping[str, Any]) -> Any:
    return nested("all_in") if data.get("all_in") else ""


def _dealer_draw(d: Mapping[str, Any]) -> Message:
    drawn = [
        nested("card_of", name=seat(item.get("seat")), card=str(item.get("card")))
        for item in map(json_mapping, json_list(d.get("cards")))
    ]
    return message("dealer_draw", draw=d.get("draw"), cards=listing(drawn))


def _round_started(d: Mapping[str, Any]) -> Message:
    return message(
        "round_started",
        hand=d.get("round"),
        name=seat(d.get("dealer")),
        small=amount(d.get("small_bet")),
        big=amount(d.get("big_bet")),
        ante=amount(d.get("ante")),
    )


def _banner_card(d: Mapping[str, Any]) -> Message:
    key = "banner_card.kept" if d.get("kept") else "banner_card.rejected"
    return message(key, name=seat(d.get("seat")), card=str(d.get("card")))


def _battle_action(d: Mapping[str, Any]) -> Message:
    action = d.get("action")
    key = (
        f"battle_action.{action}" if action in ("fold", "call", "raise") else "battle_action.other"
    )
    return message(
        key,
        name=seat(d.get("seat")),
        amount=amount(d.get("added")),
        all_in=_all_in(d),
        action=str(action),
    )


def _hand_line(item: Mapping[str, Any], rank_key: str) -> dict[str, Any]:
    return nested(
        "hand_of",
        name=seat(item.get("seat")),
        cards=_cards(item.get("palace")),
        category=_category(item.get(rank_key)),
    )


def _battle_hand_line(item: Mapping[str, Any]) -> dict[str, Any]:
    """P10: a fighter's palace, what its hand counts as, and the cards that did not count
    (those of the opponent's banner suit)."""
    left_out = json_list(item.get("left_out"))
    return nested(
        "battle_hand_of",
        name=seat(item.get("seat")),
        cards=_cards(item.get("palace")),
        category=_category(item.get("counts")),
        left_out=nested("left_out", cards=_cards(left_out)) if left_out else "",
    )


def _battle_won(d: Mapping[str, Any]) -> Message:
    """P10, P13: who won and how the battle ended; a called battle's hands are not named here
    (only the fighters' own events show what they saw)."""
    how = d.get("how")
    key = f"battle_won.{how}" if how in ("fold", "claimed", "conceded") else "battle_won.fold"
    return message(
        key, winner=seat(d.get("winner")), loser=seat(d.get("loser")), cards=_cards(d.get("taken"))
    )


def _verdict(d: Mapping[str, Any]) -> dict[str, Any]:
    how = d.get("how")
    if how == "tie" or d.get("winner") is None:
        return nested("verdict.tie")
    key = "verdict.banner_suit" if how == "banner_suit" else "verdict.hand"
    return nested(key, winner=seat(d.get("winner")))


def _battle_seen(key: str) -> Callable[[Mapping[str, Any]], Message]:
    """P13: what one fighter saw of a called battle: `battle_examined` (the caller, shown the
    other fighter's palace) or `battle_confirmed` (the other fighter, shown the caller's palace
    because it claims the win or the tie)."""

    def describe(d: Mapping[str, Any]) -> Message:
        return message(
            key,
            caller=seat(d.get("caller")),
            other=seat(d.get("other")),
            hands=listing([_battle_hand_line(json_mapping(h)) for h in json_list(d.get("hands"))]),
            verdict=_verdict(d),
        )

    return describe


def _soldiers_let_go(d: Mapping[str, Any]) -> Message:
    if not json_list(d.get("cards")):
        return message("soldiers_kept", name=seat(d.get("seat")), count=d.get("left"))
    return message(
        "soldiers_let_go",
        name=seat(d.get("seat")),
        cards=_cards(d.get("cards")),
        count=d.get("left"),
    )


def _pot_awarded(d: Mapping[str, Any]) -> Message:
    shares = {_seat_number(s): c for s, c in json_mapping(d.get("shares")).items()}
    why = d.get("why")
    reason = nested(
        f"why.{why}" if why in ("last", "showdown", "tie", "same_suit") else "why.other"
    )
    if len(shares) == 1:
        ((only, chips),) = shares.items()
        return message("pot_awarded.one", name=seat(only), amount=amount(chips), why=reason)
    parts = [nested("share", name=seat(s), amount=amount(c)) for s, c in shares.items()]
    return message(
        "pot_awarded.split",
        names=seats(list(shares)),
        amount=amount(d.get("amount")),
        parts=listing(parts),
        why=reason,
    )


_DESCRIBERS: dict[str, Callable[[Mapping[str, Any]], Message]] = {
    "dealer_draw": _dealer_draw,
    "first_dealer": lambda d: message(
        "first_dealer", name=seat(d.get("seat")), draws=d.get("draws")
    ),
    "round_started": _round_started,
    "antes": lambda d: message("antes", pot=amount(d.get("pot"))),
    "banner_card": _banner_card,
    "banners_reshuffled": lambda d: message("banners_reshuffled", count=d.get("cards")),
    "palace_dealt": lambda d: message("palace_dealt", stock=d.get("stock")),
    "palace_cards": lambda d: message(
        "palace_cards", name=seat(d.get("seat")), cards=_cards(d.get("cards"))
    ),
    "bought": lambda d: message(
        "bought", name=seat(d.get("seat")), card=str(d.get("card")), amount=amount(d.get("paid"))
    ),
    "stock_reshuffled": lambda d: message("stock_reshuffled", count=d.get("cards")),
    "discarded": lambda d: message(
        "discarded",
        name=seat(d.get("seat")),
        cards=_cards(d.get("cards")),
        amount=amount(d.get("paid")),
    ),
    "battle": lambda d: message(
        "battle",
        name=seat(d.get("attacker")),
        target=seat(d.get("defender")),
        amount=amount(d.get("bet")),
        all_in=_all_in(d),
    ),
    "battle_action": _battle_action,
    "battle_examined": _battle_seen("battle_examined"),
    "battle_confirmed": _battle_seen("battle_confirmed"),
    "battle_won": _battle_won,
    "battle_tied": lambda d: message(
        "battle_tied.split" if d.get("split") else "battle_tied.out",
        names=seats(json_list(d.get("seats"))),
    ),
    "soldiers_let_go": _soldiers_let_go,
    "stayed": lambda d: message("stayed", name=seat(d.get("seat"))),
    "folded": lambda d: message("folded", name=seat(d.get("seat"))),
    "same_suit": lambda d: message("same_suit", names=seats(json_list(d.get("seats")))),
    "showdown": lambda d: message(
        "showdown",
        hands=listing([_hand_line(json_mapping(h), "category") for h in json_list(d.get("hands"))]),
    ),
    "pot_awarded": _pot_awarded,
    "eliminated": lambda d: message("eliminated", name=seat(d.get("seat"))),
    "left": lambda d: message("left", name=seat(d.get("seat")), amount=amount(d.get("chips"))),
    "resigned": lambda d: message("resigned", name=seat(d.get("seat"))),
    "game_over": lambda d: message(
        "game_over", names=seats(json_list(d.get("winners"))), count=d.get("rounds")
    ),
}
