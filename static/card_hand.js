// The card hand (ui/components/card_hand.py): a keyboard-operable row or fan of SVG cards.
// Served from the app's static folder (/app/static/card_hand.js) and fetched once a page
// load: the component's own script is a loader that imports this module and calls its default
// export with the component's arguments and its data, already read.
//
// Python sends `data` as the bytes of a JSON text (read by pqData, ui/components/payload.py):
// {cards: [{code, svg?, label, label_on?, disabled}], svg_head (the opening <svg> tag each
// card's svg follows, sent once; "" when each svg is whole), svg_card (a card's svg, "{code}"
// where its code goes, for a card sent without one), label_on (a chosen card's name, "{card}"
// where its label goes, for a card sent without one), selected: [codes],
// mode: "toggle"|"play", max: int|null, label, hint, full, face_down, seq, name}. A tap (click,
// touch, Space or Enter on the focused card) sends ONE trigger, "tap":
// {card: code, selected: [codes after the tap], seq}. Python applies it in its callback and
// echoes `seq` back, so a rerun that answers an older tap never undoes a newer one.
//
// State kept between calls lives on the root element (`root.__pq`): the buttons, the
// selection shown, the focused card and the latest Streamlit arguments.

const MIN_TARGET = 44; // px: the visible width of each card, its tap target
const GAP = 4;
const ASPECT = 1.4;

function layout(st) {
  const { root, hand, buttons } = st;
  const n = buttons.length;
  const width = Math.max(hand.clientWidth || root.clientWidth || 320, 120);
  const screen = window.innerWidth || width;
  // The widest card we want: bigger on wide screens (a projector), never under 64 px.
  const wmax = Math.min(150, Math.max(64, width / 7, screen / 13));
  // The fewest rows in which the widest card shows enough of itself (its index corner and
  // at least MIN_TARGET px to tap); only if no row count does, smaller cards.
  let best = null;
  const fixed = Number(st.data.rows) || 0; // Python's `rows=`: exactly that many rows
  if (fixed > 0) {
    const per = Math.ceil(n / fixed);
    const fit = (width - GAP * (per - 1)) / per;
    const w = fit >= 64 ? Math.min(fit, wmax) : Math.min(wmax, width - MIN_TARGET * (per - 1));
    if (w >= MIN_TARGET + 4) {
      const step = fit >= 64 ? w + GAP : (per > 1 ? (width - w) / (per - 1) : 0);
      best = { rows: Math.ceil(n / per), per, w, step };
    }
  }
  for (let rows = 1; rows <= n && best === null; rows += 1) {
    const per = Math.ceil(n / rows);
    const fit = (width - GAP * (per - 1)) / per;
    const step = per > 1 ? (width - wmax) / (per - 1) : 0;
    if (fit >= wmax) {
      best = { rows, per, w: wmax, step: wmax + GAP };
    } else if (step >= Math.max(MIN_TARGET, wmax * 0.45)) {
      best = { rows, per, w: wmax, step };
    }
  }
  for (let rows = 1; rows <= n && best === null; rows += 1) {
    const per = Math.ceil(n / rows);
    const w = Math.min(wmax, width - MIN_TARGET * (per - 1));
    if (w >= MIN_TARGET + 4) {
      best = { rows, per, w, step: per > 1 ? (width - w) / (per - 1) : 0 };
    }
  }
  if (best === null) {
    best = { rows: Math.max(n, 1), per: 1, w: Math.min(wmax, width), step: 0 };
  }
  const h = best.w * ASPECT;
  const lift = Math.round(h * 0.12);
  const rowGap = 8;
  buttons.forEach((button, i) => {
    const row = Math.floor(i / best.per);
    const col = i % best.per;
    button.style.width = `${best.w}px`;
    button.style.height = `${h}px`;
    button.style.left = `${col * best.step}px`;
    button.style.top = `${lift + row * (h + lift + rowGap)}px`;
    button.style.setProperty("--pq-lift", `${-lift}px`);
  });
  hand.style.height = `${lift + best.rows * (h + lift + rowGap) - rowGap}px`;
  hand.dataset.rows = String(best.rows);
}

function showSelection(st) {
  const toggle = st.data.mode !== "play";
  st.buttons.forEach((button, i) => {
    const card = st.data.cards[i];
    const on = st.selected.has(card.code);
    if (toggle && !st.data.face_down) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
    } else {
      button.removeAttribute("aria-pressed");
    }
    button.classList.toggle("pq-on", on);
    button.setAttribute("aria-label", on ? card.label_on : card.label);
    button.tabIndex = i === st.focus ? 0 : -1;
  });
}

function announce(st, text) {
  st.status.textContent = "";
  // A fresh text node each time so that the same message is read again.
  window.setTimeout(() => { st.status.textContent = text; }, 30);
}

function ordered(st) {
  return st.data.cards.map((c) => c.code).filter((code) => st.selected.has(code));
}

function activate(st, i) {
  const card = st.data.cards[i];
  if (!card || card.disabled || st.data.face_down) {
    return;
  }
  st.focus = i;
  if (st.data.mode !== "play") {
    if (st.selected.has(card.code)) {
      st.selected.delete(card.code);
    } else if (st.data.max !== null && st.data.max !== undefined
               && st.selected.size >= st.data.max) {
      announce(st, st.data.full || "");
      showSelection(st);
      return;
    } else {
      st.selected.add(card.code);
    }
  }
  showSelection(st);
  st.seq = Math.max(Date.now(), (st.seq || 0) + 1);
  st.setTriggerValue("tap", { card: card.code, selected: ordered(st), seq: st.seq });
}

function moveFocus(st, to) {
  const n = st.buttons.length;
  if (n === 0) {
    return;
  }
  st.focus = ((to % n) + n) % n;
  showSelection(st);
  st.buttons[st.focus].focus();
}

function onKey(st, event) {
  const i = st.buttons.indexOf(event.target.closest("button"));
  if (i < 0) {
    return;
  }
  const moves = {
    ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1,
    Home: 0, End: st.buttons.length - 1,
  };
  if (event.key in moves) {
    event.preventDefault();
    moveFocus(st, moves[event.key]);
  }
}

// The card of each hand (by its name, st.key) that the learner last used, and when. If
// Streamlit mounts a hand afresh (a new root) just after, while nothing else has the focus,
// the new hand gives it back to that card: a tap never drops the keyboard's place.
const FOCUS_KEPT_MS = 10000;

function focusMemo() {
  if (!window.__pqHandFocus) {
    window.__pqHandFocus = new Map();
  }
  return window.__pqHandFocus;
}

// A pointer pressed anywhere outside every hand: the learner moved on, nothing to give back.
function forgetOnPointer() {
  if (window.__pqHandPointer) {
    return;
  }
  window.__pqHandPointer = true;
  document.addEventListener("pointerdown", (event) => {
    const inHand = event.composedPath().some((e) => e.classList
      && e.classList.contains("pq-hand-root"));
    if (!inHand) {
      focusMemo().clear();
    }
  }, true);
}

function remember(st, event) {
  const button = event.target.closest("button");
  if (button && st.buttons.includes(button)) {
    focusMemo().set(st.key, { code: button.dataset.code, at: Date.now() });
  }
}

function lostFocus(st) {
  const memo = focusMemo().get(st.key);
  if (!memo || Date.now() - memo.at > FOCUS_KEPT_MS) {
    return null;
  }
  const active = document.activeElement;
  if (!active || active === document.body) {
    return memo.code;
  }
  // The old mount of this same hand may hold the focus still, about to be taken away (which
  // of the two goes first is the browser's timing): the focus moves to the new one.
  const box = active.closest ? active.closest("[class*='st-key-']") : null;
  const old = box && box.classList.contains(st.key) && !st.root.contains(active)
    && active.shadowRoot && !active.shadowRoot.contains(st.root);
  return old ? memo.code : null;
}

// The focus fell to nobody (the page's body) while the learner's last card in this hand is
// still remembered: a rerun redrew or moved the hand under it. Give it back, now and once the
// redraw has settled (the old mount may lose the focus after this one is drawn).
function restoreFocus(st) {
  const give = () => {
    const memo = focusMemo().get(st.key);
    const active = document.activeElement;
    if (!memo || Date.now() - memo.at > FOCUS_KEPT_MS || !st.root.isConnected
        || (active && active !== document.body)) {
      return;
    }
    const button = st.buttons.find((b) => b.dataset.code === memo.code);
    if (button) {
      st.focus = st.buttons.indexOf(button);
      showSelection(st);
      button.focus({ preventScroll: true }); // given back, not a move: the view stays
    }
  };
  give();
  window.setTimeout(give, 60);
  window.setTimeout(give, 400);
}

function build(st) {
  const { hand, data } = st;
  const lost = st.built ? null : lostFocus(st);
  st.built = true;
  const hadFocus = lost !== null
    || st.buttons.some((b) => b === st.root.getRootNode().activeElement);
  const focusCode = st.buttons[st.focus] ? st.buttons[st.focus].dataset.code : lost;
  hand.replaceChildren();
  st.buttons = data.cards.map((card, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pq-hand-card";
    button.dataset.code = card.code;
    button.dataset.index = String(i);
    if (card.disabled || data.face_down) {
      button.setAttribute("aria-disabled", "true");
    }
    // The SVG is a picture inside a named button: hide it from assistive technology.
    button.innerHTML = card.svg;
    const svg = button.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      svg.removeAttribute("role");
      svg.querySelectorAll("title").forEach((t) => t.remove());
    }
    hand.appendChild(button);
    return button;
  });
  const keep = st.data.cards.findIndex((c) => c.code === focusCode);
  st.focus = keep >= 0 ? keep : 0;
  layout(st);
  showSelection(st);
  if (hadFocus && st.buttons[st.focus]) {
    st.buttons[st.focus].focus({ preventScroll: true }); // kept, not moved: the view stays
  }
}

// What Python sends once a hand put back into each card (ui/components/card_hand.py,
// _cards_json): its picture whole (svg_head, then its svg or else svg_card with its code put
// in, then </svg>) and its name when chosen (its label_on, else label_on with its label in).
function whole(data) {
  if (data.pqWhole) {
    return;
  }
  data.pqWhole = true;
  for (const card of data.cards) {
    const body = card.svg ?? (data.svg_card || "").replaceAll("{code}", () => card.code);
    card.svg = data.svg_head ? `${data.svg_head}${body}</svg>` : body;
    card.label_on ??= (data.label_on || "{card}").replaceAll("{card}", () => card.label);
  }
}

function signature(data) {
  return JSON.stringify([data.mode, data.face_down,
    data.cards.map((c) => [c.code, c.svg.length, c.label, c.disabled])]);
}

export default function (component, data) {
  const { parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector(".pq-hand-root");
  if (!root || !data) {
    return undefined;
  }
  let st = root.__pq;
  if (!st) {
    st = {
      root,
      hand: root.querySelector(".pq-hand"),
      hint: root.querySelector(".pq-hint"),
      status: root.querySelector(".pq-status"),
      buttons: [],
      focus: 0,
      seq: 0,
      selected: new Set(),
      sig: null,
      built: false,
      // the hand's name across mounts: its Python key (data.name), not the component's
      // frontend key, new at each mount
      key: `st-key-${data.name}`,
    };
    root.__pq = st;
    forgetOnPointer();
    st.onClick = (event) => {
      const button = event.target.closest("button");
      if (button && st.buttons.includes(button)) {
        remember(st, event);
        activate(st, st.buttons.indexOf(button));
      }
    };
    st.onKey = (event) => { remember(st, event); onKey(st, event); };
    st.onFocusIn = (event) => remember(st, event);
    st.onFocusOut = (event) => {
      if (event.relatedTarget && !st.buttons.includes(event.relatedTarget)) {
        focusMemo().delete(st.key); // the learner moved on
      }
    };
    st.onResize = () => layout(st);
    st.hand.addEventListener("click", st.onClick);
    st.hand.addEventListener("keydown", st.onKey);
    st.hand.addEventListener("focusin", st.onFocusIn);
    st.hand.addEventListener("focusout", st.onFocusOut);
    st.observer = new ResizeObserver(st.onResize);
    st.observer.observe(root);
    window.addEventListener("resize", st.onResize);
  }
  st.setTriggerValue = setTriggerValue;
  whole(data);
  st.data = data;
  st.hand.setAttribute("aria-label", data.label || "");
  st.hint.textContent = data.hint || "";
  st.root.classList.toggle("pq-play", data.mode === "play");
  // A rerun that answers an older tap keeps what the learner has tapped since.
  if (!(data.seq < st.seq)) {
    st.selected = new Set(data.selected || []);
  }
  const sig = signature(data);
  if (sig !== st.sig) {
    st.sig = sig;
    build(st);
  } else {
    showSelection(st);
  }
  restoreFocus(st);
  return () => {
    if (root.__pq === st) {
      st.observer.disconnect();
      window.removeEventListener("resize", st.onResize);
      st.hand.removeEventListener("click", st.onClick);
      st.hand.removeEventListener("keydown", st.onKey);
      st.hand.removeEventListener("focusin", st.onFocusIn);
      st.hand.removeEventListener("focusout", st.onFocusOut);
      delete root.__pq;
    }
  };
}
