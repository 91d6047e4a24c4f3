// A player's ratings (/players/<name>): one per kind of rated game ("1532?" while provisional), each with
// a small plot of its history; and /leaderboard, one table of settled ratings per kind.
import { api, loadMe, signedIn } from "./api.js";
import { clear, h, plural, s } from "./dom.js";
import { KIND_WORDS, shownRating } from "./rated.js";

const root = document.getElementById("app");
window.pegboard = { page: "player" };
start();

async function start() {
  await loadMe();
  const match = window.location.pathname.match(/^\/players\/([^/]{1,64})\/?$/);
  try {
    if (match) await playerPage(decodeURIComponent(match[1]));
    else await leaderboardPage();
  } catch (problem) {
    shell("pegboard", h("section", { class: "panel" }, h("p", { class: "error", id: "player-error" }, problem.message)));
  }
}

function shell(title, ...children) {
  document.title = `${title} · pegboard`;
  clear(root).append(h("div", { class: "player-page" },
    h("header", { class: "topbar" }, h("a", { class: "home", href: "/" }, h("span", { class: "logo" }, "◆"), " pegboard"),
      h("h1", {}, title), h("span", { class: "spacer" }),
      title === "Leaderboard" ? null : h("a", { href: "/leaderboard" }, "Leaderboard")),
    ...children));
}

async function playerPage(name) {
  const player = await api(`/api/players/${encodeURIComponent(name)}`);
  window.pegboard.player = player;
  const list = h("ul", { class: "ratings-list", id: "ratings" });
  for (const [kind, rating] of Object.entries(player.ratings)) {
    const item = h("li", { "data-kind": kind, id: `rating-${kind}` },
      h("div", {}, h("strong", {}, KIND_WORDS[kind] || kind), ": ",
        h("span", { class: "rating-big" }, shownRating(rating.rating, rating.provisional)),
        h("span", { class: "muted" }, ` ± ${rating.deviation}${player.computer ? " (a computer level: fixed)"
          : ` · ${plural(rating.games, "game")}`}`)));
    list.append(item);
    if (!player.computer && rating.games > 0) {
      api(`/api/players/${encodeURIComponent(player.name)}/history?kind=${encodeURIComponent(kind)}`)
        .then((answer) => item.append(plot(answer.history, kind)))
        .catch(() => {});
    }
  }
  shell(`${player.name}${player.computer ? " (computer)" : ""}`,
    h("section", { class: "panel", "aria-labelledby": "ratings-title" }, h("h2", { id: "ratings-title" }, "Ratings"),
      h("p", { class: "muted" }, "A rating with ? is provisional: a few more rated games settle it."), list),
    await blockControl(player),
    player.computer || player.private ? null : h("p", {}, h("a", { href: `/stats/${encodeURIComponent(player.name)}` },
      `${player.name}'s statistics`)));
}

// Block (or unblock) another registered player: a blocked player is never matched with you again.
async function blockControl(player) {
  const me = signedIn();
  if (!me || player.computer || me.name.toLowerCase() === player.name.toLowerCase()) return null;
  let blocked = (await api("/api/blocks")).blocked.some((name) => name.toLowerCase() === player.name.toLowerCase());
  const note = h("span", { class: "muted", id: "block-note" });
  const button = h("button", { type: "button", id: "block", class: "small" });
  const show = () => {
    button.textContent = blocked ? `Unblock ${player.name}` : `Block ${player.name}`;
    note.textContent = blocked ? ` You are never matched with ${player.name}.` : "";
  };
  button.addEventListener("click", async () => {
    try {
      const answer = blocked ? await api(`/api/blocks/${encodeURIComponent(player.name)}`, undefined, "DELETE")
        : await api("/api/blocks", { name: player.name });
      blocked = answer.blocked.some((name) => name.toLowerCase() === player.name.toLowerCase());
      show();
    } catch (problem) {
      note.textContent = ` ${problem.message}`;
    }
  });
  show();
  return h("p", { class: "block-line" }, button, note);
}

// The rating after each game, as a line: no library, an SVG of about 600 x 160.
export function plot(history, kind) {
  const width = 600;
  const height = 160;
  const pad = 30;
  const values = [history.length ? history[0].before : 1500, ...history.map((entry) => entry.after)];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 40) {
    low -= 20;
    high += 20;
  }
  const x = (i) => pad + (values.length === 1 ? 0 : (i * (width - 2 * pad)) / (values.length - 1));
  const y = (value) => height - pad / 2 - ((value - low) * (height - pad)) / (high - low);
  const points = values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  return s("svg", { class: "history-plot", id: `plot-${kind}`, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `Rating after each of ${plural(history.length, "game")}: from ${values[0]} to ${values[values.length - 1]}` },
  s("line", { class: "plot-axis", x1: pad, y1: y(low), x2: width - pad / 2, y2: y(low) }),
  s("line", { class: "plot-axis", x1: pad, y1: y(high), x2: width - pad / 2, y2: y(high) }),
  s("text", { class: "plot-label", x: 2, y: y(high) + 4 }, String(Math.round(high))),
  s("text", { class: "plot-label", x: 2, y: y(low) + 4 }, String(Math.round(low))),
  s("polyline", { class: "plot-line", points }),
  values.map((value, i) => s("circle", { class: "plot-dot", cx: x(i).toFixed(1), cy: y(value).toFixed(1), r: 3 },
    s("title", {}, i ? `after game ${i}: ${value}` : `start: ${value}`))));
}

async function leaderboardPage() {
  const terms = await api("/api/rated");
  const boards = await Promise.all(terms.kinds.map((kind) => api(`/api/leaderboard/${encodeURIComponent(kind.kind)}`)));
  window.pegboard.boards = boards;
  shell("Leaderboard", ...boards.map((board) => h("section", { class: "panel", id: `board-${board.kind}`,
    "aria-labelledby": `board-${board.kind}-title` }, h("h2", { id: `board-${board.kind}-title` }, KIND_WORDS[board.kind] || board.kind),
  board.players.length ? h("table", { class: "board-table" },
    h("thead", {}, h("tr", {}, ["#", "player", "rating", "games"].map((cell) => h("th", {}, cell)))),
    h("tbody", {}, board.players.map((player, place) => h("tr", {}, h("td", {}, String(place + 1)),
      h("td", {}, h("a", { href: `/players/${encodeURIComponent(player.name)}` }, player.name)),
      h("td", {}, `${player.rating} ± ${player.deviation}`), h("td", {}, String(player.games))))))
    : h("p", { class: "muted" }, "Nobody's rating has settled yet: ratings join the board after a few rated games."))),
  h("p", { class: "muted" }, `Only settled ratings are listed (deviation at most ${terms.provisional}).`));
}
