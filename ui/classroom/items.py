"""What stands at a position of a class's round, drawn for a pupil or for the whole class:
a quiz question (:mod:`ui.quiz.ask`'s drawing), a lesson stage's task (its title, what it
teaches, the prompt, the cards) or a puzzle (:mod:`ui.puzzles.views`' drawing), with the
answer and its explanation once revealed; and the names the dashboard gives each position and
each kind."""

from __future__ import annotations

from typing import Final

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from academy.puzzles import Puzzle, find as find_puzzle
from academy.quiz import KINDS as QUIZ_KINDS, Question, kind_title, level_title
from academy.stages import Task, says, stage, stage_text
from academy.stages.catalog import StageError
from piquet.cards import sort_cards
from ui.cards import show_cards
from ui.classroom.work import ClassRound, item
from ui.prose import content_language
from ui.puzzles.views import situation, the_answer
from ui.quiz.ask import question_body
from ui.quiz.draw import explanation
from ui.settings import four_colour, preset_label
from ui.stages.views import answer_text
from ui.text import md_escape, md_heading
from words import _
from words.puzzles import theme_name

__all__ = [
    "BIG_WIDTH",
    "CARD_WIDTH",
    "item_title",
    "kind_label",
    "puzzle_body",
    "quiz_explanation",
    "show_item",
    "stage_body",
    "stage_explanation",
    "stage_title",
]

CARD_WIDTH: Final = 60
BIG_WIDTH: Final = 110


def stage_title(stage_id: str) -> str:
    """A stage's title in the page's language (the id itself for a stage no lesson has)."""
    try:
        return stage_text(stage(stage_id), content_language("stages")).title
    except StageError:
        return stage_id


def puzzle_title(pz: Puzzle) -> str:
    # TRANSLATORS: a puzzle of the class's set: its id and its theme.
    return _("Puzzle {id} · {theme}", id=pz.id, theme=theme_name(pz.theme))


def kind_label(kind: str) -> str:
    """The name of what an answer was counted under: a quiz kind, a lesson stage or a
    puzzle."""
    if kind in QUIZ_KINDS:
        return kind_title(kind)
    pz = find_puzzle(kind)
    if pz is not None:
        return puzzle_title(pz)
    # TRANSLATORS: a lesson stage in the class's results per kind; {title} is its title.
    return _("Stage: {title}", title=stage_title(kind))


def item_title(r: ClassRound, position: int) -> str:
    """"Question 3 · Point" — the position's number and what it asks."""
    what, ref = item(r, position)
    if what == "puzzle":
        title = puzzle_title(r.puzzle(position))
    else:
        title = r.question(position).title if what == "quiz" else stage_title(str(ref))
    # TRANSLATORS: a question of the class's round and its kind (or the stage's title).
    return _("Question {number} · {title}", number=position + 1, title=title)


def stage_body(task: Task, *, width: int, reveal: bool, hide_pick: bool) -> None:
    """A stage's task: its title and teaching text, the prompt and context, the cards shown
    (the cards behind the answer highlighted once ``reveal``); the learner's own cards too
    unless ``hide_pick`` (the card hand shows them)."""
    s = stage(task.stage_id)
    text = stage_text(s, content_language("stages"))
    st.markdown(f"**{md_escape(text.title)}**")
    if text.teach:
        st.caption(text.teach)  # our own content, Markdown as written
    st.markdown(md_heading(4, says.prompt(task)))
    for line in says.context_lines(task):
        st.caption(md_escape(line))
    colours = four_colour()
    if "led" in task.facts:
        show_cards((task.facts["led"],), width=width, four_colour=colours,
                   caption=_("Elder leads"))
    lit = task.answer_cards if reveal else frozenset()
    for role, cards in task.hands:
        show_cards(cards, width=width, highlight=lit, four_colour=colours,
                   caption=says.hand_label(role))
    if task.pick and not hide_pick:
        show_cards(task.pick, width=width, highlight=lit, four_colour=colours,
                   caption=says.hand_label(task.role))


def stage_explanation(task: Task) -> None:
    st.success(_("Answer: {answer}", answer=md_escape(answer_text(task))),
               icon=":material/check_circle:")
    explanation(tuple(md_escape(line) for line in says.explanation(task)))


def puzzle_body(pz: Puzzle, *, reveal: bool) -> None:
    """A puzzle's position (the answer to tap is the caller's); the answer once ``reveal``."""
    situation(pz, pz.position.view())
    if reveal:
        the_answer(pz)


def quiz_explanation(q: Question) -> None:
    """A quiz question's answer and why (the class's screens: "show the class", the live
    round's big screen)."""
    st.success(_("Answer: {answer}", answer=q.answer), icon=":material/check_circle:")
    explanation(q.explanation)


def show_item(r: ClassRound, position: int, *, width: int = BIG_WIDTH,
              reveal: bool = True, answer: DeltaGenerator | None = None) -> None:
    """The question at ``position`` for the whole class: its cards big and, once ``reveal``,
    the cards behind the answer highlighted, the answer and why (in ``answer`` when given,
    else below)."""
    place = answer if answer is not None else st.container()
    if item(r, position)[0] == "puzzle":
        pz = r.puzzle(position)
        puzzle_body(pz, reveal=False)
        show_cards(sort_cards(pz.position.view().hand), width=width,
                   highlight=frozenset(pz.answer) if reveal else frozenset(),
                   four_colour=four_colour(), caption=_("Your cards"))
        if reveal:
            with place:
                the_answer(pz)
        return
    if item(r, position)[0] == "quiz":
        q = r.question(position)
        # TRANSLATORS: the question's family, kind and level, then the rules preset.
        st.caption(_("{group} · {kind} · {level} · rules: {preset}", group=q.group,
                     kind=q.title, level=level_title(q.level), preset=preset_label(q.rules)))
        question_body(q, width=width, reveal=reveal)
        if reveal:
            with place:
                quiz_explanation(q)
        return
    task = r.task(position)
    stage_body(task, width=width, reveal=reveal, hide_pick=False)
    if reveal:
        with place:
            stage_explanation(task)
