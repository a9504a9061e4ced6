"""Our side of the differential test, seen in PokerKit's seat numbering.

- `TableHand`: our table layer (Ledger + BettingRound + build_pots + split) playing one hand the
  way src/pokerhall/games/quizpoker/hand.py does: blinds, street order, uncalled bets, settling.
  The button is on the last seat, so our seats and PokerKit's players coincide.
- `GameHand`: the first hand of a real QuizPoker game, through the public game API (button on
  seat 0, so our seat is PokerKit's player + 1 mod n).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerhall import games
from pokerhall.engine.protocol import Game
from pokerhall.table.betting import BettingRound
from pokerhall.table.ledger import Ledger
from pokerhall.table.minraise import MIN_RAISE_RULES
from pokerhall.table.pots import OddChips, Pot, award, split
from pokerhall.table.seats import clockwise

from .pokerkit_driver import Deal, Move, Options, PotList


@dataclass
class TableHand:
    """One hand on our table layer, driven the way the QuizPoker `Hand` drives it."""

    stacks: list[int]
    small: int
    big: int
    distance: tuple[int, ...]
    ledger: Ledger = field(init=False)
    betting: BettingRound = field(init=False)
    street: int = 0
    final_pots: list[Pot] | None = None
    over: bool = False
    short_all_ins: int = 0
    """Bets and raises that were not full (all-ins below the minimum)."""
    reopened_by_short_all_ins: int = 0
    """Times a seat that had acted could raise again because short all-ins made a full raise."""

    def __post_init__(self) -> None:
        n = len(self.stacks)
        self.button = n - 1
        self.small_seat = self.button if n == 2 else 0  # Q12: heads-up the button posts the SB
        self.big_seat = (self.small_seat + 1) % n
        self.ledger = Ledger(stacks=list(self.stacks), playing=[True] * n)
        self.ledger.commit(self.small_seat, self.small)  # Q11: a short stack posts what it has
        self.ledger.commit(self.big_seat, self.big)
        self._open_street()

    @property
    def actor(self) -> int | None:
        return None if self.over else self.betting.actor

    def options(self) -> Options:
        legal = self.betting.legal()
        raise_to = None if legal.min_to is None else (legal.min_to, legal.max_to)
        if raise_to is not None and legal.seat not in self.betting.may_raise:
            self.reopened_by_short_all_ins += 1
        stack = self.ledger.stacks[legal.seat]
        return Options(legal.seat, stack, legal.call, legal.opens, raise_to)

    def committed(self) -> list[int]:
        return [a - b for a, b in zip(self.stacks, self.ledger.stacks, strict=True)]

    def play(self, move: Move) -> None:
        seat = self.betting.actor
        assert seat is not None
        outcome = self.betting.apply(seat, self.betting.parse(move))
        if outcome.kind in ("bet", "raise") and not outcome.full_raise:
            self.short_all_ins += 1
        if self.betting.done:
            self._close_street()

    def _open_street(self) -> None:
        first = self.big_seat + 1 if self.street == 0 else self.button + 1
        self.betting = BettingRound(
            self.ledger,
            first=first,
            big_blind=self.big,
            unit=1,
            round_index=self.street,
            rule=MIN_RAISE_RULES["last_raise"],
        )
        if self.betting.done:  # Q7: at most one seat can act
            self._close_street()

    def _close_street(self) -> None:
        self.ledger.end_round()
        if len(self.ledger.live_seats()) <= 1 or self.street == 3:
            self._settle()
            return
        self.street += 1
        self._open_street()

    def _settle(self) -> None:
        led = self.ledger
        self.final_pots = led.pots()
        order = clockwise(self.button + 1, led.num_seats)
        for pot in self.final_pots:
            best = min(self.distance[s] for s in pot.eligible)
            winners = [s for s in pot.eligible if self.distance[s] == best]
            shares, rest = split(
                pot.amount, winners, unit=1, odd_chips=OddChips.LEFT_OF_BUTTON, order=order
            )
            assert rest == 0
            award(shares, led.stacks)
        led.put_in = [0] * led.num_seats
        self.over = True

    def final(self) -> tuple[list[int], PotList | None]:
        """Stacks after the hand and, if it went to a showdown, the pots that were contested."""
        pots = None
        if self.final_pots is not None and len(self.ledger.live_seats()) > 1:
            pots = [(p.amount, p.eligible) for p in self.final_pots]
        return list(self.ledger.stacks), pots


# --- the real game ----------------------------------------------------------------------------


class GameHand:
    """The first hand of a QuizPoker game (button on seat 0), seen in PokerKit's numbering."""

    def __init__(self, game: Game[Any], deal: Deal) -> None:
        self.game = game
        self.n = game.num_seats
        self.start = [p["stack"] for p in game.view(None)["players"]]
        answer: Decimal = game.hand.question.answer  # the test knows; players do not
        for player in range(self.n):
            guess = answer + deal.distance[player]  # distance = how much worse the hand is
            game.act(self.seat(player), {"type": "guess", "value": str(guess)})

    def seat(self, player: int) -> int:
        return (player + 1) % self.n

    def player(self, seat: int) -> int:
        return (seat - 1) % self.n

    @property
    def over(self) -> bool:
        return any(
            e.type == "game_over" or (e.type == "round_started" and e.data["round"] == 2)
            for e in self.game.events
        )

    def _prompt(self) -> tuple[int, dict[str, Any]] | None:
        if self.over:
            return None
        [(seat, prompt)] = self.game.pending().items()
        assert prompt["type"] == "bet", prompt
        return seat, prompt

    @property
    def actor(self) -> int | None:
        found = self._prompt()
        return None if found is None else self.player(found[0])

    def options(self) -> Options:
        found = self._prompt()
        assert found is not None
        seat, prompt = found
        moves = {move["type"]: move for move in prompt["moves"]}
        aggressive = moves.get("bet") or moves.get("raise")
        window = None if aggressive is None else aggressive["params"]["to"]
        raise_to = None if window is None else (window["min"], window["max"])
        call = moves["call"]["amount"] if "call" in moves else 0
        stack = self.game.view(None)["players"][seat]["stack"]
        return Options(self.player(seat), stack, call, prompt["current_bet"] == 0, raise_to)

    def committed(self) -> list[int]:
        stacks = [p["stack"] for p in self.game.view(None)["players"]]
        return [self.start[self.seat(i)] - stacks[self.seat(i)] for i in range(self.n)]

    def play(self, move: Move) -> None:
        found = self._prompt()
        assert found is not None
        self.game.act(found[0], move)

    def final(self) -> tuple[list[int], PotList | None]:
        stacks: list[int] | None = None
        pots: PotList | None = None
        showdown = False
        for event in self.game.events:
            if event.type == "round_ended":
                pots = [
                    (p["amount"], tuple(sorted(self.player(s) for s in p["eligible"])))
                    for p in event.data["pots"]
                ]
            elif event.type == "showdown":
                showdown = True
            elif (event.type == "round_started" and event.data["round"] == 2) or (
                event.type == "game_over"
            ):
                stacks = list(event.data["stacks" if event.type == "round_started" else "scores"])
        assert stacks is not None
        return [stacks[self.seat(i)] for i in range(self.n)], pots if showdown else None


def new_game_hand(
    num_seats: int, stack: int, small: int, deal: Deal, *, questions: str, seed: int
) -> GameHand:
    options = {
        "min_raise": "standard",
        "starting_stack": stack,
        "small_blinds": [small],
        "chip_unit": 1,
        "questions": questions,
    }
    return GameHand(games.create("quizpoker", num_seats, options, seed=seed), deal)
