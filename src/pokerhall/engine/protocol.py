"""The game protocol every game implements and every client (server, bots, CLI, tests) uses.

A game is a pure state machine: no I/O, no clocks, no global randomness. `act` is split into
`parse` (check a move against the rules, change nothing) and `apply` (change the state, never
fail), after python-chess's parse/push split, so an illegal move provably leaves the state alone.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import JSON, Event
from pokerhall.engine.record import MatchRecord

MAX_MOVE_CHARS = 2_000
"""A move is a handful of small fields; anything bigger is malformed, not a move."""

ParsedMove = TypeVar("ParsedMove")


class Game(ABC, Generic[ParsedMove]):
    """Base of every game state. Subclasses set `name` and implement the abstract methods."""

    name: ClassVar[str]

    def __init__(self, players: Sequence[str], options_json: JSON, seed: int) -> None:
        self.players: tuple[str, ...] = tuple(players)
        self.options_json = options_json
        self.seed = seed
        self.moves: list[tuple[int, JSON]] = []
        self.events: list[Event] = []
        """Every event so far, in order (games add the ones their set-up causes)."""
        self._prompt_id = 0

    # --- what a caller asks --------------------------------------------------------------

    @property
    def state_id(self) -> int:
        """Counts applied moves: the number of a move in the record (and in the server's log).

        Secret from players while moves are simultaneous (it would tell them that somebody
        else has moved); what prompts and views carry is `prompt_id`.
        """
        return len(self.moves)

    @property
    def prompt_id(self) -> int:
        """Names the current prompts. A prompt and a view carry it as "state_id", and a move may
        send it back, so a move made for a prompt that is no longer current is refused.

        It goes up by one with every move that others can see or that changes what they are
        asked, but not when a seat quietly answers its part of a simultaneous prompt (the secret
        guesses of QuizPoker, Q2): the other seats' prompts stay valid, and nobody can read from
        it that someone else has moved, nor later how many did (it never jumps by the number of
        quiet moves in between, as the move count would).
        """
        return self._prompt_id

    @property
    def num_seats(self) -> int:
        return len(self.players)

    @abstractmethod
    def pending(self) -> dict[int, JSON]:
        """Seats asked to move now and what they are asked (several for simultaneous moves)."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """Exactly what `seat` may know now; None is a spectator. Games call `check_seat` first."""

    def check_seat(self, seat: object) -> None:
        """Refuse anything but the number of a seat at this table (True and 1.0 are not seat 1)."""
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalMove(f"there is no seat {seat!r} at this table")

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> JSON | None:
        """The final standings once `over`, else None."""

    # --- making a move -------------------------------------------------------------------

    @abstractmethod
    def parse(self, seat: int, move: Mapping[str, Any]) -> ParsedMove:
        """Check a move of a seat that is asked to move; raise IllegalMove, change nothing."""

    @abstractmethod
    def apply(self, seat: int, move: ParsedMove) -> list[Event]:
        """Carry out a move that `parse` accepted; must not fail."""

    def check(self, seat: int, move: Mapping[str, Any]) -> JSON:
        """The move as `act` would record it, if the rules allow it now; IllegalMove if not.
        Changes nothing: for callers that must do something between checking a move and making
        it, such as the server, which saves a move before the game (and anyone) may see it."""
        clean, _asked = self._check_envelope(seat, move)
        self.parse(seat, clean)
        return clean

    def act(self, seat: int, move: Mapping[str, Any]) -> list[Event]:
        """Check and apply one move of one seat; the events say who may see each of them."""
        clean, asked = self._check_envelope(seat, move)
        parsed = self.parse(seat, clean)
        events = self.apply(seat, parsed)
        self.moves.append((seat, clean))
        self.events.extend(events)
        if _seen_by_others(events, seat) or _others_changed(asked, self.pending(), seat):
            self._prompt_id += 1
        return events

    def _check_envelope(self, seat: object, move: object) -> tuple[JSON, dict[int, JSON]]:
        """The checks every game shares: who moves, in turn, with a well-formed move."""
        self.check_seat(seat)
        if type(move) is not dict and not isinstance(move, Mapping):
            raise IllegalMove('a move must be an object such as {"type": "fold"}')
        clean = _flat_copy(move)
        if clean is None:
            clean = _json_copy(move)
        if not isinstance(clean.get("type"), str):
            raise IllegalMove('a move needs a "type" such as "fold", "call" or "guess"')
        if self.over:
            raise IllegalMove("the game is over")
        state_id = clean.pop("state_id", None)
        if state_id is not None and (isinstance(state_id, bool) or not isinstance(state_id, int)):
            raise IllegalMove(f"state_id must be the number from the prompt, got {state_id!r}")
        if state_id is not None and state_id != self.prompt_id:
            raise IllegalMove(
                f"this move was made for state {state_id!r}, but the game is at {self.prompt_id}"
            )
        pending = self.pending()
        if seat not in pending:
            raise IllegalMove(f"it is not seat {seat}'s turn")
        return clean, pending

    @abstractmethod
    def default_move(self, seat: int) -> JSON:
        """The move made for a pending seat whose time ran out (or whose bot failed)."""

    def describe(self, event: Event) -> str | None:
        """One line of hand history for an event, or None to leave it out."""
        return f"{event.type}: {dict(event.data)}"

    # --- records -------------------------------------------------------------------------

    def content(self) -> dict[str, str]:
        """The content this match draws on, by kind: {"questions": "sha256:..."}. A record
        keeps it, so a replay against other content (a pack changed by an upgrade) is refused
        instead of quietly rebuilding another match. Games without content keep the default."""
        return {}

    def record(self) -> MatchRecord:
        """A copy: changing it (or its moves) cannot change the game."""
        return MatchRecord(
            game=self.name,
            options=copy.deepcopy(self.options_json),
            players=self.players,
            seed=self.seed,
            moves=copy.deepcopy(tuple(self.moves)),
            content=self.content(),
        )


_FLAT_KEYS = 4
_FLAT_TEXT = 32
_FLAT_INT = 10**18


def _flat_copy(move: Mapping[Any, Any]) -> JSON | None:
    """A copy of a small flat move (a few short text keys with short text, integer or null
    values), which is plain JSON as it stands; None for anything else. Moves are nearly always
    like this, and the copy is much cheaper than the JSON round trip of `_json_copy`."""
    if len(move) > _FLAT_KEYS:
        return None
    out: JSON = {}
    for key, value in move.items():
        if type(key) is not str or len(key) > _FLAT_TEXT:
            return None
        kind = type(value)
        if kind is str:
            if len(value) > _FLAT_TEXT:
                return None
        elif kind is int:
            if not -_FLAT_INT < value < _FLAT_INT:
                return None
        elif value is not None:
            return None
        out[key] = value
    return out


def _json_copy(move: Mapping[Any, Any]) -> JSON:
    """A deep copy through JSON: refuses what is not plain JSON data or is too big."""
    try:
        text = json.dumps(move, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise IllegalMove(f"a move must be plain JSON data ({exc})") from None
    if len(text) > MAX_MOVE_CHARS:
        raise IllegalMove(f"a move may be at most {MAX_MOVE_CHARS} characters of JSON")
    clean: JSON = json.loads(text)
    return clean


def _seen_by_others(events: list[Event], seat: int) -> bool:
    for event in events:
        to = event.to
        if to is None or len(to) > 1 or seat not in to:
            return True
    return False


def _others_changed(before: Mapping[int, JSON], after: Mapping[int, JSON], seat: int) -> bool:
    """Whether a move changed what any other seat is asked. Only called after moves nobody else
    saw, and before the prompt id moves on, so unchanged prompts compare equal as they are."""
    if not after:
        return True
    return {s: p for s, p in before.items() if s != seat} != {
        s: p for s, p in after.items() if s != seat
    }
