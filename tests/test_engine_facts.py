"""The rules engine returns facts, not words: no string literal with a space and a letter in
``piquet/`` (a separator such as ``" "`` or ``", "`` is notation, not a sentence) outside
docstrings and exception messages (``piquet/__main__.py``, the command line, is
exempt). Sentences for people live in the text layer (``words/``), in every language.

What counts as an exception message: the arguments of a ``raise`` and of a call to a class
whose name ends in ``Error`` or ``Problem`` (an error's or a record problem's English ``str()``,
for developers; the pages say them through ``words.errors``). A docstring is any string
statement (module, class, function and attribute docstrings).
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "piquet"
EXEMPT_FILES = {"__main__.py"}
MESSAGE_CALLS = ("Error", "Problem")


def _exempt_nodes(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))
        elif isinstance(node, ast.Raise) and node.exc is not None:
            out.update(id(n) for n in ast.walk(node.exc))
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
            if name.endswith(MESSAGE_CALLS):
                out.update(id(n) for n in ast.walk(node))
    return out


def sentences(source: str) -> list[tuple[int, str]]:
    """``(line, text)`` of every string literal with a space that is not exempt.

    >>> sentences('x = "two words"\\nraise ValueError("a message")\\n"a docstring"')
    [(1, 'two words')]
    """
    tree = ast.parse(source)
    exempt = _exempt_nodes(tree)
    return sorted((n.lineno, n.value) for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)
                  and " " in n.value and any(ch.isalpha() for ch in n.value)
                  and id(n) not in exempt)


def test_the_check_sees_a_sentence() -> None:
    assert sentences('def f():\n    return f"{n} cards left"\n') == [(2, " cards left")]
    assert sentences('def f():\n    """Doc string."""\n    raise KeyError("no such key")\n') == []
    assert sentences('SEP = " "\nJOIN = ", "\n') == []


def test_the_engine_has_no_sentences() -> None:
    found = [f"{p.relative_to(ENGINE.parent)}:{line}: {text!r}"
             for p in sorted(ENGINE.rglob("*.py")) if p.name not in EXEMPT_FILES
             for line, text in sentences(p.read_text(encoding="utf-8"))]
    assert not found, "user-facing text in the rules engine:\n" + "\n".join(found)
