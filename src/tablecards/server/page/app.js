// The tablecards page: a lobby and a table that draws any game's view.
// Every text from the server or a player is set as textContent: never parsed as markup.

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

// ---------------------------------------------------------------- table

const reserved = new Set(["game", "seat", "players", "to_act", "over", "zones", "moves"]);

function table(matchId) {
  const token = new URLSearchParams(location.hash.slice(1)).get("seat");
  const st = { welcome: null, state: null, moves: null, lines: [], socket: null, retry: 500 };
  clear(main);
  const status = el("p", { class: "status", id: "status", "aria-live": "polite", text: "Connecting…" });
  const alert = el("p", { class: "alert", id: "alert", role: "alert" });
  const zones = el("section", { id: "zones", "aria-label": "Table" });
  const facts = el("dl", { class: "facts", id: "facts" });
  const actions = el("section", { id: "actions", "aria-label": "Your actions" });
  const log = el("ol", { class: "log", id: "log", "aria-label": "What happened" });
  main.append(status, alert, actions, zones, facts, el("h2", { text: "Log" }), log);

  function name(seat) {
    if (!st.welcome) return `seat ${seat}`;
    return seat === st.welcome.seat ? "You" : st.welcome.names[seat] ?? `seat ${seat}`;
  }
  function zoneName(zone) {
    const [base, owner] = zone.split(":");
    if (owner !== undefined && /^\d+$/.test(owner)) {
      const n = Number(owner);
      return n === st.welcome?.seat ? `Your ${base}` : `${name(n)}'s ${base}`;
    }
    return base.charAt(0).toUpperCase() + base.slice(1);
  }

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
      if (event.code === 4401) { status.textContent = "This link does not open a seat of this match."; return; }
      status.textContent = "Connection lost, reconnecting…";
      setTimeout(connect, st.retry);
      st.retry = Math.min(st.retry * 2, 8000);
    });
  }

  function receive(msg) {
    if (msg.type === "welcome") {
      st.welcome = msg;
      where.textContent = `${msg.game.title} — ${msg.seat === null ? "watching" : `you are ${msg.names[msg.seat]}`}`;
    } else if (msg.type === "state") {
      st.state = msg;
      st.moves = msg.moves;
      alert.textContent = "";
      for (const e of msg.events) if (e.text) st.lines.push({ kind: "event", text: sentence(e.text) });
      for (const l of msg.log) st.lines.push({ kind: "play", text: sentence(l.text) });
      draw();
    } else if (msg.type === "error") {
      alert.textContent = sentence(msg.rule ? `${msg.reason} [${msg.rule}]` : msg.reason);
      for (const b of actions.querySelectorAll("button")) b.disabled = false;
    }
  }

  function draw() {
    const s = st.state;
    const view = s.view;
    if (s.result) {
      const winners = s.result.winners.map(name).join(" and ") || "nobody";
      const scores = s.result.scores.map((v, i) => `${name(i)} ${v}`).join(", ");
      status.textContent = `The match is over. Winner: ${winners}. Scores: ${scores}.`;
      status.classList.add("result");
    } else if (view.to_act.includes(st.welcome?.seat)) {
      status.textContent = view.to_act.length > 1 ? "Your move — anyone may act now, be quick!" : "Your turn.";
    } else {
      status.textContent = `Waiting for ${view.to_act.map(name).join(", ")}.`;
    }
    clear(actions);
    s.legal.forEach((choice, i) => {
      const key = i < 9 ? `${i + 1}` : "";
      const button = el("button", { type: "button", class: "act", text: choice.text,
        "aria-keyshortcuts": key, title: key ? `key ${key}` : "" });
      // The click carries the screen it was made on: a late one fails as "stale" or "too late".
      const after = s.moves;
      button.addEventListener("click", () => play(choice.act, after, button));
      actions.append(button);
    });
    clear(zones);
    for (const [zone, content] of Object.entries(view.zones)) {
      const mine = zone.endsWith(`:${st.welcome?.seat}`);
      const row = el("div", { class: mine ? "zone mine" : "zone", "data-zone": zone },
        el("span", { class: "name", text: zoneName(zone) }));
      if (content.cards) {
        for (const card of content.cards) row.append(el("span", { class: "card", text: s.labels[String(card.id)] ?? "?" }));
        if (!content.cards.length) row.append(el("span", { class: "count", text: "empty" }));
      } else {
        for (let i = 0; i < Math.min(content.count, 8); i++) row.append(el("span", { class: "card back", "aria-hidden": "true", text: " " }));
        row.append(el("span", { class: "count", text: `${content.count} face down` }));
      }
      zones.append(row);
    }
    clear(facts);
    for (const [key, value] of Object.entries(view)) {
      if (reserved.has(key) || value === null) continue;
      facts.append(el("dt", { text: key.replaceAll("_", " ") }), el("dd", { text: typeof value === "string" ? value : JSON.stringify(value) }));
    }
    clear(log);
    for (const line of st.lines.slice(-300).reverse()) log.append(el("li", { class: line.kind, text: line.text }));
  }

  function play(act, after, button) {
    for (const b of actions.querySelectorAll("button")) b.disabled = true;
    button.setAttribute("aria-pressed", "true");
    st.socket.send(JSON.stringify({ type: "act", act, after }));
  }

  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Number(event.key) - 1;
    const button = actions.querySelectorAll("button")[index];
    if (Number.isInteger(index) && button && !button.disabled) button.click();
  });
  connect();
}

const path = location.pathname.match(/^\/play\/([A-Za-z0-9_-]+)$/);
if (path) table(path[1]);
else lobby().catch((error) => { main.textContent = `The lobby could not load: ${error}`; });
