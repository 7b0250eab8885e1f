// The advisor's table (widgets/analysis.py), after common.js and before each game's board.js: a
// section of its own under the board, full width, drawn from the `analysis` trait only. Python
// chooses whose information the advisor uses and which places a move touches; the page only asks
// (the toggle), previews a row (hover or focus: marks the move's places on the board, in the page
// only) and picks one ("analysis-select": Python checks the row and keeps the choice). Playing the
// chosen move is an ordinary "act", which the engine judges.

const ANALYSIS_TOP = 8; // rows shown until "show all"

// Called by startDrawing on every redraw of the board: the section is made once, beside the board
// (a redraw of the board does not rebuild it), and the board's marks are put back after the redraw.
function mountAnalysis(root, model) {
  if (model.get("analyse") === undefined) return;
  queueMicrotask(() => markAnalysisPlaces(root, model)); // once the board's redraw is done
  if (root._analysis?.isConnected) return;
  const section = el("div", "tk-board tk-analysis");
  section.setAttribute("role", "region");
  section.setAttribute("aria-label", t(model, "analysis_region"));
  section._state = { all: false, preview: null };
  root._analysis = section;
  root.after(section);
  const redraw = () => {
    if (!section.isConnected) return forget();
    drawAnalysis(section, root, model);
    markAnalysisPlaces(root, model);
  };
  const progress = (message) => {
    if (!section.isConnected) return forget();
    if (!message || message.kind !== "analysis-progress") return;
    const node = section.querySelector(".tk-analysis-progress");
    if (node) node.textContent = t(model, "analysing_percent", { percent: percent(model, message.done / message.total) });
  };
  const events = ["change:analyse", "change:analysis", "change:analysis_choice", "change:words"];
  const forget = () => {
    events.forEach((name) => model.off(name, redraw));
    model.off("msg:custom", progress);
  };
  events.forEach((name) => model.on(name, redraw));
  model.on("msg:custom", progress);
  drawAnalysis(section, root, model);
}

// The chosen row's places (kept by Python) and the previewed row's (the page's own) marked on the board.
function markAnalysisPlaces(root, model) {
  root.querySelectorAll(".tk-advised, .tk-previewed").forEach((node) => node.classList.remove("tk-advised", "tk-previewed"));
  const chosen = new Set(model.get("analysis_choice")?.places || []);
  const preview = new Set(root._analysis?._state.preview || []);
  if (!chosen.size && !preview.size) return;
  root.querySelectorAll("[data-focus-key]").forEach((node) => {
    if (chosen.has(node.dataset.focusKey)) node.classList.add("tk-advised");
    if (preview.has(node.dataset.focusKey)) node.classList.add("tk-previewed");
  });
}

// Numbers as the board's language writes them (0,75 and 75 % in nb, pl and sv).
const signed = (model, x, digits = 1) =>
  (x > 0 ? "+" : x < 0 ? "−" : "±") +
  Math.abs(x).toLocaleString(model.get("lang") || "en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (model, x) =>
  x.toLocaleString(model.get("lang") || "en", { style: "percent", maximumFractionDigits: 0 });

function drawAnalysis(section, root, model) {
  const level = percent(model, 0.95); // the intervals' confidence, as the language writes it
  const state = section._state;
  section.replaceChildren();
  const on = Boolean(model.get("analyse"));
  const analysis = model.get("analysis") || {};
  const head = el("div", "tk-analysis-head");
  const toggle = el("button", `tk-button tk-analyse${on ? " tk-primary" : ""}`, t(model, on ? "analysis_on" : "analyse"));
  toggle.setAttribute("aria-pressed", String(on));
  toggle.title = t(model, "analyse_hint");
  const progress = el("span", "tk-analysis-progress", on && analysis.running ? t(model, "analysing") : "");
  progress.setAttribute("aria-hidden", "true"); // a running figure; the board's live region speaks
  toggle.addEventListener("click", () => {
    if (!on) progress.textContent = t(model, "analysing");
    model.send({ kind: "analyse", on: !on });
  });
  head.append(toggle, progress);
  section.append(head);
  if (!on) return;
  if (analysis.note) return section.append(el("div", "tk-analysis-note", analysis.note));
  if (analysis.running) {
    section.dataset.state = "running";
    if (analysis.preparing) section.append(el("div", "tk-analysis-note tk-preparing", analysis.preparing));
    return;
  }
  if (!analysis.rows) return;
  section.dataset.state = "ready";
  const everything = analysis.information === "everything";
  head.append(
    el(
      "span",
      "tk-analysis-note",
      t(model, everything ? "analysis_everything" : "analysis_own", { seat: analysis.seat }),
    ),
  );
  const ties = analysis.ties || [];
  const tieOf = new Map();
  ties.forEach((tie, index) => tie.actions.forEach((action) => tieOf.set(action, String.fromCharCode(65 + index))));
  const choice = model.get("analysis_choice") || {};
  // a move in the board's language; the notation (row.action) is what goes back to Python
  const words = (action) => (analysis.words || {})[action] || action;
  const rows = analysis.rows;
  const shown = state.all ? rows : rows.slice(0, ANALYSIS_TOP);

  const table = el("table", "tk-analysis-table");
  table.setAttribute("aria-label", t(model, "analysis_table"));
  const head2 = el("tr");
  ["rank", "move", "score", "vs_best", "win", ...(everything ? ["knows"] : [])].forEach((column) => {
    const th = el("th", "", t(model, `column_${column}`));
    th.title = t(model, `column_${column}_hint`, { seat: analysis.seat, level });
    if (column === "score") th.setAttribute("aria-sort", "descending");
    head2.append(th);
  });
  table.append(head2);
  shown.forEach((row, index) => {
    const tr = el("tr", `tk-analysis-row${choice.row === index ? " tk-chosen-row" : ""}`);
    tr.dataset.row = String(index);
    tr.tabIndex = 0;
    tr.setAttribute("aria-selected", String(choice.row === index));
    tr.append(el("td", "tk-analysis-figure tk-analysis-rank", String(index + 1)));
    const move = el("td", "tk-analysis-action", words(row.action));
    move.dataset.action = row.action;
    if (tieOf.has(row.action)) {
      const badge = el("span", "tk-tie", t(model, "tie_badge", { letter: tieOf.get(row.action) }));
      badge.title = t(model, "tie_hint");
      move.append(" ", badge);
    }
    tr.append(move);
    const interval = (low, high) => t(model, "interval", { low, high });
    const own = el("td", "tk-analysis-figure", `${signed(model, row.difference)} `);
    own.append(el("span", "tk-ci", interval(signed(model, row.difference_low), signed(model, row.difference_high))));
    own.title = t(model, "difference_hint", {
      level,
      difference: signed(model, row.difference, 2),
      low: signed(model, row.difference_low, 2),
      high: signed(model, row.difference_high, 2),
      n: row.n,
    });
    tr.append(own);
    const vs = el("td", "tk-analysis-figure tk-vs");
    if (row.vs_best === 0 && row.vs_best_low === 0 && row.vs_best_high === 0) {
      vs.append(t(model, index === 0 ? "best" : "equal_best"));
    } else {
      // two decimals: a paired interval is narrow, and its end near zero is what the column is read for
      vs.append(
        `${signed(model, row.vs_best, 2)} `,
        el("span", "tk-ci", interval(signed(model, row.vs_best_low, 2), signed(model, row.vs_best_high, 2))),
      );
      if (row.vs_best_high < 0) vs.classList.add("tk-vs-worse");
    }
    vs.title = t(model, row.vs_best_high < 0 ? "worse_hint" : index === 0 ? "best_hint" : "not_told_apart_hint", { level });
    tr.append(vs);
    const cell = el("td", "tk-analysis-bar-cell");
    const bar = el("div", "tk-analysis-bar");
    const fill = el("div", "tk-analysis-fill");
    fill.style.width = `${(100 * row.win).toFixed(1)}%`;
    const whisker = el("div", "tk-analysis-whisker");
    whisker.style.left = `${(100 * row.win_low).toFixed(1)}%`;
    whisker.style.width = `${(100 * (row.win_high - row.win_low)).toFixed(1)}%`;
    bar.append(fill, whisker);
    const [win, low, high] = [row.win, row.win_low, row.win_high].map((x) => percent(model, x));
    cell.append(bar, el("span", "tk-analysis-figure", `${win} `), el("span", "tk-ci", `(${low}–${high})`));
    cell.title = t(model, "win_hint", { win, low, high, n: row.n, level });
    tr.append(cell);
    if (everything) tr.append(el("td", "tk-analysis-figure", percent(model, row.known_win)));
    const preview = (places) => {
      state.preview = places;
      markAnalysisPlaces(root, model);
    };
    tr.addEventListener("mouseenter", () => preview(row.places));
    tr.addEventListener("mouseleave", () => preview(null));
    tr.addEventListener("focus", () => preview(row.places));
    tr.addEventListener("blur", () => preview(null));
    const pick = () => model.send({ kind: "analysis-select", row: choice.row === index ? null : index });
    tr.addEventListener("click", pick);
    tr.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        pick();
      }
    });
    table.append(tr);
  });
  section.append(table);
  if (rows.length > ANALYSIS_TOP) {
    const more = el(
      "button",
      "tk-button tk-analysis-all",
      state.all ? tn(model, "show_best", ANALYSIS_TOP) : tn(model, "show_all", rows.length),
    );
    more.setAttribute("aria-expanded", String(state.all));
    more.addEventListener("click", () => {
      state.all = !state.all;
      drawAnalysis(section, root, model);
    });
    section.append(more);
  }
  if (choice.action) {
    const chosen = el("div", "tk-analysis-choice");
    chosen.append(el("span", "", `${t(model, "chosen", { action: words(choice.action) })} `));
    const play = el("button", "tk-button tk-primary tk-analysis-play", t(model, "play_action", { action: words(choice.action) }));
    play.addEventListener("click", () => model.send({ kind: "act", action: choice.action }));
    const drop = el("button", "tk-button tk-analysis-drop", t(model, "drop_choice"));
    drop.addEventListener("click", () => model.send({ kind: "analysis-select", row: null }));
    chosen.append(play, drop);
    section.append(chosen);
  }
  if (ties.length) {
    const list = el("ul", "tk-analysis-ties");
    ties.forEach((tie, index) => list.append(el("li", "", t(model, "tie_line", { letter: String.fromCharCode(65 + index), sentence: tie.sentence }))));
    section.append(list);
  }
  section.append(
    el(
      "div",
      "tk-analysis-note",
      t(model, "analysis_sorted", {
        n: analysis.n,
        policy: t(model, `bot_${analysis.policy}`),
        seconds: analysis.seconds.toLocaleString(model.get("lang") || "en"),
      }) +
        `${analysis.engine_note ? ` (${analysis.engine_note}.)` : ""} ${t(model, "analysis_hover")}`,
    ),
  );
}
