"""The result pause of a running table: the end of a hand held on every felt, no bot moving and
no clock running, until its time is up or every person still playing has pressed Next hand
(`Pauses`). It also keeps the round that just ended, which a client (re)connecting during the
pause gets to draw the result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pokerhall.engine import JSON, Event, Game
from pokerhall.engine.events import ROUND_STARTED
from pokerhall.server.tables.bot_turns import BotTurns
from pokerhall.server.tables.clock import TurnClock
from pokerhall.server.tables.commands import Inbox, NextHandCommand, PauseCheck
from pokerhall.server.tables.seat_control import SeatControl, Seats
from pokerhall.server.tables.sending import Sender
from pokerhall.server.wire.messages import server_message


class NextHandRefused(Exception):
    """A "Next hand" that changes nothing: `code` names why, for the client to word."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass
class ResultPause:
    """The end of a hand held on the felt: until `until` (the loop's clock) or until every
    seat in `waiting` has pressed Next hand (or moved in the next hand)."""

    serial: int
    until: float
    waiting: set[int]


class Pauses:
    def __init__(
        self,
        state: Game[Any],
        control: SeatControl,
        *,
        seats: Seats,
        clock: TurnClock,
        bots: BotTurns,
        sender: Sender,
        inbox: Inbox,
        now: Callable[[], float],
    ) -> None:
        self._state = state
        self._control = control
        self._seats = seats
        self._clock = clock
        self._bots = bots
        self._sender = sender
        self._inbox = inbox
        self._now = now
        self._pause: ResultPause | None = None
        """The result pause, while the end of a hand is held on the felt (`begin`)."""
        self._serial = 0
        self._ended_round: list[Event] = []
        """The events of the round before the current one, kept only while its result is held
        on the felt: a client that (re)connects during the pause gets them to draw it."""

    @property
    def paused(self) -> bool:
        return self._pause is not None

    def schedule(self) -> None:
        """What runs next: during the pause nothing (no clock, no bot), else the bots' turns
        and the clock of the pending prompts."""
        if self._pause is not None:
            self._clock.halt()
            return
        self._bots.schedule()
        self._clock.schedule()

    def keep_current_round(self) -> None:
        """Forget the events before the current round's start: a snapshot sends no older ones,
        and a long game's whole history would otherwise stay in memory for as long as the
        table runs (and be walked by every full garbage collection)."""
        events = self._state.events
        start = next(
            (i for i in range(len(events) - 1, -1, -1) if events[i].type == ROUND_STARTED), 0
        )
        if start:
            begin = next(
                (i for i in range(start - 1, -1, -1) if events[i].type == ROUND_STARTED), 0
            )
            self._ended_round = list(events[begin:start])
            self._state.forget_events_before(start)

    def ended_round(self, seat: int | None) -> list[Event]:
        """The events of the hand the pause holds that this seat may see (none without one)."""
        if self._pause is None:
            return []
        return [event for event in self._ended_round if event.visible_to(seat)]

    def begin(self) -> bool:
        """Hold the hand that just ended on every felt: no bot moves and no clock runs until
        `result_pause` seconds have passed or every person still playing has pressed Next hand.
        False when the table has no pause or nobody to wait for (a table of bots goes on)."""
        seconds = self._control.result_pause
        waiting = self._seats.humans_in_game()
        if seconds <= 0 or not waiting:
            return False
        self._serial += 1
        serial = self._serial
        self._pause = ResultPause(serial, self._now() + seconds, waiting)
        self._inbox.later(seconds, PauseCheck(serial))
        return True

    def pause_json(self) -> JSON | None:
        """The pause as clients see it (public): seconds left and the seats still looked for."""
        pause = self._pause
        if pause is None:
            return None
        return {
            "seconds": round(max(0.0, pause.until - self._now()), 1),
            "total": self._control.result_pause,
            "waiting": sorted(pause.waiting),
        }

    def send(self) -> None:
        """Tell every connection the pause as it is now, with its own clock (which starts once
        the pause is over)."""
        pause = self.pause_json()
        self._sender.send_built(
            lambda seat: server_message(
                "result_pause", pause=pause, clock=self._clock.clock_for(seat)
            )
        )

    def ready(self, seat: int) -> None:
        """The seat pressed Next hand (or moved in the next hand)."""
        pause = self._pause
        if pause is None or seat not in pause.waiting:
            return
        pause.waiting.discard(seat)
        if pause.waiting:
            self.send()
        else:
            self._end()

    def left(self, seat: int) -> None:
        """The seat's player left: the pause waits for them no longer."""
        if self._pause is not None and seat in self._pause.waiting:
            self._pause.waiting.discard(seat)
            self._inbox.put(PauseCheck())

    def check(self, serial: int | None) -> None:
        pause = self._pause
        if pause is None or (serial is not None and serial != pause.serial):
            return
        if serial is not None or not pause.waiting:
            self._end()

    def next_hand(self, command: NextHandCommand) -> None:
        seat, pause = command.seat, self._pause
        if seat is None:
            refusal = NextHandRefused("next_hand_spectator", "spectators do not press Next hand")
        elif seat not in self._seats.humans_in_game():
            refusal = NextHandRefused("next_hand_out", "your seat is no longer in the game")
        elif pause is None:
            refusal = NextHandRefused("no_result_pause", "no hand's result is being shown now")
        else:
            command.reply.set_result(None)
            self.ready(seat)
            return
        command.reply.set_exception(refusal)

    def clear(self) -> None:
        """The table stops: its pause timer's check, if still to come, then finds no pause."""
        self._pause = None

    def _end(self) -> None:
        """The next hand goes on: bots are scheduled and the clock starts now."""
        self._pause = None
        self._ended_round = []
        self.schedule()
        self.send()
