// The tablecards page: a lobby, and a table that draws any game's scene.
// Every text from the server or a player is set as textContent: never parsed as markup.
// One ES module, no build step. Sections: helpers, lobby, table (connection), table (renderer).

const main = document.getElementById("main");
const where = document.getElementById("where");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

// ---------------------------------------------------------------- lobby

async function lobby() {
  where.textContent = "Lobby";
  const [games, matches] = await Promise.all([
    fetch("/api/games").then((r) => r.json()),
    fetch("/matches").then((r) => r.json()),
  ]);
  clear(main);
  const form = createForm(games);
  const open = el("ul", { id: "matches" });
  for (const m of matches.filter((m) => !m.over)) {
    const names = m.seats.map((s) => s.name).join(", ");
    open.append(
      el("li", {}, el("a", { href: `/play/${m.id}`, text: `${m.title}: ${names}` }),
        el("span", { class: "count", text: ` (move ${m.moves})` })),
    );
  }
  if (!open.firstChild) open.append(el("li", { text: "No match is being played." }));
  main.append(
    el("section", {}, el("h1", { text: "New match" }), form),
    el("section", {}, el("h2", { text: "Matches being played (watch)" }), open),
  );
}

function createForm(games) {
  const game = el("select", { id: "game", name: "game" });
  for (const g of games) game.append(el("option", { value: g.name, text: g.title }));
  const players = el("select", { id: "players", name: "players" });
  const seats = el("div", { id: "seats" });
  const options = el("div", { id: "options" });
  const result = el("div", { id: "created", "aria-live": "polite" });
  const info = () => games.find((g) => g.name === game.value);

  function drawSeats() {
    const g = info();
    const n = Number(players.value) || g.default_players;
    const old = [...seats.querySelectorAll(".seatrow")].map((row) => ({
      kind: row.querySelector("select").value, name: row.querySelector("input").value,
    }));
    clear(seats);
    for (let i = 0; i < n; i++) {
      const kind = el("select", { id: `kind${i}`, "aria-label": `Seat ${i + 1} is played by` },
        el("option", { value: "", text: "a person" }));
      for (const b of g.bots) kind.append(el("option", { value: b, text: `bot: ${b}` }));
      const name = el("input", { id: `name${i}`, "aria-label": `Seat ${i + 1} name`, maxlength: "40",
        value: old[i] ? old[i].name : `Player ${i + 1}` });
      if (old[i] && [...kind.options].some((o) => o.value === old[i].kind)) kind.value = old[i].kind;
      seats.append(el("div", { class: "seatrow" }, el("span", { text: `Seat ${i + 1}` }), kind, name));
    }
  }
  // One input per option, typed by its default; a left-alone option keeps the game's default.
  function drawOptions() {
    clear(options);
    for (const [key, value] of Object.entries(info().options)) {
      const input = typeof value === "boolean"
        ? el("input", { type: "checkbox", "data-option": key, "data-kind": "bool" })
        : el("input", { type: typeof value === "string" ? "text" : "number", min: "0",
          "data-option": key, "data-kind": typeof value === "string" ? "text" : "number",
          placeholder: value === null ? "default" : String(value) });
      if (typeof value === "boolean") input.checked = value;
      options.append(el("label", {}, `${key.replaceAll("_", " ")} `, input));
    }
  }
  function chosenOptions() {
    const chosen = {};
    for (const input of options.querySelectorAll("input")) {
      const key = input.dataset.option;
      if (input.dataset.kind === "bool") chosen[key] = input.checked;
      else if (input.value !== "") chosen[key] = input.dataset.kind === "number" ? Number(input.value) : input.value;
    }
    return chosen;
  }

  function drawCounts() {
    const g = info();
    clear(players);
    for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: String(n), text: String(n) }));
    players.value = String(g.default_players);
  }
  game.addEventListener("change", () => { drawCounts(); drawOptions(); drawSeats(); });
  players.addEventListener("change", drawSeats);
  if (games.length) { drawCounts(); drawOptions(); }

  const submit = el("button", { type: "submit", id: "create", text: "Create match" });
  const form = el("form", {},
    el("label", {}, "Game ", game), el("label", {}, "Players ", players),
    el("fieldset", {}, el("legend", { text: "Options" }), options),
    el("fieldset", {}, el("legend", { text: "Seats" }), seats), submit, result);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    const body = {
      game: game.value, players: Number(players.value), options: chosenOptions(),
      seats: [...seats.querySelectorAll(".seatrow")].map((row) => {
        const kind = row.querySelector("select").value;
        const name = row.querySelector("input").value;
        return kind ? { bot: kind, name } : { name };
      }),
    };
    const response = await fetch("/matches", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await response.json();
    submit.disabled = false;
    clear(result);
    if (!response.ok) { result.append(el("p", { class: "alert", role: "alert", text: data.error })); return; }
    const list = el("ul", { class: "invites" });
    for (const inv of data.invites) {
      const url = new URL(inv.url, location.href).href;
      list.append(el("li", {}, el("span", { text: `${inv.name}: ` }),
        el("a", { href: url, class: "invite", "data-seat": String(inv.seat), text: url })));
    }
    const watch = new URL(data.watch, location.href).href;
    result.append(el("p", { text: "Send each person their own link (it is their seat's key):" }), list,
      el("p", {}, el("span", { text: "Anyone may watch: " }), el("a", { href: watch, id: "watch", text: watch })));
  });
  drawSeats();
  return form;
}

// ================================================================ table: the connection
// table() owns the websocket and what the page remembers between messages; it hands each
// scene to the renderer below (renderScene), which only draws.

/** Handlers for further server message types (e.g. chat), by type: `(msg, page) => void`. */
export const messageHandlers = {};

function table(matchId) {
  const token = new URLSearchParams(location.hash.slice(1)).get("seat");
  const st = {
    welcome: null, state: null, moves: null, socket: null, retry: 500,
    seen: null, // the cards of the last scene drawn: what is new in the next one
    path: [], // the two-step choices opened so far ("purple 4" then "to whom")
    clock: null, // {deadline (performance.now ms), kind, waiting_for}
    timer: null,
  };
  clear(main);
  main.classList.add("playing");
  const parts = tableSkeleton(main);
  const log = historyLog(parts.log);
  const page = { matchId, parts, st, send: (message) => st.socket?.send(JSON.stringify(message)) };

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/matches/${matchId}/ws`);
    st.socket = socket;
    socket.addEventListener("open", () => {
      st.retry = 500;
      const hello = token ? { type: "hello", token } : { type: "hello", spectate: true };
      if (st.moves !== null) hello.since = st.moves;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (event.code === 4401) { parts.status.textContent = "This link does not open a seat of this match."; return; }
      parts.status.textContent = "Connection lost, reconnecting…";
      setTimeout(connect, st.retry);
      st.retry = Math.min(st.retry * 2, 8000);
    });
  }

  function receive(msg) {
    if (msg.type === "welcome") {
      st.welcome = msg;
      where.textContent = `${msg.game.title} — ${msg.seat === null ? "watching" : `you are ${msg.names[msg.seat]}`}`;
    } else if (msg.type === "state") {
      if (msg.moves !== st.moves) st.path = [];
      st.state = msg;
      st.moves = msg.moves;
      main.dataset.moves = String(msg.moves); // for tests and tools: the screen's move number
      parts.alert.textContent = "";
      st.clock = msg.clock
        ? { deadline: performance.now() + msg.clock.seconds * 1000, kind: msg.clock.kind, waiting_for: msg.clock.waiting_for }
        : null;
      log.add(msg.history);
      draw();
    } else if (msg.type === "error") {
      parts.alert.textContent = sentence(msg.rule ? `${msg.reason} [${msg.rule}]` : msg.reason);
      for (const b of parts.actions.querySelectorAll("button")) b.disabled = false;
    } else if (messageHandlers[msg.type]) {
      messageHandlers[msg.type](msg, page);
    }
  }

  function draw() {
    const s = st.state;
    const active = document.activeElement;
    const keepFocus = !active || active === document.body || parts.actions.contains(active);
    st.seen = renderScene(parts, s.scene, {
      seen: st.seen, path: st.path, clock: st.clock, over: s.result !== null,
      open: (choice) => { st.path = [...st.path, choice]; draw(); },
      back: () => { st.path = st.path.slice(0, -1); draw(); },
      play: (act, button) => play(act, s.moves, button),
    });
    tick();
    if (keepFocus) {
      const first = parts.actions.querySelector("button:not([disabled])");
      (first ?? parts.actions).focus({ preventScroll: true });
    }
  }

  // The countdown is computed from a local deadline set when the state arrived.
  function tick() {
    clearTimeout(st.timer);
    parts.clock.textContent = clockText(st.clock, st.welcome, st.state?.result);
    if (st.clock && parts.clock.textContent) st.timer = setTimeout(tick, 250);
  }

  // The click carries the screen it was made on: a late one fails as "stale" or "too late".
  function play(act, after, button) {
    for (const b of parts.actions.querySelectorAll("button")) b.disabled = true;
    button.setAttribute("aria-pressed", "true");
    page.send({ type: "act", act, after });
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
      || target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape" && st.path.length) { st.path = st.path.slice(0, -1); draw(); return; }
    if (!/^[1-9]$/.test(event.key)) return;
    const button = parts.actions.querySelector(`button[data-key="${event.key}"]`);
    if (button && !button.disabled) { event.preventDefault(); button.click(); }
  });
  connect();
  return page;
}

function clockText(clock, welcome, result) {
  if (!clock || result) return "";
  const left = Math.max(0, Math.ceil((clock.deadline - performance.now()) / 1000));
  const names = (clock.waiting_for ?? []).map((seat) =>
    seat === welcome?.seat ? "you" : welcome?.names[seat] ?? "a player");
  if (!names.length) return "";
  return `Waiting for ${listWords(names)} — ${left} s`;
}

function listWords(words) {
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// The log: one entry per move (the action, then its consequences), newest at the top; a
// reload receives the whole history again and draws the same lines.
function historyLog(list) {
  const items = new Map();
  return {
    add(entries) {
      // The moves that just arrived are marked, unless this is the whole story at once.
      const mark = items.size > 0 && (entries ?? []).length < 6;
      for (const old of list.querySelectorAll(".fresh")) old.classList.remove("fresh");
      for (const entry of entries ?? []) {
        const item = historyItem(entry);
        if (mark) item.classList.add("fresh");
        const old = items.get(entry.move);
        if (old) { old.replaceWith(item); items.set(entry.move, item); continue; }
        items.set(entry.move, item);
        const later = [...items.keys()].filter((m) => m > entry.move).sort((a, b) => a - b)[0];
        if (later === undefined) list.prepend(item);
        else items.get(later).after(item);
      }
      while (items.size > 400) {
        const oldest = Math.min(...items.keys());
        items.get(oldest).remove();
        items.delete(oldest);
      }
    },
  };
}

function historyItem(entry) {
  const item = el("li", { class: entry.move === 0 ? "move setup" : "move", "data-move": String(entry.move) },
    el("span", { class: "what", text: sentence(entry.text) }));
  if (entry.then?.length) {
    const then = el("ul", { class: "then" });
    for (const line of entry.then) then.append(el("li", { text: sentence(line) }));
    item.append(then);
  }
  return item;
}

// ================================================================ table: the renderer
// renderScene draws any game's scene (see the contract in docs/protocol.md) into the parts made
// by tableSkeleton. It reads nothing but its arguments and returns the cards it drew, so the next
// call can highlight what is new.

/** The fixed places of the table page; the renderer fills them, the log and the alert persist. */
export function tableSkeleton(root) {
  const part = (tag, attrs) => el(tag, attrs);
  const parts = {
    head: part("header", { class: "t-head" }),
    status: part("p", { class: "status", id: "status", "aria-live": "polite", text: "Connecting…" }),
    clock: part("p", { class: "clock", id: "clock", "aria-live": "off" }),
    alert: part("p", { class: "alert", id: "alert", role: "alert" }),
    result: part("section", { class: "t-result", id: "result", "aria-live": "polite", hidden: "" }),
    actions: part("section", { class: "t-actions", id: "actions", "aria-label": "Your decision", tabindex: "-1" }),
    me: part("section", { class: "t-me", id: "me" }),
    middle: part("section", { class: "t-middle", id: "middle", "aria-label": "The middle of the table" }),
    others: part("section", { class: "t-others", id: "others", "aria-label": "The other players" }),
    facts: part("section", { class: "t-facts", id: "facts" }),
    side: part("aside", { class: "t-side", id: "side" }),
    log: part("ol", { class: "log", id: "log", "aria-label": "What happened, newest first" }),
  };
  const state = el("div", { class: "t-state" }, parts.status, parts.clock, parts.alert, parts.result);
  parts.side.append(el("h2", { text: "What happened" }), parts.log);
  // The rail holds the decision and the log: beside the table on a wide screen, always in view;
  // on a narrow one it dissolves and the decision comes right after the status, the log last.
  const rail = el("div", { class: "t-rail" }, parts.actions, parts.side);
  root.append(parts.head, state, rail, parts.me, parts.middle, parts.others, parts.facts);
  return parts;
}

/**
 * Draw `scene` into `parts`. `ctx`: {seen: the Set returned by the previous call (or null),
 * path: opened two-step choices, clock, over, open(choice), back(), play(act, button)}.
 * Returns the Set of cards drawn ("zone#card").
 */
export function renderScene(parts, scene, ctx) {
  const drawn = new Set();
  const fresh = (zone, face) => {
    const key = `${zone}#${face.id}`;
    drawn.add(key);
    return ctx.seen !== null && ctx.seen !== undefined && !ctx.seen.has(key);
  };
  drawHeader(parts.head, scene);
  parts.status.textContent = scene.status;
  parts.status.classList.toggle("result", Boolean(ctx.over));
  drawResult(parts.result, scene, ctx.over);
  drawActions(parts.actions, scene, ctx);
  const [first, ...rest] = scene.seats;
  clear(parts.me);
  if (first) parts.me.append(drawPanel(first, fresh));
  parts.me.setAttribute("aria-label", first?.you ? "You" : first?.name ?? "");
  clear(parts.others);
  parts.others.classList.toggle("many", rest.length > 2);
  for (const panel of rest) parts.others.append(drawPanel(panel, fresh));
  clear(parts.middle);
  for (const group of scene.middle) parts.middle.append(drawGroup(group, fresh));
  drawFacts(parts.facts, scene);
  return drawn;
}

function drawHeader(head, scene) {
  clear(head);
  head.append(el("h1", { text: scene.title }));
  if (scene.lines.length) {
    const lines = el("ul", { class: "lines" });
    for (const line of scene.lines) lines.append(el("li", { text: line }));
    head.append(lines);
  }
}

function drawResult(box, scene, over) {
  clear(box);
  box.hidden = !over;
  if (!over) return;
  box.append(el("h2", { text: "The match is over" }));
  if (scene.scores.length) {
    const list = el("ol", { class: "scores" });
    for (const s of scene.scores) list.append(el("li", {}, el("span", { text: s.name }), el("strong", { text: s.score })));
    box.append(list);
  }
}

// -------------------------------------------------- the decision

function drawActions(box, scene, ctx) {
  clear(box);
  const groups = ctx.path.length ? [ctx.path[ctx.path.length - 1].then] : scene.actions;
  box.hidden = !groups.length;
  const count = groups.reduce((n, g) => n + g.choices.length, 0);
  // A one-tap reaction (Stop's call while the draw goes on): kept where the thumb is.
  const quick = count > 0 && count <= 2 && !ctx.path.length && ctx.clock?.kind === "reaction";
  box.classList.toggle("quick", quick);
  document.body.classList.toggle("has-quick", quick);
  if (!groups.length) return;
  if (scene.prompt) box.append(el("p", { class: "prompt", id: "prompt", text: scene.prompt }));
  if (ctx.path.length) {
    const chosen = ctx.path.map((c) => c.text).join(" → ");
    box.append(el("p", { class: "chosen" }, el("span", { text: `You chose ${chosen}.` }),
      el("button", { type: "button", class: "back", text: "Back", "aria-keyshortcuts": "Escape", onclick: ctx.back })));
  }
  let key = 0;
  for (const group of groups) {
    const row = el("div", { class: "choices", role: "group" });
    if (group.title) {
      const title = el("h3", { text: group.title });
      box.append(title);
      row.setAttribute("aria-label", group.title);
    }
    for (const choice of group.choices) {
      key += 1;
      const mark = key <= 9 ? String(key) : "";
      const button = el("button", { type: "button", class: choice.then ? "act more" : "act" },
        mark ? el("kbd", { text: mark }) : null, el("span", { class: "label", text: choice.text }));
      if (mark) { button.dataset.key = mark; button.setAttribute("aria-keyshortcuts", mark); }
      button.addEventListener("click", () => (choice.then ? ctx.open(choice) : ctx.play(choice.act, button)));
      row.append(button);
    }
    box.append(row);
  }
}

// -------------------------------------------------- seats and the middle

function drawPanel(panel, fresh) {
  const classes = ["panel"];
  if (panel.you) classes.push("you");
  if (panel.active) classes.push("active");
  const box = el("section", { class: classes.join(" "), "aria-label": panel.name, "data-seat": String(panel.seat) });
  if (panel.active) box.setAttribute("aria-current", "true");
  const head = el("header", { class: "who" }, el("h2", { class: "name", text: panel.name }));
  for (const badge of panel.badges) head.append(drawBadge(badge));
  box.append(head);
  if (panel.counters.length) box.append(drawCounters(panel.counters));
  const zones = el("div", { class: "zones" });
  for (const zone of panel.zones) zones.append(drawZone(zone, fresh));
  box.append(zones);
  return box;
}

function drawGroup(group, fresh) {
  const box = el("section", { class: "group", "data-group": group.id, "aria-label": group.title });
  const head = el("header", {}, el("h3", { text: group.title }));
  for (const badge of group.badges) head.append(drawBadge(badge));
  box.append(head);
  if (group.note) box.append(el("p", { class: "note", text: group.note }));
  const zones = el("div", { class: "zones" });
  for (const zone of group.zones) {
    const drawn = drawZone(zone, fresh);
    // A group of one zone of the same name says it once.
    if (group.zones.length === 1 && zone.title === group.title) drawn.querySelector(".ztitle").remove();
    zones.append(drawn);
  }
  box.append(zones);
  return box;
}

const TONES = new Set(["info", "good", "warn", "bad", "mark"]);

function drawBadge(badge) {
  return el("span", { class: `badge tone-${TONES.has(badge.tone) ? badge.tone : "info"}`, text: badge.text });
}

function drawCounters(counters) {
  const list = el("dl", { class: "counters" });
  for (const c of counters) list.append(el("div", {}, el("dt", { text: c.label }), el("dd", { text: c.value })));
  return list;
}

function drawFacts(box, scene) {
  clear(box);
  if (scene.facts.length) {
    const list = el("dl", { class: "facts" });
    for (const f of scene.facts) list.append(el("dt", { text: f.label }), el("dd", { text: f.text }));
    box.append(list);
  }
  box.hidden = !scene.facts.length;
}

// -------------------------------------------------- zones and cards

const STYLES = new Set(["hand", "row", "pile", "stack", "deck"]);

function drawZone(zone, fresh) {
  const style = STYLES.has(zone.style) ? zone.style : "row";
  const empty = zone.count === 0 && !zone.cards?.length;
  const box = el("div", { class: `zone z-${style}${empty ? " empty" : ""}`, "data-zone": zone.id });
  box.append(el("h4", { class: "ztitle", text: zone.title }));
  const cards = el("div", { class: "cards" });
  if (zone.cards === null) {
    // Face down: a few backs stand for the count, which is written out.
    const backs = style === "deck" || style === "pile" ? Math.min(zone.count, 1) : Math.min(zone.count, 5);
    for (let i = 0; i < backs; i++) cards.append(el("span", { class: "card back", "aria-hidden": "true" }));
    cards.append(el("span", { class: "count", text: cardCount(zone.count) }));
  } else if (style === "pile") {
    const top = zone.cards[zone.cards.length - 1];
    for (const face of zone.cards.slice(0, -1)) fresh(zone.id, face);
    if (top) cards.append(drawCard(top, fresh(zone.id, top)));
    if (zone.count !== 1) cards.append(el("span", { class: "count", text: cardCount(zone.count) }));
  } else {
    for (const face of zone.cards) cards.append(drawCard(face, fresh(zone.id, face)));
    if (!zone.cards.length) cards.append(el("span", { class: "count", text: "empty" }));
  }
  box.append(cards);
  if (zone.note) box.append(el("p", { class: "note", text: zone.note }));
  return box;
}

function cardCount(count) {
  if (count === 0) return "empty";
  return count === 1 ? "1 card" : `${count} cards`;
}

const COLOURS = new Set(["red", "orange", "yellow", "green", "blue", "purple", "black", "white", "grey", "brown", "pink"]);

function drawCard(face, isNew) {
  const colour = COLOURS.has(face.colour) ? face.colour : "plain";
  const kind = typeof face.kind === "string" && /^[a-z][a-z0-9-]*$/.test(face.kind) ? ` k-${face.kind}` : "";
  // A rank in words ("Priest", a colour's name) is set smaller than a number.
  const rank = [...face.rank].length > 3 ? "rank word" : "rank";
  const card = el("span", { class: `card c-${colour}${kind}${isNew ? " new" : ""}`, role: "img",
    "aria-label": face.label, title: face.label },
  el("span", { class: rank, "aria-hidden": "true", text: face.rank }));
  if (face.note) card.append(el("span", { class: "cnote", "aria-hidden": "true", text: face.note }));
  return card;
}

// ---------------------------------------------------------------- start

const path = location.pathname.match(/^\/play\/([A-Za-z0-9_-]+)$/);
if (path) table(path[1]);
else lobby().catch((error) => { main.textContent = `The lobby could not load: ${error}`; });
