// @ts-check
/* The chip-stack chart: an inline SVG line chart of view.stack_history (each player's chips at
   the start and after every hand), one line per player. Lines differ in colour and dash
   pattern and are named at their ends, so colour is never the only key. The text alternative
   is a one-sentence summary plus the full numbers as a table. */

import { byId, fill, h, svg } from "../../dom.js";
import { formatNumber, t } from "../../i18n.js";

const M = { top: 14, right: 104, bottom: 40, left: 58 };
const DASHES = ["", "9 4", "2 4", "10 4 2 4", "5 5", "14 5", "2 2", "7 3 2 3 2 3", "14 4 4 4", "1 6"];
const LABEL_GAP = 15;

function niceStep(max) {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough || 1));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough);
  return step || power * 10;
}

function shortName(name) {
  return name.length > 13 ? `${name.slice(0, 12)}…` : name;
}

/** Spread end labels apart vertically so that close lines keep readable names: push down
 *  what overlaps, then push back up from the bottom edge only as far as needed. */
function spread(ys, low, high) {
  const order = ys.map((y, i) => [y, i]).sort((a, b) => a[0] - b[0]);
  const placed = [];
  for (const [y] of order) {
    const prev = placed[placed.length - 1];
    placed.push(prev === undefined ? Math.max(y, low) : Math.max(y, prev + LABEL_GAP));
  }
  for (let i = placed.length - 1; i >= 0; i -= 1) {
    const limit = i === placed.length - 1 ? high : placed[i + 1] - LABEL_GAP;
    placed[i] = Math.min(placed[i], limit);
  }
  const out = new Array(ys.length);
  order.forEach(([, index], k) => {
    out[index] = placed[k];
  });
  return out;
}

/** Drawn at the size it is shown (text stays legible on a phone): `width` in CSS pixels. */
function drawChart(history, names, width) {
  const W = Math.round(Math.min(760, Math.max(300, width)));
  const H = W < 480 ? 240 : 280;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const hands = history.length - 1;
  const top = Math.max(1, ...history.flat());
  const step = niceStep(top);
  const yMax = Math.ceil(top / step) * step;
  const x = (i) => M.left + (hands === 0 ? 0 : (i / hands) * plotW);
  const y = (v) => M.top + plotH - (v / yMax) * plotH;

  const grid = [];
  for (let v = 0; v <= yMax + 1e-9; v += step) {
    grid.push(
      svg("line", { class: "grid", x1: M.left, x2: M.left + plotW, y1: y(v), y2: y(v) }),
      svg("text", { class: "tick", x: M.left - 8, y: y(v) + 4, "text-anchor": "end" }, formatNumber(v)),
    );
  }
  const every = Math.max(1, Math.ceil(hands / Math.max(3, Math.floor(plotW / 45))));
  for (let i = 0; i <= hands; i += every) {
    grid.push(svg("text", { class: "tick", x: x(i), y: M.top + plotH + 18, "text-anchor": "middle" }, i === 0 ? t("chart.startShort") : formatNumber(i)));
  }

  const lines = names.map((_, seat) => {
    const points = history.map((row, i) => `${x(i).toFixed(1)},${y(row[seat]).toFixed(1)}`).join(" ");
    return svg(
      "g",
      { class: `series series-${seat % 10}` },
      svg("polyline", { points, fill: "none", "stroke-width": 2.5, "stroke-dasharray": DASHES[seat % 10] || null }),
      svg("circle", { cx: x(hands), cy: y(history[hands][seat]), r: 4 }),
    );
  });
  const labelYs = spread(names.map((_, seat) => y(history[hands][seat]) + 4), M.top + 4, M.top + plotH + 4);
  const labels = names.map((name, seat) =>
    svg("text", { class: `end-label series-${seat % 10}`, x: x(hands) + 9, y: labelYs[seat] }, shortName(name)),
  );

  return svg(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "chart-svg-title", class: "chart-svg", preserveAspectRatio: "xMinYMin meet" },
    svg("title", { id: "chart-svg-title" }, t("chart.svgTitle")),
    grid,
    svg("line", { class: "axis", x1: M.left, x2: M.left, y1: M.top, y2: M.top + plotH }),
    svg("line", { class: "axis", x1: M.left, x2: M.left + plotW, y1: M.top + plotH, y2: M.top + plotH }),
    svg("text", { class: "axis-label", x: M.left + plotW / 2, y: H - 4, "text-anchor": "middle" }, t("chart.xAxis")),
    svg("text", { class: "axis-label", x: 14, y: M.top + plotH / 2, "text-anchor": "middle", transform: `rotate(-90 14 ${M.top + plotH / 2})` }, t("chart.yAxis")),
    lines,
    labels,
  );
}

function summary(history, names) {
  const last = history[history.length - 1];
  if (history.length < 2) return t("chart.empty");
  const best = Math.max(...last);
  const leaders = names.filter((_, seat) => last[seat] === best);
  return t("chart.summary", { count: history.length - 1, hands: history.length - 1, leaders: leaders.join(", "), amount: formatNumber(best) });
}

function dataTable(history, names) {
  return h(
    "table",
    { class: "chart-table" },
    h("caption", {}, t("chart.tableCaption")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("chart.hand")), names.map((n) => h("th", { scope: "col", class: "num" }, n)))),
    h(
      "tbody",
      {},
      history.map((row, i) =>
        h("tr", {}, h("th", { scope: "row" }, i === 0 ? t("chart.start") : formatNumber(i)), row.map((v) => h("td", { class: "num" }, formatNumber(v)))),
      ),
    ),
  );
}

let drawnKey = "";
let lastModel = null;
let resizeTimer = null;

window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    if (lastModel?.view) renderStackChart(lastModel, { force: true });
  }, 200);
});

export function renderStackChart(model, { force = false } = {}) {
  const figure = byId("stack-chart");
  const history = model.view.stack_history;
  const names = model.names;
  lastModel = model;
  const key = JSON.stringify([history, names]);
  if (key === drawnKey && !force) return;
  drawnKey = key;
  if (!figure.firstChild) {
    figure.append(
      h("div", { class: "chart-box", id: "chart-box" }),
      h("figcaption", { id: "chart-caption" }),
      h(
        "details",
        { class: "chart-data" },
        h("summary", { id: "chart-data-summary" }),
        h("div", { class: "table-scroll", id: "chart-table-box", tabindex: "0", role: "region", "aria-labelledby": "chart-data-summary" }),
      ),
    );
  }
  const box = byId("chart-box");
  fill(box, drawChart(history, names, box.clientWidth || 600));
  byId("chart-caption").textContent = summary(history, names);
  byId("chart-data-summary").textContent = t("chart.showTable");
  fill(byId("chart-table-box"), dataTable(history, names));
}
