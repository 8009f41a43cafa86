// A small JSON file read in the browser (ui/components/json_file.py): the app's own button,
// label, hint and size limit, in the page's language, instead of Streamlit's uploader (whose
// words are English). Served from the app's static folder and fetched once a page load; the
// component's own script is a loader that calls this module with its arguments and its data.
//
// data: {name, label, button, hint, limit, chosen}. A chosen file goes to Python as the
// trigger "file": {name, size, text} when it is UTF-8 text of at most `limit` bytes,
// {name, size, problem: "too_big"} when it is bigger (never read), {name, size,
// problem: "not_text"} when it is not UTF-8. Python says what is wrong, in the app's words.

export default function (component, data) {
  const { parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector(".pq-file");
  if (!root || !data) {
    return undefined;
  }
  const label = root.querySelector(".pq-file-label");
  const button = root.querySelector("button");
  const hint = root.querySelector(".pq-file-hint");
  const input = root.querySelector("input[type='file']");
  const status = root.querySelector("[role='status']");
  const id = "pq-file-" + String(data.name || "x").replace(/[^A-Za-z0-9_-]/g, "_");
  label.id = id + "-label";
  hint.id = id + "-hint";
  label.textContent = data.label || "";
  button.textContent = data.button || "";
  hint.textContent = data.hint || "";
  root.setAttribute("aria-labelledby", label.id);
  button.setAttribute("aria-describedby", label.id + " " + hint.id);
  input.setAttribute("aria-labelledby", label.id);
  root.__pq = { data, setTriggerValue };
  if (root.__pqBound) {
    return undefined;
  }
  root.__pqBound = true;
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    input.value = ""; // the same file chosen again is read again
    if (!file) {
      return;
    }
    const { data: now, setTriggerValue: send } = root.__pq;
    const base = { name: file.name, size: file.size };
    status.textContent = (now.chosen || "").replace("{name}", file.name);
    if (file.size > now.limit) {
      send("file", { ...base, problem: "too_big" });
      return;
    }
        file.arrayBuffer().then((bytes) => {
      let text;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch (e) {
        send("file", { ...base, problem: "not_text" });
        return;
      }
      send("file", { ...base, text });
    }, () => send("file", { ...base, problem: "not_text" }));
  });
  return undefined;
}
