"""Pots: layering contributions into a main pot and side pots, and splitting a pot.

Contributions are layered at every all-in level of a player still in the hand; chips of folded
players stay in whichever layers they reached (Q9). A pot is won by the best of its eligible
players; splits either hand odd chips out one at a time (QP4) or leave them for the next pot (DU7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TypedDict

from pokerhall.engine.values import value_class


class PotJSON(TypedDict):
    """A pot as events and views show it."""

    amount: int
    eligible: list[int]


@value_class
class Pot:
    amount: int
    eligible: tuple[int, ...]
    """Seats still in the hand that contributed to every layer of this pot, in seat order."""

    def to_json(self) -> PotJSON:
        return {"amount": self.amount, "eligible": list(self.eligible)}


class OddChips(Enum):
    """What happens to chips that do not divide evenly among tied winners."""

    LEFT_OF_BUTTON = "left_of_button"  # QP4: one unit at a time, seat order from left of button
    CARRY = "carry"  # DU7: they stay in the pot for the next question


def uncalled(put_in: Sequence[int]) -> tuple[int, int] | None:
    """The seat whose top contribution nobody matched, and the excess to return (Q9)."""
    if not put_in:
        return None
    *_, second, top_amount = sorted([0, *put_in])
    excess = top_amount - second
    return (put_in.index(top_amount), excess) if excess > 0 else None


def build_pots(put_in: Sequence[int], live: Sequence[bool], *, carry: int = 0) -> list[Pot]:
    """Layer the hand's contributions into pots; `carry` (DU7) joins the main pot.

    Layers are cut at each distinct contribution of a live (not folded) seat. Chips above the top
    live level can only come from folded seats and join the last pot.
    """
    levels = sorted({c for c, ok in zip(put_in, live, strict=True) if ok and c > 0})
    if len(levels) == 1:  # the common case: everyone still in put in the same
        eligible = tuple(s for s, c in enumerate(put_in) if live[s] and c > 0)
        return [Pot(sum(put_in) + carry, eligible)]
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, floor) for c in put_in)
        eligible = tuple(s for s, c in enumerate(put_in) if live[s] and c >= level)
        pots.append(Pot(amount, eligible))
        floor = level
    dead = sum(max(0, c - floor) for c in put_in)
    if pots:
        last = pots[-1]
        pots[-1] = Pot(last.amount + dead, last.eligible)
        pots[0] = Pot(pots[0].amount + carry, pots[0].eligible)
    elif dead or carry:
        live_seats = tuple(s for s, ok in enumerate(live) if ok)
        pots.append(Pot(dead + carry, live_seats))
    return pots


def split(
    amount: int,
    winners: Sequence[int],
    *,
    unit: int,
    odd_chips: OddChips,
    order: Sequence[int],
) -> tuple[dict[int, int], int]:
    """Share `amount` among tied `winners`; returns (shares, chips left in the pot).

    `order` is the seat order for odd chips (left of the button first). Every share is a multiple
    of the chip unit.
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    units, loose = divmod(amount, unit)
    each, odd = divmod(units, len(winners))
    shares = dict.fromkeys(winners, each * unit)
    if odd_chips is OddChips.CARRY:
        return shares, odd * unit + loose
    in_order = [s for s in order if s in shares]
    for seat in in_order[:odd]:
        shares[seat] += unit
    shares[in_order[0]] += loose
    return shares, 0


def award(shares: Mapping[int, int], stacks: list[int]) -> None:
    """Pay out a split's shares into the stacks."""
    for seat, chips in shares.items():
        stacks[seat] += chips
