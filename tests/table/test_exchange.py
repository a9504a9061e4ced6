"""Two-seat betting exchanges (table/exchange.py; docs/rules/palace.md P9, P10): fixed-limit and
no-limit raise sizes, no raise cap unless one is set, the defender's own first-call price, calls
of a raise costing what it added, all-in answers, one pot with
nothing returned, bad moves refused with nothing changed; and properties: chips are conserved,
caps hold, and the exchange ends exactly when one side calls or folds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhall.engine.errors import IllegalMove
from pokerhall.table.exchange import Exchange, FixedLimit, NoLimit, Structure
from pokerhall.table.ledger import Ledger


def exchange(
    stacks: list[int],
    *,
    opening: int = 20,
    first_call: int | None = None,
    structure: Structure | None = None,
    size: int = 20,
) -> Exchange:
    ledger = Ledger(stacks=list(stacks), playing=[True] * len(stacks))
    return Exchange(
        ledger,
        attacker=0,
        defender=1,
        opening=opening,
        first_call=first_call,
        structure=structure or FixedLimit(),
        size=lambda seat: size,
    )


def state(ex: Exchange) -> tuple[Any, ...]:
    led = ex.ledger
    return (list(led.stacks), list(led.put_in), dict(ex.totals), ex.raises, ex.actor)


def test_p9_the_opening_bet_goes_into_the_one_pot_and_the_defender_answers() -> None:
    ex = exchange([100, 100, 100], opening=30)
    assert ex.ledger.stacks[0] == 70
    assert ex.ledger.pot_total() == 30
    assert ex.actor == 1
    assert ex.legal().call == 30


def test_p10_the_defenders_first_call_costs_its_own_price_above_the_bet() -> None:
    """P10 (seed formula): a call puts in the defender's own price, here more than the bet."""
    ex = exchange([100, 100], opening=20, first_call=40)
    assert ex.legal().call == 40
    ex.apply(ex.parse({"type": "call"}))
    assert ex.done
    assert ex.called
    assert ex.ledger.put_in == [20, 40]  # no uncalled bet comes back: one main pot (P9)


def test_p10_the_defenders_first_call_costs_its_own_price_below_the_bet() -> None:
    """P10 (seed formula, corrected): the price is the defender's own even when the attacker bet
    more; nothing is owed for the difference."""
    ex = exchange([100, 100], opening=30, first_call=10)
    assert ex.legal().call == 10
    ex.apply(ex.parse({"type": "call"}))
    assert ex.ledger.put_in == [30, 10]


def test_p10_a_raise_adds_to_the_own_call_and_its_call_costs_what_it_added() -> None:
    """P10: the defender calls (its own price), then raises; the attacker calls the raise by
    putting in what the raise added, and a re-raise does the same the other way."""
    ex = exchange([1000, 1000], opening=30, first_call=10, size=20)
    ex.apply(ex.parse({"type": "raise", "by": 20}))
    assert ex.ledger.put_in == [30, 30]
    assert ex.legal().call == 20
    ex.apply(ex.parse({"type": "raise", "by": 20}))  # the attacker re-raises: 20 + 20
    assert ex.ledger.put_in == [70, 30]
    assert ex.legal().call == 20
    ex.apply(ex.parse({"type": "call"}))
    assert ex.ledger.put_in == [70, 50]
    assert ex.done


def test_p16_without_a_cap_limit_raises_go_on_until_a_call() -> None:
    """P10, P16: the seed lets the fighters re-raise after every raise; no cap by default."""
    ex = exchange([10_000, 10_000], structure=FixedLimit(), size=20)
    for _ in range(40):
        assert ex.legal().raise_by == (20, 20)
        ex.apply(ex.parse({"type": "raise", "by": 20}))
    assert ex.raises == 40


def test_p10_fixed_limit_raises_by_exactly_the_size_up_to_the_cap() -> None:
    ex = exchange([1000, 1000], structure=FixedLimit(cap=3), size=20)
    for seat in (1, 0, 1):
        assert ex.actor == seat
        assert ex.legal().raise_by == (20, 20)
        ex.apply(ex.parse({"type": "raise", "by": 20}))
    assert ex.actor == 0
    assert ex.legal().raise_by is None  # capped
    with pytest.raises(IllegalMove, match="capped"):
        ex.parse({"type": "raise", "by": 20})
    ex.apply(ex.parse({"type": "call"}))
    assert ex.totals == {0: 80, 1: 80}


def test_p10_no_limit_raises_by_at_least_the_size_up_to_all_in() -> None:
    ex = exchange([500, 300], structure=NoLimit(), size=20)
    assert ex.legal().raise_by == (20, 280)
    with pytest.raises(IllegalMove, match="from 20 to 280"):
        ex.parse({"type": "raise", "by": 19})
    ex.apply(ex.parse({"type": "raise", "by": 280}))
    assert ex.ledger.stacks[1] == 0
    assert ex.legal().call == 280
    assert ex.legal().raise_by is None  # nobody could answer a raise


def test_p10_a_short_stack_calls_all_in_for_less_and_nothing_comes_back() -> None:
    ex = exchange([100, 15], opening=20)
    assert ex.legal().call == 15
    assert ex.legal().raise_by is None
    outcome = ex.apply(ex.parse({"type": "call"}))
    assert outcome.all_in
    assert outcome.added == 15
    assert ex.ledger.pot_total() == 35


def test_p10_a_fold_ends_the_exchange_without_paying() -> None:
    ex = exchange([100, 100])
    ex.apply(ex.parse({"type": "fold"}))
    assert ex.done
    assert ex.folded == 1
    assert not ex.called
    assert ex.ledger.put_in == [20, 0]
    with pytest.raises(IllegalMove, match="over"):
        ex.legal()


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"type": "check"}, "fold, call or raise"),
        ({"type": "call", "by": 3}, "unexpected"),
        ({"type": "raise"}, "whole number"),
        ({"type": "raise", "by": "20"}, "whole number"),
        ({"type": "raise", "by": 21}, "exactly 20"),
        ({"type": "raise", "by": -1}, "negative"),
    ],
)
def test_p10_bad_answers_are_refused_and_change_nothing(move: dict[str, Any], reason: str) -> None:
    ex = exchange([100, 100])
    before = state(ex)
    with pytest.raises(IllegalMove, match=reason):
        ex.parse(move)
    assert state(ex) == before


@settings(max_examples=300, deadline=None)
@given(
    stacks=st.lists(st.integers(0, 400), min_size=2, max_size=4),
    opening=st.integers(0, 100),
    first_call=st.none() | st.integers(0, 100),
    size=st.integers(1, 60),
    limit=st.booleans(),
    cap=st.none() | st.integers(0, 4),
    choices=st.lists(st.tuples(st.sampled_from(["fold", "call", "raise"]), st.floats(0, 1))),
)
def test_p9_p10_exchanges_conserve_chips_respect_caps_and_end_on_a_call_or_fold(
    stacks: list[int],
    opening: int,
    first_call: int | None,
    size: int,
    limit: bool,
    cap: int | None,
    choices: list[tuple[str, float]],
) -> None:
    structure: Structure = FixedLimit(cap) if limit else NoLimit()
    ex = exchange(stacks, opening=opening, first_call=first_call, structure=structure, size=size)
    total = sum(stacks)
    for kind, where in choices:
        if ex.done:
            break
        legal = ex.legal()
        move: dict[str, Any] = {"type": kind}
        if kind == "raise":
            if legal.raise_by is None:
                with pytest.raises(IllegalMove):
                    ex.parse({"type": "raise", "by": size})
                continue
            low, high = legal.raise_by
            move["by"] = low + round((high - low) * where)
        outcome = ex.apply(ex.parse(move))
        assert outcome.added <= legal.call + (move.get("by") or 0)
        assert ex.done == (kind != "raise")
        assert cap is None or ex.raises <= cap or not limit
        led = ex.ledger
        assert all(s >= 0 for s in led.stacks)
        assert sum(led.stacks) + led.pot_total() == total
        assert sum(ex.totals.values()) == led.pot_total()
    assert ex.done == (ex.called or ex.folded is not None)


def test_p2_p7_payments_that_are_not_bets_do_not_set_the_rounds_bet() -> None:
    """Antes (P2) and buys (P7) go into the pot through `Ledger.pay`, not as a round's bet."""
    ledger = Ledger(stacks=[100, 100], playing=[True, True])
    assert ledger.pay(0, 5) == 5
    assert ledger.pay(1, 500) == 100  # never more than the stack
    assert ledger.this_round == [0, 0]
    assert ledger.put_in == [5, 100]
    assert ledger.stacks == [95, 0]
