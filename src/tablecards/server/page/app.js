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

// Kept in this browser: the name you play under, and the key of each seat you took or opened.
const NAME_KEY = "tablecards:name";
const SOUND_KEY = "tablecards:sound";
const seatKey = (matchId) => `tablecards:seat:${matchId}`;

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: the link still works */ }
}

// The seat key of this match: the link's fragment first (kept for later), else one kept before.
function seatToken(matchId) {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (fromLink) { store(seatKey(matchId), fromLink); return fromLink; }
  return stored(seatKey(matchId));
}

async function lobby() {
  where.textContent = "Lobby";
  const [games, matches, finished] = await Promise.all([
    fetch("/api/games").then((r) => r.json()),
    fetch("/matches").then((r) => r.json()),
    fetch("/matches/finished").then((r) => (r.ok ? r.json() : [])),
  ]);
  clear(main);
  const form = createForm(games);
  const live = matches.filter((m) => !m.over);
  const open = el("ul", { id: "matches" });
  for (const m of live) {
    const names = m.seats.map((s) => (s.open ? "open seat" : s.name)).join(", ");
    const mine = stored(seatKey(m.id));
    open.append(
      el("li", {}, el("a", { href: `/play/${m.id}`, text: `${m.title}: ${names}` }),
        el("span", { class: "count", text: ` (move ${m.moves})` }),
        mine ? el("a", { href: `/play/${m.id}#seat=${mine}`, class: "mine", text: " — your seat" }) : null),
    );
  }
  if (!open.firstChild) open.append(el("li", { text: "No match is being played." }));
  main.append(
    el("section", {}, el("h1", { text: "New match" }), form),
    openSeats(live),
    el("section", {}, el("h2", { text: "Matches being played (watch)" }), open),
    finishedList(finished),
  );
}

// Matches that wait for players: anyone takes a seat under the name they choose.
function openSeats(matches) {
  const name = el("input", { id: "my-name", maxlength: "40", autocomplete: "nickname",
    value: stored(NAME_KEY) ?? "" });
  name.addEventListener("change", () => store(NAME_KEY, name.value.trim()));
  const alert = el("p", { class: "alert lobby-alert", id: "seat-alert", role: "alert" });
  const list = el("ul", { id: "open-seats" });
  for (const m of matches) {
    const free = m.seats.map((s, i) => ({ ...s, seat: i })).filter((s) => s.open);
    if (!free.length) continue;
    const names = m.seats.map((s) => (s.open ? "open seat" : s.name)).join(", ");
    const item = el("li", {}, el("span", { text: `${m.title}: ${names} ` }));
    for (const s of free) {
      item.append(el("button", { type: "button", class: "take", "data-match": m.id,
        "data-seat": String(s.seat), text: `Take seat ${s.seat + 1}`,
        onclick: (event) => takeSeat(m.id, s.seat, name, alert, event.currentTarget) }));
    }
    list.append(item);
  }
  if (!list.firstChild) list.append(el("li", { text: "No seat is waiting for a player." }));
  return el("section", {}, el("h2", { text: "Open seats" }),
    el("label", {}, "Your name ", name), alert, list);
}

async function takeSeat(matchId, seat, nameInput, alert, button) {
  const name = nameInput.value.trim();
  alert.textContent = "";
  if (!name) { alert.textContent = "Choose your name first."; nameInput.focus(); return; }
  button.disabled = true;
  const response = await fetch(`/matches/${matchId}/seats/${seat}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }),
  });
  const data = await response.json();
  if (!response.ok) {
    alert.textContent = sentence(`${data.error}.`);
    button.disabled = false;
    return;
  }
  store(NAME_KEY, name);
  store(seatKey(matchId), data.token);
  location.assign(data.url);
}

function finishedList(rows) {
  const list = el("ul", { id: "finished" });
  for (const m of rows) {
    const result = m.winners.length ? `${m.winners.join(" and ")} won` : "no winner";
    const scores = m.standings.map((r) => `${r.name} ${r.score}`).join(", ");
    list.append(el("li", {}, el("a", { href: `/play/${m.id}`, text: `${m.title}: ${m.names.join(", ")}` }),
      el("span", { text: ` — ${result}` }), el("span", { class: "count", text: ` (${scores})` })));
  }
  if (!list.firstChild) list.append(el("li", { text: "No match has finished yet." }));
  return el("section", {}, el("h2", { text: "Finished matches" }), list);
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
        el("option", { value: "", text: "a person (link)" }),
        el("option", { value: "open", text: "open seat (anyone in the lobby)" }));
      for (const b of g.bots) kind.append(el("option", { value: b, text: `bot: ${b}` }));
      const name = el("input", { id: `name${i}`, "aria-label": `Seat ${i + 1} name`, maxlength: "40",
        value: old[i] ? old[i].name : `Player ${i + 1}` });
      if (old[i] && [...kind.options].some((o) => o.value === old[i].kind)) kind.value = old[i].kind;
      // An open seat is named by whoever takes it.
      const named = () => { name.disabled = kind.value === "open"; };
      kind.addEventListener("change", named);
      named();
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
        if (kind === "open") return { open: true };
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
    const opened = body.seats.filter((seat) => seat.open).length;
    if (opened) result.append(el("p", { text: `${opened === 1 ? "One open seat waits" : `${opened} open seats wait`} in the lobby: anyone may take one.` }));
    result.append(el("p", { text: "Send each person their own link (it is their seat's key):" }), list,
      el("p", {}, el("span", { text: "Anyone may watch: " }), el("a", { href: watch, id: "watch", text: watch })));
  });
  drawSeats();
  return form;
}

// ---------------------------------------------------------------- table

const reserved = new Set(["game", "seat", "players", "to_act", "over", "zones", "moves"]);

function table(matchId) {
  const token = seatToken(matchId);
  const st = { welcome: null, state: null, moves: null, lines: [], socket: null, retry: 500 };
  clear(main);
  const status = el("p", { class: "status", id: "status", "aria-live": "polite", text: "Connecting…" });
  const alert = el("p", { class: "alert", id: "alert", role: "alert" });
  const zones = el("section", { id: "zones", "aria-label": "Table" });
  const facts = el("dl", { class: "facts", id: "facts" });
  const actions = el("section", { id: "actions", "aria-label": "Your actions" });
  const log = el("ol", { class: "log", id: "log", "aria-label": "What happened" });
  main.append(status, alert, actions, zones, facts, el("h2", { text: "Log" }), log);
  const ex = tableExtras(matchId);
  ex.mount(main);

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
      ex.opened(socket);
      st.retry = 500;
      const hello = token ? { type: "hello", token } : { type: "hello", spectate: true };
      if (st.moves !== null) hello.since = st.moves;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (ex.closed(event.code)) return;
      if (event.code === 4401) { status.textContent = "This link does not open a seat of this match."; return; }
      status.textContent = "Connection lost, reconnecting…";
      setTimeout(connect, st.retry);
      st.retry = Math.min(st.retry * 2, 8000);
    });
  }

  function receive(msg) {
    if (ex.receive(msg)) return;
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
      ex.state(msg, msg.legal.length > 0);
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
    ex.send({ type: "act", act, after });
  }

  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Number(event.key) - 1;
    const button = actions.querySelectorAll("button")[index];
    if (Number.isInteger(index) && button && !button.disabled) button.click();
  });
  connect();
}

// ---------------------------------------------------------------- around the table
// Who is here, the chat, "play again", looking back, clicks kept while disconnected, "your
// turn" in the tab, and "no such match". The table drawing calls these through a few hooks:
//   const ex = tableExtras(matchId); ex.mount(main);       once, after the table's own nodes
//   ex.opened(socket)                                        when the websocket opens
//   if (ex.closed(event.code)) return;                       first thing when it closes
//   if (ex.receive(msg)) return;                             first thing for every message
//   ex.state(msg, yourTurn)                                  after drawing each state
//   ex.send(message)                                         instead of socket.send for acts
// presenceBadge(ex.presence, seat) gives a seat's "here"/"away" badge for a seat panel.

const NO_SUCH_MATCH = 4404;
const CHAT_ERRORS = new Set(["chat_off", "chat_empty", "chat_too_long", "chat_rate"]);
const PRESENCE_WORDS = { here: "here", away: "away", bot: "bot", open: "open seat" };

function tableExtras(matchId) {
  const ex = {
    matchId, socket: null, seat: null, names: [], presence: null, kept: null, myTurn: false,
    over: false, looked: false, title: document.title,
  };
  ex.notice = el("p", { class: "notice", id: "notice", "aria-live": "polite" });
  ex.who = el("ul", { class: "presence", id: "presence", "aria-label": "Who is at the table" });
  ex.chat = chatPanel(ex);
  ex.again = el("div", { id: "rematch-box" });
  ex.lookback = el("section", { id: "lookback", "aria-label": "The match looked back" });
  ex.sound = soundButton();

  ex.mount = (node) => {
    node.prepend(ex.notice, el("section", { class: "around" }, ex.who, ex.sound), ex.again);
    node.append(ex.lookback, ex.chat.panel);
  };
  ex.opened = (socket) => { ex.socket = socket; };
  ex.closed = (code) => {
    if (code !== NO_SUCH_MATCH) {
      if (ex.kept === null) ex.notice.textContent = "";
      return false;
    }
    noSuchMatch();
    return true;
  };
  ex.send = (message) => {
    if (ex.socket && ex.socket.readyState === WebSocket.OPEN) {
      ex.socket.send(JSON.stringify(message));
      return true;
    }
    ex.kept = message;  // the last click counts; sent when the connection is back, if still valid
    ex.notice.textContent = "Not connected: your choice will be sent when the connection is back.";
    return false;
  };
  ex.receive = (msg) => {
    if (msg.type === "welcome") {
      ex.seat = msg.seat;
      ex.names = msg.names;
      ex.title = `${msg.game.title} — tablecards`;
      document.title = ex.title;
      return false;
    }
    if (msg.type === "presence") { ex.presence = msg; renderPresence(ex); return true; }
    if (msg.type === "chat") { ex.chat.add(msg); return true; }
    if (msg.type === "rematch") { renderRematch(ex, msg); return true; }
    if (msg.type === "error" && CHAT_ERRORS.has(msg.code)) { ex.chat.refused(msg.reason); return true; }
    return false;
  };
  ex.state = (msg, yourTurn) => {
    if (ex.kept !== null) flushKept(ex, msg.moves);
    markTurn(ex, yourTurn && !msg.result);
    if (msg.result && !ex.over) {
      ex.over = true;
      renderRematch(ex, null);
      lookBack(ex);
    }
  };
  return ex;
}

// A click made while disconnected goes out once the table is back, only on the same screen.
function flushKept(ex, moves) {
  const kept = ex.kept;
  ex.kept = null;
  if (kept.type === "act" && kept.after !== moves) {
    ex.notice.textContent = "Not sent: the table changed while you were disconnected. Look again and choose.";
    return;
  }
  ex.socket.send(JSON.stringify(kept));
  ex.notice.textContent = "Sent the choice you made while disconnected.";
}

function noSuchMatch() {
  where.textContent = "No such match";
  document.title = "No such match — tablecards";
  clear(main);
  main.append(el("h1", { id: "no-such-match", text: "No such match" }),
    el("p", { text: "This server has no match at this address: the link may be mistyped, or the match was never created here." }),
    el("p", {}, el("a", { href: "/", text: "Back to the lobby" })));
}

function renderPresence(ex) {
  clear(ex.who);
  for (const s of ex.presence.seats) {
    const name = s.seat === ex.seat ? `${s.name} (you)` : s.name;
    ex.who.append(el("li", { class: `seat-${s.status}`, "data-seat": String(s.seat),
      text: `${name}: ${PRESENCE_WORDS[s.status] ?? s.status}` }));
  }
  const n = ex.presence.spectators;
  if (n) ex.who.append(el("li", { class: "watchers", text: n === 1 ? "1 person watching" : `${n} people watching` }));
}

function presenceBadge(presence, seat) {
  const entry = presence?.seats.find((s) => s.seat === seat);
  if (!entry || entry.status === "bot") return null;
  return { text: PRESENCE_WORDS[entry.status], tone: entry.status === "here" ? "good" : "warn" };
}

function chatPanel(ex) {
  const lines = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
  const text = el("input", { id: "chat-text", maxlength: "200", autocomplete: "off",
    "aria-label": "Message to the table" });
  const alert = el("p", { class: "alert", id: "chat-alert", role: "alert" });
  const form = el("form", { id: "chat-form" }, text, el("button", { type: "submit", text: "Send" }));
  const panel = el("section", { id: "chat", class: "chat", hidden: "", "aria-label": "Table chat" },
    el("h2", { text: "Table chat" }), lines, form, alert);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const line = text.value.trim();
    if (!line) return;
    alert.textContent = "";
    if (ex.send({ type: "chat", text: line })) text.value = "";
    else { ex.kept = null; ex.notice.textContent = ""; alert.textContent = "Not sent: not connected."; }
  });
  return {
    panel,
    add(msg) {
      if (msg.writable !== undefined) {
        clear(lines);  // a (re)connection sends the recent lines again
        form.hidden = !msg.writable;
      }
      for (const line of msg.lines) {
        const mine = line.seat !== null && line.seat === ex.seat;
        lines.append(el("li", { class: line.spectator ? "spectator" : mine ? "mine" : "" },
          el("span", { class: "author", text: `${mine ? "You" : line.author}: ` }),
          el("span", { class: "said", text: line.text })));
      }
      if (msg.writable || lines.firstChild) panel.hidden = false;
      lines.scrollTop = lines.scrollHeight;
    },
    refused(reason) { alert.textContent = sentence(reason); },
  };
}

// "Play again": any player asks; everyone at the table is told; each player gets their own key.
// The button is drawn once and stays where it is (a click aimed at it never lands elsewhere).
function renderRematch(ex, msg) {
  if (msg && msg.token) {
    store(seatKey(msg.match), msg.token);
    location.assign(msg.url);
    return;
  }
  if (ex.seat === null) {
    if (msg && !ex.again.querySelector("#rematch-watch")) {
      ex.again.append(el("p", {}, el("a", { id: "rematch-watch", href: `/play/${msg.match}`, text: "Watch the new match" })));
    }
    return;
  }
  if (!ex.again.querySelector("#rematch")) {
    const button = el("button", { type: "button", id: "rematch", text: "Play again" });
    button.addEventListener("click", () => {
      button.disabled = true;
      button.textContent = "Joining the new match…";
      ex.send({ type: "rematch" });
    });
    ex.again.append(button, el("span", { class: "count", id: "rematch-note" }));
  }
  if (msg) ex.again.querySelector("#rematch-note").textContent = " A new match with the same players is ready.";
}

async function lookBack(ex) {
  const response = await fetch(`/matches/${ex.matchId}`);
  if (!response.ok) return;
  const summary = await response.json();
  if (!summary.result) return;
  const you = (row) => (row.seat === ex.seat ? `${row.name} (you)` : row.name);
  clear(ex.lookback);
  const standings = el("ol", { id: "standings" });
  for (const row of summary.result.standings) {
    standings.append(el("li", { class: row.winner ? "winner" : "",
      text: `${you(row)}: ${row.score}${row.winner ? " — winner" : ""}` }));
  }
  ex.lookback.append(el("h2", { text: "Final standings" }), standings);
  const rounds = summary.result.rounds;
  if (rounds.length) {
    const names = summary.seats.map((s, seat) => you({ ...s, seat }));
    const head = el("tr", {}, el("th", { scope: "col", text: "Round" }),
      ...names.map((n) => el("th", { scope: "col", text: n })));
    const body = rounds.map((r) => el("tr", {}, el("th", { scope: "row", text: String(r.round) }),
      ...r.scores.map((v) => el("td", { text: String(v) }))));
    ex.lookback.append(el("table", { id: "rounds" },
      el("caption", { text: "Scores at the end of each round" }), el("thead", {}, head), el("tbody", {}, ...body)));
  }
}

// "Your turn" in the tab: a mark in the title, the icon turned, and a short tone if wanted.
function markTurn(ex, yourTurn) {
  document.title = yourTurn ? `● Your turn — ${ex.title}` : ex.title;
  const icon = document.getElementById("icon");
  if (icon) icon.setAttribute("href", yourTurn ? "/static/icon-turn.svg" : "/static/icon.svg");
  if (yourTurn && !ex.myTurn && stored(SOUND_KEY) === "on") tone();
  ex.myTurn = yourTurn;
}

let audio = null;

// Made by the page itself: a short sine tone, no sound file.
function tone() {
  if (!audio) return;
  const now = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 660;
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
  osc.connect(gain).connect(audio.destination);
  osc.start(now);
  osc.stop(now + 0.4);
}

function soundButton() {
  const button = el("button", { type: "button", id: "sound" });
  const show = () => {
    const on = stored(SOUND_KEY) === "on";
    button.textContent = on ? "Sound on your turn: on" : "Sound on your turn: off";
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", () => {
    const on = stored(SOUND_KEY) !== "on";
    store(SOUND_KEY, on ? "on" : "off");
    if (on) {
      // Created by the click: browsers let a page make sound only after a gesture.
      audio = audio ?? new AudioContext();
      audio.resume();
      tone();
    }
    show();
  });
  show();
  return button;
}

const path = location.pathname.match(/^\/play\/([A-Za-z0-9_-]+)$/);
if (path) table(path[1]);
else lobby().catch((error) => { main.textContent = `The lobby could not load: ${error}`; });
