"""`pokerhall bot` as a person runs it: the README's example bot and commands, as written,
play whole games on a real server; mistakes on the command line end with a readable line."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerhall.botclient import lobby
from pokerhall.cli import app
from serving import ROOT, Served, child_env

README = ROOT / "README.md"
SECTION = "## For programs: a bot on any server"
RUN_TIMEOUT = 60.0


def section() -> str:
    return README.read_text(encoding="utf-8").split(SECTION, 1)[1].split("\n## ", 1)[0]


def example_bot() -> str:
    blocks = re.findall(r"```python\n(.*?)```", section(), re.DOTALL)
    assert blocks, "the section has no Python example"
    return str(blocks[0])


def example_commands() -> list[list[str]]:
    blocks = re.findall(r"```sh\n(.*?)```", section(), re.DOTALL)
    assert blocks, "the section has no command example"
    return [shlex.split(line, comments=True) for line in blocks[0].splitlines() if line.strip()]


@pytest.mark.parametrize("index", [0, 1], ids=["module", "level"])
def test_readme_example_plays_a_game(served: Served, tmp_path: Path, index: int) -> None:
    """The README's bot, saved as my_bot.py, and each of its commands: a whole QuizPoker game
    against a built-in bot, ending with the result."""
    (tmp_path / "my_bot.py").write_text(example_bot(), encoding="utf-8")
    table = served.open_table("quizpoker")
    words = example_commands()[index]
    assert words[:2] == ["pokerhall", "bot"]
    words = [served.http if w == "http://127.0.0.1:8000" else w for w in words[1:]]
    words = [table["id"] if w == "TABLE_ID" else w for w in words]
    done = subprocess.run(
        [sys.executable, "-m", "pokerhall", *words],
        cwd=tmp_path,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Game over.\n"), done.stdout
    assert "its token:" in done.stderr
    assert "game over:" in done.stderr
    assert served.table(table["id"])["status"] == "finished"


def test_module_or_level_is_needed() -> None:
    result = CliRunner().invoke(app, ["bot", "http://127.0.0.1:9", "--table", "x"])
    assert result.exit_code == 2
    assert "--module" in result.output


def test_a_bot_that_cannot_be_loaded(served: Served) -> None:
    table = served.open_table("palace")
    for spec, why in [
        ("no_such_module_here:Bot", "cannot import"),
        ("pokerhall.botclient:Missing", "has no Missing"),
        ("pokerhall.botclient:THINK", "not a class"),
        ("just_a_name", "module:Class"),
    ]:
        result = CliRunner().invoke(
            app, ["bot", served.http, "--table", table["id"], "--module", spec]
        )
        assert result.exit_code == 2, result.output
        assert why in result.output


def test_an_unknown_table_or_level(served: Served) -> None:
    result = CliRunner().invoke(app, ["bot", served.http, "--table", "nope", "--level", "casual"])
    assert result.exit_code == 1
    assert "table nope" in result.output
    table = served.open_table("palace")
    result = CliRunner().invoke(app, ["bot", served.http, "--table", table["id"], "--level", "x"])
    assert result.exit_code == 2
    assert "cautious" in result.output  # the kinds the game has


def test_a_started_table_has_no_seat(served: Served) -> None:
    table = served.open_table("palace", turn_clock=1.0)
    lobby.join(served.http, table["id"], "First")  # the last seat: the table starts
    result = CliRunner().invoke(
        app, ["bot", served.http, "--table", table["id"], "--level", "random"]
    )
    assert result.exit_code == 1
    assert "cannot take a seat: this table has already started" in result.output


def test_a_private_tables_link_is_enough(served: Served) -> None:
    """The link the lobby shows (`table.html?id=...&code=...`) names the table and its code."""
    table = served.open_table("detective", seats=3, private=True)
    link = f"{served.http}/table.html?id={table['id']}&code={table['join_code']}"
    result = CliRunner().invoke(app, ["bot", link, "--level", "expert", "--name", "Linked", "-q"])
    assert result.exit_code == 0, result.output
    assert "Linked" in result.output
    assert served.table(table["id"], table["join_code"])["status"] == "finished"


def test_no_table() -> None:
    result = CliRunner().invoke(app, ["bot", "http://127.0.0.1:9", "--level", "casual"])
    assert result.exit_code == 2
    assert "--table" in result.output


def test_links() -> None:
    link = "http://h:8/table.html?id=T1&code=AB12CD"
    assert lobby.parse_link(link) == ("http://h:8", "T1", "AB12CD")
    assert lobby.parse_link("https://h/hall/table.html?id=T") == ("https://h/hall", "T", None)
    assert lobby.parse_link("h:8000/") == ("http://h:8000", None, None)


def test_the_docs_bot_plays_a_local_game(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/botclient.md: its example bot (with its hooks) and the sketch that plays it
    locally, as written."""
    text = (ROOT / "docs" / "botclient.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    bot, local = blocks[0], next(b for b in blocks if "bot_move" in b)
    exec(compile(bot + local, "docs/botclient.md", "exec"), {"__name__": "docs"})
    assert "'winners'" in capsys.readouterr().out


STUCK = """
import threading

class Stuck:
    def choose(self, view, prompt):
        threading.Event().wait()  # never returns
"""


def test_a_bot_that_never_answers_still_ends(served: Served, tmp_path: Path) -> None:
    """A `choose` that never returns: every prompt gets its default in time, and the command
    ends at game over all the same (the bot's thread does not hold the process)."""
    (tmp_path / "stuck.py").write_text(STUCK, encoding="utf-8")
    table = served.open_table("wordpoker", options={"deals": 1, "lexicon": "mini"})
    words = ["bot", served.http, "--table", table["id"], "--module", "stuck:Stuck"]
    done = subprocess.run(
        [sys.executable, "-m", "pokerhall", *words, "--think", "0.2"],
        cwd=tmp_path,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Game over.\n")
    assert "sending the default move" in done.stderr
