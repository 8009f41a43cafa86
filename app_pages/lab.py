"""Declarations Lab: two hands, every combination on its cards, the dialogue, each verdict
with its reason, the reckoning order as a running tally, and sinking to try."""

import streamlit as st

from piquet import Card, Rules, score_declarations
from ui.content import example_hands
from ui.dialogue import dialogue_html
from ui.hand_builder import builder_cards, hand_builder
from ui.lab.sinking import sinking_controls
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
    holdings,
    reckoning_table,
    totals_table,
    verdict_lines,
    whole_deal,
)
from ui.record_help import (
    parse_record_text,
    record_help,
    record_uploader,
    show_record_problems,
)
from ui.settings import current_rules, four_colour, preset_label
from ui.style import inject_css
from ui.text import md_escape
from words import _
from words.errors import error_text

EXAMPLE_ELDER, EXAMPLE_YOUNGER = example_hands()  # Cavendish's example, after the exchange


def _load_pasted() -> None:
    record, problems = parse_record_text(st.session_state.get("lab_record_text") or "")
    st.session_state["lab_record_problems"] = problems
    if record is not None:
        load_record_into_lab(record)


def _on_present() -> None:
    if st.session_state.get("lab_present"):
        st.query_params["present"] = "1"
    elif "present" in st.query_params:
        del st.query_params["present"]


if "lab_present" not in st.session_state:
    st.session_state["lab_present"] = st.query_params.get("present") == "1"
present = bool(st.session_state["lab_present"])
read_link()
rules: Rules = current_rules()

st.title(_("Declarations Lab"))
st.toggle(_("Presentation mode"), key="lab_present", on_change=_on_present,
          help=_("For a projector: the two hands and their scores in large print."))
if present:
    inject_css(big=True, present=True)
notices = st.container()  # filled once the link's or record's hands are in place

with st.container() if not present else st.expander(_("The hands"), expanded=False):
    st.caption(_("Build Elder's and Younger's hands as they are **after the exchange** (12 "
                 "cards each), or paste a deal record. Every score below is explained on the "
                 "cards."))
    with st.expander(_("Paste a deal record"), icon=":material/upload:",
                     expanded=bool(st.session_state.get("lab_record_problems"))):
        st.text_area(_("Deal record (JSON)"), key="lab_record_text", height=140,
                     placeholder=_('{{"elder": [...], "younger": [...], "talon": [...], ...}}'))
        st.button(_("Load record"), key="lab_load", on_click=_load_pasted)
        show_record_problems(st.session_state.get("lab_record_problems") or [])
        record_uploader("lab_upload", "lab_record_text", on_load=_load_pasted)
        record_help("lab_help", "lab_record_text", on_load=_load_pasted,
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
            st.toggle(blanche_label, key=blanche_key(role))  # type: ignore[arg-type]

elder, younger = hands["elder"], hands["younger"]
sync_sinking("elder", elder)
sync_sinking("younger", younger)
with notices:
    for kind, note in take_notes():
        (st.warning if kind == "warning" else st.info)(md_escape(note))
if elder is None or younger is None or set(elder) & set(younger):
    write_link({"elder": elder, "younger": younger}, {})
    if elder is None or younger is None:
        st.info(_("Complete both hands to see the declarations."))
    st.stop()  # the builders have already said what is wrong

blanche = {}
for role, hand in (("elder", elder), ("younger", younger)):
    flag = bool(st.session_state.get(blanche_key(role)))  # type: ignore[arg-type]
    problem = blanche_problem(role, hand, rules) if flag else None  # type: ignore[arg-type]
    if problem:
        st.error(problem, icon=":material/block:")
    blanche[role] = flag and problem is None

with st.expander(_("Sinking: declare less than you hold"), icon=":material/visibility_off:"):
    st.caption(_("Choose a shorter point, a shorter sequence or a trio of a quatorze, or leave "
                 "a combination out, to hide it. Each category is decided between what the two "
                 "players declare; a player who declares nothing in a category loses it to any "
                 "declaration."))
    sink_l, sink_r = st.columns(2)
    with sink_l:
        st.markdown(_("**Elder declares**"))
        elder_spec = sinking_controls("elder", elder, who("elder"))
    with sink_r:
        st.markdown(_("**Younger declares**"))
        younger_spec = sinking_controls("younger", younger, who("younger"))

write_link({"elder": elder, "younger": younger},
           {"elder": elder_spec, "younger": younger_spec})

try:
    score = score_declarations(
        elder, younger, elder_blanche=blanche["elder"], younger_blanche=blanche["younger"],
        elder_declares=elder_spec, younger_declares=younger_spec, rules=rules)
except ValueError as e:
    st.error(md_escape(error_text(e)))
    st.stop()

st.header(_("What each hand holds"))
with st.container(key="lab_pq_present_text" if present else None):
    h_l, h_r = st.columns(2, gap="medium" if present else "large")
    with h_l:
        holdings(score, "elder", present=present)
    with h_r:
        holdings(score, "younger", present=present)

with st.container(key="lab_pq_present_text_rest" if present else None):
    st.header(_("The dialogue"))
    d_l, d_r = st.columns([3, 2], gap="large")
    with d_l:
        st.markdown(dialogue_html(score.dialogue), unsafe_allow_html=True)
    with d_r:
        st.subheader(_("Verdicts"))
        verdict_lines(score)

    st.header(_("Order of reckoning"))
    table, why, bonus = reckoning_table(score)
    st.markdown(table)
    if bonus:
        st.success(why)
    else:
        st.info(why)

    st.header(_("Totals"))
    st.table(totals_table(score))
    st.caption(_("Rules: {preset}. The totals end with Elder's first lead, as the tally does; "
                 "the rest of the play is not scored here.", preset=preset_label(rules.name)))

if not present:
    st.markdown(_("**Share this Lab**: the link opens these hands with this sinking."))
    st.code(lab_link(), language=None, wrap_lines=True)

record = st.session_state.get(K_RECORD)
if record is not None:
    whole_deal(record, rules, elder, younger)
