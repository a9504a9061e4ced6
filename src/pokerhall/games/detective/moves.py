"""The bet move (X5): its prompt, its check, and the move made when time runs out.

    {"type": "bet", "board": 2, "chips": 3, "card": "+1"}

`board` is the seat whose board the chips go on (one's own allowed), `chips` 1 to the prompt's
`max` (at most 3, keeping a chip for each betting round still to come), `card` one of the
action cards still in hand, or "" (or null, or left out) for none. The default move, made for a seat
whose time ran out or that resigned, is the smallest legal bet, one chip on one's own board,
without an action card: it needs no guess about anyone's hand and spends the fewest chips.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pokerhall.engine.events import JSON
from pokerhall.engine.messages import listing
from pokerhall.engine.prompts import choice_param, int_param, move_spec, prompt
from pokerhall.engine.refusals import Refusals, shown
from pokerhall.games.detective.actions import NO_CARD
from pokerhall.games.detective.hand import Hand
from pokerhall.games.detective.ranking import STREETS
from pokerhall.games.detective.scoring import Bet

MOVE_KEYS = frozenset({"type", "board", "chips", "card"})
refuse = Refusals(Path(__file__).parent / "messages")
"""Detective Poker's own reasons for refusing a move, in its catalogs (`reject.*`)."""


def default_bet(seat: int) -> JSON:
    return {"type": "bet", "board": seat, "chips": 1, "card": NO_CARD}


def bet_prompt(hand: Hand, seat: int, prompt_id: int) -> JSON:
    """What `seat` is asked: every parameter's legal values, so that any combination of them
    is a legal bet (the engine's random bot and the generic inputs rely on it)."""
    params = {
        "board": choice_param(list(range(hand.num_seats))),
        "chips": int_param(1, hand.max_chips(seat)),
        "card": choice_param([NO_CARD, *hand.cards[seat]]),
    }
    return prompt(
        "bet",
        prompt_id,
        [move_spec("bet", params)],
        default_bet(seat),
        hand=hand.number,
        street=STREETS[hand.street],
        chips_left=hand.chips[seat],
        rounds_after=len(STREETS) - 1 - hand.street,
    )


def parse_bet(hand: Hand, seat: int, move: Mapping[str, Any]) -> Bet:
    """The bet `move` stands for, or IllegalMove saying why it is none; changes nothing."""
    if move.get("type") != "bet":
        raise refuse("reject.not_a_bet", move=shown(move.get("type")))
    extra = sorted(set(move) - MOVE_KEYS)
    if extra:
        raise refuse("reject.bet_fields", fields=", ".join(extra))
    board = move.get("board")
    if type(board) is not int or not 0 <= board < hand.num_seats:
        raise refuse("reject.board", last=hand.num_seats - 1, got=shown(board))
    chips, most = move.get("chips"), hand.max_chips(seat)
    if type(chips) is not int or not 1 <= chips <= most:
        keep = len(STREETS) - 1 - hand.street
        if keep:
            raise refuse("reject.chips_keep", most=most, got=shown(chips), count=keep)
        raise refuse("reject.chips", most=most, got=shown(chips))
    card = move.get("card", NO_CARD)
    if card is None:
        card = NO_CARD
    if not isinstance(card, str) or (card != NO_CARD and card not in hand.cards[seat]):
        if not hand.cards[seat]:
            raise refuse("reject.no_card_left", got=shown(card))
        raise refuse("reject.card", held=listing(hand.cards[seat]), got=shown(card))
    return Bet(seat=seat, street=hand.street, board=board, chips=chips, card=card)
