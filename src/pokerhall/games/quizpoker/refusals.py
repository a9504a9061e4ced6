"""QuizPoker's own reasons for refusing a move; their words are in its catalogs (`reject.*`)."""

from __future__ import annotations

from pathlib import Path

from pokerhall.engine.refusals import Refusals

refuse = Refusals(Path(__file__).parent / "messages")
