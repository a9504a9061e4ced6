"""Per-seat views: everything a seat (or a spectator, None) may know, and nothing more.

A seat sees its own cards (with their ids, to name an exchange) and its own discards, its own
sealed declaration, response or word until everyone's is revealed (`SealedRound.visible`), and
what is public: balances, the pot, the dice shown, what each seat put in, how many cards each
exchanged, revealed declarations, and the results of finished deals, whose hands are shown as
letters only. Never another seat's cards, the stock's order, or a die not yet rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from pokerhall.engine.events import JSON
from pokerhall.games.wordpoker.deal import Phase
from pokerhall.games.wordpoker.events import Choice, DealSummary
from pokerhall.games.wordpoker.letters import CARKA, HACEK
from pokerhall.games.wordpoker.moves import Declaration, Entry, Response

if TYPE_CHECKING:
    from pokerhall.games.wordpoker.state import WordPoker

# --- the shape of a view -------------------------------------------------------------------------
# Declared as types, so mypy checks `build_view` against them (and the bots', the terminal's and
# the RL buckets' reads, through `wordpoker_view`); tests/games/test_event_types.py checks the
# views of played games against them at run time.

Status = Literal["resigned", "bankrupt", "out", "in", "folded"]


class LettersView(TypedDict):
    """The table's letters (W2, W18): what each scores, the diacritics, how many dice."""

    scoring: str
    values: dict[str, int]
    marks: dict[str, int]
    """Each diacritic card's kind (hacek, carka) -> what it adds to its letter's value."""
    marked: dict[str, list[str]]
    """Each marked letter -> its base letter and diacritic kind."""
    dice: int


class DeclarationView(TypedDict):
    choice: Choice
    amount: int


class DealView(TypedDict):
    number: int
    ante: int
    most: list[int]
    """The highest raise in round 1 and in round 2 (W5)."""
    round: int
    phase: Phase
    pot: int
    carry: int
    dice: list[str]
    highest: int
    max_exchange: int
    stock: int
    declarations: dict[str, DeclarationView]
    """The declarations revealed this round, by seat (as text, a JSON key)."""


class PlayerView(TypedDict):
    seat: int
    name: str
    points: int
    status: Status
    put_in: int
    raised: int
    cards: int
    exchanged: list[int]
    penalty: int


class CardView(TypedDict):
    id: str
    letter: str


class SealedDeclaration(TypedDict):
    step: Literal["declare"]
    choice: Choice
    amount: int


class SealedResponse(TypedDict):
    step: Literal["respond"]
    call: bool
    exchange: list[str]


class SealedWord(TypedDict):
    step: Literal["word"]
    word: str | None


Sealed = SealedDeclaration | SealedResponse | SealedWord
"""A seat's own sealed move of this step, before everyone's is revealed."""


class YouView(TypedDict):
    """What a seated player's own view adds."""

    hand: list[CardView]
    discards: list[str]
    sealed: Sealed | None
    prompt: dict[str, Any] | None


class WordPokerView(TypedDict):
    """The view of a seat, or a spectator (`seat` None, without `you`)."""

    game: str
    ruleset: str
    lexicon: str
    check_words: str
    scoring: str
    language: str
    prompt_id: int
    seat: int | None
    deals: int
    letters: LettersView
    deal: DealView
    players: list[PlayerView]
    last_deal: DealSummary | None
    over: bool
    result: dict[str, Any] | None
    you: NotRequired[YouView]


def status(game: WordPoker, seat: int) -> Status:
    if seat in game.resigned:
        return "resigned"
    if seat in game.bankrupt:
        return "bankrupt"
    deal = game.deal
    if not deal.ledger.playing[seat]:
        return "out"
    return "in" if deal.ledger.live(seat) else "folded"


def sealed_json(move: Any) -> Sealed | None:
    if isinstance(move, Declaration):
        return {"step": "declare", "choice": move.choice, "amount": move.amount}
    if isinstance(move, Response):
        return {"step": "respond", "call": move.call, "exchange": list(move.exchange)}
    if isinstance(move, Entry):
        return {"step": "word", "word": None if move.spelling is None else move.spelling.word}
    return None


def build_view(game: WordPoker, seat: int | None) -> WordPokerView:
    deal = game.deal
    alphabet = game.alphabet
    view: WordPokerView = {
        "game": game.name,
        "ruleset": game.options.ruleset,
        "lexicon": game.options.lexicon,
        "check_words": game.options.check_words,
        "scoring": game.options.scoring,
        "language": game.options.language,
        "prompt_id": game.prompt_id,
        "seat": seat,
        "deals": len(game.stakes),
        "letters": {
            "scoring": alphabet.scoring,
            "values": dict(alphabet.values),
            "marks": {HACEK: alphabet.mark_values[HACEK], CARKA: alphabet.mark_values[CARKA]},
            "marked": {letter: list(pair) for letter, pair in alphabet.marked.items()},
            "dice": len(alphabet.dice),
        },
        "deal": {
            "number": deal.number,
            "ante": deal.stakes.ante,
            "most": list(deal.stakes.raise_caps),
            "round": deal.round,
            "phase": "done" if game.over else deal.phase,
            "pot": deal.ledger.pot_total(),
            "carry": deal.ledger.carry,
            "dice": list(deal.dice),
            "highest": deal.highest,
            "max_exchange": deal.max_exchange,
            "stock": len(deal.stock),
            "declarations": {
                str(s): {"choice": m.choice, "amount": m.amount}
                for s, m in deal.declarations.items()
            },
        },
        "players": [
            {
                "seat": s,
                "name": game.players[s],
                "points": game.balance(s),
                "status": status(game, s),
                "put_in": deal.ledger.put_in[s],
                "raised": deal.raised[s],
                "cards": len(deal.hands[s]),
                "exchanged": list(deal.exchanged[s]),
                "penalty": game.penalties[s],
            }
            for s in range(game.num_seats)
        ],
        "last_deal": game.results[-1] if game.results else None,
        "over": game.over,
        "result": game.result,
    }
    if seat is not None:
        view["you"] = {
            "hand": [{"id": c.id, "letter": c.letter} for c in deal.hands[seat]],
            "discards": [c.letter for c in deal.discards[seat]],
            "sealed": sealed_json(deal.sealed.own(seat)) if deal.phase != "done" else None,
            "prompt": game.pending().get(seat),
        }
    return view


def wordpoker_view(view: JSON) -> WordPokerView:
    """A view as its declared type, for a reader handed it as JSON (a bot, through the engine's
    `Bot` protocol, the terminal, the RL buckets): the one cast of the game's views. It checks
    nothing at run time; the game built the view as a `WordPokerView`, and
    tests/games/test_event_types.py checks the views of played games against it."""
    return cast(WordPokerView, view)
