"""A game's uploadable content (`engine/content.py`, QuizPoker's question packs): the hall
learns which upload a table plays only through the option its game names, whatever the other
options hold; a bad upload is refused with its problems by line and registers nothing."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from pokerhall.content import library
from pokerhall.engine import registry
from pokerhall.engine.content import ContentRefused

PACK = (Path(__file__).resolve().parents[1] / "fixtures" / "mini.en.jsonl").read_text("utf-8")


def test_the_upload_a_table_plays_is_read_from_its_games_option_only() -> None:
    (content,) = registry.uploads()
    assert content.option == "questions"
    try:
        uploaded = content.library.upload(PACK, today=datetime.date(2026, 12, 2))
    except ContentRefused as exc:  # the sample must be a valid pack
        pytest.fail(f"{exc}: {[str(p) for p in exc.problems]}")
    try:
        assert content.upload_named({"questions": uploaded.id}) == uploaded.id
        assert content.upload_named({"language": uploaded.id}) is None  # another option
        assert content.upload_named({"questions": "builtin"}) is None  # not an upload
        assert content.upload_named({"questions": 7}) is None  # malformed
    finally:
        library.forget(uploaded.id)


def test_a_bad_upload_is_refused_with_its_problems_by_line_and_registers_nothing() -> None:
    (content,) = registry.uploads()
    before = content.library.known()
    with pytest.raises(ContentRefused) as refused:
        content.library.upload('{"id": "x"}\nnot json\n', today=datetime.date(2026, 12, 2))
    assert refused.value.problems
    assert all(problem.line >= 1 for problem in refused.value.problems)
    assert content.library.known() == before
