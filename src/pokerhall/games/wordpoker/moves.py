"""The moves of a deal, their prompts and their checks (W6-W9, W17, W20).

    declare:  {"type": "raise", "amount": 3} | {"type": "stay"} | {"type": "pass"}
    respond:  {"type": "call", "exchange": ["N3", "hacek2"]} | {"type": "pass"}
    word:     {"type": "word", "word": "kočka"} | {"type": "no_word"}

Every prompt is answered by all seats still in the deal at once and sealed (`table/sealed.py`),
so a seat's prompt never depends on what another has answered. A word names only its letters:
which cards and dice it takes follows from them (`letters.Alphabet.spell`). A refused word says
why as a message of the game's catalog (`WordRejected.message`), in English in `reason`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pokerhall.content.czech import is_abbreviation, letter_count
from pokerhall.content.lexicon import MAX_LETTERS
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import JSON
from pokerhall.engine.messages import Message, load_catalog, message, render
from pokerhall.engine.prompts import int_param, move_spec, prompt, subset_param, text_param
from pokerhall.engine.values import value_class
from pokerhall.games.wordpoker.letters import MAX_WORD_CHARS, Rejected, Spelling, normalize

if TYPE_CHECKING:
    from pokerhall.games.wordpoker.deal import Deal

MESSAGES = Path(__file__).parent / "messages"


@value_class
class Declaration:
    """A sealed raise declaration (W6): raise by `amount`, stay (no raise) or pass."""

    choice: Literal["raise", "stay", "pass"]
    amount: int = 0


@value_class
class Response:
    """A sealed answer to the highest raise (W6): match it exchanging these cards, or pass."""

    call: bool
    exchange: tuple[str, ...] = ()


@value_class
class Entry:
    """A sealed final word (W9); `spelling` None for no word."""

    spelling: Spelling | None


Move = Declaration | Response | Entry


class WordRejected(IllegalMove):
    """A word that cannot be laid down: `message` says why in the player's language."""

    def __init__(self, reason: Message) -> None:
        super().__init__(english(reason), reason)
        self.message: Message = reason


@cache
def _english() -> Mapping[str, Any]:
    return load_catalog(MESSAGES, "en")


def english(reason: Message) -> str:
    return render(reason, _english(), [], "en")


def refuse(key: str, **params: Any) -> WordRejected:
    return WordRejected(message(key, **params))


# --- prompts ---------------------------------------------------------------------------------


def declare_prompt(deal: Deal, seat: int, prompt_id: int) -> JSON:
    cap = deal.raise_cap(seat)
    moves = [move_spec("raise", {"amount": int_param(1, cap)})] if cap >= 1 else []
    moves += [move_spec("stay"), move_spec("pass")]
    return prompt(
        "declare",
        prompt_id,
        moves,
        {"type": "stay"},
        deal=deal.number,
        round=deal.round,
        pot=deal.ledger.pot_total(),
        most=deal.stakes.raise_caps[deal.round - 1],
        points=deal.ledger.stacks[seat],
    )


def respond_prompt(deal: Deal, seat: int, prompt_id: int) -> JSON:
    cost = deal.cost(seat)
    ids = [card.id for card in deal.hands[seat]]
    params = {"exchange": subset_param(ids, 0, deal.max_exchange)}
    default: JSON = {"type": "call", "exchange": []} if cost == 0 else {"type": "pass"}
    return prompt(
        "respond",
        prompt_id,
        [move_spec("call", params, cost=cost), move_spec("pass")],
        default,
        deal=deal.number,
        round=deal.round,
        highest=deal.highest,
        cost=cost,
        pot=deal.ledger.pot_total(),
        max_exchange=deal.max_exchange,
    )


def word_prompt(deal: Deal, seat: int, prompt_id: int) -> JSON:
    return prompt(
        "word",
        prompt_id,
        [move_spec("word", {"word": text_param(MAX_WORD_CHARS)}), move_spec("no_word")],
        {"type": "no_word"},
        deal=deal.number,
        pot=deal.ledger.pot_total(),
    )


# --- checks ----------------------------------------------------------------------------------


def _only(move: Mapping[str, Any], *keys: str) -> None:
    extra = sorted(set(move) - {"type", *keys})
    if extra:
        raise refuse(
            "refuse.move.extra_fields", fields=", ".join(extra), move=str(move.get("type"))
        )


def parse(deal: Deal, seat: int, move: Mapping[str, Any]) -> Move:
    kind = move.get("type")
    allowed = {"declare": ("raise", "stay", "pass"), "respond": ("call", "pass")}.get(
        deal.phase, ("word", "no_word")
    )
    if kind not in allowed:
        raise refuse("reject.wrong_move", move=str(kind), moves=", ".join(allowed))
    if deal.phase == "declare":
        return _declaration(deal, seat, move)
    if deal.phase == "respond":
        return _response(deal, seat, move)
    return _entry(deal, seat, move)


def _declaration(deal: Deal, seat: int, move: Mapping[str, Any]) -> Declaration:
    if move["type"] != "raise":
        _only(move)
        return Declaration(move["type"])
    _only(move, "amount")
    amount, cap = move.get("amount"), deal.raise_cap(seat)
    if type(amount) is not int or not 1 <= amount <= cap:
        if cap < 1:
            raise refuse("reject.cannot_raise")
        raise refuse("reject.raise_range", most=cap, got=str(amount))
    return Declaration("raise", amount)


def _response(deal: Deal, seat: int, move: Mapping[str, Any]) -> Response:
    if move["type"] == "pass":
        _only(move)
        return Response(False)
    _only(move, "exchange")
    raw = move.get("exchange") or []
    held = {card.id for card in deal.hands[seat]}
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise refuse("reject.exchange_list")
    if len(set(raw)) != len(raw):
        raise refuse("reject.exchange_twice")
    for card in raw:
        if card not in held:
            raise refuse("reject.exchange_not_held", card=card)
    if len(raw) > deal.max_exchange:
        raise refuse("reject.exchange_too_many", count=deal.max_exchange)
    return Response(True, tuple(raw))


def _entry(deal: Deal, seat: int, move: Mapping[str, Any]) -> Entry:
    if move["type"] == "no_word":
        _only(move)
        return Entry(None)
    _only(move, "word")
    raw = move.get("word")
    if not isinstance(raw, str) or not normalize(raw):
        raise refuse("reject.empty")
    word = normalize(raw)
    if len(word) > MAX_WORD_CHARS or letter_count(word) > MAX_LETTERS:
        raise refuse("reject.too_long", count=MAX_LETTERS)
    try:
        spelling = deal.alphabet.spell(word)
        deal.alphabet.check(spelling, deal.hands[seat], deal.dice)
    except Rejected as exc:
        raise WordRejected(exc.reason) from None
    if deal.check_on_submit and not deal.words.contains(word):
        if is_abbreviation(word):
            raise refuse("reject.abbreviation", word=word)
        raise refuse("reject.unknown", word=word)
    return Entry(spelling)


def unknown_reason(word: str) -> str:
    """Why a word the dictionary lacks scores nothing (W19): an abbreviation, or no word."""
    return "reject.abbreviation" if is_abbreviation(word) else "reject.unknown"
