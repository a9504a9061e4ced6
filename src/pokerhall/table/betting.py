"""One no-limit betting round over a `Ledger`.

Who still has to act is a set: everyone able to act at the start, and everyone else again after
any bet or raise. The round ends when that set is empty or one live seat is left (Q5). Raising
rights are a second set, refilled only by a *full* raise, so an all-in short of a full raise does
not reopen the betting for players who already acted, unless several short all-ins since their
last action add up to a full raise (standard no-limit, TDA rule "reopening the bet"; PokerKit
agrees). What a full raise is comes from the table's minimum-raise rule (QP2, DU5 or `standard`),
taken when the last full bet or raise was made. Nobody may raise when no other player could put
in more than the current bet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.messages import amount
from pokerhall.engine.refusals import refuse, shown
from pokerhall.engine.values import value_class
from pokerhall.table.amounts import check_unit, parse_amount
from pokerhall.table.ledger import Ledger
from pokerhall.table.minraise import MinRaiseRule, RaiseContext

ActionKind = Literal["fold", "check", "call", "bet", "raise", "all_in"]
BETTING_MOVES: frozenset[str] = frozenset(get_args(ActionKind))


@value_class
class LegalActions:
    """What the seat to act may do; amounts for bet and raise are round totals ("to")."""

    seat: int
    call: int
    """Chips a call adds (0 when the seat can check)."""
    min_to: int | None
    """Smallest bet or raise total, or None when the seat may not bet or raise."""
    max_to: int
    """The seat's whole stack committed: the all-in total."""
    opens: bool
    """True when nothing is bet yet in this round, so an aggressive move is a bet."""
    all_in: bool
    """Whether going all-in is allowed (Q4: always, unless it would be a raise that a short
    all-in did not reopen)."""

    @property
    def can_check(self) -> bool:
        return self.call == 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"fold": True, "check": self.can_check}
        out["call"] = self.call if self.call else None
        aggressive = {"min_to": self.min_to, "max_to": self.max_to} if self.min_to else None
        out["bet"] = aggressive if self.opens else None
        out["raise"] = None if self.opens else aggressive
        out["all_in"] = self.max_to if self.all_in else None
        return out


@value_class
class BetAction:
    kind: ActionKind
    to: int = 0
    """The seat's round total after the action (for every kind but fold)."""


@value_class
class BetOutcome:
    """What an applied action did, for the events a game emits."""

    seat: int
    kind: ActionKind
    added: int
    to: int
    all_in: bool
    full_raise: bool


class BettingRound:
    def __init__(
        self,
        ledger: Ledger,
        *,
        first: int,
        big_blind: int,
        unit: int,
        round_index: int,
        rule: MinRaiseRule,
    ) -> None:
        self.ledger = ledger
        self.big_blind = big_blind
        self.unit = unit
        self.round_index = round_index
        self.rule = rule
        self.current_bet = max(ledger.this_round)
        self.last_increment = big_blind
        self.reopen_size = self.min_increment()
        """What short all-ins must add up to, since a seat last acted, to reopen its raising: the
        size of a full raise just after the last full bet or raise."""
        self.to_act = set(ledger.seats_able_to_act())
        self.may_raise = set(self.to_act)
        self.last_aggressor: int | None = None
        self.actor: int | None = None
        self._legal: LegalActions | None = None
        """`legal()` of the current actor, dropped whenever the turn moves on."""
        self._next_from(first)

    # --- reading -------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.actor is None

    def min_increment(self) -> int:
        ctx = RaiseContext(
            big_blind=self.big_blind,
            current_bet=self.current_bet,
            last_increment=self.last_increment,
            round_index=self.round_index,
            unit=self.unit,
        )
        return max(self.unit, self.rule(ctx))

    def full_increment(self) -> int:
        """What a bet (at least the big blind) or a raise (the table's rule) must add to be full."""
        return self.big_blind if self.current_bet == 0 else self.min_increment()

    def legal(self) -> LegalActions:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> LegalActions:
        seat = self._require_actor()
        led = self.ledger
        owed = self.current_bet - led.this_round[seat]
        stack = led.stacks[seat]
        max_to = led.this_round[seat] + stack
        opens = self.current_bet == 0
        min_to: int | None = None
        callable_raise = self._someone_could_call_more(seat)
        if self._reopened(seat, owed) and stack > owed and callable_raise:
            min_to = min(max(self.current_bet + self.full_increment(), self.unit), max_to)
        all_in = max_to <= self.current_bet or min_to is not None or not callable_raise
        return LegalActions(seat, min(owed, stack), min_to, max_to, opens, all_in)

    def _reopened(self, seat: int, owed: int) -> bool:
        """A seat that has not acted since the last full bet or raise may raise. One that has
        acted since faces only short all-ins, which reopen its raising only once together they
        make a full raise (`owed` is exactly their sum)."""
        return seat in self.may_raise or owed >= self.reopen_size

    def _someone_could_call_more(self, seat: int) -> bool:
        """Whether another seat in the hand could put in more than the current bet; if not, a
        raise could never be called (its excess would only come back), so none is offered."""
        led, bet = self.ledger, self.current_bet
        for other, (playing, folded, round_total, stack) in enumerate(
            zip(led.playing, led.folded, led.this_round, led.stacks, strict=True)
        ):
            if other != seat and playing and not folded and round_total + stack > bet:
                return True
        return False

    # --- acting --------------------------------------------------------------------------

    def parse(self, move: Mapping[str, Any]) -> BetAction:
        """Check a betting move of the seat to act; raises IllegalMove with the reason."""
        kind = move.get("type")
        if kind not in BETTING_MOVES:
            raise refuse("refuse.bet.unknown_move", move=shown(kind))
        allowed = {"type", "to"} if kind in ("bet", "raise") else {"type"}
        extra = move.keys() - allowed
        if extra:
            raise refuse("refuse.move.extra_fields", fields=", ".join(sorted(extra)), move=kind)
        legal = self.legal()
        if kind == "fold":
            return BetAction("fold")
        if kind == "check":
            if not legal.can_check:
                raise refuse("refuse.bet.cannot_check", amount=amount(legal.call))
            return BetAction("check", self.ledger.this_round[legal.seat])
        if kind == "call":
            if legal.can_check:
                raise refuse("refuse.bet.no_call")
            return BetAction("call", self.ledger.this_round[legal.seat] + legal.call)
        if kind == "all_in":
            return self._classify_all_in(legal)
        return self._parse_aggressive(kind, move.get("to"), legal)

    def _classify_all_in(self, legal: LegalActions) -> BetAction:
        """Q4: all remaining chips may go in even below the minimum. When nobody else could
        put in more than the current bet, an all-in is allowed although a raise is not: the part
        nobody can call comes back when the round ends (Q9, the seed's example). It is refused only
        when it would be a raise that a short all-in did not reopen for this seat."""
        if legal.max_to <= self.current_bet:
            return BetAction("call", legal.max_to)
        if not legal.all_in:
            raise self._no_raise(legal)
        return BetAction("bet" if legal.opens else "raise", legal.max_to)

    def _parse_aggressive(self, kind: str, raw_to: object, legal: LegalActions) -> BetAction:
        if kind == "bet" and not legal.opens:
            raise refuse("refuse.bet.already_bet", amount=amount(self.current_bet))
        if kind == "raise" and legal.opens:
            raise refuse("refuse.bet.nothing_bet")
        if legal.min_to is None:
            raise self._no_raise(legal)
        to = parse_amount(raw_to, field="to")
        if to > legal.max_to:
            if kind == "bet":
                raise refuse("refuse.bet.bet_too_much", amount=amount(legal.max_to))
            raise refuse("refuse.bet.raise_too_much", amount=amount(legal.max_to))
        if to < legal.max_to:
            check_unit(to, self.unit, field="to")
            if to < legal.min_to:
                if kind == "bet":
                    raise refuse("refuse.bet.smallest_bet", amount=amount(legal.min_to))
                raise refuse("refuse.bet.smallest_raise", amount=amount(legal.min_to))
        return BetAction("bet" if legal.opens else "raise", to)

    def _no_raise(self, legal: LegalActions) -> IllegalMove:
        if legal.max_to <= self.current_bet:
            return refuse("refuse.bet.no_chips")
        if not self._reopened(legal.seat, self.current_bet - self.ledger.this_round[legal.seat]):
            return refuse("refuse.bet.not_reopened")
        return refuse("refuse.bet.nobody_to_call")

    def apply(self, seat: int, action: BetAction) -> BetOutcome:
        led = self.ledger
        self.to_act.discard(seat)
        self.may_raise.discard(seat)
        if action.kind == "fold":
            led.fold(seat)
            self._next_from(seat + 1)
            return BetOutcome(seat, "fold", 0, led.this_round[seat], False, False)
        added = led.commit(seat, action.to - led.this_round[seat])
        full = False
        if action.to > self.current_bet:
            increment = action.to - self.current_bet
            full = increment >= self.full_increment()
            self.to_act = set(led.seats_able_to_act())
            self.to_act.discard(seat)
            self.current_bet = action.to
            self.last_aggressor = seat
            if full:
                self.last_increment = increment
                self.may_raise = set(self.to_act)
                self.reopen_size = self.min_increment()
        self._next_from(seat + 1)
        return BetOutcome(seat, action.kind, added, action.to, led.stacks[seat] == 0, full)

    # --- turn order ----------------------------------------------------------------------

    def _require_actor(self) -> int:
        if self.actor is None:
            raise refuse("refuse.bet.round_over")
        return self.actor

    def _next_from(self, start: int) -> None:
        """Move the turn to the next seat clockwise from `start` that still has to act."""
        led = self.ledger
        self.actor = None
        self._legal = None
        if led.live_count() <= 1:
            self.to_act.clear()
            return
        able: list[int] | None = None
        num_seats = led.num_seats
        for step in range(num_seats):
            seat = (start + step) % num_seats
            if seat not in self.to_act:
                continue
            owed = self.current_bet - led.this_round[seat]
            if owed > 0:
                self.actor = seat
                return
            if able is None:
                able = led.seats_able_to_act()
            alone = len(able) == (seat in able)
            if alone:
                self.to_act.discard(seat)  # nobody left to bet against: nothing to decide
                continue
            self.actor = seat
            return
