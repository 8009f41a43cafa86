"""The rules engine returns facts, not words: no string literal with a space and a letter in
``piquet/`` (a separator such as ``" "`` or ``", "`` is notation, not a sentence) outside
docstrings (the command line is an application above the engine, ``piquet_cli/``).
Sentences for people live in the text layer (``words/``), in every
language.

Exception messages are no exception: an engine error is built from its ``code`` and its
offending ``values`` (a record error also from its ``path``), and its ``str()`` is those
facts, written when asked for (``card: 'QQ'``, ``not_a_card /elder/3: 'QX'``). A docstring
is any string statement (module, class, function and attribute docstrings).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pickle
import pkgutil
from pathlib import Path

import pytest

import piquet
from piquet.errors import PiquetError
from piquet.record import RecordError, RecordProblem

ENGINE = Path(__file__).resolve().parent.parent / "piquet"


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def sentences(source: str) -> list[tuple[int, str]]:
    """``(line, text)`` of every string literal with a space that is not a docstring.

    >>> sentences('x = "two words"\\nraise ValueError("a message")\\n"a docstring"')
    [(1, 'two words'), (2, 'a message')]
    """
    tree = ast.parse(source)
    exempt = _docstrings(tree)
    return sorted((n.lineno, n.value) for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)
                  and " " in n.value and any(ch.isalpha() for ch in n.value)
                  and id(n) not in exempt)


def test_the_check_sees_a_sentence() -> None:
    assert sentences('def f():\n    return f"{n} cards left"\n') == [(2, " cards left")]
    assert sentences('def f():\n    """Doc string."""\n    return 1\n') == []
    assert sentences('SEP = " "\nJOIN = ", "\n') == []


def test_the_check_sees_a_sentence_in_a_raise() -> None:
    assert sentences('def f(t):\n    raise CardError(f"{t!r} is not a card", values=(t,))\n'
                     ) == [(2, " is not a card")]
    assert sentences('raise KeyError("no such key")\n') == [(1, "no such key")]
    assert sentences('p = RecordProblem("wrong_type", "must be a list", ())\n'
                     ) == [(1, "must be a list")]
    assert sentences('raise CardError(code="card", values=(t,))\n') == []


def test_the_engine_has_no_sentences() -> None:
    found = [f"{p.relative_to(ENGINE.parent)}:{line}: {text!r}"
             for p in sorted(ENGINE.rglob("*.py"))
             for line, text in sentences(p.read_text(encoding="utf-8"))]
    assert not found, "user-facing text in the rules engine:\n" + "\n".join(found)


# --- the errors' str(): their facts, and never an exception --------------------------------

def _engine_errors() -> list[type[PiquetError]]:
    found: dict[str, type[PiquetError]] = {}
    for info in pkgutil.iter_modules(piquet.__path__):
        if info.name == "__main__":
            continue
        module = importlib.import_module(f"piquet.{info.name}")
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, PiquetError):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [found[k] for k in sorted(found)]


class _Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError


ERRORS = _engine_errors()


def test_every_engine_error_is_found() -> None:
    assert len(ERRORS) >= 11 and PiquetError in ERRORS and RecordError in ERRORS


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
def test_str_names_the_code_and_the_values(cls: type[PiquetError]) -> None:
    e = cls(code="some_code", values=("QQ", 42, ("AS", "KS")))
    text = str(e)
    assert text.startswith("some_code") and "'QQ'" in text and "42" in text
    assert "('AS', 'KS')" in text
    assert e.code == "some_code" and e.values == ("QQ", 42, ("AS", "KS"))
    assert str(cls()) == cls.default_code == cls().code
    assert str(e) in repr(e)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
def test_str_never_raises(cls: type[PiquetError]) -> None:
    for values in ((_Unprintable(),), ("x" * 10_000,), (None, b"\xff", float("nan")),
                   (list(range(10_000)),)):
        text = str(cls(code="odd", values=values))
        assert text.startswith("odd: ") and len(text) < 400
    assert "_Unprintable" in str(cls(values=(_Unprintable(),)))


def test_an_error_takes_no_sentence() -> None:
    with pytest.raises(TypeError):
        PiquetError("a sentence for people", code="card", values=("QQ",))  # type: ignore[misc]
    e = PiquetError(code="card", values=("QQ",))
    assert str(e) == "card: 'QQ'" and e.code == "card" and e.values == ("QQ",)


def test_a_record_error_names_its_path() -> None:
    e = RecordError(code="not_a_card", values=("QX",), path=("elder", 3))
    assert str(e) == "not_a_card /elder/3: 'QX'" and e.path == ("elder", 3)
    p = RecordProblem("not_a_card", ("tricks", 3, 1), "QX")
    assert str(p) == "not_a_card /tricks/3/1: 'QX'" == str(p.error())
    assert str(RecordError(code="x", path=("a/b~c",))) == "x /a~1b~0c"


def test_an_error_pickles_with_its_facts() -> None:
    e = RecordError(code="not_a_card", values=("QX",), path=("elder", 3))
    again = pickle.loads(pickle.dumps(e))
    assert (again.code, again.values, again.path, str(again)) == (
        e.code, e.values, e.path, str(e))


def test_the_engine_raises_facts() -> None:
    """Errors raised by the engine itself: their str() is their code and values."""
    with pytest.raises(PiquetError) as info:
        piquet.parse_card("QQ")
    assert str(info.value) == "card: 'QQ'"
    with pytest.raises(RecordError) as rec:
        piquet.score_record({"elder": ["AS", "QQ"], "younger": [], "talon": [],
                             "elder_discard": ["AS"]})
    assert str(rec.value) == "not_a_card /elder/1: 'QQ'"
    assert [str(p) for p in rec.value.problems][:2] == [
        "not_a_card /elder/1: 'QQ'", "card_count /elder: ['AS', 'QQ']"]
