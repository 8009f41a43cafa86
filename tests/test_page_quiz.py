"""The quiz page driven headless with AppTest: deep links, right and wrong answers, the
level selector, teacher mode, and reproducible seeded quizzes.

Plain query parameters may be dropped by a page switch, so each test sets the quiz's
parameters after ``switch_page`` and before the run that opens the page. ``?rules=`` is
read by the frame (``ui.settings``) on any run; these tests give it before the first.
"""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from academy.quiz import KINDS, Question, check_answer, generate_question
from words import PSEUDO, use_language

APP = "../app.py"
QUIZ = "app_pages/quiz.py"


def open_quiz(seed: str | None = "42", level: str | None = None,
              rules: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if rules is not None:
        # ?rules= is kept by the frame across page switches
        at.query_params["rules"] = rules
    at.run()
    assert not at.exception
    at.switch_page(QUIZ)
    if seed is not None:
        at.query_params["seed"] = seed
    if level is not None:
        at.query_params["level"] = level
    at.run()
    assert not at.exception
    return at


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception
    return at


def prompt(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("#### ")).removeprefix("#### ")


def shown(at: AppTest) -> tuple[str, ...]:
    """The question as displayed: its prompt and every card row's HTML."""
    return (prompt(at), *(m.value for m in at.markdown if "pq-cards" in m.value))


def expected(at: AppTest) -> Question:
    ss = at.session_state
    return generate_question(ss["quiz_seed"], ss["quiz_n"], ss["quiz_level"],
                             ss["quiz_identity"][2])


def widget(at: AppTest, key: str) -> Any:
    for group in (at.radio, at.number_input, at.pills):
        for w in group:
            if w.key and w.key.startswith("quiz_a") and w.key.endswith(f"_{key}"):
                return w
    raise AssertionError(f"no widget for {key}")


def answer(at: AppTest, values: dict[str, object]) -> AppTest:
    for key, value in values.items():
        w = widget(at, key)
        if isinstance(value, frozenset):
            w.set_value(sorted(value))
        else:
            w.set_value(value)
    at.button(key="quiz_check").click()
    return run(at)


def wrong_values(q: Question) -> dict[str, object]:
    out: dict[str, object] = {}
    for f in q.fields:
        if f.widget == "number":
            assert isinstance(f.correct, int)
            out[f.key] = f.correct + 1
        elif f.widget == "choice":
            out[f.key] = next(o for o in f.options if o != f.correct)
        else:
            assert isinstance(f.correct, frozenset)
            out[f.key] = frozenset(f.options) - f.correct
    return out


def metric(at: AppTest, label: str) -> str:
    return str(next(m.value for m in at.metric if m.label == label))


def test_deep_link_opens_the_seeded_quiz() -> None:
    at = open_quiz("42", "expert")
    ss = at.session_state
    assert ss["quiz_seed"] == "42" and ss["quiz_seeded"] and ss["quiz_level"] == "expert"
    assert at.query_params["seed"] == "42" and at.query_params["level"] == "expert"
    q = generate_question("42", 0, "expert", "britannica")
    assert prompt(at) == q.prompt
    assert at.segmented_control(key="quiz_level_pick").value == "expert"
    link = at.code[0].value
    assert "seed=42" in link and "level=expert" in link and "rules=britannica" in link


def test_query_params_set_before_the_switch() -> None:
    """Observed with AppTest 1.67: a parameter given before the first run is still there
    after ``switch_page`` (a browser drops plain parameters on a page switch; the other
    tests do not rely on either)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["seed"] = "42"
    run(at)
    at.switch_page(QUIZ)
    run(at)
    ss = at.session_state
    assert ss["quiz_seeded"] and ss["quiz_seed"] == "42"
    assert prompt(at) == generate_question("42", 0, "beginner", "britannica").prompt


def test_answer_right() -> None:
    at = open_quiz("42", "beginner")
    q = expected(at)
    at = answer(at, q.correct)
    assert at.success and at.success[0].value.startswith("Right")
    assert not at.error
    assert metric(at, "Score") == "1 / 1"
    assert metric(at, "Streak") == "1"
    assert any(m.value.startswith("**Why**") for m in at.markdown)
    # the cards behind the answer are highlighted once answered
    if q.highlight:
        assert any("pq-highlight" in m.value for m in at.markdown)


def test_answer_wrong_shows_the_answer_and_why() -> None:
    at = open_quiz("7", "intermediate")
    q = expected(at)
    at = answer(at, wrong_values(q))
    assert at.error, "a wrong answer is flagged"
    text = at.error[0].value
    assert "Not quite" in text and q.answer in text      # never a bare "wrong"
    why = next(m.value for m in at.markdown if m.value.startswith("**Why**"))
    assert q.explanation[0] in why
    assert metric(at, "Score") == "0 / 1" and metric(at, "Streak") == "0"
    assert "quiz_check" not in [b.key for b in at.button]    # one try per question
    assert any(m.value.startswith("Your answer") for m in at.markdown)
    at.button(key="quiz_next").click()
    at = run(at)
    assert at.session_state["quiz_n"] == 1
    assert prompt(at) == generate_question("7", 1, "intermediate", "britannica").prompt
    assert not at.error and not at.success


def test_check_without_an_answer_asks_for_one() -> None:
    # a seed whose first question needs a choice or a number (an empty selection of cards
    # or sets is itself an answer)
    seed = next(str(n) for n in range(100)
                if all(f.widget in ("choice", "number")
                       for f in generate_question(str(n), 0, "beginner", "britannica").fields))
    at = open_quiz(seed, "beginner")
    at.button(key="quiz_check").click()
    at = run(at)
    assert any("answer first" in w.value for w in at.warning)
    assert metric(at, "Score") == "0 / 0"


def test_change_level() -> None:
    at = open_quiz("42", "beginner")
    at.button(key="quiz_next").click()
    at = run(at)
    assert at.session_state["quiz_n"] == 1
    at.segmented_control(key="quiz_level_pick").set_value("expert")
    at = run(at)
    ss = at.session_state
    assert ss["quiz_level"] == "expert" and ss["quiz_n"] == 0
    assert at.query_params["level"] == "expert"
    assert prompt(at) == generate_question("42", 0, "expert", "britannica").prompt


def test_same_seed_same_questions_different_seeds_differ() -> None:
    def first_three(seed: str) -> list[tuple[str, ...]]:
        at = open_quiz(seed, "mix")
        out = [shown(at)]
        for _ in range(2):
            at.button(key="quiz_next").click()
            out.append(shown(run(at)))
        return out

    a = first_three("42")
    assert first_three("42") == a
    assert first_three("43") != a


def test_same_questions_whatever_the_pupil_answers() -> None:
    right = open_quiz("99", "mix")
    wrong = open_quiz("99", "mix")
    for _ in range(3):
        q = expected(right)
        assert shown(right) == shown(wrong)
        right = answer(right, q.correct)
        wrong = answer(wrong, wrong_values(q))
        for at in (right, wrong):
            at.button(key="quiz_next").click()
            run(at)


def test_bad_params_warn_and_fall_back() -> None:
    at = open_quiz("<script>alert(1)</script>", "guru")
    warnings = " ".join(w.value for w in at.warning)
    assert "Unknown level" in warnings and "cannot be used" in warnings
    assert "<script>" not in warnings
    ss = at.session_state
    assert ss["quiz_level"] == "beginner" and not ss["quiz_seeded"]
    assert at.query_params.get("level") == "beginner"
    assert prompt(at)


def test_rules_preset_is_part_of_the_quiz() -> None:
    at = open_quiz("42", "expert", rules="cavendish")
    assert at.session_state["quiz_identity"][2] == "cavendish"
    assert prompt(at) == generate_question("42", 0, "expert", "cavendish").prompt


def test_teacher_mode_big_cards_and_answer_on_demand() -> None:
    at = open_quiz("42", "beginner")
    q = expected(at)
    at.toggle(key="quiz_teacher").set_value(True)
    at = run(at)
    assert not at.radio and not at.number_input     # no answer widgets for the class
    if q.rows:
        assert any('width="110"' in m.value for m in at.markdown)
    assert not at.success
    at.button(key="quiz_show_answer").click()
    at = run(at)
    assert at.success and q.answer in at.success[0].value


def test_unseeded_quiz_offers_a_share_link() -> None:
    at = open_quiz(None)
    ss = at.session_state
    assert not ss["quiz_seeded"] and ss["quiz_seed"]
    assert f"seed={ss['quiz_seed']}" in at.code[0].value
    q = expected_unseeded = ss["quiz_cache"][1]
    assert prompt(at) == expected_unseeded.prompt
    at = answer(at, q.correct)
    assert at.success


def test_a_preset_in_a_link_after_the_switch_and_its_name() -> None:
    at = open_quiz("42", "expert")
    at.query_params["rules"] = "cavendish"
    at = run(at)
    assert at.session_state["quiz_identity"][2] == "cavendish"
    assert prompt(at) == generate_question("42", 0, "expert", "cavendish").prompt
    assert any("rules: Cavendish (1882)" in c.value for c in at.caption)
    assert "rules=cavendish" in at.code[0].value


def test_next_question_asks_for_the_top_of_the_page() -> None:
    """Each question mounts a scroll-to-top element named after it (ui/scroll.py); the
    browser test checks the scrolling itself."""
    at = open_quiz("42", "beginner")

    def scroll_keys(at: AppTest) -> set[str]:
        found: set[str] = set()

        def walk(node: Any) -> None:
            key = getattr(node, "key", None) or ""
            proto = getattr(node, "proto", None)
            for text in (str(key), str(getattr(proto, "id", ""))):
                if "pq_scroll_quiz" in text:
                    found.add(text)
            for child in getattr(node, "children", {}).values():
                walk(child)

        walk(at._tree)
        return found

    first = scroll_keys(at)
    assert first
    at.button(key="quiz_next").click()
    at = run(at)
    assert scroll_keys(at) and scroll_keys(at) != first


def _first_questions_of_every_kind() -> dict[str, str]:
    """A seed whose first "mix" question is of each kind."""
    found: dict[str, str] = {}
    for n in range(400):
        q = generate_question(f"k{n}", 0, "mix", "britannica")
        found.setdefault(q.kind, f"k{n}")
        if len(found) == len(KINDS):
            break
    assert set(found) == set(KINDS)
    return found


def test_every_kind_answered_under_the_pseudo_locale() -> None:
    """Every kind, answered right or wrong under ``qps``: the question, the options, the
    headline, each part's result, what was missed and the explanation are all messages of
    the text layer (wrapped ⟦…⟧); the options are ids, shown by their labels."""
    from test_pseudo_locale import unwrapped

    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = PSEUDO
    run(at)
    at.switch_page(QUIZ)
    for i, (kind, seed) in enumerate(sorted(_first_questions_of_every_kind().items())):
        at.query_params.update({"seed": seed, "level": "mix"})
        run(at)
        q: Question = at.session_state["quiz_cache"][1]
        assert q.kind == kind and q.prompt.startswith("⟦")
        question = {f"#### {q.prompt}", *(f"**{row.label}**" for row in q.rows)}
        assert not unwrapped(at, question), kind
        for f in q.fields:
            if f.widget in ("choice", "multi"):
                shown = widget(at, f.key).options
                with use_language(PSEUDO):
                    assert shown == [f.option_text(o) for o in f.options], kind
                assert all(s.startswith("⟦") for s in shown), (kind, shown)
        given = q.correct if i % 2 else wrong_values(q)
        if kind == "muggins":
            given = {**q.correct, "sets": int(q.correct["sets"]) + 3}  # type: ignore[call-overload]
        with use_language(PSEUDO):  # AppTest formats a radio's value in the test's language
            at = answer(at, given)
        fb = at.session_state["quiz_feedback"]
        assert fb is not None and fb.correct == (given == q.correct), kind
        assert [r.given for r in fb.results] == [check_answer(q, given).results[k].given
                                                 for k in range(len(q.fields))]
        with use_language(PSEUDO):
            texts = [fb.headline, *fb.missed, *fb.explanation,
                     *(t for r in fb.results for t in (r.given_text, r.expected_text)
                       if r.field.widget in ("choice", "multi") and t != "⟦none⟧")]
        assert all(t.startswith("⟦") and t.endswith("⟧") for t in texts), (kind, texts)
        if kind == "muggins":
            assert fb.missed
        shown_alerts = [str(e.value) for e in (*at.success, *at.error)]
        assert shown_alerts == [fb.headline], kind
        assert not unwrapped(at, question), (kind, unwrapped(at, question))
        at.button(key="quiz_next").click()
        run(at)


def test_an_answer_is_marked_the_same_after_a_language_switch() -> None:
    """Answered in English, the page switched to ``qps``: the same verdict, said again in the
    new language; the question is the same in other words."""
    at = open_quiz("7", "intermediate")
    q = expected(at)
    at = answer(at, wrong_values(q))
    fb_en = at.session_state["quiz_feedback"]
    at.session_state["lang"] = PSEUDO
    run(at)
    fb_qps = at.session_state["quiz_feedback"]
    q_qps = at.session_state["quiz_cache"][1]
    assert q_qps.correct == q.correct
    assert [(r.cards, r.highlight) for r in q_qps.rows] == [(r.cards, r.highlight) for r in q.rows]
    assert q_qps.prompt != q.prompt and q_qps.prompt.startswith("⟦")
    assert fb_qps.correct == fb_en.correct
    assert [r.ok for r in fb_qps.results] == [r.ok for r in fb_en.results]
    assert [str(e.value) for e in at.error] == [fb_qps.headline]
    assert fb_qps.headline.startswith("⟦")
