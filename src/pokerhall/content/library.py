"""The pack library: the question packs a game may name, by pack id.

A game's `questions` option is a pack id, never a path: "builtin" (the packs shipped with
pokerhall) or a pack registered here by whoever runs the program: the server registers the packs
of the folder its operator names (`serve --packs DIR`) and the packs uploaded through the lobby
(stored in its database), the command line registers a local file its user names. So nobody who
merely opens a table can make the program read a file, nor learn whether one exists: an unknown id
is one plain error, whatever is on disk.

Every pack has a SHA-256 digest of its text, and `questions_digest` names exactly the questions a
game draws from, so a match record can pin the content it was played with.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pokerhall.content.packs import _decode, _split_lines, builtin_questions, parse_pack
from pokerhall.content.questions import (
    BUILTIN,
    DIFFICULTIES,
    PackError,
    PackProblem,
    Question,
    StrPath,
)
from pokerhall.content.text import code_point
from pokerhall.engine.content import ContentProblem, ContentRefused, Uploaded

PACK_ID = re.compile(r"[a-z0-9][a-z0-9_.-]{0,59}")
"""Pack ids: lower-case ASCII letters, digits, '_', '.', '-'; at most 60 characters."""
MAX_LISTED_PACKS = 10


class UnknownPack(ValueError):
    """A pack id that names no registered pack."""


@dataclass(frozen=True, slots=True)
class Pack:
    id: str
    sha256: str
    """Hex SHA-256 of the pack's UTF-8 text, as registered."""
    questions: tuple[Question, ...]
    uploaded: bool = False
    """Uploaded by someone through the lobby (not shipped, nor the operator's): whoever did may
    know every answer, which the tables playing it tell their players."""

    @property
    def languages(self) -> list[str]:
        return sorted({question.language for question in self.questions})


_packs: dict[str, Pack] = {}


def text_digest(text: str, source: str = "pack") -> str:
    """The SHA-256 of the text's UTF-8. A text that is not UTF-8 (a lone surrogate, which a
    JSON body's "\\ud800" makes) is a PackError naming its line, never a crash."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        problem = f"not valid UTF-8 text (a lone surrogate, U+{code_point(text[exc.start])})"
        raise PackError(source, [PackProblem(line, problem)]) from None
    return hashlib.sha256(data).hexdigest()


def register_text(
    pack_id: str, text: str, today: datetime.date | None = None, *, uploaded: bool = False
) -> Pack:
    """Validate a pack given as text and register it under `pack_id`.

    PackError lists the problems of an invalid pack; ValueError refuses a malformed id or an id
    already taken by another text (registering the same text again is harmless). `today`, for
    a new upload, refuses as-of dates after it; a pack accepted once is accepted again later.
    """
    if pack_id == BUILTIN or not PACK_ID.fullmatch(pack_id):
        raise ValueError(
            f"{pack_id!r} is not a pack id: use 1-60 lower-case letters, digits, '_', '.' or '-'"
            " (and not 'builtin')"
        )
    digest = text_digest(text, pack_id)
    known = _packs.get(pack_id)
    if known is not None:
        if known.sha256 != digest:
            raise ValueError(f"the pack id {pack_id!r} is already taken by another pack")
        return known
    questions, problems = parse_pack(_split_lines(text), today=today)
    if problems:
        raise PackError(pack_id, problems)
    pack = Pack(pack_id, digest, tuple(questions), uploaded)
    _packs[pack_id] = pack
    return pack


def file_text(path: StrPath) -> str:
    """A pack file's text (UTF-8, a leading BOM dropped); PackError if it is not UTF-8."""
    return _decode(Path(path).read_bytes(), str(path))


def register_file(path: StrPath, pack_id: str | None = None) -> Pack:
    """Register a local pack file, for the person running the program (the CLI, an operator).

    Without an id the pack is named by its content ("file-" and the start of its digest), so
    two files never take each other's id and the same file always gets the same one.
    """
    text = file_text(path)
    return register_text(pack_id or f"file-{text_digest(text)[:16]}", text)


def register_folder(folder: StrPath) -> list[Pack]:
    """Register every `*.jsonl` pack of an operator's folder, named by its file name without
    `.jsonl` (`trivia.en.jsonl` is "trivia.en"). Any bad pack is an error: the operator
    should hear of it when the server starts, not when a player picks it."""
    files = sorted(Path(folder).glob("*.jsonl"))
    return [register_file(path, path.name.removesuffix(".jsonl").lower()) for path in files]


def is_upload(pack_id: str) -> bool:
    """Whether `pack_id` names a pack registered as uploaded (see `Pack.uploaded`)."""
    pack = _packs.get(pack_id)
    return pack is not None and pack.uploaded


def known_packs() -> list[str]:
    return [BUILTIN, *sorted(_packs)]


def get(pack_id: str) -> Pack:
    """The registered pack; UnknownPack names a few known ones (never anything on disk)."""
    pack = _packs.get(pack_id)
    if pack is None:
        known = known_packs()
        more = ", ..." if len(known) > MAX_LISTED_PACKS else ""
        listed = ", ".join(known[:MAX_LISTED_PACKS]) + more
        raise UnknownPack(f"unknown question pack {pack_id!r}; known packs: {listed}")
    return pack


def questions(pack_id: str, language: str) -> tuple[Question, ...]:
    """The questions a game draws from: a pack's questions in one language, in pack order
    (the built-in packs: merged and sorted by id). UnknownPack or ValueError say why not."""
    if pack_id == BUILTIN:
        return builtin_questions(language)
    pack = get(pack_id)
    chosen = tuple(question for question in pack.questions if question.language == language)
    if not chosen:
        present = ", ".join(pack.languages) or "none"
        raise ValueError(f"pack {pack_id!r} has no questions in language {language!r} ({present})")
    return chosen


ALL_TOPICS = "all"
"""The topic filter that keeps every question."""


def pinned_questions(
    pack_id: str,
    language: str,
    topic: str = ALL_TOPICS,
    topics: tuple[str, ...] = (),
    difficulty: int = max(DIFFICULTIES),
) -> tuple[tuple[Question, ...], str]:
    """`questions(pack_id, language)` on the chosen topics (`topic` and any of `topics`; none
    chosen: all) up to `difficulty`, with their `questions_digest`, computed once per pack,
    language and choice (packs never change under their id, and the built-in ones are large).
    ValueError if no question is left."""
    version = BUILTIN if pack_id == BUILTIN else get(pack_id).sha256
    wanted = frozenset(topics) | ({topic} if topic != ALL_TOPICS else set())
    key = (pack_id, version, language, tuple(sorted(wanted)), difficulty)
    if key not in _pinned:
        chosen = questions(pack_id, language)
        if wanted:
            chosen = tuple(question for question in chosen if question.topic in wanted)
            if not chosen:
                named = ", ".join(sorted(wanted))
                raise ValueError(
                    f"pack {pack_id!r} has no questions on the topic {named!r} in {language!r}"
                )
        if difficulty < max(DIFFICULTIES):
            chosen = tuple(question for question in chosen if question.difficulty <= difficulty)
            if not chosen:
                raise ValueError(
                    f"pack {pack_id!r} has no questions of difficulty {difficulty} or less"
                    f" on these topics in {language!r}"
                )
        _pinned[key] = (chosen, questions_digest(chosen))
    return _pinned[key]


_pinned: dict[tuple[str, str, str, tuple[str, ...], int], tuple[tuple[Question, ...], str]] = {}


def questions_digest(chosen: Iterable[Question]) -> str:
    """`sha256:<hex>` of exactly these questions in this order, in their pack form: what a
    match record pins, so that a replay against other questions is refused, while a pack whose
    other languages changed still replays."""
    lines = (json.dumps(q.to_json(), sort_keys=True, ensure_ascii=False) for q in chosen)
    return "sha256:" + hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def forget(pack_id: str) -> None:
    """Drop a registered pack (for tests that register packs of their own)."""
    _packs.pop(pack_id, None)


UPLOAD_PREFIX = "upload-"
"""Uploaded packs are named "upload-" and the start of their digest, which nothing else spells."""


class QuestionPacks:
    """The question packs as a game's uploadable content (`engine/content.py`): what the hall
    stores, lists and refuses for `POST /api/packs`, over this module's registry."""

    def upload(self, text: str, *, today: datetime.date) -> Uploaded:
        try:
            pack_id = UPLOAD_PREFIX + text_digest(text, "upload")[:16]
            pack = register_text(pack_id, text, today=today, uploaded=True)
        except PackError as exc:
            problems = [ContentProblem(p.line, p.reason, p.code, p.params) for p in exc.problems]
            raise ContentRefused(str(exc), problems) from None
        return Uploaded(pack.id, pack.sha256, len(pack.questions), pack.languages)

    def restore(self, content_id: str, text: str) -> None:
        register_text(content_id, text, uploaded=True)

    def register_folder(self, folder: Path) -> None:
        register_folder(folder)

    def is_upload(self, content_id: str) -> bool:
        return is_upload(content_id)

    def forget(self, content_id: str) -> None:
        forget(content_id)

    def known(self) -> list[str]:
        return known_packs()


QUESTION_PACKS = QuestionPacks()
