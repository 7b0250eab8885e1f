// The running mean and its funnel, drawn from what Python sends (widgets/funnel.py): every number,
// point, tick and caption comes in `view`; this file only places them on the page. While a run is
// going, each drawing asks Python for the next trials ("more"), so the line grows as they arrive.
// Its words are the view's too (`view.words`), numbers as `view.lang` writes them.

const NS = "http://www.w3.org/2000/svg";
const SIZE = { width: 560, height: 280, left: 52, right: 26, top: 14, bottom: 40 };
const PACE_MS = 40; // a short pause between frames, so the eye can follow the line

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function htmlEl(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function draw(view) {
  const { width, height, left, right, top, bottom } = SIZE;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const [low, high] = view.y;
  const x = (n) => left + (n / view.total) * plotW;
  const y = (v) => top + (1 - (v - low) / (high - low)) * plotH;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "tk-funnel-chart", role: "img" });
  svg.setAttribute("aria-label", `${view.title}. ${view.caption}`);
  const clip = svgEl("clipPath", { id: `tk-funnel-clip-${Math.random().toString(36).slice(2)}` });
  clip.append(svgEl("rect", { x: left, y: top, width: plotW, height: plotH }));
  svg.append(clip);
  const plot = svgEl("g", { "clip-path": `url(#${clip.id})` });
  for (const tick of view.yticks) {
    svg.append(svgEl("line", { x1: left, x2: left + plotW, y1: y(tick), y2: y(tick), class: "tk-funnel-grid" }));
    const label = svgEl("text", { x: left - 6, y: y(tick) + 4, "text-anchor": "end", class: "tk-funnel-text" });
    label.textContent = tick.toLocaleString(view.lang);
    svg.append(label);
  }
  for (const tick of view.xticks) {
    const label = svgEl("text", { x: x(tick), y: top + plotH + 16, "text-anchor": "middle", class: "tk-funnel-text" });
    label.textContent = tick.toLocaleString(view.lang);
    svg.append(label);
  }
  const band = view.band;
  const upper = band.map(([n, , hi]) => `${x(n)},${y(hi)}`);
  const lower = band.map(([n, lo]) => `${x(n)},${y(lo)}`).reverse();
  plot.append(svgEl("polygon", { points: [...upper, ...lower].join(" "), class: "tk-funnel-band" }));
  plot.append(svgEl("polyline", { points: upper.join(" "), class: "tk-funnel-edge" }));
  plot.append(svgEl("polyline", { points: lower.join(" "), class: "tk-funnel-edge" }));
  plot.append(svgEl("line", { x1: left, x2: left + plotW, y1: y(view.exact), y2: y(view.exact), class: "tk-funnel-exact" }));
  if (view.points.length) {
    const line = view.points.map(([n, mean]) => `${x(n)},${y(mean)}`).join(" ");
    plot.append(svgEl("polyline", { points: line, class: "tk-funnel-line" }));
    const [n, mean] = view.points[view.points.length - 1];
    plot.append(svgEl("circle", { cx: x(n), cy: y(mean), r: 3.5, class: "tk-funnel-dot" }));
  }
  svg.append(plot);
  svg.append(svgEl("rect", { x: left, y: top, width: plotW, height: plotH, class: "tk-funnel-frame" }));
  const xTitle = svgEl("text", { x: left + plotW / 2, y: height - 6, "text-anchor": "middle", class: "tk-funnel-text" });
  xTitle.textContent = view.x_title;
  const yTitle = svgEl("text", { x: 12, y: top + plotH / 2, "text-anchor": "middle", class: "tk-funnel-text",
    transform: `rotate(-90 12 ${top + plotH / 2})` });
  yTitle.textContent = view.y_title;
  svg.append(xTitle, yTitle);
  return svg;
}

function choice(options, value, label, lang) {
  const select = htmlEl("select", "tk-funnel-select");
  select.setAttribute("aria-label", label);
  for (const option of options) {
    const node = htmlEl("option", "", typeof option === "number" ? option.toLocaleString(lang) : option);
    node.value = String(option);
    node.selected = option === value;
    select.append(node);
  }
  return select;
}

function render({ model, el }) {
  const root = htmlEl("div", "tk-funnel");
  el.append(root);
  let pending = null;
  const redraw = () => {
    const view = model.get("view");
    if (!view || !view.band) return;
    root.replaceChildren();
    root.dataset.shown = String(view.shown);
    root.dataset.running = String(view.running);
    root.append(htmlEl("div", "tk-funnel-title", view.title), htmlEl("div", "tk-funnel-subtitle", view.subtitle));
    const controls = htmlEl("div", "tk-funnel-controls");
    const words = view.words;
    const source = choice(view.sources, view.source, words.trials_of, view.lang);
    const trials = choice(view.trial_options, view.total, words.number_of_trials, view.lang);
    const run = htmlEl("button", "tk-funnel-run", view.running ? words.running : words.run);
    const again = htmlEl("button", "tk-funnel-again", words.again);
    run.disabled = again.disabled = source.disabled = trials.disabled = view.running;
    run.addEventListener("click", () =>
      model.send({ kind: "run", source: source.value, trials: Number(trials.value) }));
    again.addEventListener("click", () => model.send({ kind: "again" }));
    controls.append(source, htmlEl("span", "", "·"), trials, htmlEl("span", "", words.trials), run, again);
    root.append(controls, draw(view));
    const caption = htmlEl("div", "tk-funnel-caption", view.caption);
    caption.setAttribute("aria-live", "polite");
    root.append(caption);
    const message = model.get("message");
    if (message) root.append(htmlEl("div", "tk-funnel-message", message));
    if (view.running && pending === null) {
      pending = setTimeout(() => {
        pending = null;
        model.send({ kind: "more" });
      }, PACE_MS);
    }
  };
  model.on("change:view", redraw);
  model.on("change:message", redraw);
  redraw();
  return () => pending !== null && clearTimeout(pending);
}

export default { render };
