"""Hunspell dictionaries (.aff rules, .dic stems) read and expanded into the words they accept.

Hunspell checks a word by stripping affixes off it; Slovní poker needs the opposite, every form,
so that its lexicon is a plain set that can be searched by letters (the best-word search) and
pinned by digest, with no spell checker at run time. This module is that expander, written here
because no maintained Python library expands hunspell affixes (pyhunspell only checks words).

It follows the rules of hunspell's *checker* (affixmgr.cxx), which is what the sample test
compares against, rather than those of its `unmunch` tool:

- a suffix's condition is tested on the stem's end, a prefix's on the start of the (possibly
  suffixed) word it is put on; the stripped part must leave at least one letter;
- at most one prefix and two suffixes: a suffix whose continuation flags (`add/flags`) name
  another suffix class may take that outer suffix (two-level suffixes);
- a prefix and a suffix combine only when both say `Y` (cross product) and the prefix's flag is
  on the stem or in the suffix's continuation flags;
- NEEDAFFIX: a stem (or affix) with it is a word only with (another) affix; FORBIDDENWORD: an
  entry with it forbids that spelling, however it is derived; ONLYINCOMPOUND: stems and affixes
  with it are skipped (we build no compounds); CIRCUMFIX: a suffix with it needs a prefix with
  it and the other way round, except that hunspell (1.7) accepts such a prefix on a bare stem,
  and so do we.

Flags are single characters by default (`FLAG UTF-8` is the same once the file is decoded),
pairs with `FLAG long`, comma-separated numbers with `FLAG num`, and `AF` aliases are resolved.
The file encoding is the `.aff`'s `SET` line (hunspell's default ISO-8859-1 without one).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

StrPath = str | Path
Kind = Literal["PFX", "SFX"]


class AffixError(ValueError):
    """A .aff or .dic file this reader cannot make sense of (the message names file and line)."""


@dataclass(frozen=True, slots=True)
class Affix:
    """One PFX or SFX rule line: strip `strip`, add `add`, where `condition` holds."""

    kind: Kind
    flag: str
    strip: str
    add: str
    condition: re.Pattern[str] | None
    """The condition as a regular expression over exactly `width` letters; None for dots only."""
    width: int
    """How many letters the condition looks at (hunspell's `numconds`)."""
    cont: frozenset[str]
    """Continuation flags: outer suffixes this affix may take, prefixes it enables, NEEDAFFIX..."""
    cross: bool
    """The class's Y/N: may it combine with an affix of the other kind."""

    def fits(self, word: str) -> bool:
        """Whether this affix may be put on `word` (the stem, or for a prefix the word so far)."""
        if len(word) <= len(self.strip) or len(word) < self.width:
            return False
        if self.condition is None and not self.strip:
            return True
        if self.kind == "SFX":
            if not word.endswith(self.strip):
                return False
            part = word[len(word) - self.width :]
        else:
            if not word.startswith(self.strip):
                return False
            part = word[: self.width]
        return self.condition is None or self.condition.fullmatch(part) is not None

    def apply(self, word: str) -> str:
        """`word` with this affix put on (call `fits` first)."""
        if self.kind == "SFX":
            return word[: len(word) - len(self.strip)] + self.add
        return self.add + word[len(self.strip) :]


@dataclass(slots=True)
class AffixRules:
    """What a .aff file says that matters for expansion."""

    encoding: str = "ISO8859-1"
    flag_mode: str = "char"
    aliases: list[frozenset[str]] = field(default_factory=list)
    prefixes: dict[str, list[Affix]] = field(default_factory=dict)
    suffixes: dict[str, list[Affix]] = field(default_factory=dict)
    forbidden: str | None = None
    needaffix: str | None = None
    onlyincompound: str | None = None
    circumfix: str | None = None

    def parse_flags(self, text: str) -> frozenset[str]:
        """The flags of a .dic entry or an affix's continuation, in this file's flag syntax."""
        if self.aliases and text.isdigit():
            index = int(text)
            if not 1 <= index <= len(self.aliases):
                raise AffixError(f"flag alias {text} is not defined (AF has {len(self.aliases)})")
            return self.aliases[index - 1]
        return _split_flags(text, self.flag_mode)


def _split_flags(text: str, mode: str) -> frozenset[str]:
    if mode == "long":
        return frozenset(text[i : i + 2] for i in range(0, len(text), 2))
    if mode == "num":
        return frozenset(part.strip() for part in text.split(",") if part.strip())
    return frozenset(text)


_SPECIAL_FLAGS = {
    "FORBIDDENWORD": "forbidden",
    "NEEDAFFIX": "needaffix",
    "ONLYINCOMPOUND": "onlyincompound",
    "CIRCUMFIX": "circumfix",
}
"""The .aff directives that name a flag with a meaning of its own, and where AffixRules keeps it."""

_CONDITION_PART = re.compile(r"\[(\^?)([^\]]*)\]|(.)")


def parse_condition(text: str) -> tuple[re.Pattern[str] | None, int]:
    """A hunspell condition (`[^aeo]k`, `.`, `[bdm]ý`) as a pattern and its width in letters."""
    parts: list[str] = []
    only_dots = True
    for match in _CONDITION_PART.finditer(text):
        negate, members, single = match.groups()
        if single is not None:
            if single == "[":
                raise AffixError(f"unclosed '[' in condition {text!r}")
            if single == ".":
                parts.append(".")
                continue
            parts.append(re.escape(single))
        else:
            escaped = "".join(re.escape(char) for char in members)
            parts.append(f"[{'^' if negate else ''}{escaped}]" if members else "(?!)")
        only_dots = False
    pattern = None if only_dots else re.compile("".join(parts), re.DOTALL)
    return pattern, len(parts)


def _decoded(path: StrPath, encoding: str | None) -> tuple[str, str]:
    """The text of `path` and its encoding: `encoding`, else the SET line's, else ISO-8859-1."""
    raw = Path(path).read_bytes()
    if encoding is None:
        found = re.search(rb"^[ \t]*SET[ \t]+(\S+)", raw, re.MULTILINE)
        encoding = found.group(1).decode("ascii") if found else "ISO8859-1"
    python_name = encoding.lower().removeprefix("microsoft-")
    try:
        text = raw.decode(python_name)
    except (LookupError, UnicodeDecodeError) as error:
        raise AffixError(f"{path}: cannot decode as {encoding}: {error}") from error
    return text.removeprefix("\ufeff"), encoding


def read_aff(path: StrPath) -> AffixRules:
    """Read the rules of a .aff file (directives that only guide suggestions are ignored)."""
    text, encoding = _decoded(path, None)
    rules = AffixRules(encoding=encoding)
    pending: dict[tuple[str, str], tuple[bool, int]] = {}
    raw_entries: list[tuple[int, list[str], bool]] = []
    alias_count_read = False
    for number, line in enumerate(text.splitlines(), 1):
        tokens = line.split()
        if not tokens or tokens[0].startswith("#"):
            continue
        head = tokens[0]
        if head == "FLAG" and len(tokens) > 1:
            rules.flag_mode = tokens[1].lower().replace("utf-8", "char")
        elif head == "AF" and len(tokens) > 1:
            if not alias_count_read:  # the first AF line is the count
                alias_count_read = True
            else:
                rules.aliases.append(_split_flags(tokens[1], rules.flag_mode))
        elif head in _SPECIAL_FLAGS and len(tokens) > 1:
            setattr(rules, _SPECIAL_FLAGS[head], tokens[1])
        elif head in ("PFX", "SFX") and len(tokens) >= 4:
            key = (head, tokens[1])
            if key not in pending or pending[key][1] == 0:
                if tokens[2] not in ("Y", "N") or not tokens[3].isdigit():
                    raise AffixError(f"{path}:{number}: expected '{head} flag Y|N count'")
                pending[key] = (tokens[2] == "Y", int(tokens[3]))
                continue
            cross, left = pending[key]
            pending[key] = (cross, left - 1)
            raw_entries.append((number, tokens, cross))
        elif head == "COMPLEXPREFIXES":
            raise AffixError(f"{path}:{number}: COMPLEXPREFIXES is not supported")
    for number, tokens, cross in raw_entries:
        affix = _affix(rules, tokens, cross, f"{path}:{number}")
        if rules.onlyincompound is not None and rules.onlyincompound in affix.cont:
            continue
        table = rules.prefixes if affix.kind == "PFX" else rules.suffixes
        table.setdefault(affix.flag, []).append(affix)
    return rules


def _affix(rules: AffixRules, tokens: list[str], cross: bool, where: str) -> Affix:
    kind: Kind = "PFX" if tokens[0] == "PFX" else "SFX"
    flag, strip, add = tokens[1], tokens[2], tokens[3]
    cont: frozenset[str] = frozenset()
    if "/" in add:
        add, flags = add.split("/", 1)
        cont = rules.parse_flags(flags)
    try:
        condition, width = parse_condition(tokens[4] if len(tokens) > 4 else ".")
    except AffixError as error:
        raise AffixError(f"{where}: {error}") from error
    return Affix(
        kind=kind,
        flag=flag,
        strip="" if strip == "0" else strip,
        add="" if add == "0" else add,
        condition=condition,
        width=width,
        cont=cont,
        cross=cross,
    )


def read_dic(path: StrPath, rules: AffixRules) -> Iterator[tuple[str, frozenset[str]]]:
    """The (stem, flags) entries of a .dic file, in the .aff's encoding and flag syntax."""
    text, _ = _decoded(path, rules.encoding)
    lines = iter(text.splitlines())
    first = next(lines, "").strip()
    if not first.split()[:1] or not first.split()[0].isdigit():
        raise AffixError(f"{path}: the first line must be the number of entries")
    for line in lines:
        tokens = line.split()
        if not tokens or line.startswith(("#", "\t")):
            continue
        entry = tokens[0]
        slash = _unescaped_slash(entry)
        if slash < 0:
            yield entry.replace("\\/", "/"), frozenset()
        else:
            stem = entry[:slash].replace("\\/", "/")
            yield stem, rules.parse_flags(entry[slash + 1 :])


def _unescaped_slash(entry: str) -> int:
    index = entry.find("/")
    while index > 0 and entry[index - 1] == "\\":
        index = entry.find("/", index + 1)
    return index


class Expander:
    """Every form of a stem under one set of rules (see the module docstring for which).

    The affixes of a class that fit a word depend only on its last (first) few letters, so the
    fitting entries are looked up once per class and ending, which makes the 750-line suffix
    classes of a real dictionary cheap. A class's entries are grouped by how many letters they
    look at, so that the few long conditions do not make every ending a new one.
    """

    def __init__(self, rules: AffixRules) -> None:
        self.rules = rules
        self._groups: dict[tuple[str, str], list[tuple[int, tuple[Affix, ...]]]] = {}
        for table in (rules.prefixes, rules.suffixes):
            for flag, entries in table.items():
                by_reach: dict[int, list[Affix]] = {}
                for affix in entries:
                    reach = max(affix.width, len(affix.strip)) + 1
                    by_reach.setdefault(reach, []).append(affix)
                self._groups[(entries[0].kind, flag)] = [
                    (reach, tuple(group)) for reach, group in sorted(by_reach.items())
                ]
        self._fitting: dict[tuple[str, str, str], tuple[Affix, ...]] = {}

    def _fits(self, kind: Kind, flag: str, word: str) -> list[Affix]:
        found: list[Affix] = []
        for reach, group in self._groups.get((kind, flag), ()):
            part = word[-reach:] if kind == "SFX" else word[:reach]
            key = (kind + flag, str(reach), part)
            fitting = self._fitting.get(key)
            if fitting is None:
                fitting = tuple(affix for affix in group if affix.fits(part))
                self._fitting[key] = fitting
            found.extend(fitting)
        return found

    def _marked(self, affix: Affix, flag: str | None) -> bool:
        return flag is not None and flag in affix.cont

    def forms(self, stem: str, flags: Iterable[str]) -> set[str]:
        """Every word `stem` with `flags` stands for; empty for forbidden or compound-only stems."""
        rules = self.rules
        flags = frozenset(flags)
        if rules.forbidden in flags or rules.onlyincompound in flags:
            return set()
        need, circ = rules.needaffix, rules.circumfix
        out: set[str] = set()
        if need not in flags:
            out.add(stem)
        singles, doubles = self._suffixed(stem, flags)
        for word, inner in singles:
            if not self._marked(inner, need) and not self._marked(inner, circ):
                out.add(word)
        for word, inner, _outer in doubles:
            if not self._marked(inner, circ):
                out.add(word)
        prefix_flags = {flag for flag in flags if flag in rules.prefixes}
        for _, inner in singles:
            prefix_flags.update(flag for flag in inner.cont if flag in rules.prefixes)
        for flag in prefix_flags:
            for prefix in rules.prefixes[flag]:
                out.update(self._prefixed(prefix, stem, flags, singles, doubles))
        return out

    def _suffixed(
        self, stem: str, flags: frozenset[str]
    ) -> tuple[list[tuple[str, Affix]], list[tuple[str, Affix, Affix]]]:
        """The stem with one suffix, and with two (inner, then an outer one the inner allows)."""
        singles: list[tuple[str, Affix]] = []
        doubles: list[tuple[str, Affix, Affix]] = []
        for flag in flags:
            for inner in self._fits("SFX", flag, stem):
                word = inner.apply(stem)
                singles.append((word, inner))
                for outer_flag in inner.cont:
                    for outer in self._fits("SFX", outer_flag, word):
                        doubles.append((outer.apply(word), inner, outer))
        return singles, doubles

    def _prefixed(
        self,
        prefix: Affix,
        stem: str,
        flags: frozenset[str],
        singles: Sequence[tuple[str, Affix]],
        doubles: Sequence[tuple[str, Affix, Affix]],
    ) -> Iterator[str]:
        """The words `prefix` makes of the stem and of its suffixed forms, as hunspell allows."""
        rules = self.rules
        need, circ = rules.needaffix, rules.circumfix
        on_stem = prefix.flag in flags
        prefix_needs = self._marked(prefix, need)
        prefix_circ = self._marked(prefix, circ)
        if on_stem and not prefix_needs and prefix.fits(stem):  # CIRCUMFIX: see module doc
            yield prefix.apply(stem)
        if not prefix.cross:
            return
        extra = frozenset(f for f in prefix.cont if f in rules.suffixes and f not in flags)
        if extra:
            more_singles, more_doubles = self._suffixed(stem, extra)
            singles = [*singles, *more_singles]
            doubles = [*doubles, *more_doubles]
        for word, inner in singles:
            if (
                inner.cross
                and (on_stem or prefix.flag in inner.cont)
                and not (prefix_needs and self._marked(inner, need))
                and prefix_circ == self._marked(inner, circ)
                and prefix.fits(word)
            ):
                yield prefix.apply(word)
        for word, inner, outer in doubles:
            if not outer.cross:
                continue
            enabled_by_outer = prefix.flag in outer.cont
            if not enabled_by_outer and not (
                inner.cross and (on_stem or prefix.flag in inner.cont)
            ):
                continue
            if prefix_circ == self._marked(inner, circ) and prefix.fits(word):
                yield prefix.apply(word)


def expand_dictionary(
    dic: StrPath,
    aff: StrPath,
    *,
    keep_stem: Callable[[str], bool] = lambda stem: True,
    keep_form: Callable[[str], bool] = lambda form: True,
) -> set[str]:
    """Every word a dictionary accepts, from the stems and forms the caller keeps.

    A FORBIDDENWORD entry removes its spelling from the result however another stem made it,
    as hunspell looks a word up before it tries affixes.
    """
    rules = read_aff(aff)
    expander = Expander(rules)
    words: set[str] = set()
    forbidden: set[str] = set()
    for stem, flags in read_dic(dic, rules):
        if rules.forbidden is not None and rules.forbidden in flags:
            forbidden.add(stem)
        elif keep_stem(stem):
            words.update(form for form in expander.forms(stem, flags) if keep_form(form))
    return words - forbidden
