"""A demo and test app for ui/components/card_hand.py (tests/test_card_hand.py and
tests/e2e/test_card_hand_browser.py): a 12-card hand to choose from, a hand to play from, a
face-down hand, and what each holds, written with ``st.write``; and the learner id kept by
ui/components/browser_store.py (shown only as a fingerprint of its key).

By hand: ``streamlit run tests/apps/card_hand_app.py``. Query parameters: ``?four_colour=1``,
``?max=3`` (the cap on the chosen cards), ``?wide=1`` (wide layout), ``?move=1`` (the "pick"
hand changes place at each tap, in and out of a container: the browser mounts it afresh).
Test hooks (set ``at.session_state[...]`` before a run): ``test_tap`` (a card code: a tap on
the "pick" hand through :func:`ui.components.card_hand.tap`, as the component's callback
does), ``test_play`` (the same on the "play" hand), ``test_event`` (a payload as the browser sends
it, through :func:`tap_event`), ``test_set`` (text: the typed field's
path, :func:`set_selection`).
"""

import contextlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from piquet.cards import Card, format_cards, parse_cards  # noqa: E402
from store.ids import learner_key, new_learner_id  # noqa: E402
from ui.components.browser_store import (  # noqa: E402
    browser_store,
    forget_learner,
    learner_id,
    remember_learner,
)
from ui.components.card_hand import (  # noqa: E402
    card_hand,
    selection,
    set_selection,
    tap,
    tap_event,
)

HAND = tuple(parse_cards("AS KS QS JS TS 9S AH KH QH 7D AC 8C"))
PLAY = tuple(parse_cards("AH KH 9D 7C"))
OTHER = tuple(parse_cards("8S 8H 8D 8C"))


def _played(card: Card) -> None:
    st.session_state["played"] = [*st.session_state.get("played", []), str(card)]


def _picked(card: Card) -> None:
    st.session_state["taps"] = st.session_state.get("taps", 0) + 1


# pytest's --doctest-modules imports every module under tests/: draw only when run as an app.
if __name__ == "__main__":
    if st.query_params.get("wide") == "1":
        st.set_page_config(layout="wide")
    four = st.query_params.get("four_colour") == "1"
    cap = int(st.query_params.get("max", "12"))
    # hooks first: a callback would run before the script, so these run before the hands
    if "test_set" in st.session_state:
        set_selection("pick", parse_cards(st.session_state.pop("test_set")))
    if "test_tap" in st.session_state:
        tap("pick", Card.of(st.session_state.pop("test_tap")))
    if "test_event" in st.session_state:
        tap_event("pick", st.session_state.pop("test_event"))
    if "test_play" in st.session_state:
        tap("play", Card.of(st.session_state.pop("test_play")))

    st.subheader("Choose cards")
    moved = st.query_params.get("move") == "1" and st.session_state.get("taps", 0) % 2 == 1
    place = st.container(border=True) if moved else contextlib.nullcontext()
    with place:
        chosen = card_hand(
            "pick",
            HAND,
            max_selected=cap,
            disabled={Card.of("7D")},
            on_change=_picked,
            label="Your hand",
            four_colour=four,
        )
    st.write("chosen: " + (format_cards(chosen) or "none"))
    st.write(f"taps: {st.session_state.get('taps', 0)}")
    assert chosen == selection("pick")

    st.subheader("Play a card")
    card_hand("play", PLAY, mode="play", on_change=_played, label="Cards to play", four_colour=four)
    st.write("played: " + (" ".join(st.session_state.get("played", [])) or "none"))

    st.subheader("Opponent")
    card_hand("other", OTHER, face_down=True, label="Opponent's cards")

    st.subheader("Learner")
    learner = learner_id()
    if learner is None:
        learner = new_learner_id()
        remember_learner(learner, new=True)
    # never the id itself: a fingerprint of its key
    st.write("learner: " + learner_key(learner)[:12])
    if st.button("Forget me"):
        forget_learner()
        remember_learner(new_learner_id())
        st.rerun()
    st.write("end")
    browser_store()  # last: after remember_learner / forget_learner
