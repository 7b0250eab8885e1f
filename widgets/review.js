// Reviewing a game (widgets/review.py), appended to every board's bundle: `withReview` wraps the
// board's own `render`, which draws whatever view Python gives it (during a review, the reviewed
// moment as the reader saw it). Below the board: save and load, and the review itself (a move
// list, the evaluation graph, the costliest decisions, what-if). Python decides everything; the
// page only asks. Top-level declarations are functions: the board's `export default` calls
// withReview before the rest of this file has run.

function withReview(widget) {
  return {
    render({ model, el: host }) {
      const boardHost = document.createElement("div");
      const panel = document.createElement("div");
      panel.className = "tk-review";
      panel.tabIndex = 0;
      panel.setAttribute("role", "region");
      panel.setAttribute("aria-label", "review of the game, save and load");
      host.append(boardHost, panel);
      const cleanup = widget.render({ model, el: boardHost });
      const redraw = () => drawReview(model, panel);
      const onKey = (event) => reviewKey(model, event);
      const onMessage = (message) => saveDownload(message);
      model.on("change:review", redraw);
      model.on("change:practice", redraw);
      model.on("msg:custom", onMessage);
      host.addEventListener("keydown", onKey, true);
      redraw();
      return () => {
        model.off("change:review", redraw);
        model.off("change:practice", redraw);
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

function reviewButton(text, title, onClick, extra) {
  const button = el("button", `tk-button${extra ? " " + extra : ""}`, text);
  button.title = title;
  button.addEventListener("click", onClick);
  return button;
}

function drawReview(model, panel) {
  const review = model.get("review") || {};
  const keepFocus = panel.contains(document.activeElement) ? document.activeElement.dataset.reviewKey : null;
  panel.replaceChildren();
  if (model.get("practice") && !review.on) {
    panel.append(el("div", "tk-banner tk-review-practice", "Practice game: not a fair game (the log says why)."));
  }
  const bar = el("div", "tk-review-bar");
  panel.append(bar);
  const send = (content) => model.send(content);
  if (!review.on) {
    bar.append(
      reviewButton("Review the game", "step through the game as you saw it, with the advisor's verdicts", () =>
        send({ kind: "review", on: true }), "tk-review-open"),
    );
  } else {
    bar.append(
      reviewButton("Start", "the start (Home)", () => send({ kind: "review-step", to: 0 }), "tk-review-first"),
      reviewButton("◀ Back", "one step back (left arrow)", () => send({ kind: "review-step", to: Math.max(0, review.at - 1) }), "tk-review-back"),
      el("span", "tk-review-where", `Step ${review.at} of ${review.length - 1}`),
      reviewButton("Forward ▶", "one step on (right arrow)", () => send({ kind: "review-step", to: Math.min(review.length - 1, review.at + 1) }), "tk-review-forward"),
      reviewButton("End", "the latest moment (End)", () => send({ kind: "review-step", to: review.length - 1 }), "tk-review-last"),
    );
    const play = reviewButton("Play from here", "a new practice game against the bots from this moment", () => send({ kind: "review-play" }), "tk-review-play");
    play.disabled = !review.can_play;
    bar.append(play, reviewButton("Close review", "back to the game", () => send({ kind: "review", on: false }), "tk-review-close"));
  }
  const save = reviewButton("Save game", "download the game as a save file", () => send({ kind: "save" }), "tk-review-save");
  save.disabled = !review.can_save;
  if (!review.can_save) save.title = "a save file holds every hidden card: it can be downloaded once the game is over";
  const load = el("label", "tk-button tk-review-load", "Load game…");
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
      review.everything
        ? "Everything is shown: every hand and every card drawn."
        : `The game as player ${seat} saw it at each moment — nothing more.`,
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
  list.setAttribute("aria-label", "moves");
  list.start = 0;
  const start = el("li", `tk-review-move${review.at === 0 ? " tk-review-current" : ""}`, `Start. ${review.opening || ""}`);
  start.value = 0;
  start.addEventListener("click", () => model.send({ kind: "review-step", to: 0 }));
  list.append(start);
  review.moves.forEach((move) => {
    const item = el("li", `tk-review-move${move.mine ? " tk-review-mine" : ""}${review.at === move.step + 1 ? " tk-review-current" : ""}`);
    item.value = move.step + 1;
    item.dataset.step = String(move.step);
    item.append(el("span", "tk-review-text", move.text));
    if (move.cost !== null && move.cost !== undefined) {
      const cost = el("span", `tk-review-cost${move.cost >= 0.05 ? " tk-review-costly" : ""}`, move.cost >= 0.05 ? `−${move.cost.toFixed(1)}` : "best");
      cost.title = move.cost >= 0.05 ? `cost ${move.cost.toFixed(1)} points against the advisor's best (paired)` : "the advisor's best, or as good";
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
    block.append(el("div", "tk-review-progress", `evaluating your decisions… ${progress.done} of ${progress.total}`));
  } else {
    const button = reviewButton(
      review.evaluated ? "Evaluate again" : "Evaluate my decisions",
      "the advisor replays the rest of the game from each of your decisions, using only what you could see",
      () => model.send({ kind: "review-evaluate" }),
      "tk-review-evaluate",
    );
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
      `Each dot: one of your decisions. Shaded: 95% interval. n = ${n} rollouts per choice, ${review.policy} play afterwards, ` +
        "hidden cards redealt from what you could see.",
    ),
  );
  if (review.biggest.length) {
    block.append(el("div", "tk-panel-title", "Your costliest decisions"));
    const list = el("ol", "tk-review-biggest");
    review.biggest.forEach((entry) => {
      const item = el("li", "", entry.text);
      item.addEventListener("click", () => model.send({ kind: "review-step", to: entry.step + 1 }));
      list.append(item);
    });
    block.append(list);
  } else {
    block.append(el("div", "tk-review-note", "None of your decisions cost points against the advisor's best."));
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
  const panels = [
    { key: "difference", title: "expected score difference", top: 14, h: 78, format: (x) => (x > 0 ? "+" : "") + x.toFixed(0) },
    { key: "win", title: "win chance", top: 116, h: 70, format: (x) => `${Math.round(100 * x)}%` },
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
  const described = [];
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
      dotTitle.textContent =
        `step ${p.step + 1}: ${p.action} — score difference ${panel.format(p.difference)} (95% CI ${p.difference_low.toFixed(1)} to ${p.difference_high.toFixed(1)}), ` +
        `win ${Math.round(100 * p.win)}% (${Math.round(100 * p.win_low)}–${Math.round(100 * p.win_high)}%), cost ${p.cost.toFixed(1)}`;
      dot.append(dotTitle);
      dot.addEventListener("click", () => model.send({ kind: "review-step", to: p.step + 1 }));
    });
    review.biggest.forEach((entry) => {
      const p = points.find((q) => q.step === entry.step);
      if (p) node("text", { x: x(p.step + 1), y: y(p[panel.key]) - 8, class: "tk-review-rank-label", "text-anchor": "middle" }, `#${entry.rank}`);
    });
  });
  node("line", { x1: x(review.at), x2: x(review.at), y1: 8, y2: height - 18, class: "tk-review-now" });
  node("text", { x: left, y: height - 4, class: "tk-review-tick" }, "start");
  node("text", { x: width - right, y: height - 4, class: "tk-review-tick", "text-anchor": "end" }, `step ${review.length - 1}`);
  const final = points[points.length - 1];
  described.push(
    `${points.length} decisions evaluated; after the last, score difference ${final.difference.toFixed(1)}, win chance ${Math.round(100 * final.win)}%`,
  );
  svg.setAttribute("aria-label", `evaluation graph: ${described.join("; ")}`);
  return svg;
}

function whatIfBlock(model, review) {
  const block = el("div", "tk-review-whatif");
  block.append(el("div", "tk-panel-title", `What if? Instead of ${review.played}:`));
  const select = el("select", "tk-review-alternative");
  select.dataset.reviewKey = "alternative";
  select.setAttribute("aria-label", "an alternative to the move played");
  review.choices.filter((c) => c !== review.played).forEach((choice) => {
    const option = el("option", "", choice);
    option.value = choice;
    select.append(option);
  });
  const chosen = review.what_if ? review.what_if.alternative.action : null;
  if (chosen) select.value = chosen;
  const show = reviewButton("Compare", "the alternative's rollouts beside what was played (the same redeals)", () =>
    model.send({ kind: "review-what-if", action: select.value }), "tk-review-compare");
  block.append(select, show);
  const result = review.what_if;
  if (!result) return block;
  const table = el("div", "tk-review-sides");
  [result.played, result.alternative].forEach((side, index) => {
    const column = el("div", "tk-review-side");
    column.append(el("div", "tk-review-side-title", `${index === 0 ? "played" : "instead"}: ${side.action}`));
    const most = Math.max(1, ...result.played.counts, ...result.alternative.counts);
    const bars = el("div", "tk-review-histogram");
    side.counts.forEach((count, bin) => {
      const bar = el("div", "tk-review-bin");
      bar.style.height = `${(100 * count) / most}%`;
      bar.title = `${count} of ${side.n} rollouts ended between ${result.edges[bin]} and ${result.edges[bin + 1]}`;
      bars.append(bar);
    });
    column.append(bars);
    const ends = el("div", "tk-review-ends");
    const signed = (x) => (x > 0 ? "+" : "") + Math.round(x);
    ends.append(el("span", "", signed(result.edges[0])), el("span", "", "final score difference"), el("span", "", signed(result.edges[result.edges.length - 1])));
    column.append(ends);
    column.append(
      el("div", "tk-review-note", `score difference ${side.mean.toFixed(1)} (95% CI ${side.low.toFixed(1)} to ${side.high.toFixed(1)}), win ${Math.round(100 * side.win)}%, n = ${side.n}`),
    );
    table.append(column);
  });
  block.append(table);
  const paired = result.paired;
  block.append(
    el(
      "div",
      "tk-review-paired",
      `On the same ${paired.n} redeals, ${result.alternative.action} minus ${result.played.action}: ` +
        `${paired.mean > 0 ? "+" : ""}${paired.mean.toFixed(1)} points (95% CI ${paired.low.toFixed(1)} to ${paired.high.toFixed(1)}).`,
    ),
  );
  return block;
}
