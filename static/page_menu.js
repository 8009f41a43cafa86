// The page menu's button (ui/components/page_menu.py): a labelled button, in the page's
// language, that opens and closes Streamlit's sidebar (the pages on a phone, the language and
// the rules preset everywhere) by pressing Streamlit's own controls, which the app's CSS hides
// (their names are fixed English: "Expand sidebar", "Collapse sidebar").
//
// data: {label} — the button's visible text and so its accessible name.

const OPEN = "[data-testid='stExpandSidebarButton']";
const CLOSE = "[data-testid='stSidebarCollapseButton'] button";

function expanded() {
    // Streamlit draws its "expand" control only while the sidebar is collapsed
    return document.querySelector(OPEN) === null;
}

export default function (component, data) {
    const root = component.parentElement;
    let st = root.__pqMenu;
    if (!st) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "pq-menu";
        button.innerHTML = '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" '
            + 'width="20" height="20"><path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" '
            + 'fill="currentColor"/></svg><span></span>';
        root.appendChild(button);
        st = { button };
        st.sync = () => button.setAttribute("aria-expanded", expanded() ? "true" : "false");
        // On a phone Streamlit shuts an open sidebar on any press outside it, this button
        // included, before the click arrives: what the press found decides.
        button.addEventListener("pointerdown", () => {
            st.wasOpen = expanded();
        });
        button.addEventListener("click", () => {
            const wasOpen = st.wasOpen === undefined ? expanded() : st.wasOpen;
            st.wasOpen = undefined;
            const control = wasOpen ? (expanded() ? document.querySelector(CLOSE) : null)
                : document.querySelector(OPEN);
            if (control) {
                control.click();
            }
            window.setTimeout(st.sync, 60);
            window.setTimeout(st.sync, 400);
        });
        const header = document.querySelector("[data-testid='stHeader']");
        const side = document.querySelector("[data-testid='stSidebar']");
        st.observer = new MutationObserver(() => st.sync());
        for (const target of [header, side]) {
            if (target) {
                st.observer.observe(target, { childList: true, subtree: true });
            }
        }
        root.__pqMenu = st;
    }
    st.button.querySelector("span").textContent = (data && data.label) || "Menu";
    st.sync();
}
