// The learner's id kept in the browser (ui/components/browser_store.py): localStorage,
// mirrored in a first-party cookie that Python reads on a new tab's first run. Served from the
// app's static folder (/app/static/browser_store.js) and fetched once a page load: the
// component's own script is a loader that imports this module and calls its default export
// with the component's arguments and its data, already read.
//
// data: {name, max_age, reported, lang, wish?, tentative?} (see browser_store()). The id is a
// secret: never logged, never shown.

export default function (component, data) {
    const { setStateValue } = component;
    if (!document.querySelector("meta[name='referrer']")) {
        // no address of the app's (a one-time link's token, a page's parameters) goes to
        // another site, nor to the app's own requests, in a Referer header
        const meta = document.createElement("meta");
        meta.name = "referrer";
        meta.content = "no-referrer";
        document.head.appendChild(meta);
    }
    if (data && typeof data.lang === "string") {
        // the page's language, for screen readers and hyphenation (Streamlit writes "en")
        document.documentElement.lang = data.lang;
    }
    if (!data || !data.name) {
        return;
    }
    const name = data.name;
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    const tail = "; Path=/; SameSite=Lax" + secure;
    const readCookie = () => {
        for (const part of document.cookie.split(";")) {
            const [k, ...v] = part.trim().split("=");
            if (k === name) {
                return decodeURIComponent(v.join("="));
            }
        }
        return null;
    };
    const writeCookie = (value) => {
        document.cookie = name + "=" + encodeURIComponent(value)
            + "; Max-Age=" + String(data.max_age) + tail;
    };
    const dropCookie = () => {
        document.cookie = name + "=; Max-Age=0" + tail;
    };
    let stored = null;
    try {
        stored = window.localStorage.getItem(name);
    } catch (e) {
        stored = null;  // storage blocked: the cookie alone carries the id
    }
    const store = (value) => {
        try {
            if (value === null) {
                window.localStorage.removeItem(name);
            } else {
                window.localStorage.setItem(name, value);
            }
        } catch (e) {
            /* storage blocked */
        }
    };
    const cookie = readCookie();
    if (data.tentative === true && stored) {
        // Python made a fresh id because it found no cookie, but this browser has one.
        writeCookie(stored);
        if (data.reported !== true) {
            setStateValue("learner", stored);
        }
        return;
    }
    if (typeof data.wish === "string") {
        // Python decided in this session: an id to keep, or "" to forget.
        if (data.wish === "") {
            store(null);
            dropCookie();
        } else {
            store(data.wish);
            writeCookie(data.wish);
        }
        return;
    }
    if (stored) {
        writeCookie(stored);  // mirror (and renew) the cookie
        if (cookie !== stored && data.reported !== true) {
            // Python could not read it from the cookie this session: tell it.
            setStateValue("learner", stored);
        }
    } else if (cookie) {
        store(cookie);  // storage was cleared but the cookie kept the id
        writeCookie(cookie);
    }
}
