"""Playing random (or scripted) moves on our engine and on PokerKit at once, comparing as we go.

Where the two differ on purpose, the checks here say exactly how far (see the docstring of
test_pokerkit_differential.py); anything else is an AssertionError carrying the move trace.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .pokerkit_driver import Move, Options, PokerKitHand, PotList


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
            assert forced.call == 0, ("PokerKit asks", forced, trace)
            assert forced.raise_to is None, ("PokerKit asks", forced, trace)
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
            assert theirs.only_short_all_ins_so_far(), ("options", mine, pk, trace)
            assert mine == Options(pk.seat, pk.stack, pk.call, pk.opens, None), (
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
    ours: tuple[list[int], PotList | None],
    theirs: PokerKitHand,
    distance: Sequence[int],
    stats: Stats,
    trace: list[Any],
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
