"""A betting exchange between exactly two seats: an attack answered by fold, call or raise.

Some variants (Palace Poker's battles) bet one seat against one other while the rest of the table
waits: the attacker opens with a bet, the defender answers, and after every raise the other side
answers in turn, until one side calls or folds. The defender's first call costs what the game
prices it at (the attacker's bet, as in plain poker, unless a rule prices it otherwise: Palace
prices it by the defender's own cards); a raise adds its amount on top of that call, and whoever
answers a raise calls it by putting in what the raise added. Every chip goes into the hand's one
pot (through `Ledger.pay`); nothing is returned when a call falls short or overshoots, because the
exchange decides who fights on, not who collects. How big a raise may be is the table's
`Structure`: `FixedLimit` (exactly the raise size the game passes per raise, at most `cap` raises
when there is a cap) or `NoLimit` (at least that size, up to the whole stack). The game passes
the size per seat, since a rule may make it depend on the raiser (Palace: two small bets for a
defender without soldiers).

A seat short of chips calls or raises with what it has (all-in); nobody may raise a seat that has
no chips left to answer with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.refusals import refuse, shown
from pokerhall.engine.values import value_class
from pokerhall.table.amounts import parse_amount
from pokerhall.table.ledger import Ledger

ExchangeKind = Literal["fold", "call", "raise"]
EXCHANGE_MOVES = ("fold", "call", "raise")


class Structure(Protocol):
    """How much a raise adds beyond the call: (smallest, largest), or None when none is allowed.

    `size` is the raise size the game names for this raiser, `raises` the raises made so far in
    this exchange, `room` the chips the raiser has left after calling (always > 0)."""

    def raise_bounds(self, *, size: int, raises: int, room: int) -> tuple[int, int] | None: ...


@dataclass(frozen=True, slots=True)
class FixedLimit:
    """Limit play: a raise adds exactly `size` (or the rest of the stack), at most `cap` times
    (None: no cap, re-raising goes on until a call, a fold or an empty stack)."""

    cap: int | None = None

    def raise_bounds(self, *, size: int, raises: int, room: int) -> tuple[int, int] | None:
        if self.cap is not None and raises >= self.cap:
            return None
        by = min(size, room)
        return (by, by)


@dataclass(frozen=True, slots=True)
class NoLimit:
    """No-limit play: a raise adds at least `size` (or the rest of the stack), up to all-in."""

    def raise_bounds(self, *, size: int, raises: int, room: int) -> tuple[int, int] | None:
        return (min(size, room), room)


@value_class
class ExchangeLegal:
    """What the seat to answer may do."""

    seat: int
    call: int
    """Chips a call adds (what is owed, or the rest of the stack when that is less)."""
    raise_by: tuple[int, int] | None
    """Bounds of what a raise adds on top of the call, or None when no raise is allowed."""
    raises: int
    """Raises made so far in this exchange."""


@value_class
class ExchangeAction:
    kind: ExchangeKind
    by: int = 0
    """For a raise: the chips it adds beyond the call."""


@value_class
class ExchangeOutcome:
    seat: int
    kind: ExchangeKind
    added: int
    all_in: bool


class Exchange:
    """One attack: `attacker` has already bet `opening` when it is made; `defender` answers.

    `first_call` is what the defender's first answer costs to call (None: the attacker's bet; a
    rule may price it otherwise, e.g. by the defender's own cards, below or above the bet);
    every later call puts in what the raise it answers added. `size(seat)` is the raise size
    for that raiser."""

    def __init__(
        self,
        ledger: Ledger,
        *,
        attacker: int,
        defender: int,
        opening: int,
        first_call: int | None = None,
        structure: Structure,
        size: Callable[[int], int],
    ) -> None:
        if attacker == defender:
            raise ValueError("an exchange needs two different seats")
        self.ledger = ledger
        self.attacker = attacker
        self.defender = defender
        self.structure = structure
        self.size = size
        self.totals = {attacker: ledger.pay(attacker, opening), defender: 0}
        """What each side has put in during this exchange."""
        self.raises = 0
        self.actor: int | None = defender
        self.folded: int | None = None
        self.called: bool = False
        self._first_call = self.totals[attacker] if first_call is None else first_call
        self._last_raise = 0
        """What the last raise added beyond its call: what answering it costs."""

    @property
    def done(self) -> bool:
        return self.actor is None

    def other(self, seat: int) -> int:
        return self.defender if seat == self.attacker else self.attacker

    def owed(self, seat: int) -> int:
        """What a call adds: the first answer's price, then what the raise answered added."""
        if self.raises == 0:
            return self._first_call
        return self._last_raise

    def legal(self) -> ExchangeLegal:
        seat = self._require_actor()
        stack = self.ledger.stacks[seat]
        call = min(self.owed(seat), stack)
        room = stack - call
        bounds = None
        if room > 0 and self.ledger.stacks[self.other(seat)] > 0:
            size = self.size(seat)
            bounds = self.structure.raise_bounds(size=size, raises=self.raises, room=room)
        return ExchangeLegal(seat, call, bounds, self.raises)

    def parse(self, move: Mapping[str, Any]) -> ExchangeAction:
        """Check an answer of the seat to act; IllegalMove with the reason, nothing changes."""
        kind = move.get("type")
        if kind not in EXCHANGE_MOVES:
            raise refuse("refuse.battle.wrong_move", move=shown(kind))
        allowed = {"type", "by"} if kind == "raise" else {"type"}
        extra = move.keys() - allowed
        if extra:
            raise refuse("refuse.move.extra_fields", fields=", ".join(sorted(extra)), move=kind)
        legal = self.legal()
        if kind == "fold":
            return ExchangeAction("fold")
        if kind == "call":
            return ExchangeAction("call")
        if legal.raise_by is None:
            raise self._no_raise(legal)
        by = parse_amount(move.get("by"), field="by")
        low, high = legal.raise_by
        if not low <= by <= high:
            if low == high:
                raise refuse("refuse.battle.raise_exact", low=low, by=by)
            raise refuse("refuse.battle.raise_range", low=low, high=high, by=by)
        return ExchangeAction("raise", by)

    def _no_raise(self, legal: ExchangeLegal) -> IllegalMove:
        if self.ledger.stacks[legal.seat] <= legal.call:
            return refuse("refuse.battle.no_chips")
        if self.ledger.stacks[self.other(legal.seat)] == 0:
            return refuse("refuse.battle.opponent_broke")
        return refuse("refuse.battle.capped", count=legal.raises)

    def apply(self, action: ExchangeAction) -> ExchangeOutcome:
        """Carry out a parsed answer; the exchange ends on a fold or a call."""
        seat = self._require_actor()
        if action.kind == "fold":
            self.folded = seat
            self.actor = None
            return ExchangeOutcome(seat, "fold", 0, False)
        call = min(self.owed(seat), self.ledger.stacks[seat])
        added = self.ledger.pay(seat, call + (action.by if action.kind == "raise" else 0))
        self.totals[seat] += added
        if action.kind == "raise":
            self.raises += 1
            self._last_raise = added - call
            self.actor = self.other(seat)
        else:
            self.called = True
            self.actor = None
        return ExchangeOutcome(seat, action.kind, added, self.ledger.stacks[seat] == 0)

    def _require_actor(self) -> int:
        if self.actor is None:
            raise refuse("refuse.battle.over")
        return self.actor
