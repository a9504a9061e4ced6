"""Per-seat views: everything a seat (or a spectator, None) may know, and nothing more.

A seat sees its own cards (with their ids, to name an exchange) and its own discards, its own
sealed declaration, response or word until everyone's is revealed (`SealedRound.visible`), and
what is public: balances, the pot, the dice shown, what each seat put in, how many cards each
exchanged, revealed declarations, and the results of finished deals, whose hands are shown as
letters only. Never another seat's cards, the stock's order, or a die not yet rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerhall.engine.events import JSON
from pokerhall.games.wordpoker.letters import CARKA, HACEK
from pokerhall.games.wordpoker.moves import Declaration, Entry, Response

if TYPE_CHECKING:
    from pokerhall.games.wordpoker.state import WordPoker


def status(game: WordPoker, seat: int) -> str:
    if seat in game.resigned:
        return "resigned"
    if seat in game.bankrupt:
        return "bankrupt"
    deal = game.deal
    if not deal.ledger.playing[seat]:
        return "out"
    return "in" if deal.ledger.live(seat) else "folded"


def sealed_json(move: Any) -> JSON | None:
    if isinstance(move, Declaration):
        return {"step": "declare", "choice": move.choice, "amount": move.amount}
    if isinstance(move, Response):
        return {"step": "respond", "call": move.call, "exchange": list(move.exchange)}
    if isinstance(move, Entry):
        return {"step": "word", "word": None if move.spelling is None else move.spelling.word}
    return None


def build_view(game: WordPoker, seat: int | None) -> JSON:
    deal = game.deal
    alphabet = game.alphabet
    view: JSON = {
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
