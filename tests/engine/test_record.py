"""Match records: `(game, options, players, seed, moves)` round-trips through JSON and files, and a
damaged record is refused instead of being coerced into a different match."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokerhall.engine.record import RECORD_FORMAT, RECORD_VERSION, MatchRecord

RECORD = MatchRecord(
    game="quizpoker",
    options={"ruleset": "duell", "small_blinds": [50, 100]},
    players=("Ann", "Bob", "Cy"),
    seed=2**62,
    moves=((1, {"type": "guess", "value": "-3.5"}), (2, {"type": "fold"})),
    content={"questions": "sha256:" + "ab" * 32},
)


def good_json() -> dict[str, Any]:
    return json.loads(json.dumps(RECORD.to_json()))


def test_to_json_is_plain_json() -> None:
    data = RECORD.to_json()
    assert data == {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": "quizpoker",
        "options": {"ruleset": "duell", "small_blinds": [50, 100]},
        "players": ["Ann", "Bob", "Cy"],
        "seed": 2**62,
        "moves": [
            {"seat": 1, "move": {"type": "guess", "value": "-3.5"}},
            {"seat": 2, "move": {"type": "fold"}},
        ],
        "content": {"questions": "sha256:" + "ab" * 32},
    }
    json.dumps(data, allow_nan=False)


def test_json_round_trip() -> None:
    assert MatchRecord.from_json(good_json()) == RECORD


def test_a_record_from_before_content_was_pinned_still_loads() -> None:
    old = damaged(content=KeyError)
    assert MatchRecord.from_json(old).content == {}


def test_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    RECORD.save(path)
    assert MatchRecord.load(path) == RECORD
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == RECORD_FORMAT


def test_non_ascii_names_survive_a_file(tmp_path: Path) -> None:
    record = MatchRecord("quizpoker", {}, ("Jürgen", "Žofie"), 1, ())
    record.save(tmp_path / "m.json")
    assert MatchRecord.load(tmp_path / "m.json").players == ("Jürgen", "Žofie")


def damaged(**changes: Any) -> dict[str, Any]:
    data = good_json()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "not a pokerhall-match record"),
        ({"format": "something-else"}, "not a pokerhall-match record"),
        (damaged(version=2), "unsupported record version 2"),
        (damaged(version=None), "unsupported record version"),
        (damaged(moves=KeyError), "missing moves"),
        (damaged(seed=KeyError, game=KeyError), "missing game, seed"),
        (damaged(game=7), "game must be a name"),
        (damaged(options=["ruleset"]), "options an object"),
        (damaged(players="AnnBob"), "players must be a list of names"),
        (damaged(players=["Ann", 2]), "players must be a list of names"),
        (damaged(seed="12"), "seed '12' is not an integer"),
        (damaged(seed=1.5), "seed 1.5 is not an integer"),
        (damaged(seed=True), "seed True is not an integer"),
        (damaged(moves={"seat": 1}), "moves must be a list"),
        (damaged(moves=[{"seat": 1}]), "move 1 is not"),
        (damaged(moves=[{"seat": 1.7, "move": {"type": "fold"}}]), "move 1 is not"),
        (damaged(moves=[{"seat": "1", "move": {"type": "fold"}}]), "move 1 is not"),
        (damaged(moves=[{"seat": False, "move": {"type": "fold"}}]), "move 1 is not"),
        (damaged(moves=[{"seat": 1, "move": [["type", "fold"]]}]), "move 1 is not"),
        (damaged(moves=[{"seat": 1, "move": {}}, "fold"]), "move 2 is not"),
        (damaged(content=["sha256:ab"]), "content must map kinds to digests"),
        (damaged(content={"questions": 7}), "content must map kinds to digests"),
    ],
    ids=repr,
)
def test_damaged_records_are_refused(data: Any, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        MatchRecord.from_json(data)


def test_load_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"hello": "world"}', encoding="utf-8")
    with pytest.raises(ValueError, match="not a pokerhall-match record"):
        MatchRecord.load(path)
