// The presentation's keys (ui/present/keys.py): → next, ← back, R reveal — acted on only
// while no control has the focus (a focused card hand keeps its arrow keys, a focused button
// its own keys); Space is never a shortcut. A press with the mouse on one of the
// presentation's buttons gives the focus back to the page, so that the keys work on after it.
//
// data: {nav} — the class of the container holding the presentation's buttons.

// Page Down / Page Up: what most presentation clickers send
const ACTIONS = {
    ArrowRight: "next", ArrowLeft: "back", PageDown: "next", PageUp: "back",
    r: "reveal", R: "reveal",
};

function pageHasFocus() {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement;
}

export default function (component, data) {
    const state = window.__pqPresentKeys || (window.__pqPresentKeys = {});
    state.send = component.setTriggerValue;
    state.nav = (data && data.nav) || "";
    state.seq = state.seq || 0;
    document.documentElement.dataset.pqPresentKeys = "on"; // listening (tests wait for it)
    if (!state.listening) {
        state.listening = true;
        document.addEventListener("keydown", (event) => {
            const action = ACTIONS[event.key];
            if (!action || !state.send || event.altKey || event.ctrlKey || event.metaKey
                || event.isComposing || !pageHasFocus()) {
                return;
            }
            event.preventDefault();
            state.seq += 1;
            state.send("key", { action, seq: state.seq });
        });
        document.addEventListener("click", (event) => {
            // event.detail: 0 for a click made with the keyboard (Enter), which keeps its focus
            const button = event.target.closest && event.target.closest("button");
            if (button && event.detail > 0 && state.nav && button.closest("." + state.nav)) {
                window.setTimeout(() => button.blur(), 0);
            }
        }, true);
    }
    return () => {
        if (state.send === component.setTriggerValue) {
            state.send = null;
            delete document.documentElement.dataset.pqPresentKeys;
        }
    };
}
