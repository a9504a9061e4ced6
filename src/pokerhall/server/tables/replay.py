"""One finished hand again, move by move, as one seat (or a spectator) watched it live: the
frames of `GET /api/tables/{id}/hands/{hand}/replay` (docs/protocol.md).

A frame is what the table's runtime sent that audience after a move (`sending.Sender.broadcast`):
the view and the events it may see. The rule that decides whether a move sends anything is the
runtime's own, applied again here: an audience gets a frame when it may see one of the move's
events or made the move itself, so a secret move of somebody else (a QuizPoker guess, Q2)
leaves no frame, as it left no message. Views come from the game (`Game.view`), events are
filtered by their visibility: the engine's one filter, so a frame holds nothing that audience
was not sent. Nothing else is added: no move number (it is secret while moves are
simultaneous, `Game.state_id`), no mover, no seed.

The hand's first frame is the view its deal left, with the deal's events. Its last is the
move that ended it: live, that message carried the next hand's view too, which is no part of
this hand, so the last frame keeps the view the audience last had of this hand and only the
events before the next hand began. A game's last hand ends with the game, whose final view
the last frame shows.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pokerhall import games
from pokerhall.engine import JSON, Event, Game, MatchRecord
from pokerhall.engine.events import started_round
from pokerhall.engine.registry import check_content
from pokerhall.server.tables.history import same_match
from pokerhall.server.tables.updates import event_json, receives_update

KEPT_REPLAYS = 16
"""Replayed hands kept (a finished hand never changes, so asking again replays nothing)."""
KEPT_GAMES = 4
"""Tables whose replayed game is kept where it stopped, for a later hand of theirs."""


class HandMissing(Exception):
    """The hand was never dealt at this table (`unknown_hand`)."""


class HandRunning(Exception):
    """The hand is still being played: only a finished hand is replayed (`hand_not_finished`),
    since its later moves are not made and its cards not all shown."""


@dataclass(frozen=True, slots=True)
class HandReplay:
    hand: int
    seat: int | None
    frames: tuple[JSON, ...]

    def to_json(self) -> JSON:
        return {"hand": self.hand, "seat": self.seat, "frames": list(self.frames)}


def _round_started(events: list[Event], number: int) -> int | None:
    """The index of the event that starts round `number`, or None."""
    return next(
        (i for i, e in enumerate(events) if started_round(e) == number),
        None,
    )


def _frame(game: Game[Any], seat: int | None, view: JSON, events: list[Event]) -> JSON:
    """As the live table sends an update: the view, and the events with their description."""
    shown = [event_json(game, event) for event in events if event.visible_to(seat)]
    return {"view": view, "events": shown}


@dataclass(slots=True)
class Cursor:
    """A replayed game part of the way through a record, with the events of its last move (its
    set-up events before any move): where a later hand's replay can go on from."""

    game: Game[Any]
    last: list[Event]

    @classmethod
    def fresh(cls, record: MatchRecord) -> Cursor:
        game = games.create(record.game, list(record.players), record.options, record.seed)
        check_content(record, game)
        return cls(game, list(game.events))

    def reaches(self, record: MatchRecord, hand: int) -> bool:
        """Whether hand `hand` can be replayed from here: this is `record`'s match, and the
        hand has not begun or began with the last move."""
        if not same_match(self.game, record):
            return False
        dealt = next(
            (n for e in reversed(self.game.events) if (n := started_round(e)) is not None),
            0,
        )
        return dealt < hand or (dealt == hand and _round_started(self.last, hand) is not None)


def replay_hand(record: MatchRecord, seat: int | None, hand: int) -> HandReplay:
    """The frames of hand `hand` as `seat` (None: a spectator) was sent them; HandMissing for
    a hand never dealt, HandRunning for one not finished in `record`."""
    return replay_from(Cursor.fresh(record), record, seat, hand)


def replay_from(cursor: Cursor, record: MatchRecord, seat: int | None, hand: int) -> HandReplay:
    """`replay_hand` going on from `cursor` (which must `reach` the hand), which is left where
    the replay stopped."""
    game = cursor.game
    if seat is not None:
        game.check_seat(seat)
    frames: list[JSON] = []
    start = _round_started(cursor.last, hand) if hand >= 1 else None
    if start is not None:  # dealt by the last move (or as the game began)
        frames.append(_frame(game, seat, game.view(seat), cursor.last[start:]))
    for mover, move in record.moves[len(game.moves) :]:
        events = cursor.last = game.act(mover, move)
        if not frames:
            start = _round_started(events, hand)
            if start is not None:
                frames.append(_frame(game, seat, game.view(seat), events[start:]))
            continue
        ended = _round_started(events, hand + 1)
        if ended is not None:
            last = _frame(game, seat, frames[-1]["view"], events[:ended])
            if last["events"]:
                frames.append(last)
            return HandReplay(hand, seat, tuple(frames))
        if receives_update(events, seat, mover):
            frames.append(_frame(game, seat, game.view(seat), events))
        if game.over:
            return HandReplay(hand, seat, tuple(frames))
    if not frames:
        raise HandMissing
    raise HandRunning


class HandReplays:
    """Replayed hands by (table, hand, seat), and the last few tables' replayed games where
    they stopped (`Cursor`), so a later hand of the same table goes on from there instead of
    from the first move. Only finished hands are kept, which no later move changes. Used from
    worker threads (the route replays off the event loop), so one lock guards both; a game is
    taken out while it is played on, so no two threads share one."""

    def __init__(self, size: int = KEPT_REPLAYS, games_kept: int = KEPT_GAMES) -> None:
        self.size = size
        self.games_kept = games_kept
        self._kept: OrderedDict[tuple[str, int, int | None], HandReplay] = OrderedDict()
        self._cursors: OrderedDict[str, Cursor] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: str, record: MatchRecord, seat: int | None, hand: int) -> HandReplay:
        key = (table_id, hand, seat)
        with self._lock:
            kept = self._kept.pop(key, None)
            if kept is not None:
                self._kept[key] = kept
                return kept
            cursor = self._cursors.pop(table_id, None)
        if cursor is None or not cursor.reaches(record, hand):
            cursor = Cursor.fresh(record)
        try:
            replayed = replay_from(cursor, record, seat, hand)
        finally:
            with self._lock:
                self._cursors[table_id] = cursor
                while len(self._cursors) > self.games_kept:
                    self._cursors.popitem(last=False)
        with self._lock:
            self._kept[key] = replayed
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return replayed
