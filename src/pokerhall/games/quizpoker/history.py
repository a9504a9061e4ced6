"""Hand history: each QuizPoker event described once, as a message of the game's catalog.

`describe_event` maps an event to a `Message` (a key in `messages/<lang>.json` and parameters);
the terminal game, `pokerhall replay` and the table page render it in their reader's language
(`engine.messages.render`, `web/js/messages.js`). The message is built from the event alone:
whoever may see an event may read its line, and a line never says more than its event. No prose
lives here; the words are in the catalogs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from pokerhall.engine.events import Event, json_list, json_mapping
from pokerhall.engine.messages import (
    DEFAULT_LANGUAGE,
    Message,
    amount,
    event_message,
    format_number,
    listing,
    message,
    nested,
    number,
    seat,
    seats,
)

_AFTER = {"guesses": "after.guesses", "hint 1": "after.hint1", "hint 2": "after.hint2"}
_AFTER["answer"] = "after.answer"
"""`betting_round.after` values and the catalog keys that say them."""


def describe_event(event: Event) -> Message:
    """The hand-history message of one event (a generic one for an event type it does not know)."""
    describer = _DESCRIBERS.get(event.type)
    if describer is None:
        return event_message(event)
    return describer(event)


def chips(value: object) -> str:
    """An amount of chips with thousands separators, as the terminal shows it: 1,200."""
    return format_number(value, DEFAULT_LANGUAGE)


def describe_award(award: Mapping[str, Any]) -> Message:
    """The message of one pot award (a `pot_awarded` event's data, also kept in the views)."""
    pot = award.get("pot")
    side = "side" if pot != 0 else "main"
    carried_chips = award.get("carried") or 0
    carried: Any = nested("pot.carried", amount=amount(carried_chips)) if carried_chips else ""
    shares = {_seat_number(s): share for s, share in json_mapping(award.get("shares")).items()}
    if not shares:
        return message(f"pot.stays_{side}", index=pot, amount=amount(award.get("amount")))
    winners = sorted(shares, key=_seat_order)
    if len(winners) == 1:
        only = winners[0]
        return message(
            f"pot.wins_{side}",
            name=seat(only),
            amount=amount(shares[only]),
            index=pot,
            carried=carried,
        )
    if all(shares[s] == shares[winners[0]] for s in winners):
        return message(
            f"pot.split_each_{side}",
            names=seats(winners),
            index=pot,
            amount=amount(shares[winners[0]]),
            carried=carried,
        )
    parts = [nested("pot.share", name=seat(s), amount=amount(shares[s])) for s in winners]
    return message(
        f"pot.split_{side}", names=seats(winners), index=pot, parts=listing(parts), carried=carried
    )


# --- small helpers ---------------------------------------------------------------------------


def _seat_number(value: object) -> object:
    """Seats in JSON object keys are strings ("0"); a seat param wants the number."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def _seat_order(value: object) -> tuple[bool, int, str]:
    """Seats by number; anything else a malformed event carries after them."""
    if isinstance(value, int):
        return (False, value, "")
    return (True, 0, str(value))


def _all_in(data: Mapping[str, Any]) -> Any:
    return nested("all_in") if data.get("all_in") else ""


def _is_zero(value: object) -> bool:
    try:
        return Decimal(str(value)) == 0
    except InvalidOperation:
        return False


# --- one function per event type -------------------------------------------------------------


def _round_started(event: Event) -> Message:
    d = event.data
    blinds = json_mapping(d.get("blinds"))
    if d.get("game_master") is not None:
        role = nested("role.game_master", name=seat(d["game_master"]))
    else:
        role = nested("role.button", name=seat(d.get("button")))
    no_small: Any = ""
    if "small_blind" in d and d["small_blind"] is None:
        no_small = nested("no_small_blind")
    carry: Any = nested("carry_in", amount=amount(d["carry"])) if d.get("carry") else ""
    return message(
        "round_started",
        hand=d.get("round"),
        role=role,
        small=amount(blinds.get("small")),
        big=amount(blinds.get("big")),
        no_small_blind=no_small,
        carry=carry,
    )


def _blind_posted(event: Event) -> Message:
    d = event.data
    key = "blind.small" if d.get("blind") == "small" else "blind.big"
    return message(key, name=seat(d.get("seat")), amount=amount(d.get("amount")), all_in=_all_in(d))


def _question(event: Event) -> Message:
    d = event.data
    topic, as_of = d.get("topic"), d.get("as_of")  # DU10: facts change, so the date is told
    about: Any = ""
    if topic and as_of:
        about = nested("question.topic_as_of", topic=str(topic), date=str(as_of))
    elif topic:
        about = nested("question.topic", topic=str(topic))
    elif as_of:
        about = nested("question.as_of", date=str(as_of))
    unit: Any = nested("question.unit", unit=str(d["unit"])) if d.get("unit") else ""
    return message("question", about=about, text=str(d.get("text")), unit=unit)


def _game_master_card(event: Event) -> Message:
    d = event.data
    card = {
        "hint1": str(d.get("hint1")),
        "hint2": str(d.get("hint2")),
        "answer": number(d.get("answer")),
    }
    if event.to and len(event.to) == 1:
        return message("game_master_card", name=seat(min(event.to)), **card)
    return message("game_master_card.anyone", **card)


def _guess_recorded(event: Event) -> Message:
    d = event.data
    return message("guess_recorded", name=seat(d.get("seat")), value=number(d.get("value")))


def _guesses_complete(event: Event) -> Message:
    return message("guesses_complete")


def _action(event: Event) -> Message:
    d = event.data
    who, kind = seat(d.get("seat")), d.get("action")
    if kind in ("fold", "check"):
        return message(f"action.{kind}", name=who)
    if kind == "call":
        return message("action.call", name=who, amount=amount(d.get("added")), all_in=_all_in(d))
    if kind in ("bet", "raise"):
        return message(f"action.{kind}", name=who, amount=amount(d.get("to")), all_in=_all_in(d))
    if kind == "all_in":
        return message("action.all_in", name=who, amount=amount(d.get("to")))
    return message("action.other", name=who, action=str(kind))


def _betting_round(event: Event) -> Message:
    after = str(event.data.get("after"))
    key = _AFTER.get(after)
    said = nested(key) if key else nested("after.other", what=after)
    return message("betting_round", round=event.data.get("round"), after=said)


def _uncalled_returned(event: Event) -> Message:
    d = event.data
    return message("uncalled_returned", name=seat(d.get("seat")), amount=amount(d.get("amount")))


def _round_ended(event: Event) -> Message:
    pots = [pot for pot in json_list(event.data.get("pots")) if isinstance(pot, Mapping)]
    number_ = event.data.get("round")
    if not pots:
        return message("round_ended", round=number_)
    if len(pots) == 1:
        return message("round_ended.pot", round=number_, amount=amount(pots[0].get("amount")))
    parts = [
        nested(
            "pot.main_part" if index == 0 else "pot.side_part",
            index=index,
            amount=amount(pot.get("amount")),
            names=seats(json_list(pot.get("eligible"))),
        )
        for index, pot in enumerate(pots)
    ]
    return message("round_ended.pots", round=number_, pots=listing(parts))


def _hint(event: Event) -> Message:
    return message("hint", number=event.data.get("number"), text=str(event.data.get("text")))


def _answer(event: Event) -> Message:
    d = event.data
    value: Any = number(d.get("value"))
    if d.get("unit"):
        value = nested("answer.with_unit", value=value, unit=str(d["unit"]))
    source: Any = nested("answer.source", source=str(d["source"])) if d.get("source") else ""
    return message("answer", value=value, source=source)


def _showdown(event: Event) -> Message:
    order = json_list(event.data.get("order"))
    if not order:
        return message("showdown")
    if len(order) == 1:
        return message("showdown.one", name=seat(order[0]))
    return message("showdown.order", name=seat(order[0]), rest=seats(order[1:]))


def _guess_shown(event: Event) -> Message:
    d = event.data
    who, value = seat(d.get("seat")), number(d.get("value"))
    if _is_zero(d.get("distance")):
        return message("guess_shown.exact", name=who, value=value)
    return message("guess_shown", name=who, value=value, distance=number(d.get("distance")))


def _guess_stays_hidden(event: Event) -> Message:
    return message("guess_stays_hidden", name=seat(event.data.get("seat")))


def _pot_awarded(event: Event) -> Message:
    return describe_award(event.data)


def _eliminated(event: Event) -> Message:
    d = event.data
    return message("eliminated", name=seat(d.get("seat")), hand=d.get("hand"))


def _resigned(event: Event) -> Message:
    return message("resigned", name=seat(event.data.get("seat")))


def _game_over(event: Event) -> Message:
    """The result shape (`winners`, `scores`, `rounds`); `winner`, `stacks`, `hands` before it."""
    d = event.data
    if "winners" in d:
        winners = json_list(d["winners"])
    else:
        winners = [d["winner"]] if d.get("winner") is not None else []
    scores = json_list(d.get("scores", d.get("stacks")))
    rounds = d.get("rounds", d.get("hands"))
    held: Any = ""
    if len(winners) == 1 and isinstance(winners[0], int) and 0 <= winners[0] < len(scores):
        held = nested("game_over.held", amount=amount(scores[winners[0]]))
    return message("game_over", count=rounds, names=seats(winners), held=held)


_DESCRIBERS: dict[str, Callable[[Event], Message]] = {
    "round_started": _round_started,
    "blind_posted": _blind_posted,
    "question": _question,
    "game_master_card": _game_master_card,
    "guess_recorded": _guess_recorded,
    "guesses_complete": _guesses_complete,
    "action": _action,
    "betting_round": _betting_round,
    "uncalled_returned": _uncalled_returned,
    "round_ended": _round_ended,
    "hint": _hint,
    "answer": _answer,
    "showdown": _showdown,
    "guess_shown": _guess_shown,
    "guess_stays_hidden": _guess_stays_hidden,
    "pot_awarded": _pot_awarded,
    "eliminated": _eliminated,
    "resigned": _resigned,
    "game_over": _game_over,
}
