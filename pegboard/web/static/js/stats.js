// A player's own statistics on this server (/stats/<name>): games won and lost, points per deal by
// source beside the published expert averages, accuracy per game, duplicate sets.
import { api } from "./api.js";
import { clear, h, plural } from "./dom.js";

const SOURCES = { hand: "hand", crib: "crib", pegging: "pegging", heels: "his heels", all: "in all" };
const root = document.getElementById("app");
const match = window.location.pathname.match(/^\/stats\/([^/]{1,64})\/?$/);
const name = match ? decodeURIComponent(match[1]) : "";
window.pegboard = { name, stats: null };
start();

async function start() {
  document.title = `${name} · statistics · pegboard`;
  show(h("p", { class: "loading", id: "working" }, "Working out the statistics (each game's accuracy takes "
    + "a review: a few seconds the first time)…"));
  let stats;
  try {
    stats = await api(`/api/players/${encodeURIComponent(name)}/stats`);
  } catch (error) {
    show(h("p", { class: "loading error", id: "stats-error" }, `No statistics: ${error.message}`));
    return;
  }
  window.pegboard.stats = stats;
  show(...render(stats));
}

function show(...children) {
  clear(root);
  root.append(h("div", { class: "review-page stats-page" },
    h("header", { class: "topbar" }, h("a", { class: "home", href: "/" }, "pegboard"),
      h("h1", {}, `${name}'s statistics`), h("span", { class: "spacer" }), lookUp()),
    ...children));
}

function lookUp() {
  const input = h("input", { type: "text", id: "other-name", "aria-label": "Another player's name", maxlength: 16,
    placeholder: "another name", pattern: "[\\p{L}\\p{N}_.'\\-]{1,16}", required: true });
  return h("form", { class: "look-up", onsubmit: (event) => {
    event.preventDefault();
    if (input.value.trim()) window.location.assign(`/stats/${encodeURIComponent(input.value.trim())}`);
  } }, input, h("button", { type: "submit", class: "secondary small" }, "Look up"));
}

// Each cell names its column (data-label): on a phone a wide table shows a row as labelled cells.
function table(id, head, rows) {
  return h("table", { class: `figures${head.length > 4 ? " wide" : ""}`, id },
    h("thead", {}, h("tr", {}, head.map((cell) => h("th", {}, cell)))),
    h("tbody", {}, rows.map((row) => h("tr", {}, row.map((cell, column) => h("td", { "data-label": head[column] }, cell))))));
}

function render(stats) {
  if (!stats.games.length) {
    return [h("section", { class: "panel", id: "none" }, h("p", {}, `No game finished under the name ${name} on `
      + "this server yet. Play one from the lobby, and it is counted here."))];
  }
  const parts = [];
  if (stats.results.length) {
    parts.push(h("section", { class: "panel", id: "results" }, h("h2", {}, "Games"),
      table("results-table", ["game", "vs", "games", "won", "lost", "drawn", "skunked", "double", "skunks", "double"],
        stats.results.map((row) => [row.game, row.opponent, row.played, row.won, row.lost, row.drawn, row.skunked,
          row.double_skunked, row.skunks, row.double_skunks].map(String))),
      h("p", { class: "muted" }, "Skunked: times you were skunked (double: double-skunked); skunks: times you "
        + "skunked the other side. Duplicate sets are counted below, not here.")));
  }
  for (const kind of stats.figures) parts.push(figures(kind));
  parts.push(games(stats));
  if (stats.sets.length) parts.push(sets(stats));
  return parts;
}

function figures(kind) {
  const expert = kind.figures.some((figure) => figure.expert);
  const rows = kind.figures.map((figure) => {
    const mine = figure.mean === null ? "—" : figure.mean.toFixed(2);
    const theirs = figure.expert ? (figure.expert[0] === figure.expert[1] ? figure.expert[0].toFixed(1)
      : `${figure.expert[0].toFixed(1)}-${figure.expert[1].toFixed(1)}`) : "";
    return [figure.source === "hand" ? figure.role : "", SOURCES[figure.source] || figure.source, mine,
      ...(expert ? [theirs] : [])];
  });
  return h("section", { class: "panel figures-panel", dataset: { game: kind.game } },
    h("h2", {}, `Points per deal: ${kind.game}`),
    table(`figures-${kind.game}`, ["as", "from", "you", ...(expert ? ["experts"] : [])], rows),
    h("p", { class: "muted" }, `${plural(kind.deals.dealer, "deal")} as dealer, ${kind.deals.pone} as pone`,
      expert ? "; experts: the published averages of expert players." : "."));
}

function games(stats) {
  const pending = stats.pending ? h("p", { class: "muted", id: "pending" }, `${plural(stats.pending, "game")} still `
    + "to review for their accuracy: reload the page in a moment for more.") : null;
  return h("section", { class: "panel", id: "games" }, h("h2", {}, "Accuracy"),
    h("p", {}, stats.accuracy === null ? "Not worked out yet." : h("span", {}, h("strong", { id: "accuracy" },
      stats.accuracy.toFixed(1)), " on average (100: no measurable loss).")), pending,
    table("games-table", ["when", "game", "vs", "result", "score", "accuracy"], stats.games.slice(0, 20).map((line) => [
      line.when.replace("T", " ").slice(0, 16), line.game, line.opponent, line.result, `${line.scores[0]}-${line.scores[1]}`,
      line.accuracy === null ? "…" : line.accuracy.toFixed(1)])));
}

function sets(stats) {
  return h("section", { class: "panel", id: "sets" }, h("h2", {}, "Duplicate sets"),
    h("p", { class: "muted" }, "The same deals played from both seats: the difference is what you made of the "
      + "cards less what the computer made of the same cards."),
    table("sets-table", ["when", "game", "vs", "deals", "you", "computer", "difference", "a deal"], stats.sets.map((line) => [
      line.when.replace("T", " ").slice(0, 16), line.game, line.opponent, String(line.deals.length),
      String(line.person_total), String(line.computer_total), `${line.difference > 0 ? "+" : ""}${line.difference}`,
      `${line.per_deal > 0 ? "+" : ""}${line.per_deal.toFixed(2)}`])));
}
