"""Hand history: each Slovní poker event described once, as a message of the game's catalog.

Built from the event alone (so a line never says more than its event), robust to malformed
data. Cards show as their letters, the diacritic cards as ˇ (háček) and ´ (čárka); the words are
in `messages/<lang>.json`.
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

MARKS = {"hacek": "ˇ", "carka": "´"}
"""How the diacritic cards are shown wherever letters are listed."""


def describe_event(event: Event) -> Message:
    describer = _DESCRIBERS.get(event.type)
    return event_message(event) if describer is None else describer(event.data)


def letter(text: object) -> str:
    """A card's letter (or a card id's: "N3" -> N, "hacek2" -> ˇ) as shown."""
    name = str(text).rstrip("0123456789") or str(text)
    return MARKS.get(name, name)


def _seat_of(key: object) -> object:
    return int(key) if isinstance(key, str) and key.isdigit() else key


def cards_text(cards: object) -> str:
    """Cards (dicts with a letter, letters or ids) as "N R ˇ K ´"."""
    shown = []
    for card in json_list(cards):
        shown.append(letter(card.get("letter") if isinstance(card, Mapping) else card))
    return " ".join(shown) or "—"


def declaration(d: Mapping[str, Any]) -> dict[str, Any]:
    choice = d.get("choice")
    if choice == "raise":
        return nested("declare.raise", amount=amount(d.get("amount")))
    return nested("declare.pass" if choice == "pass" else "declare.stay")


# --- one function per event type -----------------------------------------------------------------


def _round_started(d: Mapping[str, Any]) -> Message:
    most = [*json_list(d.get("most")), None, None]
    return message(
        "round_started",
        deal=d.get("round"),
        deals=d.get("deals"),
        ante=amount(d.get("ante")),
        first=amount(most[0]),
        second=amount(most[1]),
        names=seats(json_list(d.get("seats"))),
    )


def _bankrupt(d: Mapping[str, Any]) -> Message:
    return message(
        "bankrupt",
        name=seat(d.get("seat")),
        points=amount(d.get("points")),
        ante=amount(d.get("ante")),
    )


def _antes_paid(d: Mapping[str, Any]) -> Message:
    carry: Any = nested("antes_paid.carry", carry=amount(d.get("carry"))) if d.get("carry") else ""
    return message("antes_paid", ante=amount(d.get("ante")), pot=amount(d.get("pot")), carry=carry)


def _cards_dealt(d: Mapping[str, Any]) -> Message:
    return message("cards_dealt", cards=cards_text(d.get("cards")))


def _cards_replaced(d: Mapping[str, Any]) -> Message:
    return message(
        "cards_replaced",
        new=cards_text(d.get("new")),
        cards=cards_text(d.get("cards")),
        discarded=cards_text(d.get("discarded")),
    )


def _dice_rolled(d: Mapping[str, Any]) -> Message:
    return message(
        "dice_rolled",
        new=" ".join(map(str, json_list(d.get("new")))),
        dice=" ".join(map(str, json_list(d.get("dice")))),
    )


def _round_opened(d: Mapping[str, Any]) -> Message:
    return message(
        "round_opened", round=d.get("round"), most=amount(d.get("most")), pot=amount(d.get("pot"))
    )


def _declared(d: Mapping[str, Any]) -> Message:
    return message("declared", what=declaration(d))


def _declarations_revealed(d: Mapping[str, Any]) -> Message:
    items = [
        nested("declarations.item", name=seat(_seat_of(s)), what=declaration(json_mapping(m)))
        for s, m in sorted(json_mapping(d.get("declarations")).items(), key=lambda kv: str(kv[0]))
    ]
    short = json_list(d.get("cannot_match"))
    out: Any = nested("declarations.short", names=seats(short)) if short else ""
    return message(
        "declarations_revealed", items=listing(items), highest=amount(d.get("highest")), short=out
    )


def _responded(d: Mapping[str, Any]) -> Message:
    if not d.get("call"):
        return message("responded.pass")
    return message(
        "responded.call",
        count=len(json_list(d.get("exchange"))),
        cards=cards_text(d.get("exchange")),
    )


def _responses_revealed(d: Mapping[str, Any]) -> Message:
    exchanged = json_mapping(d.get("exchanged"))
    items = [
        nested("responses.item", name=seat(_seat_of(s)), count=n)
        for s, n in sorted(exchanged.items(), key=lambda kv: str(kv[0]))
    ]
    passed = json_list(d.get("passed"))
    out: Any = nested("responses.passed", names=seats(passed)) if passed else ""
    return message("responses_revealed", items=listing(items), passed=out, pot=amount(d.get("pot")))


def _words_asked(d: Mapping[str, Any]) -> Message:
    return message("words_asked", names=seats(json_list(d.get("seats"))))


def _word_sealed(d: Mapping[str, Any]) -> Message:
    word = d.get("word")
    return message("word_sealed", word=str(word)) if word else message("word_sealed.none")


def _word_item(w: Mapping[str, Any]) -> dict[str, Any]:
    best: Any = nested("result.best", word=str(w.get("best")), points=amount(w.get("best_score")))
    if not w.get("best"):
        best = nested("result.no_best")
    common = {"name": seat(w.get("seat")), "best": best, "hand": cards_text(w.get("hand"))}
    if not w.get("word"):
        return nested("result.no_word", **common)
    if not w.get("valid"):
        abbreviation = w.get("reason") == "reject.abbreviation"
        key = "result.abbreviation" if abbreviation else "result.unknown"
        return nested(key, word=str(w.get("word")), **common)
    return nested("result.word", word=str(w.get("word")), points=amount(w.get("score")), **common)


def _deal_result(d: Mapping[str, Any]) -> Message:
    balances = [
        nested("result.balance", name=seat(s), points=amount(p))
        for s, p in enumerate(json_list(d.get("balances")))
    ]
    winners = json_list(d.get("winners"))
    carry: Any = nested("result.carry", carry=amount(d.get("carry"))) if d.get("carry") else ""
    params = {
        "deal": d.get("deal"),
        "pot": amount(d.get("pot")),
        "names": seats(winners),
        "carry": carry,
        "balances": listing(balances),
    }
    if not winners:
        return message("deal_result.nobody", **params)
    if d.get("uncontested"):
        return message("deal_result.uncontested", **params)
    words = [_word_item(json_mapping(w)) for w in json_list(d.get("words"))]
    key = "deal_result.split" if len(winners) > 1 else "deal_result"
    return message(key, words=listing(words), **params)


def _forfeited(d: Mapping[str, Any]) -> Message:
    return message(
        "forfeited", name=seat(d.get("seat")), count=d.get("deals"), points=amount(d.get("points"))
    )


def _absent(d: Mapping[str, Any]) -> Message:
    return message(
        "absent", name=seat(d.get("seat")), deal=d.get("deal"), points=amount(d.get("points"))
    )


def _resigned(d: Mapping[str, Any]) -> Message:
    return message("resigned", name=seat(d.get("seat")))


def _game_over(d: Mapping[str, Any]) -> Message:
    winners = json_list(d.get("winners"))
    scores = json_list(d.get("scores"))
    first = winners[0] if winners else None
    best = scores[first] if isinstance(first, int) and 0 <= first < len(scores) else None
    key = "game_over.shared" if len(winners) > 1 else "game_over"
    return message(key, names=seats(winners), count=best)


_DESCRIBERS: dict[str, Callable[[Mapping[str, Any]], Message]] = {
    "round_started": _round_started,
    "bankrupt": _bankrupt,
    "antes_paid": _antes_paid,
    "cards_dealt": _cards_dealt,
    "cards_replaced": _cards_replaced,
    "dice_rolled": _dice_rolled,
    "round_opened": _round_opened,
    "declared": _declared,
    "declarations_revealed": _declarations_revealed,
    "responded": _responded,
    "responses_revealed": _responses_revealed,
    "words_asked": _words_asked,
    "word_sealed": _word_sealed,
    "deal_result": _deal_result,
    "absent": _absent,
    "forfeited": _forfeited,
    "resigned": _resigned,
    "game_over": _game_over,
}
