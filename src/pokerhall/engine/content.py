"""Content a game plays from that the people running or using the hall may add: QuizPoker's
question packs today. A game registers it through `GameInfo.content`, so the hall stores an
upload, lists it, refuses a bad one with its problems, and tells a table that plays an upload,
all without knowing what the content holds or which game takes it.

The engine declares only the shape (`ContentLibrary`); the content layer implements it (the
question packs: `content/library.py`), and the game names it with the option that picks it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ContentProblem:
    """One thing wrong with an upload, by its 1-based line, so its author can fix it. `code`
    and `params` name the problem for a client that words it in its reader's language;
    `reason` is the English text."""

    line: int
    reason: str
    code: str | None = None
    params: Mapping[str, str] | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


class ContentRefused(ValueError):
    """An upload that cannot be used, with every problem found (at least one)."""

    def __init__(self, message: str, problems: Sequence[ContentProblem]) -> None:
        super().__init__(message)
        self.problems = list(problems)


@dataclass(frozen=True, slots=True)
class Uploaded:
    """What the hall answers for an accepted upload."""

    id: str
    """The id a table's option names it by: a digest of the text, so the same text is the
    same id and nobody can replace content others play with."""
    sha256: str
    entries: int
    languages: list[str]


class ContentLibrary(Protocol):
    """The content registered in this process, by id."""

    def upload(self, text: str, *, today: datetime.date) -> Uploaded:
        """Validate and register an upload under the id its text gives; ContentRefused lists
        why not. `today` refuses content dated after it."""
        ...

    def restore(self, content_id: str, text: str) -> None:
        """Register a stored upload again (at start-up); ValueError if it no longer validates."""
        ...

    def register_folder(self, folder: Path) -> None:
        """Register the operator's folder; any bad file is an error at once."""
        ...

    def is_upload(self, content_id: str) -> bool:
        """Whether the id names an upload (whoever made it may know every answer)."""
        ...

    def forget(self, content_id: str) -> None:
        """Drop a registered upload (the uploader's quota made room)."""
        ...

    def known(self) -> list[str]:
        """Every id a table may name."""
        ...


@dataclass(frozen=True, slots=True)
class GameContent:
    """A game's uploadable content: the library, and the option that names an entry of it."""

    option: str
    library: ContentLibrary

    def upload_named(self, options: Mapping[str, object]) -> str | None:
        """The upload a table's options play, if any."""
        value = options.get(self.option)
        return value if isinstance(value, str) and self.library.is_upload(value) else None
