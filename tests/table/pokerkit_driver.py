"""PokerKit's side of the differential test, and what both sides share.

- `Deal`: cards for one hand, with each player's final hold'em strength turned into a QuizPoker
  distance (better hand -> smaller distance, equal hands -> equal distances), so both engines must
  pay the same players.
- `Options`: what the seat to act may do, in engine-neutral terms.
- `PokerKitHand`: PokerKit's no-limit hold'em with every card dealt (and burnt) by us, blinds and
  bet collection automated, the showdown manual so the pots can be read before hands are killed.

Seats: in PokerKit the small blind is player 0 (heads-up, the big blind is), the button is the last
player. With our button on seat b, our seat is PokerKit's player (i + b + 1) mod n.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerkit import Automation, Mode, NoLimitTexasHoldem, StandardHighHand

RANKS = "23456789TJQKA"
SUITS = "cdhs"

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""Automatic: everything but betting, dealing, burning (PokerKit would burn a random card of its
own deck, maybe one we deal later) and showing (so we can read the pots first)."""

Move = dict[str, Any]
PotList = list[tuple[int, tuple[int, ...]]]


# --- cards ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    holes: tuple[str, ...]
    board: str
    distance: tuple[int, ...]
    """Per PokerKit player: 0 for the best final hand, 1 for the next best ...; ties share one."""


def random_deal(rng: random.Random, num_seats: int) -> Deal:
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    holes = tuple(deck[2 * i] + deck[2 * i + 1] for i in range(num_seats))
    board = "".join(deck[2 * num_seats : 2 * num_seats + 5])
    hands = [StandardHighHand.from_game(hole, board) for hole in holes]
    distinct: list[Any] = []
    for hand in sorted(hands, reverse=True):
        if not distinct or hand != distinct[-1]:
            distinct.append(hand)
    return Deal(holes, board, tuple(distinct.index(hand) for hand in hands))


# --- what a seat may do, in engine-neutral terms ----------------------------------------------


@dataclass(frozen=True)
class Options:
    """The seat to act and its choices; amounts are totals for this betting round."""

    seat: int
    stack: int
    call: int
    """Chips a check/call adds (0: check)."""
    opens: bool
    """Nothing bet yet in this round, so an aggressive move is a bet."""
    raise_to: tuple[int, int] | None
    """(smallest, largest) bet or raise total, or None when the seat may not bet or raise."""


# --- PokerKit ---------------------------------------------------------------------------------


class PokerKitHand:
    def __init__(self, stacks: Sequence[int], small: int, big: int, deal: Deal) -> None:
        self.start = list(stacks)
        self.big = big
        self.deal = deal
        self.state = NoLimitTexasHoldem.create_state(
            AUTOMATIONS,
            True,
            0,
            (small, big),
            big,
            tuple(stacks),
            len(stacks),
            mode=Mode.TOURNAMENT,  # refuses (rather than warns about) folding when one could check
        )
        self.board_dealt = 0
        self.pots_at_showdown: PotList | None = None
        self._advance()

    def _advance(self) -> None:
        """Deal, burn and show until a player must bet or the hand is settled."""
        s = self.state
        while s.status and s.actor_index is None:
            if s.can_burn_card():
                s.burn_card("??")
            elif s.can_deal_hole():
                s.deal_hole(self.deal.holes[s.hole_dealee_index])
            elif s.can_deal_board():
                count = s.board_dealing_count
                cards = self.deal.board[2 * self.board_dealt : 2 * (self.board_dealt + count)]
                s.deal_board(cards)
                self.board_dealt += count
            elif s.can_show_or_muck_hole_cards():
                if self.pots_at_showdown is None:
                    self.pots_at_showdown = [(p.amount, tuple(p.player_indices)) for p in s.pots]
                s.show_or_muck_hole_cards(True)
            else:
                raise AssertionError(f"PokerKit waits for something we do not do: {s.operations}")

    @property
    def actor(self) -> int | None:
        return self.state.actor_index

    @property
    def over(self) -> bool:
        return not self.state.status

    def options(self) -> Options:
        s = self.state
        seat = s.actor_index
        call = s.checking_or_calling_amount
        assert seat is not None
        assert call is not None
        low = s.min_completion_betting_or_raising_to_amount
        high = s.max_completion_betting_or_raising_to_amount
        raise_to = None if low is None or high is None else (low, high)
        return Options(seat, s.stacks[seat], call, max(s.bets) == 0, raise_to)

    def only_short_all_ins_so_far(self) -> bool:
        """PokerKit counts the first bet or raise of a round as full whatever its size (its
        running "last raise" starts at 0, not at the big blind), so after a short all-in that was
        the round's first aggression it lets players who already acted raise again."""
        return self.state.completion_betting_or_raising_amount < self.big

    def committed(self) -> list[int]:
        return [a - b for a, b in zip(self.start, self.state.stacks, strict=True)]

    @property
    def stacks(self) -> list[int]:
        return list(self.state.stacks)

    def play(self, move: Move) -> None:
        s = self.state
        seat = s.actor_index
        assert seat is not None
        kind = move["type"]
        all_in_calls = kind == "all_in" and s.stacks[seat] <= max(s.bets) - s.bets[seat]
        if kind == "fold":
            s.fold()
        elif kind in ("check", "call") or all_in_calls:
            s.check_or_call()
        elif kind == "all_in":
            s.complete_bet_or_raise_to(s.stacks[seat] + s.bets[seat])
        else:
            s.complete_bet_or_raise_to(move["to"])
        self._advance()
