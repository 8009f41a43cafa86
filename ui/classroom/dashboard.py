"""The teacher's dashboard: a fragment that reruns alone every few seconds (never the whole
page) with who has joined, each pupil's progress and score, the grid of pupils × questions
(✓ ✗ –), the questions the class missed most and the success per kind, straight from the
store (:meth:`store.classes.ClassStore.dashboard`, three queries); the CSV of the results;
Close and Delete (with a confirmation). Beside it, "show the class" presents the round's
questions on the projector from the one chosen (:mod:`ui.classroom.show`), and the projector
view shows numbers instead of names.

Pupils' names are shown only as text: in tables (``st.dataframe``), never as Markdown.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import threading
from collections.abc import Callable, Mapping
from typing import Any, Final

import streamlit as st

from store.class_values import ClassRefused, Dashboard, TeacherAccess
from store.classes import ClassStore
from store.live import LiveStore
from ui import heap
from ui.classroom import show, state
from ui.classroom.items import item_title, kind_label
from ui.classroom.store import AWAY_ERRORS, ClassesAway, classes
from ui.classroom.work import ClassRound, new_round
from ui.fragments import ask_whole_page, whole_page_if_asked
from ui.text import md_quote
from words import _, language, ngettext, pgettext

__all__ = [
    "REFRESH_S",
    "SYMBOLS",
    "csv_cell",
    "csv_text",
    "grid_rows",
    "live",
    "pupil_label",
    "show_the_class",
]

REFRESH_S: Final = 3
"""How often the dashboard refreshes itself, in seconds."""
SYMBOLS: Final = {"right": "✓", "wrong": "✗", "skipped": "–"}
_TITLES: Final = "class_titles"
_CELL_COLOURS: Final = {"✓": "background-color: rgba(33, 150, 83, 0.28)",
                        "✗": "background-color: rgba(214, 39, 40, 0.28)",
                        "–": "background-color: rgba(128, 128, 128, 0.18)"}
"""The grid's cells coloured by their mark: readable at a glance on a projector."""
_FORMULA: Final = ("=", "+", "-", "@", "\t", "\r")
_LEAD: Final = " \"'"  # what a spreadsheet may skip before a cell's first character
# A list separator (a comma: the csv module quotes that cell), then what may be skipped,
# then a formula's first character.
_SEPARATED: Final = re.compile(r"([;,\t|][ \"']*)(?=[=+\-@\r])")


def _plan(board: Dashboard) -> ClassRound:
    return new_round(board.info.class_id, board.info.work, now=0.0)


def _titles(plan: ClassRound) -> tuple[str, ...]:
    """Each position's title ("Question 3 · Point"), made once a class and language."""
    key = (plan.class_id, language())
    cached = st.session_state.get(_TITLES)
    if cached is not None and cached[0] == key:
        titles: tuple[str, ...] = cached[1]
        return titles
    titles = tuple(item_title(plan, pos) for pos in range(plan.length))
    st.session_state[_TITLES] = (key, titles)
    return titles


def pupil_label(number: int, name: str, *, projector: bool) -> str:
    """A pupil as the dashboard shows them: the name, or "#3" on the projector."""
    # TRANSLATORS: a pupil shown by number instead of name on the projector: "#3".
    return _("#{number}", number=number) if projector else name


def grid_rows(board: Dashboard, length: int, *, projector: bool) -> list[dict[str, object]]:
    """The grid: a row a pupil, a column a question (✓ right, ✗ wrong, – skipped)."""
    out: list[dict[str, object]] = []
    for p in board.pupils:
        row: dict[str, object] = {_("Pupil"): pupil_label(p.number, p.name,
                                                          projector=projector)}
        for pos in range(length):
            outcome = board.cell(p.number, pos)
            row[_("Q{number}", number=pos + 1)] = SYMBOLS.get(outcome or "", "")
        out.append(row)
    return out


log = logging.getLogger(__name__)
_warm_lock = threading.Lock()
_warm_started = False


def warm_tables() -> None:
    """Import what the dashboard's tables need (pandas, numpy, pyarrow, pandas' Styler: some
    0.6 s of the interpreter and 80 MB) in a background thread, once per process, as soon as
    a teacher's dashboard is drawn (the class started, no answer yet: no table). Otherwise
    that import happened in the dashboard's first run with answers — while the pupils
    answered, and every session on the replica waited behind it (bench/bench_topology.py:
    quiz Checks of 3.5-4.5 s on the teacher's replica, all ending together; at most 2.2 s
    with the import done ahead). A process without a teacher never imports them."""
    global _warm_started
    with _warm_lock:
        if _warm_started:
            return
        _warm_started = True
    threading.Thread(target=_import_tables, name="pq-warm-tables", daemon=True).start()


def _import_tables() -> None:
    try:
        with heap.importing():  # frozen once at the end, not at each module's arrival
            import pandas.io.formats.style  # type: ignore[import-untyped]  # noqa: F401
            import pyarrow  # type: ignore[import-untyped]  # noqa: F401
    except Exception as error:  # the dashboard's own import will say what is wrong
        log.warning("the dashboard's tables could not be imported ahead: %s",
                    type(error).__name__)


def _grid_view(rows: list[dict[str, object]]) -> Any:
    """The grid as a pandas Styler: each answer's cell coloured by its mark."""
    import pandas as pd

    frame = pd.DataFrame(rows)
    marks = [c for c in frame.columns if c != _("Pupil")]
    return frame.style.map(lambda v: _CELL_COLOURS.get(str(v), ""), subset=marks)


_NAME_PX: Final = 250
"""Room for a whole name (30 characters) in the tables."""
_MARK_PX: Final = 48
"""A grid column: a round of 20 questions fits beside the names on a 1920 px projector."""


def _columns(n: int) -> dict[str, Any]:
    """The tables' columns (stretched to the page's width): the pupil's whole name, the
    grid's marks in narrow centred columns."""
    marks = {_("Q{number}", number=pos + 1): st.column_config.TextColumn(
        width=_MARK_PX, alignment="center") for pos in range(n)}
    return {_("Pupil"): st.column_config.TextColumn(width=_NAME_PX), **marks}


def csv_cell(value: object) -> str:
    """A cell that a spreadsheet will not run, whatever its list separator: text starting
    with = + - @ (or a tab or a carriage return, after any spaces and quotes) gets a leading
    apostrophe, and so does each part of it that a separator other than the comma starts
    (``;`` in Turkish, German or French spreadsheets, a tab, ``|``), which such a
    spreadsheet reads as a cell of its own.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("-3"), csv_cell("Ann"), csv_cell(4)
    ("'=HYPERLINK(1)", "'-3", 'Ann', '4')
    >>> csv_cell("x;=SUM(1)"), csv_cell("Ann-Marie; Lee"), csv_cell(" =1")
    ("x;'=SUM(1)", 'Ann-Marie; Lee', "' =1")
    """
    text = _SEPARATED.sub(r"\1'", str(value))
    return "'" + text if text.lstrip(_LEAD).startswith(_FORMULA) else text


def csv_text(board: Dashboard, titles: tuple[str, ...],
             live: Mapping[int, Mapping[int, tuple[str, int]]] | None = None) -> str:
    """The results as CSV: a row a pupil (number, name, counts, each question's outcome),
    then the live round's, when one ran (each question's outcome and points, empty when
    unanswered, and the points in all)."""
    outcomes = {"right": pgettext("an answer in the CSV", "right"),
                "wrong": pgettext("an answer in the CSV", "wrong"),
                "skipped": pgettext("an answer in the CSV", "skipped")}
    live = live or {}
    asked = sorted({k for mine in live.values() for k in mine})
    out = io.StringIO()
    writer = csv.writer(out)
    # TRANSLATORS: a column of the CSV: a live round's question {n}, then its points.
    live_titles = [t for k in asked for t in (_("Live question {n}", n=k + 1),
                                              _("Live points {n}", n=k + 1))]
    writer.writerow([csv_cell(c) for c in (
        _("Number"), _("Name"), _("Answered"), _("Right"), _("Wrong"), _("Skipped"),
        *titles, *live_titles, *([_("Live points in all")] if asked else []))])
    for p in board.pupils:
        cells = [outcomes.get(board.cell(p.number, pos) or "", "")
                 for pos in range(len(titles))]
        mine = live.get(p.number, {})
        live_cells: list[object] = []
        for k in asked:
            outcome, points = mine.get(k, ("", ""))
            live_cells += [outcomes.get(str(outcome), ""), points]
        total = [sum(points for _o, points in mine.values())] if asked else []
        writer.writerow([csv_cell(c) for c in (
            p.number, p.name, p.answered, p.right, p.wrong, p.skipped, *cells, *live_cells,
            *total)])
    return out.getvalue()


def _act(action: Callable[[ClassStore, TeacherAccess], None]) -> bool | None:
    """Do a teacher's ``action`` on the session's class: True when done, False when the
    store refused it (said at the top of the page), None when the database is away."""
    access = st.session_state.get(state.K_ACCESS)
    if not isinstance(access, TeacherAccess):
        return False
    return state.attempt(lambda: action(classes(), access))[0]


def _on_close() -> None:
    _act(ClassStore.close)
    st.session_state.pop(state.K_CONFIRM, None)


def _on_reopen() -> None:
    _act(ClassStore.reopen)


def _on_lock(locked: bool) -> None:
    _act(lambda store, access: store.lock(access, locked))


def _on_remove() -> None:
    chosen = st.session_state.get(_REMOVE_WHO)
    if not isinstance(chosen, int):
        return
    number = chosen
    if _act(lambda store, access: store.remove_pupil(access, number)):
        state.say("success", _("Pupil {number} was removed from the class, with their "
                               "answers.", number=number))
    st.session_state.pop(state.K_CONFIRM, None)


def _ask(what: str | None) -> None:
    """Ask to confirm ``what`` ("close", "delete", "remove"), or stop asking (None)."""
    if what is None:
        st.session_state.pop(state.K_CONFIRM, None)
    else:
        st.session_state[state.K_CONFIRM] = what


def _on_delete(name: str) -> None:
    """Delete the class, once its name was typed to confirm it; the session forgets its
    access and the whole page is drawn again (:func:`ui.fragments.ask_whole_page`)."""
    typed = str(st.session_state.get(_DELETE_NAME) or "")
    if " ".join(typed.split()).casefold() != " ".join(name.split()).casefold():
        state.say("error", _("To delete the class, type its name exactly as it is shown."))
        return
    done = _act(ClassStore.delete)
    if done is None:
        return
    if done:
        state.say("success", _("The class was deleted with all its pupils and answers."))
    state.forget_teacher()
    ask_whole_page()


_DELETE_NAME: Final = "class_delete_name"
_REMOVE_WHO: Final = "class_remove_who"


def _tables(board: Dashboard, plan: ClassRound, titles: tuple[str, ...],
            projector: bool) -> None:
    n = plan.length
    pupils = [{
        _("Pupil"): pupil_label(p.number, p.name, projector=projector),
        # TRANSLATORS: a pupil's progress: questions answered or skipped out of the round's.
        _("Progress"): _("{done} / {total}", done=p.answered, total=n),
        _("Score"): _("{right} / {asked}", right=p.right, asked=p.answered),
        _("Right"): p.right, _("Wrong"): p.wrong, _("Skipped"): p.skipped,
    } for p in board.pupils]
    st.markdown(_("##### Who has joined"))
    if not pupils:
        st.caption(_("Nobody yet: the pupils join with the code or the link."))
        return
    columns = _columns(n)
    st.dataframe(pupils, hide_index=True, width="stretch", key="class_pupils_table",
                 column_config=columns)
    st.markdown(_("##### Answers, pupil by pupil"))
    st.dataframe(_grid_view(grid_rows(board, n, projector=projector)), hide_index=True,
                 width="stretch", key="class_grid", column_config=columns)
    st.caption(_("✓ right · ✗ wrong · – skipped"))
    missed = board.missed_most(5)
    st.markdown(_("##### The questions the class missed most"))
    if missed:
        st.dataframe([{_("Question"): titles[pos] if pos < n else str(pos + 1),
                       _("Wrong"): wrong, _("Answered"): asked}
                      for pos, wrong, asked in missed],
                     hide_index=True, width="stretch", key="class_missed")
    else:
        st.caption(_("No wrong answer yet."))
    st.markdown(_("##### Success per kind of question"))
    st.dataframe([{_("Kind"): kind_label(kind), _("Right"): t.right, _("Wrong"): t.wrong,
                   _("Skipped"): t.skipped,
                   _("Success"): _("{percent}%", percent=round(
                       100 * t.right / (t.right + t.wrong + t.skipped)))}
                  for kind, t in board.kinds().items()],
                 hide_index=True, width="stretch", key="class_kinds")


@st.fragment(run_every=REFRESH_S)
def live() -> None:
    """The live dashboard of the session's class (reruns alone every few seconds)."""
    ss = st.session_state
    access = ss.get(state.K_ACCESS)
    whole_page_if_asked()  # deleted: the whole page changes
    if not isinstance(access, TeacherAccess):
        st.rerun(scope="app")  # forgotten: so does it
    try:
        board = classes().dashboard(access)
    except ClassRefused as refused:
        state.forget_teacher()
        state.say("error", state.refusal_text(refused))
        st.rerun(scope="app")
    except (ClassesAway, *AWAY_ERRORS):
        st.warning(state.outage_text(), icon=":material/cloud_off:")
        return
    plan = _plan(board)
    titles = _titles(plan)
    info = board.info
    projector = bool(ss.get(state.K_PROJECTOR))
    with st.container(horizontal=True, gap="large", key="class_status"):
        st.metric(_("Pupils"), _("{n} / {limit}", n=len(board.pupils), limit=info.max_pupils))
        st.metric(_("Answers"), len(board.answers))
        # TRANSLATORS: whether the class still takes joins and answers.
        st.metric(_("Class"), pgettext("class state", "Closed") if info.closed
                  else pgettext("class state", "Open"))
    st.toggle(_("Projector view: numbers instead of names"), key=state.K_PROJECTOR)
    _tables(board, plan, titles, projector)
    _controls(board, titles)


def _controls(board: Dashboard, titles: tuple[str, ...]) -> None:
    """The teacher's controls: the CSV; lock or unlock joining; close (confirmed) or
    reopen; remove a pupil (confirmed); delete (confirmed by the class's name)."""
    info = board.info
    asked = st.session_state.get(state.K_CONFIRM)
    found = st.session_state.get(state.K_ACCESS)
    access = found if isinstance(found, TeacherAccess) else None
    with st.container(horizontal=True, gap="small", key="class_actions"):
        try:
            live = LiveStore(classes()).results(access) if access is not None else {}
        except (ClassesAway, *AWAY_ERRORS):
            live = {}
        st.download_button(_("Download the results (CSV)"), csv_text(board, titles, live),
                           file_name=f"class-{info.code}.csv", mime="text/csv",
                           key="class_csv", icon=":material/download:")
        if info.closed:
            st.button(_("Reopen the class"), key="class_reopen", on_click=_on_reopen,
                      icon=":material/lock_open:")
        else:
            if info.locked:
                st.button(_("Unlock joining"), key="class_unlock", on_click=_on_lock,
                          args=(False,), icon=":material/person_add:")
            else:
                st.button(_("Lock joining"), key="class_lock", on_click=_on_lock,
                          args=(True,), icon=":material/person_off:")
            st.button(_("Close the class…"), key="class_close", on_click=_ask,
                      args=("close",), icon=":material/lock:")
        if board.pupils:
            st.button(_("Remove a pupil…"), key="class_remove", on_click=_ask,
                      args=("remove",), icon=":material/person_remove:")
        st.button(_("Delete the class…"), key="class_delete", icon=":material/delete:",
                  on_click=_ask, args=("delete",))
    if asked == "close" and not info.closed:
        with st.container(border=True, key="class_confirm_close"):
            st.warning(_("Close the class? No new pupils and no more answers; the results "
                         "stay, and you can reopen it."), icon=":material/lock:")
            with st.container(horizontal=True, gap="small"):
                st.button(_("Yes, close it"), key="class_close_yes", type="primary",
                          on_click=_on_close)
                st.button(_("Cancel"), key="class_close_no", on_click=_ask, args=(None,))
    elif asked == "remove" and board.pupils:
        with st.container(border=True, key="class_confirm_remove"):
            numbers = [p.number for p in board.pupils]
            labels = {p.number: pupil_label(p.number, p.name, projector=False)
                      for p in board.pupils}
            st.selectbox(_("The pupil to remove"), numbers, key=_REMOVE_WHO,
                         format_func=labels.__getitem__)
            st.warning(_("Their answers go with them. They can join again unless joining "
                         "is locked."), icon=":material/person_remove:")
            with st.container(horizontal=True, gap="small"):
                st.button(_("Yes, remove this pupil"), key="class_remove_yes",
                          type="primary", on_click=_on_remove)
                st.button(_("Cancel"), key="class_remove_no", on_click=_ask, args=(None,))
    elif asked == "delete":
        with st.container(border=True, key="class_confirm"):
            st.warning(ngettext(
                "Delete this class with its {n} pupil and all the answers? This cannot be "
                "undone.", "Delete this class with its {n} pupils and all the answers? This "
                "cannot be undone.", len(board.pupils)), icon=":material/warning:")
            st.text_input(_("Type the class's name to confirm: {name}",
                            name=md_quote(info.name)), key=_DELETE_NAME)
            with st.container(horizontal=True, gap="small"):
                st.button(_("Yes, delete it"), key="class_delete_yes", type="primary",
                          on_click=_on_delete, args=(info.name,))
                st.button(_("Cancel"), key="class_delete_no", on_click=_ask, args=(None,))


@st.fragment
def show_the_class(access: TeacherAccess) -> None:
    """"Show the class": a question of the round chosen, then presented on the projector,
    one question a screen (:mod:`ui.classroom.show`)."""
    try:
        info = classes().info(access)
    except (ClassRefused, ClassesAway, *AWAY_ERRORS):
        return
    plan = new_round(info.class_id, info.work, now=0.0)
    titles = _titles(plan)
    st.subheader(_("Show the class"), anchor=False)
    st.caption(_("Each question big on the projector, its answer hidden until you reveal "
                 "it; then the next one. Keys: → next, ← back, R reveal."))
    with st.container(horizontal=True, gap="small", vertical_alignment="bottom"):
        st.selectbox(_("The question to start with"), range(plan.length), key=state.K_SHOW,
                     format_func=titles.__getitem__)
        if st.button(_("Present it to the class"), key="class_show_start", type="primary",
                     icon=":material/present_to_all:"):
            pos = st.session_state.get(state.K_SHOW)
            show.start(pos if isinstance(pos, int) and 0 <= pos < plan.length else 0)
            st.rerun(scope="app")
