"""Content the games draw on: QuizPoker question packs and Slovní poker's Czech lexicon.

The game engines import from the modules directly (`content.lexicon` is not re-exported, so
importing the packs never loads marisa-trie); the re-exports are for scripts and the CLI.
"""

from pokerhall.content.packs import (
    builtin_languages,
    builtin_questions,
    load_pack,
    load_questions,
    parse_pack,
    validate_pack_file,
    write_pack,
)
from pokerhall.content.questions import PackError, PackProblem, Question, parse_question

__all__ = [
    "PackError",
    "PackProblem",
    "Question",
    "builtin_languages",
    "builtin_questions",
    "load_pack",
    "load_questions",
    "parse_pack",
    "parse_question",
    "validate_pack_file",
    "write_pack",
]
