"""The chips of one hand: what each seat has behind, has put in, and whether it is still in."""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerhall.table.pots import Pot, build_pots, uncalled


@dataclass
class Ledger:
    """Chip bookkeeping for one hand; betting rounds and pots read and change it."""

    stacks: list[int]
    playing: list[bool]
    """Seats dealt into this hand (in the game, and not a sitting-out game master)."""
    put_in: list[int] = field(default_factory=list)
    this_round: list[int] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    carry: int = 0
    """Chips left in the pot by an earlier split (DU7), won with the main pot."""

    def __post_init__(self) -> None:
        n = len(self.stacks)
        self.put_in = self.put_in or [0] * n
        self.this_round = self.this_round or [0] * n
        self.folded = self.folded or [False] * n
        self._live_count = sum(p and not f for p, f in zip(self.playing, self.folded, strict=True))
        self.num_seats = n

    def live(self, seat: int) -> bool:
        """Still contesting the pot: dealt in and not folded (all-in seats are live)."""
        return self.playing[seat] and not self.folded[seat]

    def all_in(self, seat: int) -> bool:
        return self.live(seat) and self.stacks[seat] == 0

    def live_seats(self) -> list[int]:
        # Hot (asked after nearly every move), so no method call per seat.
        seats = zip(self.playing, self.folded, strict=True)
        return [s for s, (playing, folded) in enumerate(seats) if playing and not folded]

    def seats_able_to_act(self) -> list[int]:
        """Live seats with chips behind (so they can still act), in seat order."""
        seats = zip(self.playing, self.folded, self.stacks, strict=True)
        return [
            s
            for s, (playing, folded, chips) in enumerate(seats)
            if playing and not folded and chips
        ]

    def commit(self, seat: int, amount: int) -> int:
        """Move up to `amount` chips from the seat's stack into the pot; returns what moved."""
        moved = min(amount, self.stacks[seat])
        self.stacks[seat] -= moved
        self.put_in[seat] += moved
        self.this_round[seat] += moved
        return moved

    def pay(self, seat: int, amount: int) -> int:
        """Move up to `amount` chips into the pot as a payment that is not a bet of the betting
        round (an ante, a Palace buy or discard): it never sets what others must call."""
        moved = min(amount, self.stacks[seat])
        self.stacks[seat] -= moved
        self.put_in[seat] += moved
        return moved

    def fold(self, seat: int) -> None:
        if self.live(seat):
            self._live_count -= 1
        self.folded[seat] = True

    def live_count(self) -> int:
        """How many seats still contest the pot (asked after nearly every move, so counted
        as seats fold rather than recounted)."""
        return self._live_count

    def end_round(self) -> tuple[int, int] | None:
        """Close a betting round: return any uncalled bet (Q9) and reset round commitments."""
        returned = uncalled(self.put_in)
        if returned is not None:
            seat, excess = returned
            self.stacks[seat] += excess
            self.put_in[seat] -= excess
        self.this_round = [0] * self.num_seats
        return returned

    def pot_total(self) -> int:
        return sum(self.put_in) + self.carry

    def pots(self) -> list[Pot]:
        live = [p and not f for p, f in zip(self.playing, self.folded, strict=True)]
        return build_pots(self.put_in, live, carry=self.carry)
