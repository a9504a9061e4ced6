"""The rules in docs/rules/ and the tests that cite them (syntax in docs/rules/README.md).

A page defines a rule with a top-level bullet or a heading that starts with the bold id:
`- **Q1** ...` or `### **P3** ...`; an id is capital letters and a number. A test cites an id in
its name (`test_q8_...`: the id in lower case as one `_`-separated part) or as a word in a
docstring or comment of a test module (so `Q1` is not cited by `Q10`). Every defined id must be
cited; no file may point at rules kept outside the repository.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
TESTS = ROOT / "tests"

RULE_ID = re.compile(r"^(?:- |#{1,6} )\*\*([A-Z]+[0-9]+)\*\*", re.MULTILINE)
"""A rule's definition on a rules page."""
CITED_ID = re.compile(r"(?<![A-Za-z0-9])[A-Z]+[0-9]+(?![A-Za-z0-9])")
"""An id as a word in a docstring or comment."""
NAME_PART = re.compile(r"[a-z]+[0-9]+")

OUTSIDE = re.compile(r"shared[/\\]rules|\.\.[/\\]shared|seeds[/\\]|[a-z-]+\.(?:en|el|cs)\.txt")
"""Pointers to the rules kept next to the repository (the spec and the original rule texts),
written so that this pattern does not match itself."""
RULES_PAGE = re.compile(r"docs/rules/([\w.-]+\.md)")
TEXT_SUFFIXES = {".py", ".md", ".json", ".jsonl", ".toml", ".js", ".html", ".css", ".txt", ".mako"}
SCANNED = ["src", "tests", "docs", "scripts", "bench", "README.md", "ARCHITECTURE.md", "Makefile"]
SKIPPED_DIRS = {"__pycache__", "node_modules", ".venv"}


def rule_pages() -> list[Path]:
    return sorted(p for p in RULES.glob("*.md") if p.name != "README.md")


def defined_ids(page: Path) -> list[str]:
    return RULE_ID.findall(page.read_text(encoding="utf-8"))


def citing_modules() -> list[Path]:
    this = Path(__file__).resolve()
    return sorted(p for p in TESTS.rglob("test_*.py") if p.resolve() != this)


def citations(source: str) -> set[str]:
    """The ids a test module cites: in the names of its tests (and test classes), its
    docstrings and its comments."""
    cited: set[str] = set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
        if isinstance(node, definition) and node.name.lower().startswith("test"):
            parts = node.name.lower().split("_")
            cited |= {part.upper() for part in parts if NAME_PART.fullmatch(part)}
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                cited |= set(CITED_ID.findall(doc))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            cited |= set(CITED_ID.findall(token.string))
    return cited


def scanned_files() -> Iterator[Path]:
    for name in SCANNED:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in paths:
            parts = path.relative_to(ROOT).parts
            if any(p in SKIPPED_DIRS or p.endswith(".egg-info") for p in parts):
                continue
            if path.is_file() and (path.suffix in TEXT_SUFFIXES or path.name == "Makefile"):
                yield path


# --- the syntax itself ---------------------------------------------------------------------------


def test_citations_reads_names_docstrings_and_comments() -> None:
    source = '''"""Rules Q1-Q5 and DU10."""
def test_q12_heads_up():
    """QP3: worse guesses stay face down (Q80, DU1x)."""
    x = "Q7"  # P16, not Q9x
def helper_q6():
    pass
'''
    assert citations(source) == {"Q1", "Q5", "DU10", "Q12", "QP3", "Q80", "P16"}  # no Q8, DU1


def test_rule_ids_are_bold_at_the_start_of_a_bullet_or_heading() -> None:
    page = "- **Q1** [seed] text\n  - **Q2** nested\n### **P3** heading\nsee **Q4**\n- Q5 plain\n"
    assert RULE_ID.findall(page) == ["Q1", "P3"]


# --- the pages -----------------------------------------------------------------------------------


def test_every_rules_page_defines_ids_once() -> None:
    pages = rule_pages()
    assert pages, "docs/rules/ has no rules page"
    seen: dict[str, str] = {}
    for page in pages:
        ids = defined_ids(page)
        assert ids, f"{page.name} defines no rule ids (see docs/rules/README.md)"
        for rule in ids:
            assert rule not in seen, f"{rule} is defined in {seen[rule]} and {page.name}"
            seen[rule] = page.name


@pytest.mark.parametrize("page", rule_pages(), ids=lambda p: p.name)
def test_every_rule_is_cited_by_a_test(page: Path) -> None:
    cited: set[str] = set()
    for path in citing_modules():
        cited |= citations(path.read_text(encoding="utf-8"))
    uncited = [rule for rule in defined_ids(page) if rule not in cited]
    assert not uncited, f"rules of docs/rules/{page.name} no test cites: {', '.join(uncited)}"


def test_the_index_lists_every_rules_page() -> None:
    index = (RULES / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in rule_pages() if f"({p.name})" not in index]
    assert not missing, f"docs/rules/README.md does not link {missing}"


# --- no rules outside the repository -------------------------------------------------------------


def test_no_file_cites_rules_outside_the_repository() -> None:
    found = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "cite docs/rules/ instead:\n" + "\n".join(found)


def test_cited_rules_pages_exist() -> None:
    missing = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in RULES_PAGE.findall(text):
            if not (RULES / name).is_file():
                missing.append(f"{path.relative_to(ROOT)}: docs/rules/{name}")
    assert not missing, "no such rules page:\n" + "\n".join(missing)


def test_links_on_rules_pages_stay_in_the_repository() -> None:
    bad = []
    for page in sorted(RULES.glob("*.md")):
        for target in re.findall(r"\]\(([^)#\s]+)", page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            resolved = (page.parent / target).resolve()
            if not resolved.is_relative_to(ROOT) or not resolved.exists():
                bad.append(f"{page.name}: {target}")
    assert not bad, "links that leave the repository or lead nowhere:\n" + "\n".join(bad)
