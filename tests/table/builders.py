"""Small builders for table-layer tests: a betting round set up the way a QuizPoker hand sets it
up (button on the last seat, blinds posted, the right first seat), and a way to act in it."""

from __future__ import annotations

from typing import Any

from pokerhall.table.betting import BetOutcome, BettingRound
from pokerhall.table.ledger import Ledger
from pokerhall.table.minraise import MIN_RAISE_RULES


def blind_seats(num_seats: int) -> tuple[int, int]:
    """(small, big) with the button on the last seat; heads-up the button posts the SB (Q12)."""
    small = num_seats - 1 if num_seats == 2 else 0
    return small, (small + 1) % num_seats


def preflop(
    stacks: list[int],
    *,
    small: int = 10,
    big: int = 20,
    rule: str = "last_raise",
    unit: int = 1,
) -> BettingRound:
    """Betting round 1 after the blinds: seats post what they can (Q11)."""
    ledger = Ledger(stacks=list(stacks), playing=[True] * len(stacks))
    sb, bb = blind_seats(len(stacks))
    ledger.commit(sb, small)
    ledger.commit(bb, big)
    return BettingRound(
        ledger, first=bb + 1, big_blind=big, unit=unit, round_index=0, rule=MIN_RAISE_RULES[rule]
    )


def later_round(
    stacks: list[int],
    *,
    big: int = 20,
    rule: str = "last_raise",
    unit: int = 1,
    round_index: int = 1,
    folded: tuple[int, ...] = (),
) -> BettingRound:
    """A betting round after a hint (nothing bet yet); seat 0 (left of the button) acts first."""
    n = len(stacks)
    ledger = Ledger(stacks=list(stacks), playing=[True] * n)
    for seat in folded:
        ledger.fold(seat)
    return BettingRound(
        ledger,
        first=0,
        big_blind=big,
        unit=unit,
        round_index=round_index,
        rule=MIN_RAISE_RULES[rule],
    )


def act(betting: BettingRound, move: dict[str, Any]) -> BetOutcome:
    """Parse and apply one move of the seat to act."""
    seat = betting.actor
    assert seat is not None, "the round is over"
    return betting.apply(seat, betting.parse(move))


def play(betting: BettingRound, *moves: dict[str, Any] | str) -> list[BetOutcome]:
    """Several moves in turn; a bare string is a move without fields ("call", "fold" ...)."""
    return [act(betting, {"type": m} if isinstance(m, str) else m) for m in moves]


def snapshot(betting: BettingRound) -> tuple[Any, ...]:
    """Everything a move could change, for checking that an illegal move changed nothing."""
    led = betting.ledger
    return (
        list(led.stacks),
        list(led.put_in),
        list(led.this_round),
        list(led.folded),
        led.carry,
        betting.current_bet,
        betting.last_increment,
        betting.reopen_size,
        led.live_count(),
        set(betting.to_act),
        set(betting.may_raise),
        betting.last_aggressor,
        betting.actor,
    )
