// The round summaries of a table: a scene's `summary` (docs/scenes.md) drawn as a table of
// figures, a row per seat. A summary the page has not shown yet opens by itself when it arrives
// during play (a round just ended); it closes with its button, and stays reachable after (the
// "Round summary" button), with every earlier round this page has seen.
// It reads nothing but the scenes it is given, so it can never show more than a scene does.

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/**
 * The summaries' place on the table page: `node` to mount once, `update(scene)` after every
 * scene drawn. The first scene a page draws opens no summary (a reload, a late arrival): its
 * summary is only reachable from the button.
 */
export function summaries() {
  const seen = new Map(); // id -> summary, in the order they came
  let shown = null; // the id of the summary open, or null
  let drawnOnce = false;
  let arriving = false; // the summary shown next has just arrived
  const box = el("section", { class: "t-summary", id: "summary", "aria-label": "Round summary", hidden: "" });
  const opener = el("button", { type: "button", class: "summary-open", id: "summary-open", hidden: "" });
  opener.addEventListener("click", () => { shown = [...seen.keys()].pop() ?? null; draw(); box.focus(); });
  box.tabIndex = -1;
  const node = el("div", { class: "t-summaries" }, opener, box);

  function draw() {
    box.replaceChildren();
    const summary = shown === null ? null : seen.get(shown);
    box.hidden = !summary;
    const last = [...seen.values()].pop();
    opener.hidden = Boolean(summary) || !last;
    if (last) opener.textContent = `Show the summary: ${last.title}`;
    if (!summary) return;
    // The arrival's motion (summary.css: only without reduced motion), once per arrival; a
    // redraw of the same summary (the next move, a presence change) leaves it as it is.
    if (arriving) {
      box.classList.remove("arrived");
      void box.offsetWidth; // a new arrival while one is shown plays the motion again
      box.classList.add("arrived");
      arriving = false;
    }
    const head = el("header", {}, el("h2", { text: summary.title }),
      el("button", { type: "button", class: "summary-close", text: "Close", "aria-label": `Close the summary of ${summary.title}`,
        onclick: () => { shown = null; box.classList.remove("arrived"); draw(); } }));
    box.append(head);
    if (summary.note) box.append(el("p", { class: "summary-note", text: summary.note }));
    box.append(figures(summary));
    if (seen.size > 1) {
      const others = el("nav", { class: "summary-rounds", "aria-label": "Earlier summaries" });
      for (const [id, one] of seen) {
        const button = el("button", { type: "button", text: one.title, onclick: () => { shown = id; draw(); } });
        if (id === shown) button.setAttribute("aria-current", "true");
        others.append(button);
      }
      box.append(others);
    }
  }

  function update(scene) {
    const summary = scene.summary ?? null;
    if (summary) {
      const known = seen.has(summary.id);
      seen.set(summary.id, summary); // a summary may grow (Stop's share-out): keep the newest
      if (!known && drawnOnce) { shown = summary.id; arriving = true; }
    }
    drawnOnce = true;
    draw();
  }

  return { node, update };
}

/** A summary's figures: a head row with the columns, then a row per seat. */
function figures(summary) {
  const table = el("table", { class: "summary-table" });
  table.append(el("caption", { class: "visually-hidden", text: summary.title }));
  const head = el("tr", {}, el("th", { scope: "col", text: "Player" }));
  for (const column of summary.columns) head.append(el("th", { scope: "col", text: column }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const row of summary.rows) {
    const line = el("tr", { "data-seat": String(row.seat) }, el("th", { scope: "row", text: row.name }));
    for (const cell of row.cells) line.append(el("td", { text: cell }));
    body.append(line);
  }
  table.append(body);
  return table;
}
