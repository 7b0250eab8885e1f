// What every board shares, put in front of each game's board.js (see widgets/assets.py):
// small DOM helpers, the side panel (scores, the engine's messages, controls, the event log), the
// pass-the-device screen, and one redraw per message from Python.

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function inkFor(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 ? "#1b1b1b" : "#ffffff";
}

// The side panel. `scores`: rows of cells (first row is the header) or null; `extra`: more
// controls (nodes) for this game; `note`: a hint from the board itself when Python said nothing.
function boardPanel(model, { title, scores, extra = [], note = "", onReset = () => {} }) {
  const side = el("div", "tk-panel");
  side.append(el("div", "tk-panel-title", title));
  if (scores) {
    const table = el("table", "tk-scores");
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
  box.textContent = message || "The rules engine's answers appear here.";
  side.append(box);

  const controls = el("div", "tk-controls");
  const mode = el("select", "tk-mode");
  [["bot", "Against bots"], ["hotseat", "Hot-seat (pass the device)"], ["open", "Open teaching mode"]].forEach(
    ([value, text]) => {
      const option = el("option", "", text);
      option.value = value;
      option.selected = model.get("mode") === value;
      mode.append(option);
    },
  );
  mode.addEventListener("change", () => {
    onReset();
    model.set("mode", mode.value);
    model.save_changes();
  });
  controls.append(mode);
  if (model.get("mode") !== "hotseat") {
    const bot = el("select", "tk-bot");
    model.get("bot_names").forEach((name) => {
      const option = el("option", "", `${name} bot`);
      option.value = name;
      option.selected = model.get("bot") === name;
      bot.append(option);
    });
    bot.addEventListener("change", () => {
      model.set("bot", bot.value);
      model.save_changes();
    });
    controls.append(bot);
  }
  const seed = el("input", "tk-seed");
  seed.type = "number";
  seed.value = String(model.get("seed") ?? "");
  seed.title = "seed of the next game";
  const seedLabel = el("label", "tk-seed-label", "seed ");
  seedLabel.append(seed);
  const fresh = el("button", "tk-button tk-new", "New game");
  fresh.addEventListener("click", () => {
    onReset();
    model.send({ kind: "new", seed: seed.value === String(model.get("seed") ?? "") ? null : seed.value });
  });
  const undo = el("button", "tk-button tk-undo", "Undo");
  undo.addEventListener("click", () => {
    onReset();
    model.send({ kind: "undo" });
  });
  controls.append(seedLabel, fresh, undo);
  if (model.get("mode") === "open") {
    const botMove = el("button", "tk-button tk-bot-move", "Bot move");
    botMove.title = "let the bot make the next action for the player to move";
    botMove.addEventListener("click", () => model.send({ kind: "bot-move" }));
    controls.append(botMove);
  }
  extra.forEach((node) => controls.append(node));
  side.append(controls);

  const log = el("ol", "tk-log");
  model.get("log_lines").forEach((line) => log.append(el("li", "", line)));
  side.append(el("div", "tk-panel-title", "What happened"), log);
  requestAnimationFrame(() => (log.scrollTop = log.scrollHeight)); // newest events in sight
  return side;
}

// Start a fresh drawing of `root`: the title, the status line, and in the open mode a banner that
// says every card is visible. `data-steps` lets tests and benchmarks see each re-render.
function startDrawing(root, model, view, title, statusText, openBanner) {
  root.replaceChildren();
  root.dataset.steps = String(model.get("steps"));
  const top = el("div", "tk-top");
  top.append(el("span", "tk-title", title), el("span", "tk-status", statusText));
  root.append(top);
  if (view.open) root.append(el("div", "tk-banner", `Open teaching mode: ${openBanner}`));
}

// Hot-seat: the screen between turns, until the next player asks to see their hand.
function handoverBlock(model, seat) {
  const cover = el("div", "tk-handover");
  cover.append(el("div", "", `Player ${seat}, it is your turn. Make sure nobody else can see the screen.`));
  const button = el("button", "tk-button tk-primary", `I am player ${seat}: show my hand`);
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
  const events = ["view", "message", "message_kind", "handover", "log_lines", "mode", "bot", "seed"].map((n) => `change:${n}`);
  events.forEach((name) => model.on(name, redraw));
  return () => events.forEach((name) => model.off(name, redraw));
}
