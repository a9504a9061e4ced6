"""Property tests of the table layer: pots and splits conserve chips (Q9, QP4, DU7), random legal
betting never creates, loses or overdraws chips, and an illegal move never changes anything."""

from __future__ import annotations

import contextlib
import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhall.engine.errors import IllegalMove
from pokerhall.table.betting import BettingRound
from pokerhall.table.ledger import Ledger
from pokerhall.table.minraise import MIN_RAISE_RULES
from pokerhall.table.pots import OddChips, award, build_pots, split
from pokerhall.table.seats import clockwise

from .builders import blind_seats, snapshot

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- pots and splits --------------------------------------------------------------------------


@st.composite
def contributions(draw: st.DrawFn) -> tuple[list[int], list[bool], int]:
    """Per-seat hand contributions, who is still in (at least one), and a carried amount."""
    n = draw(st.integers(2, 10))
    put_in = draw(st.lists(st.integers(0, 5000), min_size=n, max_size=n))
    live = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    live[draw(st.integers(0, n - 1))] = True
    return put_in, live, draw(st.integers(0, 500))


@SETTINGS
@given(contributions())
def test_q9_pots_hold_exactly_what_was_put_in_plus_the_carry(
    case: tuple[list[int], list[bool], int],
) -> None:
    put_in, live, carry = case
    pots = build_pots(put_in, live, carry=carry)
    assert sum(p.amount for p in pots) == sum(put_in) + carry
    assert all(p.amount > 0 for p in pots)


@SETTINGS
@given(contributions())
def test_q9_each_pot_is_contested_by_exactly_the_live_seats_that_reached_its_layer(
    case: tuple[list[int], list[bool], int],
) -> None:
    put_in, live, carry = case
    pots = build_pots(put_in, live, carry=carry)
    levels = sorted({c for c, ok in zip(put_in, live, strict=True) if ok and c > 0})
    if not levels:  # nobody still in put anything in: one pot for whoever is left
        assert all(p.eligible == tuple(s for s, ok in enumerate(live) if ok) for p in pots)
        return
    assert len(pots) == len(levels)
    for pot, level in zip(pots, levels, strict=True):
        assert pot.eligible == tuple(s for s, c in enumerate(put_in) if live[s] and c >= level)
        assert all(live[s] and put_in[s] >= level for s in pot.eligible)
    for bigger, smaller in itertools.pairwise(pots):
        assert set(smaller.eligible) < set(bigger.eligible)


@st.composite
def splits(draw: st.DrawFn) -> tuple[int, list[int], int, list[int]]:
    n = draw(st.integers(2, 10))
    unit = draw(st.sampled_from([1, 5, 50]))
    amount = draw(st.integers(0, 2000)) * unit
    winners = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    button = draw(st.integers(0, n - 1))
    return amount, winners, unit, clockwise(button + 1, n)


@SETTINGS
@given(splits())
def test_qp4_splits_conserve_chips_in_whole_units_and_differ_by_at_most_one_unit(
    case: tuple[int, list[int], int, list[int]],
) -> None:
    amount, winners, unit, order = case
    shares, rest = split(amount, winners, unit=unit, odd_chips=OddChips.LEFT_OF_BUTTON, order=order)
    assert rest == 0
    assert sorted(shares) == sorted(winners)
    assert sum(shares.values()) == amount
    assert all(share % unit == 0 for share in shares.values())
    assert max(shares.values()) - min(shares.values()) <= unit
    in_order = [shares[s] for s in order if s in shares]
    assert in_order == sorted(in_order, reverse=True)  # odd chips go to the first seats in order


@SETTINGS
@given(splits())
def test_du7_splits_give_equal_shares_and_carry_the_rest(
    case: tuple[int, list[int], int, list[int]],
) -> None:
    amount, winners, unit, order = case
    shares, rest = split(amount, winners, unit=unit, odd_chips=OddChips.CARRY, order=order)
    assert sum(shares.values()) + rest == amount
    assert len(set(shares.values())) == 1
    assert all(share % unit == 0 for share in shares.values())
    assert 0 <= rest < len(winners) * unit


# --- random betting over a ledger -------------------------------------------------------------


JUNK_MOVES = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["bet", "raise"]),
            "to": st.one_of(
                st.integers(-100, 3000),
                st.integers(10**15, 10**17),
                st.floats(allow_nan=False),
                st.booleans(),
                st.text(max_size=5),
                st.none(),
            ),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["fold", "check", "call", "all_in", "guess", "show", "x"])}
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["fold", "check", "call", "all_in"]), "to": st.integers(0, 99)}
    ),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(2, 8))
    unit = draw(st.sampled_from([1, 10, 50]))
    small = draw(st.integers(1, 4)) * unit
    return {
        "stacks": [draw(st.integers(1, 120)) * unit for _ in range(n)],
        "small": small,
        "big": 2 * small,
        "unit": unit,
        "rule": draw(st.sampled_from(sorted(MIN_RAISE_RULES))),
    }


def choose_move(data: st.DataObject, betting: BettingRound) -> dict[str, Any]:
    """A legal move of the seat to act, picked by Hypothesis."""
    legal = betting.legal()
    options: list[dict[str, Any]] = [{"type": "check" if legal.can_check else "call"}]
    options.append({"type": "fold"})
    stack = betting.ledger.stacks[legal.seat]
    if legal.min_to is not None or legal.call >= stack:
        options.append({"type": "all_in"})
    if legal.min_to is not None:
        kind = "bet" if legal.opens else "raise"
        unit = betting.unit
        top = legal.max_to - 1 if legal.max_to % unit else legal.max_to
        low, high = legal.min_to // unit, top // unit
        if legal.min_to % unit == 0 and low <= high:
            to = data.draw(st.integers(low, high)) * unit
            options.append({"type": kind, "to": to})
        options.append({"type": kind, "to": legal.max_to})
    return data.draw(st.sampled_from(options))


@SETTINGS
@given(tables(), st.data())
def test_random_legal_betting_conserves_chips_and_never_overdraws(
    table: dict[str, Any], data: st.DataObject
) -> None:
    """Stacks + chips put in stay constant through any legal moves; no stack goes negative;
    every illegal move attempted on the way is refused and changes nothing; after the hand the
    pots, split among random winners, give every chip back out (Q9, QP4/DU7)."""
    stacks, unit = table["stacks"], table["unit"]
    total = sum(stacks)
    n = len(stacks)
    ledger = Ledger(stacks=list(stacks), playing=[True] * n)
    sb, bb = blind_seats(n)
    ledger.commit(sb, table["small"])
    ledger.commit(bb, table["big"])

    def check_chips() -> None:
        assert sum(ledger.stacks) + sum(ledger.put_in) == total
        assert min(ledger.stacks) >= 0
        assert all(0 <= r <= p for r, p in zip(ledger.this_round, ledger.put_in, strict=True))

    for street in range(4):
        betting = BettingRound(
            ledger,
            first=bb + 1 if street == 0 else n,
            big_blind=table["big"],
            unit=unit,
            round_index=street,
            rule=MIN_RAISE_RULES[table["rule"]],
        )
        while not betting.done:
            junk = data.draw(JUNK_MOVES)
            before = snapshot(betting)
            with contextlib.suppress(IllegalMove):
                betting.parse(junk)
            assert snapshot(betting) == before  # parse never changes anything
            seat = betting.actor
            assert seat is not None
            betting.apply(seat, betting.parse(choose_move(data, betting)))
            check_chips()
        ledger.end_round()
        check_chips()
        if len(ledger.live_seats()) <= 1:
            break

    pots = ledger.pots()
    assert sum(p.amount for p in pots) == sum(ledger.put_in)
    policy = data.draw(st.sampled_from(list(OddChips)))
    carried = 0
    for pot in pots:
        winners = data.draw(
            st.lists(st.sampled_from(pot.eligible), min_size=1, unique=True), label="winners"
        )
        shares, rest = split(
            pot.amount, winners, unit=unit, odd_chips=policy, order=clockwise(0, n)
        )
        award(shares, ledger.stacks)
        carried += rest
    assert sum(ledger.stacks) + carried == total
