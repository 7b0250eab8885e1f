// Reviewing a game (widgets/review.py), appended to every board's bundle: `withReview` wraps the
// board's own `render`, which draws whatever view Python gives it (during a review, the reviewed
// moment as the reader saw it). Below the board: save and load, and the review itself (a move
// list, the evaluation graph, the costliest decisions, what-if). Python decides everything; the
// page only asks. Every word is the board's `words` trait (widgets/words.py, REVIEW), numbers as
// the board's language writes them. Top-level declarations are functions: the board's `export
// default` calls withReview before the rest of this file has run.

function withReview(widget) {
  return {
    render({ model, el: host }) {
      const boardHost = document.createElement("div");
      const panel = document.createElement("div");
      panel.className = "tk-review";
      panel.tabIndex = 0;
      panel.setAttribute("role", "region");
      host.append(boardHost, panel);
      const cleanup = widget.render({ model, el: boardHost });
      const redraw = () => drawReview(model, panel);
      const onKey = (event) => reviewKey(model, event);
      const onMessage = (message) => saveDownload(message);
      const events = ["change:review", "change:practice", "change:words"];
      events.forEach((name) => model.on(name, redraw));
      model.on("msg:custom", onMessage);
      host.addEventListener("keydown", onKey, true);
      redraw();
      return () => {
        events.forEach((name) => model.off(name, redraw));
        model.off("msg:custom", onMessage);
        host.removeEventListener("keydown", onKey, true);
        if (typeof cleanup === "function") cleanup();
      };
    },
  };
}

function reviewKey(model, event) {
  const review = model.get("review") || {};
  if (!review.on) return;
  const target = event.target;
  if (target && (target.tagName === "SELECT" || target.tagName === "INPUT")) return;
  const moves = { ArrowLeft: review.at - 1, ArrowRight: review.at + 1, Home: 0, End: review.length - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  event.stopPropagation();
  const to = Math.max(0, Math.min(review.length - 1, moves[event.key]));
  if (to !== review.at) model.send({ kind: "review-step", to });
}

function saveDownload(message) {
  if (!message || message.kind !== "save-file") return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
  link.download = message.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// A button worded by `key` (its tooltip: `${key}_hint`).
function reviewButton(model, key, onClick, extra) {
  const button = el("button", `tk-button${extra ? " " + extra : ""}`, t(model, key));
  button.title = t(model, `${key}_hint`);
  button.addEventListener("click", onClick);
  return button;
}

// A number with one decimal, and a share as a percentage, as the board's language writes them.
function reviewNumber(model, x, digits = 1) {
  return x.toLocaleString(model.get("lang") || "en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function drawReview(model, panel) {
  const review = model.get("review") || {};
  const keepFocus = panel.contains(document.activeElement) ? document.activeElement.dataset.reviewKey : null;
  panel.replaceChildren();
  panel.setAttribute("aria-label", t(model, "review_region"));
  if (model.get("practice") && !review.on) {
    panel.append(el("div", "tk-banner tk-review-practice", t(model, "practice_banner")));
  }
  const bar = el("div", "tk-review-bar");
  panel.append(bar);
  const send = (content) => model.send(content);
  if (!review.on) {
    bar.append(
      reviewButton(model, "review_open", () => send({ kind: "review", on: true }), "tk-review-open"),
    );
  } else {
    bar.append(
      reviewButton(model, "review_first", () => send({ kind: "review-step", to: 0 }), "tk-review-first"),
      reviewButton(model, "review_back", () => send({ kind: "review-step", to: Math.max(0, review.at - 1) }), "tk-review-back"),
      el("span", "tk-review-where", t(model, "review_where", { at: review.at, last: review.length - 1 })),
      reviewButton(model, "review_forward", () => send({ kind: "review-step", to: Math.min(review.length - 1, review.at + 1) }), "tk-review-forward"),
      reviewButton(model, "review_last", () => send({ kind: "review-step", to: review.length - 1 }), "tk-review-last"),
    );
    const play = reviewButton(model, "review_play", () => send({ kind: "review-play" }), "tk-review-play");
    play.disabled = !review.can_play;
    bar.append(play, reviewButton(model, "review_close", () => send({ kind: "review", on: false }), "tk-review-close"));
  }
  const save = reviewButton(model, "save_game", () => send({ kind: "save" }), "tk-review-save");
  save.disabled = !review.can_save;
  if (!review.can_save && review.save_refusal) save.title = review.save_refusal; // Python's words: why not now
  const load = el("label", "tk-button tk-review-load", t(model, "load_game"));
  const file = el("input", "tk-review-file");
  file.type = "file";
  file.accept = ".json,application/json";
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (chosen) send({ kind: "load", text: await chosen.text() });
    file.value = "";
  });
  load.append(file);
  bar.append(save, load);
  if (!review.on) return;

  const seat = review.seat;
  panel.append(
    el(
      "div",
      "tk-review-note",
      review.everything ? t(model, "review_everything") : t(model, "review_as_seen", { seat }),
    ),
  );
  const body = el("div", "tk-review-body");
  panel.append(body);
  body.append(moveList(model, review), evaluationBlock(model, review));
  if (keepFocus) panel.querySelector(`[data-review-key='${keepFocus}']`)?.focus();
  panel.querySelector(".tk-review-current")?.scrollIntoView({ block: "nearest" });
}

function moveList(model, review) {
  const list = el("ol", "tk-review-moves");
  list.setAttribute("aria-label", t(model, "review_moves"));
  list.start = 0;
  const start = el("li", `tk-review-move${review.at === 0 ? " tk-review-current" : ""}`, t(model, "review_start_move", { opening: review.opening || "" }).trim());
  start.value = 0;
  start.addEventListener("click", () => model.send({ kind: "review-step", to: 0 }));
  list.append(start);
  review.moves.forEach((move) => {
    const item = el("li", `tk-review-move${move.mine ? " tk-review-mine" : ""}${review.at === move.step + 1 ? " tk-review-current" : ""}`);
    item.value = move.step + 1;
    item.dataset.step = String(move.step);
    item.append(el("span", "tk-review-text", move.text));
    if (move.cost !== null && move.cost !== undefined) {
      const costly = move.cost >= 0.05;
      const cost = el("span", `tk-review-cost${costly ? " tk-review-costly" : ""}`, costly ? `−${reviewNumber(model, move.cost)}` : t(model, "review_best"));
      cost.title = costly ? t(model, "review_cost_hint", { cost: reviewNumber(model, move.cost) }) : t(model, "review_best_hint");
      item.append(cost);
    }
    if (move.rank) item.append(el("span", "tk-review-rank", `#${move.rank}`));
    item.addEventListener("click", () => model.send({ kind: "review-step", to: move.step + 1 }));
    list.append(item);
  });
  return list;
}

function evaluationBlock(model, review) {
  const block = el("div", "tk-review-evaluation");
  const progress = review.progress;
  if (progress) {
    block.append(el("div", "tk-review-progress", t(model, "review_evaluating", { done: progress.done, total: progress.total })));
  } else {
    const button = reviewButton(model, review.evaluated ? "review_evaluate_again" : "review_evaluate", () =>
      model.send({ kind: "review-evaluate" }), "tk-review-evaluate");
    button.title = t(model, "review_evaluate_hint");
    button.disabled = !review.seat && review.seat !== 0;
    block.append(button);
  }
  if (review.note) block.append(el("div", "tk-review-note tk-error", review.note));
  if (!review.points.length) return block;
  block.append(evaluationGraph(model, review));
  const n = review.points[0].n;
  block.append(
    el(
      "div",
      "tk-review-note",
      t(model, "review_graph_note", { level: percent(model, 0.95), n, policy: t(model, `bot_${review.policy}`) }),
    ),
  );
  if (review.biggest.length) {
    block.append(el("div", "tk-panel-title", t(model, "review_costliest")));
    const list = el("ol", "tk-review-biggest");
    review.biggest.forEach((entry) => {
      const item = el("li", "", entry.text);
      item.addEventListener("click", () => model.send({ kind: "review-step", to: entry.step + 1 }));
      list.append(item);
    });
    block.append(list);
  } else {
    block.append(el("div", "tk-review-note", t(model, "review_none_costly")));
  }
  if (review.choices.length) block.append(whatIfBlock(model, review));
  return block;
}

// Two panels over the game's steps: the expected final score difference and the win chance after
// each of your decisions, each with its 95% band; dots sized by what the decision cost.
function evaluationGraph(model, review) {
  const ns = "http://www.w3.org/2000/svg";
  const width = 520;
  const height = 210;
  const left = 46;
  const right = 10;
  const level = percent(model, 0.95);
  const panels = [
    { key: "difference", title: t(model, "review_axis_difference"), top: 14, h: 78, format: (x) => signed(model, x, 0) },
    { key: "win", title: t(model, "review_axis_win"), top: 116, h: 70, format: (x) => percent(model, x) },
  ];
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "tk-review-graph");
  svg.setAttribute("role", "img");
  const last = Math.max(1, review.length - 1);
  const x = (moment) => left + ((width - left - right) * moment) / last;
  const node = (tag, attrs, text) => {
    const made = document.createElementNS(ns, tag);
    Object.entries(attrs).forEach(([k, v]) => made.setAttribute(k, String(v)));
    if (text !== undefined) made.textContent = text;
    svg.append(made);
    return made;
  };
  const points = review.points;
  panels.forEach((panel) => {
    const lows = points.map((p) => p[`${panel.key}_low`]);
    const highs = points.map((p) => p[`${panel.key}_high`]);
    let lo = panel.key === "win" ? 0 : Math.min(0, ...lows);
    let hi = panel.key === "win" ? 1 : Math.max(0, ...highs);
    if (hi - lo < 1e-9) hi = lo + 1;
    const y = (v) => panel.top + panel.h - (panel.h * (v - lo)) / (hi - lo);
    node("text", { x: left, y: panel.top - 3, class: "tk-review-axis" }, panel.title);
    node("line", { x1: left, x2: width - right, y1: y(panel.key === "win" ? 0.5 : 0), y2: y(panel.key === "win" ? 0.5 : 0), class: "tk-review-zero" });
    node("text", { x: left - 4, y: y(hi) + 4, class: "tk-review-tick", "text-anchor": "end" }, panel.format(hi));
    node("text", { x: left - 4, y: y(lo), class: "tk-review-tick", "text-anchor": "end" }, panel.format(lo));
    // the moment after each decision is where its value shows
    const xs = points.map((p) => x(p.step + 1));
    const band = xs.map((px, i) => `${px},${y(highs[i])}`).concat(xs.map((px, i) => `${px},${y(lows[i])}`).reverse());
    node("polygon", { points: band.join(" "), class: "tk-review-band" });
    node("polyline", { points: xs.map((px, i) => `${px},${y(points[i][panel.key])}`).join(" "), class: "tk-review-line" });
    points.forEach((p, i) => {
      const costly = p.cost >= 0.05;
      const dot = node("circle", {
        cx: xs[i],
        cy: y(p[panel.key]),
        r: costly ? Math.min(7, 2.5 + Math.sqrt(p.cost)) : 2.5,
        class: `tk-review-dot${costly ? " tk-review-dot-costly" : ""}`,
        "data-step": p.step,
      });
      const dotTitle = document.createElementNS(ns, "title");
      dotTitle.textContent = t(model, "review_dot_hint", {
        step: p.step + 1,
        action: moveWords(review, p.action),
        difference: signed(model, p.difference),
        level,
        low: signed(model, p.difference_low),
        high: signed(model, p.difference_high),
        win: percent(model, p.win),
        win_low: percent(model, p.win_low),
        win_high: percent(model, p.win_high),
        cost: reviewNumber(model, p.cost),
      });
      dot.append(dotTitle);
      dot.addEventListener("click", () => model.send({ kind: "review-step", to: p.step + 1 }));
    });
    review.biggest.forEach((entry) => {
      const p = points.find((q) => q.step === entry.step);
      if (p) node("text", { x: x(p.step + 1), y: y(p[panel.key]) - 8, class: "tk-review-rank-label", "text-anchor": "middle" }, `#${entry.rank}`);
    });
  });
  node("line", { x1: x(review.at), x2: x(review.at), y1: 8, y2: height - 18, class: "tk-review-now" });
  node("text", { x: left, y: height - 4, class: "tk-review-tick" }, t(model, "review_axis_start"));
  node("text", { x: width - right, y: height - 4, class: "tk-review-tick", "text-anchor": "end" }, t(model, "review_axis_step", { step: review.length - 1 }));
  const final = points[points.length - 1];
  svg.setAttribute(
    "aria-label",
    tn(model, "review_graph_label", points.length, { difference: signed(model, final.difference), win: percent(model, final.win) }),
  );
  return svg;
}

// a move in the board's language; the notation is what goes back to Python
const moveWords = (review, action) => (review.words || {})[action] || action;

function whatIfBlock(model, review) {
  const block = el("div", "tk-review-whatif");
  block.append(el("div", "tk-panel-title", t(model, "review_what_if", { played: moveWords(review, review.played) })));
  const select = el("select", "tk-review-alternative");
  select.dataset.reviewKey = "alternative";
  select.setAttribute("aria-label", t(model, "review_alternative"));
  review.choices.filter((c) => c !== review.played).forEach((choice) => {
    const option = el("option", "", moveWords(review, choice));
    option.value = choice;
    select.append(option);
  });
  const chosen = review.what_if ? review.what_if.alternative.action : null;
  if (chosen) select.value = chosen;
  const show = reviewButton(model, "review_compare", () => model.send({ kind: "review-what-if", action: select.value }), "tk-review-compare");
  block.append(select, show);
  const result = review.what_if;
  if (!result) return block;
  const table = el("div", "tk-review-sides");
  [result.played, result.alternative].forEach((side, index) => {
    const column = el("div", "tk-review-side");
    column.append(el("div", "tk-review-side-title", t(model, index === 0 ? "review_played_side" : "review_instead_side", { action: moveWords(review, side.action) })));
    const most = Math.max(1, ...result.played.counts, ...result.alternative.counts);
    const bars = el("div", "tk-review-histogram");
    side.counts.forEach((count, bin) => {
      const bar = el("div", "tk-review-bin");
      bar.style.height = `${(100 * count) / most}%`;
      bar.title = t(model, "review_bin_hint", { count, n: side.n, low: signed(model, result.edges[bin], 0), high: signed(model, result.edges[bin + 1], 0) });
      bars.append(bar);
    });
    column.append(bars);
    const ends = el("div", "tk-review-ends");
    const edge = (x) => signed(model, x, 0);
    ends.append(el("span", "", edge(result.edges[0])), el("span", "", t(model, "review_final_difference")), el("span", "", edge(result.edges[result.edges.length - 1])));
    column.append(ends);
    column.append(
      el("div", "tk-review-note", t(model, "review_side_note", {
        mean: signed(model, side.mean),
        level: percent(model, 0.95),
        low: signed(model, side.low),
        high: signed(model, side.high),
        win: percent(model, side.win),
        n: side.n,
      })),
    );
    table.append(column);
  });
  block.append(table);
  const paired = result.paired;
  block.append(
    el(
      "div",
      "tk-review-paired",
      t(model, "review_paired", {
        n: paired.n,
        alternative: moveWords(review, result.alternative.action),
        played: moveWords(review, result.played.action),
        mean: signed(model, paired.mean),
        level: percent(model, 0.95),
        low: signed(model, paired.low),
        high: signed(model, paired.high),
      }),
    ),
  );
  return block;
}
