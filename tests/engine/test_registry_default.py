"""The hall's default game (`registry.set_default`) is listed first, whatever its name, so a
new game sorting before it does not change what new tables and `pokerhall play` start with."""

from __future__ import annotations

import pytest

from pokerhall import games  # registers every game and the default
from pokerhall.engine import registry
from pokerhall.engine.errors import UnknownGame


def test_the_default_game_is_listed_first_and_the_rest_by_name() -> None:
    names = [info.name for info in registry.infos()]
    assert names[0] == "quizpoker"
    assert names[1:] == sorted(names[1:])
    assert sorted(names) == sorted({games.info(n).name for n in games.names()})


def test_only_a_registered_game_can_be_the_default() -> None:
    with pytest.raises(UnknownGame):
        registry.set_default("no-such-game")
    assert registry.infos()[0].name == "quizpoker"
