"""Detective Poker bots: `sampler` (few deals, no Bluff) and `expert` (more deals, every card,
and what the others' bets say).

Both play from their seat's view alone (X10): `estimate.chances` deals the unseen cards many
times to find how likely each player is to hold the best and the worst hand, and
`planner.plan` places chips and action cards for the most expected points. The expert also
reads the others' open bets (`reads.py`): they see its forehead card, so a deal that fits their
bets counts for more, as far as each has been seen to bet on what it sees. The engine's
`RandomBot` is registered as `random`.
"""

from __future__ import annotations

import random

from pokerhall.engine.bots import seat_of
from pokerhall.engine.events import JSON
from pokerhall.games.detective.bots.estimate import chances, read_chances
from pokerhall.games.detective.bots.planner import plan
from pokerhall.games.detective.bots.reads import Reads
from pokerhall.games.detective.views import DetectiveView, detective_view


class SamplerBot:
    """A quick detective: 40 deals a decision, never bluffs."""

    samples = 40
    use_bluff = False

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def estimate(self, view: DetectiveView) -> tuple[list[float], list[float]]:
        return chances(view, self.samples, self._rng)

    def choose(self, view: JSON, prompt: JSON) -> JSON:
        seen = detective_view(view)
        street = seen["hand"]["street_index"]
        if street is None:
            raise ValueError("a Detective bot is asked to bet only while the hand is betting")
        best, worst = self.estimate(seen)
        params = prompt["moves"][0]["params"]
        cards = [c for c in params["card"]["choices"] if c]
        choice = plan(
            seat=seat_of(seen),
            best=best,
            worst=worst,
            street=street - 1,
            chips_left=prompt["chips_left"],
            max_chips=params["chips"]["max"],
            cards=cards,
            expert=seen["expert"],
            use_bluff=self.use_bluff,
        )
        return {"type": "bet", "board": choice.board, "chips": choice.chips, "card": choice.card}


class ExpertBot(SamplerBot):
    """A careful detective: 400 deals a decision weighed by the others' bets, and Bluff when
    the worst hand is likelier."""

    samples = 400
    use_bluff = True

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.reads = Reads()

    def estimate(self, view: DetectiveView) -> tuple[list[float], list[float]]:
        self.reads.observe(view)
        return read_chances(view, self.samples, self._rng, self.reads)


__all__ = ["ExpertBot", "SamplerBot"]
