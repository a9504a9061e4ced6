"""`pokerhall questions ...`: check, import, list and count question packs."""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from pokerhall.cli.common import DATA_ERROR, fail, make_console, plural
from pokerhall.content.csv_import import import_csv
from pokerhall.content.packs import (
    builtin_languages,
    builtin_questions,
    load_pack,
    validate_pack_file,
    write_pack,
)
from pokerhall.content.questions import PackError, PackProblem, Question

questions_app = typer.Typer(
    help="Check, import and browse question packs (the content behind quiz games).",
    no_args_is_help=True,
)


def _print_problems(source: Path | str, problems: Sequence[PackProblem]) -> None:
    """Each problem as FILE:LINE: reason, the form editors jump to."""
    err = make_console(stderr=True)
    for problem in problems:
        err.print(f"{source}:{problem.line}: {problem.reason}", markup=False, soft_wrap=True)


@questions_app.command("validate")
def validate(file: Annotated[Path, typer.Argument(help="A question pack (.jsonl).")]) -> None:
    """Check a question pack; print every problem with its line number."""
    try:
        problems = validate_pack_file(file, today=datetime.date.today())
    except OSError as exc:
        fail(f"{file}: cannot read it ({exc.strerror or exc})")
    if problems:
        _print_problems(file, problems)
        raise typer.Exit(DATA_ERROR)
    count = len(load_pack(file))
    make_console().print(f"{file}: {plural(count, 'question')} OK", markup=False, soft_wrap=True)


@questions_app.command("import")
def import_command(
    csv_file: Annotated[Path, typer.Argument(metavar="CSV", help="A spreadsheet saved as CSV.")],
    out: Annotated[Path, typer.Option(help="The pack file to write (.jsonl).")],
    language: Annotated[str | None, typer.Option(help="Language for empty cells.")] = None,
    licence: Annotated[str | None, typer.Option(help="Licence for empty cells.")] = None,
    source: Annotated[str | None, typer.Option(help="Source for empty cells.")] = None,
) -> None:
    """Turn a CSV sheet into a question pack; nothing is written if any row is wrong."""
    if not csv_file.is_file():
        fail(f"{csv_file}: no such file")
    questions, problems = import_csv(
        csv_file, default_language=language, default_licence=licence, default_source=source
    )
    if problems:
        _print_problems(csv_file, problems)
        make_console(stderr=True).print(f"Nothing written to {out}.", markup=False)
        raise typer.Exit(DATA_ERROR)
    if not questions:
        fail(f"{csv_file}: no questions in it; nothing written to {out}")
    try:
        write_pack(questions, out)
    except PackError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{out}: cannot write it ({exc.strerror or exc})")
    make_console().print(
        f"Wrote {plural(len(questions), 'question')} to {out}", markup=False, soft_wrap=True
    )


def _questions(language: str | None, pack: Path | None) -> list[Question]:
    """Questions of a pack file, or the built-in ones; all languages unless one is named."""
    try:
        if pack is not None:
            found = load_pack(pack)
            return [q for q in found if language is None or q.language == language]
        languages = [language] if language else builtin_languages()
        return [q for code in languages for q in builtin_questions(code)]
    except PackError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{pack}: cannot read it ({exc.strerror or exc})")
    except ValueError as exc:
        fail(str(exc))


@questions_app.command("list")
def list_questions(
    lang: Annotated[str | None, typer.Option(help="Only this language, e.g. en.")] = None,
    topic: Annotated[str | None, typer.Option(help="Only this topic.")] = None,
    limit: Annotated[int, typer.Option(min=0, help="Show at most this many (0: all).")] = 10,
    answers: Annotated[bool, typer.Option("--answers", help="Show the answers too.")] = False,
    pack: Annotated[
        Path | None, typer.Option(help="List a pack file instead of the built-in questions.")
    ] = None,
) -> None:
    """Show questions (without their answers unless asked)."""
    chosen = [q for q in _questions(lang, pack) if topic is None or q.topic == topic]
    shown = chosen[:limit] if limit else chosen
    table = Table(title=f"{plural(len(chosen), 'question')}", title_justify="left")
    for column in ("Id", "Lang", "Topic", "Question"):
        table.add_column(column, overflow="fold")
    if answers:
        table.add_column("Answer", overflow="fold")
    for q in shown:
        row = [q.id, q.language, q.topic, q.question]
        if answers:
            row.append(f"{q.answer} {q.unit}".rstrip())
        table.add_row(*row)
    console = make_console()
    console.print(table)
    if len(shown) < len(chosen):
        console.print(f"... and {len(chosen) - len(shown)} more (--limit 0 shows all)")


@questions_app.command("stats")
def stats(
    pack: Annotated[
        Path | None, typer.Option(help="Count a pack file instead of the built-in questions.")
    ] = None,
) -> None:
    """Count questions per language and topic."""
    questions = _questions(None, pack)
    if not questions:
        make_console().print("No questions found.")
        return
    counts = Counter((q.language, q.topic) for q in questions)
    table = Table(title=f"{plural(len(questions), 'question')}", title_justify="left")
    table.add_column("Lang")
    table.add_column("Topic")
    table.add_column("Questions", justify="right")
    for language in sorted({lang for lang, _ in counts}):
        for (lang, topic), count in sorted(counts.items()):
            if lang == language:
                table.add_row(lang, topic, str(count))
        total = sum(count for (lang, _), count in counts.items() if lang == language)
        table.add_row(language, "all", str(total), style="bold")
    make_console().print(table)
