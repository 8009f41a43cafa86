"""Piquet Academy: the router and frame. Every page is listed here; the sidebar holds the
settings every page honours (the language ``?lang=``, the rules preset ``?rules=`` and the
four-colour deck ``?four_colour=1``, kept in the URL by ``ui.settings``; the URL first, then
the learner's stored settings; for the language then the browser's). The language is chosen
right after the learner is known, before any text.

Every run: the learner's id first (``ui.progress.start``: cookie, browser storage, a resume
link, or a new anonymous id), the waiting progress flushed, the "not saving" notice when the
database is away; the partie in progress restored before Play; after the page, the partie
kept and the id written to the browser (``browser_store``, last). The page runs inside
``ui.failure.contained``: an error in it is said in words, never shown as a traceback.

``streamlit run app.py`` finds ``app`` below (an ``st.App``) and serves it: the same script,
with the security headers on every HTTP answer (``ui.headers``) and an error outside the page
(a callback, a fragment) said in words too (``ui.failure.said``). docs/security.md."""

from pathlib import Path

import streamlit as st
from starlette.middleware import Middleware
from streamlit.navigation.page import StreamlitPage

from ui import heap, progress, sockets, storage
from ui.components.accessible_names import accessible_names
from ui.components.address import scrub, settle as settle_address
from ui.components.browser_store import browser_store
from ui.components.page_menu import page_menu
from ui.failure import contained, said
from ui.headers import SecurityHeaders
from ui.links import arrive
from ui.settings import choose_language, language_picker, rules_selector
from ui.style import inject_css
from words import _, language

HERE = Path(__file__).parent
PAGES = HERE / "app_pages"
_PAGES_KEY = "_pq_pages"


def _pages() -> list[StreamlitPage]:
    """The pages, in the current language: made once per session and language (``st.Page``
    looks for its file on the disk each time it is made), then reused by every run."""
    lang = language()
    held = st.session_state.get(_PAGES_KEY)
    if isinstance(held, tuple) and held[0] == lang:
        return list(held[1])
    made = [
        st.Page(PAGES / "home.py", title=_("Home"), icon=":material/home:", default=True),
        st.Page(PAGES / "lessons.py", title=_("Lessons"), icon=":material/school:",
                url_path="lessons"),
        st.Page(PAGES / "lab.py", title=_("Declarations Lab"), icon=":material/science:",
                url_path="lab"),
        st.Page(PAGES / "odds.py", title=_("Odds"), icon=":material/percent:",
                url_path="odds"),
        st.Page(PAGES / "quiz.py", title=_("Quiz"), icon=":material/quiz:", url_path="quiz"),
        st.Page(PAGES / "classroom.py", title=_("Class"), icon=":material/groups:",
                url_path="class"),
        st.Page(PAGES / "play.py", title=_("Play"), icon=":material/playing_cards:",
                url_path="play"),
        st.Page(PAGES / "puzzles.py", title=_("Puzzles"), icon=":material/extension:",
                url_path="puzzles"),
        st.Page(PAGES / "scoresheet.py", title=_("Score sheet"), icon=":material/table:",
                url_path="scoresheet"),
        st.Page(PAGES / "progress.py", title=_("My progress"), icon=":material/insights:",
                url_path="progress"),
        st.Page(PAGES / "glossary.py", title=_("Glossary"), icon=":material/menu_book:",
                url_path="glossary"),
        st.Page(PAGES / "about.py", title=_("About"), icon=":material/info:",
                url_path="about"),
    ]
    st.session_state[_PAGES_KEY] = (lang, tuple(made))
    return made


def _frame() -> None:
    """One run of the app: the frame, and the page inside it."""
    settle_address()  # a secret link's key, already taken, forgotten without a Back entry
    heap.settle()  # what earlier runs imported: out of every post-run collection (ui/heap.py)
    sockets.no_delay()  # once a process: Nagle's algorithm off on its connections (ui/sockets.py)
    progress.start()
    choose_language()
    st.set_page_config(page_title=_("Piquet Academy"), page_icon="♠", layout="wide")
    inject_css()
    page_menu()  # the labelled button that opens the sidebar (Streamlit's own hidden)

    nav = st.navigation(_pages(), position="top")

    with st.sidebar:
        st.markdown(_("### ♠ Piquet Academy"))
        language_picker()
        rules_selector()
        st.caption(_("Every score on every page follows the preset chosen here."))

    storage.show_notice()
    progress.show_messages()
    with contained():  # an error in the page: a sentence in the learner's language, no traceback
        arrive(nav.url_path)  # a page switch: the pages' own links are read afresh (ui.links)
        if nav.url_path == "play":
            progress.restore()
        nav.run()
    progress.keep()
    browser_store()
    accessible_names()  # Streamlit's own English (aria names, the uploader) in the language
    scrub()  # a secret link's key out of this history entry (ui/components/address.py)


if __name__ == "__main__":  # a run of the script (Streamlit's script runner, AppTest): draw
    _frame()
else:  # imported by the server `streamlit run app.py` starts: the app it serves (st.App)
    app = st.App(__file__, middleware=[Middleware(SecurityHeaders)], on_script_error=said)
