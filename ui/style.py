"""The app's shared CSS, injected once per run with ``st.html("<style>...</style>")``.

Classes for page code:

``.pq-cards``      a row of cards (made by :func:`ui.cards.cards_row_html`); cards lift on hover
``.pq-big``        projector mode: put it on any ancestor (or use a container with key
                   ``pq_big``, class ``st-key-pq_big``) and the cards inside grow by half;
                   ``inject_css(big=True)`` does it for the whole page, dialogue included
``.pq-dialogue``   a block of declaration dialogue, one ``.pq-elder`` / ``.pq-younger``
                   line per speech, with an optional ``.pq-speaker`` name inside
``.pq-good`` ``.pq-notgood`` ``.pq-equal``   verdict chips ("Good", "Not good", "Equal")

Streamlit's own widgets, so that nothing is hidden in a longer language on a narrow screen:
a row of pills or segments wraps (Streamlit keeps a row that scrolls sideways, its end out of
sight, in a column or a horizontal container), a button's or page link's label wraps instead
of being cut off, and the top bar's links sit a little closer, without their icons below
1440 px: the ten pages' names fit a 1280 px screen in Vietnamese too, none hidden behind
Streamlit's "2 more" (which no catalog translates).
"""

from __future__ import annotations

import streamlit as st

__all__ = ["BIG_CSS", "CSS", "PRESENT_CSS", "inject_css"]

CSS = """
a.pq-page-link{display:inline-flex;align-items:center;gap:.5rem;text-decoration:none;
  color:inherit;padding:.125rem .5rem;margin-left:-.5rem;border-radius:.5rem}
a.pq-page-link:hover{background:rgba(151,166,195,.15)}
.pq-icon{font-family:"Material Symbols Rounded";font-size:1.25rem;line-height:1;
  font-weight:normal;font-style:normal;letter-spacing:normal;white-space:nowrap;
  -webkit-font-feature-settings:"liga";font-feature-settings:"liga"}
.pq-cards{display:flex;flex-wrap:wrap;align-items:flex-end;gap:4px;row-gap:6px;
  margin:.25rem 0 .6rem 0}
.pq-cards svg{flex:none;display:block;position:relative;
  filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.18));
  transition:transform .12s ease-out,filter .12s ease-out}
.pq-cards svg:hover{transform:translateY(-5px);z-index:2;
  filter:drop-shadow(0 5px 7px rgba(0,0,0,.25))}
.pq-cards .pq-caption{flex-basis:100%;font-size:.85rem;opacity:.75;margin-top:2px}
.pq-big .pq-cards,.pq-cards.pq-big,.st-key-pq_big .pq-cards{zoom:1.5}
@media (prefers-reduced-motion:reduce){
  .pq-cards svg{transition:none}.pq-cards svg:hover{transform:none}
  *,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;
    animation-iteration-count:1!important;transition-duration:0s!important;
    transition-delay:0s!important;scroll-behavior:auto!important}}

[data-testid="stCaptionContainer"],[data-testid="stCaptionContainer"] p{color:#55565f;opacity:1}
*:focus-visible{outline:3px solid #1a5fb4!important;outline-offset:2px}
[data-testid="stHeaderActionElements"] a:focus-visible{opacity:1!important}
label:has(input[type="checkbox"]:focus-visible),label:has(input[type="radio"]:focus-visible),
[data-baseweb="select"]:has(input:focus-visible){outline:3px solid #1a5fb4;outline-offset:2px;
  border-radius:.5rem}
[data-testid="stMain"] [data-testid="stButtonGroup"]>div{flex-wrap:wrap;overflow-x:visible}
[data-testid="stMain"] button .stMarkdownEllipsis,
[data-testid="stMain"] button .stMarkdownEllipsis p,
[data-testid="stMain"] a[data-testid="stPageLink-NavLink"]>span:last-child{white-space:normal}
nav[data-testid="stTopNav"]{padding-left:.5rem;padding-right:.5rem}
nav[data-testid="stTopNav"] a[data-testid="stTopNavLink"]{padding:0 .375rem;gap:.375rem}
@media (max-width:1439px){nav[data-testid="stTopNav"] a[data-testid="stTopNavLink"]>
  span:has([data-testid="stIconMaterial"]){display:none}}

[data-testid="stMarkdownContainer"]:has(>table){overflow-x:auto}
@media (max-width:640px){[data-testid="stMarkdownContainer"] table :is(th,td){
  padding:4px 6px;font-size:14px}}

.st-key-rules [data-testid="stButtonGroup"]>div{flex-wrap:wrap;gap:.35rem}
.st-key-rules [data-testid="stButtonGroup"] button{border-radius:.5rem !important;
  margin:0 !important}
.st-key-rules [data-testid="stButtonGroup"] button[aria-checked="false"]{
  border-color:rgb(215,211,207) !important}

.pq-dialogue{font-family:Georgia,'DejaVu Serif',serif;font-size:1.05rem;line-height:1.5;
  margin:.5rem 0 1rem 0;max-width:44rem}
.pq-elder,.pq-younger{display:block;padding:.3rem .8rem;margin:.25rem 0;
  border-left:3px solid;border-radius:0 .5rem .5rem 0}
.pq-elder{border-color:#23407a;background:rgba(35,64,122,.07);margin-right:2.5rem}
.pq-younger{border-color:#a0681a;background:rgba(160,104,26,.08);margin-left:2.5rem}
.pq-speaker{font-variant:small-caps;font-weight:700;letter-spacing:.04em;opacity:.85;
  margin-right:.45rem}

.pq-good,.pq-notgood,.pq-equal{display:inline-block;padding:.05rem .6rem;
  border-radius:999px;border:1px solid;font-family:inherit;font-size:.82em;
  font-weight:600;line-height:1.5;vertical-align:baseline;white-space:nowrap}
.pq-good{background:#e4f2e5;color:#1d5e22;border-color:#a6d2aa}
.pq-notgood{background:#fbe8e6;color:#9b2a1f;border-color:#eab1aa}
.pq-equal{background:#f1efe8;color:#57534a;border-color:#d3cfc2}

[data-testid="stExpandSidebarButton"],[data-testid="stSidebarCollapseButton"]{
  display:none !important}
.st-key-pq_menu{position:fixed;top:.7rem;left:1rem;z-index:999995;width:auto !important}
[data-testid="stHeader"]:has([data-testid="stExpandSidebarButton"]) nav[data-testid="stTopNav"]{
  margin-left:6.5rem}
.st-key-lessons_chooser_phone{display:none}
@media (max-width:640px){
  [data-testid="stMainBlockContainer"]{padding-top:3.6rem;padding-bottom:4rem}
  [data-testid="stMain"] [data-testid="stVerticalBlock"]{gap:.5rem}
  [data-testid="stMain"] h1{font-size:1.75rem;padding:.25rem 0 .5rem 0}
  [data-testid="stMain"] h2{font-size:1.35rem;padding:.5rem 0 .25rem 0}
  [data-testid="stMain"] h3{font-size:1.2rem;padding:.25rem 0}
  [data-testid="stMain"] h4{font-size:1.05rem;padding:.2rem 0}
  [data-testid="stMain"] .pq-cards:has(>svg.pq-card:nth-of-type(7)){flex-wrap:wrap !important;
    column-gap:0 !important;padding-left:21px}
  [data-testid="stMain"] .pq-cards:has(>svg.pq-card:nth-of-type(7))>svg.pq-card{
    width:46px;height:auto;margin-left:-21px !important}
  [data-testid="stMain"] [data-testid="stHorizontalBlock"]{row-gap:.55rem}
  [data-testid="stHorizontalBlock"]:has(>[data-testid="stColumn"] .st-key-play_undo){
    flex-wrap:wrap;column-gap:1rem}
  [data-testid="stHorizontalBlock"]:has(>[data-testid="stColumn"] .st-key-play_undo)>
    [data-testid="stColumn"]{width:auto !important;flex:0 1 auto !important;min-width:0}
  [data-testid="stVerticalBlock"]:has(>[data-testid="stLayoutWrapper"]>.st-key-play_hand_area):has(
    :is(.st-key-play_declare,.st-key-play_discards_hand,.st-key-play_trick_hand_hand))>
    :has(~[data-testid="stLayoutWrapper"]>.st-key-play_hand_area):not(:has([data-testid="stAlert"])){
    order:20}
  [data-testid="stVerticalBlock"]:has(>[data-testid="stLayoutWrapper"]>.st-key-play_hand_area):has(
    .st-key-play_declare){gap:.3rem}
  .pq-dialogue{margin:0;font-size:1rem;line-height:1.4}
  .pq-elder,.pq-younger{padding:.1rem .6rem;margin:.1rem 0}
  [class*="st-key-play_answer_"] [data-testid="stRadio"]{display:flex;flex-wrap:wrap;
    align-items:center;column-gap:.75rem}
  [class*="st-key-play_answer_"] [data-testid="stWidgetLabel"]{margin-bottom:0}
  .st-key-lessons_chooser{display:none}
  .st-key-lessons_chooser_phone{display:block}
  [data-testid="stMainBlockContainer"]:has(.st-key-lessons_chooser_phone)
    [data-testid="stHeading"]:has(h1){position:absolute;width:1px;height:1px;overflow:hidden;
    clip-path:inset(50%);white-space:nowrap}
  .st-key-stages_path{row-gap:.2rem !important;column-gap:.3rem !important}
  [data-testid="stLayoutWrapper"]:has(>.st-key-stages_progress){display:none}
  .st-key-stages_player{padding:.75rem !important}
  .st-key-stages_player [data-testid="stVerticalBlock"],
  .st-key-stages_player [data-testid="stHorizontalBlock"]{gap:.3rem}
  .st-key-stages_player h3{padding:0}
  .st-key-stages_player [data-testid="stMarkdownContainer"] p{margin-bottom:.4rem}
  .st-key-stages_player [data-testid="stCaptionContainer"] p{margin-bottom:0}
  [data-testid="stMain"] [data-testid="stTabs"] [role="tab"]{padding-top:.25rem;
    padding-bottom:.25rem}
  [data-testid="stLayoutWrapper"]:has(>.st-key-quiz_settings){order:10}
  .st-key-quiz_settings{row-gap:.5rem !important;column-gap:1rem !important}
  [data-testid="stLayoutWrapper"]:has(>:is(.st-key-quiz_question_title,.st-key-quiz_intro)){
    display:none}
  .st-key-quiz_answer{padding:.5rem .75rem !important;gap:.3rem !important}
  .st-key-quiz_answer [data-testid="stVerticalBlock"]{gap:.3rem}
  .st-key-quiz_answer [data-testid="stHorizontalBlock"]:has(>[data-testid="stColumn"]
    [data-testid="stNumberInput"]){flex-wrap:nowrap;gap:.5rem}
  .st-key-quiz_answer [data-testid="stColumn"]:has([data-testid="stNumberInput"]){
    min-width:0;width:auto !important;flex:1 1 0 !important}
}
.st-key-pq_browser_store{display:none}
.st-key-pq_names{display:none}
.st-key-pq_address{display:none}
[class*="st-key-pq_live"]{display:none}
[class*="st-key-pq_scroll_"]{display:none}
"""
"""The shared stylesheet (without ``<style>`` tags)."""

BIG_CSS = """
.pq-cards{zoom:1.5}
.pq-dialogue{font-size:1.35rem;max-width:60rem}
.pq-good,.pq-notgood,.pq-equal{font-size:.95em}
"""
"""Extra rules for projector mode across the whole page."""


PRESENT_CSS = """
[data-testid='stSidebar'],[data-testid='stSidebarCollapsedControl'],
[data-testid='stHeader'],[data-testid='stToolbar']{display:none !important}
[data-testid='stMainBlockContainer']{padding-top:1.2rem;max-width:100%}
"""
"""Presentation mode for a projector: no sidebar, no header, the page's full width (the
screens' own rules are in :mod:`ui.present.screens`)."""


def _first_call_this_run(tag: str) -> bool:
    """True the first time ``tag`` is seen in the current script run (best effort).

    Streamlit gives each run a fresh ``parallel_coordinator`` on the run context; we
    remember which one we last injected for. Without a context (bare ``python``), or if
    Streamlit's internals change, this answers True and the CSS is simply injected again,
    which is harmless.
    """
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        ctx = get_script_run_ctx(suppress_warning=True)
        run_marker = getattr(ctx, "parallel_coordinator", None)
        if ctx is None or run_marker is None:
            return True
        seen: dict[str, object] = ctx.__dict__.setdefault("_pq_css_injected", {})
        if seen.get(tag) is run_marker:
            return False
        seen[tag] = run_marker
        return True
    except Exception:
        return True


def inject_css(*, big: bool = False, present: bool = False) -> None:
    """Inject the shared CSS (with ``big`` the projector-mode rules, with ``present`` the
    presentation-mode layout) once per run.

    Safe to call from every page and widget helper: later calls in the same run do nothing.
    """
    if _first_call_this_run("base"):
        st.html(f"<style>{CSS}</style>")
    if big and _first_call_this_run("big"):
        st.html(f"<style>{BIG_CSS}</style>")
    if present and _first_call_this_run("present"):
        st.html(f"<style>{PRESENT_CSS}</style>")
