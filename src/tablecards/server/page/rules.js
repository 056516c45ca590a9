// A game's rules drawn as a page, and the games described in the lobby.
// The server sends the rules as blocks of text spans (GET /api/games/{game}/rules: the same
// text as `tablecards rules GAME`); every text is set as textContent, never parsed as markup.

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

/** The address of a game's rules page. */
export function rulesUrl(game) {
  return `/rules/${encodeURIComponent(game)}`;
}

/** "2 to 6 players", "4 players". */
export function playersText(min, max) {
  return min === max ? `${min} players` : `${min} to ${max} players`;
}

/** A game's rules as sent by the server; throws an Error whose message says why not. */
export async function fetchRules(game) {
  const response = await fetch(`/api/games/${encodeURIComponent(game)}/rules`);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error ?? "the rules could not be loaded");
  return data;
}

function spans(node, list) {
  for (const span of list ?? []) {
    let text = document.createTextNode(span.text);
    if (span.code) text = el("code", {}, text);
    if (span.em) text = el("em", {}, text);
    if (span.strong) text = el("strong", {}, text);
    node.append(text);
  }
  return node;
}

function drawBlocks(box, blocks, shift) {
  for (const block of blocks ?? []) {
    if (block.kind === "heading") {
      const level = Math.min(6, Math.max(1, Number(block.level) + shift));
      box.append(spans(el(`h${level}`), block.spans));
    } else if (block.kind === "paragraph") {
      box.append(spans(el("p"), block.spans));
    } else if (block.kind === "list") {
      const list = el(block.ordered ? "ol" : "ul");
      if (block.ordered && block.start !== 1) list.setAttribute("start", String(block.start));
      for (const item of block.items) drawBlocks(list.appendChild(el("li")), item, shift);
      box.append(list);
    } else if (block.kind === "table") {
      const head = el("tr", {}, ...block.head.map((cell) => spans(el("th", { scope: "col" }), cell)));
      const rows = block.rows.map((row) => el("tr", {}, ...row.map((cell) => spans(el("td"), cell))));
      box.append(el("div", { class: "rules-table" },
        el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))));
    }
  }
  return box;
}

/** The rules drawn: an article of headings, paragraphs, lists and tables. `shift` lowers every
 * heading (1: the rules' title becomes an h2, under a page's own h1). */
export function drawRules(data, shift = 0) {
  const article = el("article", { class: "rules", lang: "en" });
  const facts = el("p", { class: "rules-facts" },
    el("span", { text: playersText(data.players.min, data.players.max) }),
    data.length ? el("span", { text: ` · ${data.length}` }) : null);
  // Under the rules' own title (their first heading), before the rest.
  const [first, ...rest] = data.blocks ?? [];
  const titled = first?.kind === "heading" && first.level === 1;
  drawBlocks(article, titled ? [first] : [], shift);
  article.append(facts);
  return drawBlocks(article, titled ? rest : data.blocks, shift);
}

/** The page at /rules/{game}: the rules alone, with a way back. */
export async function rulesPage(main, where, game) {
  where.textContent = "Rules";
  main.replaceChildren(el("p", { text: "Loading the rules…" }));
  let data;
  try {
    data = await fetchRules(game);
  } catch (error) {
    document.title = "No such game — tablecards";
    main.replaceChildren(el("h1", { id: "no-rules", text: "No rules here" }),
      el("p", { text: sentence(`${error.message}.`) }), el("p", {}, el("a", { href: "/", text: "Back to the lobby" })));
    return;
  }
  document.title = `${data.title}: the rules — tablecards`;
  where.textContent = `${data.title}: the rules`;
  main.classList.add("rules-page");
  main.replaceChildren(el("p", { class: "rules-back" }, el("a", { href: "/", text: "← Back to the lobby" })),
    drawRules(data));
}

/** A "Rules" button for the table's header: it opens the rules over the table, in a dialog
 * closed with its button or Escape (the table stays connected underneath). */
export function rulesButton(game) {
  const body = el("div", { class: "rules-body" });
  // The focus goes to Close when the dialog opens: one key (Enter, or Escape) closes it.
  const close = el("button", { type: "button", class: "rules-close", text: "Close", autofocus: "" });
  const own = el("a", { href: rulesUrl(game.name), target: "_blank", rel: "noopener", text: "Open in a new tab" });
  const dialog = el("dialog", { id: "rules-dialog", "aria-label": `${game.title}: the rules` },
    el("div", { class: "rules-bar" }, el("strong", { text: `${game.title}: the rules` }), own, close), body);
  close.addEventListener("click", () => dialog.close());
  const button = el("button", { type: "button", id: "rules-open", "aria-haspopup": "dialog", text: "Rules" });
  button.addEventListener("click", async () => {
    if (!body.firstChild) {
      try {
        body.append(drawRules(await fetchRules(game.name), 1));
      } catch (error) {
        body.append(el("p", { class: "alert", text: sentence(`${error.message}.`) }));
      }
    }
    dialog.showModal();
    body.scrollTop = 0;
  });
  document.body.append(dialog);
  return button;
}

/** The lobby's list of games: each with its line, its players, its length and its rules.
 * The examples (games to learn from) only when `examples` is true, after the others. */
export function gamesList(games, examples) {
  const list = el("ul", { class: "games", id: "games" });
  for (const g of games) {
    if (g.example && !examples) continue;
    const facts = [playersText(g.min_players, g.max_players), g.length].filter(Boolean).join(" · ");
    list.append(el("li", { class: g.example ? "game example" : "game", "data-game": g.name },
      el("h3", { text: g.example ? `${g.title} (example)` : g.title }),
      g.summary ? el("p", { class: "summary", text: g.summary }) : null,
      el("p", { class: "count", text: facts }),
      el("a", { class: "rules-link", href: rulesUrl(g.name), text: `Rules of ${g.title}` })));
  }
  return list;
}
