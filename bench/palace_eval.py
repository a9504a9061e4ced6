"""Palace Poker battle evaluations per second: pokerhall.cards (eval7) against treys (pure Python).

A battle (P10) ranks each fighter's hand (banner + three palace cards + five soldiers: nine
cards) without the cards of the opponent's banner suit, and breaks a tie by the count of cards of
one's own banner suit. Ours is the game's own call path, `games.palace.battle.judge` on the
fighters' camps (the suit taken away and both hands ranked by `rank_without_suit`, eval7
underneath, then the tie-break), as a called battle in a game runs it. The peer does the same
with treys, which ranks 5-7 cards; for 8-9 cards it takes the best of every five-card
combination, as treys does itself for six and seven, the cost a pure-Python evaluator pays.
Both run over the same seeded battles in interleaved slices. See bench/README.md.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerhall.cards import Card, Deck
from pokerhall.games.palace.battle import Camp, judge

HAND_SIZE = 9  # banner + 3 palace cards + 5 soldiers, the most a fighter can hold
MIN_LEFT = 5  # treys cannot rank fewer cards, so deals leaving fewer are redrawn for both


@dataclass(frozen=True, slots=True)
class Fight:
    attacker: tuple[Card, ...]
    attacker_suit: str
    defender: tuple[Card, ...]
    defender_suit: str


ATTACKER, DEFENDER = 0, 1


def camp(cards: Sequence[Card]) -> Camp:
    """A fighter's camp: the first card is the banner, the next three the palace, the rest
    soldiers (a test's short hand has a shorter palace: only the cards matter to a battle)."""
    return Camp(cards[0], tuple(cards[1:4]), list(cards[4:]))


def verdict(attacker: Camp, defender: Camp) -> int:
    """The game's P10 verdict: 1 if the attacker wins, -1 if the defender does, 0 if still tied
    (both are out)."""
    winner = judge(ATTACKER, attacker, DEFENDER, defender).winner
    return 0 if winner is None else 1 if winner == ATTACKER else -1


def battle(attacker: Sequence[Card], defender: Sequence[Card]) -> int:
    """`verdict` of two card lists, each with its banner first."""
    return verdict(camp(attacker), camp(defender))


def deal_fights(seed: int, count: int) -> list[Fight]:
    """Two nine-card hands from one shuffled deck, banners of different suits (P9)."""
    rng = random.Random(seed)
    fights: list[Fight] = []
    while len(fights) < count:
        deck = Deck.shuffled(rng)
        attacker = [deck.draw() for _ in range(HAND_SIZE)]
        defender = [deck.draw() for _ in range(HAND_SIZE)]
        own, opposing = attacker[0].suit, defender[0].suit  # the first card is the banner
        left_a = sum(1 for card in attacker if card.suit != opposing)
        left_d = sum(1 for card in defender if card.suit != own)
        if own != opposing and min(left_a, left_d) >= MIN_LEFT:
            fights.append(Fight(tuple(attacker), own, tuple(defender), opposing))
    return fights


class Ours:
    name = "pokerhall.cards (eval7)"

    def __init__(self, fights: list[Fight]) -> None:
        """The camps are made once, as a game holds them; the timed part is `judge` alone."""
        self.fights = [(camp(f.attacker), camp(f.defender)) for f in fights]

    def run(self, start: int, count: int) -> int:
        fights, size, fight = self.fights, len(self.fights), judge
        outcome = 0
        for index in range(start, start + count):
            attacker, defender = fights[index % size]
            winner = fight(ATTACKER, attacker, DEFENDER, defender).winner
            outcome += 0 if winner is None else 1 if winner == ATTACKER else -1
        return outcome

    def outcomes(self) -> list[int]:
        return [verdict(*f) for f in self.fights]


class Treys:
    name = "treys (pure Python)"

    def __init__(self, fights: list[Fight]) -> None:
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()
        self.evaluate, self.five = evaluator.evaluate, evaluator._five
        suit_bit = {s: TreysCard.CHAR_SUIT_TO_INT_SUIT[s] << 12 for s in "shdc"}

        def convert(cards: tuple[Card, ...]) -> list[int]:
            return [TreysCard.new(str(card)) for card in cards]

        self.fights = [
            (
                convert(f.attacker),
                suit_bit[f.attacker_suit],
                convert(f.defender),
                suit_bit[f.defender_suit],
            )
            for f in fights
        ]

    def rank(self, cards: list[int]) -> int:
        """treys' score, lower is better: its own evaluation for 5-7, best five of 8-9."""
        if len(cards) <= 7:
            return int(self.evaluate(cards, []))
        five = self.five
        return min(five(combo) for combo in itertools.combinations(cards, 5))

    def battle(self, attacker: list[int], own: int, defender: list[int], opposing: int) -> int:
        mine = self.rank([card for card in attacker if not card & opposing])
        theirs = self.rank([card for card in defender if not card & own])
        if mine != theirs:
            return 1 if mine < theirs else -1
        own_count = sum(1 for card in attacker if card & own)
        their_count = sum(1 for card in defender if card & opposing)
        return (own_count > their_count) - (own_count < their_count)

    def run(self, start: int, count: int) -> int:
        fights, size, fight = self.fights, len(self.fights), self.battle
        outcome = 0
        for index in range(start, start + count):
            outcome += fight(*fights[index % size])
        return outcome

    def outcomes(self) -> list[int]:
        return [self.battle(*f) for f in self.fights]


@dataclass(slots=True)
class Row:
    evaluator: Any
    battles: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.battles / self.seconds

    @property
    def per_cpu_second(self) -> float:
        return self.battles / self.cpu_seconds


def run_slice(row: Row, *, seconds: float, battles: int) -> None:
    """Run `battles` battles, or if that is 0 batches of 50 until `seconds` have passed."""
    run: Callable[[int, int], int] = row.evaluator.run
    cpu_start, start = time.process_time(), time.perf_counter()
    deadline, done = start + seconds, 0
    if battles:
        run(row.battles, battles)
        done = battles
    else:
        while time.perf_counter() < deadline:
            run(row.battles + done, 50)
            done += 50
    row.seconds += time.perf_counter() - start
    row.cpu_seconds += time.process_time() - cpu_start
    row.battles += done


def measure_interleaved(rows: list[Row], args: argparse.Namespace) -> None:
    """Every evaluator's budget in `args.rounds` slices taken in turn, so a change in the
    machine's load hits all of them alike."""
    rounds = max(1, args.rounds)
    for index in range(rounds):
        battles = args.battles // rounds + (index < args.battles % rounds) if args.battles else 0
        for row in rows:
            run_slice(row, seconds=args.seconds / rounds, battles=battles)


def warm_up(row: Row, seconds: float) -> None:
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        row.evaluator.run(0, 50)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per evaluator")
    parser.add_argument("--battles", type=int, default=0, help="fixed battle count instead")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved slices per evaluator")
    parser.add_argument("--warmup", type=float, default=0.5, help="warm-up seconds per evaluator")
    parser.add_argument("--deals", type=int, default=2_000, help="distinct battles, cycled")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    fights = deal_fights(args.seed, args.deals)
    ours = Row(Ours(fights))
    rows = [ours]
    try:
        rows.append(Row(Treys(fights)))
    except ImportError as exc:
        print(f"{exc.name} is not installed (pip install -e '.[bench]'); skipped")
    budget = f"{args.battles} battles" if args.battles else f"{args.seconds:g} s"
    print(
        f"{len(fights)} seeded battles (seed {args.seed}) of two {HAND_SIZE}-card hands, each "
        f"keeping at least {MIN_LEFT} cards without the opponent's suit; {budget} per evaluator "
        f"in {args.rounds} interleaved slices after a {args.warmup:g} s warm-up"
    )
    expected = ours.evaluator.outcomes()
    for row in rows[1:]:
        agree = sum(a == b for a, b in zip(expected, row.evaluator.outcomes(), strict=True))
        print(f"{row.evaluator.name} agrees with ours on {agree} of {len(fights)} battles")
    for row in rows:
        warm_up(row, args.warmup)
    measure_interleaved(rows, args)

    print(f"\n{'evaluator':<26} {'battles':>8} {'seconds':>8} {'battles/s':>10} {'cpu/wall':>9}")
    for row in rows:
        print(
            f"{row.evaluator.name:<26} {row.battles:>8} {row.seconds:>8.2f}"
            f" {row.per_second:>10.0f} {row.cpu_seconds / row.seconds:>9.0%}"
        )
    for row in rows[1:]:
        print(
            f"\npokerhall / {row.evaluator.name}: {ours.per_second / row.per_second:.1f}x"
            f"   by CPU time {ours.per_cpu_second / row.per_cpu_second:.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
