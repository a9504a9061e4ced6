"""Differential test: random no-limit hands on our engine and on PokerKit must agree.

With `min_raise="standard"` our betting is plain no-limit hold'em betting, so PokerKit's
`NoLimitTexasHoldem` is a reference. Cards are dealt by the test; each player's final hold'em
strength becomes a QuizPoker distance (better hand, smaller distance; equal hands, equal
distances), so both engines must pay the same players. After every move we compare who acts,
the call amount, whether a bet/raise is allowed and its smallest and largest total, and what each
player has put in; at the end the contested pots (amounts and contenders) and the final stacks.

Two drivers: (a) our table layer directly (Ledger + BettingRound + build_pots + split, driven like
games/quizpoker/hand.py) with random unequal stacks; (b) the first hand of a real QuizPoker game
through the public API (equal stacks, guesses, prompts, events).

Where PokerKit and we differ on purpose (each checked, not ignored):

1. Meaningless checks (Q7). When a seat owes nothing and nobody else can act (the rest are all-in
   or folded), we skip it; PokerKit sometimes still asks it to act, with check as the only sensible
   move. The driver checks for PokerKit and asserts that nothing else was possible.
2. PokerKit counts the first bet or raise of a betting round as a full raise whatever its size
   (its running "last raise" starts at 0, not at the big blind). So after a short all-in that was
   the round's first aggression (limpers, then an all-in raise below a full raise; or an opening
   all-in bet below the big blind after checks) PokerKit lets players who already acted raise
   again. Standard no-limit (TDA "reopening the bet") and we do not. The driver asserts that this
   is the only kind of disagreement about raising and plays only moves both engines allow.
3. Odd chips. We split each pot on its own and hand out odd chips one at a time from left of the
   button (QP4); PokerKit first kills the losing hands, merges pots that then have the same
   contenders and gives the whole remainder to the first winner. Stacks may then differ among tied
   winners only; the pots must still be identical and no chip may appear or vanish.
4. An all-in when nobody else could put in more than the current bet: QuizPoker accepts it (Q4; the
   seed's Q9 example) and returns what nobody can call; PokerKit refuses a raise there. The
   generator only goes all-in when that is a call or when a raise is allowed.
5. Folding when checking is possible: allowed by us, refused by PokerKit's tournament mode. The
   generator folds only when facing a bet.
"""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from .our_hands import TableHand, new_game_hand
from .pokerkit_driver import Move, Options, PokerKitHand, random_deal
from .side_by_side import Stats, compare_settlement, play_side_by_side, random_move

MINI_PACK = str(Path(__file__).resolve().parents[1] / "fixtures" / "mini.en.jsonl")
CHUNK = 100
TABLE_CHUNKS = 10
GAME_CHUNKS = 4
BIG_BLINDS = (2, 4, 10, 20, 50)
ALL_IN: Move = {"type": "all_in"}
CALL: Move = {"type": "call"}
FOLD: Move = {"type": "fold"}


def raise_(to: int) -> Move:
    return {"type": "raise", "to": to}


def random_stack(rng: random.Random, big: int) -> int:
    """Short, medium and deep stacks, so blinds, all-ins and side pots come up often."""
    kind = rng.random()
    if kind < 0.25:
        return rng.randint(1, 3 * big)
    if kind < 0.7:
        return rng.randint(1, 40 * big)
    return rng.randint(20 * big, 200 * big)


def table_hand(seed: int, stats: Stats) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    big = rng.choice(BIG_BLINDS)
    stacks = [random_stack(rng, big) for _ in range(n)]
    deal = random_deal(rng, n)
    trace: list[Any] = [("seed", seed, "stacks", stacks, "blinds", big // 2, big)]
    ours = TableHand(list(stacks), big // 2, big, deal.distance)
    theirs = PokerKitHand(stacks, big // 2, big, deal)
    play_side_by_side(partial(random_move, rng), ours, theirs, stats, trace)
    compare_settlement(ours.final(), theirs, deal.distance, stats, trace)
    stats.counts["short all-in"] += ours.short_all_ins
    stats.counts["reopened by short all-ins"] += ours.reopened_by_short_all_ins


def game_hand(seed: int, stats: Stats) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    big = rng.choice(BIG_BLINDS)
    stack = random_stack(rng, big)
    deal = random_deal(rng, n)
    trace: list[Any] = [("seed", seed, "players", n, "stack", stack, "blinds", big // 2, big)]
    ours = new_game_hand(n, stack, big // 2, deal, questions="mini.en", seed=seed)
    theirs = PokerKitHand([stack] * n, big // 2, big, deal)
    play_side_by_side(partial(random_move, rng), ours, theirs, stats, trace)
    compare_settlement(ours.final(), theirs, deal.distance, stats, trace)


@pytest.mark.parametrize("chunk", range(TABLE_CHUNKS))
def test_table_layer_matches_pokerkit_with_unequal_stacks(chunk: int) -> None:
    stats = Stats()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        table_hand(seed, stats)
    assert stats.hands == CHUNK
    # The sample must reach the hard cases, or agreeing would prove little.
    assert stats.showdowns >= 20
    assert stats.side_pots >= 5
    assert stats.counts["short all-in"] >= 5
    assert stats.counts["fold"] >= 50
    assert stats.counts["raise"] >= 50


@pytest.mark.parametrize("chunk", range(GAME_CHUNKS))
def test_quizpoker_first_hand_matches_pokerkit(chunk: int) -> None:
    stats = Stats()
    for seed in range(10_000 + chunk * CHUNK, 10_000 + (chunk + 1) * CHUNK):
        game_hand(seed, stats)
    assert stats.hands == CHUNK
    assert stats.showdowns >= 20
    assert stats.counts["fold"] >= 50
    assert stats.counts["raise"] >= 50


@pytest.mark.parametrize(
    ("seed", "counter"),
    [
        (143, "pokerkit_only_checks"),
        (83, "pokerkit_reopens"),
        (863, "odd_chip_differences"),
        (2335, "reopened by short all-ins"),
    ],
)
def test_the_sample_reaches_each_special_case(seed: int, counter: str) -> None:
    """Each special case of the driver (see the module docstring) really occurs, so it is
    exercised and checked rather than dead code. If the generator changes, pick new seeds."""
    stats = Stats()
    table_hand(seed, stats)
    found = getattr(stats, counter) if hasattr(stats, counter) else stats.counts[counter]
    assert found > 0


# --- scripted hands: the reopening rules, on both engines --------------------------------------


def scripted(stacks: list[int], moves: list[Move]) -> tuple[list[Options], Stats]:
    """Plays `moves` on both engines (blinds 5/10, button on the last seat), then checks and
    calls to the end; every comparison of `play_side_by_side` applies. Returns our options at
    each move."""
    deal = random_deal(random.Random(len(stacks)), len(stacks))
    ours = TableHand(list(stacks), 5, 10, deal.distance)
    theirs = PokerKitHand(stacks, 5, 10, deal)
    script = iter(moves)
    seen: list[Options] = []

    def choose(options: Options) -> Move:
        seen.append(options)
        return next(script, {"type": "call" if options.call else "check"})

    stats = Stats()
    play_side_by_side(choose, ours, theirs, stats, [("scripted", stacks, moves)])
    compare_settlement(ours.final(), theirs, deal.distance, stats, [("scripted", stacks)])
    return seen, stats


def test_cumulative_short_all_ins_reopen_raising_on_both_engines() -> None:
    """Seat 2 raises to 100 (a raise of 90); seats 3 and 4 go all-in for 50 more each: together a
    full raise, so seat 2 may raise again, to at least 200 + 90."""
    moves: list[Move] = [raise_(100), ALL_IN, ALL_IN, FOLD, CALL, raise_(290)]
    seen, stats = scripted([1000, 1000, 1000, 150, 200], moves)
    assert seen[5] == Options(2, 900, 100, False, (290, 1000))
    assert stats.pokerkit_reopens == 0


def test_short_all_ins_short_of_a_full_raise_do_not_reopen_on_both_engines() -> None:
    moves: list[Move] = [raise_(100), ALL_IN, ALL_IN, FOLD, CALL]
    seen, stats = scripted([1000, 1000, 1000, 150, 180], moves)
    assert seen[5] == Options(2, 900, 80, False, None)
    assert stats.pokerkit_reopens == 0


def test_pokerkit_reopens_after_a_first_short_all_in_raise_and_we_do_not() -> None:
    """Difference 2 of the module docstring: seat 2 limps, seat 3 goes all-in to 15 (5 more, a
    full raise would be 10 more); the limper may only call or fold (standard no-limit), while
    PokerKit would let it raise."""
    seen, stats = scripted([1000, 1000, 1000, 15], [CALL, ALL_IN, CALL, CALL])
    assert seen[4] == Options(2, 990, 5, False, None)
    assert stats.pokerkit_reopens == 1
