"""Pin the quiz's seeded questions: teachers' links (``?seed=..&level=..``) must keep giving
the same questions.

    python scripts/pin_quiz.py            # rewrite tests/data/quiz/pins.json
    python scripts/pin_quiz.py --check    # compare, exit 1 on a difference

The first 20 questions (``n`` = 0..19, as the quiz page numbers them) of seeds 1 to 5, at every
level, under both presets. Each question is kept as its facts and answers: the kind, the cards
shown and highlighted, each answer field's key, widget, options and correct value (ids and
numbers, never labels), and the raw situation (hands, category, lead, trick, totals...). The
wording (prompt, labels, explanation, in any language) is left out: it may change without
changing the question. The pins are made under English, though they do not depend on it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from academy.quiz import LEVELS, Question, generate_question  # noqa: E402
from piquet.rules import PRESETS  # noqa: E402
from words import use_language  # noqa: E402

PINS = ROOT / "tests" / "data" / "quiz" / "pins.json"
SEEDS = ("1", "2", "3", "4", "5")
COUNT = 20


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def _value(v: Any) -> Any:
    if isinstance(v, frozenset):
        return sorted(str(x) for x in v)
    return v


def question_facts(q: Question) -> dict[str, Any]:
    """A question's facts and answers as plain JSON data (no English wording)."""
    return {
        "kind": q.kind,
        "rows": [{"role": r.role, "cards": _cards(r.cards),
                  "highlight": " ".join(sorted(str(c) for c in r.highlight))} for r in q.rows],
        "fields": [{"key": f.key, "widget": f.widget, "options": list(f.options),
                    "correct": _value(f.correct)} for f in q.fields],
        "dialogue_speakers": [line.speaker for line in q.dialogue],
        "subject": q.subject,
        "elder": _cards(q.elder),
        "younger": _cards(q.younger),
        "category": q.category,
        "leader": q.leader,
        "lead": str(q.lead) if q.lead is not None else None,
        "reply": str(q.reply) if q.reply is not None else None,
        "trick": q.trick,
        "totals": list(q.totals) if q.totals is not None else None,
        "yes": q.yes,
        "scenario": q.scenario,
    }


def pins() -> dict[str, Any]:
    """``{"<preset>/<level>/<seed>/<n>": facts}`` for every pinned question."""
    out: dict[str, Any] = {}
    with use_language("en"):
        _pin_all(out)
    return out


def _pin_all(out: dict[str, Any]) -> None:
    for rules in sorted(PRESETS):
        for level in LEVELS:
            for seed in SEEDS:
                for n in range(COUNT):
                    q = generate_question(seed, n, level, rules)
                    out[f"{rules}/{level}/{seed}/{n}"] = question_facts(q)


def dumps(data: dict[str, Any]) -> str:
    """Canonical text: one question a line, keys sorted."""
    lines = [f"{json.dumps(k)}: {json.dumps(v, sort_keys=True, ensure_ascii=False)}"
             for k, v in sorted(data.items())]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the pins, write nothing")
    args = ap.parse_args()
    text = dumps(pins())
    if args.check:
        same = PINS.read_text(encoding="utf-8") == text
        print("quiz pins: same" if same else "quiz pins: DIFFERENT")
        return 0 if same else 1
    PINS.write_text(text, encoding="utf-8")
    print(f"wrote {PINS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
