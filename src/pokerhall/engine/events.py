"""Events: what happened, and who may know it.

Visibility is explicit on every event rather than inferred from key names: an event is either
public (every seat and spectators) or addressed to a set of seats. Views and event streams both
follow it, so a secret can only leak if an event is built with the wrong audience, which the
property tests look for.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any

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


@value_class
class Event:
    """One thing that happened. `to` is None for a public event, else the seats that may see it.

    Read-only (see `value_class`): events are shared by the log, replays and every recipient."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: frozenset[int] | None = None

    @classmethod
    def public(cls, type: str, **data: Any) -> Event:
        return cls(type, data)

    @classmethod
    def private(cls, seats: Iterable[int], type: str, **data: Any) -> Event:
        return cls(type, data, frozenset(seats))

    @property
    def is_public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        """Spectators (seat None) see public events only."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, **self.data}
        out["visibility"] = "public" if self.to is None else sorted(self.to)
        return out


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events one seat (or a spectator, None) may receive, in order."""
    return [event for event in events if event.visible_to(seat)]
