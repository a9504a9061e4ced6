"""Walking round the table: who is next clockwise, skipping seats that are out."""

from __future__ import annotations

from collections.abc import Callable


def clockwise(start: int, num_seats: int) -> list[int]:
    """All seats in clockwise order beginning with `start`."""
    return [(start + i) % num_seats for i in range(num_seats)]


def next_seat(after: int, num_seats: int, eligible: Callable[[int], bool]) -> int | None:
    """The first eligible seat strictly clockwise of `after` (may be `after` itself last)."""
    for seat in clockwise(after + 1, num_seats):
        if eligible(seat):
            return seat
    return None


def right_of(before: int, num_seats: int, eligible: Callable[[int], bool]) -> int:
    """The first eligible seat counter-clockwise of `before` (for blinds that move backwards
    from the big blind, Q11)."""
    for step in range(1, num_seats + 1):
        seat = (before - step) % num_seats
        if eligible(seat):
            return seat
    raise ValueError("no eligible seat at the table")


def left_of(after: int, num_seats: int, eligible: Callable[[int], bool]) -> int:
    """Like `next_seat`, for callers that know at least one seat is eligible."""
    seat = next_seat(after, num_seats, eligible)
    if seat is None:
        raise ValueError("no eligible seat at the table")
    return seat
