"""A table's hand history as one seat (or a spectator) may read it: the list of its rounds,
and one round's events that seat may see, each with its description (`Game.describe`), which
clients render in their reader's language as they do the live log.

Events are never stored: the match is replayed from its record (`engine.registry.replay`) and
its events filtered by their visibility, the engine's one filter, so the history shows exactly
what the table showed that seat, no more. A long game is long to replay (an eight-player Palace
game of 15,000 moves takes about half a second, and all its rounds are 7 MB of JSON:
`bench/history_replay.py`), so a request gets one round at a time, and the last few tables
asked about keep their replayed game (`Replays`), which later requests only bring up to date
with the moves made since.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from pokerhall import games
from pokerhall.engine import JSON, Event, Game, MatchRecord
from pokerhall.engine.events import ROUND_STARTED, started_round
from pokerhall.engine.registry import check_content

KEPT_GAMES = 4
"""Replayed games kept (the tables whose history was asked for last)."""


class Replays:
    """Replayed games by table, brought up to date with a record's newer moves. Used from
    worker threads (the route replays off the event loop), so one lock guards it."""

    def __init__(self, size: int = KEPT_GAMES) -> None:
        self.size = size
        self._games: OrderedDict[str, Game[Any]] = OrderedDict()
        self._lock = threading.Lock()

    def game(self, table_id: str, record: MatchRecord) -> Game[Any]:
        with self._lock:
            game = self._games.pop(table_id, None)
            if game is None or not same_match(game, record):
                game = games.create(record.game, list(record.players), record.options, record.seed)
                check_content(record, game)
            for seat, move in record.moves[len(game.moves) :]:
                game.act(seat, move)
            self._games[table_id] = game
            while len(self._games) > self.size:
                self._games.popitem(last=False)
            return game


def same_match(game: Game[Any], record: MatchRecord) -> bool:
    """The kept game is this record's up to where it was replayed; a table rebuilt with other
    moves (never in this server, but cheap to rule out) is replayed afresh."""
    made = len(game.moves)
    if game.seed != record.seed or tuple(game.players) != tuple(record.players):
        return False
    if made > len(record.moves):
        return False
    return made == 0 or tuple(game.moves[made - 1]) == tuple(record.moves[made - 1])


def history(record: MatchRecord, seat: int | None, round_number: int | None = None) -> JSON:
    """The match in `record` as `seat` saw it (None: a spectator), replayed afresh."""
    return history_of(games.replay(record), seat, round_number)


def history_of(
    state: Game[Any], seat: int | None, round_number: int | None = None, *, every: bool = False
) -> JSON:
    """The rounds (`round`, `finished`) and the events of round `round_number` that `seat`
    may see (the last round when None or not played); with `every`, each round's own events
    too (a download: large for a long game). Round 0 holds what came before the first round
    started, when anything did."""
    starts: list[tuple[int, int]] = []  # (round, index of its first event)
    for index, event in enumerate(state.events):
        if event.type == ROUND_STARTED:
            starts.append((started_round(event) or len(starts) + 1, index))
    if not starts or starts[0][1] > 0:
        starts.insert(0, (0, 0))
    if not starts[-1][0] and not state.events:
        starts = []
    rounds: list[JSON] = [
        {"round": number, "finished": state.over or i < len(starts) - 1}
        for i, (number, _start) in enumerate(starts)
    ]
    if every:
        bounds = [start for _n, start in starts] + [len(state.events)]
        for i, listed in enumerate(rounds):
            listed["events"] = [
                _event_json(state, e)
                for e in state.events[bounds[i] : bounds[i + 1]]
                if e.visible_to(seat)
            ]
    chosen = next((i for i, (n, _s) in enumerate(starts) if n == round_number), len(starts) - 1)
    events: list[JSON] = []
    if starts:
        begin = starts[chosen][1]
        end = starts[chosen + 1][1] if chosen + 1 < len(starts) else len(state.events)
        events = [_event_json(state, e) for e in state.events[begin:end] if e.visible_to(seat)]
    return {
        "game": state.name,
        "players": list(state.players),
        "seat": seat,
        "over": state.over,
        "result": state.result,
        "rounds": rounds,
        "round": starts[chosen][0] if starts else None,
        "events": events,
    }


def _event_json(state: Game[Any], event: Event) -> JSON:
    """As the live table sends it (`sending.Sender.event_json`)."""
    out = event.to_json()
    out["message"] = state.describe(event)
    return out
