"""Playing one no-limit hand side by side on PokerKit and on our engine, for the differential test.

- `Deal`: cards for one hand, with each player's final hold'em strength turned into a QuizPoker
  distance (better hand -> smaller distance, equal hands -> equal distances), so both engines must
  pay the same players.
- `PokerKitHand`: PokerKit's no-limit hold'em with every card dealt (and burnt) by us, blinds and
  bet collection automated, the showdown manual so the pots can be read before hands are killed.
- `TableHand`: our table layer (Ledger + BettingRound + build_pots + split) playing one hand the way
  src/pokerhall/games/quizpoker/hand.py does: blinds, street order, uncalled bets, settling.
- `GameHand`: the first hand of a real QuizPoker game, through the public game API.
- `play_side_by_side`: plays random legal moves on both, comparing after every move.

Seats: in PokerKit the small blind is player 0 (heads-up, the big blind is), the button is the last
player. With our button on seat b, our seat is PokerKit's player (i + b + 1) mod n; `TableHand`
puts the button on the last seat, so there the two numberings coincide.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from pokerkit import Automation, Mode, NoLimitTexasHoldem, StandardHighHand

from pokerhall import games
from pokerhall.engine.protocol import Game
from pokerhall.table.betting import BettingRound
from pokerhall.table.ledger import Ledger
from pokerhall.table.minraise import MIN_RAISE_RULES
from pokerhall.table.pots import OddChips, Pot, split
from pokerhall.table.seats import clockwise

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


class Side(Protocol):
    """One engine playing the hand; seats are PokerKit's player indices."""

    @property
    def actor(self) -> int | None: ...

    @property
    def over(self) -> bool: ...

    def options(self) -> Options: ...

    def committed(self) -> list[int]:
        """Chips each player has moved from the stack into the pot so far this hand."""
        ...

    def play(self, move: Move) -> None: ...


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
        assert seat is not None and call is not None
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


# --- our table layer --------------------------------------------------------------------------


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
            rule=MIN_RAISE_RULES["standard"],
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
            for seat, chips in shares.items():
                led.stacks[seat] += chips
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
            e.type == "game_over" or (e.type == "hand_started" and e.data["hand"] == 2)
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
        legal = prompt["legal"]
        window = legal["bet"] or legal["raise"]
        raise_to = None if window is None else (window["min_to"], window["max_to"])
        stack = self.game.view(None)["players"][seat]["stack"]
        return Options(
            self.player(seat), stack, legal["call"] or 0, prompt["current_bet"] == 0, raise_to
        )

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
            elif (event.type == "hand_started" and event.data["hand"] == 2) or (
                event.type == "game_over"
            ):
                stacks = list(event.data["stacks"])
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


# --- random moves and the comparison ----------------------------------------------------------


def random_move(rng: random.Random, options: Options) -> Move:
    """A random legal move: fold only when facing a bet; bet or raise to the minimum, to a random
    amount, or all-in; an all-in that is only a call now and then."""
    choices: list[tuple[float, str]] = [(4.0, "call" if options.call else "check")]
    if options.call:
        choices.append((1.5, "fold"))
    if options.raise_to is not None:
        choices += [(1.5, "min"), (1.5, "random"), (1.0, "all_in")]
    elif options.call == options.stack:
        choices.append((0.5, "all_in"))
    pick = rng.choices([c for _, c in choices], weights=[w for w, _ in choices])[0]
    if pick in ("check", "call", "fold", "all_in"):
        return {"type": pick}
    assert options.raise_to is not None
    low, high = options.raise_to
    to = low if pick == "min" else rng.randint(low, high)
    return {"type": "bet" if options.opens else "raise", "to": to}


@dataclass
class Stats:
    """What the compared hands exercised, so a test can insist the sample was not trivial."""

    hands: int = 0
    moves: int = 0
    showdowns: int = 0
    side_pots: int = 0
    split_pots: int = 0
    odd_chip_differences: int = 0
    pokerkit_only_checks: int = 0
    pokerkit_reopens: int = 0
    counts: Counter[str] = field(default_factory=Counter)


def play_side_by_side(
    choose: Callable[[Options], Move],
    ours: Side,
    theirs: PokerKitHand,
    stats: Stats,
    trace: list[Any],
) -> None:
    """Moves from `choose` (given our options) on both engines until the hand ends, comparing
    who acts, what they may do and what everyone has put in after every move. Raises
    AssertionError on a difference."""
    while True:
        if ours.actor is None and theirs.actor is not None:
            # Q7: we skip a seat that owes nothing when nobody else can act; PokerKit asks it
            # to check (it may neither fold nor raise there). Nothing changes either way.
            forced = theirs.options()
            assert forced.call == 0 and forced.raise_to is None, ("PokerKit asks", forced, trace)
            stats.pokerkit_only_checks += 1
            trace.append(("PokerKit only: check", forced.seat))
            theirs.play({"type": "check"})
            continue
        if ours.over:
            assert theirs.over, ("PokerKit goes on", trace)
            return
        assert ours.committed() == theirs.committed(), ("committed", trace)
        assert ours.actor == theirs.actor, ("actor", ours.actor, theirs.actor, trace)
        mine, pk = ours.options(), theirs.options()
        if mine != pk:
            # PokerKit's one departure from standard no-limit (see the test module docstring):
            # we refuse a raise that it allows; the generator only plays what both allow.
            reopen = theirs.only_short_all_ins_so_far() and mine.raise_to is None
            assert reopen and mine == Options(pk.seat, pk.stack, pk.call, pk.opens, None), (
                "options",
                mine,
                pk,
                trace,
            )
            stats.pokerkit_reopens += 1
        move = choose(mine)
        stats.moves += 1
        stats.counts[move["type"]] += 1
        trace.append((mine.seat, move))
        ours.play(move)
        theirs.play(move)


def compare_settlement(
    ours: tuple[list[int], PotList | None], theirs: PokerKitHand, distance: Sequence[int],
    stats: Stats, trace: list[Any],
) -> None:
    """Final stacks and the contested pots must agree.

    Odd chips may differ among tied winners: we split each pot on its own (QP4, one chip at a
    time from left of the button), PokerKit first kills the losing hands, merges pots that then
    have the same contenders and gives a merged pot's whole remainder to the first winner.
    """
    stacks, pots = ours
    stats.hands += 1
    if pots is not None:
        stats.showdowns += 1
        stats.side_pots += len(pots) > 1
        for _, eligible in pots:
            best = min(distance[s] for s in eligible)
            stats.split_pots += sum(distance[s] == best for s in eligible) > 1
        assert pots == theirs.pots_at_showdown, ("pots", pots, theirs.pots_at_showdown, trace)
    if stacks == theirs.stacks:
        return
    assert pots is not None, ("stacks", stacks, theirs.stacks, trace)
    diff = [a - b for a, b in zip(stacks, theirs.stacks, strict=True)]
    tied = Counter(distance)
    assert sum(diff) == 0, ("chips", diff, trace)
    for seat, d in enumerate(diff):
        assert d == 0 or (tied[distance[seat]] > 1 and abs(d) < len(pots) * len(distance)), (
            "stacks",
            stacks,
            theirs.stacks,
            trace,
        )
    stats.odd_chip_differences += 1
