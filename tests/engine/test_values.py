"""`value_class`: frozen to the type checker, equal and hashable like a frozen dataclass."""

from __future__ import annotations

import textwrap
from pathlib import Path

from mypy import api as mypy_api

from pokerhall.table.betting import BetAction
from pokerhall.table.pots import Pot


def test_value_objects_compare_and_hash_by_their_fields() -> None:
    assert Pot(300, (0, 2)) == Pot(300, (0, 2))
    assert Pot(300, (0, 2)) != Pot(300, (0, 1))
    assert len({BetAction("call", 100), BetAction("call", 100), BetAction("raise", 300)}) == 2


def test_the_type_checker_refuses_changing_a_value_object(tmp_path: Path) -> None:
    source = tmp_path / "change.py"
    source.write_text(
        textwrap.dedent(
            """
            from pokerhall.engine.events import Event
            from pokerhall.table.pots import Pot

            pot = Pot(300, (0, 2))
            pot.amount = 400
            event = Event.public("hint", number=1)
            event.to = frozenset({1})
            """
        )
    )
    out, _, status = mypy_api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), str(source)])
    assert status == 1
    assert 'Property "amount" defined in "Pot" is read-only' in out
    assert 'Property "to" defined in "Event" is read-only' in out
