// The tablecards page: a lobby, and a table that draws any game's scene.
// Every text from the server or a player is set as textContent: never parsed as markup.
// One ES module, no build step. Sections: helpers, lobby, table (connection), table (renderer).
// The rules and the lobby's list of games are drawn by rules.js.
import { gamesList, playersText, rulesButton, rulesPage, rulesUrl } from "./rules.js";

import { summaries } from "./summary.js";

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

// A score as the scenes write a standing: a true minus sign ("−13"), never a plus.
function standing(value) {
  return typeof value === "number" && value < 0 ? `\u2212${-value}` : String(value);
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

// The next page's address from a list's Link header, or null.
function nextPage(response) {
  const found = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "");
  return found ? found[1] : null;
}

// Every match with a seat waiting for a player, however many pages the server's list takes.
async function allOpenMatches() {
  const rows = [];
  let next = "/matches?open=true&limit=200";
  for (let pages = 0; next && pages < 20; pages++) {
    const response = await fetch(next);
    if (!response.ok) break;
    rows.push(...await response.json());
    next = nextPage(response);
  }
  return rows;
}

async function lobby() {
  where.textContent = "Lobby";
  const [games, first, waiting, finished] = await Promise.all([
    fetch("/api/games").then((r) => r.json()),
    fetch("/matches"),
    allOpenMatches(),
    fetch("/matches/finished").then((r) => (r.ok ? r.json() : [])),
  ]);
  const matches = await first.json();
  clear(main);
  const examples = el("input", { type: "checkbox", id: "show-examples" });
  const about = el("section", { id: "about-games" }, el("h2", { text: "The games" }), gamesList(games, false));
  const form = createForm(games, examples);
  examples.addEventListener("change", () => about.querySelector("#games").replaceWith(gamesList(games, examples.checked)));
  const live = matches.filter((m) => !m.over);
  const open = el("ul", { id: "matches" });
  const more = el("button", { type: "button", id: "more-matches", text: "Show more matches" });
  let next = nextPage(first);
  more.hidden = !next;
  more.addEventListener("click", async () => {
    const response = await fetch(next);
    if (!response.ok) return;
    for (const m of (await response.json()).filter((row) => !row.over)) open.append(matchItem(m));
    next = nextPage(response);
    more.hidden = !next;
  });
  for (const m of live) open.append(matchItem(m));
  if (!open.firstChild) open.append(el("li", { text: "No match is being played." }));
  main.append(
    el("section", {}, el("h1", { text: "New match" }), form),
    openSeats(waiting),
    el("section", {}, el("h2", { text: "Matches being played (watch)" }), open, more),
    about,
    finishedList(finished),
  );
}

function matchItem(m) {
  const names = m.seats.map((s) => (s.open ? "open seat" : s.name)).join(", ");
  const mine = stored(seatKey(m.id));
  return el("li", {}, el("a", { href: `/play/${m.id}`, text: `${m.title}: ${names}` }),
    // Where the match stands in words: its count of moves means nothing to a person.
    el("span", { class: "count", text: ` (${m.moves ? "under way" : "not started yet"}${m.pace ? `, ${m.pace.title.toLowerCase()} pace` : ""})` }),
    mine ? el("a", { href: `/play/${m.id}#seat=${mine}`, class: "mine", text: " — your seat" }) : null);
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
    const scores = m.standings.map((r) => `${r.name} ${standing(r.score)}`).join(", ");
    list.append(el("li", {}, el("a", { href: `/play/${m.id}`, text: `${m.title}: ${m.names.join(", ")}` }),
      el("span", { text: ` — ${result}` }), el("span", { class: "count", text: ` (${scores})` }),
      " · ", el("a", { href: `/replay/${m.id}`, class: "replay-link", text: "step through it",
        "aria-label": `Step through ${m.title}: ${m.names.join(", ")}, move by move` })));
  }
  if (!list.firstChild) list.append(el("li", { text: "No match has finished yet." }));
  return el("section", {}, el("h2", { text: "Finished matches" }), list);
}

// The games to play first; the examples only when the host asks (the "show examples" box).
function fillGames(select, games, examples) {
  const before = select.value;
  clear(select);
  for (const g of games) {
    if (!g.example || examples) select.append(el("option", { value: g.name, text: g.example ? `${g.title} (example)` : g.title }));
  }
  if ([...select.options].some((o) => o.value === before)) select.value = before;
}

// A bot as a person reads it: "Steady bot — a fair opponent"; what it does is said under the choice.
function botWords(g, name) {
  return (g.bot_words ?? []).find((b) => b.name === name) ?? { title: name, strength: "", text: "" };
}
function botText(g, name) {
  const words = botWords(g, name);
  return words.strength ? `${words.title} bot — ${words.strength}` : `${words.title} bot`;
}

function createForm(games, examples) {
  const game = el("select", { id: "game", name: "game" });
  fillGames(game, games, false);
  const about = el("p", { id: "game-about", class: "hint" });
  const players = el("select", { id: "players", name: "players" });
  const seats = el("div", { id: "seats" });
  const options = el("div", { id: "options" });
  const pace = el("select", { id: "pace", name: "pace" });
  const paceText = el("span", { id: "pace-text", class: "hint" });
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
      // "you": the creator's own seat, its key kept in this browser when the match is made.
      const kind = el("select", { id: `kind${i}`, "aria-label": `Seat ${i + 1} is played by` },
        el("option", { value: "you", text: "you (your seat, kept in this browser)" }),
        el("option", { value: "", text: "a person (link)" }),
        el("option", { value: "open", text: "open seat (anyone in the lobby)" }));
      for (const b of g.bots) kind.append(el("option", { value: b, text: botText(g, b) }));
      const mine = i === 0 && !old.length;
      const name = el("input", { id: `name${i}`, "aria-label": `Seat ${i + 1} name`, maxlength: "40",
        value: old[i] ? old[i].name : (mine && stored(NAME_KEY)) || `Player ${i + 1}` });
      kind.value = old[i] && [...kind.options].some((o) => o.value === old[i].kind) ? old[i].kind : mine ? "you" : "";
      // An open seat is named by whoever takes it; only one seat is yours; a bot says what it does.
      const hint = el("span", { class: "hint bot-hint", id: `hint${i}` });
      const named = () => {
        name.disabled = kind.value === "open";
        const bot = g.bots.includes(kind.value) ? botWords(g, kind.value) : null;
        hint.textContent = bot ? sentence(`${bot.text}.`) : "";
      };
      kind.addEventListener("change", () => {
        named();
        // A name left as the form wrote it follows the choice: "Strong bot 2", "Player 2".
        if (/^(Player|\w+ bot) \d+$/.test(name.value)) {
          name.value = g.bots.includes(kind.value) ? `${botWords(g, kind.value).title} bot ${i + 1}` : `Player ${i + 1}`;
        }
        if (kind.value !== "you") return;
        for (const other of seats.querySelectorAll(".seatrow select")) if (other !== kind && other.value === "you") other.value = "";
      });
      named();
      seats.append(el("div", { class: "seatrow" }, el("span", { text: `Seat ${i + 1}` }), kind, name, hint));
    }
  }
  // One input per option, typed by its default; a left-alone option keeps the game's default.
  // A seat option (who plays first) is chosen among the seats, counted from 1 for people;
  // the library counts its seats from 0, so the value sent is one less.
  function drawOptions() {
    clear(options);
    const g = info();
    for (const [key, value] of Object.entries(g.options)) {
      const words = sentence(key.replaceAll("_", " "));
      if ((g.seat_options ?? []).includes(key)) {
        const pick = el("select", { "data-option": key, "data-kind": "seat" });
        options.append(el("label", {}, `${words} `, pick));
        continue;
      }
      const input = typeof value === "boolean"
        ? el("input", { type: "checkbox", "data-option": key, "data-kind": "bool" })
        : el("input", { type: typeof value === "string" ? "text" : "number", min: "0",
          "data-option": key, "data-kind": typeof value === "string" ? "text" : "number",
          placeholder: value === null ? "default" : String(value) });
      if (typeof value === "boolean") input.checked = value;
      options.append(el("label", {}, `${words} `, input));
    }
    drawSeatChoices();
  }
  function drawSeatChoices() {
    const g = info();
    const n = Number(players.value) || g.default_players;
    for (const pick of options.querySelectorAll("select[data-kind=seat]")) {
      const before = pick.value || String((g.options[pick.dataset.option] ?? 0) + 1);
      clear(pick);
      for (let seat = 1; seat <= n; seat++) pick.append(el("option", { value: String(seat), text: `Seat ${seat}` }));
      pick.value = Number(before) <= n ? before : "1";
    }
  }
  function drawAbout() {
    const g = info();
    clear(about);
    if (!g) return;
    const facts = [playersText(g.min_players, g.max_players), g.length].filter(Boolean).join(" · ");
    about.append(el("span", { text: `${g.summary ? `${g.summary} ` : ""}${sentence(facts)}.` }),
      " ", el("a", { href: rulesUrl(g.name), id: "form-rules", text: `Rules of ${g.title}` }));
  }
  function chosenOptions() {
    const chosen = {};
    for (const input of options.querySelectorAll("input, select")) {
      const key = input.dataset.option;
      if (input.dataset.kind === "seat") chosen[key] = Number(input.value) - 1;
      else if (input.dataset.kind === "bool") chosen[key] = input.checked;
      else if (input.value !== "") chosen[key] = input.dataset.kind === "number" ? Number(input.value) : input.value;
    }
    return chosen;
  }

  // The paces the game offers, its default chosen; the chosen one said in words.
  function drawPaces() {
    const g = info();
    const before = pace.value;
    clear(pace);
    for (const p of g.paces ?? []) pace.append(el("option", { value: p.name, text: p.title }));
    pace.value = (g.paces ?? []).some((p) => p.name === before) ? before : g.pace;
    sayPace();
  }
  function sayPace() {
    const chosen = (info().paces ?? []).find((p) => p.name === pace.value);
    paceText.textContent = chosen ? ` ${chosen.text}` : "";
  }
  pace.addEventListener("change", sayPace);

  function drawCounts() {
    const g = info();
    clear(players);
    for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: String(n), text: String(n) }));
    players.value = String(g.default_players);
  }
  const redraw = () => { drawCounts(); drawOptions(); drawPaces(); drawSeats(); drawAbout(); };
  game.addEventListener("change", redraw);
  examples.addEventListener("change", () => {
    const before = game.value;
    fillGames(game, games, examples.checked);
    if (game.value !== before) redraw();
  });
  players.addEventListener("change", () => { drawSeats(); drawSeatChoices(); });
  if (game.options.length) { drawCounts(); drawOptions(); drawPaces(); drawAbout(); }

  const submit = el("button", { type: "submit", id: "create", text: "Create match" });
  const form = el("form", {},
    el("label", {}, "Game ", game),
    el("label", { class: "hint" }, examples, " Show the example games (written to learn from)"),
    about, el("label", {}, "Players ", players),
    el("label", {}, "Pace ", pace, paceText),
    el("fieldset", {}, el("legend", { text: "Options" }), options),
    el("fieldset", {}, el("legend", { text: "Seats" }), seats), submit, result);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    const body = {
      game: game.value, players: Number(players.value), options: chosenOptions(),
      ...(pace.value ? { pace: pace.value } : {}),
      seats: [...seats.querySelectorAll(".seatrow")].map((row) => {
        const kind = row.querySelector("select").value;
        const name = row.querySelector("input").value;
        if (kind === "open") return { open: true };
        return kind && kind !== "you" ? { bot: kind, name } : { name };
      }),
    };
    const yours = [...seats.querySelectorAll(".seatrow select")].findIndex((select) => select.value === "you");
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
      const mine = inv.seat === yours;
      if (mine) {
        // Your seat is yours from now on: its key is kept here, the lobby and the link open it.
        store(seatKey(data.id), inv.token);
        store(NAME_KEY, inv.name);
        result.append(el("p", { class: "my-seat" }, el("span", { text: `You play as ${inv.name}: ` }),
          el("a", { href: `/play/${data.id}`, id: "my-seat", text: "go to your seat" })));
      }
      list.append(el("li", {}, el("span", { text: `${inv.name}${mine ? " (you)" : ""}: ` }),
        el("a", { href: url, class: "invite", "data-seat": String(inv.seat), text: url })));
    }
    const watch = new URL(data.watch, location.href).href;
    const opened = body.seats.filter((seat) => seat.open).length;
    if (opened) result.append(el("p", { text: `${opened === 1 ? "One open seat waits" : `${opened} open seats wait`} in the lobby: anyone may take one.` }));
    result.append(el("p", { text: "Send each person their own link (it is their seat's key; yours opens your seat on another device):" }), list,
      el("p", {}, el("span", { text: "Anyone may watch: " }), el("a", { href: watch, id: "watch", text: watch })));
  });
  drawSeats();
  return form;
}

// ================================================================ table: the connection
// table() owns the websocket and what the page remembers between messages; it hands each
// scene to the renderer below (renderScene), which only draws.

function table(matchId) {
  const token = seatToken(matchId);
  const st = {
    welcome: null, state: null, moves: null, socket: null, retry: 500,
    seen: null, // the cards of the last scene drawn
    before: null, // the cards of the scene before this move's: what is new in this one
    path: [], // the two-step choices opened so far ("purple 4" then "to whom")
    clock: null, // {deadline (performance.now ms), kind, waiting_for}
    timer: null,
  };
  clear(main);
  main.classList.add("playing");
  const parts = tableSkeleton(main);
  const log = historyLog(parts.log);
  // The round summaries (summary.js): after your own cards, so that on a phone a summary that
  // opens never pushes your decision and your cards off the first screen (style.css places it
  // under the status on a wide screen).
  const rounds = summaries();
  parts.me.after(rounds.node);
  // Who is here and play again above the table, looking back and the chat under it (see
  // tableExtras; style.css places them), the notice about a click kept while disconnected
  // beside the status.
  const ex = tableExtras(matchId);
  ex.mount(main);
  parts.notice.append(ex.notice);

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
      if (event.code === 4401) { parts.status.textContent = "This link does not open a seat of this match."; return; }
      parts.status.textContent = "Connection lost, reconnecting…";
      setTimeout(connect, st.retry);
      st.retry = Math.min(st.retry * 2, 8000);
    });
  }

  function receive(msg) {
    const handled = ex.receive(msg);
    if (msg.type === "presence" && st.state) draw(); // the seats' "here" and "away" badges
    if (handled) return;
    if (msg.type === "welcome") {
      st.welcome = msg;
      const pace = msg.pace ? ` — ${msg.pace.title.toLowerCase()} pace` : "";
      where.textContent = `${msg.game.title} — ${msg.seat === null ? "watching" : `you are ${msg.names[msg.seat]}`}${pace}`;
      if (!document.getElementById("rules-open")) where.after(rulesButton(msg.game));
    } else if (msg.type === "state") {
      if (msg.moves !== st.moves) { st.path = []; st.before = st.seen; }
      st.state = msg;
      st.moves = msg.moves;
      main.dataset.moves = String(msg.moves); // for tests and tools: the screen's move number
      parts.alert.textContent = "";
      st.clock = msg.clock
        ? { deadline: performance.now() + msg.clock.seconds * 1000, kind: msg.clock.kind, waiting_for: msg.clock.waiting_for,
          bank: msg.clock.bank ?? false, banks: msg.clock.banks ?? null, at: performance.now() }
        : null;
      log.add(msg.history);
      draw();
      ex.state(msg, msg.scene.actions.length > 0);
    } else if (msg.type === "error") {
      parts.alert.textContent = sentence(msg.rule ? `${msg.reason} [${msg.rule}]` : msg.reason);
      for (const b of parts.actions.querySelectorAll("button")) b.disabled = false;
    }
  }

  function draw() {
    const s = st.state;
    const active = document.activeElement;
    const keepFocus = !active || active === document.body || parts.actions.contains(active);
    // A redraw of the same move (a step of a two-step choice, a presence change) marks the
    // same cards as new.
    st.seen = renderScene(parts, s.scene, {
      seen: st.before, path: st.path, clock: st.clock, result: s.result,
      open: (choice) => { st.path = [...st.path, choice]; draw(); },
      back: () => { st.path = st.path.slice(0, -1); draw(); },
      play: (act, button) => play(act, s.moves, button),
      // Over, nobody is away any more: a finished match shows no "here" or "away".
      badges: (seat) => (s.result ? null : presenceBadge(ex.presence, seat)),
    });
    rounds.update(s.scene);
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
    ex.send({ type: "act", act, after });
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
      || target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (document.querySelector("dialog[open]")) return; // the rules are open over the table
    if (event.key === "Escape" && st.path.length) { st.path = st.path.slice(0, -1); draw(); return; }
    if (!KEYS.includes(event.key)) return;
    const button = parts.actions.querySelector(`button[data-key="${event.key}"]`);
    if (button && !button.disabled) { event.preventDefault(); button.click(); }
  });
  connect();
}

function clockText(clock, welcome, result) {
  if (!clock || result) return "";
  const left = Math.max(0, Math.ceil((clock.deadline - performance.now()) / 1000));
  const waiting = clock.waiting_for ?? [];
  const names = waiting.filter((seat) => seat !== welcome?.seat).map((seat) => welcome?.names[seat] ?? "a player");
  const yours = welcome?.seat !== null && welcome?.seat !== undefined && waiting.includes(welcome.seat);
  if (!names.length && !yours) return "";
  // Your own time told calmly, as a fact ("You and Bob have 12 s to choose"), not as an
  // order to hurry; the others' as whom the table waits for.
  const time = `${left} s${clock.bank ? " (time bank)" : ""}`;
  const text = yours ? `${sentence(listWords(["you", ...names]))} have ${time} to choose`
    : `Waiting for ${listWords(names)} — ${time}`;
  return text + bankText(clock, welcome);
}

// Each person's time bank ("Time banks: you 1:30, Bob 0:12"); the running one counts down.
function bankText(clock, welcome) {
  if (!clock.banks) return "";
  const running = clock.bank ? clock.waiting_for?.[0] : null;
  const spent = (performance.now() - clock.at) / 1000;
  const parts = [];
  clock.banks.forEach((left, seat) => {
    if (left === null) return;
    const now = seat === running ? Math.max(0, left - spent) : left;
    const who = seat === welcome?.seat ? "you" : welcome?.names[seat] ?? "a player";
    parts.push(`${who} ${minutes(now)}`);
  });
  return parts.length ? `. Time banks: ${parts.join(", ")}` : "";
}

function minutes(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
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
      while (items.size > 2000) { // a very long match keeps its newest moves
        const oldest = Math.min(...items.keys());
        items.get(oldest).remove();
        items.delete(oldest);
      }
    },
  };
}

function historyItem(entry) {
  // A quiet move (Stop's "does not call Stop") has no text: its first consequence stands for
  // it, and with none it takes no line (kept, hidden, so that moves stay in order).
  let [text, rest] = [entry.text, entry.then ?? []];
  if (!text && rest.length) [text, rest] = [rest[0], rest.slice(1)];
  const item = el("li", { class: entry.move === 0 ? "move setup" : "move", "data-move": String(entry.move) },
    el("span", { class: "what", text: sentence(text) }));
  if (!text) item.hidden = true;
  if (rest.length) {
    const then = el("ul", { class: "then" });
    for (const line of rest) then.append(el("li", { text: sentence(line) }));
    item.append(then);
  }
  return item;
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
      // No turn will come, and for a spectator nobody is left to watch: no sound button,
      // no "away", no box to write in (the chat's lines stay, as the match's record).
      ex.sound.hidden = true;
      if (ex.seat === null) {
        ex.who.hidden = true;
        ex.chat.panel.querySelector("h2").textContent = "What was said at the table";
      }
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
    const item = el("li", { class: `seat-${s.status}`, "data-seat": String(s.seat),
      text: `${name}: ${seatWords(s)}` });
    // A person away and out of time: the others may let a bot play the seat meanwhile.
    if (s.offered && ex.seat !== null && s.seat !== ex.seat && !ex.over) {
      const button = el("button", { type: "button", class: "hand-over", "data-seat": String(s.seat),
        text: `Let a bot play for ${s.name}` });
      button.addEventListener("click", () => {
        button.disabled = true;
        ex.send({ type: "hand_over", seat: s.seat });
      });
      item.append(" ", button);
    }
    ex.who.append(item);
  }
  const n = ex.presence.spectators;
  if (n) ex.who.append(el("li", { class: "watchers", text: n === 1 ? "1 person watching" : `${n} people watching` }));
}

// "away", "here", and while someone is gone: "away — out of time", "a bot plays this seat".
function seatWords(s) {
  if (s.stand_in) return `${PRESENCE_WORDS[s.status] ?? s.status} — a bot plays this seat`;
  if (s.offered) return "away — out of time";
  return PRESENCE_WORDS[s.status] ?? s.status;
}

function presenceBadge(presence, seat) {
  const entry = presence?.seats.find((s) => s.seat === seat);
  if (!entry || entry.status === "bot") return null;
  return { text: seatWords(entry), tone: entry.status === "here" && !entry.stand_in ? "good" : "warn" };
}

function chatPanel(ex) {
  const lines = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
  const text = el("input", { id: "chat-text", maxlength: "200", autocomplete: "off",
    "aria-label": "Message to the table" });
  const alert = el("p", { class: "alert", id: "chat-alert", role: "alert" });
  const form = el("form", { id: "chat-form" }, text, el("button", { type: "submit", text: "Send" }));
  // Who reads what you write: a spectator's lines may reach only the other spectators.
  const readers = el("p", { class: "count", id: "chat-readers" });
  const panel = el("section", { id: "chat", class: "chat", hidden: "", "aria-label": "Table chat" },
    el("h2", { text: "Table chat" }), lines, form, readers, alert);
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
        readers.hidden = !msg.writable || ex.seat !== null;
        readers.textContent = msg.readers === "spectators"
          ? "Only the other spectators read what you write here: the players do not see it."
          : "Everyone at the table reads what you write here, the players too.";
        if (msg.readers === "spectators") text.setAttribute("aria-label", "Message to the other spectators");
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
      text: `${you(row)}: ${standing(row.score)}${row.winner ? " — winner" : ""}` }));
  }
  ex.lookback.append(el("h2", { text: "Final standings" }), standings,
    el("p", {}, el("a", { href: `/replay/${ex.matchId}`, id: "replay-link", text: "Step through the match, move by move" })));
  const rounds = summary.result.rounds;
  if (rounds.length) {
    const names = summary.seats.map((s, seat) => you({ ...s, seat }));
    const head = el("tr", {}, el("th", { scope: "col", text: "Round" }),
      ...names.map((n) => el("th", { scope: "col", text: n })));
    const body = rounds.map((r) => el("tr", {}, el("th", { scope: "row", text: String(r.round) }),
      ...r.scores.map((v) => el("td", { text: standing(v) }))));
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
  parts.notice = el("div", { class: "t-notice" });
  const state = el("div", { class: "t-state" }, parts.status, parts.clock, parts.notice, parts.alert, parts.result);
  parts.side.append(el("h2", { text: "What happened" }), parts.log);
  // The rail holds the decision and the log: beside the table on a wide screen, always in view;
  // on a narrow one it dissolves and the decision comes right after the status, the log last.
  const rail = el("div", { class: "t-rail" }, parts.actions, parts.side);
  root.append(parts.head, state, rail, parts.me, parts.middle, parts.others, parts.facts);
  return parts;
}

/**
 * Draw `scene` into `parts`. `ctx`: {seen: the Set returned by the previous call (or null),
 * path: opened two-step choices, clock, result (the state's, or null), open(choice), back(),
 * play(act, button),
 * badges(seat): an extra badge for a seat's panel or null (optional)}.
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
  parts.status.classList.toggle("result", Boolean(ctx.result));
  drawResult(parts.result, scene, ctx.result);
  drawActions(parts.actions, scene, ctx);
  const [first, ...rest] = scene.seats;
  clear(parts.me);
  if (first) parts.me.append(drawPanel(first, fresh, ctx.badges));
  parts.me.setAttribute("aria-label", first?.you ? "You" : first?.name ?? "");
  clear(parts.others);
  parts.others.classList.toggle("many", rest.length > 2);
  for (const panel of rest) parts.others.append(drawPanel(panel, fresh, ctx.badges));
  clear(parts.middle);
  for (const group of scene.middle) parts.middle.append(drawGroup(group, fresh));
  drawFacts(parts.facts, scene);
  fitHands(parts.me.parentNode ?? parts.me);
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

function drawResult(box, scene, result) {
  clear(box);
  box.hidden = !result;
  if (!result) return;
  box.append(el("h2", { text: "The match is over" }));
  if (scene.scores.length) {
    const winners = new Set(result.winners ?? []);
    const list = el("ul", { class: "scores", "aria-label": "Final scores" });
    for (const s of scene.scores) {
      list.append(el("li", { class: winners.has(s.seat) ? "winner" : "" },
        el("span", { text: s.name }), el("strong", { text: s.score }),
        winners.has(s.seat) ? el("span", { class: "won", text: "won" }) : null));
    }
    box.append(list);
  }
}

// -------------------------------------------------- the decision

// The keys of the choices, in order: a tenth choice and later have one too.
const KEYS = [..."1234567890abcdefghijklmnopqrstuvwxyz"];

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
      el("button", { type: "button", class: "step-back", text: "Back", "aria-keyshortcuts": "Escape", onclick: ctx.back })));
  }
  let key = 0;
  // Every choice has a key: 1 to 9, then 0, then letters (KEYS).
  for (const group of groups) {
    const row = el("div", { class: "choices", role: "group" });
    if (group.title) {
      const title = el("h3", { text: group.title });
      box.append(title);
      row.setAttribute("aria-label", group.title);
    }
    for (const choice of group.choices) {
      key += 1;
      const mark = KEYS[key - 1] ?? "";
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

function drawPanel(panel, fresh, more) {
  const classes = ["panel"];
  if (panel.you) classes.push("you");
  if (panel.active) classes.push("active");
  const box = el("section", { class: classes.join(" "), "aria-label": panel.name, "data-seat": String(panel.seat) });
  if (panel.active) box.setAttribute("aria-current", "true");
  const head = el("header", { class: "who" }, el("h2", { class: "name", text: panel.name }));
  for (const badge of panel.badges) head.append(drawBadge(badge));
  const extra = more?.(panel.seat);
  if (extra) head.append(drawBadge(extra));
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

// A fanned hand shows of each covered card a strip as wide as what tells it apart: its rank
// and note, measured as drawn (two digits, a word, any font), so "16" never reads "1". Called
// after each drawing, and when the width changes (a phone turned: the cards change size).
function fitHands(root) {
  for (const row of root.querySelectorAll(".z-hand .cards")) {
    let show = 0;
    for (const card of row.querySelectorAll(".card")) {
      const left = card.getBoundingClientRect().left;
      for (const part of card.querySelectorAll(".rank, .cnote")) {
        show = Math.max(show, part.getBoundingClientRect().right - left);
      }
    }
    if (show > 0) row.style.setProperty("--show", `${Math.ceil(show) + 4}px`);
    else row.style.removeProperty("--show");
  }
}
window.addEventListener("resize", () => fitHands(document));

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

export { clear, el, historyItem, sentence }; // for replay.js

const path = location.pathname.match(/^\/play\/([A-Za-z0-9_-]+)$/);
const rules = location.pathname.match(/^\/rules\/([A-Za-z0-9_-]+)$/);
const replayPath = location.pathname.match(/^\/replay\/([A-Za-z0-9_-]+)$/);
if (path) table(path[1]);
else if (rules) rulesPage(main, where, rules[1]);
else if (replayPath) {
  import("./replay.js").then((m) => m.replay(replayPath[1], main))
    .catch((error) => { main.textContent = `The match could not load: ${error}`; });
} else lobby().catch((error) => { main.textContent = `The lobby could not load: ${error}`; });
