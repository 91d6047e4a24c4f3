// The cribbage table: other players, the starter and crib, the play and its count, your hand and
// what you may do now (discard, play, go, count, muggins), with hints.
import { backSVG, cardShort, cardSVG, emptySlotSVG } from "./cards.js";
import { h, plural } from "./dom.js";

const NUMBER_WORDS = ["no", "one", "two", "three", "four"];
const TURN_TAGS = { play: "to play", count: "to count", muggins: "may claim" };

export function cardsOf(text) {
  return text.split(" ").slice(1).filter((part) => /^[A2-9TJQK][CDHS]$/.test(part));
}

export function cardButton(card, options = {}) {
  const classes = ["card-btn"];
  if (options.selected) classes.push("selected");
  if (options.playable) classes.push("playable");
  if (options.dim) classes.push("dim");
  if (options.suggested) classes.push("suggested");
  const button = h("button", { type: "button", class: classes.join(" "), "data-card": card, "data-nav": "",
    "data-key": options.key || `card-${card}`, "aria-pressed": options.pressable ? String(Boolean(options.selected)) : null,
    "aria-disabled": options.dim ? "true" : null, title: options.title || null, onclick: options.onclick },
  cardSVG(card));
  return button;
}

function fan(cards, { small = true, backs = 0, label = "" } = {}) {
  const row = h("div", { class: `fan${small ? " small" : ""}`, role: "group", "aria-label": label || null });
  for (const card of cards) row.append(cardSVG(card, { small }));
  for (let i = 0; i < backs; i++) row.append(backSVG({ small }));
  return row;
}

function whose(view, seat, me) {
  return seat === me ? "your" : `${view.players[seat]}'s`;
}

function playerBox(ctl, seat) {
  const view = ctl.state.view;
  const seatInfo = (ctl.seats || [])[seat] || {};
  const tags = [];
  if (view.dealer === seat) tags.push(h("span", { class: "tag dealer", title: "The dealer: the crib is theirs" }, "dealer"));
  if (view.sides.length !== view.players.length) tags.push(h("span", { class: "tag" }, view.sides[view.side_of_seat[seat]]));
  const turn = TURN_TAGS[view.phase]; // none in the discard, where everyone acts at once
  if (turn && view.to_act.includes(seat) && !view.finished && !ctl.state.finished) tags.push(h("span", { class: "tag turn" }, turn));
  if (view.said_go.includes(seat)) tags.push(h("span", { class: "tag" }, "go"));
  if (view.phase === "discard" && view.has_discarded[seat]) tags.push(h("span", { class: "tag" }, "discarded"));
  const presence = seatInfo.kind === "computer" ? `computer, ${seatInfo.level}`
    : seatInfo.online ? "here" : seatInfo.joined ? "away" : "invited";
  return h("div", { class: `player${view.to_act.includes(seat) ? " acting" : ""}`, "data-seat": seat },
    h("div", { class: "player-name" }, h("strong", {}, view.players[seat]), h("span", { class: "muted" }, ` ${presence}`)),
    h("div", { class: "tags" }, tags),
    fan([], { backs: view.hand_sizes[seat], label: `${view.players[seat]} holds ${plural(view.hand_sizes[seat], "card")}` }));
}

function centre(ctl) {
  const view = ctl.state.view;
  const me = ctl.state.seat;
  const starter = h("div", { class: "spot starter" }, h("div", { class: "spot-label" }, "Starter"),
    view.starter ? cardSVG(view.starter) : backSVG());
  const cribCards = view.crib.length ? fan(view.crib, { small: true, label: "the crib" })
    : view.crib_size ? fan([], { backs: view.crib_size, label: `${plural(view.crib_size, "card")} in the crib` })
      : h("div", { class: "fan small" }, emptySlotSVG());
  const crib = h("div", { class: "spot crib" },
    h("div", { class: "spot-label" }, `${whose(view, view.dealer, me)} crib`.replace(/^./, (c) => c.toUpperCase())),
    cribCards);
  const series = h("div", { class: "series", role: "list", "aria-label": "cards in this series" });
  for (const [seat, card] of view.series) {
    series.append(h("div", { class: "played", role: "listitem" }, cardSVG(card, { small: true }),
      h("span", { class: "who" }, view.players[seat])));
  }
  const earlier = view.played.slice(0, view.played.length - view.series.length).map(([, card]) => card);
  const play = h("div", { class: "spot play" },
    h("div", { class: "spot-label" }, "The play"),
    h("div", { class: "count", "aria-label": `count ${view.count}` }, h("span", { class: "count-label" }, "count "),
      h("span", { class: "count-value" }, String(view.count))),
    series,
    earlier.length ? h("div", { class: "earlier" }, h("span", { class: "muted" }, "earlier: "),
      earlier.map((card) => h("span", { class: `mini ${/[DH]$/.test(card) ? "red" : ""}` }, cardShort(card)))) : null);
  return h("div", { class: "centre" }, starter, crib, play, lastDealLine(ctl.state));
}

function lastDealLine(state) {
  const last = state.last_deal;
  if (!last || state.view.phase !== "discard" || !last.shows.length) return null;
  const parts = last.shows.map((show) => `${state.view.players[show.seat]}${show.what === "crib" ? "'s crib" : ""} ${show.total}`);
  return h("p", { class: "last-deal-line" }, `Deal ${last.deal + 1} counted: ${parts.join(" · ")}`);
}

function controls(ctl) {
  const state = ctl.state;
  const view = state.view;
  const me = state.seat;
  const legal = state.legal;
  const box = h("div", { class: "controls" });
  const say = (text) => box.append(h("p", { class: "prompt" }, text));
  if (view.finished) {
    say(view.winner ? `${view.winner} won ${view.scores.join(" to ")}.` : "The game is over.");
    return box;
  }
  if (state.finished && state.outcome) { // a rated game lost on time or left: the deal stops where it was
    const why = state.outcome.reason === "time" ? "ran out of time" : "left the game";
    say(`${view.players[state.outcome.loser]} ${why}: ${state.outcome.winner} won.`);
    return box;
  }
  if (!legal.length) {
    if (view.phase === "discard") {
      say(`You put ${view.discarded.map(cardShort).join(" ")} in ${whose(view, view.dealer, me)} crib. Waiting for the others.`);
    } else if (view.to_act.length) {
      say(`${view.to_act.map((seat) => view.players[seat]).join(" and ")} to ${view.phase === "play" ? "play" : "count"}.`);
    }
    return box;
  }
  const verb = legal[0].split(" ")[0];
  if (verb === "discard") {
    const need = cardsOf(legal[0]).length;
    const chosen = legal.find((text) => {
      const cards = cardsOf(text);
      return cards.length === ctl.selected.size && cards.every((card) => ctl.selected.has(card));
    });
    say(`Choose ${NUMBER_WORDS[need] || need} card${need > 1 ? "s" : ""} for ${whose(view, view.dealer, me)} crib.`);
    box.append(h("button", { type: "button", class: "primary", id: "discard", "data-shortcut": "d",
      "data-key": "discard", disabled: !chosen, onclick: () => chosen && ctl.act(chosen) },
    chosen ? `Discard ${cardsOf(chosen).map(cardShort).join(" ")}` : "Discard"));
  } else if (verb === "play" || verb === "go") {
    if (legal.includes("go")) {
      say(`No card fits: the count is ${view.count}. Say go.`);
      box.append(h("button", { type: "button", class: "primary", id: "go", "data-shortcut": "g", "data-key": "go",
        onclick: () => ctl.act("go") }, "Go"));
    } else {
      say(`Play a card. The count is ${view.count}.`);
    }
  } else if (verb === "count") {
    const [, what] = view.counting || [me, "hand"];
    say(`Count your ${what} with the starter ${cardShort(view.starter)}: how many points?`);
    box.append(pointsForm(ctl, "count", "Count", "count-points"));
  } else if (legal.includes("muggins") || legal.includes("pass")) {
    const [owner, declared] = view.claim || [null, 0];
    const what = (view.counting || [null, "hand"])[1];
    say(`${view.players[owner]} counted ${declared} for the ${what}. Missed any points?`);
    const shown = (state.shows || []).at(-1); // the hand being counted, beside the claim (a phone pins this panel)
    if (shown && shown.seat === owner) {
      box.append(h("div", { class: "fan small claim-hand", role: "group", "aria-label": `${view.players[owner]}'s ${what}` },
        shown.cards.map((card) => cardSVG(card, { small: true })),
        view.starter ? [h("span", { class: "plus" }, "+"), cardSVG(view.starter, { small: true })] : null));
    }
    box.append(pointsForm(ctl, "muggins", "Muggins!", "muggins-points"),
      h("button", { type: "button", class: "secondary", id: "pass", "data-shortcut": "p", "data-key": "pass",
        onclick: () => ctl.act("pass") }, "No claim"));
  }
  if (!(view.muggins && (verb === "count" || legal.includes("pass")))) box.append(hintBox(ctl));
  else box.append(h("p", { class: "muted no-hint" }, "No hints while counting under muggins."));
  return box;
}

function pointsForm(ctl, verb, label, id) {
  const input = h("input", { type: "number", id, min: verb === "muggins" ? 1 : 0, max: 29, required: true,
    inputmode: "numeric", "aria-label": "points", class: "points" });
  const form = h("form", { class: "points-form", onsubmit: (event) => {
    event.preventDefault();
    if (input.value !== "") ctl.act(`${verb} ${Number.parseInt(input.value, 10)}`);
  } }, input, h("button", { type: "submit", class: "primary", id: `${verb}-submit` }, label));
  window.setTimeout(() => { if (!document.activeElement || document.activeElement === document.body) input.focus(); });
  return form;
}

export function hintBox(ctl) {
  const box = h("div", { class: "hint-box" });
  if (ctl.state && ctl.state.rated) return box; // no hints in a rated game
  const hint = ctl.hint;
  box.append(h("button", { type: "button", class: "secondary", id: "hint", "data-shortcut": "h", "data-key": "hint",
    disabled: Boolean(hint && hint.pending), onclick: () => ctl.askHint() }, hint && hint.pending ? "Thinking…" : "Hint"));
  if (hint && !hint.pending) {
    const cards = cardsOf(hint.action);
    const what = cards.length ? `${hint.action.split(" ")[0]} ${cards.map(cardShort).join(" ")}` : hint.action;
    // The button under the headline: the panel scrolls when its reasons run long, and the button stays in sight.
    box.append(h("div", { class: "hint", role: "note" },
      h("p", {}, h("strong", {}, `Hint: ${what}`)),
      h("button", { type: "button", class: "primary", id: "use-hint", "data-shortcut": "u", "data-key": "use-hint",
        onclick: () => ctl.act(hint.action) }, "Use the hint"),
      h("p", { class: "hint-reason" }, hint.reason),
      hint.ranking.length ? h("ol", { class: "ranking" }, hint.ranking.map((line) => h("li", {}, line))) : null));
  }
  return box;
}

function myArea(ctl) {
  const state = ctl.state;
  const view = state.view;
  const me = state.seat;
  const legal = new Set(state.legal);
  const discarding = state.legal.length && state.legal[0].startsWith("discard ");
  const need = discarding ? cardsOf(state.legal[0]).length : 0;
  const suggested = new Set(ctl.hint && !ctl.hint.pending ? cardsOf(ctl.hint.action) : []);
  const showing = ["count", "muggins", "show"].includes(view.phase) && !view.hand.length;
  const cards = showing ? view.kept : view.hand;
  const hand = h("div", { class: "hand", role: "group", "aria-label": "your hand" });
  cards.forEach((card, index) => {
    const playable = legal.has(`play ${card}`);
    const options = { key: `hand-${card}`, selected: ctl.selected.has(card), suggested: suggested.has(card),
      title: `${index + 1}: ${cardShort(card)}` };
    if (discarding) {
      Object.assign(options, { pressable: true, playable: true, onclick: () => ctl.toggle(card, need) });
    } else if (view.phase === "play" && state.legal.length) {
      Object.assign(options, { playable, dim: !playable, onclick: () => {
        if (playable) ctl.act(`play ${card}`);
        else ctl.onError({ code: "illegal", message: `${cardShort(card)} would take the count past 31.` });
      } });
    }
    hand.append(showing || !state.legal.length && view.phase !== "play" ? h("div", { class: "card-still" }, cardSVG(card))
      : cardButton(card, options));
  });
  const tags = [view.dealer === me ? "you deal: the crib is yours" : null,
    view.sides.length !== view.players.length ? `team ${view.sides[view.side_of_seat[me]]}` : null].filter(Boolean);
  return h("div", { class: `me${state.legal.length ? " acting" : ""}` },
    h("div", { class: "player-name" }, h("strong", {}, `${view.players[me]} (you)`),
      tags.length ? h("span", { class: "muted" }, ` · ${tags.join(" · ")}`) : null),
    hand, controls(ctl));
}

export function renderCribbage(ctl) {
  const state = ctl.state;
  const view = state.view;
  const root = h("div", { class: "cribbage" });
  const others = h("div", { class: "others" });
  view.players.forEach((name, seat) => { if (seat !== state.seat) others.append(playerBox(ctl, seat)); });
  root.append(others, centre(ctl));
  if (state.seat !== null) root.append(myArea(ctl));
  return root;
}
