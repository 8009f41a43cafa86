"""Checking a learner's answers: every part's result, what was missed, the correct answer."""

from __future__ import annotations

from collections.abc import Mapping

from academy.quiz.answers import Feedback, FieldResult, Question, missing_text
from academy.quiz.context import combo_text
from piquet.combos import (
    CardSet,
    Combinations,
    Point,
    Sequence as Run,
    analyse,
)
from words import _, ngettext


def _missed(q: Question, results: tuple[FieldResult, ...]) -> tuple[str, ...]:
    """For the muggins kind: what the learner failed to claim (or over-claimed)."""
    if q.kind != "muggins":
        return ()
    hand = q.elder or q.younger
    c: Combinations = analyse(hand)
    out: list[str] = []
    for r in results:
        if r.ok:
            continue
        given = r.given if isinstance(r.given, int) else 0
        expected = r.field.correct
        assert isinstance(expected, int)
        combos: tuple[Point | Run | CardSet, ...]
        if r.field.key == "point":
            combos = (c.point,) if c.point else ()
        elif r.field.key == "sequences":
            combos = c.sequences
        else:
            combos = c.sets
        held = _("; ").join(_("{combination}, {score}", combination=combo_text(x),
                               score=x.score) for x in combos) or _("nothing")
        if r.given is None or given < expected:
            out.append(_("{field}: you claimed {given}, you hold {expected}: you missed "
                         "{missed}. The hand holds: {held}.", field=r.field.label, given=given,
                         expected=expected, missed=expected - given, held=held))
        else:
            out.append(_("{field}: you claimed {given}, but the hand holds only {expected} "
                         "({held}). Claiming more than you hold is not allowed.",
                         field=r.field.label, given=given, expected=expected, held=held))
    return tuple(out)


def check_answer(question: Question, answer: Mapping[str, object]) -> Feedback:
    """Compare the learner's answers (field key -> value) with the correct ones. Answered in
    part (some fields given, some not), the headline names the missing parts
    (:func:`~academy.quiz.answers.missing_text`) and :attr:`Feedback.partial` is true."""
    results = []
    for f in question.fields:
        given = f.normalise(answer.get(f.key))
        results.append(FieldResult(f, given, given is not None and given == f.correct))
    res = tuple(results)
    answered = all(r.given is not None for r in res)
    ok = all(r.ok for r in res)
    missing = (tuple(r.field for r in res if r.given is None)
               if any(r.given is not None for r in res) else ())
    if ok:
        headline = _("Right! {answer}.", answer=question.answer)
    elif all(r.given is None for r in res):
        headline = _("Not answered. The answer: {answer}.", answer=question.answer)
    elif missing:
        headline = missing_text(question.fields, missing)
    else:
        n_ok = sum(r.ok for r in res)
        if len(res) > 1 and n_ok:
            headline = ngettext(
                "Not quite ({right} of {n} part right). The answer: {answer}.",
                "Not quite ({right} of {n} parts right). The answer: {answer}.",
                len(res), right=n_ok, answer=question.answer)
        else:
            headline = _("Not quite. The answer: {answer}.", answer=question.answer)
    return Feedback(ok, answered, headline, question.answer, res, _missed(question, res),
                    question.explanation, missing)


def wrong_answer(question: Question) -> dict[str, object]:
    """A complete answer to ``question`` that :func:`check_answer` finds wrong: every field
    given (a set never empty), for demonstrations, tests and benchmarks.

    >>> from academy.quiz.generate import generate_question
    >>> q = generate_question("7", 0, "beginner", "britannica")
    >>> fb = check_answer(q, wrong_answer(q))
    >>> fb.answered, fb.partial, fb.correct
    (True, False, False)
    """
    out: dict[str, object] = {}
    for f in question.fields:
        if f.widget == "number":
            assert isinstance(f.correct, int)
            out[f.key] = f.correct + 1
        elif f.widget == "choice":
            out[f.key] = next(o for o in f.options if o != f.correct)
        else:  # multi, cards: a set of options other than the right one
            assert isinstance(f.correct, frozenset)
            other = frozenset(f.options) - f.correct
            if not other or other == f.correct:
                other = (frozenset(sorted(f.correct)[1:]) if len(f.correct) > 1
                         else frozenset(f.options[:1]) ^ f.correct)
            out[f.key] = other
    return out
