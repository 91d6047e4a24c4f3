// The review page of a finished game (/r/<id>): every player's accuracy and points lost, the score race
// and the chance to win with the mistakes marked, the decisions, and the table as it was for the player
// at the decision picked (click it, or step with the arrow keys / j and k).
import { api, loadMe, signedIn } from "./api.js";
import { SIDE_COLOURS } from "./board.js";
import { cardShort, cardSVG, installDefs, parseCard } from "./cards.js";
import { clear, h, s } from "./dom.js";

const KIND_TITLES = { discard: "discards", play: "play", count: "counting", place: "placing" };
const W = 760;
const H = 300;
const PAD = { left: 44, right: 12, top: 14, bottom: 28 };

installDefs();
const root = document.getElementById("app");
const match = window.location.pathname.match(/^\/r\/([A-Za-z0-9_-]{6,32})\/?$/);
const page = { table: match ? match[1] : null, review: null, selected: null, onlyMistakes: true, details: new Map(),
  trained: null };
const meLoaded = loadMe();
window.pegboard = page;
start();

async function start() {
  if (!page.table) {
    show(h("p", { class: "loading" }, "No such table: check the link."));
    return;
  }
  show(h("p", { class: "loading", id: "reviewing" }, "Reviewing the game: every decision of every player… "
    + "(a few seconds)"));
  try {
    page.review = await api(`/api/tables/${page.table}/review`);
  } catch (error) {
    show(h("p", { class: "loading error", id: "review-error" }, `The game cannot be reviewed: ${error.message}`),
      h("p", { class: "loading" }, h("a", { href: `/t/${page.table}` }, "Back to the table")));
    return;
  }
  const first = page.review.decisions.find((d) => d.loss > 0) || page.review.decisions[0];
  await meLoaded;
  render();
  if (first) select(first.index);
  document.addEventListener("keydown", onKey);
}

function show(...children) {
  clear(root);
  root.append(h("div", { class: "review-page" }, topbar(), ...children));
}

function topbar() {
  const review = page.review;
  const title = review ? `Review: ${review.game}, ${review.winner ? `${review.winner} won` : "a draw"}` : "Review";
  return h("header", { class: "topbar" }, h("a", { class: "home", href: "/" }, "pegboard"),
    h("h1", {}, title), h("span", { class: "spacer" }),
    page.table ? h("a", { class: "button secondary small", href: `/t/${page.table}` }, "The table") : null,
    page.table ? h("a", { class: "button secondary small", href: `/api/tables/${page.table}/record`, download: "" },
      "Record") : null, trainButton());
}

// Signed in: queue your costliest mistakes of this game for /train (mined on the server: a few seconds).
function trainButton() {
  const me = signedIn();
  const mine = me && page.review && Object.keys(page.review.players).some((name) => name.toLowerCase() === me.name.toLowerCase());
  if (!page.table || !mine) return null; // only a game you played under your name
  if (page.trained && page.trained.ok) {
    return h("a", { class: "button secondary small", id: "train-mistakes-done", href: "/train" }, page.trained.text);
  }
  if (page.trained) return h("span", { class: "notice", id: "train-mistakes-error" }, page.trained.text);
  return h("button", { type: "button", class: "secondary small", id: "train-mistakes", onclick: async (event) => {
    event.target.disabled = true;
    event.target.textContent = "Finding your mistakes…";
    try {
      const answer = await api("/api/train/mistakes", { table: page.table });
      page.trained = { ok: true, text: answer.added ? `${answer.added} of your mistakes queued: train`
        : "No new mistake to train on: train" };
    } catch (error) {
      page.trained = { ok: false, text: `Not queued: ${error.message}` };
    }
    const header = document.querySelector(".review-page .topbar");
    if (header) header.replaceWith(topbar());
  } }, "Train on my mistakes");
}

function render() {
  const review = page.review;
  show(h("div", { class: "review-grid" },
    h("div", {},
      h("section", { class: "panel", id: "figures" }, h("h2", {}, "Accuracy"), figures(review),
        h("p", { class: "muted" }, "100 means no measurable loss: 100 × exp(−points lost per decision ÷ 0.5). ",
          "Points are expected points lost against the best choice, judged only by what the player could see. ",
          "Luck: what the cards (the cut, each deal, each starter) gave the player, in the chance to win; "
          + "luck-adjusted: the result (1 a win, 0 a loss) less it; skill: the rest of the result; PR (Performance "
          + "Rating): the chance to win lost per decision × 1000 (0 is flawless).",
          review.judged ? ` ${review.judged}` : "")),
      h("section", { class: "panel", id: "chart-panel" }, h("h2", {}, "The game"), legend(review), chart(review)),
      h("section", { class: "panel", id: "list-panel" }, h("h2", {}, "Decisions"),
        h("label", { class: "check" }, h("input", { type: "checkbox", id: "only-mistakes",
          checked: page.onlyMistakes, onchange: (event) => { page.onlyMistakes = event.target.checked; render();
            if (page.selected !== null) select(page.selected); } }), " Only the decisions that cost something"),
        decisionList(review))),
    h("aside", { class: "panel", id: "decision" }, h("p", { class: "muted" }, "Pick a decision to see the table as "
      + "it was for that player."))));
}

function figures(review) {
  const kinds = Object.keys(Object.values(review.players)[0]?.lost || {});
  const lucky = Object.values(review.players).some((player) => player.luck_measured);
  const accuracy = table("accuracy-figures", ["Player", "Accuracy", "Lost",
    ...kinds.map((kind) => `in ${KIND_TITLES[kind] || kind}`), "Decisions", "Mistakes"], review, (player) => [
    [player.accuracy.toFixed(1), "accuracy"], [player.points_lost.toFixed(2)],
    ...kinds.map((kind) => [player.lost[kind].toFixed(2)]), [String(player.decisions)], [String(player.mistakes)]]);
  if (!lucky) return accuracy;
  // Luck and skill get a table of their own: beside the accuracy columns they overflowed a desktop's panel.
  const luck = table("luck-figures", ["Player", "Luck", "Skill", "Luck-adjusted", "PR"], review, (player) => [
    [percentSigned(player.luck), "luck"], [percentSigned(player.skill), "skill"], [player.luck_adjusted.toFixed(2)],
    [player.rating === null || player.rating === undefined ? "" : player.rating.toFixed(1), "rating"]]);
  return [accuracy, luck];
}

function table(name, titles, review, values) {
  const head = h("tr", {}, titles.map((title) => h("th", {}, title)));
  // Each cell names its column (data-label): a phone shows a player's figures as labelled cells, not a row.
  const rows = Object.entries(review.players).map(([player, figures]) => h("tr", { dataset: { player } },
    h("td", { "data-label": titles[0] }, player),
    values(figures).map(([text, cls], i) => h("td", { "data-label": titles[i + 1], ...(cls ? { class: cls } : {}) },
      text))));
  return h("table", { class: `figures wide ${name}` }, h("thead", {}, head), h("tbody", {}, rows));
}

function percentSigned(value) {
  return `${value >= 0 ? "+" : ""}${((value || 0) * 100).toFixed(0)}%`;
}

function sideOf(review, player) {
  return review.sides.indexOf(review.players[player]?.side ?? player);
}

function legend(review) {
  const items = review.sides.map((side, number) => h("span", {}, h("span", { class: `swatch s${number % 4}` }), ` ${side}`));
  const hasWin = review.timeline.some((mark) => mark.win);
  if (hasWin) items.push(h("span", {}, `- - ${review.sides[0]}'s chance to win (right axis)`));
  if (hasWin && (review.luck_events || []).length) {
    items.push(h("span", { class: "muted" }, "▮ the cards' luck (deal, starter, cut): bars from the 50% line"));
    items.push(h("span", { class: "muted" }, "▯ the play: what a decision cost its player in the chance to win"));
  }
  items.push(h("span", { class: "muted" }, "● a decision that cost something (the bigger, the costlier)"));
  return h("p", { class: "legend" }, items);
}

function chart(review) {
  const moves = Math.max(1, review.actions);
  const top = Math.max(1, ...review.timeline.flatMap((mark) => Object.values(mark.scores)));
  const x = (index) => PAD.left + (W - PAD.left - PAD.right) * index / moves;
  const y = (score) => H - PAD.bottom - (H - PAD.top - PAD.bottom) * score / top;
  const yWin = (chance) => H - PAD.bottom - (H - PAD.top - PAD.bottom) * chance;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", id: "chart", role: "img",
    "aria-label": "The score race and the chance to win, with the mistakes marked" });
  for (let score = 0; score <= top; score += top > 60 ? 30 : 10) {
    svg.append(s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(score), y2: y(score), class: "chart-grid" }),
      s("text", { x: PAD.left - 6, y: y(score) + 4, "text-anchor": "end", class: "chart-label" }, String(score)));
  }
  svg.append(s("line", { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom, class: "chart-axis" }),
    s("text", { x: W / 2, y: H - 6, "text-anchor": "middle", class: "chart-label" }, "move"));
  // The score race: each side's score at every deal's start and at every decision (known before it).
  const points = review.sides.map(() => []);
  for (const mark of review.timeline) {
    review.sides.forEach((side, number) => points[number].push([mark.index, mark.scores[side]]));
  }
  for (const decision of review.decisions) {
    decision.scores.forEach((score, number) => points[number].push([decision.index, score]));
  }
  points.forEach((list, number) => {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let path = "";
    let last = null;
    for (const [index, score] of list) {
      path += last === null ? `M${x(index)},${y(score)}` : `H${x(index)}V${y(score)}`;
      last = score;
    }
    svg.append(s("path", { d: path, fill: "none", stroke: SIDE_COLOURS[number % 4], "stroke-width": 2.2 }));
  });
  const win = review.timeline.filter((mark) => mark.win);
  if (win.length) {
    const first = review.sides[0];
    svg.append(s("path", { class: "chart-win", d: win.map((mark, i) => `${i ? "L" : "M"}${x(mark.index)},${yWin(mark.win[first])}`).join("") }),
      ...[0, 0.5, 1].map((chance) => s("text", { x: W - PAD.right, y: yWin(chance) - 4, "text-anchor": "end",
        class: "chart-label" }, `${100 * chance}%`)));
  }
  // Where the cards moved the chance to win: a bar from the 50% line for each deal, starter and cut, up
  // when it helped the first side, down when it helped the other (docs/review.md, Luck and skill).
  if (win.length) {
    const first = review.sides[0];
    for (const event of review.luck_events || []) {
      const luck = event.luck[first];
      if (!(Math.abs(luck) >= 0.005)) continue;
      const top = Math.min(yWin(0.5), yWin(0.5 + luck));
      svg.append(s("rect", { x: x(event.index) - 1.5, y: top, width: 3, height: Math.abs(yWin(0.5 + luck) - yWin(0.5)),
        fill: SIDE_COLOURS[luck > 0 ? 0 : 1], "fill-opacity": 0.45, class: "chart-luck" },
        s("title", {}, `${event.event === "cut" ? "The cut" : `Deal ${event.deal + 1}, the ${event.event}`}: `
          + `${luck > 0 ? first : review.sides[1]} ${(100 * Math.abs(luck)).toFixed(1)}% luckier`)));
    }
  }
  // Where play moved it: an open bar from the 50% line for each decision that cost its player some of the
  // chance to win, toward the other side (the cards' bars above are filled).
  if (win.length) {
    for (const decision of review.decisions) {
      const lost = decision.win_loss;
      if (!(lost >= 0.005)) continue;
      const side = Math.max(0, sideOf(review, decision.player));
      const swing = side === 0 ? -lost : lost;
      svg.append(s("rect", { x: x(decision.index) - 1.5, y: Math.min(yWin(0.5), yWin(0.5 + swing)), width: 3,
        height: Math.abs(yWin(0.5 + swing) - yWin(0.5)), fill: "none", stroke: SIDE_COLOURS[side % 4],
        "stroke-width": 1, class: "chart-play" },
        s("title", {}, `${decision.player}: ${decision.choice} cost ${(100 * lost).toFixed(1)}% of the chance to win`)));
    }
  }
  for (const decision of review.decisions) {
    if (!(decision.loss > 0)) continue;
    const side = Math.max(0, sideOf(review, decision.player));
    const radius = 3 + 2.2 * Math.min(decision.loss, 5);
    svg.append(s("circle", { cx: x(decision.index), cy: y(decision.scores[side]), r: radius, fill: SIDE_COLOURS[side % 4],
      "fill-opacity": 0.8, class: "chart-mark", "data-index": decision.index }, s("title", {}, `${decision.player}: ${decision.choice} (−${decision.loss.toFixed(2)})`)));
  }
  svg.addEventListener("click", (event) => {
    const index = event.target.getAttribute && event.target.getAttribute("data-index");
    if (index !== null && index !== undefined) select(Number(index));
  });
  return svg;
}

function decisionList(review) {
  const shown = review.decisions.filter((decision) => !page.onlyMistakes || decision.loss > 0);
  if (!shown.length) return h("p", { class: "muted" }, "No decision cost anything measurable.");
  return h("ol", { class: "decisions", id: "decisions" }, shown.map((decision) => h("li", {},
    h("button", { class: "decision-btn", id: `decision-${decision.index}`, "data-index": decision.index,
      onclick: () => select(decision.index) },
      h("span", {}, `Deal ${decision.deal + 1}`),
      h("span", {}, `${decision.player}: ${decision.choice}`, h("span", { class: "why" }, decision.reason)),
      h("span", { class: `loss${decision.loss >= 1 ? " costly" : ""}` }, decision.loss > 0 ? `−${decision.loss.toFixed(2)}` : "0")))));
}

async function select(index) {
  page.selected = index;
  for (const el of document.querySelectorAll(".decision-btn.selected, .chart-mark.selected")) el.classList.remove("selected");
  const button = document.getElementById(`decision-${index}`);
  if (button) {
    button.classList.add("selected");
    reveal(button);
  }
  const mark = document.querySelector(`.chart-mark[data-index="${index}"]`);
  if (mark) mark.classList.add("selected");
  const decision = page.review.decisions.find((d) => d.index === index);
  const panel = document.getElementById("decision");
  if (!decision || !panel) return;
  let detail = page.details.get(index);
  if (!detail) {
    try {
      detail = await api(`/api/tables/${page.table}/review/${index}`);
      page.details.set(index, detail);
    } catch (error) {
      clear(panel).append(h("p", { class: "error" }, `That decision cannot be shown: ${error.message}`));
      return;
    }
  }
  if (page.selected !== index) return;
  clear(panel).append(...decisionPanel(decision, detail));
}

// Scroll the decision list (only it: the page stays where the reader is, at its top when it opens) to show
// the button.
function reveal(button) {
  const list = button.closest(".decisions");
  if (!list) return;
  const box = button.getBoundingClientRect();
  const frame = list.getBoundingClientRect();
  if (box.top < frame.top) list.scrollTop -= frame.top - box.top;
  else if (box.bottom > frame.bottom) list.scrollTop += box.bottom - frame.bottom;
}

function decisionPanel(decision, detail) {
  const view = detail.view;
  const parts = [h("h2", { id: "decision-title" }, `Deal ${decision.deal + 1}: ${decision.player} to ${decision.kind}`),
    h("p", {}, h("strong", {}, decision.loss > 0 ? `Lost ${decision.loss.toFixed(2)} points` : "No measurable loss"),
      decision.win_loss ? ` (chance to win −${(100 * decision.win_loss).toFixed(1)}%)` : "", ". ", decision.reason)];
  const scores = view.sides || view.players;
  parts.push(h("p", { class: "muted" }, "Scores: ", (scores || []).map((name, i) => `${name} ${view.scores[i]}`).join(", "),
    view.dealer !== undefined && view.players ? ` · dealer ${view.players[view.dealer]}` : ""));
  if (detail.crib) {  // the rules' fact (a crib, a play, a show), not the family's name
    parts.push(h("h3", {}, "The hand"), cards(view.hand));
    if (view.starter) parts.push(h("h3", {}, "The starter"), cards([view.starter]));
    if (view.discarded && view.discarded.length) parts.push(h("h3", {}, "Thrown to the crib"), cards(view.discarded));
    if (view.series && view.series.length) {
      parts.push(h("h3", {}, `The play (count ${view.count})`), cards(view.series.map((pair) => pair[1])));
    } else if (view.phase === "play") {
      parts.push(h("p", {}, `The play: count ${view.count}, a new series.`));
    }
  } else {
    parts.push(h("h3", {}, "The grid"), miniGrid(view));
    if (view.hand && view.hand.length) parts.push(h("h3", {}, "The hand"), cards(view.hand));
    if (view.current) parts.push(h("h3", {}, "The card turned"), cards([view.current]));
  }
  parts.push(h("h3", {}, "Every choice"), options(decision));
  return parts;
}

function cards(list) {
  return h("div", { class: "seen-cards" }, (list || []).map((card) => cardSVG(card, { small: true })));
}

function miniGrid(view) {
  const grid = view.grid || [];
  const size = grid.length === 25 ? 5 : 4;
  return h("div", { class: `mini-grid n${size}` }, grid.map((card) => {
    const parsed = card ? parseCard(card) : null;
    return h("span", { class: parsed && (parsed.suit === "H" || parsed.suit === "D") ? "red" : "" }, card ? cardShort(card) : "");
  }));
}

function options(decision) {
  const rows = decision.options.map((option) => h("tr", {
    class: `${option.action === decision.choice ? "chosen" : ""}${option.action === decision.best ? " best" : ""}`.trim() },
    h("td", {}, option.action), h("td", {}, option.points.toFixed(2)),
    h("td", {}, option.win === null || option.win === undefined ? "" : `${(100 * option.win).toFixed(1)}%`)));
  return h("table", { class: "options", id: "options" },
    h("thead", {}, h("tr", {}, h("th", {}, "choice"), h("th", {}, "points"), h("th", {}, "win"))), h("tbody", {}, rows));
}

function onKey(event) {
  if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.nodeName)) return;
  const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key];
  if (!step || !page.review) return;
  const list = page.review.decisions.filter((decision) => !page.onlyMistakes || decision.loss > 0);
  const at = list.findIndex((decision) => decision.index === page.selected);
  const next = list[Math.max(0, Math.min(list.length - 1, at + step))];
  if (next) {
    event.preventDefault();
    select(next.index);
  }
}
