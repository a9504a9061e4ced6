"""Nim, a real (tiny) game that exists only in the tests: players take turns taking 1 to 3
stones from a pile; whoever takes the last stone wins. It brings no terminal module, so the CLI
plays it through its generic fallback, from the one prompt shape alone.

Rules (test-only, cited as N1-N3): N1 the pile starts with `stones` (option); N2 a turn takes 1
to 3 stones, never more than are left; N3 taking the last stone wins, everybody else shares
second place. A resigned seat is skipped.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pokerhall.engine.catalog import GameInfo, OptionSpec, Ruleset
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.prompts import int_param, move_spec, prompt, random_move
from pokerhall.engine.protocol import Game
from pokerhall.engine.results import game_result

OPTIONS = (OptionSpec("stones", "int", 7, "Stones in the pile at the start (N1).", min=1, max=99),)
RULESETS = (Ruleset("nim", "Nim", 2, 4),)


class Nim(Game[int]):
    name = "nim"

    def __init__(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> None:
        opts = INFO.parse_options(options)
        INFO.check_players(INFO.ruleset(opts["ruleset"]), len(players))
        super().__init__(players, opts, seed)
        self.left = int(opts["stones"])
        self.turn = 0
        self.winner: int | None = None
        self.events.append(Event.public(ROUND_STARTED, round=1, stones=self.left))

    def compute_pending(self) -> dict[int, JSON]:
        if self.winner is not None:
            return {}
        take = move_spec("take", {"count": int_param(1, min(3, self.left))})
        return {self.turn: prompt("take", self.prompt_id, [take], {"type": "take", "count": 1})}

    def seat_view(self, seat: int | None) -> JSON:
        return {"seat": seat, "stones": self.left, "to_move": self.turn, "result": self.result}

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def result(self) -> JSON | None:
        if self.winner is None:
            return None
        places = [1 if seat == self.winner else 2 for seat in range(self.num_seats)]
        scores = [1 if seat == self.winner else 0 for seat in range(self.num_seats)]
        return game_result(places=places, scores=scores, unit="points", rounds=1)

    def parse(self, seat: int, move: Mapping[str, Any]) -> int:
        if move["type"] != "take":
            raise IllegalMove(f"there is no {move['type']!r} move in nim; take 1 to 3 stones")
        count = move.get("count")
        if type(count) is not int or not 1 <= count <= min(3, self.left):
            raise IllegalMove(f"take 1 to {min(3, self.left)} stones, not {count!r}")  # N2
        return count

    def apply(self, seat: int, move: int) -> list[Event]:
        self.left -= move
        events = [Event.public("took", seat=seat, count=move, left=self.left)]
        if self.left == 0:  # N3
            self.winner = seat
            events.append(Event.public("game_over", **(self.result or {})))
        else:
            self.turn = (self.turn + 1) % self.num_seats
        return events

    def default_move(self, seat: int) -> JSON:
        return {"type": "take", "count": 1}


class RandomNimBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: JSON, asked: JSON) -> JSON:
        return random_move(asked, self.rng)


INFO = GameInfo(
    name="nim",
    title="Nim",
    summary="Take 1 to 3 stones; whoever takes the last one wins.",
    factory=Nim,
    rulesets=RULESETS,
    options=OPTIONS,
    bots={"random": RandomNimBot},
    default_bot="random",
    on_leave="resign",
    score_unit="points",
)
