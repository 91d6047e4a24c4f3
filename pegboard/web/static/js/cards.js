// Playing cards drawn as SVG: corner indices, pips, framed court cards and a patterned back.
import { s } from "./dom.js";

const RANKS = "A23456789TJQK";
const RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "jack", "queen", "king"];
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RED = { D: true, H: true };

const SUIT_PATHS = {
  H: "M10 18.5C10 18.5 1 12.5 1 6.6 1 3.6 3.4 1.2 6.2 1.2 8 1.2 9.3 2.2 10 3.6 10.7 2.2 12 1.2 13.8 1.2 "
    + "16.6 1.2 19 3.6 19 6.6 19 12.5 10 18.5 10 18.5Z",
  D: "M10 0.8L18.2 10 10 19.2 1.8 10Z",
  S: "M10 1C10 1 1 8 1 12.6 1 15.2 3 17.1 5.5 17.1 7.2 17.1 8.5 16.3 9.2 15.1 9 17.1 8.1 18.6 6.4 19.6"
    + "L13.6 19.6C11.9 18.6 11 17.1 10.8 15.1 11.5 16.3 12.8 17.1 14.5 17.1 17 17.1 19 15.2 19 12.6 19 8 10 1 10 1Z",
  C: "M10 1.2A4.3 4.3 0 0 0 6.3 7.7 4.3 4.3 0 1 0 8.9 14.6C8.7 16.8 8 18.4 6.4 19.6L13.6 19.6C12 18.4 11.3 16.8 "
    + "11.1 14.6A4.3 4.3 0 1 0 13.7 7.7 4.3 4.3 0 0 0 10 1.2Z",
};

const PIPS = {
  2: [[50, 32], [50, 108, 1]],
  3: [[50, 32], [50, 70], [50, 108, 1]],
  4: [[33, 32], [67, 32], [33, 108, 1], [67, 108, 1]],
  5: [[33, 32], [67, 32], [50, 70], [33, 108, 1], [67, 108, 1]],
  6: [[33, 32], [67, 32], [33, 70], [67, 70], [33, 108, 1], [67, 108, 1]],
  7: [[33, 32], [67, 32], [50, 51], [33, 70], [67, 70], [33, 108, 1], [67, 108, 1]],
  8: [[33, 32], [67, 32], [50, 51], [33, 70], [67, 70], [50, 89, 1], [33, 108, 1], [67, 108, 1]],
  9: [[33, 32], [67, 32], [33, 57], [67, 57], [50, 70], [33, 83, 1], [67, 83, 1], [33, 108, 1], [67, 108, 1]],
  10: [[33, 32], [67, 32], [50, 45], [33, 57], [67, 57], [33, 83, 1], [67, 83, 1], [50, 95, 1], [33, 108, 1],
    [67, 108, 1]],
};

export function parseCard(text) {
  if (typeof text !== "string" || !/^[A2-9TJQK][CDHS]$/.test(text)) return null;
  const rank = RANKS.indexOf(text[0]) + 1;
  return { text, rank, suit: text[1], label: rank === 10 ? "10" : text[0] };
}

export function cardName(text) {
  const card = parseCard(text);
  return card ? `${RANK_NAMES[card.rank - 1]} of ${SUIT_NAMES[card.suit]}` : "a card";
}

export function cardShort(text) {
  const card = parseCard(text);
  return card ? `${card.label}${SUIT_SYMBOLS[card.suit]}` : "?";
}

export function installDefs() {
  if (document.getElementById("pegboard-defs")) return;
  const defs = s("defs");
  for (const [suit, path] of Object.entries(SUIT_PATHS)) {
    defs.append(s("symbol", { id: `suit-${suit}`, viewBox: "0 0 20 20" }, s("path", { d: path })));
  }
  defs.append(s("pattern", { id: "card-back-pattern", width: 10, height: 10, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" },
    s("rect", { width: 10, height: 10, fill: "#1d4f91" }),
    s("rect", { width: 5, height: 10, fill: "#2a63ad" })));
  const holder = s("svg", { id: "pegboard-defs", width: 0, height: 0, "aria-hidden": "true", class: "defs" }, defs);
  document.body.prepend(holder);
}

function suitUse(suit, x, y, size, flip = false) {
  const attrs = { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size };
  if (flip) attrs.transform = `rotate(180 ${x} ${y})`;
  return s("use", attrs);
}

function corner(card, flip) {
  const group = s("g", flip ? { transform: "rotate(180 50 70)" } : {},
    s("text", { x: 13, y: 25, "text-anchor": "middle", class: "card-rank",
      "font-size": card.label === "10" ? 20 : 24 }, card.label),
    suitUse(card.suit, 13, 38, 15));
  return group;
}

export function cardSVG(text, { small = false } = {}) {
  const card = parseCard(text);
  if (!card) return backSVG();
  const colour = RED[card.suit] ? "red" : "black";
  const svg = s("svg", { viewBox: "0 0 100 140", class: `card ${colour}${small ? " small" : ""}`, role: "img",
    "aria-label": cardName(text) });
  svg.append(s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: "card-face" }));
  svg.append(corner(card, false), corner(card, true));
  if (card.rank === 1) {
    svg.append(suitUse(card.suit, 50, 70, 46));
  } else if (card.rank <= 10) {
    for (const [x, y, flip] of PIPS[card.rank]) svg.append(suitUse(card.suit, x, y, 19, Boolean(flip)));
  } else {
    svg.append(s("rect", { x: 25, y: 22, width: 50, height: 96, rx: 4, class: "court" }));
    svg.append(s("text", { x: 50, y: 77, "text-anchor": "middle", class: "court-letter" }, card.label));
    svg.append(suitUse(card.suit, 50, 97, 16), suitUse(card.suit, 50, 40, 16, true));
  }
  return svg;
}

export function backSVG({ small = false } = {}) {
  const svg = s("svg", { viewBox: "0 0 100 140", class: `card back${small ? " small" : ""}`, role: "img",
    "aria-label": "a face-down card" });
  svg.append(s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: "card-face" }));
  svg.append(s("rect", { x: 9, y: 9, width: 82, height: 122, rx: 5, fill: "url(#card-back-pattern)",
    class: "back-inner" }));
  return svg;
}

export function emptySlotSVG(label = "") {
  return s("svg", { viewBox: "0 0 100 140", class: "card slot", role: "img", "aria-label": label || "empty" },
    s("rect", { x: 3, y: 3, width: 94, height: 134, rx: 9, class: "slot-face" }),
    label ? s("text", { x: 50, y: 78, "text-anchor": "middle", class: "slot-label" }, label) : null);
}
