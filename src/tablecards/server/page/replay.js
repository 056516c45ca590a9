// Stepping through a finished match, move by move: /replay/{match}#move=12.
// What is shown is what a spectator saw after each move (GET /matches/{match}/moves/{move}),
// drawn by the live table's renderer; no websocket, so no presence, chat or sound.

import { clear, el, historyItem, renderScene, sentence, tableSkeleton } from "./app.js";

const where = document.getElementById("where");

/** The replay page of `matchId` in `main`. */
export async function replay(matchId, main) {
  clear(main);
  const response = await fetch(`/matches/${matchId}`);
  if (!response.ok) { notHere(main, "No such match", "This server has no match at this address."); return; }
  const summary = await response.json();
  if (!summary.over) {
    notHere(main, "This match is still being played", "It can be stepped through once it is over.",
      el("a", { href: `/play/${matchId}`, text: "Watch it" }));
    return;
  }
  where.textContent = `${summary.title} — looking back`;
  document.title = `${summary.title}, looked back — tablecards`;
  main.classList.add("playing", "replaying");
  const parts = tableSkeleton(main);
  const bar = controls(summary.moves);
  parts.notice.append(bar.box);
  parts.side.querySelector("h2").textContent = "What happened up to this move";
  main.append(el("p", { class: "replay-links", id: "replay-links" },
    el("a", { href: `/play/${matchId}`, text: "The final table, standings and chat" }), " · ",
    el("a", { href: "/", text: "Back to the lobby" })));

  const st = {
    shown: null, // the move drawn
    want: null, // the move asked for last
    busy: false,
    seen: null, // the cards drawn at the move before: what is new is marked
    items: new Map(), // the log's entries drawn, by move
    have: -1, // the log is known from move 0 to this one
  };

  async function pump() {
    if (st.busy) return;
    st.busy = true;
    try {
      // One request at a time, the latest wanted: a held key never floods the server.
      while (st.want !== st.shown) {
        const move = st.want;
        const since = move > st.have ? st.have + 1 : move;
        const answer = await fetch(`/matches/${matchId}/moves/${move}?since=${since}`);
        const frame = await answer.json();
        if (!answer.ok) { parts.alert.textContent = sentence(`${frame.error}.`); break; }
        show(frame);
      }
    } finally {
      st.busy = false;
    }
  }

  function show(frame) {
    parts.alert.textContent = "";
    const back = st.shown !== null && frame.move < st.shown;
    st.seen = renderScene(parts, frame.scene, {
      seen: back ? null : st.seen, path: [], clock: null, result: frame.result,
      open: () => {}, back: () => {}, play: () => {},
    });
    st.shown = frame.move;
    main.dataset.moves = String(frame.move); // for tests and tools: the move drawn
    drawLog(frame);
    bar.show(frame);
    history.replaceState(null, "", `#move=${frame.move}`);
  }

  // The log up to the move shown, newest first: later moves leave it when stepping back.
  function drawLog(frame) {
    for (const [move, item] of st.items) {
      if (move > frame.move) { item.remove(); st.items.delete(move); }
    }
    for (const entry of frame.history) {
      const item = historyItem(entry);
      const old = st.items.get(entry.move);
      if (old) old.replaceWith(item);
      else parts.log.prepend(item);
      st.items.set(entry.move, item);
    }
    st.have = frame.move;
  }

  function go(move) {
    st.want = Math.max(0, Math.min(summary.moves, move));
    pump();
  }
  bar.on(go, () => st.want ?? 0);

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
      || target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = st.want ?? 0;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: summary.moves,
      PageUp: at - 10, PageDown: at + 10 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
  const asked = Number(new URLSearchParams(location.hash.slice(1)).get("move"));
  go(Number.isInteger(asked) ? asked : 0);
}

// First, back, forward, last, a slider over every move, and the move in words.
function controls(moves) {
  const said = el("p", { class: "replay-move", id: "replay-move", "aria-live": "polite" });
  const then = el("ul", { class: "replay-then", id: "replay-then" });
  // The arrows are drawn, not read: a reader hears "First", "Back", ...
  const button = (id, before, text, after, keys, hint) => el("button", { type: "button", id,
    class: "step", "aria-keyshortcuts": keys, title: hint },
  before ? el("span", { "aria-hidden": "true", text: `${before} ` }) : null, text,
  after ? el("span", { "aria-hidden": "true", text: ` ${after}` }) : null);
  const first = button("replay-first", "«", "First", "", "Home", "The start of the match (Home)");
  const back = button("replay-back", "‹", "Back", "", "ArrowLeft", "One move back (←)");
  const forward = button("replay-forward", "", "Forward", "›", "ArrowRight", "One move forward (→)");
  const last = button("replay-last", "", "Last", "»", "End", "The last move (End)");
  const slider = el("input", { type: "range", id: "replay-slider", min: "0", max: String(moves),
    value: "0", "aria-label": "Move" });
  const box = el("section", { class: "replay", id: "replay", "aria-label": "Step through the match" },
    said, el("div", { class: "steps", role: "group", "aria-label": "Steps" }, first, back, forward, last, slider),
    then, el("p", { class: "count replay-keys", text: "Keys: ← and → step, Page Up and Page Down ten moves, Home and End." }));
  return {
    box,
    on(go, at) {
      first.addEventListener("click", () => go(0));
      back.addEventListener("click", () => go(at() - 1));
      forward.addEventListener("click", () => go(at() + 1));
      last.addEventListener("click", () => go(moves));
      slider.addEventListener("input", () => go(Number(slider.value)));
    },
    show(frame) {
      const entry = frame.history.find((e) => e.move === frame.move);
      const what = entry ? entry.text : "";
      said.textContent = frame.move === 0
        ? `The start, before move 1 of ${frame.moves}: ${what.charAt(0).toLowerCase()}${what.slice(1)}`
        : `Move ${frame.move} of ${frame.moves}: ${what}`;
      clear(then);
      for (const line of entry?.then ?? []) then.append(el("li", { text: line }));
      slider.value = String(frame.move);
      slider.setAttribute("aria-valuetext", `Move ${frame.move} of ${frame.moves}`);
      first.disabled = back.disabled = frame.move === 0;
      forward.disabled = last.disabled = frame.move === frame.moves;
    },
  };
}

function notHere(main, title, text, ...more) {
  where.textContent = title;
  document.title = `${title} — tablecards`;
  main.append(el("h1", { id: "no-replay", text: title }), el("p", { text }),
    ...more.map((link) => el("p", {}, link)),
    el("p", {}, el("a", { href: "/", text: "Back to the lobby" })));
}
