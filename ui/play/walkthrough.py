"""The walkthrough view of the Play page ("Replay and teach"): a scenario, or a loaded
record, step by step; its links and presentation mode (``?present=1``)."""

from __future__ import annotations

import html
import json
from typing import Any

import streamlit as st

from academy.walkthrough import (
    Step,
    Walkthrough,
    encode_record,
    walkthrough,
)
from ui.dialogue import dialogue_html
from ui.links import page_url
from ui.play.draw import CARD_W, SMALL_W, _css, _html_cards, _label, tally_html
from ui.play.state import (
    LOADED,
    _go,
    _on_load_text,
    _on_pick_scenario,
    _on_present,
    _ss,
    scenario_library,
)
from ui.play.words import step_missing, tricks_won_label, walk_talon_label
from ui.prose import scenario_words
from ui.record_help import (
    record_help,
    record_uploader,
    show_record_problems,
)
from ui.review import review_panel
from ui.settings import current_rules, follow_rules
from ui.text import md_escape, md_heading
from words import _, language, use_language
from words.errors import error_text
from words.names import preset_name, role_name


def _link_text() -> str:
    return _("The link holds the whole deal record, so it shows this deal to anyone who opens "
             "it, without the file.")


@st.cache_data(show_spinner=False, max_entries=64)
def _walk_in(text: str, name: str, lang: str) -> Walkthrough:
    """The walkthrough of a scenario's JSON, its words in ``lang`` (cached per language)."""
    with use_language(lang):
        return walkthrough(json.loads(text), name)


def _walk(text: str, name: str) -> Walkthrough:
    return _walk_in(text, name, language())


def _current_walkthrough(library: dict[str, dict[str, Any]]) -> Walkthrough | None:
    ss = _ss()
    if ss.get("wt_source") == "loaded" and ss.get("wt_loaded"):
        try:
            return _walk(ss["wt_loaded"], "")
        except (ValueError, TypeError) as e:
            st.error(md_escape(error_text(e)))
            ss["wt_source"] = "library"
    name = ss.get("wt_scenario")
    if name not in library:
        name = next(iter(library))
        ss["wt_scenario"] = name
    try:
        return _walk(json.dumps(library[name]), name)
    except (ValueError, TypeError) as e:
        st.error(_("The scenario {name} cannot be shown: {problem}",
                   name=md_escape(repr(name)), problem=md_escape(error_text(e))))
        return None


def _scenario_picker(library: dict[str, dict[str, Any]]) -> None:
    """The scenarios, and the loaded deal (first) when there is one: the picker always names
    the deal on the page."""
    ss = _ss()
    options = ([LOADED] if ss.get("wt_loaded") else []) + list(library)
    if ss.get("wt_source") == "loaded" and ss.get("wt_loaded"):
        ss["wt_scenario"] = LOADED
    elif ss.get("wt_scenario") not in library:
        ss["wt_scenario"] = next(iter(library))

    # TRANSLATORS: the scenario picker's entry for a deal the user loaded; {title} is its title.
    loaded = (_("{title} (loaded)", title=ss["wt_loaded_title"]) if ss.get("wt_loaded_title")
              else _("A loaded deal (loaded)"))
    titles = {n: str(data.get("title", n)) for n, data in library.items()}

    def title(n: str) -> str:  # AppTest calls it outside the run: no session state here
        return loaded if n == LOADED else titles.get(n, n)

    st.selectbox(_("Scenario"), options, key="wt_scenario", format_func=title,
                 on_change=_on_pick_scenario, persist_state="session")


def walk_params(w: Walkthrough, step_no: int, present: bool = False) -> dict[str, str]:
    """The query parameters of a link to this step: a library scenario by name, any other
    deal as its record (``?record=`` :func:`~academy.walkthrough.encode_record`)."""
    ss = _ss()
    if ss.get("wt_source") == "loaded":
        params = {"record": encode_record(w.score.record)}
    else:
        params = {"scenario": str(ss.get("wt_scenario"))}
    params["step"] = str(step_no)
    if present:
        params["present"] = "1"
    return params


def _write_params(params: dict[str, str]) -> None:
    for k in ("scenario", "record"):
        if k not in params:
            st.query_params.pop(k, None)
    for k, v in params.items():
        if st.query_params.get(k) != v:
            st.query_params[k] = v


def render_walkthrough() -> None:
    """Replay and teach: a scenario (or a loaded record) step by step."""
    ss = _ss()
    # the scenarios' own words (title, lesson, summary, captions) in the reader's language
    library = {n: {**data, **scenario_words(n)} for n, data in scenario_library().items()}
    if not library:
        st.warning(_("No scenarios found under {folder}.", folder="content/scenarios/"))
        return
    present = bool(ss.get("wt_present"))
    if present:
        _css(present=True)
    for key in ("wt_warning", "wt_warning_step"):
        msg = ss.pop(key, None)
        if msg:
            ss[f"{key}_shown"] = msg
        msg = ss.get(f"{key}_shown")
        if msg:
            st.warning(md_escape(msg))

    if not present:
        c1, c2 = st.columns([3, 2])
        with c1:
            _scenario_picker(library)
        with c2:
            st.toggle(_("Load a deal record"), key="wt_show_load",
                      help=_("Paste or upload a deal record (JSON) to replay it step by step."))
        if ss.get("wt_show_load"):
            _record_box()
        _present_toggle()
    w = _current_walkthrough(library)
    if w is None:
        return
    shown = (ss.get("wt_source"), ss.get("wt_scenario"), hash(str(ss.get("wt_loaded"))))
    if ss.get("wt_rules_followed") != shown:  # a deal newly shown: the sidebar shows its preset
        ss["wt_rules_followed"] = shown
        follow_rules(w.score.record.rules.name)
    n = len(w.steps)
    step_no = int(ss.get("wt_step") or 1)
    if step_no > n:
        st.warning(step_missing(step_no, n))
        step_no = n
    ss["wt_step"] = step_no
    step = w.step(step_no)
    params = walk_params(w, step_no)
    _write_params({**params, **({"present": "1"} if present else {})})
    _render_step(w, step, present, params)
    if not present and ss.get("wt_source") == "loaded":
        review_panel("wt_review", w.score.record.to_json())


def _record_box() -> None:
    """Where the walkthrough accepts a record: the text box, the format and an example
    (:mod:`ui.record_help`), an upload, and the record's problems in plain words."""
    ss = _ss()
    with st.container(border=True, key="wt_record_box"):
        st.text_area(_("Paste a deal record (JSON)"), key="wt_text", height=140,
                     placeholder='{"elder": [...], "younger": [...], "talon": [...], ...}')
        record_help("wt_help", "wt_text", on_load=_on_load_text,
                    no_rules_means=_("the preset chosen in the sidebar"))
        record_uploader("wt_file", "wt_text", on_load=_on_load_text)
        st.button(_("Load"), key="wt_load", on_click=_on_load_text, type="primary",
                  icon=":material/slideshow:")
        show_record_problems(ss.get("wt_problems") or [])


def _nav(n: int, k: int, present: bool) -> None:
    if present:
        c1, c2, c3 = st.columns([1, 2, 1])
        c1.button(_("◀ Back"), key="wt_prev", on_click=_go, args=(k - 1,), disabled=k <= 1,
                  shortcut="Left", width="stretch")
        where = _("Step {k} of {n}", k=k, n=n)
        c2.markdown(f"<div class='pq-present-step'>{html.escape(where)}</div>",
                    unsafe_allow_html=True)
        c3.button(_("Next ▶"), key="wt_next", on_click=_go, args=(k + 1,), disabled=k >= n,
                  shortcut="Right", type="primary", width="stretch")
        return
    with st.container(key="wt_nav"):
        _nav_row(n, k)


def _nav_row(n: int, k: int) -> None:
    c1, c2, c3, c4, c5 = st.columns([1, 1, 3, 1, 1])
    c1.button(_("First"), key="wt_first", on_click=_go, args=(1,), disabled=k <= 1,
              icon=":material/first_page:", width="stretch")
    c2.button(_("Back"), key="wt_prev", on_click=_go, args=(k - 1,), disabled=k <= 1,
              icon=":material/chevron_left:", shortcut="Left", width="stretch")
    c3.progress(k / n, text=_("Step {k} of {n}", k=k, n=n))
    c4.button(_("Next"), key="wt_next", on_click=_go, args=(k + 1,), disabled=k >= n,
              icon=":material/chevron_right:", shortcut="Right", type="primary",
              width="stretch")
    c5.button(_("Last"), key="wt_last", on_click=_go, args=(n,), disabled=k >= n,
              icon=":material/last_page:", width="stretch")


def _present_toggle() -> None:
    st.toggle(_("Presentation mode"), key="wt_present", on_change=_on_present,
              help=_("For a projector: big cards and text, no sidebar, one step per click or "
                     "per arrow key (← →)."))


def _share(params: dict[str, str], loaded: bool) -> None:
    link = page_url("/play", params)
    with st.expander(_("Link to this step"), icon=":material/link:"):
        st.code(link, language=None, wrap_lines=True)
        st.caption(_link_text() if loaded else
                   _("The link opens this scenario at this step."))


def _render_step(w: Walkthrough, step: Step, present: bool,
                 params: dict[str, str] | None = None) -> None:
    sc = w.scenario
    rules = w.score.record.rules
    n = len(w.steps)
    if present:
        st.markdown(f'<div class="pq-present-title">{html.escape(sc.title)}</div>',
                    unsafe_allow_html=True)
    else:
        st.subheader(md_escape(sc.title))
        if sc.lesson:
            st.markdown(_("**Lesson:** {lesson}", lesson=md_escape(sc.lesson)))
        if rules.name != current_rules().name:
            st.caption(_("This deal is scored under its own rules: {rules}.",
                         rules=md_escape(preset_name(rules.name))))
    _nav(n, step.number, present)
    hands = {"elder": step.elder_hand, "younger": step.younger_hand}
    trick_cards = frozenset(step.trick or ())
    shown = frozenset(step.elder_hand) | frozenset(step.younger_hand) | trick_cards
    outlined = step.highlight_note if step.highlight & shown else ""
    box = st.container(key="pq_big" if present else "wt_box")
    with box:
        # TRANSLATORS: a walkthrough step's heading: its number and title ("3. The deal").
        title = _("{number}. {title}", number=step.number, title=step.title)
        if step.announcement:
            st.markdown(f'<div class="pq-announce">{html.escape(step.announcement)}</div>',
                        unsafe_allow_html=True)
        outlined_text = _("Outlined: {what}.", what=outlined)
        if present:
            st.markdown(f'<div class="pq-present-caption"><b>{html.escape(title)}</b><br>'
                        f"{html.escape(step.caption)}"
                        + (f"<br><i>{html.escape(step.note)}</i>" if step.note else "")
                        + (f'<br><span class="pq-outlined">{html.escape(outlined_text)}'
                           "</span>" if outlined else "")
                        + "</div>", unsafe_allow_html=True)
        else:
            st.markdown(md_heading(4, title))
            st.info(md_escape(step.caption))
            if step.note:
                st.markdown(f":material/lightbulb: {md_escape(step.note)}")
            if outlined:
                st.caption(md_escape(outlined_text))
        left, right = st.columns([3, 2], gap="large")
        width = CARD_W
        with left, st.container(key="pq_hands" if present else "wt_hands"):
            for role in ("elder", "younger"):
                hand = hands[role]
                if step.kind in ("trick", "result"):
                    won = step.tricks_won[0 if role == "elder" else 1]
                    lbl = tricks_won_label(role, won, role == "younger")
                else:
                    lbl = _("Elder") if role == "elder" else _("Younger (dealer)")
                _label(lbl)
                if hand:
                    _html_cards(hand, width=width, overlap=True,
                                highlight=step.highlight & frozenset(hand))
                else:
                    st.caption(_("No cards left."))
        trick_col = right if present else left
        if step.trick is not None:
            with trick_col, st.container(key="pq_trick" if present else "wt_trick"):
                led, second = step.trick
                _label(_("Trick {number}: Elder leads", number=step.trick_number)
                       if step.trick_leader == "elder" else
                       _("Trick {number}: Younger leads", number=step.trick_number))
                _html_cards((led, second), width=width, highlight=step.highlight & trick_cards)
        with left:
            if step.talon and step.kind in ("deal", "blanche", "exchange"):
                _label(walk_talon_label(len(step.talon)))
                _html_cards(step.talon, width=SMALL_W, dim=step.talon)
            if step.kind in ("exchange", "dialogue") and (step.elder_discard
                                                           or step.younger_discard):
                d1, d2 = st.columns(2)
                with d1:
                    _html_cards(step.elder_discard, width=SMALL_W,
                                caption=_("Elder's discards"))
                with d2:
                    _html_cards(step.younger_discard, width=SMALL_W,
                                caption=_("Younger's discards"))
        with right:
            _label(_("Running tally"))
            st.markdown(tally_html(step.tally, [("elder", role_name("elder")),
                                                ("younger", role_name("younger"))]),
                        unsafe_allow_html=True)
            if step.dialogue:
                lines = step.dialogue[-4:] if present else step.dialogue
                _label(_("The dialogue so far") if len(lines) == len(step.dialogue)
                       else _("The dialogue (the last lines)"))
                st.markdown(dialogue_html(lines), unsafe_allow_html=True)
    if step.number == n and not present:
        if sc.summary:
            st.success(md_escape(sc.summary))
        st.download_button(_("Download this deal record (JSON)"),
                           json.dumps(w.score.record.to_json(), indent=1),
                           file_name=f"{sc.name or 'deal'}.json", mime="application/json",
                           key="wt_download", icon=":material/download:",
                           on_click="ignore")  # a download needs no rerun
    if not present and sc.summary and step.number != n:
        with st.expander(_("What this deal shows")):
            st.markdown(md_escape(sc.summary))
    if not present and params is not None:
        _share(params, "record" in params)
    if present:
        _present_toggle()
