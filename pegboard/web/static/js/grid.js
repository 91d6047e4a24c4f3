// The grid games: Snailspace (a 5x5 square filled along a spiral by two players) and Cribbage
// Square Solitaire (a 4x4 square, the stock turned one card at a time).
import { backSVG, cardShort, cardSVG, emptySlotSVG } from "./cards.js";
import { cardButton, cardsOf, hintBox } from "./cribbage.js";
import { h, plural } from "./dom.js";

const COLUMNS = "abcd";

function scores(ctl) {
  const view = ctl.state.view;
  const row = h("div", { class: "grid-scores" });
  view.players.forEach((name, seat) => {
    const gained = view.scores[seat] - view.previous_scores[seat];
    row.append(h("div", { class: `player${view.to_act.includes(seat) ? " acting" : ""}` },
      h("div", { class: "player-name" }, h("strong", {}, seat === ctl.state.seat ? `${name} (you)` : name),
        view.dealer === seat ? h("span", { class: "tag dealer" }, "dealer") : null),
      h("div", { class: "big-score" }, String(view.scores[seat]), gained > 0 ? h("span", { class: "gain" }, ` +${gained}`) : null),
      view.hand_sizes && seat !== ctl.state.seat
        ? h("div", { class: "fan small" }, Array.from({ length: view.hand_sizes[seat] }, () => backSVG({ small: true })))
        : null));
  });
  return row;
}

function snailspace(ctl) {
  const state = ctl.state;
  const view = state.view;
  const legal = new Set(state.legal);
  const root = h("div", { class: "grid-game snail" });
  root.append(h("p", { class: "muted" }, `Deal ${view.deal + 1} of ${view.deals}.`
    + (view.count_at_end ? " Lines are counted at the end: rows for the non-dealer, columns for the dealer." : "")));
  root.append(scores(ctl));
  const grid = h("div", { class: "grid g5", role: "grid", "aria-label": "the square" });
  const [nextRow, nextCol] = view.next_cell || [-1, -1];
  view.grid.forEach((card, index) => {
    const row = Math.floor(index / 5);
    const col = index % 5;
    const next = row === nextRow && col === nextCol;
    grid.append(h("div", { class: `cell${next ? " next" : ""}`, role: "gridcell",
      "aria-label": card ? `row ${row + 1} column ${col + 1}: ${cardShort(card)}` : next ? "the next cell" : "empty" },
    card ? cardSVG(card, { small: true }) : emptySlotSVG(next ? "next" : "")));
  });
  root.append(grid);
  if (state.seat !== null) {
    const suggested = new Set(ctl.hint && !ctl.hint.pending ? cardsOf(ctl.hint.action) : []);
    const hand = h("div", { class: "hand", role: "group", "aria-label": "your hand" });
    for (const card of view.hand) {
      const playable = legal.has(`play ${card}`);
      hand.append(cardButton(card, { playable, dim: !state.legal.length, suggested: suggested.has(card),
        onclick: () => playable && ctl.act(`play ${card}`) }));
    }
    const box = h("div", { class: "controls" });
    if (state.legal.length) {
      box.append(h("p", { class: "prompt" }, "Play a card to the next cell of the spiral."), hintBox(ctl));
    }
    root.append(h("div", { class: `me${state.legal.length ? " acting" : ""}` }, hand, box));
  }
  root.append(lines(state));
  return root;
}

function solitaire(ctl) {
  const state = ctl.state;
  const view = state.view;
  const legal = new Set(state.legal);
  const current = view.current;
  const hinted = ctl.hint && !ctl.hint.pending ? ctl.hint.action : "";
  const root = h("div", { class: "grid-game solitaire" });
  root.append(h("div", { class: "grid-scores" },
    h("div", { class: "player" }, h("div", { class: "player-name" }, "Score"),
      h("div", { class: "big-score" }, `${view.score}`), h("div", { class: "muted" }, `${view.target} wins`)),
    h("div", { class: "player" }, h("div", { class: "player-name" }, view.finished ? "Starter" : "Turned"),
      current || view.starter ? cardSVG(view.starter || current) : backSVG(),
      h("div", { class: "muted" }, `${plural(view.stock_left, "card")} in the stock`))));
  const grid = h("div", { class: "grid g4", role: "grid", "aria-label": "the square" });
  view.grid.forEach((card, index) => {
    const cell = `${COLUMNS[index % 4]}${Math.floor(index / 4) + 1}`;
    const action = current ? `place ${current} ${cell}` : "";
    if (card || !legal.has(action)) {
      grid.append(h("div", { class: "cell", role: "gridcell", "aria-label": card ? `${cell}: ${cardShort(card)}` : cell },
        card ? cardSVG(card, { small: true }) : emptySlotSVG(cell)));
      return;
    }
    grid.append(h("button", { type: "button", class: `cell target${hinted === action ? " suggested" : ""}`,
      "data-nav": "", "data-key": `cell-${cell}`, id: `cell-${cell}`, "aria-label": `place ${cardShort(current)} at ${cell}`,
      onclick: () => ctl.act(action) }, emptySlotSVG(cell)));
  });
  root.append(grid);
  const spaces = h("div", { class: "discards", role: "group", "aria-label": "discard spaces" });
  for (let i = 0; i < view.discard_spaces; i++) {
    const card = view.discards[i];
    spaces.append(card ? cardSVG(card, { small: true }) : emptySlotSVG("discard"));
  }
  const box = h("div", { class: "controls" });
  if (state.legal.length && current) {
    box.append(h("p", { class: "prompt" }, `Place the ${cardShort(current)} on an empty cell`
      + (legal.has(`discard ${current}`) ? " or in a discard space." : ".")));
    if (legal.has(`discard ${current}`)) {
      box.append(h("button", { type: "button", class: `secondary${hinted.startsWith("discard") ? " suggested" : ""}`,
        id: "discard", "data-shortcut": "d", "data-key": "discard", onclick: () => ctl.act(`discard ${current}`) },
      `Discard ${cardShort(current)}`));
    }
    box.append(hintBox(ctl));
  }
  root.append(h("div", { class: "row" }, spaces, box), lines(state));
  return root;
}

function lines(state) {
  if (!state.lines || !state.lines.length) return h("div");
  const list = h("ul", { class: "lines" });
  for (const line of state.lines) {
    const who = line.seat !== undefined && state.view.players.length > 1 ? `${state.view.players[line.seat]}: ` : "";
    list.append(h("li", {}, h("strong", {}, `${line.where} ${line.total}`), ` ${who}${line.say}`));
  }
  return h("section", { class: "panel-lite" }, h("h3", {}, "Counted"), list);
}

export function renderGrid(ctl) {
  return ctl.state.layout.cells_in_order ? snailspace(ctl) : solitaire(ctl);
}
