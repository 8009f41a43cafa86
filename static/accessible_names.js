// Streamlit's own English, fixed in its frontend, in the page's language: the accessible names
// (aria-label, title) of its heading anchors, help icons, select boxes, number inputs and
// sidebar, and the "skip to content" link's words. The page sends the words (ui/components/
// accessible_names.py); this module rewrites them after each render, and again whenever
// Streamlit draws them anew (a MutationObserver, one for the page load).
const ATTRS = ["aria-label", "title"];
// where Streamlit writes visible English: the "skip to content" link
const WORDED = '[data-testid="stSkipToContent"]';
let words = null; // {names, texts, help, help_alone}; empty maps in English
let observer = null;
let pending = false;

function own(map, key) {
  return map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : null;
}

function label(value) {
  const named = own(words.names, value);
  if (named !== null) return named;
  if (value === "Help") return words.help_alone || null;
  if (value.startsWith("Help for ") && words.help) {
    return words.help.replace("{label}", value.slice("Help for ".length));
  }
  return null;
}

function text(value) {
  const t = value.trim();
  return own(words.texts, t);
}

function fixElement(el) {
  for (const a of ATTRS) {
    const v = el.getAttribute(a);
    if (!v) continue;
    const t = label(v);
    if (t !== null && t !== v) el.setAttribute(a, t);
  }
}

function fixTexts(zone) {
  const walker = document.createTreeWalker(zone, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = text(n.nodeValue || "");
    if (t !== null && t !== n.nodeValue) n.nodeValue = t;
  }
}

export function fixAll(root) {
  if (!words || !root) return;
  root.querySelectorAll("[aria-label],[title]").forEach(fixElement);
  root.querySelectorAll(WORDED).forEach(fixTexts);
}

function schedule() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    fixAll(document.body);
  });
}

export default function (component, data) {
  words = data || null;
  fixAll(document.body);
  if (!observer) {
    observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      subtree: true, childList: true, characterData: true,
      attributes: true, attributeFilter: ATTRS,
    });
  }
}
