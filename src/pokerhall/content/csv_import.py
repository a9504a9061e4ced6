"""Import QuizPoker questions from CSV, so authors can write questions in a spreadsheet.

The header row names the pack fields; the two hint ranges are spread over four columns
(hint1_lo, hint1_hi, hint2_lo, hint2_hi). Each row is turned into a pack entry and checked by
`parse_question`, so a CSV row obeys exactly the rules of a JSON Lines line.
"""

from __future__ import annotations

import csv
import io

from pokerhall.content.packs import PackCollector, read_text
from pokerhall.content.questions import (
    REQUIRED_FIELDS,
    PackError,
    PackProblem,
    Question,
    StrPath,
    did_you_mean,
)

RANGE_COLUMNS = {"hint1_range": ("hint1_lo", "hint1_hi"), "hint2_range": ("hint2_lo", "hint2_hi")}
COLUMNS = REQUIRED_FIELDS + tuple(column for pair in RANGE_COLUMNS.values() for column in pair)
OPTIONAL_COLUMNS = frozenset({"unit"})
"""Required fields a sheet may leave out, because the column only ever holds empty cells (the
hint-range columns are optional anyway)."""
_DELIMITERS = ",;\t"


def import_csv(
    path: StrPath,
    *,
    default_language: str | None = None,
    default_licence: str | None = None,
    default_source: str | None = None,
) -> tuple[list[Question], list[PackProblem]]:
    """Questions from a CSV file and every problem found, by CSV line (the header is line 1).

    The defaults fill empty language, licence and source cells (and stand in for a missing
    column), since these are usually the same for a whole sheet.
    """
    defaults = {
        name: value
        for name, value in (
            ("language", default_language),
            ("licence", default_licence),
            ("source", default_source),
        )
        if value is not None
    }
    try:
        text = read_text(path)
    except PackError as exc:
        return [], exc.problems
    return _import_text(text, defaults)


def _import_text(text: str, defaults: dict[str, str]) -> tuple[list[Question], list[PackProblem]]:
    collector = PackCollector()
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    header = next(reader, None)
    columns = [cell.strip() for cell in header or []]
    for reason in _header_problems(columns, defaults):
        collector.reject(1, reason)
    if collector.problems:
        return collector.result()
    start = reader.line_num + 1
    for row in reader:
        _add_row(collector, start, columns, row, defaults)
        start = reader.line_num + 1
    return collector.result()


def _delimiter(text: str) -> str:
    """Comma, or semicolon/tab when the header uses those (German spreadsheets write ';')."""
    header = text.split("\n", 1)[0]
    return max(_DELIMITERS, key=header.count)


def _header_problems(columns: list[str], defaults: dict[str, str]) -> list[str]:
    """Everything wrong with the header; any of it would misread every row, so stop there."""
    if not any(columns):
        return ["expected a header row naming the columns, e.g. id,language,topic,..."]
    # Unnamed columns are tolerated (spreadsheets export them), but must stay empty.
    named = [column for column in columns if column]
    problems = [_unknown_column(column) for column in named if column not in COLUMNS]
    problems += [f"column {c!r} appears twice" for c in sorted(set(named)) if named.count(c) > 1]
    missing = [
        column
        for column in REQUIRED_FIELDS
        if column not in columns and column not in OPTIONAL_COLUMNS and column not in defaults
    ]
    problems += [f"missing column {column!r}" for column in missing]
    return problems


def _unknown_column(column: str) -> str:
    return f"unknown column {column!r}{did_you_mean(column, COLUMNS)}"


def _add_row(
    collector: PackCollector,
    line: int,
    columns: list[str],
    row: list[str],
    defaults: dict[str, str],
) -> None:
    """Add one data row; rows with only empty cells are spacing and are skipped."""
    if not any(cell.strip() for cell in row):
        return
    try:
        entry = _row_entry(columns, row, defaults)
    except ValueError as exc:
        collector.reject(line, str(exc))
        return
    collector.add(line, entry)


def _row_entry(columns: list[str], row: list[str], defaults: dict[str, str]) -> dict[str, object]:
    """The pack entry a row stands for. Cells are stripped: stray spaces in a spreadsheet are
    never meant. Short rows are padded, since some programs drop trailing empty cells."""
    if len(row) > len(columns):
        raise ValueError(f"row has {len(row)} cells but the header has {len(columns)} columns")
    padded = row + [""] * (len(columns) - len(row))
    pairs = [(column, cell.strip()) for column, cell in zip(columns, padded, strict=True)]
    if any(cell for column, cell in pairs if not column):
        raise ValueError("a cell is filled in a column that has no header")
    cells = dict(pairs)
    entry: dict[str, object] = {}
    for name in REQUIRED_FIELDS:
        entry[name] = cells.get(name, "") or defaults.get(name, "")
    for name, (lo_column, hi_column) in RANGE_COLUMNS.items():
        lo, hi = cells.get(lo_column, ""), cells.get(hi_column, "")
        if lo and hi:
            entry[name] = [lo, hi]
        elif lo or hi:
            raise ValueError(f"{lo_column} and {hi_column} must be both filled or both empty")
    return entry
