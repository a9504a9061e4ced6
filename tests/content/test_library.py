"""The pack library: packs named by id, validated, with digests; no path ever loads a file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from pokerhall.content import library
from pokerhall.content.questions import PackError


def test_a_registered_pack_has_its_text_digest_and_questions(mini_pack: Path) -> None:
    text = mini_pack.read_text(encoding="utf-8")
    pack = library.register_text("test-mini", text)
    try:
        assert pack.sha256 == hashlib.sha256(text.encode()).hexdigest()
        assert len(library.questions("test-mini", "en")) == 5
        assert library.register_text("test-mini", text) is pack  # the same text again
        with pytest.raises(ValueError, match="already taken by another pack"):
            library.register_text("test-mini", text + "\n")
    finally:
        library.forget("test-mini")


def test_an_unknown_id_is_one_error_whether_or_not_a_file_is_there(mini_pack: Path) -> None:
    answers = set()
    for name in (str(mini_pack), "/no/such.jsonl"):
        with pytest.raises(library.UnknownPack) as refused:
            library.questions(name, "en")
        answers.add(str(refused.value).replace(repr(name), "X"))
    assert len(answers) == 1
    assert answers.pop().startswith("unknown question pack X; known packs: builtin")


@pytest.mark.parametrize("pack_id", ["builtin", "", "Upper", "../x", "a" * 61, "a b"])
def test_malformed_ids_are_refused(pack_id: str) -> None:
    with pytest.raises(ValueError, match="not a pack id"):
        library.register_text(pack_id, "")


def test_an_invalid_pack_is_refused_with_its_problems() -> None:
    with pytest.raises(PackError, match="line 1: invalid JSON"):
        library.register_text("test-bad", "{oops\n")
    assert "test-bad" not in library.known_packs()


def test_an_operators_folder_is_registered_by_file_name(tmp_path: Path, mini_pack: Path) -> None:
    (tmp_path / "Trivia.en.jsonl").write_bytes(mini_pack.read_bytes())
    (tmp_path / "notes.txt").write_text("not a pack", encoding="utf-8")
    try:
        assert [pack.id for pack in library.register_folder(tmp_path)] == ["trivia.en"]
    finally:
        library.forget("trivia.en")


def test_the_digest_names_exactly_the_questions_drawn(mini_pack: Path) -> None:
    chosen = library.questions("mini.en", "en")
    assert library.pinned_questions("mini.en", "en") == (
        chosen,
        library.questions_digest(chosen),
    )
    assert library.questions_digest(chosen[:-1]) != library.questions_digest(chosen)
    assert library.questions_digest(chosen).startswith("sha256:")
