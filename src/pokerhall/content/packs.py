"""Question packs as files: reading and checking whole packs, writing them, the built-in packs.

What makes one question valid lives in `pokerhall.content.questions.parse_question`; this module
reads many of them, with line numbers for every problem, and finds the packs shipped with
pokerhall (`content/packs/*.<language>.jsonl`).
"""

from __future__ import annotations

import datetime
import functools
import json
import os
from collections.abc import Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from pokerhall.content.quality import check_quality, hints_stating_answers
from pokerhall.content.questions import (
    BUILTIN,
    LANGUAGE_CODE,
    PackError,
    PackProblem,
    Question,
    StrPath,
    TextCharacter,
    check_not_future,
    parse_question,
    quoted,
)
from pokerhall.content.text import shown

HEADER_KEY = "languages"
"""A pack's optional first line `{"languages": ["en", "de"]}` declares the languages it holds;
a question in any other language is then a problem (a Czech line pasted into a Greek pack)."""


class PackCollector:
    """Collects questions and problems entry by entry, catching duplicate ids on the way.

    Shared by the JSON Lines reader and the CSV importer so both report alike. `taken` may be
    shared between collectors to find duplicates across files; `source` names this file then.
    """

    def __init__(
        self,
        *,
        source: str = "",
        taken: dict[str, tuple[str, int]] | None = None,
        today: datetime.date | None = None,
        languages: frozenset[str] | None = None,
    ) -> None:
        self.source = source
        self.questions: list[Question] = []
        self.problems: list[PackProblem] = []
        self._taken: dict[str, tuple[str, int]] = {} if taken is None else taken
        self.today = today
        """Refuse as-of dates after it; None where no clock may be read (a game, a replay)."""
        self.languages = languages
        """The declared languages; None: any."""
        self._lines: dict[str, int] = {}
        self._judged = False

    def reject(self, line: int, reason: str) -> None:
        """Record a problem found outside parse_question (bad JSON, bad CSV row)."""
        self.problems.append(PackProblem(line, reason))

    def add_line(self, line: int, text: str) -> Question | None:
        """Decode and add one JSON Lines line; blank lines are skipped."""
        if not text.strip():
            return None
        try:
            obj = _decode_line(text)
        except ValueError as exc:
            self.reject(line, str(exc))
            return None
        return self.add(line, obj)

    def add(self, line: int, obj: object) -> Question | None:
        """Validate one decoded entry; the question if it is fine, else None and a problem."""
        unique = self._claim_id(line, obj)
        try:
            question = parse_question(obj)
            self._check_pack_rules(question)
        except TextCharacter as exc:
            ident = obj.get("id") if isinstance(obj, dict) else None
            entry = shown(ident) if isinstance(ident, str) else ""
            where = f"entry {quoted(entry)}: " if entry else ""
            params = {"entry": entry, "field": exc.field, "char": exc.char}
            self.problems.append(PackProblem(line, where + str(exc), "pack_character", params))
            return None
        except ValueError as exc:
            self.reject(line, str(exc))
            return None
        if unique:
            self.questions.append(question)
            self._lines[question.id] = line
            return question
        return None

    def result(self) -> tuple[list[Question], list[PackProblem]]:
        """Questions in file order and problems in line order; a new pack's hints are checked
        against each other here (one hint must not state another question's answer)."""
        if self.today is not None and not self._judged:
            self._judged = True
            given_away = hints_stating_answers(self.questions)
            for question, reason in given_away:
                self.reject(self._lines[question.id], reason)
            dropped = {question.id for question, _ in given_away}
            self.questions = [q for q in self.questions if q.id not in dropped]
        return self.questions, sorted(self.problems, key=lambda problem: problem.line)

    def _check_pack_rules(self, question: Question) -> None:
        """What a question must obey in this pack, beyond being a valid question."""
        if self.today is not None:  # a new pack, judged now (validate, an upload)
            check_not_future(question, self.today)
            check_quality(question)
        if self.languages is not None and question.language not in self.languages:
            declared = ", ".join(sorted(self.languages))
            raise ValueError(
                f"language {question.language!r} is not one the pack declares ({declared})"
            )

    def _claim_id(self, line: int, obj: object) -> bool:
        """Note the entry's id; an id seen before is a problem even if the entry is otherwise bad,
        so fixing one mistake does not reveal another one later."""
        ident = obj.get("id") if isinstance(obj, dict) else None
        if not isinstance(ident, str):
            return True
        if ident not in self._taken:
            self._taken[ident] = (self.source, line)
            return True
        where, first = self._taken[ident]
        place = f"line {first}" if where == self.source else f"{where} line {first}"
        self.reject(line, f"duplicate id {quoted(ident)} (first on {place})")
        return False


def _decode_line(text: str) -> object:
    """json.loads, with errors worded for pack authors and duplicate keys refused."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise ValueError("invalid JSON: nested too deeply") from None


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """json keeps the last of repeated keys silently; a repeated field is a mistake."""
    obj: dict[str, object] = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError(f"field {key!r} appears twice")
        obj[key] = value
    return obj


def parse_pack(
    lines: Iterable[str],
    *,
    today: datetime.date | None = None,
    languages: Iterable[str] | None = None,
) -> tuple[list[Question], list[PackProblem]]:
    """All valid questions and every problem of a pack given as lines (1-based numbering).

    A pack without a single question entry is a problem too: no game could use it. `today`
    refuses as-of dates after it; `languages` (a file name's `.en.`) declares the languages,
    as a header line does; a pack with neither may hold any language (older packs have none).
    """
    declared = None if languages is None else frozenset(languages)
    collector = PackCollector(today=today, languages=declared)
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        if not collector.questions and not collector.problems and _is_header(text):
            _read_header(collector, number, text)
            continue
        collector.add_line(number, text)
    questions, problems = collector.result()
    if not questions and not problems:
        problems = [PackProblem(1, "the pack holds no questions")]
    return questions, problems


def _is_header(text: str) -> bool:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and HEADER_KEY in obj


def _read_header(collector: PackCollector, line: int, text: str) -> None:
    """The header's languages; a bad header is a problem and declares nothing."""
    obj = json.loads(text)
    extra = sorted(key for key in obj if key != HEADER_KEY)
    languages = obj[HEADER_KEY]
    if extra:
        collector.reject(line, f"unknown header field {quoted(extra[0])} (only 'languages')")
    elif (
        not isinstance(languages, list)
        or not languages
        or not all(isinstance(code, str) and LANGUAGE_CODE.fullmatch(code) for code in languages)
    ):
        collector.reject(line, 'languages must be a list of two-letter codes like ["en"]')
    elif collector.languages is not None and set(languages) != collector.languages:
        named = ", ".join(sorted(collector.languages))
        collector.reject(line, f"the header's languages differ from the file name's ({named})")
    else:
        collector.languages = frozenset(languages)


def read_text(path: StrPath) -> str:
    """Read a UTF-8 file (a leading BOM, as spreadsheets write, is dropped).

    Invalid bytes raise PackError with the line they are on, rather than a bare
    UnicodeDecodeError that only gives a byte offset.
    """
    return _decode(Path(path).read_bytes(), os.fspath(path))


def _decode(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise PackError(source, [PackProblem(line, "not valid UTF-8 text")]) from None


def _split_lines(text: str) -> list[str]:
    """Split on newlines only: str.splitlines would also split inside strings at U+2028."""
    return text.split("\n")


def load_pack(path: StrPath) -> list[Question]:
    """The questions of a pack file; PackError if anything in it is wrong, OSError if unreadable."""
    language = _pack_language(Path(path).name)
    declared = None if language is None else [language]
    questions, problems = parse_pack(_split_lines(read_text(path)), languages=declared)
    if problems:
        raise PackError(os.fspath(path), problems)
    return questions


def validate_pack_file(path: StrPath, today: datetime.date | None = None) -> list[PackProblem]:
    """Every problem of a pack file; an empty list means load_pack will accept it.

    A name like `trivia.cs.jsonl` declares the pack's language; `today` also refuses as-of
    dates after it (load_pack, used by games, reads no clock)."""
    try:
        text = read_text(path)
    except PackError as exc:
        return exc.problems
    language = _pack_language(Path(path).name)
    declared = None if language is None else [language]
    return parse_pack(_split_lines(text), today=today, languages=declared)[1]


def write_pack(
    questions: Iterable[Question], path: StrPath, *, explicit_difficulty: bool = False
) -> None:
    """Write a pack, one object per line in field order, readable UTF-8 (not \\u escapes);
    with `explicit_difficulty` every line states its `difficulty`, the default 2 too (as the
    shipped packs do).

    The lines are checked with the loader's own rules first, so a pack that load_pack would
    refuse is never written; the file is replaced atomically so a failed run leaves the old one.
    """
    lines = [
        json.dumps(question.to_json(explicit_difficulty=explicit_difficulty), ensure_ascii=False)
        for question in questions
    ]
    problems = parse_pack(lines)[1]
    if problems:
        raise PackError(os.fspath(path), problems)
    target = Path(path)
    partial = target.with_name(target.name + ".partial")
    with partial.open("w", encoding="utf-8", newline="\n") as stream:
        stream.writelines(line + "\n" for line in lines)
    partial.replace(target)


# --- built-in packs -------------------------------------------------------------------------


def _pack_files() -> list[Traversable]:
    """The shipped pack files, named <anything>.<language>.jsonl, in name order."""
    folder = resources.files("pokerhall.content") / "packs"
    if not folder.is_dir():
        return []
    files = [entry for entry in folder.iterdir() if _pack_language(entry.name) is not None]
    return sorted(files, key=lambda entry: entry.name)


def _pack_language(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) >= 3 and parts[-1] == "jsonl" and LANGUAGE_CODE.fullmatch(parts[-2]):
        return parts[-2]
    return None


def builtin_languages() -> list[str]:
    """Languages with at least one shipped pack."""
    return sorted({language for entry in _pack_files() if (language := _pack_language(entry.name))})


@functools.cache
def builtin_topics() -> tuple[str, ...]:
    """The topics of the shipped questions, in any language, sorted: a table option's choices.
    Read from the topic field alone, since every process that lists the games needs them."""
    topics: set[str] = set()
    for entry in _pack_files():
        for text in _split_lines(_decode(entry.read_bytes(), entry.name)):
            if text.strip():
                obj = json.loads(text)
                if isinstance(obj, dict) and isinstance(obj.get("topic"), str):
                    topics.add(obj["topic"])
    return tuple(sorted(topics))


@functools.cache
def builtin_questions(language: str) -> tuple[Question, ...]:
    """All shipped questions in a language, merged and sorted by id so that a seeded game
    draws the same questions whatever order the files are listed in."""
    files = [entry for entry in _pack_files() if _pack_language(entry.name) == language]
    if not files:
        available = ", ".join(builtin_languages()) or "none"
        raise ValueError(f"no built-in questions in language {language!r}; available: {available}")
    taken: dict[str, tuple[str, int]] = {}
    merged: list[Question] = []
    for entry in files:
        merged += _load_builtin(entry, language, taken)
    return tuple(sorted(merged, key=lambda question: question.id))


def _load_builtin(
    entry: Traversable, language: str, taken: dict[str, tuple[str, int]]
) -> list[Question]:
    """One shipped file; its questions must be in the language its name says."""
    collector = PackCollector(source=entry.name, taken=taken)
    for number, text in enumerate(_split_lines(_decode(entry.read_bytes(), entry.name)), 1):
        question = collector.add_line(number, text)
        if question is not None and question.language != language:
            collector.reject(number, f"language {question.language!r} in a {language!r} pack")
    questions, problems = collector.result()
    if problems:
        raise PackError(entry.name, problems)
    return questions


def load_questions(source: str, language: str) -> tuple[Question, ...]:
    """The questions a game draws from: "builtin" for the shipped packs, else a pack file's path.

    A file may hold several languages; only the requested one is used, in file order.
    """
    if source == BUILTIN:
        return builtin_questions(language)
    stat = os.stat(source)
    version = (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size)
    return _file_questions(source, version, language)


@functools.lru_cache(maxsize=16)
def _file_questions(
    source: str, version: tuple[int, int, int, int], language: str
) -> tuple[Question, ...]:
    """A pack file's questions in one language, parsed once per version of the file: `version`
    names the file itself (device and inode, so the same relative path from another working
    directory is another file) and its modification time and size, so an edited pack is read
    again."""
    questions = load_pack(source)
    chosen = tuple(question for question in questions if question.language == language)
    if not chosen:
        present = ", ".join(sorted({question.language for question in questions})) or "none"
        raise ValueError(f"{source}: no questions in language {language!r} (it has: {present})")
    return chosen
