// Training on puzzles (/train): one position at a time as the player saw it, answered by clicking a card,
// a cell or a choice; then the verdict (the best, every choice's value, why, the rating change, the
// streak) and the next. Signed in, the server keeps the training; a guest's lives in this browser
// (localStorage), sent with each request and given back changed (docs/train.md, "/train on the web").
import { api, loadMe, signedIn } from "./api.js";
import { cardShort, cardSVG, emptySlotSVG, installDefs, parseCard } from "./cards.js";
import { cardButton } from "./cribbage.js";
import { clear, h, plural } from "./dom.js";

const STATE_KEY = "pegboard:trainer";
const FILTER_KEY = "pegboard:train-filters";
const KIND_NAMES = { discard: "Discard", play: "The play", count: "Counting", cell: "Snailspace cell", place: "Solitaire placement" };
const COLUMNS = "abcde";

installDefs();
const root = document.getElementById("app");
const page = { me: null, bank: null, puzzle: null, verdict: null, picked: [], busy: false, error: "",
  filters: loadFilters() };
window.pegboard = page;
start();

function loadFilters() {
  try {
    const saved = JSON.parse(localStorage.getItem(FILTER_KEY) || "{}");
    return { kind: String(saved.kind || ""), theme: String(saved.theme || ""), mistakes: Boolean(saved.mistakes) };
  } catch (error) {
    return { kind: "", theme: "", mistakes: false };
  }
}

function guestState() {
  try {
    return JSON.parse(localStorage.getItem(STATE_KEY) || "null");
  } catch (error) {
    return null; // a damaged state: start again
  }
}

function keep(answer) {
  if (answer.state) localStorage.setItem(STATE_KEY, JSON.stringify(answer.state));
  if (answer.me) page.me = answer.me;
}

async function start() {
  await loadMe();
  try {
    const about = await api("/api/train/me");
    page.bank = about.bank;
    page.me = about.me;
  } catch (error) {
    show(h("p", { class: "loading error", id: "train-error" }, `No training here: ${error.message}`));
    return;
  }
  const themes = new Set(page.bank.themes.map((item) => item.theme));
  if (page.filters.kind && !(page.filters.kind in page.bank.kinds)) page.filters.kind = "";
  if (page.filters.theme && !themes.has(page.filters.theme)) page.filters.theme = "";
  await next();
}

async function next(again = false) {
  page.busy = true;
  page.verdict = null;
  page.picked = [];
  page.error = "";
  const body = { kind: page.filters.kind, theme: page.filters.theme, mistakes: page.filters.mistakes };
  if (!signedIn()) body.state = guestState();
  try {
    const answer = await api("/api/train/next", body);
    keep(answer);
    page.puzzle = answer.puzzle;
  } catch (error) {
    if (!again && body.state && error.status === 400 && error.message.startsWith("state")) {
      localStorage.removeItem(STATE_KEY); // this browser's training cannot be read (damaged, or older): anew
      return next(true);
    }
    page.puzzle = null;
    page.error = error.message;
  }
  page.busy = false;
  render();
}

async function answer(choice) {
  if (page.busy || page.verdict || !page.puzzle) return;
  page.busy = true;
  page.error = "";
  render();
  const body = { id: page.puzzle.id, choice };
  if (!signedIn()) body.state = guestState();
  try {
    const result = await api("/api/train/answer", body);
    keep(result);
    page.verdict = result.verdict;
  } catch (error) {
    page.error = error.message;
  }
  page.busy = false;
  render();
  const verdict = document.getElementById("verdict");
  if (verdict && verdict.scrollIntoView) verdict.scrollIntoView({ block: "nearest" });
  const button = document.getElementById("next");
  if (button) button.focus({ preventScroll: true }); // Enter or Space: the next puzzle
}

function show(...children) {
  clear(root).append(h("div", { class: "review-page train-page" },
    h("header", { class: "topbar" }, h("a", { class: "home", href: "/" }, "pegboard"), h("h1", {}, "Train"),
      h("span", { class: "spacer" }), badge()),
    ...children));
}

function badge() {
  const me = page.me;
  if (!me) return null;
  return h("span", { class: "train-badge", id: "train-badge" }, `${me.rating}${me.provisional ? "?" : ""}`,
    h("span", { class: "muted" }, ` · streak ${me.streak}`));
}

function render() {
  show(h("div", { class: "train-grid" },
    h("section", { class: "train-main", id: "puzzle" }, puzzleArea()),
    filtersPanel(), mePanel()));
}

// ---------------------------------------------------------------- the puzzle
function puzzleArea() {
  const puzzle = page.puzzle;
  if (!puzzle) {
    return [h("p", { class: "loading", id: page.error ? "train-error" : "loading" }, page.error || "Loading a puzzle…"),
      page.error ? h("p", { class: "loading" }, h("button", { type: "button", class: "secondary", onclick: next }, "Try again")) : null];
  }
  const view = puzzle.view;
  const head = h("p", { class: "puzzle-head" }, h("strong", {}, KIND_NAMES[puzzle.kind] || puzzle.kind),
    ` · ${puzzle.game} · puzzle rated ${puzzle.rating}`,
    puzzle.again ? h("span", { class: "tag again" }, "missed before") : null);
  const table = puzzle.family === "cribbage" ? cribbageTable(puzzle, view) : gridTable(puzzle, view);
  return [head, h("div", { class: "train-table", id: "train-table" }, scoresLine(puzzle, view), table),
    h("p", { class: "question", id: "question" }, page.verdict ? "" : questionText(puzzle)),
    page.verdict ? null : controls(puzzle),
    page.error ? h("p", { class: "error", role: "alert", id: "answer-error" }, page.error) : null,
    page.verdict ? verdictPanel(puzzle, page.verdict) : null];
}

function questionText(puzzle) {
  if (puzzle.kind === "discard") return `Throw ${plural(choiceCards(puzzle.choices[0]).length, "card")} to the crib: pick them, then “Throw”.`;
  if (puzzle.kind === "play" || puzzle.kind === "cell") return "Which card do you play? Click it.";
  if (puzzle.kind === "place") return "Where does the card go? Click a cell, or discard it.";
  return puzzle.question;
}

function nameOf(view, seat) {
  return seat === view.seat ? "You" : view.players[seat];
}

function scoresLine(puzzle, view) {
  // Partnerships score by side; otherwise each player by name, the deciding one as "You".
  const sides = view.sides && view.sides.length !== view.players.length ? view.sides
    : view.players.map((_, seat) => nameOf(view, seat));
  const scores = sides.map((name, i) => `${name} ${view.scores[i]}`).join(" · ");
  const dealer = view.dealer !== undefined && view.dealer !== null
    ? ` · ${view.dealer === view.seat ? "you deal" : `${nameOf(view, view.dealer)} deals`}` : "";
  const target = view.target ? ` · ${view.target} wins` : "";
  return h("p", { class: "train-scores", id: "train-scores" }, scores + dealer + target);
}

function choiceCards(choice) {
  return choice.split(" ").slice(1).filter((word) => parseCard(word));
}

function spot(label, ...content) {
  return h("div", { class: "train-spot" }, h("div", { class: "spot-label" }, label), ...content);
}

function small(cards) {
  return h("div", { class: "seen-cards" }, cards.map((card) => cardSVG(card, { small: true })));
}

function countedCards(view) {
  const [who, unit] = view.counting || [view.seat, "hand"];
  if (unit === "crib") return view.crib;
  if (who === view.seat) return view.kept && view.kept.length ? view.kept : view.hand;
  for (const item of [...(view.shown || [])].reverse()) {
    if (item && item.seat === who && item.cards) return item.cards;
    if (Array.isArray(item) && item[0] === who && Array.isArray(item[item.length - 1])) return item[item.length - 1];
  }
  return [];
}

function cribbageTable(puzzle, view) {
  const parts = [];
  if (puzzle.kind === "count") {
    const [who, unit] = view.counting || [view.seat, "hand"];
    parts.push(h("div", { class: "train-row" },
      spot(`${who === view.seat ? "Your" : `${nameOf(view, who)}'s`} ${unit}`, small(countedCards(view))),
      view.starter ? spot("Starter", small([view.starter])) : null));
    if (view.claim) parts.push(h("p", { class: "claim" }, `${nameOf(view, view.claim[0])} counted ${view.claim[1]}.`));
    return parts;
  }
  const row = h("div", { class: "train-row" });
  if (view.starter) row.append(spot("Starter", small([view.starter])));
  if (view.discarded && view.discarded.length) row.append(spot("You threw", small(view.discarded)));
  if (view.phase === "play") {
    const earlier = view.played.slice(0, view.played.length - view.series.length);
    row.append(spot(`The play · count ${view.count}`, view.series.length ? small(view.series.map((pair) => pair[1]))
      : h("p", { class: "muted" }, "a new series"),
    earlier.length ? h("p", { class: "earlier muted" }, "earlier: ", earlier.map(([seat, card]) => `${nameOf(view, seat)} ${cardShort(card)}`).join(", ")) : null,
    view.said_go.length ? h("p", { class: "muted" }, `go: ${view.said_go.map((seat) => nameOf(view, seat)).join(", ")}`) : null));
  }
  if (row.childNodes.length) parts.push(row);
  parts.push(h("div", { class: "spot-label" }, "Your hand"), handButtons(puzzle, view.hand));
  return parts;
}

// The hand as buttons: in a discard they are picked (then “Throw”); in a play or a Snailspace cell a
// click answers (a card of the same rank as a choice plays as it does).
function handButtons(puzzle, hand) {
  const done = Boolean(page.verdict);
  const marked = done ? verdictCards(page.verdict) : { best: new Set(), chosen: new Set() };
  const row = h("div", { class: "hand train-hand", role: "group", "aria-label": "your hand" });
  for (const card of hand) {
    const playable = !done && canAnswerWith(puzzle, card);
    const classes = [];
    const button = cardButton(card, { playable, dim: !done && !playable, selected: !done && page.picked.includes(card),
      pressable: puzzle.kind === "discard", key: `card-${card}`, onclick: () => pickCard(puzzle, card, playable) });
    if (marked.best.has(card)) classes.push("best");
    if (marked.chosen.has(card)) classes.push("chosen");
    if (classes.length) button.classList.add(...classes);
    button.id = `card-${card}`;
    row.append(button);
  }
  return row;
}

function canAnswerWith(puzzle, card) {
  if (puzzle.kind === "discard") return true;
  const rank = card[0];
  return puzzle.choices.some((choice) => choiceCards(choice).length === 1 && choiceCards(choice)[0][0] === rank);
}

function pickCard(puzzle, card, playable) {
  if (page.verdict || page.busy || !playable) return;
  if (puzzle.kind !== "discard") {
    answer(`play ${card}`);
    return;
  }
  const many = choiceCards(puzzle.choices[0]).length;
  if (page.picked.includes(card)) page.picked = page.picked.filter((c) => c !== card);
  else page.picked = [...page.picked, card].slice(-many);
  render();
}

function verdictCards(verdict) {
  return { best: new Set(choiceCards(verdict.best)), chosen: new Set(choiceCards(verdict.choice)) };
}

function gridTable(puzzle, view) {
  const size = view.grid.length === 25 ? 5 : 4;
  const [nextRow, nextCol] = view.next_cell || [-1, -1];
  const current = view.current;
  const done = Boolean(page.verdict);
  const marked = done ? page.verdict : null;
  const grid = h("div", { class: `grid g${size} train-grid-cells`, role: "grid", "aria-label": "the square" });
  view.grid.forEach((card, index) => {
    const row = Math.floor(index / size);
    const col = index % size;
    const cell = `${COLUMNS[col]}${row + 1}`;
    const action = current ? `place ${current} ${cell}` : "";
    const isNext = row === nextRow && col === nextCol;
    if (!card && puzzle.kind === "place" && puzzle.choices.includes(action)) {
      const classes = ["cell", "target"];
      if (marked && marked.best === action) classes.push("best");
      if (marked && marked.choice === action) classes.push("chosen");
      grid.append(h("button", { type: "button", class: classes.join(" "), id: `cell-${cell}`, disabled: done,
        "aria-label": `place ${cardShort(current)} at ${cell}`, onclick: () => answer(action) }, emptySlotSVG(cell)));
      return;
    }
    grid.append(h("div", { class: `cell${isNext ? " next" : ""}`, role: "gridcell",
      "aria-label": card ? `${cell}: ${cardShort(card)}` : isNext ? "the next cell" : cell },
    card ? cardSVG(card, { small: true }) : emptySlotSVG(isNext ? "next" : "")));
  });
  // The grid, and beside it (below it on a phone) the card to place or the hand to play from.
  const side = h("div", { class: "grid-side" });
  if (current) {
    const row = h("div", { class: "train-row" }, spot("The card to place", small([current])));
    if (view.discard_spaces) {
      const left = view.discard_spaces - view.discards.length;
      row.append(spot(`Discards (${left} left)`, view.discards.length ? small(view.discards) : h("p", { class: "muted" }, "none yet")));
    }
    side.append(row);
  }
  if (puzzle.kind === "cell" && view.hand) side.append(h("div", { class: "spot-label" }, "Your hand"), handButtons(puzzle, view.hand));
  return h("div", { class: "grid-layout" }, grid, side);
}

function controls(puzzle) {
  const box = h("div", { class: "train-controls", id: "train-controls" });
  if (puzzle.kind === "discard") {
    const many = choiceCards(puzzle.choices[0]).length;
    const ready = page.picked.length === many;
    box.append(h("button", { type: "button", class: "primary", id: "throw", disabled: !ready || page.busy,
      onclick: () => answer(`discard ${page.picked.join(" ")}`) },
    ready ? `Throw ${page.picked.map(cardShort).join(" ")}` : `Pick ${plural(many - page.picked.length, "more card")}`));
  } else if (puzzle.kind === "place") {
    const discard = puzzle.choices.find((choice) => choice.startsWith("discard"));
    if (discard) box.append(h("button", { type: "button", class: "secondary", id: "discard", disabled: page.busy,
      onclick: () => answer(discard) }, `Discard ${cardShort(choiceCards(discard)[0])}`));
  } else if (puzzle.kind !== "play" && puzzle.kind !== "cell") {
    const ordered = [...puzzle.choices].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    box.append(h("div", { class: "choice-list" }, ordered.map((choice) => h("button", { type: "button",
      class: "secondary small choice", "data-choice": choice, disabled: page.busy, onclick: () => answer(choice) }, choice))));
  }
  return box;
}

// ---------------------------------------------------------------- the verdict
function value(verdict, number) {
  return verdict.measure === "win" ? `${(100 * number).toFixed(1)}%` : number.toFixed(2);
}

function verdictPanel(puzzle, verdict) {
  const change = verdict.change;
  const rows = verdict.options.map((option) => h("tr", {
    class: `${option.choice === verdict.choice ? "chosen" : ""}${option.choice === verdict.best ? " best" : ""}`.trim() },
  h("td", {}, option.choice), h("td", {}, value(verdict, option.value))));
  const solved = verdict.attempts ? ` · solved by ${verdict.solves} of ${verdict.attempts}` : "";
  return h("section", { class: `panel verdict ${verdict.right ? "right" : "wrong"}`, id: "verdict" },
    h("h2", { id: "verdict-title", role: "alert" }, verdict.right ? "Right: that is the best." : `Not the best: ${verdict.best} was.`),
    h("div", { class: "verdict-body" },
      h("div", { class: "verdict-text" },
        h("p", { id: "explanation" }, verdict.explanation),
        verdict.played ? h("p", { class: "muted" }, `In your game you chose ${verdict.played}.`) : null,
        h("p", { class: "rating-change", id: "rating-change" }, `Rating ${verdict.rating_before} → ${verdict.rating_after} `,
          h("strong", { class: change >= 0 ? "up" : "down" }, `(${change >= 0 ? "+" : ""}${change})`),
          ` · streak ${verdict.streak}`),
        h("p", { class: "muted" }, `Theme: ${verdict.theme} · puzzle rated ${verdict.puzzle_rating}${solved}`),
        h("p", { class: "next-row" }, h("button", { type: "button", class: "primary", id: "next", onclick: next }, "Next puzzle"))),
      h("div", { class: "options-box" }, h("table", { class: "options", id: "options" }, h("thead", {}, h("tr", {},
        h("th", {}, "choice"), h("th", {}, verdict.measure === "win" ? "chance to win" : "points"))), h("tbody", {}, rows)))));
}

// ---------------------------------------------------------------- the side: filters and the player
function filtersPanel() {
  const kinds = Object.keys(page.bank ? page.bank.kinds : {});
  const themes = (page.bank ? page.bank.themes : []).filter((item) => !page.filters.kind || item.kind === page.filters.kind);
  const changed = (what, value) => {
    page.filters[what] = value;
    if (what === "kind") page.filters.theme = "";
    localStorage.setItem(FILTER_KEY, JSON.stringify(page.filters));
    next();
  };
  return h("section", { class: "panel train-filters", id: "filters" }, h("h2", {}, "Puzzles"),
    h("div", { class: "filter-fields" }, h("div", {}, h("label", { class: "field", for: "kind" }, "Kind"),
    h("select", { id: "kind", onchange: (event) => changed("kind", event.target.value) },
      h("option", { value: "", selected: !page.filters.kind }, "every kind"),
      kinds.map((kind) => h("option", { value: kind, selected: page.filters.kind === kind },
        `${KIND_NAMES[kind] || kind} (${page.bank.kinds[kind]})`)))),
    h("div", {}, h("label", { class: "field", for: "theme" }, "Theme"),
    h("select", { id: "theme", onchange: (event) => changed("theme", event.target.value) },
      h("option", { value: "", selected: !page.filters.theme }, "every theme"),
      [...new Set(themes.map((item) => item.theme))].map((theme) => h("option", { value: theme, selected: page.filters.theme === theme }, theme))))),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "mistakes", checked: page.filters.mistakes,
      onchange: (event) => changed("mistakes", event.target.checked) }), " Only puzzles I missed"));
}

function mePanel() {
  const me = page.me;
  if (!me) return null;
  const who = signedIn() ? `Signed in as ${signedIn().name}: your training is kept on this server.`
    : "As a guest, your training is kept in this browser. Sign in (in the lobby) to keep it on the server.";
  const history = [...me.history].reverse().slice(0, 8);
  return h("section", { class: "panel train-me", id: "me" }, h("h2", {}, "You"),
    h("dl", { class: "train-figures" },
      h("dt", {}, "Rating"), h("dd", { id: "me-rating" }, `${me.rating}${me.provisional ? " (provisional)" : ""}`),
      h("dt", {}, "Streak"), h("dd", { id: "me-streak" }, `${me.streak} (best ${me.best_streak})`),
      h("dt", {}, "Puzzles"), h("dd", {}, String(me.seen)),
      h("dt", {}, "To see again"), h("dd", { id: "me-queue" }, `${me.queue}${me.due ? ` (${me.due} due)` : ""}`)),
    history.length ? h("ol", { class: "train-history", id: "history" }, history.map((item) =>
      h("li", { class: item.right ? "right" : "wrong" }, item.right ? "✓ " : "✗ ", `${item.theme} `,
        h("span", { class: "muted" }, `→ ${Math.round(item.rating)}`)))) : null,
    h("p", { class: "muted" }, who));
}
