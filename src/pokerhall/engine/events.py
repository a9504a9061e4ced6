"""Events: what happened, and who may know it.

Visibility is explicit on every event rather than inferred from key names: an event is either
public (every seat and spectators) or addressed to a set of seats. Views and event streams both
follow it, so a secret can only leak if an event is built with the wrong audience, which the
property tests look for.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any, Generic, Literal, TypedDict, overload

from typing_extensions import TypeVar

from pokerhall.engine.values import value_class

JSON = dict[str, Any]
_ATOMS = frozenset({str, int, float, bool, type(None)})


def json_list(value: object) -> list[Any]:
    """`value` as a list when it is one (or a tuple), else empty: for readers of stored events
    and records (hand histories), which show what they can of a malformed entry, never fail."""
    return list(value) if isinstance(value, list | tuple) else []


def json_mapping(value: object) -> Mapping[Any, Any]:
    """`value` when it is a mapping, else empty (see `json_list`)."""
    return value if isinstance(value, Mapping) else {}


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples of them and of scalars), as
    `copy.deepcopy` makes it but several times faster: JSON has no cycles or shared parts, so
    nothing needs remembering. Anything else inside is left to `copy.deepcopy`."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else copy_json(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else copy_json(v) for v in value]
    if kind is tuple:
        return tuple(v if type(v) in _ATOMS else copy_json(v) for v in value)
    return value if kind in _ATOMS else copy.deepcopy(value)


ROUND_STARTED = "round_started"
"""The public event every game emits when a round (hand, deal, battle) starts, with at least
`round` (counted from 1): the server, the CLI and the charts find rounds by it alone."""

EventData = TypeVar(
    "EventData", bound=Mapping[str, object], covariant=True, default=Mapping[str, Any]
)
"""What an event carries, its `type` included: a game's events are TypedDicts with a
`type: Literal[...]` discriminator, declared in the game's `events.py` and joined in a union
(`DetectiveEvent`), so mypy checks every event where it is made and narrows it where it is read
(`if payload["type"] == "bet": payload["chips"]`). A bare `Event` is an event of any game."""
Payload = TypeVar("Payload", bound=Mapping[str, object])


class Resigned(TypedDict):
    """The engine's own event: a seat resigned (every game's union includes it)."""

    type: Literal["resigned"]
    seat: int


@value_class
class Event(Generic[EventData]):
    """One thing that happened. `to` is None for a public event, else the seats that may see it.

    `payload` is the event with its `type`; `type` and `data` (the rest) read it. Read-only (see
    `value_class`): events are shared by the log, replays and every recipient.

    A game declares its payloads as TypedDicts (its `events.py`), so mypy checks each event where
    it is made. A reader handed events as any game's (the terminal, through the CLI) narrows them
    with the game's one cast (`palace_event`, ...), which checks nothing at run time:
    tests/games/test_event_types.py checks what each game emits against its declarations."""

    payload: EventData
    to: frozenset[int] | None = None

    @overload
    @classmethod
    def public(cls, payload: Payload, /) -> Event[Payload]: ...
    @overload
    @classmethod
    def public(cls, type: str, /, **data: Any) -> Event: ...
    @classmethod
    def public(cls, payload: Mapping[str, Any] | str, /, **data: Any) -> Event[Any]:
        """A public event: `Event.public(Bet(type="bet", seat=1, ...))`. (The form with a type
        and keywords, `Event.public("x", a=1)`, is untyped: for events of no declared game.)"""
        return Event(_untyped(payload, data) if type(payload) is str or data else payload)

    @overload
    @classmethod
    def private(cls, seats: Iterable[int], payload: Payload, /) -> Event[Payload]: ...
    @overload
    @classmethod
    def private(cls, seats: Iterable[int], type: str, /, **data: Any) -> Event: ...
    @classmethod
    def private(
        cls, seats: Iterable[int], payload: Mapping[str, Any] | str, /, **data: Any
    ) -> Event[Any]:
        """An event only `seats` may see (see `public`)."""
        payload = _untyped(payload, data) if type(payload) is str or data else payload
        return Event(payload, frozenset(seats))

    @property
    def type(self) -> str:
        payload: Mapping[str, Any] = self.payload  # read often: no call to `cast` here
        return payload["type"]  # type: ignore[no-any-return]

    @property
    def data(self) -> Mapping[str, Any]:
        """The payload without its `type` (a new mapping: readers should narrow `payload`)."""
        return {key: value for key, value in self.payload.items() if key != "type"}

    @property
    def is_public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        """Spectators (seat None) see public events only."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> JSON:
        """The event as clients and records get it: `type` first, then the payload's fields in
        the order they were given, then `visibility`."""
        out: JSON = {"type": self.payload["type"], **self.payload}
        out["visibility"] = "public" if self.to is None else sorted(self.to)
        return out


def _untyped(payload: Mapping[str, Any] | str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The payload of an event made as `Event.public("type", **data)`."""
    if not isinstance(payload, str):
        raise TypeError("an event is a typed payload, or a type and keywords, not both")
    return {"type": payload, **data}


def started_round(event: Event) -> int | None:
    """The number of the round a `round_started` event starts, None for any other event (or one
    without a number): for readers of any game's events, the server and the CLI. Every game
    declares its `round_started` with `round: int` (tests/games/test_event_types.py checks)."""
    payload = event.payload
    if payload["type"] != ROUND_STARTED:
        return None
    number = payload.get("round")
    return number if type(number) is int else None


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events one seat (or a spectator, None) may receive, in order."""
    return [event for event in events if event.visible_to(seat)]
