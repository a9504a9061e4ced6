"""The Slovní poker game at one table (W2, W5, W11, W12): ten deals, the accounts, the end.

This module owns what spans deals: the balances, the stakes of each deal (W5, from data),
who is bankrupt (W11) or has left (W12), the points an unsplittable pot leaves for the next
deal, and the result. A deal is `deal.Deal`; moves and prompts are `moves.py`; views `views.py`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, cast

from pokerhall.engine.events import JSON, Event
from pokerhall.engine.messages import Message
from pokerhall.engine.results import game_result
from pokerhall.engine.rng import make_rng
from pokerhall.games.wordpoker import moves
from pokerhall.games.wordpoker.deal import Deal
from pokerhall.games.wordpoker.events import (
    Bankrupt,
    DealSummary,
    Forfeited,
    RoundStarted,
    WordPokerEvent,
)
from pokerhall.games.wordpoker.history import describe_event
from pokerhall.games.wordpoker.letters import DATA, Alphabet, default_alphabet, stakes_table
from pokerhall.games.wordpoker.lexicons import WordList, lexicon
from pokerhall.games.wordpoker.options import WordPokerOptions
from pokerhall.games.wordpoker.views import build_view
from pokerhall.table.match import Match

PROMPTS = {"declare": moves.declare_prompt, "respond": moves.respond_prompt}


def data_digest() -> str:
    """The letters and stakes this build plays with (pinned like the dictionary)."""
    digest = hashlib.sha256()
    for name in ("letters.json", "stakes.json"):
        digest.update((DATA / name).read_bytes())
    return "sha256:" + digest.hexdigest()


class WordPoker(Match[moves.Move, WordPokerEvent]):
    name = "wordpoker"
    secret_moves = frozenset({"raise", "stay", "pass", "call", "word", "no_word"})
    """Every move is sealed (W6, W9); the public record keeps only their types."""

    def __init__(
        self,
        players: Sequence[str],
        opts: WordPokerOptions,
        seed: int,
        *,
        words: WordList | None = None,
        alphabet: Alphabet | None = None,
    ) -> None:
        """Made by the registry through `wordpoker.create`; tests may pass their own words."""
        super().__init__(players, opts.to_json(), seed)
        self.options = opts
        self.words = words if words is not None else lexicon(opts.lexicon)
        self.alphabet = alphabet or default_alphabet(opts.scoring)
        self.stakes = stakes_table()[: opts.deals]
        self._rng = make_rng(seed)
        n = len(players)
        self.points = [opts.points] * n
        """Balances between deals (during one, the deal's ledger holds them)."""
        self.penalties = [0] * n
        self.bankrupt: list[int] = []
        self.carry = 0
        self.results: list[DealSummary] = []
        """Each finished deal's result (W10)."""
        self.deal: Deal
        self.events += self._next_deal()

    # --- between deals -------------------------------------------------------------------------

    def still_in(self, seat: int) -> bool:
        return seat not in self.resigned and seat not in self.bankrupt

    def balance(self, seat: int) -> int:
        return self.deal.ledger.stacks[seat] if self._result is None else self.points[seat]

    def _next_deal(self) -> list[Event[WordPokerEvent]]:
        """W11: who cannot pay the ante is bankrupt and plays no more deals; the game ends after
        the last deal, or when fewer than two players are left."""
        number = len(self.results) + 1
        if number > len(self.stakes):
            return self._finish()
        stakes = self.stakes[number - 1]
        events: list[Event[WordPokerEvent]] = []
        for seat in range(self.num_seats):
            if self.still_in(seat) and self.points[seat] < stakes.ante:
                self.bankrupt.append(seat)
                events.append(
                    Event.public(
                        Bankrupt(
                            type="bankrupt", seat=seat, points=self.points[seat], ante=stakes.ante
                        )
                    )
                )
        seats = [s for s in range(self.num_seats) if self.still_in(s)]
        if len(seats) < 2:
            return events + self._finish()
        self.deal = Deal(
            number=number,
            stakes=stakes,
            alphabet=self.alphabet,
            words=self.words,
            points=self.points,
            seats=seats,
            carry=self.carry,
            rng=self._rng,
            check_on_submit=self.options.check_words == "on_submit",
        )
        started = Event.public(
            RoundStarted(
                type="round_started",
                round=number,
                deals=len(self.stakes),
                ante=stakes.ante,
                most=list(stakes.raise_caps),
                seats=seats,
            )
        )
        return [*events, started, *self.deal.start()]

    def _end_deal(self) -> list[Event[WordPokerEvent]]:
        assert self.deal.result is not None
        self.points = list(self.deal.ledger.stacks)
        self.carry = int(self.deal.result["carry"])
        self.results.append(self.deal.result)
        return self._next_deal()

    def _finish(self) -> list[Event[WordPokerEvent]]:
        places = [1 + sum(p > mine for p in self.points) for mine in self.points]
        result = game_result(
            places=places,
            scores=list(self.points),
            unit="points",
            rounds=len(self.results),
            unawarded=self.carry,
            penalties=list(self.penalties),
            bankrupt=sorted(self.bankrupt),
            resigned=sorted(self.resigned),
        )
        return [self.finish(result)]

    def resign(self, seat: int) -> list[Event[WordPokerEvent]]:
        """W12: a player who leaves forfeits the deal under way (losing what they put in) and
        every deal still to come, whose antes are deducted from their account. One who lets
        the clock play a whole deal forfeits that deal only (`time_out`, `Deal._end`)."""
        later = self.stakes[self.deal.number :]
        deducted = sum(s.ante for s in later)
        self.deal.ledger.stacks[seat] -= deducted
        self.penalties[seat] += deducted
        events: list[Event[WordPokerEvent]] = [
            Event.public(Forfeited(type="forfeited", seat=seat, deals=len(later), points=deducted))
        ]
        events += self.deal.withdraw(seat)
        if self.deal.phase == "done":
            events += self._end_deal()
        return events

    # --- protocol --------------------------------------------------------------------------------

    def compute_pending(self) -> dict[int, JSON]:
        build = PROMPTS.get(self.deal.phase, moves.word_prompt)
        return {seat: build(self.deal, seat, self.prompt_id) for seat in self.deal.waiting}

    def parse(self, seat: int, move: Mapping[str, Any]) -> moves.Move:
        return moves.parse(self.deal, seat, move)

    def apply(self, seat: int, move: moves.Move) -> list[Event[WordPokerEvent]]:
        """A move of the seat's own: whoever makes one has come to this deal (W12)."""
        self.deal.came.add(seat)
        return self._play(seat, move)

    def time_out(self, seat: int, move: moves.Move) -> list[Event[WordPokerEvent]]:
        """W12: the clock's move for a player with no excuse. A seat that makes no move of its
        own in a whole deal did not come and forfeits it (`Deal._end`): the deal's ante and
        whatever else it put in are lost, deal after deal until it moves again; what it had
        before it keeps (no later antes are deducted in advance, as when resigning)."""
        self.deal.timed_out.add(seat)
        return self._play(seat, move)

    def _play(self, seat: int, move: moves.Move) -> list[Event[WordPokerEvent]]:
        events = self.deal.apply(seat, move)
        if self.deal.phase == "done":
            events += self._end_deal()
        return events

    def seat_view(self, seat: int | None) -> JSON:
        # A view leaves the game as JSON (engine protocol); within the game it is a
        # `WordPokerView`, which mypy checks where it is built.
        return cast(JSON, build_view(self, seat))

    def describe(self, event: Event[WordPokerEvent]) -> Message:
        return describe_event(event)

    def content(self) -> dict[str, str]:
        return {"lexicon": f"sha256:{self.words.digest}", "letters": data_digest()}
