"""Every error the engine raises derives from one ``PiquetError(ValueError)`` with a ``code``
and the offending ``values``, and every subclass is exported from ``piquet`` (issue 10, first
step)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import piquet
from piquet import PiquetError


def _engine_errors() -> list[type[BaseException]]:
    found = []
    for info in pkgutil.iter_modules(piquet.__path__):
        module = importlib.import_module(f"piquet.{info.name}")
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if (issubclass(obj, ValueError) and obj.__module__ == module.__name__):
                found.append(obj)
    return found


def test_every_engine_error_is_a_piquet_error_exported_with_its_own_code() -> None:
    errors = _engine_errors()
    assert len(errors) >= 8
    codes = set()
    for cls in errors:
        assert issubclass(cls, PiquetError), cls
        assert getattr(piquet, cls.__name__) is cls, f"{cls.__name__} is not exported"
        codes.add(cls.default_code)  # type: ignore[attr-defined]
    assert len(codes) == len(errors)  # each family its own default code


@pytest.mark.parametrize(("call", "code"), [
    (lambda: piquet.parse_card("QQ"), "card"),
    (lambda: piquet.get_rules("hoyle"), "unknown_preset"),
    (lambda: piquet.score_record({"elder": []}), None),  # a record problem's own code
])
def test_errors_carry_a_code_and_the_english_sentence(call: object, code: str | None) -> None:
    with pytest.raises(PiquetError) as info:
        call()  # type: ignore[operator]
    assert info.value.code and (code is None or info.value.code == code)
    assert str(info.value)
