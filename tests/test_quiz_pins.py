"""Teachers' links keep working: the first 20 questions of seeds 1 to 5, at every level,
under both presets, are the questions pinned in ``tests/data/quiz/pins.json`` (their facts and
answers, not their wording; a folder of its own, as ``tests/data/*.json`` are deal records).
``python scripts/pin_quiz.py`` rewrites the pins, on purpose only.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _pin_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pin_quiz", ROOT / "scripts" / "pin_quiz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pinned_questions_are_unchanged() -> None:
    script = _pin_script()
    pinned = json.loads(script.PINS.read_text(encoding="utf-8"))
    now = json.loads(script.dumps(script.pins()))
    assert len(pinned) == 2 * 4 * 5 * 20
    assert sorted(now) == sorted(pinned)
    changed = [k for k in pinned if now[k] != pinned[k]]
    assert not changed, (f"{len(changed)} pinned questions changed, first {changed[0]}:\n"
                         f"pinned {pinned[changed[0]]}\nnow    {now[changed[0]]}")


def test_pins_file_is_canonical() -> None:
    script = _pin_script()
    text = script.PINS.read_text(encoding="utf-8")
    assert text == script.dumps(json.loads(text))


def test_pinned_facts_do_not_depend_on_the_language() -> None:
    """The same questions generated under the pseudo-locale have the same facts and answers."""
    from academy.quiz import generate_question
    from words import PSEUDO, use_language

    script = _pin_script()
    pinned = json.loads(script.PINS.read_text(encoding="utf-8"))
    keys = sorted(pinned)[::37]
    with use_language(PSEUDO):
        for key in keys:
            rules, level, seed, n = key.split("/")
            facts = script.question_facts(generate_question(seed, int(n), level, rules))
            assert json.loads(json.dumps(facts)) == pinned[key], key
