"""Simultaneous sealed declarations, then one reveal: every seat asked declares once, and nobody
learns anything of another seat's declaration (not even that it was made) until all have.

Slovní poker's raise declarations and responses (W6, W8) and its final words (W9) work like
this, as would any game where players write something down at the same time. The round keeps
the declarations; the game turns them into events: a private one for the declarer, a public one
at the reveal. A view built from `visible` is the same for every other seat whatever a seat
declared, which keeps a declaration a quiet move (`Game.prompt_id` does not move on).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

T = TypeVar("T")


class SealedRound(Generic[T]):
    """One round of sealed declarations by a fixed set of seats."""

    def __init__(self, seats: Iterable[int]) -> None:
        self._asked = sorted(set(seats))
        self._sealed: dict[int, T] = {}

    @property
    def asked(self) -> list[int]:
        """The seats that declare in this round (less any that withdrew), in seat order."""
        return list(self._asked)

    @property
    def waiting(self) -> list[int]:
        """The seats still to declare, in seat order: the game's pending seats."""
        return [seat for seat in self._asked if seat not in self._sealed]

    @property
    def complete(self) -> bool:
        return not self.waiting

    def declare(self, seat: int, value: T) -> bool:
        """Seal `seat`'s declaration; True when it was the last one (time to reveal)."""
        if seat not in self._asked or seat in self._sealed:
            raise ValueError(f"seat {seat} is not waiting to declare")
        self._sealed[seat] = value
        return self.complete

    def withdraw(self, seat: int) -> bool:
        """A seat that leaves the round (it resigned): no longer waited for, its declaration
        dropped. True when the round is now complete."""
        if seat in self._asked:
            self._asked.remove(seat)
            self._sealed.pop(seat, None)
        return self.complete

    def own(self, seat: int | None) -> T | None:
        """A seat's own sealed declaration (None if not made, and for spectators)."""
        return None if seat is None else self._sealed.get(seat)

    def visible(self, viewer: int | None) -> dict[int, T]:
        """What `viewer` may know: its own declaration until the round is complete, then all."""
        if self.complete:
            return dict(self._sealed)
        mine = self.own(viewer)
        return {} if mine is None or viewer is None else {viewer: mine}

    def revealed(self) -> dict[int, T]:
        """Every declaration, by seat; only once all have declared."""
        if not self.complete:
            raise ValueError("declarations stay sealed until every seat has declared")
        return dict(self._sealed)
