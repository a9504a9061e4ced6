"""Slovní poker at the terminal (`games/wordpoker/terminal.py`): `play` in Czech and English,
short commands, the game's refusal reasons in the player's language (docs/rules/wordpoker.md
W6, W9, W17)."""

from __future__ import annotations

import subprocess
import sys

from pokerhall.games.wordpoker.terminal import TERMINAL, parse_command

from .conftest import Run

HAND = [
    {"id": "N1", "letter": "N"},
    {"id": "K2", "letter": "K"},
    {"id": "hacek3", "letter": "hacek"},
    {"id": "N4", "letter": "N"},
]


def test_w6_declare_and_respond_commands() -> None:
    declare = {"type": "declare"}
    assert parse_command("r 5", declare, HAND) == {"type": "raise", "amount": 5}
    assert parse_command("navyšuji 3", declare, HAND) == {"type": "raise", "amount": 3}
    assert parse_command("neměním", declare, HAND) == {"type": "stay"}
    assert parse_command("p", declare, HAND) == {"type": "pass"}
    respond = {"type": "respond"}
    move = parse_command("c n ˇ n", respond, HAND)
    assert move == {"type": "call", "exchange": ["N1", "hacek3", "N4"]}
    assert "no x card" in str(parse_command("c x", respond, HAND))
    assert parse_command("c", respond, HAND) == {"type": "call", "exchange": []}


def test_w16_a_ch_card_is_exchanged_as_ch() -> None:
    hand = [*HAND, {"id": "CH1", "letter": "CH"}, {"id": "C2", "letter": "C"}]
    respond = {"type": "respond"}
    assert parse_command("c ch", respond, hand) == {"type": "call", "exchange": ["CH1"]}
    assert parse_command("c C", respond, hand) == {"type": "call", "exchange": ["C2"]}


def test_w9_a_word_is_typed_as_it_is_written() -> None:
    word = {"type": "word"}
    assert parse_command("kočka", word, HAND) == {"type": "word", "word": "kočka"}
    assert parse_command("w sůl", word, HAND) == {"type": "word", "word": "sůl"}
    assert parse_command("-", word, HAND) == {"type": "no_word"}
    assert TERMINAL.parse("", word) == "type a move (? for help)"


def test_w17_play_in_czech_shows_the_table_and_czech_reasons(cli: Run) -> None:
    script = "s\nc\ns\nc\nsůl\nq\n"
    args = ["play", "wordpoker", "--bots", "2", "--seed", "3", "--lang", "cs"]
    result = cli(*args, "-o", "lexicon=mini", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Slovní poker · partie 1 z 10" in out
    assert "Tvoje karty: N J V ´ S" in out
    assert "slovo potřebuje kartu, kterou nemáš: 1 × L, máš 0" in out
    assert "Ohlášení:" in out


def test_play_in_english_to_the_next_deal(cli: Run) -> None:
    script = "r 2\nc\ns\nc\n-\nq\n"
    args = ["play", "wordpoker", "--bots", "2", "--seed", "3", "--bot-kind", "matcher"]
    result = cli(*args, "-o", "lexicon=mini", input=script)
    assert result.exit_code == 0, result.output
    assert "Declarations: Player raise by 2" in result.output
    assert "Deal 1:" in result.output
    assert "Deal 2 of 10" in result.output


def test_w2_w9_a_whole_game_in_czech_through_the_cli_entry_point() -> None:
    # Played as a user would, with piped input: the same three lines over and over are each a
    # move at some prompt (s at a declaration, c at a response, - at the word) and a refusal,
    # in Czech, at the others, so every prompt is answered and the game runs to its end.
    script = "?\ns\nc N J\n" + "s\nc\n-\n" * 60
    args = ["play", "wordpoker", "--bots", "2", "--seed", "3", "--lang", "cs"]
    result = subprocess.run(
        [sys.executable, "-m", "pokerhall", *args, "-o", "lexicon=mini", "-o", "deals=2"],
        input=script,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "Ohlášení (zapečetěné, všichni naráz)" in out  # the help, in Czech
    assert "napiš r N pro navýšení o N" in out  # a refusal, in Czech
    assert "Odhozené karty: N J" in out
    assert "Partie 2 z 2" in out
    assert "Konec hry" in out
    assert "Konečné pořadí" in out
    assert "ve hře" in out
    for english in ("Final standings", "type r N", " in  "):
        assert english not in out


def test_w6_w17_a_line_that_is_no_move_is_refused_in_the_tables_language() -> None:
    declare, respond = {"type": "declare"}, {"type": "respond"}
    assert (
        parse_command("x", declare, HAND, "cs")
        == "napiš r N pro navýšení o N, s bez navýšení, p pro pass"
    )
    assert parse_command("c x", respond, HAND, "cs") == "nemáš žádnou kartu x k výměně"
    refusals = {lang: parse_command("", declare, HAND, lang) for lang in ("en", "cs", "de", "el")}
    assert refusals["en"] == "type a move (? for help)"
    assert len(set(refusals.values())) == 4  # each its own language
