"""The game protocol every game implements and every client (server, bots, CLI, tests) uses.

A game is a pure state machine: no I/O, no clocks, no global randomness. `act` is split into
`parse` (check a move against the rules, change nothing) and `apply` (change the state, never
fail), after python-chess's parse/push split, so an illegal move provably leaves the state alone.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, cast

from typing_extensions import TypeVar

from pokerhall.engine.events import JSON, Event, Resigned, copy_json
from pokerhall.engine.messages import Message, event_message
from pokerhall.engine.messages import seat as seat_param
from pokerhall.engine.record import MatchRecord, public_record_json
from pokerhall.engine.refusals import refuse, shown
from pokerhall.engine.values import value_class

RESIGN = "resign"
"""The move type every game accepts from a seat still in it, in turn or not (docs/protocol.md)."""
TIMED_OUT = "timed_out"
"""A key a host's turn clock puts (as true) on the default move it makes for a seat whose time
ran out, when the player has no excuse (docs/protocol.md, "Time-outs"). The move is checked
without it and recorded with it, so a replay makes the same time-out; the game carries such a
move out through `Game.time_out`, which by default is `apply`."""
MAX_MOVE_CHARS = 2_000
"""A move is a handful of small fields; anything bigger is malformed, not a move."""

ParsedMove = TypeVar("ParsedMove")
EventT = TypeVar("EventT", bound=Mapping[str, object], default=Any)
"""A game's events: the union of its event TypedDicts (`games.detective.events.DetectiveEvent`),
which includes the engine's `Resigned` and the game's `round_started` and `game_over`."""
SharedT = TypeVar("SharedT")
"""What the views of one state share (`Game.shared_view`)."""


@value_class
class CheckedMove(Generic[ParsedMove]):
    """A move that `Game.check_move` accepted, parsed once, for `Game.play` to carry out.

    A host that must do something between checking a move and making it (the server saves it
    first) keeps this instead of the raw move, so the move is not parsed a second time. It is
    bound to the state it was checked against: `play` refuses it once anything has moved."""

    seat: int
    record: JSON
    """The move as the record keeps it (what `check` returns)."""
    parsed: ParsedMove | None
    """The game's parse of it; None for a resignation, which the engine carries out itself."""
    asked: dict[int, JSON]
    """The prompts it answered (to tell whether the others' prompts changed)."""
    version: int
    """`Game._version` when it was checked."""


class Game(ABC, Generic[ParsedMove, EventT]):
    """Base of every game state. Subclasses set `name` and implement the abstract methods.

    Generic over the game's parsed moves and its events (`EventT`): `Game[Any]` is any game."""

    name: ClassVar[str]

    def __init__(self, players: Sequence[str], options_json: JSON, seed: int) -> None:
        self.players: tuple[str, ...] = tuple(players)
        self.options_json = options_json
        self.seed = seed
        self.moves: list[tuple[int, JSON]] = []
        self.events: list[Event[EventT]] = []
        """Every event so far, in order (games add the ones their set-up causes), unless a
        host forgot the older ones (`forget_events_before`)."""
        self._prompt_id = 0
        self.resigned: set[int] = set()
        """Seats that resigned: the engine answers their prompts with the default moves."""
        self._version = 0
        """Counts every change of the state the engine makes (moves applied, derived moves,
        resignations): the key of `pending`'s cache and of a `CheckedMove`'s validity."""
        self._pending: dict[int, JSON] | None = None
        self._pending_key = (-1, -1)
        self._shared_view: object = None
        self._shared_view_key = (-1, -1)
        self._lasting_views: dict[str, tuple[object, object]] = {}

    def forget_events_before(self, index: int) -> None:
        """Drop the events before `index` from `events`. The game never reads them back; a
        long-running host that needs only the recent ones (the server keeps the current
        round's, for a reconnecting client's snapshot) must not hold a whole match's."""
        del self.events[:index]

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
        """Names the current prompts. A prompt and a view carry it as "prompt_id", and a move may
        send it back (protocol v1 also accepts it as "state_id", deprecated), so a move made for
        a prompt that is no longer current is refused.

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

    def pending(self) -> dict[int, JSON]:
        """Seats asked to move now and what they are asked (several for simultaneous moves).

        Every caller asks after nearly every move (the host's clock, sends and bots, the
        engine's own checks), so it is computed once per state, here, and games need no cache
        of their own. Callers must not change the prompts they get."""
        key = (self._version, self._prompt_id)
        if self._pending is None or self._pending_key != key:
            self._pending = {} if self.over else self.compute_pending()
            self._pending_key = key
        return self._pending

    def shared_view(self, build: Callable[[], SharedT]) -> SharedT:
        """What every audience's view of the current state shares (the players, the public
        table), built by `build` once per state and kept until the state changes, as `pending`
        is: a host builds a view for every seat and the spectators after every move, and the
        shared part is most of each. A game's `seat_view` adds its seat's own parts around it.

        The parts are shared by the views of one state, never by the game's state, so a view
        is read-only for whoever gets it (the server encodes it at once; bots are tested not to
        change theirs): a reader changing it would change the other views of that state."""
        key = (self._version, self._prompt_id)
        if self._shared_view_key != key:
            self._shared_view = build()
            self._shared_view_key = key
        return cast(SharedT, self._shared_view)

    def lasting_view(self, name: str, key: object, build: Callable[[], SharedT]) -> SharedT:
        """A part of the views that outlasts the state (the last finished hand's summary, the
        stacks after each hand): built by `build` once, and the same object in every view until
        `key` changes (`key` must change whenever what `build` returns would). Read-only for
        its readers, as `shared_view`'s parts are; being the same object, a reader that
        remembers the part of the last view may tell at once that it has not changed (the
        reinforcement-learning encoder does)."""
        found = self._lasting_views.get(name)
        if found is None or found[0] != key:
            found = (key, build())
            self._lasting_views[name] = found
        return cast(SharedT, found[1])

    @abstractmethod
    def compute_pending(self) -> dict[int, JSON]:
        """The prompts of the current state, for a game that is not over; `pending` keeps them
        until the state changes. Only the engine's moves may change what this returns."""

    def view(self, seat: int | None) -> JSON:
        """Exactly what `seat` may know now; None is a spectator. The seat is checked here, so a
        game's `seat_view` is only ever asked for a real seat or a spectator."""
        if seat is not None:
            self.check_seat(seat)
        return self.seat_view(seat)

    @abstractmethod
    def seat_view(self, seat: int | None) -> JSON:
        """The game's view for a checked seat (None: a spectator)."""

    def check_seat(self, seat: object) -> None:
        """Refuse anything but the number of a seat at this table (True and 1.0 are not seat 1)."""
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise refuse("refuse.move.no_seat", seat=shown(seat))

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
    def apply(self, seat: int, move: ParsedMove) -> list[Event[EventT]]:
        """Carry out a move that `parse` accepted; must not fail."""

    def check(self, seat: int, move: Mapping[str, Any]) -> JSON:
        """The move as `act` would record it, if the rules allow it now; IllegalMove if not.
        Changes nothing."""
        return self.check_move(seat, move).record

    def check_move(self, seat: int, move: Mapping[str, Any]) -> CheckedMove[ParsedMove]:
        """Check a move against the rules now, parsing it once; IllegalMove if not allowed.
        Changes nothing: for callers that must do something between checking a move and making
        it, such as the server, which saves a move before the game (and anyone) may see it, and
        then makes it with `play`."""
        clean, asked = self._check_envelope(seat, move)
        parsed = None if clean["type"] == RESIGN else self.parse(seat, _as_played(clean))
        return CheckedMove(seat, clean, parsed, asked, self._version)

    def act(self, seat: int, move: Mapping[str, Any]) -> list[Event[EventT]]:
        """Check and apply one move of one seat; the events say who may see each of them.

        Then every prompt of a resigned seat is answered with its default move:
        these moves follow from the recorded ones, so they are not recorded and a replay makes
        them again."""
        return self.play(self.check_move(seat, move))

    def play(self, checked: CheckedMove[ParsedMove]) -> list[Event[EventT]]:
        """Carry out a move `check_move` accepted in this very state (else IllegalMove
        `refuse.move.stale_check`: the state has moved since, so the check no longer holds)."""
        if checked.version != self._version:
            raise refuse("refuse.move.stale_check")
        seat, clean = checked.seat, checked.record
        if checked.parsed is None:
            self.moves.append((seat, clean))
            events = self._resign(seat)
        else:
            events = self._make(
                seat, checked.parsed, checked.asked, clean, timed_out=TIMED_OUT in clean
            )
        if self.resigned:
            events += self._answer_for_resigned()
        return events

    def _make(
        self,
        seat: int,
        parsed: ParsedMove,
        asked: dict[int, JSON],
        record: JSON | None,
        *,
        timed_out: bool = False,
    ) -> list[Event[EventT]]:
        """Apply a parsed move; `record` it unless the engine derived it."""
        events = self.time_out(seat, parsed) if timed_out else self.apply(seat, parsed)
        self._version += 1
        if record is not None:
            self.moves.append((seat, record))
        self.events.extend(events)
        if _seen_by_others(events, seat) or _others_changed(asked, self.pending(), seat):
            self._prompt_id += 1
        return events

    def _resign(self, seat: int) -> list[Event[EventT]]:
        self.resigned.add(seat)
        # Every game's event union includes the engine's `Resigned` (its events test checks).
        resigned = cast(Event[EventT], Event.public(Resigned(type="resigned", seat=seat)))
        events = [resigned, *self.resign(seat)]
        self._version += 1
        self.events.extend(events)
        self._prompt_id += 1
        return events

    def _answer_for_resigned(self) -> list[Event[EventT]]:
        events: list[Event[EventT]] = []
        while not self.over:
            pending = self.pending()
            seat = next((s for s in pending if s in self.resigned), None)
            if seat is None:
                break
            default = dict(pending[seat]["default"])
            events += self._make(seat, self.parse(seat, default), pending, None)
        return events

    def time_out(self, seat: int, move: ParsedMove) -> list[Event[EventT]]:
        """Hook: carry out a move the host's turn clock made for `seat` (its prompt's default,
        sent with `TIMED_OUT`: the player did not move in time and has no excuse). The same
        as `apply` unless the game's rules treat an absent player differently (Slovní poker
        W12: who lets the clock play a whole deal forfeits it); must not fail."""
        return self.apply(seat, move)

    def resign(self, seat: int) -> list[Event[EventT]]:
        """Hook: what resigning does to the game besides the public `resigned` event, which the
        engine emits. Called only for a seat `still_in` a running game; must not fail. From
        now on the engine answers the seat's prompts with their defaults."""
        return []

    def still_in(self, seat: int) -> bool:
        """Whether the seat still plays (may resign): games with eliminations say no for those."""
        return True

    def _check_envelope(self, seat: object, move: object) -> tuple[JSON, dict[int, JSON]]:
        """The checks every game shares: who moves, in turn, with a well-formed move."""
        self.check_seat(seat)
        if type(move) is not dict and not isinstance(move, Mapping):
            raise refuse("refuse.move.not_object")
        clean = _flat_copy(move)
        if clean is None:
            clean = _json_copy(move)
        if not isinstance(clean.get("type"), str):
            raise refuse("refuse.move.no_type")
        if self.over:
            raise refuse("refuse.move.game_over")
        if "prompt_id" in clean or "state_id" in clean:
            self._check_prompt_id(clean)
        if TIMED_OUT in clean and clean[TIMED_OUT] is not True:
            raise refuse("refuse.move.bad_timed_out", got=shown(clean[TIMED_OUT]))
        pending = self.pending()
        if clean["type"] == RESIGN:
            if len(clean) != 1:
                raise refuse("refuse.move.resign_only")
            if seat in self.resigned:
                raise refuse("refuse.move.resigned", seat=seat_param(seat))
            if not self.still_in(cast(int, seat)):
                raise refuse("refuse.move.out", seat=seat_param(seat))
            return clean, pending
        if seat not in pending:
            raise refuse("refuse.move.not_your_turn", seat=seat_param(seat))
        return clean, pending

    def _check_prompt_id(self, clean: JSON) -> None:
        """Refuse a move sent for other prompts than the current ones; take the id off it."""
        for key in ("prompt_id", "state_id"):  # state_id: protocol v1's name, deprecated
            sent = clean.pop(key, None)
            if sent is not None and (isinstance(sent, bool) or not isinstance(sent, int)):
                raise refuse("refuse.move.bad_prompt_id", field=key, got=shown(sent))
            if sent is not None and sent != self.prompt_id:
                raise refuse(
                    "refuse.move.stale_prompt", sent=str(sent), current=str(self.prompt_id)
                )

    def default_move(self, seat: int) -> JSON:
        """The move made for a pending seat whose time ran out (or whose bot failed, or that
        resigned): a copy of its prompt's "default"."""
        asked = self.pending().get(seat)
        if asked is None:
            raise refuse("refuse.move.not_asked", seat=seat_param(seat))
        default: JSON = copy_json(asked["default"])
        return default

    def bot_briefing(self, seat: int) -> JSON | None:
        """What a bot in `seat` is told beyond its view, or None (the default: nothing).

        A quiz game tells a bot the card's true answer here, and the bot turns it at once into
        its own declared, noisy knowledge (as a person at the table knows roughly), never reading
        it any other way. It is the one place such a secret leaves a game for a bot: no view or
        event carries it, and nothing but `engine.bots.bot_move` asks for it."""
        return None

    def describe(self, event: Event[EventT]) -> Message | None:
        """The hand-history line of an event as a message of the game's catalog (rendered by
        `engine.messages.render` in the reader's language), or None to leave the event out.
        Built from the event alone, so whoever may see the event may read its line. This
        default is the generic `type: data` line; games override it."""
        return event_message(event)

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

    secret_moves: ClassVar[frozenset[str]] = frozenset()
    """Move types whose content some seats may never see (a face-down guess). A game with
    secret moves decides in `public_record` which of them may be published."""

    def public_record(self) -> JSON:
        """What may be published of the match once it is over: the record without what was
        never shown to anyone. Fairness is checked with the seed (against its published hash);
        it needs no secret. This default publishes the whole record of a game without secret
        moves and withholds the content of every secret move otherwise; a game that reveals
        some of them (at a showdown) overrides it to keep those. The operator keeps the full
        record (`record`), which alone can rebuild the match."""
        return public_record_json(
            self.record(),
            {i for i, (_seat, move) in enumerate(self.moves) if move["type"] in self.secret_moves},
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
        raise refuse("refuse.move.not_json", error=str(exc)) from None
    if len(text) > MAX_MOVE_CHARS:
        raise refuse("refuse.move.too_long", count=MAX_MOVE_CHARS)
    clean: JSON = json.loads(text)
    return clean


def _as_played(move: JSON) -> JSON:
    """The move as the game parses it: without the host's time-out mark."""
    if TIMED_OUT not in move:
        return move
    return {key: value for key, value in move.items() if key != TIMED_OUT}


def _seen_by_others(events: Sequence[Event], seat: int) -> bool:
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
