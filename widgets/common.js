// What every board shares, put in front of each game's board.js (see widgets/assets.py):
// small DOM helpers, the side panel (scores, the engine's messages, controls, the event log), the
// pass-the-device screen, and one redraw per message from Python.

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Every word a board shows comes from Python, in the board's language (the `words` trait, made by
// widgets/words.py): `t(model, "handover_button", { seat: 2 })` fills the named places of one.
// `source` is the model, or a view carrying the words (`withWords`).
function t(source, key, params = {}) {
  const words = (source.get ? source.get("words") : source.words) || {};
  const text = words[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

// A count's form ("1 card", "2 cards"; Polish has three): Python sends each of the language's
// plural categories, the browser's Intl.PluralRules picks one for `n`.
function tn(source, key, n, params = {}) {
  const words = (source.get ? source.get("words") : source.words) || {};
  const forms = words[key] || {};
  const form = forms[new Intl.PluralRules(words.lang || "en").select(n)] ?? forms.other ?? key;
  return t({ words: { [key]: form } }, key, { n, ...params });
}

// The view to draw, with the board's words beside it for the drawing functions that get only a view.
function withWords(model) {
  const view = model.get("view");
  return view && { ...view, words: model.get("words") };
}

function inkFor(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 ? "#1b1b1b" : "#ffffff";
}

// The side panel. `scores`: rows of cells (first row is the header) or null; `extra`: more
// controls (nodes) for this game; `note`: a hint from the board itself when Python said nothing.
function boardPanel(model, { title, scores, extra = [], note = "", onReset = () => {} }) {
  const side = el("div", "tk-panel");
  side.setAttribute("role", "region");
  side.setAttribute("aria-label", t(model, "panel_region", { title }));
  side.append(el("div", "tk-panel-title", title));
  if (scores) {
    const table = el("table", "tk-scores");
    table.setAttribute("aria-label", t(model, "scores"));
    scores.forEach((row, index) => {
      const tr = el("tr");
      row.forEach((cell) => tr.append(el(index === 0 ? "th" : "td", "", String(cell))));
      table.append(tr);
    });
    side.append(table);
  }
  const message = model.get("message") || note;
  const error = model.get("message_kind") === "error" && model.get("message");
  const box = el("div", `tk-message${!message ? " tk-empty" : error ? " tk-error" : ""}`);
  box.textContent = message || t(model, "engine_answers");
  // screen readers hear each answer from the board's one live region (startDrawing), not from
  // this box, which every redraw rebuilds
  side.append(box);
  if (model.get("bots_waiting")) {
    const next = el("button", "tk-button tk-primary tk-next", t(model, "next_bot_move"));
    next.title = t(model, "next_bot_move_hint");
    next.addEventListener("click", () => model.send({ kind: "next" }));
    side.append(next);
  }
  const recent = model.get("recent") || [];
  if (recent.length) {
    side.append(el("div", "tk-panel-title", t(model, "since_last_move")));
    const list = el("ul", "tk-recent");
    list.setAttribute("aria-label", t(model, "since_last_move_label"));
    recent.forEach((event) => list.append(el("li", "", event.text)));
    side.append(list);
  }

  const controls = el("div", "tk-controls");
  controls.setAttribute("role", "group");
  controls.setAttribute("aria-label", t(model, "game_controls"));
  const mode = el("select", "tk-mode");
  ["bot", "hotseat", "open"].map((value) => [value, t(model, `mode_${value}`)]).forEach(
    ([value, text]) => {
      const option = el("option", "", text);
      option.value = value;
      option.selected = model.get("mode") === value;
      mode.append(option);
    },
  );
  mode.title = t(model, "mode_hint");
  mode.setAttribute("aria-label", t(model, "mode"));
  mode.addEventListener("change", () => {
    if (model.get("steps") > 0) {
      // a mode change is asked first: it changes who sees what from here on
      side.querySelector(".tk-confirm")?.remove();
      const ask = el("div", "tk-confirm");
      ask.append(el("span", "", t(model, "switch_ask", { mode: mode.selectedOptions[0].text, change: t(model, `mode_change_${mode.value}`) })));
      const yes = el("button", "tk-button tk-primary", t(model, "switch"));
      const no = el("button", "tk-button", t(model, "keep_playing"));
      yes.addEventListener("click", () => {
        onReset();
        model.set("mode", mode.value);
        model.save_changes();
      });
      no.addEventListener("click", () => {
        mode.value = model.get("mode");
        ask.remove();
      });
      ask.append(yes, no);
      controls.after(ask);
      yes.focus();
      return;
    }
    onReset();
    model.set("mode", mode.value);
    model.save_changes();
  });
  controls.append(mode);
  if (model.get("mode") !== "hotseat") {
    const bot = el("select", "tk-bot");
    model.get("bot_names").forEach((name) => {
      const option = el("option", "", t(model, "bot_option", { bot: t(model, `bot_${name}`) }));
      option.value = name;
      option.selected = model.get("bot") === name;
      bot.append(option);
    });
    bot.setAttribute("aria-label", t(model, "bot"));
    bot.addEventListener("change", () => {
      model.set("bot", bot.value);
      model.save_changes();
    });
    controls.append(bot);
  }
  if (model.get("mode") === "bot") {
    const pace = el("select", "tk-pace");
    pace.setAttribute("aria-label", t(model, "pace"));
    pace.title = t(model, "pace_hint");
    ["instant", "step"].map((value) => [value, t(model, `pace_${value}`)]).forEach(([value, text]) => {
      const option = el("option", "", text);
      option.value = value;
      option.selected = model.get("pace") === value;
      pace.append(option);
    });
    pace.addEventListener("change", () => model.send({ kind: "pace", pace: pace.value }));
    controls.append(pace);
  }
  const seed = el("input", "tk-seed");
  seed.type = "number";
  seed.value = String(model.get("seed") ?? "");
  seed.title = t(model, "next_seed");
  seed.setAttribute("aria-label", t(model, "next_seed"));
  const seedLabel = el("label", "tk-seed-label", `${t(model, "seed")} `);
  seedLabel.append(seed);
  const fresh = el("button", "tk-button tk-new", t(model, "new_game"));
  fresh.addEventListener("click", () => {
    onReset();
    model.send({ kind: "new", seed: seed.value === String(model.get("seed") ?? "") ? null : seed.value });
  });
  const undo = el("button", "tk-button tk-undo", t(model, "undo"));
  const blocked = model.get("undo_blocked");
  undo.disabled = Boolean(blocked);
  undo.title = blocked ? t(model, "undo_blocked", { why: blocked }) : t(model, "undo_hint");
  undo.addEventListener("click", () => {
    onReset();
    model.send({ kind: "undo" });
  });
  controls.append(seedLabel, fresh, undo);
  const language = el("select", "tk-lang");
  language.setAttribute("aria-label", t(model, "language"));
  Object.entries((model.get("words") || {}).languages || {}).forEach(([code, name]) => {
    const option = el("option", "", name);
    option.value = code;
    option.selected = model.get("lang") === code;
    language.append(option);
  });
  language.addEventListener("change", () => {
    model.set("lang", language.value);
    model.save_changes();
  });
  controls.append(language);
  if (model.get("mode") === "open") {
    const botMove = el("button", "tk-button tk-bot-move", t(model, "bot_move"));
    botMove.title = t(model, "bot_move_hint");
    botMove.addEventListener("click", () => model.send({ kind: "bot-move" }));
    controls.append(botMove);
  }
  extra.forEach((node) => controls.append(node));
  side.append(controls);

  // numbered by hand, not by the list's own markers: those sit outside the box, where a narrow
  // panel cut the first digits off "10." and "100."; these get the width of the longest number
  const log = el("ol", "tk-log");
  log.setAttribute("role", "log");
  log.setAttribute("aria-label", t(model, "what_happened_label"));
  const lines = model.get("log_lines");
  const first = model.get("log_first") || 1; // the newest lines only: numbered as in the whole log
  const width = `${String(first + lines.length - 1).length + 1}ch`;
  log.start = first;
  lines.forEach((line, i) => {
    const number = el("span", "tk-log-n", `${first + i}.`);
    number.style.minWidth = width;
    number.setAttribute("aria-hidden", "true"); // a list is announced with its positions already
    const item = el("li");
    item.append(number, el("span", "tk-log-text", line));
    log.append(item);
  });
  side.append(el("div", "tk-panel-title", t(model, "what_happened")), log);
  requestAnimationFrame(() => (log.scrollTop = log.scrollHeight)); // newest events in sight
  return side;
}

// The end-of-round screen: tables and lines from Python, and "Continue". Nothing moves until then.
function summaryBlock(model) {
  const summary = model.get("summary");
  if (!summary || !summary.title) return null;
  const block = el("div", "tk-summary");
  block.setAttribute("role", "dialog");
  block.setAttribute("aria-label", summary.title);
  block.append(el("div", "tk-summary-title", summary.title));
  (summary.tables || []).forEach((data) => {
    const table = el("table", "tk-summary-table");
    if (data.caption) table.append(el("caption", "", data.caption));
    const head = el("tr");
    data.header.forEach((cell) => head.append(el("th", "", String(cell))));
    table.append(head);
    data.rows.forEach((row, index) => {
      const tr = el("tr", data.total && index === data.rows.length - 1 ? "tk-total" : "");
      row.forEach((cell) => tr.append(el("td", "", String(cell))));
      table.append(tr);
    });
    block.append(table);
  });
  (summary.lines || []).forEach((line) => block.append(el("p", "tk-summary-line", line)));
  const go = el("button", "tk-button tk-primary tk-continue", summary.button || t(model, "continue"));
  go.addEventListener("click", () => model.send({ kind: "continue" }));
  block.append(go);
  requestAnimationFrame(() => go.isConnected && go.focus());
  return block;
}

// Make `node` playable by mouse and keyboard: focusable (Tab), Enter or Space act like a click,
// and `label` is its accessible name ("Himalaya 10, in your hand"). `key` names the place for the
// focus across redraws ("hand-2", "deck"); without one, the label does (minus "selected").
function clickable(node, label, onActivate, key) {
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  if (label) node.setAttribute("aria-label", label);
  if (key || label) node.dataset.focusKey = key || label.replace(/, selected$/, ""); // found again after a redraw
  node.addEventListener("click", onActivate);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(event);
    }
  });
  return node;
}

// Escape anywhere on the board drops the current selection (keyboard play: Tab, Enter, Escape).
function onEscape(root, drop) {
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") drop();
  });
}

// Arrow keys move within a row of places (the hand, the piles) and between rows: each place is
// marked with `navigable(node, row, column)`; up and down go to the nearest row above or below, to
// the place in the same column or the nearest one.
function navigable(node, row, column) {
  node.dataset.navRow = String(row);
  node.dataset.navCol = String(column);
  return node;
}

const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

function arrowTarget(root, from, key) {
  const [down, across] = ARROWS[key];
  const places = [...root.querySelectorAll("[data-nav-row]")];
  const at = (node) => [Number(node.dataset.navRow), Number(node.dataset.navCol)];
  const [row, column] = at(from);
  if (across) {
    const same = places.filter((node) => at(node)[0] === row).sort((a, b) => at(a)[1] - at(b)[1]);
    return same[same.indexOf(from) + across] ?? null;
  }
  const rows = [...new Set(places.map((node) => at(node)[0]))].filter((r) => (down > 0 ? r > row : r < row));
  if (!rows.length) return null;
  const next = down > 0 ? Math.min(...rows) : Math.max(...rows);
  const there = places.filter((node) => at(node)[0] === next);
  return there.reduce((best, node) => (Math.abs(at(node)[1] - column) < Math.abs(at(best)[1] - column) ? node : best));
}

// What the board's keys do: arrows move the focus (above); and no key pressed on the board reaches
// JupyterLab, whose single-letter shortcuts would act on the notebook while a card has focus ("b"
// inserts a cell, "d d" deletes the board's own). Keys with Ctrl, Alt or Meta (saving, the
// browser's own) still go through.
function boardKeys(root) {
  root.dataset.lmSuppressShortcuts = "true";
  root.addEventListener("keydown", (event) => {
    if (ARROWS[event.key] && event.target.dataset?.navRow !== undefined) {
      const target = arrowTarget(root, event.target, event.key);
      event.preventDefault(); // no scrolling of the page either
      if (target) target.focus();
    }
    if (!event.ctrlKey && !event.altKey && !event.metaKey) event.stopPropagation();
  });
}

// After an action the focus goes to the place where the next key press is wanted (`key`, as in
// `clickable`): once the game has moved on from `steps` (null: at the next redraw). A refused
// action leaves the focus where it was.
function focusNext(root, key, steps = null) {
  root._focusNext = { key, steps };
}

// The one live region of a board, beside it (not in it: a redraw rebuilds everything in it), so
// that screen readers hear each new message or status line once.
function announce(root) {
  if (!root._live) {
    root._live = el("div", "tk-live");
    root._live.setAttribute("role", "status");
    root._live.setAttribute("aria-live", "polite");
    root.after(root._live);
  }
  const message = root.querySelector(".tk-message:not(.tk-empty)")?.textContent ?? "";
  const status = root.querySelector(".tk-status")?.textContent ?? "";
  const said = root._said ?? {};
  const text = message && message !== said.message ? message : status !== said.status ? status : null;
  root._said = { message, status };
  if (text) root._live.textContent = text;
}

// The status line while an end-of-round screen waits for Continue (null when none waits): the
// table behind it is no longer anybody's turn.
function roundOverStatus(model) {
  const summary = model.get("summary");
  if (!summary || !summary.title) return null;
  return t(model, "round_over_status", { title: summary.title, button: summary.button || t(model, "continue") });
}

// Marks of what changed since the viewer's last move: `node` gets a coloured ring, a badge, and `words`
// (read by screen readers and shown as a tooltip), e.g. "new: played by player 1".
function markNew(view, node, words, kind = "new") {
  if (!node) return;
  node.classList.add(kind === "drawn" ? "tk-drawn" : "tk-changed");
  node.dataset.mark = t(view, kind === "drawn" ? "mark_drawn" : "mark_new");
  node.title = node.title ? `${node.title} — ${words}` : words;
  const label = node.getAttribute("aria-label");
  if (label) node.setAttribute("aria-label", `${label}, ${words}`);
}

// Start a fresh drawing of `root`: the title, the status line, and in the open mode a banner that
// says every card is visible. `data-steps` lets tests and benchmarks see each re-render.
function startDrawing(root, model, view, title, statusText, openBanner) {
  if (!root.dataset.keys) {
    root.dataset.keys = "on";
    boardKeys(root);
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", t(model, "board_label", { title }));
  }
  // keyboard play: the focus goes where the board asked (focusNext), else the focused place keeps
  // it across the redraw (nodes are rebuilt); the board itself only when neither is there
  const focused = root.contains(document.activeElement) ? document.activeElement : null;
  const wanted = root._focusNext;
  let key = focused?.dataset.focusKey;
  if (wanted && (wanted.steps === null || wanted.steps !== model.get("steps"))) {
    key = wanted.key;
    root._focusNext = null;
  } else if (wanted && model.get("message_kind") === "error") {
    root._focusNext = null; // refused: the focus stays
  }
  if (focused || (wanted && key === wanted.key)) {
    const text = focused && focused.tagName === "BUTTON" ? focused.textContent : null;
    queueMicrotask(() => {
      const again = key
        ? [...root.querySelectorAll("[data-focus-key]")].find((node) => node.dataset.focusKey === key)
        : [...root.querySelectorAll("button")].find((node) => node.textContent === text && !node.disabled);
      const fallback = root.querySelector("[data-focus-home]");
      (again || fallback || root).focus({ preventScroll: true });
    });
  }
  queueMicrotask(() => announce(root));
  root.tabIndex = -1;
  root.lang = model.get("lang") || "en"; // screen readers and hyphenation follow the board's language
  root.replaceChildren();
  root.dataset.steps = String(model.get("steps"));
  const top = el("div", "tk-top");
  top.append(el("span", "tk-title", title), el("span", "tk-status", statusText));
  root.append(top);
  if (view.open) root.append(el("div", "tk-banner", t(model, "open_banner", { banner: openBanner })));
  mountAnalysis(root, model); // the advisor's table under the board (analysis.js), once
}

// Hot-seat: the screen between turns, until the next player asks to see their hand.
function handoverBlock(model, seat) {
  const cover = el("div", "tk-handover");
  cover.append(el("div", "", t(model, "handover_prompt", { seat })));
  const button = el("button", "tk-button tk-primary", t(model, "handover_button", { seat }));
  button.dataset.focusHome = ""; // where the keyboard's focus waits while the device changes hands
  button.addEventListener("click", () => model.send({ kind: "take-over" }));
  cover.append(button);
  return cover;
}

// Whose hand a board shows: the viewer's, or in the open mode the player to move. On the
// pass-the-device screen it draws that screen into `block` instead; null means no hand to show.
function shownSeat(model, view, block) {
  if (model.get("handover")) {
    block.append(handoverBlock(model, view.to_move));
    return null;
  }
  return (view.open ? view.to_move : view.viewer) ?? null;
}

// Python changes several traits in one message; draw once for all of them, right after.
function redrawOnChange(model, draw) {
  let pending = false;
  const redraw = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw();
    });
  };
  const events = [
    "view", "message", "message_kind", "handover", "log_lines", "log_first", "mode", "bot", "seed",
    "recent", "summary", "bots_waiting", "undo_blocked", "pace", "lang", "words",
  ].map((n) => `change:${n}`);
  events.forEach((name) => model.on(name, redraw));
  return () => events.forEach((name) => model.off(name, redraw));
}
