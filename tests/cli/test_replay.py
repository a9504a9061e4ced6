"""`pokerhall replay`: a record's hand history, and clear errors for files that are not one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerhall import games
from pokerhall.content import library

from .conftest import Run


@pytest.fixture
def record_file(tmp_path: Path, mini_pack: Path) -> Path:
    """A short seeded match between Ann, Bob and Cy, saved as a record."""
    state = games.create("quizpoker", ["Ann", "Bob", "Cy"], {"questions": "mini.en"}, 5)
    state.act(0, {"type": "guess", "value": "80"})
    state.act(1, {"type": "guess", "value": "90"})
    state.act(2, {"type": "guess", "value": "10"})
    for seat, move in ((0, "call"), (1, "call"), (2, "check")):
        state.act(seat, {"type": move})
    path = tmp_path / "match.json"
    state.record().save(path)
    return path


def test_replay_prints_the_public_history(cli: Run, record_file: Path) -> None:
    result = cli("replay", record_file)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "quizpoker: Ann, Bob, Cy · seed 5 · 6 moves" in out
    assert "Hand 1 — Ann has the button; blinds 10/20" in out
    assert "Ann calls 20" in out
    assert "Hint 1:" in out
    assert "Ann guesses" not in out  # QP3: guesses are secret until shown
    assert "not finished" in out
    assert "Standings so far" in out


def test_replay_all_includes_private_events(cli: Run, record_file: Path) -> None:
    result = cli("replay", record_file, "--all")
    assert result.exit_code == 0, result.output
    assert "Ann guesses 80  (seen by Ann)" in result.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "not a match record (invalid JSON at line 1"),
        ("[1, 2]", "not a pokerhall-match record"),
        ('{"format": "pokerhall-match", "version": 1}', "malformed record"),
    ],
)
def test_files_that_are_not_records(cli: Run, tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(content)
    result = cli("replay", path)
    assert result.exit_code == 1
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_missing_file(cli: Run, tmp_path: Path) -> None:
    result = cli("replay", tmp_path / "nope.json")
    assert result.exit_code == 1
    assert "nope.json: no such file" in result.stderr


def test_a_move_that_is_illegal_on_replay_names_the_move(cli: Run, record_file: Path) -> None:
    data = json.loads(record_file.read_text())
    data["moves"][3]["move"] = {"type": "raise", "to": 5}
    record_file.write_text(json.dumps(data))
    result = cli("replay", record_file)
    assert result.exit_code == 2
    assert "move 4 of 6 (seat 0" in result.stderr
    assert "is illegal on replay" in result.stderr


def test_a_record_of_an_unknown_game(cli: Run, record_file: Path) -> None:
    data = json.loads(record_file.read_text())
    data["game"] = "chess"
    record_file.write_text(json.dumps(data))
    result = cli("replay", record_file)
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr


def test_replay_in_another_language(cli: Run, record_file: Path) -> None:
    """The same events, rendered from the German catalog, numbers the German way."""
    result = cli("replay", record_file, "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "Runde 1 — Ann hat den Dealer-Button; Blinds 10/20" in result.stdout
    assert "Ann geht mit 20 mit" in result.stdout


def test_replay_in_a_language_without_messages(cli: Run, record_file: Path) -> None:
    result = cli("replay", record_file, "--lang", "xx")
    assert result.exit_code == 2
    assert "--lang: no messages in language 'xx' (known: cs, de, el, en)" in result.stderr


def test_a_match_played_with_a_local_pack_replays_with_that_pack_given(
    cli: Run, tmp_path: Path, mini_pack: Path
) -> None:
    """The terminal user's pack file is registered by content: the record names its id and
    digest, and `replay --pack FILE` registers it again under the same id."""
    pack = tmp_path / "mine.jsonl"
    pack.write_bytes(mini_pack.read_bytes() + b"\n")  # a pack of its own, not the fixture's id
    record = tmp_path / "match.json"
    args = ["--hands", "2", "--bots", "caller", "--save", record]
    played = cli("simulate", "quizpoker", "--questions", pack, *args)
    assert played.exit_code == 0, played.output
    pack_id = json.loads(record.read_text(encoding="utf-8"))["options"]["questions"]
    assert pack_id.startswith("file-")
    library.forget(pack_id)  # as in a new terminal session
    refused = cli("replay", record)
    assert refused.exit_code != 0
    assert f"unknown question pack {pack_id!r}" in refused.output
    replayed = cli("replay", record, "--pack", pack)
    assert replayed.exit_code == 0, replayed.output
