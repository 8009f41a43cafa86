"""Declarations Lab: two hands, every combination on its cards, the dialogue, each verdict
with its reason, the reckoning order as a running tally, and sinking to try."""

import json
from contextlib import nullcontext
from typing import Any

import streamlit as st

from piquet import Card, Rules
from ui.content import example_hands
from ui.fragments import whole_page_drawn, whole_page_if_asked
from ui.hand_builder import builder_cards, hand_builder
from ui.lab.advisor import advisor_panel
from ui.lab.sinking import held_spec, sinking_controls
from ui.lab.state import (
    K_RECORD,
    blanche_key,
    blanche_problem,
    lab_link,
    load_record_into_lab,
    read_link,
    sync_sinking,
    take_notes,
    who,
    write_link,
)
from ui.lab.views import (
    dialogue,
    holdings,
    played_deal,
    reckoning_table,
    scored,
    totals_html,
    verdict_lines,
    whole_deal,
)
from ui.links import new_visit
from ui.present import present_deal, presentation
from ui.present.screens import PARAM as STEP
from ui.record_help import (
    forget_upload_problems,
    parse_record_text,
    record_help,
    record_uploader,
    show_record_problems,
)
from ui.settings import current_rules, four_colour, preset_label
from ui.style import inject_css
from ui.text import md_escape, md_heading
from words import _, language
from words.errors import error_text

EXAMPLE_ELDER, EXAMPLE_YOUNGER = example_hands()  # Cavendish's example, after the exchange


# (no docstrings at this level: Streamlit's magic would draw them on the page)
K_SINKING_OPEN = "lab_sinking"  # the sinking expander's state (open: its widgets drawn)
K_RECORD_OPEN = "lab_record_open"  # the "Paste a deal record" expander's state
K_RECORD_TEXT = "lab_record_text"
_K_RECORD_KEPT = "_lab_record_text_kept"  # the text area's text while it is not drawn


def _load_pasted() -> None:
    forget_upload_problems(K_RECORD_TEXT)  # the record before's problems go with it
    record, problems = parse_record_text(st.session_state.get(K_RECORD_TEXT) or "")
    st.session_state["lab_record_problems"] = problems
    if record is not None:
        load_record_into_lab(record)


def _spec_key(spec: dict[str, Any] | None) -> str | None:
    """A declaration as the text :func:`ui.lab.views.scored` is keyed on."""
    return json.dumps(spec, sort_keys=True, separators=(",", ":")) if spec else None


def _on_present() -> None:
    if st.session_state.get("lab_present"):
        if st.query_params.get("present") != "1":
            st.query_params["present"] = "1"
    else:
        for param in ("present", STEP):  # the step belongs to the presentation
            if param in st.query_params:
                del st.query_params[param]


# Kept across a page switch (persist_state); a link followed to the Lab says it anew.
_arrived = new_visit("lab_present_visit")
if "lab_present" not in st.session_state or (_arrived and "present" in st.query_params):
    st.session_state["lab_present"] = st.query_params.get("present") == "1"
present = bool(st.session_state["lab_present"])
_on_present()  # the address again (a page switch drops it)
whole_page_drawn()
read_link()

if not present:  # a presentation's screens have titles of their own
    st.title(_("Declarations Lab"))
st.toggle(_("Presentation mode"), key="lab_present", on_change=_on_present,
          help=_("For a projector: the deal step by step in large print, one screen at a "
                 "time (→ next, ← back, R reveal)."),
          persist_state="session")
if present:
    inject_css(big=True, present=True)
    # clear of the page's Menu button, which sits at the top left
    st.html("<style>.st-key-lab_present{padding-left:6.5rem}</style>")


@st.fragment
def _lab_body() -> None:
    # The page under its title: a tap, a typed hand, a toggle or a panel reruns this part
    # alone; the title, the presentation toggle and the frame (the sidebar's settings rerun
    # the whole page) are not sent again. It returns, never st.stop(): the frame's last steps
    # (the progress kept, the learner's id written to the browser) run after every page.
    whole_page_if_asked()  # a step in here changed the frame (a record's preset)
    rules: Rules = current_rules()
    notices = st.container()  # filled once the link's or record's hands are in place

    with nullcontext() if not present else st.expander(_("The hands"), expanded=False):
        st.caption(_("Build Elder's and Younger's hands as they are **after the exchange** (12 "
                     "cards each), or paste a deal record. Every score below is explained on the "
                     "cards."))
        # Drawn only while open (opening it reruns the page); the text pasted is kept shut.
        record_panel = st.expander(_("Paste a deal record"), icon=":material/upload:",
                                   key=K_RECORD_OPEN, on_change="rerun")
        if record_panel.open:
            with record_panel:
                kept = st.session_state.get(_K_RECORD_KEPT)
                if kept and K_RECORD_TEXT not in st.session_state:  # not drawn last run
                    st.session_state[K_RECORD_TEXT] = kept  # as it was left
                st.text_area(_("Deal record (JSON)"), key=K_RECORD_TEXT, height=140,
                             placeholder=_('{{"elder": [...], "younger": [...], "talon": [...], '
                                           '...}}'))
                st.session_state[_K_RECORD_KEPT] = st.session_state.get(K_RECORD_TEXT) or ""
                st.button(_("Load record"), key="lab_load", on_click=_load_pasted)
                show_record_problems(st.session_state.get("lab_record_problems") or [])
                record_uploader("lab_upload", K_RECORD_TEXT, on_load=_load_pasted)
                record_help("lab_help", K_RECORD_TEXT, on_load=_load_pasted,
                            no_rules_means=_("the preset chosen in the sidebar"))

        left, right = st.columns(2, gap="large")
        hands: dict[str, tuple[Card, ...] | None] = {}
        for col, role, example, other, blanche_label in (
                (left, "elder", EXAMPLE_ELDER, "younger", _("Elder has carte blanche (as dealt)")),
                (right, "younger", EXAMPLE_YOUNGER, "elder",
                 _("Younger has carte blanche (as dealt)"))):
            with col:
                hands[role] = hand_builder(
                    # a card in both hands is named once, under Younger's hand
                    f"lab_{role}", label=who(role),
                    taken=frozenset(builder_cards(f"lab_{other}")) if role == "younger"
                    else frozenset(),
                    taken_from=f"lab_{other}",
                    default=example,
                    four_colour=four_colour())
                st.toggle(blanche_label, key=blanche_key(role),  # type: ignore[arg-type]
                          persist_state="session")

    elder, younger = hands["elder"], hands["younger"]
    sync_sinking("elder", elder)
    sync_sinking("younger", younger)
    with notices:
        for kind, note in take_notes():
            (st.warning if kind == "warning" else st.info)(md_escape(note))
    if not present:  # the exchange advisor and "how rare": drawn and computed only while open
        advisor_panel(hands, rules, colours=four_colour())
    if elder is None or younger is None or set(elder) & set(younger):
        write_link(hands, {r: held_spec(r, h) for r, h in hands.items() if h is not None},
                   rules)  # a complete hand keeps its sinking in the address
        if elder is None or younger is None:
            st.info(_("Complete both hands to see the declarations."))
        return  # the builders have already said what is wrong

    blanche = {}
    for role, hand in (("elder", elder), ("younger", younger)):
        flag = bool(st.session_state.get(blanche_key(role)))  # type: ignore[arg-type]
        problem = blanche_problem(role, hand, rules) if flag else None  # type: ignore[arg-type]
        if problem:
            st.error(problem, icon=":material/block:")
        blanche[role] = flag and problem is None

    # Drawn only while open (opening it reruns the page): shut, the page declares what is held.
    sinking = None if present else st.expander(
        _("Sinking: declare less than you hold"), icon=":material/visibility_off:",
        key=K_SINKING_OPEN, on_change="rerun")
    if sinking is not None and sinking.open:
        with sinking:
            st.caption(_("Choose a shorter point, a shorter sequence or a trio of a quatorze, or "
                         "leave a combination out, to hide it. Each category is decided between "
                         "what the two players declare; a player who declares nothing in a "
                         "category loses it to any declaration."))
            sink_l, sink_r = st.columns(2)
            with sink_l:
                st.markdown(_("**Elder declares**"))
                elder_spec = sinking_controls("elder", elder, who("elder"))
            with sink_r:
                st.markdown(_("**Younger declares**"))
                younger_spec = sinking_controls("younger", younger, who("younger"))
    else:
        elder_spec, younger_spec = held_spec("elder", elder), held_spec("younger", younger)

    write_link({"elder": elder, "younger": younger},
               {"elder": elder_spec, "younger": younger_spec}, rules)

    try:
        score = scored(elder, younger, blanche["elder"], blanche["younger"], _spec_key(elder_spec),
                       _spec_key(younger_spec), rules.name)  # the same object for the same inputs
    except ValueError as e:
        st.error(md_escape(error_text(e)))
        return

    record = st.session_state.get(K_RECORD)
    if present:  # one screen at a time, the step in the address
        present_deal(presentation(score, played_deal(record, rules, elder, younger)
                                  if record is not None else None), key="lab_present_deck")
        return

    st.header(_("What each hand holds"))
    h_l, h_r = st.columns(2, gap="large")
    with h_l:
        holdings(score, "elder")
    with h_r:
        holdings(score, "younger")

    st.header(_("The dialogue"))
    d_l, d_r = st.columns([3, 2], gap="large")
    with d_l:
        st.markdown(dialogue(score, language()), unsafe_allow_html=True)
    with d_r:
        verdict_lines(score, heading=_("Verdicts"))

    table, why, bonus = reckoning_table(score)
    st.markdown(md_heading(2, _("Order of reckoning")) + table)  # one element, not two
    if bonus:
        st.success(why)
    else:
        st.info(why)

    st.markdown(md_heading(2, _("Totals")) + totals_html(score, language()),
                unsafe_allow_html=True)
    st.caption(_("Rules: {preset}. The totals end with Elder's first lead, as the tally does; "
                 "the rest of the play is not scored here.", preset=preset_label(rules.name)))

    st.markdown(_("**Share this Lab**: the link opens these hands with this sinking."))
    st.code(lab_link(), language=None, wrap_lines=True)

    if record is not None:
        whole_deal(record, rules, elder, younger)


_lab_body()
