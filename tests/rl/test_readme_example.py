"""The README's reinforcement-learning example runs as written and plays a match to its end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

README = Path(__file__).parents[2] / "README.md"


def example() -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split("## For programs: reinforcement learning", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    assert blocks, "the section has no Python example"
    return str(blocks[0])


def test_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(example(), str(README), "exec"), {"__name__": "readme"})
    lines = capsys.readouterr().out.splitlines()
    assert sorted(line.split()[0] for line in lines) == ["player_0", "player_1", "player_2"]
    assert all("chips won or lost" in line for line in lines)
