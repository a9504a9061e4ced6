"""How long a seat has been away on one process (`server/tables/absence.py`), on a clock the test
moves: counted from the last moment the seat was seen, at most from the process's start, and
the same after old moments are pruned."""

from __future__ import annotations

from pokerhall.server.tables.absence import KEPT, Absence

from .halls import ManualClock


def test_a_seat_is_away_since_it_was_last_seen_or_since_the_start() -> None:
    clock = ManualClock()
    absence = Absence(grace=60, clock=clock)
    clock.advance(100)
    assert absence.away_for("t", 0) == 100  # never seen here: since this process started
    absence.seen("t", 0)
    clock.advance(59.5)
    assert absence.away_for("t", 0) == 59.5
    assert absence.wait_left(absence.away_for("t", 0)) == 0.5
    absence.seen("t", 0)  # seen again: the grace starts over
    assert absence.wait_left(absence.away_for("t", 0)) == 60
    assert absence.away_for("t", 1) == 159.5  # another seat is its own


def test_pruning_old_moments_changes_no_decision() -> None:
    clock = ManualClock()
    absence = Absence(grace=10, clock=clock)
    absence.seen("old", 0)
    clock.advance(11)
    absence.seen("recent", 0)
    before = (absence.wait_left(absence.away_for("old", 0)), absence.away_for("recent", 0))
    for seat in range(KEPT + 1):  # over the limit: the moments past the grace time are dropped
        absence.seen("many", seat)
    assert ("old", 0) not in absence._seen
    assert (absence.wait_left(absence.away_for("old", 0)), absence.away_for("recent", 0)) == before
    assert len(absence._seen) == KEPT + 2
